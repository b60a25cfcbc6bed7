"""The ten rules of the rulebook, one test (or a few) each, plus the capture choice."""

from __future__ import annotations

import pytest
from mutabor_helpers import BOTTOM, ENGINE, LEFT, RIGHT, TOP, kinds, move, new, put, refused, refused_move, targets_of

from companion.engine.base import IllegalAction


def test_rule_1_forward_sideways_and_backward():
    state = put(new(2, {(3, 1): "baum"}), [(3, 1), (7, 3), (7, 4), (7, 5)], TOP)
    assert {(2, 1), (3, 2), (4, 1)} <= targets_of(state, (3, 1))  # forward, sideways, backward
    back, _ = move(state, (3, 1), (4, 1))
    assert (4, 1) in back.figures[0]


def test_rule_2_no_move_back_onto_the_own_start():
    state = put(new(2, {(6, 3): "baum"}), [(6, 3), (7, 4), (7, 5), (1, 1)], TOP)
    assert refused_move(state, (6, 3), (7, 3)) == "onto_own_start"
    assert (7, 3) not in targets_of(state, (6, 3)) and (7, 2) not in targets_of(state, (6, 3))


def test_rule_2_a_figure_home_never_moves_again():
    state = put(new(2, {(0, 3): "morgenstern"}), [(0, 3), (7, 3), (7, 4), (7, 5)], [(0, 2), (0, 4), (0, 5), (1, 1)])
    assert targets_of(state, (0, 3)) == set()
    assert refused_move(state, (0, 3), (1, 3)) == "figure_home"
    assert all(a["from"] != [0, 3] for a in ENGINE.legal_actions(state))


def test_rule_3_no_move_from_start_to_start():
    state = put(new(2, {(7, 2): "tor"}), [(7, 2), (6, 6), (6, 5), (6, 4)], TOP)
    assert refused_move(state, (7, 2), (7, 4)) == "start_to_start"
    assert not {(7, 3), (7, 4), (7, 5)} & targets_of(state, (7, 2))


def test_rule_4_the_side_cells_are_closed():
    state = put(new(2, {(3, 1): "tor", (5, 6): "tor"}), [(3, 1), (5, 6), (7, 4), (7, 5)], TOP)
    assert refused_move(state, (3, 1), (3, 0)) == "side_cell"
    assert refused_move(state, (5, 6), (5, 7)) == "side_cell"
    assert (3, 0) not in targets_of(state, (3, 1))


def test_rule_4_with_four_players_the_left_player_may_not_enter_top_or_bottom():
    state = new(4, {(2, 1): "baum"})
    state = put(state, BOTTOM, [(2, 1), (3, 0), (4, 0), (5, 0)], TOP, RIGHT, turn=1)
    assert (1, 1) in targets_of(state, (2, 1))  # core: open to everyone
    left = put(new(4, {(1, 2): "baum"}), BOTTOM, [(1, 2), (3, 0), (4, 0), (5, 0)], [(0, 3), (0, 4), (0, 5), (1, 5)],
               RIGHT, turn=1)
    assert refused_move(left, (1, 2), (0, 2)) == "side_cell"  # the top border is not his


def test_open_sides_make_left_and_right_ordinary_cells():
    closed = put(new(2, {(3, 1): "tor"}), [(3, 1), (7, 3), (7, 4), (7, 5)], TOP)
    opened = put(new(2, {(3, 1): "tor"}, open_sides=True), [(3, 1), (7, 3), (7, 4), (7, 5)], TOP)
    assert (3, 0) not in targets_of(closed, (3, 1)) and (3, 0) in targets_of(opened, (3, 1))
    # A figure on an open side moves on from there, and can be captured there.
    state, _ = move(opened, (3, 1), (3, 0))
    assert (3, 0) in state.figures[0] and state.turn == 1
    hunter = put(new(2, {(2, 1): "baum", (3, 0): "baum"}, open_sides=True),
                 [(3, 0), (7, 3), (7, 4), (7, 5)], [(2, 1), (0, 3), (0, 4), (0, 5)], turn=1)
    after, events = move(hunter, (2, 1), (3, 0))
    assert kinds(events) == ["move", "capture"] and (7, 2) in after.figures[0]


