"""The state of a game of Der fliegende Teppich: one frozen dataclass of plain values.

Carpets are kept per player as a cell and ``on``: the player whose carpet it sits directly on
(None when it hovers alone or stands on a podium). A cell's carpets form one stack, bottom to
top, found by following ``on``; the start podium is shared and holds no stacks. A state is
copied the one way every engine copies its state (``companion.engine.state``: ``evolve``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from companion.engine.state import Plain, evolve
from companion.games.teppich.rules.box import Cell


@dataclass(frozen=True)
class State(Plain):
    #: Left out of ``to_dict``: the scenery as a set and scenery plus clouds (kept for speed).
    DERIVED: ClassVar[tuple[str, ...]] = ("scenery_set", "walls")

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


__all__ = ["State", "evolve"]
