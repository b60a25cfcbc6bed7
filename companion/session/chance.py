"""Where die values come from when the companion rolls.

The seeded source derives each roll from the record's seed and the action's position, so a
resumed game keeps rolling the same dice it would have rolled without the interruption, and a
table can check a game afterwards from the seed alone.

>>> from companion.engine.base import Chance
>>> d = SeededChance(42)
>>> d.roll(Chance("roll", (1, 2, 2, 3, 3, 4)), 0) == d.roll(Chance("roll", (1, 2, 2, 3, 3, 4)), 0)
True
"""

from __future__ import annotations

import random

from companion.engine.base import Chance


class SeededChance:
    """Fair rolls from a seed: the same seed and position always give the same face."""

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def roll(self, chance: Chance, index: int) -> int:
        """The face for the chance asked at action number ``index`` (0-based)."""
        rng = random.Random(f"{self.seed}/{index}/{chance.action}")
        return rng.choice(chance.faces)
