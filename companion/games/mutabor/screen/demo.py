"""The presses a table would make at the Mutabor screen, for ``companion demo`` and attract mode.

They go through the same buttons a player uses (LEFT/RIGHT, OK), so a demo exercises the
real input path: to a figure with a move, OK, to one of its targets, OK.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from companion.games.mutabor.rules.moves import figure_moves, targets

if TYPE_CHECKING:
    from companion.games.mutabor.screen.table import MutaborScene


def _pair(cell: tuple[int, int]) -> list[int]:
    return [cell[0], cell[1]]


def demo_presses(s: MutaborScene, rng: random.Random) -> list[str]:
    """LEFT/RIGHT to a figure with a move, OK, RIGHT to a target, OK; then, unless the
    move ends the game or asks where a captured figure goes, RIGHT and OK once more: the
    next player picks up a figure, so the last frame of a demo shows its targets lit."""
    st = s.state
    if s.view != "play":
        return ["ok"]
    if s.pending is not None:
        return ["right"] * (rng.randrange(len(s.pending[2])) + 1) + ["ok"]
    presses: list[str] = []
    if s.sel is not None and s.mode == "target" and s.sel in s.movable():
        figure = s.sel
        presses = ["straight", "ok"] if s.target is not None else []
    else:
        figures = s.movable()
        if not figures:
            return []
        k = rng.randrange(len(figures))
        figure = figures[k]
        presses = (["undo"] if s.sel is not None else []) + ["right"] * (k + 1) + ["ok"]
    aims = targets(st, figure)
    j = rng.randrange(len(aims))
    presses += ["right"] * (j + 1) + ["ok"]
    starts = [to for t, to in figure_moves(st, figure) if t == aims[j] and to is not None]
    if len(starts) <= 1:
        after, _events = s.session.engine.apply(st, {"action": "move", "from": _pair(figure),
                                                        "to": _pair(aims[j])})
        if not after.over:
            presses += ["right"] * (rng.randrange(4) + 1) + ["ok"]
    return presses
