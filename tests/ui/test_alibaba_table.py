"""The Ali Baba table as a family plays it: what the table test found, each checked through the
real loop on the dummy SDL driver (a screen that updates itself after a roll, leaving the
game, readable phases and end screen, double taps and keys that keep their places, agreed
sales and bazaar trades on the number pad, the route picture, the dice and the real cards,
words, and taps that say why)."""

from __future__ import annotations

import csv
import random
from functools import partial

import pygame
import pytest

from companion.boxdata import assets_dir
from companion.games.alibaba.rules.state import BAZAAR, BLACK_ROLL, DEAL, DUMP, LAST_CHANCE, TURN, WHITE_ROLL
from companion.games.alibaba.screen import dice as alibaba_dice
from companion.games.alibaba.screen import draw as look
from companion.games.alibaba.screen.draw import FATE_NOTE_H, FATE_W
from companion.games.alibaba.screen.route import RoutePicture, field_centre
from companion.games.alibaba.screen.table import DEMO_WEIGHTS, AlibabaScene, choices_for, key_of
from companion.games.alibaba.screen.words import ui
from companion.session.session import Session
from companion.session.store import Store
from companion.ui import theme
from companion.ui.app import App
from companion.ui.kit import problems, recording
from companion.ui.shell.pause import PauseScene
from tests.language import foreign_words
from tests.ui.screen import fake_clock, new_app, press, run_until, settle, tap, tap_label
from tests.ui.screen import table as show_table
from tests.ui.test_alibaba_screen import drive


@pytest.fixture(autouse=True)
def quick(monkeypatch):
    """A die tumbles for a few frames, not half a second (the loop is real all the same)."""
    monkeypatch.setattr(alibaba_dice, "TUMBLE_S", 0.08)


def show(app, session: Session) -> AlibabaScene:
    """The table of ``session`` shown and settled (its first frame drawn)."""
    scene = AlibabaScene(app, session)
    app.show(scene)
    settle(app)
    return scene


def game_at(players: int, until, names: list[str] | None = None) -> Session:
    """A game played on without the screen (it moves with its first card, takes every card it
    can, keeps its cards) until ``until(session, state)`` holds; seeds are tried in turn; the
    seats named ``names`` where given."""
    for seed in range(1, 40):
        header = {"game": "alibaba", "players": players, "seed": seed}
        if names:
            header["names"] = names[:players]
        session = Session.new(header, Store(":memory:"))
        while not session.over:
            if until(session, session.state):
                return session
            if session.engine.chance(session.state) is not None:
                session.roll()
                continue
            options = [a for a in choices_for(session, session.state) if not a["action"].endswith("_open")]
            takes = [a for a in options if a["action"] == "take"]
            keep = [a for a in options if a["action"] in ("done", "move")]
            session.act((takes or keep or options)[0])
    pytest.fail("no game came to the state asked for")


#: an Ali Baba table (three players, seed 2 unless given), shown and settled
table = partial(show_table, game="alibaba", players=3, seed=2)


def texts_of(scene) -> list[str]:
    with recording() as rec:
        scene.draw(scene.app.screen)
    return [t.text for t in rec.texts]


def choice_control(scene: AlibabaScene, action):
    """The list's control for ``action`` on the page shown now."""
    return next(c for c in scene.tappables()
                if isinstance(c.key, tuple) and len(c.key) == 3 and c.key[2] == key_of(action))


def open_entry(app: App, scene: AlibabaScene, name: str) -> None:
    """Move the highlight to the list entry that opens a sale or trade, and press OK."""
    for _ in range(len(scene.options())):
        if scene.options()[scene.cursor]["action"] == name:
            break
        press(app, "left")
    assert scene.options()[scene.cursor]["action"] == name
    press(app, "ok")
    assert scene.deal is not None


