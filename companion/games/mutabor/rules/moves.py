"""Where a figure may go: the card moves, the ten rules, captures, unreachable goal cells and
the fewest-moves-home hint. Pure functions of a maze (``Grid``) or a :class:`State`.

The questions that only depend on the maze and a side (which cells a figure may pass or
land on, which goal cells no card leads to, the distance home on an empty maze) are worked
out once per maze and kept (``functools.lru_cache``), since the maze changes only by a swap.
Only the last few mazes' answers are kept (:data:`KEPT`): every game deals a new maze and every
swap makes one, and each answer holds a few kilobytes, so a table playing all day would
otherwise keep some 40 MB of answers about mazes long gone.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from functools import cache, lru_cache

from companion.engine.base import IllegalAction
from companion.games.mutabor.rules.geometry import (
    GOAL,
    KNIGHT,
    MOVES,
    PROTECTING,
    RAYS,
    START,
    VISIBLE,
    Cell,
    at,
    forbidden_sides,
    in_play_borders,
)
from companion.games.mutabor.rules.state import Grid, State

#: answers kept per question, the newest: a maze's are asked for each side in play (four at
#: most), so this holds the maze on the table, the ones an undo goes back to and the dealer's
#: last shuffles, at about 10 KB a maze and side for the three questions together
KEPT = 64


@dataclass(frozen=True)
class SideRules:
    """The cells one side's figures may use (rules 2, 3 and 4)."""

    start: frozenset[Cell]
    goal: frozenset[Cell]
    #: Cells a slide may pass through: every visible cell but the closed side cells.
    passable: frozenset[Cell]
    #: Cells a figure may end its move on: passable, and not its own start cells.
    landable: frozenset[Cell]
    #: Cells a figure of this side can stand on and move from: not the closed sides, not home.
    sources: frozenset[Cell]


@cache
def side_rules(side: str, open_sides: bool) -> SideRules:
    """The rules of one side, worked out once.

    >>> r = side_rules("bottom", False)
    >>> (7, 3) in r.sources, (7, 3) in r.landable, (0, 3) in r.landable, (3, 0) in r.passable
    (True, False, True, False)
    """
    passable = VISIBLE - forbidden_sides(side, open_sides)
    start, goal = frozenset(START[side]), frozenset(GOAL[side])
    return SideRules(start, goal, passable, passable - start, passable - goal)


def card_reach(kind: str, cell: Cell, passable: frozenset[Cell], occupied: dict[Cell, int] | frozenset[Cell]
               ) -> list[Cell]:
    """The cells a figure on ``cell`` reaches with the card ``kind``: slides stop before a
    closed cell and on the first figure; single steps and the Krebs need only a passable
    target (the Krebs jumps anything, rule 5). Occupied targets are included; whose figure
    stands there is for the caller.

    >>> sorted(card_reach("krebs", (2, 3), side_rules("bottom", False).passable, {}))
    [(0, 2), (0, 4), (1, 1), (1, 5), (3, 1), (3, 5), (4, 2)]
    >>> card_reach("tor", (6, 3), side_rules("bottom", False).passable, {(4, 3): 1, (6, 5): 1})
    [(5, 3), (7, 3), (6, 2), (6, 1), (6, 4), (6, 5)]
    """
    steps, slides = MOVES[kind]
    r, c = cell
    out: list[Cell] = []
    if slides:
        rays = RAYS[cell]
        for step in steps:
            for target in rays[step]:
                if target not in passable:
                    break
                out.append(target)
                if target in occupied:
                    break
    else:
        for dr, dc in steps:
            target = (r + dr, c + dc)
            if target in passable:
                out.append(target)
    return out


def capture_block(state: State, target: Cell, owner: int, mover: int) -> IllegalAction | None:
    """Why the figure of ``owner`` on ``target`` cannot be captured by ``mover`` (the refusal,
    not raised), or None when it can (rules 7 to 10)."""
    if owner == mover:
        return IllegalAction("capture_own", "Your own figure in row {row} from the top, column {col} from the left "
                             "cannot be captured", **at(target))
    if target in in_play_borders(state.players):
        return IllegalAction("capture_start_goal", "The figure in row {row} from the top, column {col} from the left "
                             "stands on a start or goal cell and cannot be captured", **at(target))
    if state.card(target) == PROTECTING:
        return IllegalAction("capture_storch", "The figure in row {row} from the top, column {col} from the left "
                             "stands on a Storch and cannot be captured", **at(target))
    if not free_starts(state, owner):
        return IllegalAction("no_free_start", "The figure in row {row} from the top, column {col} from the left "
                             "cannot be captured: its owner has no free start cell", **at(target))
    return None


def free_starts(state: State, seat: int, occupied: dict[Cell, int] | None = None) -> list[Cell]:
    """The start cells of ``seat`` with no figure on them, sorted."""
    occupied = state.occupancy() if occupied is None else occupied
    return [cell for cell in START[state.sides[seat]] if cell not in occupied]