def test_open_sides_only_for_two_players():
    for players in (3, 4):
        with pytest.raises(IllegalAction) as info:
            new(players, open_sides=True)
        assert info.value.code == "option_players" and info.value.params == {"key": "open_sides", "counts": "2"}


def test_rule_5_no_jumping_over_figures_own_or_foreign():
    state = put(new(2, {(5, 2): "tor"}), [(5, 2), (4, 2), (7, 4), (7, 5)], [(5, 3), (0, 3), (0, 4), (0, 5)])
    assert refused_move(state, (5, 2), (3, 2)) == "jumps_figure"  # over the own figure
    assert refused_move(state, (5, 2), (5, 4)) == "jumps_figure"  # over the foreign figure


def test_rule_6_one_figure_per_cell():
    state = put(new(2, {(5, 2): "baum"}), [(5, 2), (4, 2), (7, 4), (7, 5)], TOP)
    assert refused_move(state, (5, 2), (4, 2)) == "capture_own"


def test_rule_7_a_capture_sends_the_figure_to_a_free_start_cell_of_its_owners_choice():
    state = put(new(2, {(5, 2): "baum"}), [(5, 2), (7, 3), (7, 4), (7, 5)], [(4, 2), (0, 3), (0, 4), (0, 5)])
    # Top has one free start cell, (0, 2): no choice, no capture_to needed.
    assert [a for a in ENGINE.legal_actions(state) if a["to"] == [4, 2]] == [
        {"action": "move", "from": [5, 2], "to": [4, 2]}]
    after, events = move(state, (5, 2), (4, 2))
    assert events[1].kind == "capture"
    assert events[1].data == {"seat": 0, "owner": 1, "at": [4, 2], "to": [0, 2]}
    assert after.figures[1] == ((0, 2), (0, 3), (0, 4), (0, 5)) and (4, 2) in after.figures[0]
    # capture_to may still name that one cell.
    same, _ = move(state, (5, 2), (4, 2), capture_to=[0, 2])
    assert same.figures == after.figures


def test_rule_7_the_owner_chooses_among_several_free_start_cells():
    state = put(new(2, {(5, 2): "baum"}), [(5, 2), (7, 3), (7, 4), (7, 5)], [(4, 2), (1, 5), (1, 4), (0, 5)])
    choices = [a for a in ENGINE.legal_actions(state) if a["to"] == [4, 2]]
    assert [a["capture_to"] for a in choices] == [[0, 2], [0, 3], [0, 4]]
    assert refused_move(state, (5, 2), (4, 2)) == "capture_to_needed"
    assert refused_move(state, (5, 2), (4, 2), capture_to=[0, 5]) == "capture_to_wrong"  # taken
    assert refused_move(state, (5, 2), (4, 2), capture_to=[7, 2]) == "capture_to_wrong"  # not his
    assert refused_move(state, (5, 2), (4, 2), capture_to=[3, 3]) == "capture_to_wrong"
    assert refused_move(state, (5, 2), (4, 2), capture_to="top") == "bad_cell"
    after, events = move(state, (5, 2), (4, 2), capture_to=[0, 3])
    assert (0, 3) in after.figures[1] and events[1].data["to"] == [0, 3]


def test_rule_7_capture_to_on_a_move_that_captures_nothing_is_refused():
    state = put(new(2, {(5, 2): "baum"}), [(5, 2), (7, 3), (7, 4), (7, 5)], TOP)
    assert refused_move(state, (5, 2), (4, 2), capture_to=[0, 2]) == "capture_to_unused"