def enter(app: App, number: int) -> None:
    """Type a number on the on-screen pad and press its OK."""
    for digit in str(number):
        tap_label(app, digit)
    tap_label(app, app.scene.t("ok"))


# -- 2. the screen shows the end of the roll by itself ------------------------------------------
def test_after_the_white_die_the_fate_number_and_the_payment_show_without_a_touch(app):
    fake_clock(app)
    scene = table(app, players=4, seed=3)
    drive(scene, lambda s: s.phase == WHITE_ROLL)
    settle(app)
    head = texts_of(scene)[0]  # "Reihe 4: Spieler 1 würfelt weiß"
    app.inject("roll", 3)
    app.step(block=False)
    assert scene.is_busy()  # the die tumbles: its result is not on screen yet
    assert texts_of(scene)[0] == head
    fate = scene.fate()
    assert fate.number is None and fate.caught == {}
    assert "Schicksalszahl" not in scene.banner.text
    run_until(app, lambda: not scene.dice.busy(app.now()))
    frames = app.frames
    app.step(block=False)  # the pass the tumble ends in: drawn once more, by itself
    assert app.frames > frames and not scene.is_busy()
    fate = scene.fate()
    assert fate.number is not None and (fate.number - 1) % 6 + 1 == 3
    assert scene.banner.active(app.now()) and str(fate.number) in scene.banner.text
    assert str(fate.number) in texts_of(scene)


# -- 3. a way out ------------------------------------------------------------------------------
def test_the_menu_key_and_a_long_press_of_undo_open_the_pause_screen(app):
    scene = table(app)
    keys = {c.key: c for c in scene.tappables()}
    assert keys["menu"].rect.w >= 64 and keys["menu"].rect.h >= 64 and keys["menu"].label == "Menü"
    tap(app, keys["menu"].rect.center)
    assert isinstance(app.scene, PauseScene)
    app.show(scene)
    settle(app)
    press(app, "menu")  # what a long UNDO sends
    assert isinstance(app.scene, PauseScene)


# -- 4. every phase readable, the white die's words whole, the end screen with 5 and 6 -------------
def play_phases(app: App, players: int, seed: int) -> dict[str, list[str]]:
    """A whole game with scripted presses; every phase drawn once and checked."""
    scene = table(app, players=players, seed=seed)
    rng = random.Random(seed)
    found: dict[str, list[str]] = {}
    lang = app.texts.lang
    for _ in range(5000):
        if scene.session.over:
            break
        st = scene.state
        if st.phase not in found:
            with recording() as rec:
                scene.draw(app.screen)
            bad = problems(rec)
            bad += [f"{t.text!r}: {w}" for t in rec.texts if len(t.text) > 1
                    for w in [foreign_words(t.text, lang, proper=("Ali Baba",))] if w]
            found[st.phase] = bad
        if scene.pending() is not None:
            app.inject("roll")
            for _ in range(2000):
                app.step(block=False)
                if not (scene.is_busy() or scene.dirty):
                    break
            else:
                pytest.fail(f"the screen never settled: die {scene.dice.busy(app.now())}, later {scene.later!r}, "
                            f"dirty {scene.dirty}, scene {type(app.scene).__name__}, now {app.now()}, "
                            f"started {scene.dice.started}")
            continue
        options = choices_for(scene.session, st)
        weights = DEMO_WEIGHTS.get(st.phase, {})
        plain = [a for a in options if not a["action"].endswith("_open")]
        pick = rng.choices(plain, [weights.get(a["action"], 1.0) for a in plain])[0]
        scene.session.act(pick)  # the choice itself is tested elsewhere; here the screens
        scene.done([])
    else:
        pytest.fail(f"the game did not end: {scene.state.phase}, banner {scene.banner.text!r}")
    return found


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize("players", [2, 6])
def test_every_phase_is_readable_in_both_languages(lang, players):
    app = new_app(lang)
    try:
        phases: dict[str, list[str]] = {}
        for seed in (1, 2, 3):
            for phase, bad in play_phases(app, players, seed).items():
                phases.setdefault(phase, []).extend(bad)
    finally:
        app.close()
    assert {DEAL, TURN, BLACK_ROLL, WHITE_ROLL, LAST_CHANCE} <= set(phases)
    assert {p: b for p, b in phases.items() if b} == {}


