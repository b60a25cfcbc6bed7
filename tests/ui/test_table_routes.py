"""The app takes every game to its end screen, whatever ended it, and every table can be left."""

from __future__ import annotations

import pytest

from companion.games import get_engine, spec
from companion.session.session import Session
from companion.session.simulate import play_game
from companion.ui.shell.end import EndScene
from companion.ui.shell.menu import MenuScene
from companion.ui.shell.pause import PauseScene
from companion.ui.shell.resume import ResumeScene
from tests.ui.screen import press, settle, tap_label


def test_a_marrakech_game_that_ends_on_a_roll_reaches_the_end_screen(app):
    """With Marrakech rules the last player still in can go broke on a roll: no carpet is
    laid after it, and the table used to stay on the board with nothing left to do."""
    header = spec("suleika").header(3, 110, rules="marrakech")
    _final, actions = play_game(get_engine("suleika"), header, 110)
    assert actions[-1]["action"] == "roll"  # the game ends on a roll
    session = Session.new(header, app.store)
    for action in actions[:-1]:
        session.act(action)
    app.show(app.routes["table"](app, session=session))
    settle(app)
    press(app, "roll", actions[-1]["value"])
    for _ in range(200):  # Omar walks; then the app shows the end by itself
        if isinstance(app.scene, EndScene):
            break
        app.step(block=False)
    assert isinstance(app.scene, EndScene)
    assert session.over and app.store.unfinished() == []


@pytest.mark.parametrize("game", ["suleika", "alibaba"])
def test_escape_or_the_menu_press_pauses_a_table_and_the_game_stays_resumable(app, game):
    session = Session.new(spec(game).header(seed=4), app.store)
    session.roll()
    app.show(app.routes["table"](app, session=session))
    settle(app)
    press(app, "menu")
    assert isinstance(app.scene, PauseScene)
    press(app, "undo")  # back to the game
    assert app.scene.session is session
    press(app, "menu")
    tap_label(app, "Zum Spielmenü")
    assert isinstance(app.scene, MenuScene)
    assert [row.id for row in app.store.unfinished()] == [session.game_id]


@pytest.mark.parametrize("by", ["touch", "buttons"])
def test_a_game_left_to_the_menu_is_offered_there_and_goes_on_where_it_was(app, by):
    session = Session.new(spec("alibaba").header(seed=4), app.store)
    session.roll()
    app.show(app.routes["table"](app, session=session))
    settle(app)
    press(app, "menu")
    tap_label(app, "Zum Spielmenü")
    menu = app.scene
    assert isinstance(menu, MenuScene)
    if by == "touch":
        tap_label(app, "Weiterspielen: Ali Baba")
    else:
        press(app, "ok")  # the focus is on the key that goes on
    assert isinstance(app.scene, ResumeScene)
    press(app, "ok")
    assert app.scene.session.game_id == session.game_id
    assert app.scene.session.actions == session.actions


def test_the_menu_offers_no_game_without_steps_and_none_once_it_is_thrown_away(app):
    Session.new(spec("suleika").header(seed=4), app.store)  # set up, nothing done yet
    assert not any(b.label.startswith("Weiterspielen") for b in app.routes["menu"](app).tappables())
    session = Session.new(spec("suleika").header(seed=5), app.store)
    session.roll()
    app.show(app.routes["menu"](app))
    settle(app)
    tap_label(app, "Weiterspielen: Suleika")
    tap_label(app, "Verwerfen")
    tap_label(app, "Wirklich verwerfen? Noch einmal drücken.")
    assert isinstance(app.scene, MenuScene)
    assert not any(b.label.startswith("Weiterspielen") for b in app.scene.tappables())


def test_ending_a_game_from_the_pause_menu_asks_once_more_and_records_it(app):
    session = Session.new(spec("suleika").header(seed=4), app.store)
    session.roll()
    app.show(app.routes["table"](app, session=session))
    settle(app)
    press(app, "menu")
    tap_label(app, "Spiel beenden")
    assert isinstance(app.scene, PauseScene)  # asked, not done
    tap_label(app, "Wirklich beenden? Noch einmal drücken.")
    assert isinstance(app.scene, MenuScene)
    assert app.store.unfinished() == []
    assert app.scene.banner.text == "Das Spiel wurde beendet."


def test_the_turn_light_follows_the_player_and_a_roll_beeps(app):
    lights, beeps = [], []
    app.turn_light, app.die_rolled = lights.append, lambda: beeps.append(1)
    session = Session.new(spec("alibaba").header(3, seed=4), app.store)
    app.show(app.routes["table"](app, session=session))
    settle(app)
    dealer = session.engine.current_player(session.state)
    assert lights == [app.scene.seat_colours(dealer)[0]]
    press(app, "roll")  # the deal: one press, 24 movement cards
    assert beeps == [1]


def test_the_screen_says_when_the_button_box_goes_offline_and_comes_back(app):
    app.show(app.routes["menu"](app))
    settle(app)
    app.hub.set_status("serial", False, "silent")
    settle(app)
    assert app.scene.banner.text == "Die Tastenbox antwortet nicht. Bitte das Kabel prüfen."
    app.hub.set_status("serial", True, "online")
    settle(app)
    assert app.scene.banner.text == "Die Tastenbox ist wieder da."
