"""Ali Baba's minor findings of the table test ("At the table", 13 and the player list with six
players) and its English ("Every player", 8–10, 15), each through the real loop: a die that
waits lies blank, the variant's words, the loot list's "No more loot" on its first page, a
count refused when typed, "Go on" after everything was dumped, a trade said in plain words,
the end screen's columns and chart, words broken with a hyphen, every player's cards in the
cards view, the gangs' column heading, and the English that names the player and the cards."""

from __future__ import annotations

import pygame
import pytest

from companion.games import spec
from companion.games.alibaba.rules.state import BAZAAR, BONUS_ROLL, DUMP, LOOT, TARGET
from companion.games.alibaba.screen import dice as alibaba_dice
from companion.games.alibaba.screen import draw as look
from companion.games.alibaba.screen.end import story
from companion.games.alibaba.screen.table import VIEWS, choices_for, key_of
from companion.games.alibaba.screen.words import ui
from companion.ui import theme
from companion.ui.kit import problems, read_size, recording
from tests.ui.screen import fake_clock, new_app, press, run_until, tap, tap_label
from tests.ui.test_alibaba_table import enter, finished, game_at, open_entry, quick, show, texts_of  # noqa: F401 (quick: the fixture)


# -- the die -------------------------------------------------------------------------------------
def test_the_next_player_sees_a_blank_die_not_the_previous_players_roll(app, monkeypatch):
    fake_clock(app)

    def two_bonus_rolls(session, st):
        return st.phase == BONUS_ROLL and len(st.queue) >= 1

    scene = show(app, game_at(4, two_bonus_rolls))
    first = scene.session.engine.current_player(scene.state)
    app.inject("roll", 5)
    app.step(block=False)
    run_until(app, lambda: not scene.is_busy())
    assert scene.state.phase == BONUS_ROLL and scene.session.engine.current_player(scene.state) != first
    drawn = []
    real = alibaba_dice.draw_die
    monkeypatch.setattr(alibaba_dice, "draw_die", lambda surf, rect, value, kind, tilt=0.0: (
        drawn.append((value, kind)), real(surf, rect, value, kind, tilt)))
    scene.repaint()  # the layers were painted once already: paint them again
    scene.draw(app.screen)
    assert drawn[-1] == (None, "die")  # blank: the 5 was the previous player's


# -- the words of the variant ---------------------------------------------------------------------
@pytest.mark.parametrize("lang,words,never", [("de", "frei", "gratis"), ("en", "freely", "free loot")])
def test_the_variant_says_loot_is_chosen_freely_from_the_piles(lang, words, never):
    app = new_app(lang)
    try:
        option = spec("alibaba").options[0]
        said = app.texts(option.text)
        assert words in said and never not in said.lower()
        # setup explains it under the options, both ways (the shell shows "<option>_<value>_note")
        for value in (True, False):
            note = app.texts(f"{option.text}_{value}_note")
            assert app.texts.has(f"{option.text}_{value}_note") and len(note) > 30
        assert "top" in app.texts(f"{option.text}_False_note") or "oberste" in app.texts(f"{option.text}_False_note")
    finally:
        app.close()


# -- the loot list -------------------------------------------------------------------------------
def test_no_more_loot_is_the_first_choice_of_the_loot_list(app):
    scene = show(app, game_at(3, lambda session, st: st.phase == LOOT and len(choices_for(session, st)) > 4))
    first = scene.choices.visible()[0][1]
    assert first is not None and first.label == "Keine Beute mehr"
    assert scene.choices.page == 0


def test_the_turn_line_names_the_card_first_as_the_list_does(app):
    scene = show(app, game_at(3, lambda session, st: st.phase == "turn" and st.round == 1))
    head = texts_of(scene)[0]
    assert head.endswith("Karte spielen oder verkaufen")