def test_the_white_die_instruction_is_whole(app):
    scene = table(app, players=6, seed=3)
    drive(scene, lambda s: s.phase == WHITE_ROLL)
    settle(app)
    with recording() as rec:
        scene.draw(app.screen)
    hint = ui(scene.t, "hint_roll", name=scene.names()[scene.session.engine.current_player(scene.state)],
              die=ui(scene.t, "die_white"))
    help_ = ui(scene.t, "hint_roll_help", button=ui(scene.t, "roll"))
    shown = [t.text for t in rec.texts]
    assert hint in shown and help_ in shown
    assert not any(t.text.endswith("…") for t in rec.texts)


def finished(players: int, seed: int) -> Session:
    rng = random.Random(seed)
    session = Session.new({"game": "alibaba", "players": players, "seed": seed})
    while not session.over:
        options = choices_for(session, session.state)
        if session.engine.chance(session.state) is not None:
            session.roll()
            continue
        plain = [a for a in options if not a["action"].endswith("_open")]
        weights = DEMO_WEIGHTS.get(session.state.phase, {})
        session.act(rng.choices(plain, [weights.get(a["action"], 1.0) for a in plain])[0])
    return session


@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize("players", [5, 6])
def test_the_end_screen_with_5_and_6_players_names_everyone_and_the_chart_notes(lang, players):
    app = new_app(lang)
    try:
        session = finished(players, seed=players + 10)
        table_ = app.routes["table"](app, session=session)
        scene = app.routes["end"](app, table=table_)
        app.show(scene)
        with recording() as rec:
            scene.draw(app.screen)
        assert problems(rec) == []
        shown = [t.text for t in rec.texts]
        assert all(name in shown for name in table_.names())  # every name whole, none cut
        picture = table_.end_picture_rect()
        assert picture.w >= 300
        notes = [t for t in rec.texts if picture.contains(t.drawn)]
        joined = " ".join(t.text for t in notes)
        assert ("Kadi" in joined) and (ui(table_.t, "best_loot").split(":")[0] in joined)
        assert not any(t.text.endswith("…") for t in notes)
        assert min(t.px for t in rec.texts if t.text.strip()) >= 18
    finally:
        app.close()


# -- 5. a double tap acts once; keys keep their places -------------------------------------------
def test_two_taps_60_ms_apart_on_play_card_1_play_it_once(app, monkeypatch):
    monkeypatch.setattr(App, "tap_guard_s", 0.25)
    clock = fake_clock(app)
    scene = table(app, players=3, seed=2)
    press(app, "roll")
    assert scene.state.phase == TURN
    first = choices_for(scene.session, scene.state)[0]
    key = choice_control(scene, first)
    assert key.label == "Karte 1"
    clock.advance(0.3)  # the guard of the last change is over
    count = len(scene.session.actions)
    for _ in range(2):
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=key.rect.center))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=key.rect.center))
        app.step(block=False)
        clock.advance(0.06)
    settle(app)
    assert [a["action"] for a in scene.session.actions[count:]] == ["move"]


def test_card_keys_keep_their_places_when_a_value_runs_out(app):
    scene = table(app, players=3, seed=2)
    movement = list(scene.box.movement)
    value = max(set(movement), key=movement.count)
    keys = {c.key: c.rect for c in scene.tappables() if isinstance(c.key, tuple) and c.key[0] == "card"}
    for _ in range(movement.count(value)):
        press(app, "roll", value)
    after = {c.key: c for c in scene.tappables() if isinstance(c.key, tuple) and c.key[0] == "card"}
    assert {k: c.rect for k, c in after.items()} == keys  # nothing slid along
    count = len(scene.session.actions)
    tap(app, keys[("card", value)].center)  # a third quick tap on the used-up value
    assert len(scene.session.actions) == count
    assert scene.banner.bad and str(value) in scene.banner.text


