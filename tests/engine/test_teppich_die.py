"""The special die: when it is rolled, and each of its six faces."""

from __future__ import annotations

import pytest
from teppich_helpers import BOX, ENGINE, apply_all, column, fly, kinds, new, put, refused

from companion.engine.base import Chance
from companion.games.teppich.rules import hop_targets, propose_clouds

STAR = (5, 6)


def on_star(players=3, **header):
    """Player 0 one cell below a star, the others on the start podium."""
    return put(new(players, stars=[list(STAR)], **header), {0: (5, 3)})


def rolled(value, players=3, **header):
    s, _ = apply_all(on_star(players, **header), fly(3, 0))
    assert ENGINE.chance(s) == Chance("roll", (1, 2, 3, 4, 5, 6), "special_die")
    return ENGINE.apply(s, {"action": "roll", "value": value})


def test_ending_alone_on_a_star_rolls_and_nothing_else_may_happen_first():
    s, events = ENGINE.apply(on_star(), fly(3, 0))
    assert s.pending == "roll" and s.current == 0 and "star" in kinds(events)
    assert ENGINE.legal_actions(s) == [] and ENGINE.summary(s)["pending"] == "roll"
    assert refused(s, {"action": "drift"}) == "roll_first"
    assert refused(s, {"action": "roll", "value": 7}) == "bad_die_value"
    assert refused(s, {"action": "roll", "value": True}) == "bad_die_value"


def test_no_roll_without_a_star_without_the_die_or_when_blocking():
    s = new(3, stars=[list(STAR)])
    assert ENGINE.chance(s) is None
    assert refused(s, {"action": "roll", "value": 3}) == "no_roll_due"
    off, _ = ENGINE.apply(on_star(special_die=False), fly(3, 0))
    assert off.pending is None and off.current == 1
    blocking = put(on_star(), {1: STAR})
    after, _ = ENGINE.apply(blocking, fly(3, 0, then="block"))
    assert after.pending is None
    forcing, _ = ENGINE.apply(blocking, fly(3, 0, then="force"))
    assert forcing.pending is None and forcing.cells[1] == (5, 0)


def test_face_1_misses_the_next_turn():
    s, events = rolled(1)
    assert s.current == 1 and s.misses[0] == 1
    s, events = apply_all(s, {"action": "drift"}, {"action": "drift"})
    assert s.current == 1 and s.misses[0] == 0 and {"player": 0, "reason": "missed_turn"} in [
        e.data for e in events if e.kind == "skip"]


def test_face_2_moves_the_clouds():
    s, _ = rolled(2, clouds=[[10, 8], [11, 8]])
    assert s.pending == "clouds" and ENGINE.legal_actions(s) == [] and ENGINE.chance(s) is None
    assert refused(s, {"action": "drift"}) == "clouds_first"
    assert refused(s, {"action": "clouds", "cells": [[10, 8]]}) == "cloud_count"
    assert refused(s, {"action": "clouds", "cells": [[10, 8], [10, 3]]}) == "cloud_below_sky"
    assert refused(s, {"action": "clouds", "cells": [[10, 8], [24, 8]]}) == "cell_off_board"
    assert refused(s, {"action": "clouds", "cells": [[10, 8], [10, 8]]}) == "cell_twice"
    assert refused(s, {"action": "clouds", "cells": [[5, 6], [10, 8]]}) == "cloud_on_carpet"
    assert refused(s, {"action": "clouds", "cells": "up"}) == "bad_cells"
    kept, _ = ENGINE.apply(s, {"action": "clouds", "cells": [[10, 8], [11, 8]]})
    assert kept.clouds == ((10, 8), (11, 8)) and kept.current == 1
    moved, events = ENGINE.apply(s, {"action": "clouds", "cells": [[3, 11], [4, 11]]})
    assert moved.clouds == ((3, 11), (4, 11)) and (10, 8) not in moved.walls
    assert ENGINE.summary(moved)["clouds"] == [[3, 11], [4, 11]]


def test_face_2_clouds_may_not_close_the_way_or_shut_a_carpet_in():
    sky = [[12, y] for y in range(6, 12)]
    s, _ = rolled(2, scenery=column(12, 6), clouds=sky[:5] + [[3, 11]])
    assert refused(s, {"action": "clouds", "cells": sky}) == "clouds_close_way"
    pocket = put(s, {1: (20, 11)})
    shut = [[19, 11], [20, 10], [21, 11]] + [[2, 11], [3, 11], [4, 11]]
    assert refused(pocket, {"action": "clouds", "cells": shut}) == "clouds_shut_in"
    cells = propose_clouds(BOX, s, 3)
    assert ENGINE.apply(s, {"action": "clouds", "cells": cells})[0].pending is None
    assert ENGINE.cloud_move(s, 5)["action"] == "clouds"


def test_face_3_moves_again_with_a_token_and_a_star_rolls_again():
    s, events = rolled(3, players=3)
    assert s.current == 0 and s.pending is None and "again" in kinds(events)
    s = put(s, stars=(STAR, (5, 7)))
    s, _ = ENGINE.apply(s, {"action": "steer", "dir": "up"})  # wind 1 pushes a steer only sideways
    assert s.cells[0] == (5, 7) and s.pending == "roll" and s.tokens[0] == 4


