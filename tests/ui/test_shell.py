"""The screens around the tables as a family met them (the "At the table" findings): the game
menu, setup, the name keyboard, the resume offer, the rematch, the button test and the café's
demo. Each checked through the real loop on the dummy SDL driver, in German."""

from __future__ import annotations

import random

import pygame
import pytest

from companion import root
from companion.games import COMING, REGISTRY, menu_games, spec
from companion.games.alibaba.screen.table import AlibabaScene
from companion.inputs.events import BUTTONS
from companion.session.session import Session
from companion.session.simulate import random_step
from companion.session.store import Store
from companion.ui.drivers import DemoDriver, WaitDriver
from companion.ui.kit import READ_PX, recording
from companion.ui.shell.menu import MenuScene
from companion.ui.shell.names import NameScene
from companion.ui.shell.resume import ResumeScene
from companion.ui.shell.setup import SetupScene
from tests.language import foreign_words
from tests.ui.screen import new_app, press, settle, tap_label


def shown(app) -> list[str]:
    with recording() as rec:
        app.scene.draw(app.screen)
    return [t.text for t in rec.texts]



# -- 3. resume asks before a game is thrown away; an empty game is not offered -----------------
def test_throwing_an_unfinished_game_away_asks_once_more(app):
    session = Session.new(spec("suleika").header(3, 1), app.store)
    session.roll(3)
    app.go("resume", row=app.store.unfinished()[0])
    settle(app)
    tap_label(app, "Verwerfen")
    assert isinstance(app.scene, ResumeScene)  # asked, not done
    assert [r.id for r in app.store.unfinished()] == [session.game_id]
    assert "Wirklich verwerfen? Noch einmal drücken." in shown(app)
    tap_label(app, "Wirklich verwerfen? Noch einmal drücken.")
    assert isinstance(app.scene, MenuScene) and app.store.unfinished() == []


@pytest.mark.parametrize(("steps", "words"), [(1, "1 Schritt\n"), (2, "2 Schritte\n")])
def test_the_resume_line_counts_steps_in_german_and_keeps_date_and_time_together(app, steps, words):
    session = Session.new(spec("suleika").header(3, 1), app.store)
    session.roll(3)
    if steps == 2:
        session.act(session.engine.legal_actions(session.state)[0])
    app.go("resume", row=app.store.unfinished()[0])
    settle(app)
    line = next(t for t in shown(app) if t.startswith("Suleika, 3 Spieler"))
    assert words in line  # "1 Schritte" was a plural slip
    assert line.split("\n")[1].startswith("begonnen ") and len(line.split("\n")) == 2


def test_a_game_without_a_step_is_not_offered_for_resuming(tmp_path):
    store = Store(tmp_path / "g.sqlite3")
    older = Session.new(spec("alibaba").header(3, 1), store)
    older.roll()  # the cards dealt: a step
    Session.new(spec("suleika").header(3, 2), store)  # set up, then the table walked away
    app, first, _sources = root.start(store, fullscreen=False, gpio=False)
    try:
        assert isinstance(first, ResumeScene) and first.row.id == older.game_id
    finally:
        app.close()
    store.close_game(older.game_id, "abandoned")
    app, first, _sources = root.start(store, fullscreen=False, gpio=False)
    try:
        assert isinstance(first, MenuScene)
    finally:
        app.close()


# -- 9. the demo speaks the screen's language -----------------------------------------------------
@pytest.mark.parametrize("game", ["suleika", "alibaba"])
def test_the_demo_shows_german_names_on_german_screens(app, game):
    session = Session.new(spec(game).header(3, 5))
    app.driver = DemoDriver(turns=3, seed=5, watch=False)
    with recording() as rec:
        app.run(app.routes["table"](app, session=session))
    texts = {t.text for t in rec.texts}
    assert {"Spieler 1", "Spieler 2", "Spieler 3"} <= texts
    slips = {t: w for t in texts if len(t) > 1 for w in [foreign_words(t, "de", proper=("Ali Baba",))] if w}
    assert slips == {}


# -- 9 and 10. the name keyboard -------------------------------------------------------------------
def open_keyboard(app, seat: int):
    setup = app.go("setup", game="suleika", players=3)
    settle(app)
    tap_label(app, f"Spieler {seat + 1}")
    assert isinstance(app.scene, NameScene)
    return setup


