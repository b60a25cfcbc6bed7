"""Omar's walk: straight lines, the balcony table for both corner settings, the examples."""

from __future__ import annotations

import pytest
from suleika_reference import BALCONY_TL_BR, BALCONY_TR_BL, ref_walk

from companion.games.suleika.rules import board as geo
from companion.games.suleika.rules import walk

EXAMPLES = [  # rules file, "Balcony loops": (row, col, heading) + roll -> result
    ((0, 6, "E"), 1, (0, 6, "S")),
    ((0, 6, "E"), 2, (1, 6, "S")),
    ((6, 0, "W"), 1, (6, 0, "N")),
    ((0, 0, "W"), 1, (1, 0, "E")),
    ((3, 3, "E"), 4, (4, 6, "W")),
    ((5, 2, "S"), 3, (5, 1, "N")),
]


@pytest.mark.parametrize("start,roll,end", EXAMPLES)
def test_rulebook_examples(start, roll, end):
    path = walk((start[0], start[1]), start[2], roll, "TR_BL")
    assert len(path) == roll
    assert path[-1] == ((end[0], end[1]), end[2])


def test_examples_full_paths():
    assert walk((3, 3), "E", 4) == [((3, 4), "E"), ((3, 5), "E"), ((3, 6), "E"), ((4, 6), "W")]
    assert walk((5, 2), "S", 3) == [((6, 2), "S"), ((6, 1), "N"), ((5, 1), "N")]
    assert walk((0, 6), "E", 2) == [((0, 6), "S"), ((1, 6), "S")]


def _edge_exits():
    """Every (cell, outward heading) on the rim: 7 cells on each of the 4 sides."""
    for i in range(7):
        yield (i, 6), "E", i
        yield (i, 0), "W", i
        yield (0, i), "N", i
        yield (6, i), "S", i


@pytest.mark.parametrize("loops,table", [("TR_BL", BALCONY_TR_BL), ("TL_BR", BALCONY_TL_BR)])
def test_full_balcony_table(loops, table):
    checked = 0
    for cell, heading, index in _edge_exits():
        assert walk(cell, heading, 1, loops) == [table[(heading, index)]], (loops, cell, heading)
        checked += 1
    assert checked == 28 == len(table)


@pytest.mark.parametrize("loops", ["TR_BL", "TL_BR"])
def test_balcony_is_a_loop_back_inwards(loops):
    # Every re-entry lies on the same side and faces back into the market (or, at a corner
    # loop, stays put and turns along the other edge), and two exits never share a landing.
    landings = set()
    for cell, heading, _ in _edge_exits():
        (r, c), new = geo.balcony(cell, heading, loops)
        if (r, c) == cell:
            assert new not in (heading, geo.opposite(heading))
        else:
            assert new == geo.opposite(heading)
            assert abs(r - cell[0]) + abs(c - cell[1]) == 1
        landings.add(((r, c), new))
    assert len(landings) == 28


def test_corner_loops_sit_where_the_setting_says():
    corners_tr_bl = {cell for cell, h, _ in _edge_exits() if geo.balcony(cell, h, "TR_BL")[0] == cell}
    corners_tl_br = {cell for cell, h, _ in _edge_exits() if geo.balcony(cell, h, "TL_BR")[0] == cell}
    assert corners_tr_bl == {(0, 6), (6, 0)}
    assert corners_tl_br == {(0, 0), (6, 6)}


def test_tl_br_is_the_mirror_image():
    flip = {"E": "W", "W": "E", "N": "N", "S": "S"}
    for r in range(7):
        for c in range(7):
            for h in geo.HEADINGS:
                for n in range(1, 9):
                    a = walk((r, c), h, n, "TR_BL")
                    b = walk((r, 6 - c), flip[h], n, "TL_BR")
                    assert [((x, 6 - y), flip[d]) for (x, y), d in a] == b


def test_agrees_with_cell_by_cell_reference_everywhere():
    for loops in ("TR_BL", "TL_BR"):
        for r in range(7):
            for c in range(7):
                for h in geo.HEADINGS:
                    got = walk((r, c), h, 12, loops)
                    assert [(x, y, d) for (x, y), d in got] == ref_walk(r, c, h, 12, loops)


def test_walk_of_zero_steps_is_empty_and_unknown_setting_refused():
    assert walk((3, 3), "N", 0) == []
    with pytest.raises(ValueError):
        walk((0, 0), "W", 1, "XX")


def test_turning():
    assert [geo.turn_left(h) for h in "NESW"] == ["W", "N", "E", "S"]
    assert [geo.turn_right(h) for h in "NESW"] == ["E", "S", "W", "N"]
    assert [geo.opposite(h) for h in "NESW"] == ["S", "W", "N", "E"]
    assert geo.turns_from("E") == ("E", "N", "S")


def test_neighbours_and_spots():
    assert sorted(geo.neighbours((0, 0))) == [(0, 1), (1, 0)]
    assert len(geo.neighbours((3, 3))) == 4
    assert len(geo.carpet_spots((3, 3))) == 12
    assert sorted(geo.carpet_spots((0, 0))) == [((0, 1), (0, 2)), ((0, 1), (1, 1)),
                                                ((1, 0), (1, 1)), ((1, 0), (2, 0))]
