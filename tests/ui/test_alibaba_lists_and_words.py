"""Ali Baba's findings from the table test ("At the table", 8 and 12), through the real
loop in German: the loot list keeps its page after a take and shows each gang's colour, the
start names the key that deals, an event says what it does (whole), counts are never
"1 Zeilen" or "Karte(n)", the ordinary die is a die, and the end chart is the ledger."""

from __future__ import annotations

import re
from pathlib import Path

import pygame
import pytest

from companion.boxdata import assets_dir
from companion.games.alibaba.rules.state import BLACK_ROLL, BONUS_ROLL, EVENT_ROLL, GANG_ROLL, LOOT
from companion.games.alibaba.screen import dice as alibaba_dice
from companion.games.alibaba.screen.draw import gang_tint, seat_rgb
from companion.games.alibaba.screen.end import story
from companion.games.alibaba.screen.table import choices_for, key_of
from companion.games.alibaba.screen.words import gang_of, ui
from companion.session.session import Session
from companion.session.store import Store
from companion.ui.kit import READ_PX, recording
from tests.ui.screen import fake_clock, new_app, press, run_until, settle, tap
from tests.ui.test_alibaba_table import finished, game_at, quick, show, texts_of  # noqa: F401 (quick: the fixture)


def choice_keys(scene):
    return [c for c in scene.tappables() if isinstance(c.key, tuple) and len(c.key) == 3 and c.key[1] == "choice"]


def control(scene, key):
    return next(c for c in scene.tappables() if c.key == key)


# -- the loot list -------------------------------------------------------------------------------
def test_the_loot_list_keeps_its_page_after_a_take_and_shows_each_gangs_colour(app):
    def loot_of_two_pages(session, s):
        return s.phase == LOOT and s.takes_left >= 2 and \
            sum(a["action"] == "take" for a in choices_for(session, s)) >= 6

    scene = show(app, game_at(3, loot_of_two_pages))
    assert scene.choices.pages >= 2
    tap(app, control(scene, ("choices", "next")).rect.center)
    assert scene.choices.page == 1
    keys = choice_keys(scene)
    takes = [c for c in keys if '"take"' in c.key[2]]
    assert takes
    action = {key_of(a): a for a in scene.options()}
    for c in takes:  # each loot key in its gang's colour
        assert c.color == gang_tint(scene.box, gang_of(scene.box, action[c.key[2]]["group"]))
    assert len(set(scene.choices.colours.values())) >= 2  # one colour per gang, over the pages
    before = len(scene.session.actions)
    tap(app, takes[0].rect.center)
    assert scene.session.actions[before]["action"] == "take" and scene.state.phase == LOOT
    assert scene.choices.page == 1, "the list went back to its first page after the take"
    left = choice_keys(scene)
    assert left and all(c.rect == k.rect for c, k in zip(left, keys[1:], strict=False)
                        if c.key == k.key)  # what was not taken stayed where it was
    press(app, "ok")  # OK takes the highlighted card on this page, not one from page 1
    assert scene.session.actions[-1]["action"] == "take"
    assert scene.session.actions[-1]["group"] in {c.label.split(" für")[0] for c in left}


# -- the start names the key that deals -----------------------------------------------------------
def test_the_start_says_the_deal_key_by_its_label(app):
    scene = show(app, Session.new({"game": "alibaba", "players": 3, "seed": 2}, Store(":memory:")))
    deal = ui(scene.t, "deal")
    roll = ui(scene.t, "roll")
    assert deal == "GEBEN" and control(scene, "roll").label == deal
    shown = texts_of(scene)
    assert any(t.startswith(f"{deal} drücken") for t in shown)
    assert not any(roll in t for t in shown)
    tap(app, scene.players_rect.center)  # a tap beside the keys says the same word
    assert deal in scene.banner.text and roll not in scene.banner.text


