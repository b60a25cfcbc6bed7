"""Menu, setup, name entry and resume screens on the dummy driver."""

from __future__ import annotations

import pytest

from companion.games.suleika.screen.table import SuleikaScene
from companion.session.session import Session
from companion.ui.shell.menu import MenuScene
from companion.ui.shell.resume import ResumeScene
from companion.ui.shell.setup import SetupScene
from tests.ui.screen import settle, tap_label


@pytest.fixture
def lang() -> str:
    return "en"


def test_menu_lists_every_game_and_says_which_are_not_built(app):
    from companion.games import menu_games, playable

    app.show(MenuScene(app))
    settle(app)
    games = menu_games()
    assert {"suleika", "alibaba", "mutabor", "teppich", "race"} <= set(games)  # the race is installed
    labels = [b.label for b in app.scene.buttons][: len(games)]
    for game, label in zip(games, labels):
        assert label and "game_" not in label and ".title" not in label, label  # a title, not a key
        assert ("coming soon" in label) == (not playable(game))


def test_setup_by_touch_starts_a_stored_game(app):
    app.show(MenuScene(app))
    settle(app)
    tap_label(app, "Suleika")
    assert isinstance(app.scene, SetupScene)
    tap_label(app, "2")
    tap_label(app, "Rules: Suleika")
    assert app.scene.values["rules"] == "marrakech"
    tap_label(app, "Player 1")  # the on-screen keyboard
    for ch in "ANNA":
        tap_label(app, ch)
    tap_label(app, "OK")
    assert app.scene.names[0] == "Anna"
    tap_label(app, "Start")
    assert isinstance(app.scene, SuleikaScene)
    h = app.scene.session.header
    assert h["players"] == 2 and h["rules"] == "marrakech" and h["names"][0] == "Anna"
    assert app.store.unfinished()[0].id == app.scene.session.game_id


def test_setup_by_buttons_only(app):
    app.show(SetupScene(app, "suleika", seed=5))
    for name in ("right", "ok"):
        app.inject(name)
        settle(app)
    assert isinstance(app.scene, SuleikaScene)
    assert app.scene.session.header["players"] == 4


def test_language_switch(app):
    app.show(MenuScene(app))
    settle(app)
    tap_label(app, "EN")
    assert app.texts.lang == "de"
    assert any("Spiel" in b for b in [app.texts("choose_game")])


def test_resume_offers_the_unfinished_game(app):
    s = Session.new({"game": "suleika", "players": 3, "seed": 1}, app.store)
    s.roll(3)
    row = app.store.unfinished()[0]
    app.show(ResumeScene(app, row))
    settle(app)
    app.inject("ok")
    settle(app)
    assert isinstance(app.scene, SuleikaScene)
    assert app.scene.session.state == s.state
