"""The Suleika game state: one frozen dataclass of plain values (JSON-friendly).

Nothing here decides a rule; ``engine.py`` does. The small read-only helpers at the bottom
answer questions the UI asks (whose colour is this, how many carpets are left).
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.engine.state import Plain, draft, evolve, made
from companion.games.suleika.rules.board import Cell

#: The top carpet on a cell: (colour, carpet id). Ids count the carpets laid, from 0, so two
#: cells showing the same id show both halves of one carpet.
Top = tuple[str, int]
Board = tuple[tuple[Top | None, ...], ...]

PHASES: tuple[str, ...] = ("roll", "place", "heading", "over")


@dataclass(frozen=True)
class State(Plain):
    """A moment of a Suleika game.

    ``phase`` says what comes next: ``"roll"`` (faces may come first), ``"place"`` (the
    mover lays a carpet), ``"heading"`` (2-player variant: the mover who just placed may turn
    Omar for the next player, whose roll ends this phase) or ``"over"``.
    ``current`` is the seat acting in that phase (in ``"heading"``: the mover who placed).
    ``turn_heading`` is the heading every ``face`` of this phase is measured against, so a
    player may change his mind; ``first_turn`` is True until the game's first roll (then
    any of the four headings may be chosen).
    """

    players: int
    names: tuple[str, ...]
    rules: str
    variant2p: bool
    corner_loops: str
    #: Colours of each seat, and carpets left of each of those colours (same order).
    colors: tuple[tuple[str, ...], ...]
    stock: tuple[tuple[int, ...], ...]
    die_faces: tuple[int, ...]
    final_tie: str
    omar: Cell
    facing: str
    turn_heading: str
    first_turn: bool
    phase: str
    current: int
    money: tuple[int, ...]
    out: tuple[bool, ...]
    board: Board
    #: Carpets laid so far; also the id the next carpet gets.
    laid: int = 0
    #: The last die value rolled (None before the first roll); for the screen only.
    last_roll: int | None = None

    def owner(self, colour: str) -> int | None:
        """The seat that plays ``colour``, or None if nobody does."""
        for seat, colours in enumerate(self.colors):
            if colour in colours:
                return seat
        return None

    def top(self, cell: Cell) -> Top | None:
        return self.board[cell[0]][cell[1]]

    def left_of(self, seat: int) -> dict[str, int]:
        """Carpets left per colour for ``seat``, e.g. ``{"red": 3, "yellow": 4}``."""
        return dict(zip(self.colors[seat], self.stock[seat]))

    def has_carpets(self, seat: int) -> bool:
        return sum(self.stock[seat]) > 0


# One way to copy a state for every engine (``companion.engine.state``): the next state is
# the old one's fields (``draft``) with the action's changes, made by ``made(State, fields)``
# or ``evolve(state, **changes)``.
__all__ = ["PHASES", "Board", "State", "Top", "draft", "evolve", "made"]