# -- an event says what it does -------------------------------------------------------------------
def test_landing_on_an_event_field_says_what_the_event_does(app):
    def event_next(session, s):
        return s.phase == "turn" and any(
            e.kind == "event" for a in choices_for(session, s) if a["action"] == "move"
            for e in session.engine.apply(s, a)[1])

    scene = show(app, game_at(4, event_next))
    move = next(a for a in choices_for(scene.session, scene.state) if a["action"] == "move"
                and any(e.kind == "event" for e in scene.session.engine.apply(scene.state, a)[1]))
    key = next(c for c in choice_keys(scene) if c.label.startswith(f"Karte {move['card']}"))
    tap(app, key.rect.center)
    number = next(e.data["number"] for e in scene.session.last_events if e.kind == "event")
    s = scene.box.settings
    said = ui(scene.t, f"event_{number}", per=s.event1_per_pip if number == 1 else s.event9_per_card_per_pip,
              amount=s.event2_amount, gifts=s.gift_cards, mover=scene.names()[scene.state.turn])
    assert said.startswith(f"Ereignis {number}: ") and len(said) > len(f"Ereignis {number}: ") + 10
    assert said in scene.banner.text
    assert any(said in t for t in texts_of(scene))


# -- counts in the singular -----------------------------------------------------------------------
def test_one_ledger_line_is_one_zeile(app):
    scene = show(app, game_at(3, lambda session, s: sum(e.kind == "pay" for evs in session.events
                                                          for e in evs) == 1))
    press(app, "straight")
    assert scene.view == "ledger"
    head = next(t for t in texts_of(scene) if t.startswith("Kassenbuch"))
    assert head.startswith("Kassenbuch: 1 Zeile ·")


GAMES = Path(__file__).resolve().parents[2] / "companion" / "games"


def test_no_screen_text_has_a_bracketed_plural():
    slips = []
    for path in sorted((assets_dir() / "i18n").glob("*.toml")) + sorted(GAMES.glob("*/*.toml")):
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            if not line.lstrip().startswith("#") and re.search(r"\w\((n|en|e|s|es)\)", line):
                slips.append(f"{path.name}:{n}: {line.strip()}")
    assert slips == []


# -- what the event box says is shown whole ------------------------------------------------------
@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_event_box_shows_a_refused_undo_and_every_event_whole(lang):
    app = new_app(lang)
    try:
        scene = show(app, Session.new({"game": "alibaba", "players": 6, "seed": 2}, Store(":memory:")))
        press(app, "roll", 3)  # one real card dealt
        press(app, "undo")     # it cannot be taken back: the box says why
        said = [scene.banner.text]
        s = scene.box.settings
        for n in range(1, 10):
            said.append(ui(scene.t, f"event_{n}", per=s.event1_per_pip if n == 1 else s.event9_per_card_per_pip,
                           amount=s.event2_amount, gifts=s.gift_cards))
        for text in said:
            scene.say(text)
            with recording() as rec:
                scene.draw(app.screen)
            box = scene.banner_box()
            inside = [t.text for t in rec.texts if box.contains(t.drawn) and t.px >= READ_PX]
            assert text in inside, (box, inside)
    finally:
        app.close()


# -- 8. the ordinary die is a die too --------------------------------------------------------------
def test_the_ordinary_die_is_drawn_tumbles_and_lies_on_the_roll(app, monkeypatch):
    monkeypatch.setattr(alibaba_dice, "TUMBLE_S", 0.4)  # long enough to show several faces
    fake_clock(app)
    scene = show(app, game_at(4, lambda session, s: s.phase in (EVENT_ROLL, BONUS_ROLL, GANG_ROLL)))
    assert scene.pending().kind == "die"
    drawn = []
    real = alibaba_dice.draw_die
    monkeypatch.setattr(alibaba_dice, "draw_die", lambda surf, rect, value, kind, tilt=0.0: (
        drawn.append((value, kind, tilt)), real(surf, rect, value, kind, tilt)))
    scene.repaint()  # the layers were painted once already: paint them again
    scene.draw(app.screen)
    assert drawn[-1] == (None, "die", 0.0)  # a blank die waits
    drawn.clear()
    app.inject("roll", 4)
    app.step(block=False)
    run_until(app, lambda: not scene.is_busy())
    app.step(block=False)
    tumbling = [d for d in drawn if d[2] != 0]
    assert tumbling and all(k == "die" for _v, k, _t in tumbling)
    # the picture it comes to rest on is painted while it tumbles, its die among the faces
    still = [d for d in drawn[drawn.index(tumbling[0]):] if d[2] == 0]
    assert still and still[0][1:] == ("die", 0.0) and (still[0][0] == 4 or scene.pending() is not None)
    assert "4" in scene.banner.text


