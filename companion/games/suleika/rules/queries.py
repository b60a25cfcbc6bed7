"""Questions about a Suleika state that the rules and the screen both ask.

All functions are pure and take only the state: allowed headings, legal carpet spots,
payment areas and amounts, the pre-roll hint, visible cells, scores and winners.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.games.suleika.rules import board as geo
from companion.games.suleika.rules.board import Cell
from companion.games.suleika.rules.state import State

# -- whose turn ------------------------------------------------------------------------------

def next_seat(state: State, after: int) -> int | None:
    """The next seat after ``after`` (wrapping round, ``after`` itself last) that is still in
    and has carpets left; None when nobody has: then the game is over."""
    return seat_after(state.out, state.stock, after)


def seat_after(out: tuple[bool, ...], stock: tuple[tuple[int, ...], ...], after: int) -> int | None:
    """``next_seat`` from the parts it reads, for a state not built yet (the rules decide the
    next seat before making the one new state of an action)."""
    players = len(out)
    for k in range(1, players + 1):
        seat = (after + k) % players
        if not out[seat] and sum(stock[seat]) > 0:
            return seat
    return None


def roller(state: State) -> int | None:
    """The seat that rolls or places next (``summary()["turn"]``)."""
    if state.phase == "over":
        return None
    if state.phase == "heading":
        return next_seat(state, state.current)
    return state.current


# -- headings --------------------------------------------------------------------------------

def allowed_headings(state: State) -> list[str]:
    """The headings a ``face`` action may pick now, in compass order (``[]`` if none).

    Standard turn: before the roll, straight on or 90° from the heading Omar had when the
    turn began (all four before the game's first roll). 2-player variant: after the
    placement, 90° at most from where Omar stands; before the game's first roll, any.
    """
    return list(heading_choices(state))


def heading_choices(state: State) -> tuple[str, ...]:
    """``allowed_headings`` as the shared tuple (read only), for the rules' own use."""
    if state.phase == "roll" and state.first_turn:
        return geo.HEADINGS
    if (state.phase == "roll" and not state.variant2p) or state.phase == "heading":
        return _CHOICES[state.turn_heading]
    return ()


#: For each heading, the headings a turn may pick from it, in compass order (asked for
#: before every roll and every ``face``, so worked out once).
_CHOICES: dict[str, tuple[str, ...]] = {
    heading: tuple(h for h in geo.HEADINGS if h in geo.turns_from(heading)) for heading in geo.HEADINGS
}


# -- carpets ---------------------------------------------------------------------------------

def covers_whole_carpet(state: State, a: Cell, b: Cell) -> bool:
    """True if cells ``a`` and ``b`` show both visible halves of one single carpet.

    Judged by carpet identity, not colour: two neighbouring red halves of different
    carpets may be covered together, and so may a carpet whose other half is hidden.
    """
    ta, tb = state.top(a), state.top(b)
    return ta is not None and tb is not None and ta[1] == tb[1]


def carpet_positions(state: State) -> list[tuple[Cell, Cell]]:
    """Cell pairs (touching Omar first) where a carpet may lie now, whatever its colour."""
    board = state.board
    return [((ar, ac), (br, bc)) for ar, ac, br, bc in geo.SPOT_COORDS[state.omar]
            if (ta := board[ar][ac]) is None or (tb := board[br][bc]) is None or ta[1] != tb[1]]


def colours_left(state: State, seat: int) -> list[str]:
    """The colours ``seat`` still holds carpets of, in his colour order."""
    return [c for c, n in zip(state.colors[seat], state.stock[seat]) if n > 0]


def legal_placements(state: State) -> list[tuple[Cell, Cell, str]]:
    """Every legal ``place``: (cell touching Omar, other cell, colour); ``[]`` unless placing.

    Never empty while placing: every cell has a neighbour with two further on-board
    neighbours besides Omar's cell, and one carpet can block at most one of those two
    (see the package docstring).
    """
    if state.phase != "place":
        return []
    colours = colours_left(state, state.current)
    return [(a, b, colour) for a, b in carpet_positions(state) for colour in colours]


# -- payments --------------------------------------------------------------------------------

def payment_area(state: State, cell: Cell) -> frozenset[Cell]:
    """The orthogonally connected cells showing the colour on ``cell`` (empty if bare).

    In the 2-player game a player's two colours are separate areas, as the rules say.
    """
    board = state.board
    top = board[cell[0]][cell[1]]
    if top is None:
        return frozenset()
    colour = top[0]
    # geo.area with the colour test written out: a payment is looked for after every roll,
    # and calling a test per cell costs more than the search itself.
    around = geo.NEIGHBOUR_COORDS
    seen = {cell}
    todo = [cell]
    while todo:
        for n, r, c in around[todo.pop()]:
            if n not in seen:
                t = board[r][c]
                if t is not None and t[0] == colour:
                    seen.add(n)
                    todo.append(n)
    return frozenset(seen)


def payment_due(state: State, payer: int, cell: Cell) -> tuple[int, int, frozenset[Cell]] | None:
    """What ``payer`` owes if Omar stops on ``cell``: (payee, amount due, area), or None when
    nothing is due (bare cell, the payer's own colour, or a player who is out)."""
    top = state.board[cell[0]][cell[1]]
    if top is None:
        return None
    owner = state.owner(top[0])
    if owner is None or owner == payer or state.out[owner]:
        return None
    cells = payment_area(state, cell)
    return owner, len(cells), cells


@dataclass(frozen=True)
class HeadingHint:
    """What a heading promises before the roll.

    ``cells`` maps each cell Omar may end on to its probability (summing to 1);
    ``expected_payment`` is what the player who rolls expects to pay, counting the
    "pay what you can" cap of both rule sets.
    """

    cells: dict[Cell, float]
    expected_payment: float


def hint(state: State) -> dict[str, HeadingHint]:
    """For each allowed heading, where the die may take Omar and what it may cost.

    In the 2-player variant's heading phase the payer is the next player (he rolls).
    """
    payer = roller(state)
    hints: dict[str, HeadingHint] = {}
    if payer is None:
        return hints
    weight = 1.0 / len(state.die_faces)
    walks = geo.walk_table(max(geo.TABLE_PIPS, *state.die_faces))
    for heading in allowed_headings(state):
        spread: dict[Cell, float] = {}
        expected = 0.0
        path = walks.get((state.omar, heading, state.corner_loops))
        if path is None:  # not a board cell or corner setting the tables know: walked as ever
            path = tuple(geo.walk(state.omar, heading, max(state.die_faces), state.corner_loops))
        for face in state.die_faces:
            end = path[face - 1][0]
            spread[end] = spread.get(end, 0.0) + weight
            due = payment_due(state, payer, end)
            if due is not None:
                expected += weight * min(due[1], state.money[payer])
        hints[heading] = HeadingHint(spread, expected)
    return hints


# -- scoring ---------------------------------------------------------------------------------

def seat_colors(state: State, seat: int) -> tuple[str, ...]:
    """The colours ``seat`` plays (two in the 2-player game)."""
    return state.colors[seat]


def carpets_left(state: State, seat: int) -> dict[str, int]:
    """Carpets ``seat`` still holds, per colour."""
    return state.left_of(seat)


def visible_cells(state: State, seat: int) -> int:
    """Visible cells of all of ``seat``'s colours."""
    shown = _shown(state)
    return sum(shown.count(c) for c in state.colors[seat])


def visible_counts(state: State) -> list[int]:
    """``visible_cells`` of every seat, from one look at the board."""
    shown = _shown(state)
    return [sum(shown.count(c) for c in colours) for colours in state.colors]


def _shown(state: State) -> list[str]:
    """The colour of every visible carpet cell (counted by ``list.count``, not cell by cell)."""
    return [top[0] for row in state.board for top in row if top is not None]


def scores(state: State) -> list[int]:
    """Visible cells + money for every seat (players who are out included, for the table)."""
    return [seen + money for seen, money in zip(visible_counts(state), state.money)]


def ranking(state: State) -> list[int]:
    """The seats who would win if the game ended now.

    Highest score among players still in; tie: more visible cells (Suleika rules) or more
    money (Marrakech rules); still tied: everyone tied (``final_tie = "shared"``) or nobody
    (``"none"``).
    """
    visible = visible_counts(state)
    score = [seen + money for seen, money in zip(visible, state.money)]
    inside = [s for s in range(state.players) if not state.out[s]]

    def key(s: int) -> tuple[int, int]:
        tie = visible[s] if state.rules == "suleika" else state.money[s]
        return score[s], tie

    best = max(key(s) for s in inside)
    top = [s for s in inside if key(s) == best]
    if len(top) > 1 and state.final_tie == "none":
        return []
    return top


def winners(state: State) -> list[int]:
    """The winning seats once the game is over; ``[]`` before."""
    return ranking(state) if state.phase == "over" else []
