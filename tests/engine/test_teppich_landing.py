"""Ending on carpets: blockade, forced landing (the rulebook's cloud example), the start
podium, carpets flying alone, and the goal."""

from __future__ import annotations

from teppich_helpers import BOX, ENGINE, column, fly, kinds, new, put, refused


def test_rulebook_forced_landing_through_a_cloud_onto_a_roof_carpet():
    # blue (1) hovers at (10, 9) over a cloud; green (2) hovers lower down and stays put;
    # yellow (3) sits on the roof of the house at (10, 3)
    s = put(new(4, scenery=column(10, 3), clouds=[[10, 7]]),
            {0: (10, 11), 1: (10, 9), 2: (10, 5), 3: (10, 3)})
    after, events = ENGINE.apply(s, fly(2, 0, "down_side", then="force"))
    assert after.cells[0] == (10, 9) and after.on[0] is None
    assert after.cells[1] == (10, 3) and after.on[1] == 3      # blue sits on yellow
    assert after.cells[2] == (10, 5)                           # green stays
    assert after.misses[3] == 1 and after.misses[1] == 0
    force = next(e.data for e in events if e.kind == "force")
    assert force == {"carpets": [1], "from": [10, 9], "to": [10, 3], "onto": 3}
    assert ENGINE.summary(after)["carpets"][1]["on"] == 3


def test_block_sits_on_top_and_the_carpet_below_misses_its_next_turn():
    s = put(new(3), {0: (5, 3), 1: (5, 6)})
    after, events = ENGINE.apply(s, fly(3, 0, then="block"))
    assert after.cells[0] == (5, 6) and after.on[0] == 1
    assert [e.data for e in events if e.kind == "block"] == [{"player": 0, "on": 1, "cell": [5, 6]}]
    # player 1 is skipped once; player 2 moves next, then player 0 again
    assert after.current == 2 and after.misses[1] == 0
    assert [e.data for e in events if e.kind == "skip"] == [{"player": 1, "reason": "missed_turn"}]


def test_block_on_a_stack_blocks_its_top_carpet():
    s = put(new(4), {0: (5, 3), 1: (5, 6), 2: (5, 6)}, on={2: 1})
    after, _ = ENGINE.apply(s, fly(3, 0, then="block"))
    assert after.on[0] == 2 and after.misses[2] == 1 and after.misses[1] == 0
    assert after.at((5, 6)) == [1, 2, 0]


def test_force_sinks_the_whole_stack_onto_the_ground():
    s = put(new(4), {0: (5, 3), 1: (5, 6), 2: (5, 6)}, on={2: 1})
    after, _ = ENGINE.apply(s, fly(3, 0, then="force"))
    assert after.at((5, 0)) == [1, 2] and after.at((5, 6)) == [0]
    assert after.misses == (0, 0, 0, 0)


def test_force_is_refused_where_the_stack_cannot_sink():
    s = put(new(3, scenery=column(5, 2)), {0: (5, 5), 1: (5, 2)})
    assert refused(s, fly(3, 0, "down_side", then="force")) == "cannot_force"
    assert ENGINE.apply(s, fly(3, 0, "down_side", then="block"))[0].on[0] == 1
    ground = put(new(3), {0: (5, 3), 1: (5, 0)})
    assert refused(ground, fly(3, 0, "down_side", then="force")) == "cannot_force"


def test_force_is_refused_when_the_stack_would_come_to_rest_in_a_cloud():
    s = put(new(3, scenery=column(5, 6), clouds=[[5, 6]]), {0: (4, 9), 1: (5, 9)})
    assert refused(s, {"action": "steer", "dir": "left", "then": "force"}) == "cannot_force"


def test_then_missing_wrong_or_not_needed():
    s = put(new(3), {0: (5, 3), 1: (5, 6)})
    assert refused(s, fly(3, 0)) == "then_missing"
    assert refused(s, fly(3, 0, then="sit")) == "bad_then"
    assert refused(s, fly(2, 0, then="block")) == "then_not_needed"
    assert refused(s, {"action": "drift", "then": "force"}) == "then_not_needed"