# -- 12. the end screen's chart is the ledger ------------------------------------------------------
def test_the_end_chart_draws_each_players_money_from_the_ledger_with_the_rounds(app, monkeypatch):
    session = finished(3, seed=4)
    table = app.routes["table"](app, session=session)
    app.go("end", table=table)
    settle(app)
    st = story(session)
    final = list(session.state.money)
    assert st.money[0] == list(session.states[0].money) and st.money[-1] == final
    pays = sum(1 for evs in session.events if any(e.kind == "pay" and e.data["amount"] for e in evs))
    assert len(st.money) == 1 + pays  # a point after every action that moved money
    rounds = sum(1 for evs in session.events for e in evs if e.kind == "round_end")
    assert len(st.rounds) == rounds >= 1
    lines, dashes = [], []
    real_lines, real_line = pygame.draw.lines, pygame.draw.line
    monkeypatch.setattr(pygame.draw, "lines", lambda surf, colour, closed, pts, w=1: (
        lines.append((tuple(colour)[:3], list(pts))), real_lines(surf, colour, closed, pts, w))[1])
    monkeypatch.setattr(pygame.draw, "line", lambda surf, colour, a, b, w=1: (
        dashes.append((a, b)) if a[0] == b[0] else None, real_line(surf, colour, a, b, w))[1])
    app.scene.picture.invalidate()  # the end screen paints its result once: paint it again here
    app.scene.draw(app.screen)
    picture = table.end_picture_rect()
    assert [c for c, _pts in lines] == [seat_rgb(table, s) for s in range(3)]  # one line per seat, its colour
    assert all(len(pts) == len(st.money) and all(picture.collidepoint(p) for p in pts) for _c, pts in lines)
    ends = [pts[-1][1] for _c, pts in lines]  # more money, higher up
    assert sorted(range(3), key=lambda s: ends[s]) == sorted(range(3), key=lambda s: -final[s]) or len(set(final)) < 3
    assert len({a[0] for a, _b in dashes if picture.collidepoint(a)}) == rounds  # the rounds marked


# -- 7. the field's words under the route are whole -------------------------------------------------
@pytest.mark.parametrize("lang", ["de", "en"])
def test_every_fields_words_show_whole_in_the_route(lang):
    import dataclasses

    app = new_app(lang)
    try:
        scene = show(app, Session.new({"game": "alibaba", "players": 3, "seed": 2}, Store(":memory:")))
        board = scene.box.board
        cut = []
        for step in range(board.lap):
            for branch in (("left", "right") if board.fork_at(step) else (None,)):
                scene.session.states[-1] = dataclasses.replace(scene.state, position=step, branch=branch)
                with recording() as rec:
                    scene.draw(app.screen)
                where = next(t for t in rec.texts if t.text.startswith(ui(scene.t, "field", n=step).split(":")[0]))
                if where.text.endswith("…") or where.px < 18:
                    cut.append(where.text)
                if branch:  # which way of the fork he took, whole, under the field's words
                    way = ui(scene.t, "branch_" + branch)
                    if not any(way in t.text and not t.text.endswith("…") for t in rec.texts):
                        cut.append(f"{step} {branch}")
        assert cut == []
    finally:
        app.close()


