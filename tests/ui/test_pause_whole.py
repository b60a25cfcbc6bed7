"""The pause menu says everything whole, in German and in English, off and on the café floor
(four keys), while it asks "really end?" too: no key and no note is cut with "…" (the floor's
"Wirklich beenden? Noch einmal drücken." ended in "einmal…"), nothing is too small or runs
out of its box, the keys are touch targets apart from each other."""

from __future__ import annotations

import random
from typing import Any

import pytest

from companion.floor.table import TableFloor
from companion.floor.topics import FloorConfig
from companion.ui.kit import problems, recording
from tests.ui.screen import press, settle, tap_label
from tests.ui.test_teppich_screen import table


def frame(app: Any) -> tuple[list[str], list[str]]:
    with recording() as rec:
        app.scene.draw(app.screen)
    found = problems(rec) + [f"{t.text!r} is cut" for t in rec.texts if t.cut or "…" in t.text]
    return found, [t.text for t in rec.texts]


@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize("on_the_floor", [False, True])
def test_the_pause_menu_says_everything_whole(app, on_the_floor, tmp_path):
    if on_the_floor:   # not started: no broker here, the keys are what counts
        app.floor = TableFloor(FloorConfig("127.0.0.1", 1, "cafe", "t1"), tmp_path / "floor.sqlite3")
    scene = table(app, 6)
    rng = random.Random(1)
    while not scene.session.actions:  # a step played: the game is kept, and the note says so
        for name in scene.demo_presses(rng):
            press(app, name)
    press(app, "menu")
    assert type(app.scene).__name__ == "PauseScene"
    assert len(app.scene.tappables()) == (4 if on_the_floor else 3)
    found, said = frame(app)
    assert found == [] and app.texts("pause_to_menu_note") in said
    tap_label(app, app.texts("pause_end"))
    settle(app)
    found, said = frame(app)
    assert found == [] and app.texts("pause_end_sure") in said and app.texts("pause_end_note") in said
    keys = sorted(c.rect for c in app.scene.tappables())
    assert all(a.bottom + 4 <= b.top for a, b in zip(keys, keys[1:], strict=False))
    app.floor = None


@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_pause_menu_tells_that_a_game_with_no_step_is_not_kept(app):
    """Before the first step nothing of a game is stored to go on with (the game menu offers
    only games with a step): the pause menu must not say "the game stays saved" then."""
    from companion.games import REGISTRY
    from companion.session.session import Session

    game = next(iter(REGISTRY))
    session = Session.new(REGISTRY[game].header(REGISTRY[game].counts[0], 7), app.store)
    app.go("table", session=session)
    settle(app)
    press(app, "menu")
    assert type(app.scene).__name__ == "PauseScene"
    found, said = frame(app)
    assert found == [] and app.texts("pause_to_menu_unplayed") in said and app.texts("pause_to_menu_note") not in said
    tap_label(app, app.texts("pause_to_menu"))
    settle(app)
    assert session.game_id not in [row.id for row in app.store.waiting()]
