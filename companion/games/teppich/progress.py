"""How far a Teppich game has come, for the café floor's expected end: the leader's way to the goal."""

from __future__ import annotations

from typing import Any

from companion.games.teppich.rules.state import State


def progress(state: State) -> float:
    """How far right the leading carpet has flown, from the start column to the goal's."""
    from companion.games import get_engine

    if state.over:
        return 1.0
    engine: Any = get_engine("teppich")  # built once, with the box's board
    box = engine.box
    start, goal = int(box.start[0]), int(box.goal[0])
    if goal == start:
        return 0.0
    lead = max(cell[0] for cell in state.cells)
    return min(1.0, max(0.0, (lead - start) / (goal - start)))