def test_face_4_two_tokens_from_the_supply_fewer_when_it_runs_out():
    s, events = rolled(4)
    assert s.tokens[0] == 7 and s.supply == 45 - 15 - 2
    assert [e.data for e in events if e.kind == "tokens"] == [{"player": 0, "got": 2, "supply": 28}]
    low, _ = apply_all(put(on_star(), supply=1), fly(3, 0), {"action": "roll", "value": 4})
    assert low.tokens[0] == 6 and low.supply == 0
    empty, _ = apply_all(put(on_star(), supply=0), fly(3, 0), {"action": "roll", "value": 4})
    assert empty.tokens[0] == 5


def test_face_5_swaps_places_each_taking_the_others_place_in_its_stack():
    s = put(on_star(4), {1: (9, 9), 2: (9, 9), 3: (9, 9)}, on={2: 1, 3: 2})
    s, _ = apply_all(s, fly(3, 0), {"action": "roll", "value": 5})
    assert s.pending == "swap_with"
    assert ENGINE.legal_actions(s) == [{"action": "swap_with", "player": p} for p in (1, 2, 3)]
    assert refused(s, {"action": "swap_with", "player": 0}) == "bad_swap"
    assert refused(s, {"action": "swap_with", "player": 4}) == "bad_swap"
    assert refused(s, {"action": "drift"}) == "swap_first"
    after, events = ENGINE.apply(s, {"action": "swap_with", "player": 2})
    assert after.cells[0] == (9, 9) and after.cells[2] == STAR
    assert after.at((9, 9)) == [1, 0, 3] and after.on[2] is None
    assert after.pending is None and after.current == 1


def test_face_6_hops_up_to_four_cells_with_at_most_one_bend():
    s, _ = rolled(6, scenery=column(7, 6), clouds=[[6, 7], [5, 8]])
    assert s.pending == "hop"
    legal = ENGINE.legal_actions(s)
    assert {"action": "hop", "to": [3, 8]} in legal and {"action": "hop", "to": [5, 6]} not in legal
    targets = dict(hop_targets(BOX, s))
    assert targets[(3, 8)] == ((5, 6), (4, 6), (3, 6), (3, 7), (3, 8))
    assert refused(s, {"action": "hop", "to": [5, 11]}) == "hop_too_far"
    assert refused(s, {"action": "hop", "to": [7, 5]}) == "hop_not_free"   # scenery
    assert refused(s, {"action": "hop", "to": [6, 9]}) == "hop_bends"       # needs two bends
    assert refused(s, {"action": "hop", "to": "up"}) == "bad_cells"
    assert refused(s, {"action": "drift"}) == "hop_first"
    after, events = ENGINE.apply(s, {"action": "hop", "to": [3, 8]})
    assert after.cells[0] == (3, 8) and after.pending is None and after.current == 1


def test_a_hop_onto_a_star_or_a_carpet():
    s, _ = rolled(6, players=3)
    s = put(s, {1: (5, 8)}, stars=(STAR, (4, 6)))
    assert refused(s, {"action": "hop", "to": [5, 8]}) == "hop_not_free"
    after, _ = ENGINE.apply(s, {"action": "hop", "to": [4, 6]})
    assert after.pending is None and after.current == 1


def test_a_hop_onto_the_goal_wins():
    s, _ = rolled(6)
    s = put(s, {0: (21, 2)})
    after, _ = ENGINE.apply(s, {"action": "hop", "to": [23, 0]})
    assert after.over and after.winners == (0,)


def test_face_6_with_nowhere_to_go_is_skipped():
    boxed_in = new(3, scenery=column(5, 6), clouds=[[4, 6], [6, 6], [5, 7]], stars=[list(STAR)])
    s, events = ENGINE.apply(put(boxed_in, {0: STAR}, pending="roll"), {"action": "roll", "value": 6})
    assert s.pending is None and s.current == 1 and "no_hop" in kinds(events)


@pytest.mark.parametrize("action,code", [
    ({"action": "clouds", "cells": []}, "not_due"),
    ({"action": "swap_with", "player": 1}, "not_due"),
    ({"action": "hop", "to": [1, 1]}, "not_due"),
])
def test_die_answers_when_nothing_is_due(action, code):
    assert refused(new(), action) == code


def test_face_3_with_no_move_at_all_passes_the_turn():
    pocket = new(3, clouds=[[4, 9], [6, 9], [5, 10], [5, 8]], stars=[[5, 9]])
    s = put(pocket, {0: (5, 9)}, tokens=(0, 5, 5), pending="roll")
    after, events = ENGINE.apply(s, {"action": "roll", "value": 3})
    assert after.current == 1 and {"player": 0, "reason": "no_move"} in [e.data for e in events if e.kind == "pass"]


def test_a_swap_onto_a_star_never_rolls():
    s, _ = rolled(5)
    s = put(s, {1: (9, 9)}, stars=(STAR, (9, 9)))
    after, events = ENGINE.apply(s, {"action": "swap_with", "player": 1})
    assert after.cells[0] == (9, 9) and after.cells[1] == STAR
    assert after.pending is None and after.current == 1 and "star" not in kinds(events)