@pytest.mark.parametrize("lang", ["de", "en"])
def test_every_turn_line_shows_whole_with_the_longest_names(lang):
    app = new_app(lang)
    try:
        import tomllib
        from pathlib import Path

        from companion.ui.kit import Label

        scene = show(app, game_at(3, lambda session, st: st.phase == "turn"))
        with open(Path(spec("alibaba").texts or "") / f"{lang}.toml", "rb") as f:
            keys = [k for k in tomllib.load(f)["ui"] if k.startswith("phase_")]
        long = "Maximiliane-So"
        for key in keys:
            text = app.texts(f"alibaba.ui.{key}", name=long, target=long, dealer=long, row=6, event=7, takes=3,
                             round=2, die=ui(scene.t, "die_black"), colour=ui(scene.t, "colour_black"))
            shown = Label(text, scene.head_rect, role="read", bold=True).fitted().shown
            assert shown == text, (key, shown)
    finally:
        app.close()


# -- agreed sales and trades ------------------------------------------------------------------------
def test_a_trade_refuses_more_cards_than_the_giver_holds_when_typed(app):
    def trade_due(session, s):
        return s.phase == BAZAAR and any(sum(c) for c in s.cards)

    scene = show(app, game_at(3, trade_due))
    st = scene.state
    giver = next(s for s in range(st.players) if sum(st.cards[s]))
    group = next(g for g, n in enumerate(st.cards[giver]) if n)
    held = st.cards[giver][group]
    names = scene.names()
    open_entry(app, scene, "trade_open")
    assert ui(scene.t, "trade_summary_none") in texts_of(scene)  # nothing reads like a template
    assert not any(" gibt …" in t for t in texts_of(scene)), texts_of(scene)
    tap_label(app, names[giver])
    tap_label(app, names[(giver + 1) % st.players])
    tap_label(app, scene.box.groups[group].name)
    if scene.deal.step != "give_count":
        pytest.skip("one card held: its count answers itself")
    summary = scene.deal.summary(scene.t, names)
    assert summary == f"{names[giver]} gibt {scene.box.groups[group].name}" and summary in texts_of(scene)
    enter(app, held + 2)
    assert scene.deal is not None and scene.deal.step == "give_count"  # asked again, not after the price
    assert scene.banner.bad and f"nur {held}" in scene.banner.text and names[giver] in scene.banner.text
    assert len(scene.session.actions) == len(scene.session.actions)


def test_after_dumping_everything_the_key_says_go_on_not_keep_my_cards(app):
    def dumped_all(session, st):
        if st.phase != DUMP or st.actor is None:
            return False
        box = session.engine.box
        held = sum(st.cards[st.actor][g] for g in box.groups_of(st.arrest_gangs))
        return held == 0 and {"action": "done", "seat": st.actor} in choices_for(session, st)

    def played(session, st):
        return dumped_all(session, st)

    # a player who dumps every affected card: reach a dump, dump until nothing is left
    def dump_due(session, st):
        return st.phase == DUMP and any(a["action"] == "dump" for a in choices_for(session, st))

    session = game_at(4, dump_due)
    while not played(session, session.state) and session.state.phase == DUMP:
        dumps = [a for a in choices_for(session, session.state) if a["action"] == "dump"]
        if not dumps:
            break
        session.act(max(dumps, key=lambda a: a["count"]))
    if not played(session, session.state):
        pytest.skip("the dump passed on to the next player at once")
    scene = show(app, session)
    labels = [c.label for _r, c in scene.choices.visible() if c is not None]
    assert "Weiter" in labels and "Karten behalten" not in labels


# -- the fate grid ---------------------------------------------------------------------------------
def test_a_tiny_risk_is_less_than_one_percent_never_zero_beside_a_cost(app, monkeypatch):
    scene = show(app, game_at(4, lambda session, st: st.phase == DUMP))
    fate = scene.fate()
    seat = next(iter(fate.stakes[min(fate.stakes)])) if fate.stakes else 0
    monkeypatch.setattr(scene, "fate", lambda settled=False: look.FateView(
        gangs=fate.gangs, row=None, row_set=False, column_set=None, number=None, stakes=fate.stakes, caught={},
        chance={seat: 0.003}, endangered={}))
    scene.repaint()  # the fate grid is painted once per position: paint it again
    shown = texts_of(scene)
    assert "<1%" in shown and "0%" not in shown


