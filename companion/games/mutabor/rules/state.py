"""The Mutabor game state: one frozen dataclass of plain values (JSON-friendly).

Nothing here decides a rule; ``engine.py`` does. A state is copied the one way every engine
copies its state (``companion.engine.state``: ``evolve``).
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.engine.state import Plain, evolve
from companion.games.mutabor.rules.geometry import Cell

#: The laid maze: ``grid[row][col]`` is the card kind there, None where no cell exists. The
#: four centre cells keep their face-down cards' kinds; nothing ever reads them.
Grid = tuple[tuple[str | None, ...], ...]


@dataclass(frozen=True)
class State(Plain):
    """A moment of a Mutabor game.

    ``turn`` is the seat to move (None once over). ``sat_out`` is True once the 3-player
    middle seat has sat out his first turn (always True with 2 or 4 players). ``swapped``
    says the seat to move has already swapped two cards this turn. ``passes`` are the
    ``(seat, reason)`` pairs skipped just before this turn, for the screen's banner.
    """

    players: int
    names: tuple[str, ...]
    colors: tuple[str, ...] | None
    sides: tuple[str, ...]
    open_sides: bool
    first: int
    grid: Grid
    #: Each seat's four figures, sorted.
    figures: tuple[tuple[Cell, ...], ...]
    turn: int | None
    sat_out: bool
    swapped: bool = False
    over: bool = False
    winners: tuple[int, ...] = ()
    draw: bool = False
    passes: tuple[tuple[int, str], ...] = ()
    #: Moves made so far (swaps not counted).
    moves: int = 0

    def card(self, cell: Cell) -> str | None:
        return self.grid[cell[0]][cell[1]]

    def occupancy(self) -> dict[Cell, int]:
        """Which seat's figure stands on each occupied cell."""
        return {cell: seat for seat, cells in enumerate(self.figures) for cell in cells}


__all__ = ["Grid", "State", "evolve"]
