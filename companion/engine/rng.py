"""The one seeded generator of the engines: SplitMix64 (Steele, Lea and Flood 2014), a 64-bit
counter run through a mixer; the seeding generator of ``java.util.SplittableRandom`` and of
xoshiro.

Engines may not import ``random`` (its algorithms may change between Python versions, and a
record must replay the same everywhere). Die rolls come from outside as recorded actions;
this generator only lays out what a record's ``seed`` stands for (Mutabor's maze, Teppich's
city), the same on every machine.

>>> SplitMix64(0).next64() == 0xE220A8397B1DCDAF
True
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
MASK64 = (1 << 64) - 1


class SplitMix64:
    """Seeded generator with ``below``, ``choice`` and ``shuffled``; its state is one integer
    (a negative seed is taken modulo 2**64)."""

    def __init__(self, seed: int) -> None:
        self.state = seed & MASK64

    def next64(self) -> int:
        """The next 64-bit output."""
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A whole number 0 <= k < n, evenly spread (rejecting the uneven top removes the
        modulo bias)."""
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
        """A new list in random order: Fisher–Yates, Durstenfeld's version."""
        out = list(items)
        for i in range(len(out) - 1, 0, -1):
            j = self.below(i + 1)
            out[i], out[j] = out[j], out[i]
        return out