def figure_moves(state: State, cell: Cell, occupied: dict[Cell, int] | None = None
                 ) -> list[tuple[Cell, Cell | None]]:
    """Every legal move of the figure on ``cell`` as ``(target, capture_to)`` pairs, one per
    free start cell the captured owner may choose when he has more than one (else None)."""
    occupied = state.occupancy() if occupied is None else occupied
    seat = occupied.get(cell)
    if seat is None:
        return []
    rules = side_rules(state.sides[seat], state.open_sides)
    if cell in rules.goal:
        return []
    kind = state.card(cell)
    assert kind is not None
    protected = in_play_borders(state.players)
    out: list[tuple[Cell, Cell | None]] = []
    for target in card_reach(kind, cell, rules.passable, occupied):
        if target not in rules.landable:
            continue
        owner = occupied.get(target)
        if owner is None:
            out.append((target, None))
            continue
        # The same checks as capture_block, without building a refusal for each.
        if owner == seat or target in protected or state.card(target) == PROTECTING:
            continue
        free = free_starts(state, owner, occupied)
        if not free:
            continue
        if len(free) == 1:
            out.append((target, None))
        else:
            out.extend((target, to) for to in free)
    return out


def targets(state: State, cell: Cell) -> list[Cell]:
    """The cells the figure on ``cell`` may move to now (each once, sorted): what the
    screen lights up when the figure is tapped. Empty for an empty cell or a figure home."""
    return sorted({target for target, _ in figure_moves(state, cell)})


def seat_moves(state: State, seat: int) -> list[tuple[Cell, Cell, Cell | None]]:
    """Every legal move of ``seat``'s figures: ``(from, to, capture_to)``."""
    occupied = state.occupancy()
    return [(cell, target, to) for cell in state.figures[seat]
            for target, to in figure_moves(state, cell, occupied)]


def can_move(state: State, seat: int) -> bool:
    """True when ``seat`` has at least one legal move."""
    occupied = state.occupancy()
    return any(figure_moves(state, cell, occupied) for cell in state.figures[seat])


# -- questions about the empty maze ------------------------------------------------------------

@lru_cache(maxsize=KEPT)
def empty_moves(grid: Grid, side: str, open_sides: bool) -> dict[Cell, tuple[Cell, ...]]:
    """Where a figure of ``side`` could go from each cell it can stand on, with no other
    figure on the maze."""
    rules = side_rules(side, open_sides)
    nobody: frozenset[Cell] = frozenset()
    return {cell: tuple(t for t in card_reach(grid[cell[0]][cell[1]] or "", cell, rules.passable, nobody)
                        if t in rules.landable)
            for cell in rules.sources}


@lru_cache(maxsize=KEPT)
def unreachable_cells(grid: Grid, side: str, open_sides: bool) -> tuple[Cell, ...]:
    """The goal cells of ``side`` that no card leads to: with all figures lifted off, no cell
    a figure of that side could move from has a move onto them (sorted).

    >>> from companion.games.mutabor.rules.dealer import grid_of
    >>> from companion.games.mutabor.box_files import load
    >>> box = load()
    >>> maze = ["baum"] * 10 + ["morgenstern"] * 10 + ["tor"] * 10 + ["elefant"] * 10 + ["krebs"] * 10 + ["storch"] * 2
    >>> unreachable_cells(grid_of(maze, box), "bottom", False)
    ()
    """
    reached = {t for moves in empty_moves(grid, side, open_sides).values() for t in moves}
    return tuple(sorted(set(GOAL[side]) - reached))


def unreachable_goals(state: State) -> list[list[Cell]]:
    """For each seat, his goal cells that are unreachable and hold none of his own figures."""
    out = []
    for seat, side in enumerate(state.sides):
        own = set(state.figures[seat])
        out.append([cell for cell in unreachable_cells(state.grid, side, state.open_sides) if cell not in own])
    return out


@lru_cache(maxsize=KEPT)
def distance_home(grid: Grid, side: str, open_sides: bool, goals: frozenset[Cell]) -> dict[Cell, int]:
    """Fewest moves from each cell to one of ``goals`` (goal cells of ``side``) on the empty
    maze; cells from which none can be reached are left out, the goals themselves are 0."""
    moves = empty_moves(grid, side, open_sides)
    back: dict[Cell, list[Cell]] = {}
    for cell, targets_ in moves.items():
        for t in targets_:
            back.setdefault(t, []).append(cell)
    dist = {cell: 0 for cell in goals}
    queue = deque(sorted(goals))
    while queue:
        cell = queue.popleft()
        for prev in back.get(cell, ()):
            if prev not in dist:
                dist[prev] = dist[cell] + 1
                queue.append(prev)
    return dist


def moves_home(state: State) -> list[int | None]:
    """The hint: for each seat, the fewest moves his nearest figure not yet home needs to
    reach a goal cell on the empty maze; 0 when all are home, None when none can get there.
    Goal cells already holding his own figures do not count: those figures stay for good."""
    out: list[int | None] = []
    for seat, side in enumerate(state.sides):
        goal = set(GOAL[side])
        away = [cell for cell in state.figures[seat] if cell not in goal]
        if not away:
            out.append(0)
            continue
        free = frozenset(goal - set(state.figures[seat]))
        dist = distance_home(state.grid, side, state.open_sides, free)
        known = [dist[cell] for cell in away if cell in dist]
        out.append(min(known) if known else None)
    return out


def is_knight(a: Cell, b: Cell) -> bool:
    return (b[0] - a[0], b[1] - a[1]) in KNIGHT