# -- the end screen --------------------------------------------------------------------------------
def test_the_end_screen_heads_money_kadi_loot_alike_and_marks_the_kadi_with_a_minus():
    app = new_app("en")
    try:
        session = finished(4, seed=14)
        table = app.routes["table"](app, session=session)
        rows = dict(table.end_rows())
        assert list(rows) == ["Money", "Kadi", "Loot"]  # capitals alike
        st = story(session)
        assert rows["Kadi"] == [f"−{k}" if k else "0" for k in st.kadi]
        taken = [sum(e.data["count"] for evs in session.events for e in evs if e.kind == "cards"
                     and e.data["from"] == "pile" and e.data["to"] == seat
                     and e.data["reason"] in ("loot_card", "free_card")) for seat in range(4)]
        assert rows["Loot"] == taken  # free cards count too
    finally:
        app.close()


def test_the_end_screen_gives_a_long_name_room_beside_the_figures():
    app = new_app("de")
    try:
        session = finished(6, seed=16)
        session.header["names"] = ["Maximiliane-So", "Ben", "Jörg", "Anna-Lena", "Özlem", "Friederike"]
        table = app.routes["table"](app, session=session)
        scene = app.routes["end"](app, table=table)
        app.show(scene)
        with recording() as rec:
            scene.draw(app.screen)
        shown = [t.text for t in rec.texts]
        assert all(name in shown for name in table.names()), shown  # whole, none cut
        assert table.end_picture_rect().w >= 240 and problems(rec) == []
        assert not any(t.text.endswith("…") for t in rec.texts)  # the notes too: whole, or left out
        axis = [t for t in rec.texts if table.end_picture_rect().contains(t.drawn) and t.text.isdigit()]
        assert len(axis) == 2 and abs(axis[0].drawn.y - axis[1].drawn.y) >= 100  # the chart keeps its height
    finally:
        app.close()


