"""The shape of the Mutabor maze: which cells exist, the sides, the card moves as offsets.

Cells are ``(row, col)`` on an 8×8 grid, row 0 at the top. The core is rows 1..6 × cols 1..6;
each border side holds four cells; the four centre cells hold face-down cards and are never
entered or passed (only the Krebs jumps them). Everything here is fixed by the rules and the
issue's decisions; what a box may differ in (card counts, the dealing order) is in ``box.py``.

>>> len(CELLS), len(VISIBLE), sorted(CENTRE)
(52, 48, [(3, 3), (3, 4), (4, 3), (4, 4)])
>>> START["bottom"], GOAL["bottom"]
(((7, 2), (7, 3), (7, 4), (7, 5)), ((0, 2), (0, 3), (0, 4), (0, 5)))
>>> sorted(KNIGHT)[:2]
[(-2, -1), (-2, 1)]
"""

from __future__ import annotations

from functools import cache

Cell = tuple[int, int]

SIZE = 8
CORE: frozenset[Cell] = frozenset((r, c) for r in range(1, 7) for c in range(1, 7))
CENTRE: frozenset[Cell] = frozenset((r, c) for r in (3, 4) for c in (3, 4))

#: The four border sides, each four cells, in the order seats take them (clockwise from above).
SIDES: tuple[str, ...] = ("bottom", "left", "top", "right")
SIDE_CELLS: dict[str, tuple[Cell, ...]] = {
    "bottom": tuple((7, c) for c in range(2, 6)),
    "left": tuple((r, 0) for r in range(2, 6)),
    "top": tuple((0, c) for c in range(2, 6)),
    "right": tuple((r, 7) for r in range(2, 6)),
}
OPPOSITE: dict[str, str] = {"bottom": "top", "top": "bottom", "left": "right", "right": "left"}
BORDER: frozenset[Cell] = frozenset(c for cells in SIDE_CELLS.values() for c in cells)
CELLS: frozenset[Cell] = CORE | BORDER
VISIBLE: frozenset[Cell] = CELLS - CENTRE

def where(cell: Cell) -> str:
    """A cell in the words of the command line, counted as the screen counts it (from 1, the
    row from the top, the column from the left); the engine's pairs count from 0.

    >>> where((7, 2))
    'row 8 from the top, column 3 from the left'
    """
    return "row {row} from the top, column {col} from the left".format(**at(cell))


def at(cell: Cell) -> dict[str, int]:
    """A refusal's ``row`` and ``col``, counted from 1 as the table counts them (the screen's
    words and the command line's say "Reihe 8 von oben", "row 8 from the top").

    >>> at((7, 2))
    {'row': 8, 'col': 3}
    """
    return {"row": cell[0] + 1, "col": cell[1] + 1}


#: A player's start cells are his side; his goal cells are the opposite side.
START: dict[str, tuple[Cell, ...]] = dict(SIDE_CELLS)
GOAL: dict[str, tuple[Cell, ...]] = {side: SIDE_CELLS[OPPOSITE[side]] for side in SIDES}

#: Which side each seat plays, by player count (issue: "Sides and turn order").
SEAT_SIDES: dict[int, tuple[str, ...]] = {
    2: ("bottom", "top"),
    3: ("bottom", "left", "top"),
    4: ("bottom", "left", "top", "right"),
}
#: The 3-player middle seat (left: his goal side is empty), who sits out his first turn.
MIDDLE_SEAT = 1

ORTHOGONAL: tuple[Cell, ...] = ((-1, 0), (1, 0), (0, -1), (0, 1))
DIAGONAL: tuple[Cell, ...] = ((-1, -1), (-1, 1), (1, -1), (1, 1))
KNIGHT: frozenset[Cell] = frozenset((a * dr, b * dc) for dr, dc in ((1, 2), (2, 1))
                                    for a in (1, -1) for b in (1, -1))

#: The six card kinds, in the box's order.
KINDS: tuple[str, ...] = ("morgenstern", "baum", "tor", "elefant", "krebs", "storch")
#: How each kind moves: (directions, slides any distance?); the Krebs is the knight's jump.
MOVES: dict[str, tuple[tuple[Cell, ...], bool]] = {
    "morgenstern": (ORTHOGONAL + DIAGONAL, True),
    "baum": (ORTHOGONAL + DIAGONAL, False),
    "tor": (ORTHOGONAL, True),
    "elefant": (DIAGONAL, True),
    "krebs": (tuple(sorted(KNIGHT)), False),
    "storch": (ORTHOGONAL + DIAGONAL, False),
}
#: A figure standing on this kind cannot be captured (rule 10).
PROTECTING = "storch"


def ray(cell: Cell, step: Cell) -> list[Cell]:
    """The cells from ``cell`` (not included) in direction ``step``, up to the first cell that
    does not exist or is the centre (neither included): a slide can never go further.

    >>> ray((7, 3), (-1, 0))
    [(6, 3), (5, 3)]
    >>> ray((2, 0), (0, 1))
    [(2, 1), (2, 2), (2, 3), (2, 4), (2, 5), (2, 6), (2, 7)]
    """
    out: list[Cell] = []
    r, c = cell[0] + step[0], cell[1] + step[1]
    while (r, c) in CELLS and (r, c) not in CENTRE:
        out.append((r, c))
        r, c = r + step[0], c + step[1]
    return out


#: Every ray of every cell, worked out once: RAYS[cell][step].
RAYS: dict[Cell, dict[Cell, tuple[Cell, ...]]] = {
    cell: {step: tuple(ray(cell, step)) for step in ORTHOGONAL + DIAGONAL} for cell in CELLS
}


def forbidden_sides(side: str, open_sides: bool) -> frozenset[Cell]:
    """The border cells a player of ``side`` may never enter (rule 4): the two sides that are
    neither his start nor his goal; none when a 2-player game opens them.

    >>> sorted(forbidden_sides("bottom", False))[:2]
    [(2, 0), (2, 7)]
    >>> forbidden_sides("bottom", True)
    frozenset()
    """
    if open_sides:
        return frozenset()
    return BORDER - frozenset(START[side]) - frozenset(GOAL[side])


@cache
def in_play_borders(players: int) -> frozenset[Cell]:
    """Start and goal cells of every side in play: figures there cannot be captured (rule 9).

    >>> len(in_play_borders(2)), len(in_play_borders(3)), len(in_play_borders(4))
    (8, 16, 16)
    """
    cells: set[Cell] = set()
    for side in SEAT_SIDES[players]:
        cells |= set(START[side]) | set(GOAL[side])
    return frozenset(cells)
