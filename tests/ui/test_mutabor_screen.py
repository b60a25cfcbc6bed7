"""The Mutabor table through the real screen loop: every input path (taps and buttons), the
layout and maze entry, captures with a choice, the swap, passes, the agreed draw, the menu,
and the demo driver."""

from __future__ import annotations

import random
from typing import Any

import pytest

from companion.engine.base import IllegalAction
from companion.games import spec
from companion.games.mutabor.rules import check_maze
from companion.games.mutabor.rules.moves import targets
from companion.session.session import Session
from companion.session.store import Store
from companion.ui.drivers import DemoDriver
from companion.ui.shell.end import EndScene
from companion.ui.shell.pause import PauseScene
from tests.ui.screen import new_app, press, settle, tap, tap_label


# -- helpers (also used by the readability test) --------------------------------------------------
def new_session(players: int = 2, seed: int = 3, store: Store | None = None, **options: Any) -> Session:
    return Session.new(spec("mutabor").header(players, seed, **options), store)


def play_until(session: Session, found, seed: int = 1, limit: int = 3000) -> Session:
    """Random legal moves (never a swap) until ``found(session)``; fails if it never is."""
    rng = random.Random(seed)
    for _ in range(limit):
        if found(session):
            return session
        moves = [a for a in session.engine.legal_actions(session.state) if a["action"] == "move"]
        assert moves and not session.over, "the game ended before the wanted moment"
        session.act(rng.choice(moves))
    raise AssertionError("the wanted moment never came")


def with_capture_choice(players: int) -> Session:
    """A game where the player to move can capture a figure whose owner has a choice."""
    for seed in range(40):
        session = new_session(players, seed)
        try:
            return play_until(session, lambda s: any("capture_to" in a for a in s.engine.legal_actions(s.state)),
                              seed, 600)
        except AssertionError:
            continue
    raise AssertionError("no capture with a choice in 40 games")


def with_swap_offer(players: int) -> Session:
    """A new game whose first player has an unreachable goal cell (the dealer told to allow it)."""
    for seed in range(3000):
        session = new_session(players, seed, allow_unreachable=True)
        if session.engine.may_swap(session.state):
            return session
    raise AssertionError("no maze with an unreachable goal cell in 3000 deals")


def with_pass(players: int) -> Session:
    """A game just after a player passed (3 players: the middle one sits out at once)."""
    for seed in range(40):
        try:
            return play_until(new_session(players, seed), lambda s: bool(s.state.passes), seed)
        except AssertionError:
            continue
    raise AssertionError("no pass in 40 games")


def centre(scene: Any, cell: tuple[int, int]) -> tuple[int, int]:
    x, y = scene.grid.center_of(cell)
    return int(x), int(y)


def show(app: Any, session: Session, view: str | None = "play") -> Any:
    scene = app.routes["table"](app, session=session, view=view)
    app.show(scene)
    settle(app)
    return scene


# -- the layout view and the maze entry ------------------------------------------------------------
def test_new_game_shows_the_layout_first_and_ok_starts_play(app):
    scene = show(app, new_session(4, store=app.store), view=None)
    assert scene.view == "layout"
    press(app, "ok")
    assert app.scene.view == "play"
    tap_label(app, app.texts("mutabor.ui.cards"))
    assert app.scene.view == "layout"
    tap_label(app, app.texts("mutabor.ui.play"))
    assert app.scene.view == "play"


def test_entering_a_maze_by_taps_starts_a_game_with_it(app):
    session = new_session(2, store=app.store)
    scene = show(app, session, view=None)
    tap_label(app, app.texts("mutabor.ui.enter"))
    assert scene.view == "enter"
    grid = session.state.grid
    by_kind: dict[str, list] = {}
    for cell in scene.entry.order:
        by_kind.setdefault(grid[cell[0]][cell[1]], []).append(cell)
    for kind, cells in by_kind.items():
        button = next(b for b in scene.tappables() if b.key == ("kind", kind))
        tap(app, button.rect.center)
        for cell in cells:
            tap(app, centre(scene, cell))
    assert scene.entry.missing() == 0
    tap_label(app, app.texts("mutabor.ui.done"))
    new = app.scene
    assert new is not scene and new.view == "play"
    assert new.session.header["maze"] == scene.entry.maze()
    assert [k for row in new.session.state.grid for k in row if k] != []
    # the visible cards are the ones entered
    for cell, kind in scene.entry.cells.items():
        assert new.session.state.grid[cell[0]][cell[1]] == kind