def test_the_gang_to_arrest_is_named_as_the_box_writes_it_without_a_dative_article(app):
    """The gang's name is printed in the nominative plural ("Räuber", "Diebe"): "bei den Diebe"
    is wrong German, "gegen die Diebe" is right for every name."""
    scene = show(app, Session.new({"game": "alibaba", "players": 3, "seed": 2}, Store(":memory:")))
    for gang in scene.box.gangs:
        label = ui(scene.t, "pick_gang", gang=gang.name)
        before = label[: label.index(gang.name)].split()
        assert before and before[-1] not in ("den", "dem", "der"), label


# -- 4. a name the table typed shows whole in the players' rows --------------------------------------
@pytest.mark.parametrize("players", [3, 6])
def test_a_typed_name_in_the_players_rows_gets_smaller_before_it_is_cut(app, players):
    names = ["Anna Lena", "Ben", *[f"Gast {k}" for k in range(3, players + 1)]]
    scene = show(app, Session.new({"game": "alibaba", "players": players, "seed": 2, "names": names},
                                  Store(":memory:")))
    with recording() as rec:
        scene.draw(app.screen)
    rows = {t.text: t for t in rec.texts if t.drawn.colliderect(scene.players_rect)}
    assert "Anna Lena" in rows, sorted(rows)  # whole, not "Anna L…"
    assert rows["Anna Lena"].px >= 18 and rows["Ben"].px >= READ_PX  # what fits keeps the read size


# -- 4. every choice with a group's name is whole at the read size -------------------------------
@pytest.mark.parametrize("lang", ["de", "en"])
def test_every_choice_naming_a_group_fits_its_key_whole(lang):
    from companion.ui.kit import Label, read_size
    from companion.ui.kit.layout import inset

    app = new_app(lang)
    try:
        scene = show(app, Session.new({"game": "alibaba", "players": 6, "seed": 2}, Store(":memory:")))
        slot = scene.choices.slot_rects[0]
        top = max(max(row) for row in scene.box.prices)
        s = scene.box.settings
        cut = []
        for group in scene.box.groups:
            for count in (1, 4):
                for key, values in (("sell", {"amount": count * top}), ("dump", {"fee": count * s.dump_fee}),
                                    ("last_chance", {"fee": count * s.last_chance_fee})):
                    cut.append(ui(scene.t, key, count=count, group=group.name, **values))
            cut += [ui(scene.t, "take", group=group.name, price=top), ui(scene.t, "take_free", group=group.name),
                    ui(scene.t, "give", group=group.name)]
        short = [text for text in cut
                 if Label(text, inset(slot, 5, 2), role="read", size=read_size(), wrap=True).fitted().shown != text]
        assert short == []
    finally:
        app.close()


# -- both dice in one roll: what they did is shown whole ------------------------------------------
@pytest.mark.parametrize("lang", ["de", "en"])
def test_a_fate_roll_of_both_dice_says_what_they_did_whole(lang):
    app = new_app(lang)
    try:
        def both_next(session, s):
            if s.phase != BLACK_ROLL:
                return False
            after, events = session.engine.apply(s, {"action": "roll", "value": 3})
            return sum(e.kind == "die" for e in events) == 2

        session = game_at(6, both_next)
        scene = show(app, session)
        scene.roll(3)
        scene.dice.stop()
        scene.update(app.now())
        assert [e.kind for e in session.last_events].count("die") == 2
        said = scene.banner.text
        number = next(e.data["number"] for e in session.last_events if e.kind == "fate")
        assert f" {number}" in said and ui(scene.t, "both_dice", black=3, white=(number - 1) % 6 + 1) in said
        with recording() as rec:
            scene.draw(app.screen)
        box = scene.banner_box()  # under the fate grid, which shows the number and who paid
        assert said in [t.text for t in rec.texts if box.contains(t.drawn) and t.px >= 18]
    finally:
        app.close()
