"""Where a move ends: leaving one's stack, blockade and forced landing, the goal, the stars.

Shared by every kind of move (card, token, drift, hop, swap), so that they all settle the
same way. Functions take and return plain lists; ``rules.py`` freezes them into a State.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.engine.base import Event, IllegalAction
from companion.games.teppich.rules.board import landing
from companion.games.teppich.rules.box import Box, Cell, counted
from companion.games.teppich.rules.state import State

THENS: tuple[str, ...] = ("block", "force")


def stack(cells: list[Cell], on: list[int | None], cell: Cell) -> list[int]:
    """The carpets on ``cell``, bottom to top (following ``on``); see ``State.at``."""
    here = [p for p, c in enumerate(cells) if c == cell]
    if len(here) < 2:
        return here
    bottoms = [p for p in here if on[p] is None]
    if len(bottoms) != 1:
        return here
    order = bottoms
    above = {on[p]: p for p in here if on[p] is not None}
    while order[-1] in above:
        order.append(above[order[-1]])
    return order


@dataclass
class Board:
    """The carpets as lists, changed in place while a move settles."""

    cells: list[Cell]
    on: list[int | None]
    misses: list[int]
    winners: list[int]

    @classmethod
    def of(cls, state: State) -> Board:
        return cls(list(state.cells), list(state.on), list(state.misses), list(state.winners))

    def lift(self, player: int) -> None:
        """The carpet flies alone: whoever sat on it now sits on what it sat on."""
        below = self.on[player]
        for p, o in enumerate(self.on):
            if o == player:
                self.on[p] = below
        self.on[player] = None

    def top(self, cell: Cell) -> int | None:
        here = stack(self.cells, self.on, cell)
        return here[-1] if here else None


def then_options(box: Box, state: State, player: int, end: Cell) -> tuple[str | None, ...]:
    """The ``then`` values a move of ``player`` ending on ``end`` needs: (None,) when it ends
    alone, where it began or on the start podium; else block, and force where the stack can sink."""
    if end == state.cells[player] or end == box.start:
        return (None,)
    if not any(c == end for p, c in enumerate(state.cells) if p != player):
        return (None,)
    return ("block", "force") if can_force(box, state, end) else ("block",)


def can_force(box: Box, state: State, cell: Cell) -> bool:
    down = landing(box, state.scenery_set, cell)
    return down != cell and down not in state.walls


def settle(box: Box, state: State, player: int, end: Cell, then: Any,
           events: list[Event]) -> tuple[Board, bool]:
    """Put ``player``'s carpet on ``end`` at the end of a move, with its blockade or forced
    landing; returns the changed carpets and whether the special die must be rolled."""
    if then is not None and then not in THENS:
        raise IllegalAction("bad_then", 'After landing on a carpet say "then": "block" or '
                            '"force", not {then}', then=str(then))
    needed = then_options(box, state, player, end)
    if then is None and None not in needed:
        raise counted(IllegalAction("then_missing", "The move ends on a carpet in column {x}, row {y}: say "
                            '"then": "block" or "force"', x=end[0], y=end[1]))
    if then is not None and None in needed:
        raise IllegalAction("then_not_needed", 'The move does not end on a carpet, so it takes '
                            'no "then"')
    if then == "force" and "force" not in needed:
        raise counted(IllegalAction("cannot_force", "The carpets in column {x}, row {y} cannot sink any lower",
                            x=end[0], y=end[1]))
    board = Board.of(state)
    if end == state.cells[player]:
        return board, False
    lifted = stack(board.cells, board.on, end)
    board.lift(player)
    board.cells[player] = end
    if then == "block":
        top = lifted[-1]
        board.on[player] = top
        board.misses[top] += 1
        events.append(Event("block", {"player": player, "on": top, "cell": list(end)}))
    elif then == "force":
        _force(box, state, board, lifted, end, events)
    if end == box.goal and not board.winners:
        board.winners.append(player)
    rolls = (then is None and state.special_die and end in state.stars and end != box.start
             and not board.winners)
    return board, rolls


def _force(box: Box, state: State, board: Board, lifted: list[int], cell: Cell,
           events: list[Event]) -> None:
    """The whole stack on ``cell`` sinks straight down onto scenery or the ground; onto a
    carpet there, which it blocks; onto the start podium it simply joins the others."""
    down = landing(box, state.scenery_set, cell)
    under = None if down == box.start else board.top(down)
    for p in lifted:
        board.cells[p] = down
    if down == box.start:
        for p in lifted:
            board.on[p] = None
    else:
        board.on[lifted[0]] = under
        if under is not None:
            board.misses[under] += 1
    events.append(Event("force", {"carpets": lifted, "from": list(cell), "to": list(down),
                                  "onto": under}))
    if down == box.goal and not board.winners:
        board.winners.append(lifted[0])