def test_a_forced_landing_onto_the_start_podium_joins_it():
    s = put(new(4), {0: (0, 6), 1: (0, 3), 2: (0, 3)}, on={2: 1})
    after, _ = ENGINE.apply(s, fly(3, 0, "down_side", then="force"))
    assert after.cells[1] == after.cells[2] == BOX.start and after.on[1] is None and after.on[2] is None
    assert after.misses == (0, 0, 0, 0)


def test_forced_onto_the_goal_the_bottom_carpet_wins():
    s = put(new(4), {0: (23, 8), 1: (23, 5), 2: (23, 5)}, on={2: 1})
    after, events = ENGINE.apply(s, fly(3, 0, "down_side", then="force"))
    assert after.over and after.winners == (1,)
    assert [e.data for e in events if e.kind == "win"] == [{"player": 1}]


def test_the_start_podium_is_shared_and_takes_no_then():
    s = put(new(3), {0: (0, 3)})
    after, _ = ENGINE.apply(s, fly(3, 0, "down_side"))
    assert after.at(BOX.start) == [0, 1, 2] and after.on == (None, None, None)
    assert refused(s, fly(3, 0, "down_side", then="block")) == "then_not_needed"


def test_a_carpet_flies_alone_and_what_sat_on_it_stays():
    s = put(new(4), {0: (5, 6), 1: (5, 6), 2: (5, 6)}, on={1: 0, 2: 1}, current=1)
    after, _ = ENGINE.apply(s, fly(1, 0))
    assert after.cells[1] == (5, 7) and after.on[1] is None
    assert after.cells[2] == (5, 6) and after.on[2] == 0
    assert after.at((5, 6)) == [0, 2]


def test_a_move_ending_where_it_began_in_a_stack_changes_nothing():
    s = put(new(3), {0: (5, 6), 1: (5, 6)}, on={0: 1}, stars=((5, 6),))
    after, _ = ENGINE.apply(s, fly(1, 0, token=("vertical", -1)))
    assert after.cells == s.cells and after.on == s.on and after.pending is None


def test_the_first_carpet_on_the_goal_wins_by_its_own_move():
    s = put(new(3), {0: (23, 3)})
    after, events = ENGINE.apply(s, fly(3, 0, "down_side"))
    assert after.over and after.winners == (0,) and "win" in kinds(events)
    assert refused(after, {"action": "drift"}) == "game_over"
    assert ENGINE.legal_actions(after) == [] and ENGINE.current_player(after) is None


def test_the_legal_list_offers_block_and_force_where_they_apply():
    s = put(new(3), {0: (5, 3), 1: (5, 6)})
    legal = ENGINE.legal_actions(s)
    assert fly(3, 0, then="block") in legal and fly(3, 0, then="force") in legal
    assert fly(3, 0) not in legal
    grounded = put(new(3, scenery=column(5, 2)), {0: (5, 5), 1: (5, 2)})
    legal = ENGINE.legal_actions(grounded)
    assert fly(3, 0, "down_side", then="block") in legal
    assert fly(3, 0, "down_side", then="force") not in legal
    for action in legal:
        ENGINE.apply(grounded, action)


def test_the_goal_is_won_by_a_steer_or_by_sinking_onto_it_in_the_calm():
    """Any kind of move that ends on the goal podium wins: a steering token alone, or the
    drift that sinks a carpet one cell in the calm zone ("Wer dies weder mit seinen
    Windkarten noch mit seinen Steuerkärtchen schafft, kann sich in der windstillen Zone pro
    Zug ein Feld absinken lassen")."""
    steered, events = ENGINE.apply(put(new(3), {0: (22, 0)}), {"action": "steer", "dir": "right"})
    assert steered.over and steered.winners == (0,) and "win" in kinds(events)
    sunk, events = ENGINE.apply(put(new(3), {0: (23, 1)}), {"action": "drift"})
    assert sunk.cells[0] == BOX.goal and sunk.over and sunk.winners == (0,)
    assert ENGINE.summary(sunk)["winners"] == [0] and ENGINE.summary(sunk)["turn"] is None
