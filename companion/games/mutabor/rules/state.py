"""The Mutabor game state: one frozen dataclass of plain values (JSON-friendly).

Nothing here decides a rule; ``rules.py`` does.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.games.mutabor.rules.geometry import Cell

#: The laid maze: ``grid[row][col]`` is the card kind there, None where no cell exists. The
#: four centre cells keep their face-down cards' kinds; nothing ever reads them.
Grid = tuple[tuple[str | None, ...], ...]


@dataclass(frozen=True)
class State:
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

    def to_dict(self) -> dict[str, Any]:
        """The state as plain JSON values (lists for tuples)."""
        def plain(v: Any) -> Any:
            if isinstance(v, tuple):
                return [plain(x) for x in v]
            return v
        return {name: plain(getattr(self, name)) for name in self.__dataclass_fields__}


_FIELDS = frozenset(State.__dataclass_fields__)


def evolve(state: State, **changes: Any) -> State:
    """``dataclasses.replace(state, **changes)`` without re-running ``__init__`` (a random
    game makes thousands of states; State computes nothing on construction).

    >>> s = State(2, ("A", "B"), None, ("bottom", "top"), False, 0, (), ((), ()), 0, True)
    >>> evolve(s, turn=1).turn, s.turn
    (1, 0)
    """
    if not changes.keys() <= _FIELDS:
        raise TypeError(f"State has no field {sorted(changes.keys() - _FIELDS)[0]!r}")
    new = object.__new__(State)
    fields = new.__dict__  # frozen forbids setattr, not filling the instance dict once
    fields.update(state.__dict__)
    fields.update(changes)
    return new
