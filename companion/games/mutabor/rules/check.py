"""Why a move or a swap is refused: each broken rule its own :class:`IllegalAction` code.

The checks run in the order a player would think of them (whose figure, may it move at all,
where to, does the card go there, is the way free, may that figure be captured), so the
refusal names the first thing that is wrong.
"""

from __future__ import annotations

from typing import Any

from companion.engine.base import IllegalAction
from companion.games.mutabor.rules.geometry import CELLS, CENTRE, MOVES, VISIBLE, Cell, at, where
from companion.games.mutabor.rules.moves import capture_block, free_starts, is_knight, side_rules
from companion.games.mutabor.rules.state import State


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def cell_of(action: dict[str, Any], key: str) -> Cell:
    """``action[key]`` as a cell of the maze (refused when malformed or not a cell)."""
    raw = action.get(key)
    if not (isinstance(raw, (list, tuple)) and len(raw) == 2 and all(_is_int(x) for x in raw)):
        raise IllegalAction("bad_cell", '"{key}" must be a [row, col] pair, like [7, 3]', key=key)
    cell = (int(raw[0]), int(raw[1]))
    if cell not in CELLS:
        raise IllegalAction("not_a_cell", "Row {row} from the top, column {col} from the left"
                            " is not a cell of the maze", **at(cell))
    return cell


def _way(kind: str, a: Cell, b: Cell) -> list[Cell] | None:
    """The cells strictly between ``a`` and ``b`` when the card ``kind`` can go from one to
    the other on an empty maze (the Krebs and one-step cards: none), else None."""
    dr, dc = b[0] - a[0], b[1] - a[1]
    steps, slides = MOVES[kind]
    if kind == "krebs":
        return [] if is_knight(a, b) else None
    if not slides:
        return [] if (dr, dc) in steps else None
    n = max(abs(dr), abs(dc))
    if n == 0 or dr % n or dc % n:
        return None
    step = (dr // n, dc // n)
    if step not in steps:
        return None
    return [(a[0] + step[0] * k, a[1] + step[1] * k) for k in range(1, n)]


def check_move(state: State, seat: int, a: Cell, b: Cell) -> int | None:
    """Refuse a move of ``seat`` from ``a`` to ``b`` that breaks a rule; return the seat whose
    figure it captures (None when it captures nothing)."""
    occupied = state.occupancy()
    owner = occupied.get(a)
    if owner is None:
        raise IllegalAction("no_figure", "There is no figure in row {row} from the top, column {col} from the left",
                            **at(a))
    if owner != seat:
        raise IllegalAction("not_your_figure", "The figure in row {row} from the top, column {col} from the left"
                            " is not yours", **at(a))
    rules = side_rules(state.sides[seat], state.open_sides)
    if a in rules.goal:
        raise IllegalAction("figure_home", "The figure in row {row} from the top, column {col} from the left"
                            " is home and never moves again", **at(a))
    if a == b:
        raise IllegalAction("same_cell", "A move must leave its cell")
    if b in CENTRE:
        raise IllegalAction("enters_centre", "No figure may enter the four centre cells")
    if b not in rules.passable:
        raise IllegalAction("side_cell", "The cell in row {row} from the top, column {col} from the left"
                            " is a side cell, closed to this figure", **at(b))
    if b in rules.start:
        if a in rules.start:
            raise IllegalAction("start_to_start", "No move from one of your start cells to another")
        raise IllegalAction("onto_own_start", "No figure may move back onto its own start cells")
    kind = state.card(a)
    assert kind is not None
    way = _way(kind, a, b)
    if way is None:
        raise IllegalAction("card_forbids", "The {card} card in row {row} from the top, column {col} from the left"
                            " does not move there", card=kind.capitalize(), **at(a))  # as the box names it
    for cell in way:
        if cell in CENTRE:
            raise IllegalAction("passes_centre", "No move may pass the centre (only the Krebs jumps it)")
        if cell not in VISIBLE:
            raise IllegalAction("leaves_maze", "The move would leave the maze")
        if cell not in rules.passable:
            raise IllegalAction("side_cell", "The cell in row {row} from the top, column {col} from the left"
                                " is a side cell, closed to this figure", **at(cell))
        if cell in occupied:
            raise IllegalAction("jumps_figure", "The move would jump the figure in row {row} from the top, "
                                "column {col} from the left", **at(cell))
    victim = occupied.get(b)
    if victim is None:
        return None
    refusal = capture_block(state, b, victim, seat)
    if refusal is not None:
        raise refusal
    return victim


def capture_cell(state: State, victim: int | None, action: dict[str, Any]) -> Cell | None:
    """Where the captured figure goes: ``capture_to`` checked against its owner's free start
    cells (required when there is more than one, refused on a move that captures nothing)."""
    given = "capture_to" in action
    if victim is None:
        if given:
            raise IllegalAction("capture_to_unused", "This move captures nothing, so it takes no capture_to")
        return None
    free = free_starts(state, victim)
    if not given:
        if len(free) > 1:
            raise IllegalAction("capture_to_needed", "Say on which free start cell the captured figure goes: {cells}",
                                cells=" or ".join(where(c) for c in free))
        return free[0]
    to = cell_of(action, "capture_to")
    if to not in free:
        raise IllegalAction("capture_to_wrong", "The cell in row {row} from the top, column {col} from the left"
                            " is not a free start cell of the captured figure", **at(to))
    return to


def check_swap(state: State, a: Cell, b: Cell, unreachable: list[Cell]) -> None:
    """Refuse a swap of the cards on ``a`` and ``b`` by the seat to move, whose unreachable
    goal cells are ``unreachable``, when the rules do not allow it."""
    if a == b:
        raise IllegalAction("swap_same", "A swap needs two different cards")
    for cell in (a, b):
        if cell in CENTRE:
            raise IllegalAction("swap_hidden", "The face-down centre cards are never swapped")
    occupied = state.occupancy()
    for cell in (a, b):
        if cell in occupied:
            raise IllegalAction("swap_under_figure", "A figure stands in row {row} from the top, "
                                "column {col} from the left; its card stays", **at(cell))
    if state.swapped:
        raise IllegalAction("swap_twice", "Only one swap a turn")
    if not unreachable:
        raise IllegalAction("swap_not_allowed", "Cards may be swapped only when one of your goal cells is unreachable")
