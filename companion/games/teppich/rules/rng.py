"""A small seeded random number generator, the same on every machine (engines may not import
``random``): SplitMix64 (Steele, Lea and Flood 2014), a 64-bit counter run through a mixer.

The engine uses it only to build a city from a record's ``seed``; every die roll comes from
outside as a recorded action.

>>> r = SplitMix64(3)
>>> [r.below(10) for _ in range(5)]
[3, 1, 9, 7, 6]
>>> SplitMix64(3).choice("abc") == SplitMix64(3).choice("abc")
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")
_MASK = (1 << 64) - 1


class SplitMix64:
    """Seeded generator with ``below``, ``choice`` and ``shuffled``; its state is one integer."""

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK

    def next64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A whole number 0 <= k < n, evenly spread (rejection removes the modulo bias)."""
        if n <= 0:
            raise ValueError("n must be positive")
        limit = (1 << 64) - (1 << 64) % n
        while True:
            z = self.next64()
            if z < limit:
                return z % n

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffled(self, items: Sequence[T]) -> list[T]:
        """A new list in random order (Fisher–Yates)."""
        out = list(items)
        for i in range(len(out) - 1, 0, -1):
            j = self.below(i + 1)
            out[i], out[j] = out[j], out[i]
        return out