# -- 6. agreed sales and bazaar trades on the number pad -----------------------------------------
def test_a_sale_to_another_player_of_several_cards_at_an_agreed_price(app):
    def sale_due(session, s):
        if s.phase != DUMP or {"action": "sell_to_open"} not in choices_for(session, s):
            return False
        seat = session.engine.current_player(s)
        return any(n >= 2 and session.engine.box.groups[g].gang in s.arrest_gangs for g, n in enumerate(s.cards[seat]))

    scene = AlibabaScene(app, game_at(4, sale_due))
    app.show(scene)
    settle(app)
    st = scene.state
    seller = scene.session.engine.current_player(st)
    g = next(g for g, n in enumerate(st.cards[seller]) if n >= 2 and scene.box.groups[g].gang in st.arrest_gangs)
    group = scene.box.groups[g].name
    buyer = (seller + 1) % st.players
    open_entry(app, scene, "sell_to_open")
    tap_label(app, scene.names()[buyer])
    tap_label(app, group)
    enter(app, 2)
    enter(app, 375)
    assert scene.session.actions[-1] == {"action": "sell_to", "seat": seller, "to": buyer, "group": group,
                                         "count": 2, "price": 375}
    now = scene.state
    assert now.money[seller] == st.money[seller] + 375 and now.money[buyer] == st.money[buyer] - 375
    assert now.cards[seller][g] == st.cards[seller][g] - 2 and now.cards[buyer][g] == st.cards[buyer][g] + 2


def test_a_bazaar_trade_with_cards_both_ways_and_money(app):
    def trade_due(session, s):
        held = [{g for g, n in enumerate(c) if n} for c in s.cards]
        return s.phase == BAZAAR and any(held[a] and held[b] - held[a] for a in range(s.players)
                                         for b in range(s.players) if a != b)

    scene = AlibabaScene(app, game_at(3, trade_due))
    app.show(scene)
    settle(app)
    st = scene.state
    held = [{g for g, n in enumerate(c) if n} for c in st.cards]
    a, b = next((a, b) for a in range(st.players) for b in range(st.players)
                if a != b and held[a] and held[b] - held[a])
    ga = min(held[a])
    gb = min(held[b] - held[a] - {ga})
    names = scene.names()
    open_entry(app, scene, "trade_open")
    tap_label(app, names[a])
    tap_label(app, names[b])
    tap_label(app, scene.box.groups[ga].name)
    if scene.deal is not None and scene.deal.step == "give_count":
        enter(app, 1)
    tap_label(app, scene.box.groups[gb].name)
    if scene.deal is not None and scene.deal.step == "take_count":
        enter(app, 1)
    enter(app, 120)
    last = scene.session.actions[-1]
    assert last["action"] == "trade" and last["price"] == 120
    assert last["give"] == {scene.box.groups[ga].name: 1} and last["take"] == {scene.box.groups[gb].name: 1}
    now = scene.state
    assert now.cards[a][ga] == st.cards[a][ga] - 1 and now.cards[b][ga] == st.cards[b][ga] + 1
    assert now.cards[b][gb] == st.cards[b][gb] - 1 and now.cards[a][gb] == st.cards[a][gb] + 1
    assert now.money[a] != st.money[a] and now.money[a] + now.money[b] == st.money[a] + st.money[b]


