"""The Suleika table through the real loop on the dummy SDL driver."""

from __future__ import annotations

from functools import partial

import pytest

from companion.games.suleika import rules as suleika
from companion.games.suleika.screen import board
from companion.games.suleika.screen.table import SuleikaScene
from companion.session.session import Session
from companion.ui.drivers import DemoDriver
from companion.ui.shell.end import EndScene
from tests.ui.screen import press, tap
from tests.ui.screen import table as show_table


@pytest.fixture
def lang() -> str:
    return "en"


#: a Suleika table (three players, seed 2 unless given), shown and settled
table = partial(show_table, game="suleika", players=3, seed=2)


def test_buttons_face_roll_and_place(app):
    scene = table(app)
    press(app, "right")
    assert scene.state.facing == "E"
    press(app, "roll", 3)  # a value typed from a real die
    assert scene.session.actions[-1] == {"action": "roll", "value": 3}
    assert scene.state.phase == "place"
    press(app, "right")
    chosen = scene.chosen()
    press(app, "ok")
    assert scene.session.actions[-1]["action"] == "place"
    assert [list(c) for c in chosen[:2]] == scene.session.actions[-1]["cells"]
    assert scene.state.current == 1


def test_a_180_degree_turn_cannot_be_pressed(app):
    scene = table(app)
    press(app, "right")  # first turn: any heading, step by step
    press(app, "roll", 1)
    press(app, "right")
    press(app, "ok")
    before = scene.state
    assert set(suleika.allowed_headings(before)) == {"N", "E", "S"}
    r, c = before.omar
    west = board.cell_rect(r, c - 1) if c > 0 else board.cell_rect(r, c).move(-20, 0)
    tap(app, west.center)  # behind Omar: refused, and the screen says why
    assert scene.state == before
    assert scene.banner.bad and scene.banner.text


@pytest.mark.slow
def test_placing_by_two_taps_and_an_illegal_tap_explains_itself(app):
    scene = table(app)
    press(app, "roll", 2)
    st = scene.state
    a, b, _ = suleika.legal_placements(st)[0]
    tap(app, board.cell_rect(*a).center)
    assert scene.first == a
    tap(app, board.cell_rect(*b).center)
    assert scene.chosen() is not None
    press(app, "ok")
    assert scene.session.actions[-1]["cells"] == [list(a), list(b)] or scene.session.actions[-1]["cells"] == [list(b), list(a)]
    # next player: tap a cell far from Omar -> a message, no change
    press(app, "roll", 1)
    before = scene.state
    far = next((r, c) for r in range(7) for c in range(7)
               if abs(r - before.omar[0]) + abs(c - before.omar[1]) > 3)
    tap(app, board.cell_rect(*far).center)
    assert scene.state == before
    assert scene.banner.bad and scene.banner.text


def test_undo_button_and_a_roll_stays(app):
    scene = table(app)
    press(app, "left")
    press(app, "undo")
    assert scene.session.actions == []
    press(app, "roll", 2)
    press(app, "undo")
    assert len(scene.session.actions) == 1
    assert "cannot" in scene.banner.text


def test_a_press_shows_within_the_frame_that_handles_it(app):
    scene = table(app)
    app.hub.press("right", "gpio")
    app.step(block=True)
    assert [n for n, _ in app.latencies] == ["right"]
    assert scene.state.facing == "E"


@pytest.mark.slow
def test_demo_plays_a_whole_game_to_the_end_screen(app, tmp_path):
    session = Session.new({"game": "suleika", "players": 4, "seed": 9})
    app.driver = DemoDriver(turns=1000, seed=9, watch=False)
    app.run(SuleikaScene(app, session))
    assert session.over
    assert isinstance(app.scene, EndScene)
    app.screenshot(tmp_path / "end.png")
    assert (tmp_path / "end.png").stat().st_size > 5000


@pytest.mark.slow
@pytest.mark.parametrize("players,rules,variant", [(2, "suleika", True), (3, "marrakech", False), (4, "suleika", False)])
def test_demo_turns_through_the_loop(app, players, rules, variant):
    header = {"game": "suleika", "players": players, "seed": 4, "rules": rules}
    if variant:
        header["variant2p"] = True
    session = Session.new(header)
    app.driver = DemoDriver(turns=6, seed=4, watch=False)
    app.run(SuleikaScene(app, session))
    assert sum(a["action"] == "place" for a in session.actions) == 6
