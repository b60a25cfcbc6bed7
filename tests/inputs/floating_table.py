"""Phantom presses of a floating pin, and real presses, through :class:`EdgeDebouncer`.

Run it to print the table behind the floating-pin figures (no pins, no threads: a fake clock)::

    .venv/bin/python -m tests.inputs.floating_table [--seeds 100]

Two floating pins, each for 3 s at a mean gap of 5, 20, 60, 100 and 200 ms (edges at random,
the gaps drawn from an exponential distribution, as in ``test_floating_pin.py``):

* *from start*: the pin floats from the moment the debouncer listens (an unconnected input);
* *after quiet*: the pin lay still for 10 s, then begins to float (a wire comes loose). Its
  first edge looks, at that instant, exactly like a press of a still button.

And real presses, every one of which must count exactly once: presses held 60-300 ms, presses
with chatter of 1-50 ms on both edges, double taps 150 ms apart (press to press), runs of the
quickest taps, and long holds of 3 s.
"""

from __future__ import annotations

import argparse
import logging
import random
from collections.abc import Callable

from companion.inputs.debounce import SETTLE_S, EdgeDebouncer
from tests.inputs.conftest import FakeClock
from tests.inputs.test_floating_pin import floating_edges as floating  # the tests' floating pin

GAPS_MS = (5, 20, 60, 100, 200)
Edge = Callable[[bool], None]


def chatter(rng: random.Random, longest: float) -> list[float]:
    """Gaps between the bounces of one contact: bounces 0.5-8 ms apart, for up to ``longest``."""
    if longest <= 0:
        return []
    gaps: list[float] = []
    total = rng.uniform(0.001, longest)
    while sum(gaps) < total:
        gaps.append(rng.uniform(0.0005, 0.008))
    return gaps


def press(edge: Edge, clock: FakeClock, hold: float, rng: random.Random, longest_chatter: float) -> None:
    """One press of a finger: closes (bouncing), held ``hold`` s, opens (bouncing)."""
    for closing in (True, False):
        down = closing
        edge(down)
        for gap in chatter(rng, longest_chatter):
            clock.advance(gap)
            down = not down
            edge(down)
        if down != closing:  # the bounces end where the finger put the contact
            clock.advance(0.0005)
            edge(closing)
        if closing:
            clock.advance(hold)


def phantoms(mean_gap_ms: int, seed: int, quiet_first: float, settle_s: float) -> tuple[int, bool]:
    """Presses a floating pin makes in 3 s, and whether it was muted within them."""
    clock = FakeClock()
    d = EdgeDebouncer(clock=clock, settle_s=settle_s)
    presses = [0]

    def edge(down: bool) -> None:
        presses[0] += d.edge("roll", down)

    clock.advance(quiet_first)
    floating(edge, clock, 3.0, mean_gap_ms / 1000, random.Random(seed))
    return presses[0], "roll" in d.floating | d.muted


#: Real presses: name -> (number of presses, a function making them on a debouncer's edge).
def real_cases(rng: random.Random) -> dict[str, tuple[int, Callable[[Edge, FakeClock], None]]]:
    def held(hold_range: tuple[float, float], longest_chatter: float, n: int) -> Callable[[Edge, FakeClock], None]:
        def run(edge: Edge, clock: FakeClock) -> None:
            for _ in range(n):
                press(edge, clock, rng.uniform(*hold_range), rng, longest_chatter)
                clock.advance(rng.uniform(0.3, 2.0))
        return run

    def double_taps(edge: Edge, clock: FakeClock) -> None:
        for _ in range(10):
            for _tap in range(2):  # press to press 150 ms: a tap of 40-70 ms, then the finger lifts
                start = clock.now
                press(edge, clock, rng.uniform(0.04, 0.07), rng, 0.005)
                clock.advance(0.15 - (clock.now - start))
            clock.advance(rng.uniform(0.5, 2.0))

    def quickest(edge: Edge, clock: FakeClock) -> None:
        for n in range(40):  # eight taps a second: 40 ms down, 85 ms up
            press(edge, clock, 0.04, rng, 0.0)
            clock.advance(2.0 if n % 8 == 7 else 0.085)

    return {
        "held 60-300 ms, clean": (20, held((0.06, 0.3), 0.0, 20)),
        "held 60-300 ms, chatter 1-50 ms": (20, held((0.06, 0.3), 0.05, 20)),
        "double taps 150 ms apart": (20, double_taps),
        "quickest taps (8 a second)": (40, quickest),
        "held 3 s, chatter 1-50 ms": (5, held((3.0, 3.0), 0.05, 5)),
    }


def real(case: str, seed: int, first_after: float, settle_s: float) -> int:
    """Presses counted for one real case; the first press ``first_after`` s after the start."""
    clock = FakeClock()
    d = EdgeDebouncer(clock=clock, settle_s=settle_s)
    counted = [0]

    def edge(down: bool) -> None:
        counted[0] += d.edge("ok", down)

    clock.advance(first_after)
    real_cases(random.Random(seed))[case][1](edge, clock)
    return counted[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", type=int, default=100)
    seeds = range(parser.parse_args().seeds)
    logging.disable(logging.WARNING)  # the log names the pin once a run: hundreds of lines
    # (scenario, s the pin lies still before it floats, settle_s): the kiosk opens its pins
    # with SETTLE_S (start_gpio); settle_s=0 counts a pin never heard from as still for long
    floats = [("from start", 0.0, SETTLE_S), ("from start, settle_s=0", 0.0, 0.0),
              ("after 10 s still", 10.0, SETTLE_S)]
    print(f"Floating pin, 3 s, {len(seeds)} seeds: phantom presses a run (mean, most), runs with "
          "any, runs with more than one, runs muted within the 3 s")
    for label, quiet, settle_s in floats:
        for gap in GAPS_MS:
            runs = [phantoms(gap, seed, quiet, settle_s) for seed in seeds]
            counts = [n for n, _ in runs]
            print(f"  {label:23} {gap:4} ms: mean {sum(counts) / len(counts):4.2f}  most {max(counts):2}  "
                  f"any {sum(n > 0 for n in counts):3}  >1 {sum(n > 1 for n in counts):3}  "
                  f"muted {sum(m for _, m in runs):3}")
    print(f"Real presses, {len(seeds)} seeds: counted / made (every run must count each press once)")
    starts = [("", 10.0, SETTLE_S), (f", first {SETTLE_S:g} s after the start", SETTLE_S, SETTLE_S),
              (", settle_s=0, first at the start", 0.0, 0.0)]
    for case, (n, _) in real_cases(random.Random(0)).items():
        for label, first_after, settle_s in starts:
            got = [real(case, seed, first_after, settle_s) for seed in seeds]
            wrong = sum(g != n for g in got)
            print(f"  {case + label:64} {sum(got):5} / {n * len(seeds):5}  runs wrong: {wrong}")


if __name__ == "__main__":
    main()