def test_rule_7_no_capture_without_a_free_start_cell():
    # Every top start cell is taken (three bottom figures home, one top figure), so the top
    # figure on (4, 2) cannot be captured and the move there is illegal.
    state = put(new(2, {(5, 2): "baum"}), [(5, 2), (0, 2), (0, 3), (0, 4)], [(4, 2), (0, 5), (1, 5), (2, 5)])
    assert refused_move(state, (5, 2), (4, 2)) == "no_free_start"
    assert (4, 2) not in targets_of(state, (5, 2))


def test_rule_8_own_figures_cannot_be_captured():
    state = put(new(2, {(2, 2): "morgenstern"}), [(2, 2), (2, 4), (7, 4), (7, 5)], TOP)
    assert refused_move(state, (2, 2), (2, 4)) == "capture_own"
    assert (2, 4) not in targets_of(state, (2, 2)) and (2, 3) in targets_of(state, (2, 2))


def test_rule_9_figures_on_start_and_goal_cells_cannot_be_captured():
    # The top figure on its start (0, 2), seen from the bottom rook on (1, 2).
    state = put(new(2, {(1, 2): "tor"}), [(1, 2), (7, 3), (7, 4), (7, 5)], TOP)
    assert refused_move(state, (1, 2), (0, 2)) == "capture_start_goal"
    assert (0, 2) not in targets_of(state, (1, 2))
    # The only other figures on a player's start or goal cells that anyone may land on are
    # his own (home, or on his start): rule 8 or "onto_own_start" refuse those first. With
    # open sides the side borders are nobody's start or goal, so they give no protection
    # (see test_open_sides_make_left_and_right_ordinary_cells).


def test_rule_10_a_figure_on_a_storch_cannot_be_captured():
    state = put(new(2, {(5, 2): "baum", (4, 2): "storch"}), [(5, 2), (7, 3), (7, 4), (7, 5)],
                [(4, 2), (0, 3), (0, 4), (0, 5)])
    assert refused_move(state, (5, 2), (4, 2)) == "capture_storch"
    assert (4, 2) not in targets_of(state, (5, 2))
    # The same figure one cell on, on a tree, can be captured.
    plain = put(new(2, {(5, 2): "baum", (4, 2): "baum"}), *state.figures)
    assert (4, 2) in targets_of(plain, (5, 2))


def test_the_storch_moves_like_the_baum_and_protects_only_where_it_lies():
    state = put(new(2, {(4, 2): "storch", (3, 1): "baum"}), [(3, 1), (7, 3), (7, 4), (7, 5)],
                [(4, 2), (0, 3), (0, 4), (0, 5)], turn=1)
    after, _ = move(state, (4, 2), (5, 2))  # the protected figure steps off the storch
    assert (5, 2) in after.figures[1]
    hunted = put(after, [(4, 1), (7, 3), (7, 4), (7, 5)], after.figures[1], turn=0)
    hunted = put(new(2, {(4, 2): "storch", (4, 1): "baum"}), *hunted.figures)
    assert (5, 2) in targets_of(hunted, (4, 1))


def test_foreign_figures_and_empty_cells_cannot_be_moved():
    state = new(2)
    assert refused_move(state, (0, 2), (1, 2)) == "not_your_figure"
    assert refused_move(state, (5, 2), (4, 2)) == "no_figure"
    assert refused_move(state, (0, 0), (1, 1)) == "not_a_cell"
    assert refused_move(state, (7, 3), (7, 3)) == "same_cell"
    assert refused(state, {"action": "move", "from": [7, 3]}).code == "bad_cell"


def test_a_left_player_capture_goes_to_his_start_on_the_left():
    state = put(new(4, {(5, 2): "baum"}), [(4, 2), (7, 3), (7, 4), (7, 5)], [(5, 2), (3, 0), (4, 0), (5, 0)],
                TOP, RIGHT, turn=1)
    after, events = move(state, (5, 2), (4, 2))
    assert events[1].data == {"seat": 1, "owner": 0, "at": [4, 2], "to": [7, 2]}
    assert after.figures[0] == ((7, 2), (7, 3), (7, 4), (7, 5))
    assert LEFT[0] not in after.figures[1]