# -- 7. where is he? -----------------------------------------------------------------------------
def test_the_route_shows_the_52_fields_of_the_board_file_ali_baba_and_his_walk(app):
    with open(assets_dir() / "alibaba" / "board.csv", encoding="utf-8") as f:
        rows = [r for r in csv.reader(line for line in f if line.strip() and not line.startswith("#"))]
    scene = table(app)
    board = scene.box.board
    assert board.lap == 52 and len([r for r in rows[1:] if r and r[0].strip() == "road"]) + 3 * 0 <= 52
    press(app, "roll")
    press(app, "ok")  # a movement card: he walks
    walked = scene.walked()
    assert len(walked) >= 2 and walked[-1][0] == scene.state.position
    scene.draw(app.screen)
    pic: RoutePicture = scene.route
    ring_at = pygame.Vector2(scene.route_rect.topleft)
    here = field_centre(board, pic.ring, scene.state.position, scene.state.branch)
    assert tuple(app.screen.get_at((int(here[0] + ring_at.x), int(here[1] + ring_at.y))))[:3] == theme.INK
    a = field_centre(board, pic.ring, *walked[0])
    b = field_centre(board, pic.ring, *walked[1])
    mid = (int((a[0] + b[0]) / 2 + ring_at.x), int((a[1] + b[1]) / 2 + ring_at.y))
    assert tuple(app.screen.get_at(mid))[:3] == theme.GOLD  # the way he just walked
    fields = set()
    for step in range(board.lap):
        fork = board.fork_at(step)
        for br in (("left", "right") if fork else (None,)):
            fields.add(field_centre(board, pic.ring, step, br))
    assert len(fields) >= 52 and all(pic.ring.inflate(40, 40).collidepoint(p) for p in fields)