def test_a_maze_with_wrong_counts_is_refused_in_words(app):
    scene = show(app, new_session(2, store=app.store), view=None)
    scene.start_entry()
    for cell in scene.entry.order:  # every visible card a Baum: far too many
        scene.entry.cells[cell] = "baum"
    settle(app)
    tap_label(app, app.texts("mutabor.ui.done"))
    assert app.scene is scene
    with pytest.raises(IllegalAction) as refused:
        check_maze(scene.entry.maze(), app.scene.session.engine.box)
    assert refused.value.code == "maze_counts"
    want = app.texts.refusal("mutabor", refused.value)
    assert scene.banner.text == want and scene.banner.bad
    scene.entry.cells.clear()
    tap_label(app, app.texts("mutabor.ui.done"))
    assert scene.banner.text == app.texts("mutabor.ui.enter_missing", missing=48)


def test_maze_entry_by_buttons(app):
    scene = show(app, new_session(2), view=None)
    scene.start_entry()
    first = scene.entry.at
    press(app, "straight")          # next picture: Baum
    press(app, "ok")                # laid on the first place, the cursor moves on
    assert scene.entry.cells == {first: "baum"} and scene.entry.at != first
    press(app, "left")
    press(app, "ok")                # the same picture again takes it off
    assert scene.entry.cells == {}
    press(app, "undo")
    assert scene.view == "layout"


# -- moving --------------------------------------------------------------------------------------
def test_tap_a_figure_lights_its_targets_and_a_tap_moves_it(app):
    session = new_session(2, store=app.store)
    scene = show(app, session)
    figure = scene.movable()[0]
    tap(app, centre(scene, figure))
    assert scene.sel == figure and scene.lit() == targets(session.state, figure)
    aim = scene.lit()[-1]
    tap(app, centre(scene, aim))
    assert session.actions == [{"action": "move", "from": list(figure), "to": list(aim)}]
    assert scene.sel is None


def test_buttons_step_through_figures_and_targets(app):
    session = new_session(4)
    scene = show(app, session)
    figures = scene.movable()
    press(app, "right")
    press(app, "right")
    assert scene.sel == figures[1]
    press(app, "straight")          # to the targets
    press(app, "left")
    aims = targets(session.state, figures[1])
    assert scene.target == aims[-1]
    press(app, "ok")
    assert session.actions[-1] == {"action": "move", "from": list(figures[1]), "to": list(aims[-1])}


def test_a_wrong_tap_is_explained_and_changes_nothing(app):
    session = new_session(2)
    scene = show(app, session)
    foreign = session.state.figures[1][0]
    tap(app, centre(scene, foreign))
    assert scene.banner.bad and scene.banner.text == app.texts.refusal(
        "mutabor", IllegalAction("not_your_figure", "", row=foreign[0] + 1, col=foreign[1] + 1))  # counted from 1
    figure = scene.movable()[0]
    tap(app, centre(scene, figure))
    tap(app, centre(scene, (3, 3)))  # the face-down centre
    assert scene.banner.text == app.texts("mutabor.refusal.enters_centre")
    assert session.actions == []


def test_undo_cancels_a_choice_then_takes_the_move_back(app):
    session = new_session(2)
    scene = show(app, session)
    press(app, "right")
    press(app, "ok")
    press(app, "right")
    press(app, "ok")
    assert len(session.actions) == 1
    press(app, "right")
    press(app, "undo")
    assert scene.sel is None and len(session.actions) == 1
    press(app, "undo")
    assert session.actions == []
    tap_label(app, app.texts("undo"))  # nothing left to take back: refused in words
    assert session.actions == []


def test_a_capture_with_a_choice_asks_its_owner_by_tap(app):
    session = with_capture_choice(2)
    action = next(a for a in session.engine.legal_actions(session.state) if "capture_to" in a)
    scene = show(app, session)
    tap(app, centre(scene, tuple(action["from"])))
    tap(app, centre(scene, tuple(action["to"])))
    assert scene.pending is not None
    starts = scene.pending[2]
    assert len(starts) > 1 and tuple(action["capture_to"]) in starts
    tap(app, centre(scene, starts[-1]))
    assert session.actions[-1]["capture_to"] == list(starts[-1])
    assert app.texts("mutabor.ui.captured", name=scene.seat_name(session.last_events[1].data["owner"])) \
        in scene_info(scene)


def test_a_capture_with_a_choice_by_buttons(app):
    session = with_capture_choice(4)
    action = next(a for a in session.engine.legal_actions(session.state) if "capture_to" in a)
    scene = show(app, session)
    scene.sel, scene.mode = tuple(action["from"]), "target"
    scene.target = tuple(action["to"])
    press(app, "ok")
    assert scene.pending is not None
    press(app, "right")
    press(app, "ok")
    assert session.actions[-1]["capture_to"] == list(scene_last_start(session))


def scene_last_start(session: Session) -> tuple[int, int]:
    capture = next(e for e in session.last_events if e.kind == "capture")
    return tuple(capture.data["to"])


