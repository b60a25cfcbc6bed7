"""The pause menu says everything whole, in German and in English, off and on the café floor
(four keys), while it asks "really end?" too: no key and no note is cut with "…" (the floor's
"Wirklich beenden? Noch einmal drücken." ended in "einmal…"), nothing is too small or runs
out of its box, the keys are touch targets apart from each other."""

from __future__ import annotations

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
    table(app, 6)
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
