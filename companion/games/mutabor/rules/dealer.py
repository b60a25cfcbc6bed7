"""Shuffling and laying the 52 picture cards, and checking a maze the table dealt by hand.

The shuffle must give the same maze for the same seed on every machine and every Python, so
it does not use ``random`` (whose algorithms may change between versions): the engines' one
seeded generator (``companion.engine.rng.SplitMix64``) feeds a Fisher–Yates shuffle. When a
maze has an unreachable goal cell the dealer simply shuffles again, drawing on from the same
generator, up to the box's ``max_deals`` times.

>>> from companion.games.mutabor.box_files import load
>>> cards = deal(9, load(), 4)
>>> len(cards), cards == deal(9, load(), 4)
(52, True)
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from companion.engine.base import IllegalAction
from companion.engine.rng import SplitMix64
from companion.games.mutabor.rules.box import Box
from companion.games.mutabor.rules.geometry import KINDS, SEAT_SIDES, SIZE
from companion.games.mutabor.rules.moves import unreachable_cells
from companion.games.mutabor.rules.state import Grid


def shuffle(cards: tuple[str, ...], rng: SplitMix64) -> tuple[str, ...]:
    """The pile shuffled by ``rng`` (Fisher–Yates); returns a new tuple."""
    return tuple(rng.shuffled(cards))


def grid_of(maze: list[str] | tuple[str, ...], box: Box) -> Grid:
    """The 8×8 grid of a maze given in dealing order (card k lies on ``box.cell_of(k)``)."""
    rows: list[list[str | None]] = [[None] * SIZE for _ in range(SIZE)]
    for (r, c), kind in zip(box.dealing, maze, strict=True):
        rows[r][c] = kind
    return tuple(tuple(row) for row in rows)


def solvable(grid: Grid, players: int, open_sides: bool = False) -> bool:
    """True when every goal cell of every side in play can be reached by some card."""
    return not any(unreachable_cells(grid, side, open_sides) for side in SEAT_SIDES[players])


def deal_tries(seed: int, box: Box, players: int, allow_unreachable: bool = False,
               open_sides: bool = False) -> tuple[tuple[str, ...], int]:
    """The dealt maze (52 cards in dealing order) and how many shuffles it took."""
    rng = SplitMix64(seed)
    pile = box.pile()
    for tries in range(1, box.max_deals + 1):
        cards = shuffle(pile, rng)
        if allow_unreachable or solvable(grid_of(cards, box), players, open_sides):
            return cards, tries
    raise IllegalAction("no_solvable_maze",
                        "The dealer found no maze with every goal cell reachable in {tries} shuffles",
                        tries=box.max_deals)


def deal(seed: int, box: Box, players: int, allow_unreachable: bool = False,
         open_sides: bool = False) -> tuple[str, ...]:
    """The 52 cards in dealing order, shuffled from ``seed``; re-dealt until no goal cell of a
    side in play is unreachable, unless ``allow_unreachable``."""
    return deal_tries(seed, box, players, allow_unreachable, open_sides)[0]


def check_maze(raw: Any, box: Box) -> tuple[str, ...]:
    """A hand-dealt maze from a header, checked: a list of the box's cards, counts as in the box.

    >>> from companion.games.mutabor.box_files import load
    >>> check_maze(["baum"] * 52, load())
    Traceback (most recent call last):
    ...
    companion.engine.errors.IllegalAction: The maze has 0 morgenstern cards, but the box holds 10
    """
    if not isinstance(raw, (list, tuple)):
        raise IllegalAction("maze_not_list", '"maze" must be a list of {total} card names in dealing order',
                            total=box.total)
    if len(raw) != box.total:
        raise IllegalAction("maze_length", "The maze has {have} cards, but it needs {total}",
                            have=len(raw), total=box.total)
    for number, kind in enumerate(raw, 1):
        if kind not in KINDS:
            raise IllegalAction("maze_card", "Card {number} of the maze, {card}, is not a card of the box",
                                number=number, card=str(kind))
    have = Counter(raw)
    for kind in KINDS:
        if have[kind] != box.count(kind):
            raise IllegalAction("maze_counts", "The maze has {have} {card} cards, but the box holds {want}",
                                have=have[kind], card=kind, want=box.count(kind))
    return tuple(raw)