def test_the_end_chart_has_a_labelled_money_axis(app):
    session = finished(3, seed=4)
    table = app.routes["table"](app, session=session)
    st = story(session)
    with recording() as rec:
        table.draw_end_picture(app.screen, table.end_picture_rect())
    texts = [t.text for t in rec.texts]
    top = -(-max(max(p) for p in st.money) // 100) * 100
    assert str(top) in texts and str(min(min(p) for p in st.money) // 100 * 100) in texts


# -- words broken whole --------------------------------------------------------------------------
def test_a_group_name_too_wide_for_its_key_breaks_with_a_hyphen(app):
    def offered(session, st):
        return st.phase == LOOT and any(a.get("group") == "Schatzkammerräuber" for a in choices_for(session, st))

    scene = show(app, game_at(3, offered))
    action = next(a for a in scene.options() if a.get("group") == "Schatzkammerräuber")
    choice = scene.choices.choices[key_of(action)]
    assert choice.label.startswith("Schatzkammer- räuber")
    face = theme.font(read_size())
    assert all(face.size(word)[0] <= scene.right.w - 28 for word in choice.label.split())


# -- every player's cards, with six players -------------------------------------------------------------
@pytest.mark.parametrize("players", [3, 6])
def test_the_cards_view_shows_every_players_groups_and_hand(app, players):
    scene = show(app, game_at(players, lambda session, st: st.phase == "turn" and sum(map(sum, st.cards)) >= 4))
    assert VIEWS == ("players", "cards", "ledger")
    view_key = next(c for c in scene.tappables() if c.key == "view")
    assert view_key.label == "Karten"
    tap(app, view_key.rect.center)
    assert scene.view == "cards"
    scene.banner.text = ""
    with recording() as rec:
        scene.draw(app.screen)
    shown = [t.text for t in rec.texts]
    for seat in range(players):
        text = look.cards_text(scene, seat)
        name = scene.names()[seat]
        # whole, not cut: with six players the name begins the player's text
        assert name in shown and text in shown if players <= 4 else f"{name}: {text}" in shown, shown
    assert problems(rec) == []
    press(app, "straight")
    assert scene.view == "ledger"


@pytest.mark.parametrize("players", [3, 5])
def test_the_gang_columns_are_headed_by_each_gangs_colour_and_shape(app, players):
    scene = show(app, game_at(players, lambda session, st: st.phase == "turn"))
    chips, head, rows = look.players_layout(scene.players_rect, players, scene.names())
    assert chips and head is not None and head.bottom <= rows[0].y
    scene.draw(app.screen)
    tabs = look.row(pygame.Rect(look.chip_rects(rows[0], chips)[0].x, head.y, 4 * chips, head.h), 4, 3)
    for k, tab in enumerate(tabs):
        assert tuple(app.screen.get_at((tab.x + 2, tab.centery)))[:3] == theme.rgb(scene.box.gangs[k].color)


def test_a_longer_name_narrows_the_gang_columns_before_they_go(app):
    session = game_at(3, lambda session, st: st.phase == "turn")
    session.header["names"] = ["Anna-Lena", "Ben", "Jörg"]
    scene = show(app, session)
    chips, head, rows = look.players_layout(scene.players_rect, 3, scene.names())
    assert look.CHIP_MIN <= chips < look.CHIP_W and head is not None
    with recording() as rec:
        scene.draw(app.screen)
    named = [t for t in rec.texts if t.text in scene.names()]
    assert len(named) == 3 and all(t.px >= 24 for t in named)  # whole, at the read size


def test_with_six_players_each_count_carries_its_gangs_shape_and_names_keep_the_read_size(app):
    scene = show(app, game_at(6, lambda session, st: st.phase == "turn"))
    chips, head, rows = look.players_layout(scene.players_rect, 6, scene.names())
    assert chips and head is None and all(r.h >= look.READ_H for r in rows)
    with recording() as rec:
        scene.draw(app.screen)
    names = [t for t in rec.texts if t.text in scene.names()]
    assert len(names) == 6 and all(t.px >= 24 for t in names)


# -- English -------------------------------------------------------------------------------------------
@pytest.fixture
def app_en():
    a = new_app("en")
    yield a
    a.close()


def test_event_2_names_the_player_it_hits(app_en):
    def event_2(session, st):
        return st.phase == TARGET and st.event == 2

    scene = show(app_en, game_at(3, event_2))
    target = (scene.state.turn + 1) % 3
    action = next(a for a in scene.options() if a.get("player") == target)
    scene.pick_key(key_of(action))
    assert f"Event 2: {scene.names()[target]} gets 200 from the bank" in scene.banner.text


def test_english_names_the_german_cards_meaning_where_they_are_chosen(app_en):
    scene = show(app_en, game_at(3, lambda session, st: st.phase == LOOT))
    labels = [c.label for c in scene.choices.choices.values()]
    assert any("(miracle healer)" in label for label in labels) or any("(pirate)" in label for label in labels)


def test_the_english_view_key_and_the_no_die_refusal_read_whole(app_en):
    scene = show(app_en, game_at(3, lambda session, st: st.phase == "turn"))
    labels = {c.key: c.label for c in scene.tappables()}
    assert labels["view"] == "Cards"
    for view in VIEWS:
        scene.view = view
        with recording() as rec:
            scene.draw(app_en.screen)
        key = next(t for t in rec.texts if t.text in ("Cards", "Ledger", "Players"))
        assert not key.text.endswith("…")
    scene.view = "players"
    press(app_en, "roll")
    assert scene.banner.text.startswith("No die to roll now: ")
    back = ui(scene.t, "back")
    assert back.lower() != scene.t("undo").lower()


@pytest.mark.parametrize("lang", ["de", "en"])
def test_in_a_trade_the_previous_question_key_reads_whole_and_is_not_undo(lang):
    app = new_app(lang)
    try:
        scene = show(app, game_at(3, lambda session, st: st.phase == BAZAAR))
        open_entry(app, scene, "trade_open")
        with recording() as rec:
            scene.draw(app.screen)
        key = next(c for c in scene.tappables() if c.key == "back")
        assert key.label == ui(scene.t, "back") and key.label.lower() != scene.t("undo").lower()
        drawn = " ".join(t.text for t in rec.texts if key.rect.contains(t.drawn))
        assert drawn.split() == key.label.split() and "…" not in drawn
    finally:
        app.close()
