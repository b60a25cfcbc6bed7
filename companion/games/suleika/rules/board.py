"""The 7×7 market: headings, turning, Omar's walk over the balcony loops, connected areas.

Cells are ``(row, col)`` with row 0 at the top and col 0 at the left; headings are the
compass letters ``N E S W`` (N is up the screen). See /work/shared/rules/suleika.md,
"Board and coordinates" and "Balcony loops".

>>> walk((3, 3), "E", 4)
[((3, 4), 'E'), ((3, 5), 'E'), ((3, 6), 'E'), ((4, 6), 'W')]
>>> turn_left("N"), turn_right("N"), opposite("N")
('W', 'E', 'S')
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import cache

Cell = tuple[int, int]

SIZE = 7
HEADINGS: tuple[str, ...] = ("N", "E", "S", "W")  # clockwise, so index arithmetic turns
DELTAS: dict[str, Cell] = {"N": (-1, 0), "E": (0, 1), "S": (1, 0), "W": (0, -1)}
CORNER_LOOPS: tuple[str, ...] = ("TR_BL", "TL_BR")
#: Mirror image of a heading (left ↔ right); how TL_BR is derived from TR_BL.
_MIRROR = {"N": "N", "S": "S", "E": "W", "W": "E"}


def turn_right(heading: str) -> str:
    return HEADINGS[(HEADINGS.index(heading) + 1) % 4]


def turn_left(heading: str) -> str:
    return HEADINGS[(HEADINGS.index(heading) - 1) % 4]


def opposite(heading: str) -> str:
    return HEADINGS[(HEADINGS.index(heading) + 2) % 4]


def turns_from(heading: str) -> tuple[str, str, str]:
    """The headings a player may choose from ``heading``: straight on, left, right (never back)."""
    return heading, turn_left(heading), turn_right(heading)


def on_board(cell: Cell) -> bool:
    r, c = cell
    return 0 <= r < SIZE and 0 <= c < SIZE


def cells() -> Iterator[Cell]:
    """Every cell of the market, row by row."""
    for r in range(SIZE):
        for c in range(SIZE):
            yield (r, c)


def _neighbours(cell: Cell) -> list[Cell]:
    r, c = cell
    out = []
    for dr, dc in DELTAS.values():
        n = (r + dr, c + dc)
        if on_board(n):
            out.append(n)
    return out


#: Neighbours of every cell, worked out once: the walk, the areas and the carpet spots ask
#: for them thousands of times a game.
_NEIGHBOURS: dict[Cell, tuple[Cell, ...]] = {(r, c): tuple(_neighbours((r, c)))
                                              for r in range(SIZE) for c in range(SIZE)}


def neighbours(cell: Cell) -> list[Cell]:
    """Orthogonal neighbours on the board (diagonals never count in Suleika)."""
    known = _NEIGHBOURS.get(cell)
    return list(known) if known is not None else _neighbours(cell)


def adjacent(a: Cell, b: Cell) -> bool:
    return abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1


def _pair(i: int, low_even: bool) -> int:
    """The row/col joined to ``i`` by a balcony arc: pairs (0,1),(2,3),(4,5) when
    ``low_even`` (the lower index of each pair is even), else (1,2),(3,4),(5,6)."""
    if (i % 2 == 0) == low_even:
        return i + 1
    return i - 1


def _balcony_tr_bl(cell: Cell, heading: str) -> tuple[Cell, str]:
    """Where Omar re-enters after stepping off the board from ``cell`` (TR_BL loops).

    Follows the table in the rules file: the corner loops sit on (0,6) and (6,0); there
    Omar stays on his cell and only turns, which still uses up the pip.
    """
    r, c = cell
    if heading == "E":
        return ((0, 6), "S") if r == 0 else ((_pair(r, low_even=False), 6), "W")
    if heading == "W":
        return ((6, 0), "N") if r == 6 else ((_pair(r, low_even=True), 0), "E")
    if heading == "N":
        return ((0, 6), "W") if c == 6 else ((0, _pair(c, low_even=True)), "S")
    # heading == "S"
    return ((6, 0), "E") if c == 0 else ((6, _pair(c, low_even=False)), "N")


def _mirror(cell: Cell, heading: str) -> tuple[Cell, str]:
    return (cell[0], SIZE - 1 - cell[1]), _MIRROR[heading]


def balcony(cell: Cell, heading: str, corner_loops: str = "TR_BL") -> tuple[Cell, str]:
    """The re-entry cell and heading when Omar walks off the board from ``cell``.

    TL_BR is the TR_BL table seen in a mirror (the same board turned by 90°).

    >>> balcony((0, 0), "W")
    ((1, 0), 'E')
    >>> balcony((0, 0), "W", "TL_BR")
    ((0, 0), 'S')
    """
    if corner_loops == "TR_BL":
        return _balcony_tr_bl(cell, heading)
    if corner_loops == "TL_BR":
        m_cell, m_heading = _mirror(cell, heading)
        back_cell, back_heading = _balcony_tr_bl(m_cell, m_heading)
        return _mirror(back_cell, back_heading)
    raise ValueError(f"corner_loops must be one of {CORNER_LOOPS}, not {corner_loops!r}")


def step(cell: Cell, heading: str, corner_loops: str = "TR_BL") -> tuple[Cell, str]:
    """One pip: straight ahead, or over the balcony when the next cell is off the board."""
    dr, dc = DELTAS[heading]
    ahead = (cell[0] + dr, cell[1] + dc)
    if on_board(ahead):
        return ahead, heading
    return balcony(cell, heading, corner_loops)


def walk(cell: Cell, facing: str, steps: int, corner_loops: str = "TR_BL") -> list[tuple[Cell, str]]:
    """Every cell Omar stands on after each pip, with his heading then.

    The rulebook's examples (rules file, "Balcony loops"):

    >>> walk((0, 6), "E", 2)
    [((0, 6), 'S'), ((1, 6), 'S')]
    >>> walk((5, 2), "S", 3)
    [((6, 2), 'S'), ((6, 1), 'N'), ((5, 1), 'N')]
    """
    if type(cell) is tuple and type(steps) is int and 0 <= steps <= TABLE_PIPS:
        path = _WALKS.get((cell, facing, corner_loops))
        if path is not None:
            return list(path[:steps])
    return _walk(cell, facing, steps, corner_loops)


def _walk(cell: Cell, facing: str, steps: int, corner_loops: str) -> list[tuple[Cell, str]]:
    """``walk`` pip by pip: what the tables are made of, and any walk they do not hold."""
    path = []
    for _ in range(steps):
        cell, facing = step(cell, facing, corner_loops)
        path.append((cell, facing))
    return path


def area(cell: Cell, same: Callable[[Cell], bool]) -> frozenset[Cell]:
    """The orthogonally connected cells around ``cell`` for which ``same`` holds
    (``cell`` itself included when ``same(cell)``; empty otherwise)."""
    if not same(cell):
        return frozenset()
    seen = {cell}
    todo = [cell]
    while todo:
        for n in neighbours(todo.pop()):
            if n not in seen and same(n):
                seen.add(n)
                todo.append(n)
    return frozenset(seen)


def carpet_spots(omar: Cell) -> list[tuple[Cell, Cell]]:
    """Every on-board pair (touching, far) where ``touching`` is orthogonally next to Omar
    and ``far`` next to ``touching``, neither under Omar: the carpet positions before the
    covering rule is checked. Never more than 12 (4 neighbours × 3 directions).

    A cell pair is listed once: two cells that are neighbours of each other cannot both
    touch Omar (the grid is a chessboard; they have different colours).
    """
    known = _SPOTS.get(omar)
    return list(known) if known is not None else _carpet_spots(omar)


def _carpet_spots(omar: Cell) -> list[tuple[Cell, Cell]]:
    spots = []
    for touching in neighbours(omar):
        for far in neighbours(touching):
            if far != omar:
                spots.append((touching, far))
    return spots


#: Carpet spots around every cell, worked out once (asked for at every placement).
_SPOTS: dict[Cell, tuple[tuple[Cell, Cell], ...]] = {cell: tuple(_carpet_spots(cell)) for cell in _NEIGHBOURS}



# -- tables worked out once: the walk, the spots as a record names them --------------------------

#: Pips every walk table holds at least: the most a six-sided die shows.
TABLE_PIPS = 6
Path = tuple[tuple[Cell, str], ...]


@cache
def walk_table(pips: int = TABLE_PIPS) -> dict[tuple[Cell, str, str], Path]:
    """Omar's path of ``pips`` pips from every cell in every heading under both corner
    settings, keyed ``(cell, heading, corner_loops)``: a roll is then one lookup and a slice
    (``path[:value]``). Built once per die length, so once per box.

    >>> walk_table(4)[((3, 3), "E", "TR_BL")][-1]
    ((4, 6), 'W')
    """
    return {(cell, heading, loops): tuple(_walk(cell, heading, pips, loops))
            for cell in _NEIGHBOURS for heading in HEADINGS for loops in CORNER_LOOPS}


_WALKS = walk_table(TABLE_PIPS)

#: Spot = (touching, far, and the four coordinates of the two cells), as the rules read and
#: write them without taking the cells apart again.
Spot = tuple[Cell, Cell, int, int, int, int]
#: The carpet spots around every cell as the four coordinates (touching row and col, far row
#: and col), for the placement listing.
SPOT_COORDS: dict[Cell, tuple[tuple[int, int, int, int], ...]] = {
    omar: tuple((a[0], a[1], b[0], b[1]) for a, b in spots) for omar, spots in _SPOTS.items()}
#: Around every cell: each carpet spot under the four coordinates a record line gives, in either
#: order, mapped to its Spot in that order. A ``place`` found here is on the board, side by
#: side, touching Omar and not under him; one not found here is checked step by step (and
#: refused with the reason).
SPOT_INDEX: dict[Cell, dict[tuple[int, int, int, int], Spot]] = {
    omar: {**{(a[0], a[1], b[0], b[1]): (a, b, a[0], a[1], b[0], b[1]) for a, b in spots},
           **{(b[0], b[1], a[0], a[1]): (b, a, b[0], b[1], a[0], a[1]) for a, b in spots}}
    for omar, spots in _SPOTS.items()}
#: Orthogonal neighbours of every cell as (cell, row, col), for searches that read the board.
NEIGHBOUR_COORDS: dict[Cell, tuple[tuple[Cell, int, int], ...]] = {
    cell: tuple((n, n[0], n[1]) for n in around) for cell, around in _NEIGHBOURS.items()}
