"""The six move kinds, each from the same cell of an otherwise quiet maze, and the ways a
move is stopped: the centre, a figure, a closed side, the maze's end."""

from __future__ import annotations

import pytest
from mutabor_helpers import BOTTOM, TOP, move, new, put, refused_move, targets_of

HERE = (5, 2)
#: Seat 0 (bottom) has a figure on (5, 2) and three on his start; seat 1 (top) is on his.
FIGURES = ([HERE, (7, 3), (7, 4), (7, 5)], TOP)

EXPECTED = {
    # queen: up to (1, 2) (the top figure on its start is protected), down to (6, 2) (own start
    # (7, 2) is not a landing cell), left stops before the closed left side, right before the
    # closed right side, diagonally up-right at once the centre, down-right before an own figure
    "morgenstern": {(4, 2), (3, 2), (2, 2), (1, 2), (6, 2), (5, 1), (5, 3), (5, 4), (5, 5), (5, 6),
                    (4, 1), (6, 1), (6, 3)},
    "baum": {(4, 1), (4, 2), (5, 1), (5, 3), (6, 1), (6, 2), (6, 3)},
    "tor": {(4, 2), (3, 2), (2, 2), (1, 2), (6, 2), (5, 1), (5, 3), (5, 4), (5, 5), (5, 6)},
    "elefant": {(4, 1), (6, 1), (6, 3)},
    # knight: (3, 3) and (4, 4) are the centre, (4, 0) a closed side, (6, 0) and (7, 1) no cells,
    # (7, 3) an own figure on the own start
    "krebs": {(3, 1), (6, 4)},
    "storch": {(4, 1), (4, 2), (5, 1), (5, 3), (6, 1), (6, 2), (6, 3)},
}


@pytest.mark.parametrize("kind", sorted(EXPECTED))
def test_each_card_moves_as_the_rules_say(kind):
    state = put(new(2, {HERE: kind}), *FIGURES)
    assert targets_of(state, HERE) == EXPECTED[kind]


@pytest.mark.parametrize("kind,target", [("tor", (4, 1)), ("elefant", (4, 2)), ("baum", (3, 2)),
                                         ("storch", (5, 4)), ("krebs", (4, 2)), ("morgenstern", (3, 1))])
def test_a_move_the_card_does_not_allow_is_refused(kind, target):
    state = put(new(2, {HERE: kind}), *FIGURES)
    assert refused_move(state, HERE, target) == "card_forbids"


def test_every_listed_target_is_accepted_and_moves_the_figure():
    for kind, cells in EXPECTED.items():
        state = put(new(2, {HERE: kind}), *FIGURES)
        for target in cells:
            after, events = move(state, HERE, target)
            assert target in after.figures[0] and HERE not in after.figures[0]
            assert events[0].data == {"seat": 0, "from": list(HERE), "to": list(target), "card": kind,
                                      "home": False}


def test_krebs_jumps_the_centre():
    # (5, 3) -> (3, 2): one up onto the centre cell (4, 3), one diagonal beyond it
    state = put(new(2, {(5, 3): "krebs"}), [(5, 3), (7, 3), (7, 4), (7, 5)], TOP)
    assert {(3, 2), (3, 4)} & targets_of(state, (5, 3)) == {(3, 2)}  # (3, 4) is the centre itself
    after, _ = move(state, (5, 3), (3, 2))
    assert (3, 2) in after.figures[0]
    assert refused_move(state, (5, 3), (3, 4)) == "enters_centre"


def test_krebs_jumps_figures():
    walls = [(4, 1), (4, 2), (5, 1), (5, 3)]  # every cell round about is taken
    state = put(new(2, {HERE: "krebs"}), [HERE, (4, 2), (5, 1), (7, 5)], [(4, 1), (5, 3), (0, 4), (0, 5)])
    assert all(w in {c for f in state.figures for c in f} for w in walls)
    assert targets_of(state, HERE) == {(3, 1), (6, 4)}
    after, _ = move(state, HERE, (3, 1))
    assert (3, 1) in after.figures[0]


def test_a_slide_stops_at_a_figure_and_may_capture_it():
    state = put(new(2, {HERE: "tor"}), *FIGURES)
    state = put(state, FIGURES[0], [(3, 2), (0, 3), (0, 4), (0, 5)])
    up = {c for c in targets_of(state, HERE) if c[1] == 2 and c[0] < 5}
    assert up == {(4, 2), (3, 2)}  # (3, 2) holds a capturable figure; nothing beyond it
    assert refused_move(state, HERE, (2, 2)) == "jumps_figure"
    assert refused_move(state, HERE, (1, 2)) == "jumps_figure"


def test_an_own_figure_stops_a_slide_and_cannot_be_landed_on():
    state = put(new(2, {HERE: "tor"}), [HERE, (3, 2), (7, 4), (7, 5)], TOP)
    assert refused_move(state, HERE, (3, 2)) == "capture_own"
    assert refused_move(state, HERE, (2, 2)) == "jumps_figure"


def test_no_slide_passes_the_centre():
    state = put(new(2, {(5, 3): "tor", (5, 4): "elefant"}), [(5, 3), (5, 4), (7, 4), (7, 5)], TOP)
    assert refused_move(state, (5, 3), (2, 3)) == "passes_centre"
    assert refused_move(state, (5, 3), (4, 3)) == "enters_centre"
    assert refused_move(state, (5, 4), (2, 1)) == "passes_centre"  # (4, 3) and (3, 2)
    assert (2, 3) not in targets_of(state, (5, 3))


def test_a_slide_runs_the_whole_length_of_a_row():
    # Along row 1 the whole core is open: (1, 1) to (1, 6) for the bottom player's rook.
    state = put(new(2, {(1, 1): "tor"}), [(1, 1), (7, 3), (7, 4), (7, 5)], TOP)
    assert {c for c in targets_of(state, (1, 1)) if c[0] == 1} == {(1, 2), (1, 3), (1, 4), (1, 5), (1, 6)}


def test_moves_from_the_border():
    # A bottom start figure on an elephant: up-left and up-right diagonals, nothing else.
    state = put(new(2, {(7, 2): "elefant"}), BOTTOM, TOP)
    assert targets_of(state, (7, 2)) == {(6, 1), (6, 3), (5, 4), (4, 5), (3, 6)}  # (5, 0), (2, 7): sides
    # A top figure on a great gate slides down its column and stops before (7, 2): the bottom
    # player's start, where his figure stands protected.
    top = put(new(2, {(0, 2): "tor"}), [(7, 2), (7, 3), (7, 4), (7, 5)], TOP, turn=1)
    assert targets_of(top, (0, 2)) == {(1, 2), (2, 2), (3, 2), (4, 2), (5, 2), (6, 2)}
