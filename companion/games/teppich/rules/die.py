"""What the special die's faces ask for: a new cloud layout (2), a swap (5) and a hop (6).

>>> from companion.games.teppich.rules import make_engine
>>> from companion.games.teppich.box_files import load
>>> box = load()
>>> s = make_engine(box).new_game({"record": 2, "game": "teppich", "players": 3, "seed": 1,
...                                "scenery": [], "clouds": []})
>>> hop_path(box, s, (0, 0), (2, 2))
((0, 0), (1, 0), (2, 0), (2, 1), (2, 2))
"""

from __future__ import annotations

from typing import Any

from companion.engine.base import IllegalAction
from companion.games.teppich.rules.board import has_way, reachable
from companion.games.teppich.rules.box import Box, Cell, counted
from companion.games.teppich.rules.city import parse_cells
from companion.games.teppich.rules.state import State

HOP_REACH = 4


def check_clouds(box: Box, state: State, raw: Any) -> tuple[Cell, ...]:
    """A new cloud layout, refused unless it keeps the number of cloud cells, lies in the sky,
    covers no carpet, keeps the way through and shuts no carpet off that could reach it."""
    cells = parse_cells(raw, "cells")
    if len(cells) != len(state.clouds):
        raise IllegalAction("cloud_count", "The clouds must cover as many cells as before ({count}), not {given}",
                            count=len(state.clouds), given=len(cells))
    for x, y in cells:
        if not box.on_board((x, y)):
            raise counted(IllegalAction("cell_off_board", "The cell in column {x}, row {y} is not on the board "
                                "(columns 1 to {w}, rows 1 to {h} from the bottom)", x=x, y=y,
                               w=box.width - 1, h=box.height - 1))
        if y < box.sky_from:
            raise counted(IllegalAction("cloud_below_sky", "Clouds lie only in the sky (from row {row} "
                                "up), not in column {x}, row {y}", x=x, y=y, row=box.sky_from))
        if (x, y) in state.cells:
            raise counted(IllegalAction("cloud_on_carpet", "A cloud may not cover the carpet in column {x}, row {y}",
                                x=x, y=y))
    walls = state.scenery_set | frozenset(cells)
    if not has_way(box, walls):
        raise IllegalAction("clouds_close_way", "These clouds leave no way through from start to goal")
    # A carpet already shut off (forced down into a pocket) may stay so; none may become so.
    before = reachable(box, state.walls, box.start)
    after = reachable(box, walls, box.start)
    for p, cell in enumerate(state.cells):
        if cell in before and cell not in after:
            raise IllegalAction("clouds_shut_in", "These clouds would shut {name}'s carpet off "
                                "from the way through", name=state.names[p], player=p)
    return cells


def propose_clouds(box: Box, state: State, pick: int = 0) -> list[Cell]:
    """A valid new cloud layout for face 2, for random games and the screen's suggestion:
    the clouds shifted together by one of a few small steps (``pick`` chooses which of the
    valid ones), or left where they are when no shift is valid."""
    shifts = [(dx, dy) for dx in (-2, -1, 1, 2) for dy in (-1, 0, 1)] + [(0, -1), (0, 1)]
    valid = []
    for dx, dy in shifts:
        moved = [[x + dx, y + dy] for x, y in state.clouds]
        try:
            check_clouds(box, state, moved)
        except IllegalAction:
            continue
        valid.append(moved)
    if not valid:
        return [list(c) for c in state.clouds]  # type: ignore[misc]
    return valid[pick % len(valid)]  # type: ignore[return-value]


def hop_path(box: Box, state: State, start: Cell, to: Cell) -> tuple[Cell, ...] | None:
    """A path of at most four cells with at most one bend from ``start`` to ``to``, free of
    scenery and clouds (carpets are jumped), or None; sideways first if both bends work."""
    dx, dy = to[0] - start[0], to[1] - start[1]
    if not 1 <= abs(dx) + abs(dy) <= HOP_REACH:
        return None
    sx, sy = (dx > 0) - (dx < 0), (dy > 0) - (dy < 0)
    for side_first in (True, False):
        path = [start]
        x, y = start
        legs = ((sx, 0, abs(dx)), (0, sy, abs(dy)))
        for ddx, ddy, n in (legs if side_first else legs[::-1]):
            for _ in range(n):
                x, y = x + ddx, y + ddy
                path.append((x, y))
        if all(box.on_board(c) and c not in state.walls for c in path[1:]):
            return tuple(path)
    return None


def hop_free(box: Box, state: State, cell: Cell) -> bool:
    """A hop's end: on the board, no scenery or cloud, and no carpet (the start podium is shared)."""
    return (box.on_board(cell) and cell not in state.walls
            and (cell == box.start or cell not in state.cells))


def hop_targets(box: Box, state: State) -> list[tuple[Cell, tuple[Cell, ...]]]:
    """Every cell face 6 can take the player to, with its path, nearest rows first."""
    x0, y0 = state.cells[state.current]
    out = []
    for y in range(y0 - HOP_REACH, y0 + HOP_REACH + 1):
        for x in range(x0 - HOP_REACH, x0 + HOP_REACH + 1):
            if not hop_free(box, state, (x, y)):
                continue
            path = hop_path(box, state, (x0, y0), (x, y))
            if path is not None:
                out.append(((x, y), path))
    return out


def check_hop(box: Box, state: State, raw: Any) -> tuple[Cell, tuple[Cell, ...]]:
    if (not isinstance(raw, list) or len(raw) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in raw)):
        raise IllegalAction("bad_cells", "{name} must be a list of [x, y] cells", name="to")
    to = (raw[0], raw[1])
    start = state.cells[state.current]
    if abs(to[0] - start[0]) + abs(to[1] - start[1]) > HOP_REACH or to == start:
        raise counted(IllegalAction("hop_too_far", "A hop goes 1 to 4 cells, not to column {x}, row {y}",
                                    x=to[0], y=to[1]))
    if not hop_free(box, state, to):
        raise counted(IllegalAction("hop_not_free", "The cell in column {x}, row {y} is not free", x=to[0], y=to[1]))
    path = hop_path(box, state, start, to)
    if path is None:
        raise counted(IllegalAction("hop_bends", "No path with at most one bend and free of scenery and "
                            "clouds leads to column {x}, row {y}", x=to[0], y=to[1]))
    return to, path


def swapped(cells: list[Cell], on: list[int | None], a: int, b: int) -> None:
    """``a`` and ``b`` trade places, each taking the other's place in its stack; carpets
    sitting on them stay where they are (and now sit on the newcomer)."""
    def other(p: int | None) -> int | None:
        return b if p == a else a if p == b else p
    new_on = [other(o) for o in on]
    new_on[a], new_on[b] = other(on[b]), other(on[a])
    cells[a], cells[b] = cells[b], cells[a]
    on[:] = new_on
