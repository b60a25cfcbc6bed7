"""The state of a game of Der fliegende Teppich: one frozen dataclass of plain values.

Carpets are kept per player as a cell and ``on``: the player whose carpet it sits directly on
(None when it hovers alone or stands on a podium). A cell's carpets form one stack, bottom to
top, found by following ``on``; the start podium is shared and holds no stacks.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.games.teppich.rules.box import Cell


@dataclass(frozen=True)
class State:
    players: int
    names: tuple[str, ...]
    colors: tuple[str, ...]
    seed: int
    special_die: bool
    scenery: tuple[Cell, ...]
    clouds: tuple[Cell, ...]
    stars: tuple[Cell, ...]
    #: Scenery as a set, and scenery plus clouds: the cells no leg may pass (kept for speed).
    scenery_set: frozenset[Cell]
    walls: frozenset[Cell]
    cells: tuple[Cell, ...]
    on: tuple[int | None, ...]
    tokens: tuple[int, ...]
    misses: tuple[int, ...]
    supply: int
    #: The player to act (the mover, also while his die is rolled and carried out).
    current: int
    #: None, or what the mover's special die still needs: "roll", "clouds", "swap_with", "hop".
    pending: str | None
    over: bool
    winners: tuple[int, ...]
    last_roll: int | None = None
    #: Actions applied so far (a figure for the screen and the bench).
    actions: int = 0

    def at(self, cell: Cell) -> list[int]:
        """The carpets on ``cell`` bottom to top (on the start podium: in seat order).

        >>> from companion.games.teppich.rules import make_engine
        >>> from companion.games.teppich.box_files import load
        >>> s = make_engine(load()).new_game({"record": 2, "game": "teppich", "players": 3, "seed": 1})
        >>> s.at((0, 0)), s.at((5, 5))
        ([0, 1, 2], [])
        """
        here = [p for p in range(self.players) if self.cells[p] == cell]
        if len(here) < 2:
            return here
        bottom = [p for p in here if self.on[p] is None]
        if len(bottom) != 1:  # the start podium: everyone stands side by side
            return here
        order = bottom
        above = {self.on[p]: p for p in here if self.on[p] is not None}
        while order[-1] in above:
            order.append(above[order[-1]])
        return order

    def to_dict(self) -> dict[str, Any]:
        """The state as plain JSON values (lists for tuples), without the derived sets."""
        def plain(v: Any) -> Any:
            if isinstance(v, tuple):
                return [plain(x) for x in v]
            return v
        return {name: plain(getattr(self, name)) for name in self.__dataclass_fields__
                if name not in ("scenery_set", "walls")}


_FIELDS = frozenset(State.__dataclass_fields__)


def evolve(state: State, **changes: Any) -> State:
    """``dataclasses.replace`` without re-running ``__init__`` (State computes nothing there)."""
    if not changes.keys() <= _FIELDS:
        raise TypeError(f"State has no field {sorted(changes.keys() - _FIELDS)[0]!r}")
    new = object.__new__(State)
    new.__dict__.update(state.__dict__)
    new.__dict__.update(changes)
    return new