# -- 8. dice and cards ---------------------------------------------------------------------------
def test_the_black_and_the_white_die_are_drawn_and_tumble(app, monkeypatch):
    monkeypatch.setattr(alibaba_dice, "TUMBLE_S", 0.4)  # long enough to show several faces
    fake_clock(app)
    scene = table(app, players=4, seed=3)
    drawn = []
    real = alibaba_dice.draw_die
    monkeypatch.setattr(alibaba_dice, "draw_die", lambda surf, rect, value, kind, tilt=0.0: (
        drawn.append((value, kind, tilt)), real(surf, rect, value, kind, tilt)))
    for phase, kind, value in ((BLACK_ROLL, "black_die", 2), (WHITE_ROLL, "white_die", 5)):
        drive(scene, lambda s, phase=phase: s.phase == phase)
        settle(app)
        drawn.clear()
        scene.repaint()  # the layers were painted once already: paint them again
        scene.draw(app.screen)
        assert drawn[-1] == (None, kind, 0.0)  # a blank die of the right colour waits
        app.inject("roll", value)
        app.step(block=False)
        run_until(app, lambda: not scene.is_busy())
        tumbling = [d for d in drawn if d[2] != 0]
        assert tumbling and all(k == kind for _v, k, _t in tumbling)  # it tumbled on screen
        assert len({v for v, _k, _t in tumbling}) >= 2 or len(tumbling) == 1
        box = scene.die_rect
        surf = pygame.Surface((800, 480))
        real(surf, box, value, kind)
        body, pip = alibaba_dice.LOOKS[kind]
        assert tuple(surf.get_at((box.x + box.w // 4, box.y + box.h // 4)))[:3] == pip  # a corner pip
        assert tuple(surf.get_at((box.x + box.w // 2, box.y + 6)))[:3] == body


def test_a_real_movement_card_says_whose_and_how_many_and_undo_says_cards(app):
    scene = table(app, players=3, seed=2)
    values = list(scene.box.movement)[:7]
    for v in values:
        press(app, "roll", v)
    seat = (scene.state.starter + 6) % 3
    assert scene.banner.text == f"{scene.names()[seat]} bekam Bewegungskarte {values[6]} (7 von 24)"
    press(app, "undo")
    assert scene.banner.bad and "Bewegungskarte" in scene.banner.text and "Wurf" not in scene.banner.text
    assert len(scene.session.actions) == 7


# -- 9. words a family understands ---------------------------------------------------------------
def test_setup_shows_the_variant_in_words(app):
    scene = app.go("setup", game="alibaba", players=3)
    settle(app)
    shown = texts_of(scene)
    assert not any("variant_free_loot" in t or "_" in t for t in shown)
    assert any("Beute" in t for t in shown)


def test_default_names_follow_the_language_chosen_in_setup():
    app = new_app("en")
    try:
        setup = app.go("setup", game="alibaba", players=3)
        settle(app)
        setup.toggle_language()
        setup.start()
        settle(app)
        scene = app.scene
        assert isinstance(scene, AlibabaScene)
        assert scene.names() == ["Spieler 1", "Spieler 2", "Spieler 3"]
        assert any("Spieler 1" in t for t in texts_of(scene))
    finally:
        app.close()


def test_the_fate_stakes_speak_in_percent_not_fractions(app):
    scene = table(app, players=4, seed=3)
    drive(scene, lambda s: s.phase == LAST_CHANCE)
    settle(app)
    shown = texts_of(scene)
    assert any(t.endswith("%") for t in shown)
    assert not any("~" in t or "0." in t for t in shown)


# -- 11. no silent taps ----------------------------------------------------------------------------
def test_a_tap_beside_the_controls_says_where_to_go_on(app):
    scene = table(app)
    press(app, "roll")
    tap(app, scene.players_rect.center)
    assert scene.banner.bad and scene.banner.text.startswith("Rechts wählen")
    drive(scene, lambda s: s.phase == BLACK_ROLL)
    settle(app)
    tap(app, (scene.left.x + 100, scene.left.y + 100))  # on the fate grid while the black die is due
    assert scene.banner.bad and ui(scene.t, "roll") in scene.banner.text


def test_roll_while_choosing_and_a_choice_key_while_rolling_say_why(app):
    scene = table(app)
    press(app, "roll")
    count = len(scene.session.actions)
    press(app, "roll")
    assert len(scene.session.actions) == count and scene.banner.bad and "gewürfelt" in scene.banner.text
    drive(scene, lambda s: s.phase == BLACK_ROLL)
    settle(app)
    press(app, "right")
    assert scene.banner.bad and ui(scene.t, "roll") in scene.banner.text
    assert scene.state.phase == BLACK_ROLL


# -- the event box --------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_the_event_box_covers_no_player_row(app, players):
    scene = table(app, players=players, seed=players)
    press(app, "roll")  # "24 movement cards dealt" shows
    assert scene.banner.active(app.now())
    box = scene.banner_box()
    with recording() as rec:
        scene.draw(app.screen)
    assert problems(rec) == []
    names = [t for t in rec.texts if t.text in scene.names()]
    assert len(names) == players
    assert not any(box.colliderect(t.drawn) for t in names)
    scene.say("Ereignis 2: Wen es trifft, bekommt 200 von der Bank, und alle anderen zahlen je 100 an die Bank")
    box = scene.banner_box()
    assert not any(box.colliderect(t.drawn) for t in names)
    drive(scene, lambda s: s.phase == WHITE_ROLL)
    settle(app)
    scene.say("Schwarzer Würfel 4: Reihe 19 bis 24")
    with recording() as rec:
        scene.draw(app.screen)
    assert problems(rec) == []
    box = scene.banner_box()
    if look.names_beside_grid(scene, scene.names()):
        risks = pygame.Rect(scene.left.x + FATE_W, scene.left.y, scene.left.w - FATE_W, scene.left.h - FATE_NOTE_H)
    else:  # six players (or long names): the arrest in rows, each with the whole name
        risks = scene.players_rect
        assert sum(t.text in scene.names() and risks.contains(t.drawn) for t in rec.texts) == players
    assert not box.colliderect(risks)  # what each player risks stays in sight
    assert any(risks.contains(t.drawn) for t in rec.texts)
