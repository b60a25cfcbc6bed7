"""Checking a Mutabor record header and building the maze and the starting figures from it.

>>> from companion.games.mutabor.box_files import load
>>> s = start_state(load(), {"record": 2, "game": "mutabor", "players": 3, "seed": 9})
>>> s.sides, s.figures[1], s.turn, s.sat_out
(('bottom', 'left', 'top'), ((2, 0), (3, 0), (4, 0), (5, 0)), 0, False)
"""

from __future__ import annotations

from typing import Any

from companion.engine.base import IllegalAction
from companion.engine.header import check_header
from companion.games.mutabor import SPEC
from companion.games.mutabor.rules.box import Box
from companion.games.mutabor.rules.dealer import check_maze, deal, grid_of
from companion.games.mutabor.rules.geometry import MIDDLE_SEAT, SEAT_SIDES, START
from companion.games.mutabor.rules.state import State


def start_state(box: Box, header: dict[str, Any]) -> State:
    """The state before the first move; IllegalAction for a bad header or maze.

    The seat to move is found as after any move (``engine.settle``), so a first player
    with no legal move is already skipped; the engine does that, not this function.

    The maze is dealt here from the header's ``seed`` (or taken from its ``maze``), not asked
    for as chance actions: every record written so far holds a seed and no deal, and must
    replay exactly as it did; the shuffle uses the engines' one seeded generator
    (``companion.engine.rng``).
    """
    checked = check_header(SPEC, header)  # counts, options, names, colours: the kit's one checker
    players, seed, options = checked.players, checked.seed, checked.options
    open_sides, first = options.get("open_sides", False), options.get("first", 0)
    if "maze" in header:
        maze = check_maze(header["maze"], box)
    elif seed is not None:
        maze = deal(seed, box, players, options["allow_unreachable"], open_sides)
    else:
        raise IllegalAction("no_maze", "The header needs a seed or a maze")
    names = checked.names or tuple(f"Player {n}" for n in range(1, players + 1))
    colors = None if checked.colors is None else tuple(seat[0] for seat in checked.colors)
    sides = SEAT_SIDES[players]
    return State(
        players=players,
        names=names,
        colors=colors,
        sides=sides,
        open_sides=open_sides,
        first=first,
        grid=grid_of(maze, box),
        figures=tuple(tuple(sorted(START[side])) for side in sides),
        turn=first,
        sat_out=players != 3 or MIDDLE_SEAT == first,
    )
