"""The pre-roll hint: where each allowed heading may take Omar, and what it may cost."""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import replace

import pytest
from suleika_helpers import ENGINE, at, lay, new

from companion.games.suleika.rules import allowed_headings, hint, walk


def test_first_turn_hint_from_the_middle():
    h = hint(new(4))
    assert list(h) == ["N", "E", "S", "W"]
    assert h["N"].cells == pytest.approx({(2, 3): 1 / 6, (1, 3): 2 / 6, (0, 3): 2 / 6, (0, 2): 1 / 6})
    assert all(x.expected_payment == 0 for x in h.values())


@pytest.mark.parametrize("omar,facing,loops", [((3, 3), "E", "TR_BL"), ((0, 6), "N", "TR_BL"),
                                               ((6, 1), "W", "TL_BR"), ((0, 0), "S", "TL_BR")])
def test_probabilities_sum_to_one_and_follow_the_die(omar, facing, loops):
    s = at(new(4, corner_loops=loops), omar, facing)
    h = hint(s)
    assert list(h) == allowed_headings(s) and len(h) == 3
    for heading, x in h.items():
        assert math.isclose(sum(x.cells.values()), 1.0)
        counted = Counter(walk(omar, heading, face, loops)[-1][0] for face in (1, 2, 2, 3, 3, 4))
        assert x.cells == pytest.approx({cell: n / 6 for cell, n in counted.items()})


def test_expected_payment_counts_areas_and_the_cap():
    s = lay(new(4), ((2, 3), (2, 4), "blue"),         # N roll 1: area 2
            ((1, 3), (1, 2), "yellow"), ((1, 1), (0, 1), "yellow"),  # N roll 2 (x2): area 4
            ((0, 3), (0, 4), "red"))                  # N roll 3 (x2): own, free
    s = at(s, (3, 3), "N")
    assert hint(s)["N"].expected_payment == pytest.approx((2 + 2 * 4) / 6)
    broke = replace(s, money=(3, 30, 30, 30))         # pays at most 3
    assert hint(broke)["N"].expected_payment == pytest.approx((2 + 2 * 3) / 6)
    # The hint agrees with what the engine charges for each roll.
    total = 0
    for face in (1, 2, 2, 3, 3, 4):
        _, events = ENGINE.apply(broke, {"action": "roll", "value": face})
        total += sum(e.data["amount"] for e in events if e.kind == "pay")
    assert hint(broke)["N"].expected_payment == pytest.approx(total / 6)


def test_out_owner_costs_nothing_in_the_hint():
    s = at(lay(new(3, rules="marrakech"), ((2, 3), (2, 4), "blue")), (3, 3), "N")
    assert hint(s)["N"].expected_payment == pytest.approx(2 / 6)
    assert hint(replace(s, out=(False, True, False)))["N"].expected_payment == 0


def test_variant_heading_phase_hints_for_the_next_player():
    s = lay(new(2, variant2p=True), ((2, 3), (2, 4), "red"))
    s = replace(at(s, (3, 3), "N"), phase="heading", current=0)
    h = hint(s)
    assert set(h) == {"N", "E", "W"}
    assert h["N"].expected_payment == pytest.approx(2 / 6)   # seat 1 pays for red
    assert hint(replace(s, phase="place")) == {}
    assert hint(replace(s, phase="over")) == {}
