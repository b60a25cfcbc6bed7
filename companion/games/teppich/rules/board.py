"""Board geometry: obstacles, the way through, and which free cells hang together.

A *way through* is a chain of cells free of scenery and clouds, joined side to side, from the
start podium to the goal podium. Carpets never block it (they are jumped).

>>> from companion.games.teppich.box_files import load
>>> box = load()
>>> has_way(box, frozenset())
True
>>> wall = frozenset((12, y) for y in range(box.height))
>>> has_way(box, wall)
False
"""

from __future__ import annotations

from collections.abc import Iterable

from companion.games.teppich.rules.box import Box, Cell

STEPS: tuple[Cell, ...] = ((1, 0), (-1, 0), (0, 1), (0, -1))


def reachable(box: Box, walls: frozenset[Cell], start: Cell) -> set[Cell]:
    """Every free cell joined side to side to ``start`` (empty if ``start`` itself is a wall)."""
    if start in walls or not box.on_board(start):
        return set()
    seen = {start}
    todo = [start]
    w, h = box.width, box.height
    while todo:
        x, y = todo.pop()
        for dx, dy in STEPS:
            n = (x + dx, y + dy)
            if n not in seen and 0 <= n[0] < w and 0 <= n[1] < h and n not in walls:
                seen.add(n)
                todo.append(n)
    return seen


def has_way(box: Box, walls: frozenset[Cell]) -> bool:
    """True if a way through leads from the start podium to the goal podium."""
    return box.goal in reachable(box, walls, box.start)


def shut_off(box: Box, walls: frozenset[Cell], cells: Iterable[Cell]) -> list[Cell]:
    """Those of ``cells`` that no free chain joins to the way through (in the given order)."""
    joined = reachable(box, walls, box.start)
    return [c for c in cells if c not in joined]


def landing(box: Box, scenery: frozenset[Cell], cell: Cell) -> Cell:
    """Where a carpet forced down from ``cell`` comes to rest: straight down through clouds
    and past hovering carpets, onto the top of the scenery or the ground.

    >>> from companion.games.teppich.box_files import load
    >>> landing(load(), frozenset({(4, 0), (4, 1)}), (4, 9))
    (4, 2)
    """
    x, y = cell
    while y > 0 and (x, y - 1) not in scenery:
        y -= 1
    return (x, y)


def grounded(scenery: frozenset[Cell], cell: Cell) -> bool:
    """True on the ground or on a roof (the cell below is scenery)."""
    return cell[1] == 0 or (cell[0], cell[1] - 1) in scenery
