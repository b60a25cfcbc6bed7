"""Laying carpets: where, what may be covered (by carpet identity), and why a legal spot
always exists."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from suleika_helpers import ENGINE, at, lay, new

from companion.engine.base import IllegalAction
from companion.games.suleika.rules import board as geo
from companion.games.suleika.rules import legal_placements


def placing(state, omar=(2, 3)):
    return at(state, omar, "N", phase="place")


def place(state, a, b, colour=None):
    action = {"action": "place", "cells": [list(a), list(b)]}
    if colour:
        action["color"] = colour
    return ENGINE.apply(state, action)


@pytest.mark.parametrize("cover", [
    [],                                                # two empty cells
    [((1, 4), (0, 4), "blue")],                        # empty + half of another carpet
    [((2, 4), (3, 4), "blue"), ((2, 5), (1, 5), "yellow")],   # halves of two carpets
    [((2, 4), (3, 4), "blue"), ((2, 5), (1, 5), "blue")],     # two halves, same colour
    [((2, 4), (3, 4), "red"), ((2, 5), (1, 5), "red")],       # own carpets too
])
def test_allowed_covers(cover):
    s = placing(lay(new(4), *cover))
    state, events = place(s, (2, 4), (2, 5))
    assert events[0].data == {"seat": 0, "cells": [[2, 4], [2, 5]], "color": "red"}
    assert state.top((2, 4)) == state.top((2, 5)) == ("red", s.laid)
    assert state.stock[0] == (s.stock[0][0] - 1,) and state.laid == s.laid + 1


@pytest.mark.parametrize("colour", ["blue", "red"])   # another player's carpet, and one's own
def test_may_not_cover_one_whole_carpet(colour):
    s = placing(lay(new(4), ((2, 4), (2, 5), colour)))
    with pytest.raises(IllegalAction, match="This carpet would cover one whole carpet") as info:
        place(s, (2, 4), (2, 5))
    assert info.value.code == "covers_whole"
    with pytest.raises(IllegalAction, match="This carpet would cover one whole carpet") as info:
        place(s, (2, 5), (2, 4))       # the order of the cells does not matter
    assert info.value.code == "covers_whole"
    assert ((2, 4), (2, 5), "red") not in legal_placements(s)


def test_a_half_covered_carpet_may_be_covered_fully():
    s = lay(new(4), ((2, 4), (2, 5), "blue"), ((2, 5), (1, 5), "yellow"))
    s = placing(s)
    # (2, 4) shows blue #0, (2, 5) yellow #1: not one whole carpet although blue is under both.
    state, _ = place(s, (2, 4), (2, 5))
    assert state.top((2, 4)) == state.top((2, 5)) == ("red", 2)


def test_two_touching_carpets_of_one_colour_are_two_carpets():
    s = placing(lay(new(4), ((1, 4), (2, 4), "blue"), ((2, 5), (3, 5), "blue")))
    state, _ = place(s, (2, 4), (2, 5))
    assert state.top((1, 4)) == ("blue", 0) and state.top((3, 5)) == ("blue", 1)


def test_legal_placements_match_the_rules_and_list_each_colour():
    s = placing(lay(new(2), ((2, 4), (2, 5), "blue")), omar=(2, 3))
    got = legal_placements(s)
    spots = {(a, b) for a, b, _ in got}
    assert ((2, 4), (2, 5)) not in spots and len(spots) == 11
    assert {c for _, _, c in got} == {"red", "yellow"} and len(got) == 22
    for a, b, colour in got:
        assert geo.adjacent(a, s.omar) and geo.adjacent(a, b) and s.omar not in (a, b)
        place(s, a, b, colour)          # every listed placement is accepted
    assert legal_placements(replace(s, phase="roll")) == []


def test_colour_is_required_with_two_colours_and_optional_with_one():
    s = placing(new(2))
    with pytest.raises(IllegalAction, match="Say which colour") as info:
        place(s, (1, 3), (0, 3))
    assert info.value.code == "which_colour"
    state, ev = place(s, (1, 3), (0, 3), "yellow")
    assert ev[0].data["color"] == "yellow" and state.stock[0] == (12, 11)
    state, ev = place(placing(new(3)), (1, 3), (0, 3))
    assert ev[0].data["color"] == "red"


def test_every_cell_has_a_spot_no_single_carpet_can_block():
    # The argument of the package docstring: from Omar's cell there is always a neighbour N
    # with at least two further neighbours besides Omar; the carpet showing on N can pair N
    # with at most one of them, so at least one spot stays legal on every possible board.
    for omar in geo.cells():
        onward = {}
        for a, b in geo.carpet_spots(omar):
            onward.setdefault(a, []).append(b)
        assert max(len(v) for v in onward.values()) >= 2, omar


def test_random_boards_always_leave_a_legal_placement():
    rng = random.Random(2024)
    checked = 0
    for _ in range(60):
        s = new(4)
        carpets = []
        for _ in range(rng.randrange(10, 60)):
            a = (rng.randrange(7), rng.randrange(7))
            b = rng.choice(geo.neighbours(a))
            carpets.append((a, b, rng.choice(["red", "blue", "yellow", "green"])))
        s = lay(replace(s, stock=((99,),) * 4), *carpets)
        for omar in geo.cells():
            assert legal_placements(placing(s, omar)), omar
            checked += 1
    assert checked == 60 * 49


def test_a_board_paved_with_carpets_still_leaves_spots():
    # Vertical carpets on rows 0-5 block every up/down spot whose halves are one carpet;
    # the sideways spots must carry every turn.
    pairs = [((r, c), (r + 1, c), "blue") for r in (0, 2, 4) for c in range(7)]
    s = lay(replace(new(4), stock=((99,),) * 4), *pairs)
    blocked = 0
    for omar in geo.cells():
        legal = {(a, b) for a, b, _ in legal_placements(placing(s, omar))}
        assert legal, omar
        blocked += len(geo.carpet_spots(omar)) - len(legal)
    assert blocked > 0
