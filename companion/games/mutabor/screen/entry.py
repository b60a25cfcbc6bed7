"""Entering a maze the table dealt by hand: which card lies on each visible cell.

The table sees only the 48 visible cards; the four face-down centre cards are whatever the
box has left over, so once the visible cards are in, the maze is complete. Counts are kept
against the box (``assets/mutabor/box.toml``); the engine checks the finished maze and its
refusal (a kind more often than the box holds it) is what the table reads.

>>> from companion.games.mutabor.box_files import load
>>> e = MazeEntry(load())
>>> e.put((7, 2)); e.kind = "storch"; e.put((7, 3)); e.put((7, 4))
>>> e.left("storch"), e.missing(), e.cells[(7, 2)]
(0, 45, 'morgenstern')
>>> e.put((7, 3)); e.left("storch")
1
"""

from __future__ import annotations

from companion.games.mutabor.rules import Box
from companion.games.mutabor.rules.geometry import CENTRE, KINDS, Cell


class MazeEntry:
    """The cards entered so far (cell -> kind), the chosen kind and a cursor for the buttons."""

    def __init__(self, box: Box) -> None:
        self.box = box
        self.cells: dict[Cell, str] = {}
        self.kind = KINDS[0]
        #: the visible places in dealing order (cards 5 to 52): the cursor steps through them
        self.order: tuple[Cell, ...] = tuple(c for c in box.dealing if c not in CENTRE)
        self.cursor = 0

    @property
    def at(self) -> Cell:
        """The cell under the button cursor."""
        return self.order[self.cursor % len(self.order)]

    def left(self, kind: str) -> int:
        """How many cards of ``kind`` the box still has for the maze (negative: too many)."""
        return self.box.count(kind) - sum(1 for k in self.cells.values() if k == kind)

    def missing(self) -> int:
        """Visible cells with no card entered yet."""
        return len(self.order) - len(self.cells)

    def put(self, cell: Cell) -> None:
        """Lay the chosen kind on ``cell``; the same kind again takes it off."""
        if cell in CENTRE or cell not in self.order:
            return
        if self.cells.get(cell) == self.kind:
            del self.cells[cell]
        else:
            self.cells[cell] = self.kind

    def step(self, by: int) -> None:
        self.cursor = (self.cursor + by) % len(self.order)

    def next_kind(self, by: int = 1) -> None:
        self.kind = KINDS[(KINDS.index(self.kind) + by) % len(KINDS)]

    def maze(self) -> list[str]:
        """The 52 cards in dealing order: the entered ones, and the box's leftovers face down
        in the centre. With a kind entered too often the leftovers cannot fill the centre
        exactly; the list is still 52 long, and the engine's count check says what is wrong."""
        spare = [k for k in KINDS for _ in range(max(0, self.left(k)))]
        spare = (spare + [KINDS[0]] * len(CENTRE))[: len(CENTRE)]
        out: list[str] = []
        for cell in self.box.dealing:
            out.append(spare.pop(0) if cell in CENTRE else self.cells.get(cell, ""))
        return out

    def fill(self, grid: tuple[tuple[str | None, ...], ...]) -> None:
        """Start from a laid maze (the dealer's), to change only what differs."""
        self.cells = {c: k for c in self.order if (k := grid[c[0]][c[1]]) is not None}