def test_the_name_keyboard_says_whose_name_and_types_a_capital_after_a_space(app):
    setup = open_keyboard(app, 1)
    with recording() as rec:
        app.scene.draw(app.screen)
    texts = {t.text: t for t in rec.texts}
    assert "Name für Spieler 2" in texts
    labels = [c.label for c in app.scene.tappables()]
    assert "DEL" not in labels and "_" not in labels
    for word in ("Löschen", "Leer"):  # the space and delete keys say what they do, big
        assert word in labels and texts[word].px >= READ_PX
    for ch in "ANNA":
        tap_label(app, ch)
    tap_label(app, "Leer")
    for ch in "LENX":
        tap_label(app, ch)
    tap_label(app, "Löschen")
    tap_label(app, "A")
    assert app.scene.name == "Anna Lena"
    assert "Anna Lena" in shown(app)
    tap_label(app, "OK")
    assert app.scene is setup and setup.names[1] == "Anna Lena"
    assert "Anna Lena" in shown(app)


def type_keys(app, text: str) -> None:
    """Keys of a desktop keyboard: a key down, then the letter it types (as SDL sends them)."""
    for ch in text:
        key = pygame.K_SPACE if ch == " " else pygame.key.key_code(ch)
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, unicode=ch, mod=0, scancode=0))
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    settle(app)


def test_a_desktop_keyboard_types_letters_and_u_is_a_letter_there(app):
    setup = open_keyboard(app, 0)
    type_keys(app, "uwe udo")
    assert app.scene.name == "Uwe Udo"  # U typed a letter and deleted nothing; R and D did not act
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE, unicode="\b", mod=0, scancode=0))
    settle(app)
    assert app.scene.name == "Uwe Ud"
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, unicode="\r", mod=0, scancode=0))
    settle(app)
    assert app.scene is setup and setup.names[0] == "Uwe Ud"


# -- 11. the menu's arrows reach every game; a game still to come says so; setup by buttons -------
def test_the_menu_arrows_reach_every_game_and_ok_opens_it(app):
    app.go("menu")
    settle(app)
    games = menu_games()
    assert set(REGISTRY) <= set(games)
    opened = []
    for k in range(len(games)):
        for _ in range(k):
            press(app, "right")
        assert app.scene.buttons[k].selected
        press(app, "ok")
        opened.append(app.scene.game)
        app.go("menu")
        settle(app)
    assert opened == games
    press(app, "left")  # from the first game LEFT goes round to the last
    assert app.scene.buttons[len(games) - 1].selected


def test_a_game_still_to_come_says_so_when_it_is_tapped(app, monkeypatch):
    monkeypatch.setattr("companion.games.COMING", (*COMING, "basar"))
    app.go("menu")
    settle(app)
    label = next(b.label for b in app.scene.buttons if "kommt bald" in b.label)
    tap_label(app, label)
    assert isinstance(app.scene, MenuScene)
    assert app.scene.banner.bad and "kommt bald" in app.scene.banner.text
    assert app.scene.banner.text in shown(app)


def test_setup_by_the_buttons_alone_changes_every_line_and_starts(app):
    setup = app.go("setup", game="alibaba", players=3, seed=4)
    settle(app)
    lines = setup.lines()
    assert lines[0] == "players" and lines[-1] == "language" and len(lines) >= 3
    press(app, "right")              # players: 3 -> 4
    press(app, "straight")           # the next line: the game's option
    option = next(o for o in setup.options() if o.key == lines[1])
    before = setup.values[option.key]
    press(app, "right")
    assert setup.values[option.key] != before
    for _ in lines[2:-1]:
        press(app, "straight")
    press(app, "straight")           # the language line
    press(app, "right")
    assert app.texts.lang == "en"
    press(app, "left")
    assert app.texts.lang == "de"
    press(app, "straight")           # round to the players again
    press(app, "left")
    assert setup.count == 3
    press(app, "ok")
    assert isinstance(app.scene, AlibabaScene)
    header = app.scene.session.header
    assert header["players"] == 3 and header[option.key] != before


