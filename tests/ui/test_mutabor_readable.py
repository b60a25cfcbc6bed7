"""The Mutabor table in German and English, with the fewest and the most players, in every
phase it has: nothing too small, clipped or overlapping, no touch target under 64 px (the
maze cells excepted: they are no controls), and no word of the other language."""

from __future__ import annotations

from typing import Any

import pytest

from companion.games.mutabor.rules.moves import targets
from companion.session.session import Session
from tests.ui.test_mutabor_screen import new_session, play_until, with_capture_choice, with_pass, with_swap_offer
from tests.ui.test_readable import check

PHASES = ("layout", "layout_later", "enter", "enter_full", "figure", "targets", "capture", "swap_offer",
          "swapping", "pass", "refusal", "draw_sure", "no_hint", "end")


@pytest.fixture(params=("de", "en"))
def lang(request) -> str:
    return request.param


def named(session: Session) -> Session:
    """The same game with long names the table typed."""
    names = ["Alexandra-Marie", "Bartholomäus", "Scheherazade", "Maximilian"][: session.header["players"]]
    again = Session.new({**session.header, "names": names})
    for action in session.actions:
        again.act(action)
    return again


def scene_in(app: Any, phase: str, players: int) -> Any:
    table = app.routes["table"]
    if phase == "layout":
        return table(app, session=new_session(players))
    if phase == "layout_later":
        s = play_until(new_session(players), lambda s: len(s.actions) >= 3)
        scene = table(app, session=s)
        scene.show_layout()
        return scene
    if phase in ("enter", "enter_full"):
        scene = table(app, session=new_session(players))
        scene.start_entry()
        if phase == "enter_full":
            for cell in scene.entry.order:
                scene.entry.cells[cell] = "krebs"
        return scene
    if phase in ("figure", "targets", "refusal", "draw_sure", "no_hint"):
        s = named(play_until(new_session(players), lambda s: len(s.actions) >= 6))
        scene = table(app, session=s, view="play")
        if phase == "targets":
            scene.sel = scene.movable()[0]
            scene.mode, scene.target = "target", targets(s.state, scene.sel)[0]
        elif phase == "refusal":
            scene.tap_play(s.state.figures[(s.state.turn + 1) % players][0])
            assert scene.banner.bad
        elif phase == "draw_sure":
            scene.draw_agreed()
        elif phase == "no_hint":
            scene.toggle_hint()
        return scene
    if phase == "capture":
        s = with_capture_choice(players)
        action = next(a for a in s.engine.legal_actions(s.state) if "capture_to" in a)
        scene = table(app, session=s, view="play")
        scene.move(tuple(action["from"]), tuple(action["to"]))
        assert scene.pending is not None
        return scene
    if phase in ("swap_offer", "swapping"):
        scene = table(app, session=with_swap_offer(players), view="play")
        if phase == "swapping":
            scene.toggle_swap()
            scene.swap_pick(scene.free_cards()[0])
        return scene
    if phase == "pass":
        return table(app, session=with_pass(players), view="play")
    if phase == "end":
        s = new_session(players)
        s.act({"action": "draw"})
        return app.routes["end"](app, table=table(app, session=s))
    raise AssertionError(phase)


@pytest.mark.slow
@pytest.mark.parametrize("players", (2, 4))
@pytest.mark.parametrize("phase", PHASES)
def test_every_mutabor_phase_is_readable(app, phase, players):
    scene = scene_in(app, phase, players)
    assert check(app, scene, app.texts.lang) == [], f"{phase}, {players} players"


def test_the_three_player_pass_banner_is_readable(app):
    s = new_session(3)
    s.act(s.engine.legal_actions(s.state)[0])   # the middle player sits out his first turn
    assert s.state.passes == ((1, "sits_out"),)
    scene = app.routes["table"](app, session=s, view="play")
    assert check(app, scene, app.texts.lang) == []


def test_a_won_game_ends_readable(app):
    s = new_session(2, seed=5)
    play_until(s, lambda s: s.over, seed=5, limit=5000)
    table = app.routes["table"](app, session=s)
    assert table.end_rows()[0][1].count(4) == 1
    assert check(app, app.routes["end"](app, table=table), app.texts.lang) == []


@pytest.mark.parametrize("players", (2, 3, 4))
def test_the_setup_words_every_mutabor_option(app, players):
    scene = app.routes["setup"](app, game="mutabor", players=players)
    for option in scene.options():
        for choice in option.choices:
            scene.values[option.key] = choice
            label = scene.option_label(option)
            assert "mutabor.ui" not in label, label
    scene.layout()
    assert check(app, scene, app.texts.lang) == []