def scene_info(scene: Any) -> str:
    from companion.games.mutabor.screen.panel import info
    return info(scene)


def test_the_swap_offer_by_taps_and_by_buttons(app):
    session = with_swap_offer(2)
    scene = show(app, session)
    assert scene_info(scene) == app.texts("mutabor.ui.swap_offer")
    tap_label(app, app.texts("mutabor.ui.swap"))
    assert scene.swapping
    free = scene.free_cards()
    under = session.state.figures[0][0]
    tap(app, centre(scene, under))     # a card under a figure stays
    assert scene.banner.bad and scene.swap_first is None
    tap(app, centre(scene, free[0]))
    tap(app, centre(scene, free[1]))
    assert session.actions == [{"action": "swap", "a": list(free[0]), "b": list(free[1])}]
    assert not scene.swapping and not scene.may_swap()
    press(app, "undo")
    assert session.actions == []
    press(app, "roll")                 # ROLL opens the swap for the buttons
    press(app, "right")
    press(app, "ok")
    press(app, "right")
    press(app, "ok")
    assert session.actions == [{"action": "swap", "a": list(free[0]), "b": list(free[1])}]


def test_the_turn_banner_explains_a_pass(app):
    session = with_pass(3)
    seat, reason = session.state.passes[0]
    scene = show(app, session)
    words = app.texts("mutabor.ui.passes", name=scene.seat_name(seat), reason=app.texts.reason("mutabor", reason))
    assert words in scene_info(scene)


def test_the_hint_shows_moves_home_and_switches_off(app):
    scene = show(app, new_session(2))
    assert scene.hint_on
    tap_label(app, app.texts("mutabor.ui.tip"))
    assert not scene.hint_on


def test_an_agreed_draw_needs_a_second_tap(app):
    session = new_session(2, store=app.store)
    scene = show(app, session)
    tap_label(app, app.texts("mutabor.ui.draw_button"))
    assert not session.over and scene.sure
    tap_label(app, app.texts("mutabor.ui.draw_sure"))
    assert session.over and session.state.draw
    assert isinstance(app.scene, EndScene)


def test_the_menu_button_and_the_long_press_open_the_pause_menu(app):
    scene = show(app, new_session(2))
    tap_label(app, app.texts("menu"))
    assert isinstance(app.scene, PauseScene)
    app.show(scene)
    settle(app)
    press(app, "menu")
    assert isinstance(app.scene, PauseScene)


def test_the_demo_plays_whole_turns(app):
    session = new_session(3)
    scene = app.routes["table"](app, session=session)
    app.driver = DemoDriver(8, 2, watch=False)
    app.run(scene)
    assert scene.turns_played() >= 8
    assert scene.lit()  # the next player's figure is picked up: its targets are lit


def test_end_rows_count_figures_home(app):
    session = new_session(2)
    session.act({"action": "draw"})
    scene = app.routes["table"](app, session=session)
    assert scene.end_rows() == [(app.texts("mutabor.ui.home"), [0, 0])]


def test_a_quick_second_tap_on_a_target_is_not_swallowed(monkeypatch, tmp_path):
    """Choosing a figure changes no control, so the guard against double taps never starts:
    a target tapped right after the figure moves it."""
    from companion.ui.app import App
    monkeypatch.setattr(App, "tap_guard_s", 0.25)
    a = new_app("de")
    clock = [100.0]
    a.now = lambda: clock[0]
    try:
        session = new_session(2)
        scene = show(a, session)
        clock[0] += 1.0  # the screen has been seen
        figure = scene.movable()[0]
        tap(a, centre(scene, figure))
        clock[0] += 0.1  # a quick second tap, elsewhere
        aim = scene.lit()[0]
        tap(a, centre(scene, aim))
        assert session.actions == [{"action": "move", "from": list(figure), "to": list(aim)}]
    finally:
        a.close()


def test_replay_json_of_a_game_played_on_screen(app, tmp_path, capsys):
    """What the screen recorded replays, and ``replay --json --legal`` gives the documented fields."""
    import json

    from companion.cli import main
    session = with_capture_choice(2)
    scene = show(app, session)
    action = next(a for a in session.engine.legal_actions(session.state) if "capture_to" in a)
    tap(app, centre(scene, tuple(action["from"])))
    tap(app, centre(scene, tuple(action["to"])))
    tap(app, centre(scene, scene.pending[2][0]))
    path = tmp_path / "game.jsonl"
    path.write_text(session.record(), encoding="utf-8")
    assert main(["replay", "--json", "--legal", str(path)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert set(out) == {"maze", "figures", "turn", "over", "winners", "draw", "unreachable", "may_swap", "legal"}
    assert out["figures"] == [[list(c) for c in cells] for cells in session.state.figures]
    assert out["legal"] == session.engine.legal_actions(session.state)
