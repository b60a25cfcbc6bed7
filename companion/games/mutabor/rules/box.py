"""What is in the café's Mutabor box: how many cards of each kind, and where the k-th card of
the shuffled pile is laid. Read from ``assets/mutabor/`` by ``companion.games.mutabor.box_files.load``
(which checks every value); the engine only reads it.

>>> from companion.games.mutabor.box_files import load
>>> box = load()
>>> box.count("storch"), box.total, box.cell_of(1), box.cell_of(52)
(2, 52, (3, 3), (7, 2))
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.games.mutabor.rules.geometry import Cell


@dataclass(frozen=True)
class Box:
    """The box data, as tuples so that it stays immutable and hashable."""

    #: (card kind, how many cards of it the box holds), in the order of ``geometry.KINDS``.
    cards: tuple[tuple[str, int], ...]
    #: ``dealing[k - 1]`` is the cell where the k-th card of the shuffled pile is laid.
    dealing: tuple[Cell, ...]
    #: How many shuffles the dealer tries before it gives up looking for a solvable maze.
    max_deals: int

    def count(self, kind: str) -> int:
        return dict(self.cards).get(kind, 0)

    @property
    def total(self) -> int:
        return sum(n for _, n in self.cards)

    def cell_of(self, number: int) -> Cell:
        """Where the card with dealing number ``number`` (1-based) lies."""
        return self.dealing[number - 1]

    def pile(self) -> tuple[str, ...]:
        """The unshuffled pile: every card of the box, kind by kind."""
        return tuple(kind for kind, n in self.cards for _ in range(n))