# -- 12. a rematch keeps names and colours -------------------------------------------------------
@pytest.mark.parametrize("game,colors,option", [
    ("suleika", ["blue", "yellow", "red"], {"rules": "marrakech"}),
    ("alibaba", ["green", "purple", "orange"], {}),
])
@pytest.mark.slow
def test_a_rematch_keeps_names_colours_and_options(app, game, colors, option):
    header = {**spec(game).header(3, 6, **option), "names": ["Anna", "Ben", "Cem"], "colors": colors}
    session = Session.new(header, app.store)
    rng = random.Random(6)
    while not session.over:
        session.act(random_step(session.engine, session.state, rng))
    app.go("end", table=app.routes["table"](app, session=session))
    settle(app)
    tap_label(app, "Noch einmal")
    assert isinstance(app.scene, SetupScene)
    assert {"Anna", "Ben", "Cem"} <= set(shown(app))
    tap_label(app, "Los")
    new = app.scene.session.header
    assert app.scene.session is not session
    assert new["names"] == ["Anna", "Ben", "Cem"] and new["colors"] == colors
    assert all(new[k] == v for k, v in option.items())


# -- 12. the button test ---------------------------------------------------------------------------
def test_the_button_test_names_buttons_by_their_labels_and_says_when_a_wrong_one_came(app):
    scene = app.go("selftest")
    settle(app)
    texts = shown(app)
    assert any(t.startswith("WÜRFELN drücken (weiter in ") for t in texts)  # it goes on by itself
    assert not any("GPIO" in t for t in texts)
    press(app, "left")  # another one: ROLL is still asked for, LEFT is marked as come
    assert scene.index == 0 and "left" in scene.arrived
    assert "LINKS" in scene.banner.text and "WÜRFELN" in scene.banner.text
    assert scene.banner.text in shown(app)
    press(app, "roll")
    assert scene.index == 2 and scene.asking == "straight"  # LEFT came already: not asked again
    assert "GERADE" not in scene.banner.text


def test_the_button_test_keeps_its_result_on_screen_until_ok(app, monkeypatch):
    scene = app.go("selftest")
    settle(app)
    driver = WaitDriver(timeout=0.0)
    app.driver, app.running = driver, True
    assert driver(app)               # ROLL is asked for ...
    monkeypatch.setattr(driver, "since", driver.since - 1)
    assert driver(app)               # ... and never comes: the test goes on without it
    for name in BUTTONS[1:]:
        press(app, name)
    assert scene.asking is None
    assert driver(app), "the result closed before anyone could read it"
    texts = " ".join(shown(app))
    assert "WÜRFELN" in texts and "nicht" in texts.lower()  # which button never came
    assert "OK" in texts
    press(app, "ok")
    assert not app.running


def test_the_button_test_names_every_button_that_never_came_whole(app):
    scene = app.go("selftest")
    settle(app)
    scene.index = len(scene.order)  # the wait ran out for every one of them
    scene.dirty = True
    settle(app)
    with recording() as rec:
        scene.draw(app.screen)
    result = next(t for t in rec.texts if t.text.startswith("Nicht angekommen"))
    assert all(scene.t(name) in result.text for name in BUTTONS)
    assert result.text.endswith("mit „Fertig“ oben rechts zurück")  # OK never came: not "mit OK zurück"
    assert result.px >= READ_PX


@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_button_test_is_readable_in_each_of_its_states(lang, tmp_path):
    from companion.ui.kit import problems

    app = new_app(lang, Store(tmp_path / "g.sqlite3"))
    try:
        scene = app.go("selftest")
        settle(app)
        found = []

        def look(what: str) -> None:
            with recording() as rec:
                scene.draw(app.screen)
            found.extend(f"{what}: {p}" for p in problems(rec))
            found.extend(f"{what}: {t.text!r} has {w}" for t in rec.texts if len(t.text.strip()) > 1
                         for w in [foreign_words(t.text, lang)] if w)

        look("asking")
        press(app, "left")
        look("a wrong button")
        press(app, "roll")
        scene.index = len(scene.order)  # the rest never came
        scene.dirty = True
        settle(app)
        look("result")
        assert found == []
    finally:
        app.close()
