"""Flights with wind cards, steering tokens and drift, including the rulebook's own examples."""

from __future__ import annotations

import pytest
from teppich_helpers import BOX, ENGINE, apply_all, column, fly, kinds, new, put, refused

from companion.games.teppich.rules import card_options, options


def moved(events):
    return next(e.data for e in events if e.kind == "move")


def test_rulebook_house_and_ground_only_up_then_right():
    # 3 up / 2 right from the ground with a house two cells to the right (the elephant house)
    s = put(new(scenery=column(7, 2)), {0: (5, 0)})
    assert refused(s, fly(3, 2, "side_up")) == "through_scenery"
    assert refused(s, fly(3, 2, "down_side")) == "below_ground"
    assert refused(s, fly(3, 2, "side_down")) == "below_ground"
    after, events = ENGINE.apply(s, fly(3, 2, "up_side"))
    assert after.cells[0] == (7, 3)
    assert moved(events)["path"] == [[5, 0], [5, 1], [5, 2], [5, 3], [6, 3], [7, 3]]
    plain = [o for o in card_options(BOX, s, 3, 2, "UR") if "token" not in o.action]
    assert [o.action["arrows"] for o in plain] == ["up_side"]


def test_rulebook_one_up_one_right_in_zone_two_is_pushed_two_more():
    s = put(new(), {0: (5, 9)})
    after, events = ENGINE.apply(s, fly(1, 1, "up_side"))
    assert after.cells[0] == (8, 10)
    assert moved(events)["pushes"] == [{"cell": [5, 10], "wind": 2}]
    assert moved(events)["path"] == [[5, 9], [5, 10], [6, 10], [7, 10], [8, 10]]


def test_rulebook_token_lengthens_the_up_leg_past_the_palace_wall():
    s = put(new(scenery=column(6, 3) + column(7, 3)), {0: (5, 0)})
    assert refused(s, fly(2, 2, "up_side")) == "through_scenery"
    after, events = ENGINE.apply(s, fly(2, 2, "up_side", token=("vertical", 1)))
    assert after.cells[0] == (7, 3) and after.tokens[0] == 4


def test_rulebook_token_as_head_wind_lands_exactly_on_the_goal():
    """The German text (Steuerkärtchen): "In diesem Beispiel wird das Steuerkärtchen als
    ‚Gegenwind' eingesetzt und bremst den Wind um ein Feld, so daß der fliegende Teppich nicht
    über den Rand des Spielplans hinausgeweht wird, sondern sanft auf das Zielpodest
    niedergleitet."

    Its picture is not in the text, so the situation is rebuilt from the words: a card whose
    sideways leg goes one cell too far to the right (over the edge: back to the start), a
    token taking one cell off that leg, and a last leg gliding down onto the goal podium. The
    "wind" it brakes is the card's own sideways number: the text calls the cards' numbers the
    wind ("Die Windkarten zeigen an, wie weit der fliegende Teppich vom Wind fortgetragen
    wird"). It cannot be a wind zone's push: the goal podium is on the ground (y 0) and the
    lowest wind row is y 6, while a move has one vertical leg of at most 3 + 1 cells, so no
    flight that starts in a wind zone ends on the goal (the next test checks every one).
    """
    s = put(new(), {0: (21, 3)})
    off, events = ENGINE.apply(s, fly(3, 3, "side_down", pair="UL"))
    assert off.cells[0] == BOX.start and "blown_off" in kinds(events)
    assert moved(events)["path"][-1] == [23, 3]   # it left the board over the right edge
    won, events = ENGINE.apply(s, fly(3, 3, "side_down", pair="UL", token=("side", -1)))
    assert moved(events)["path"] == [[21, 3], [22, 3], [23, 3], [23, 2], [23, 1], [23, 0]]
    assert won.cells[0] == BOX.goal and won.over and won.winners == (0,)
    assert ENGINE.summary(won)["turn"] is None and ENGINE.summary(won)["pending"] is None


@pytest.mark.slow
def test_no_flight_from_a_wind_zone_reaches_the_goal():
    """Why the head-wind example is played in the calm zone: from any wind-zone cell, no card
    (with or without a token) and no steer ends on the goal podium."""
    wind_rows = [y for y in range(BOX.height) if BOX.wind(y)]
    assert min(wind_rows) == 6 and BOX.goal == (23, 0)
    for y in wind_rows:
        for x in range(BOX.width):
            s = put(new(), {0: (x, y)})
            every = list(options(BOX, s))
            assert {o.action["action"] for o in every} >= {"fly", "steer"}
            assert BOX.goal not in {o.flight.end for o in every}, (x, y)


def test_head_wind_token_against_the_wind_zone_keeps_the_carpet_on_the_board():
    s = put(new(), {0: (20, 7)})
    off, _ = ENGINE.apply(s, fly(2, 3, "side_down", pair="UL"))   # 3 + wind 1 = 4: off
    assert off.cells[0] == BOX.start
    kept, events = ENGINE.apply(s, fly(2, 3, "side_down", pair="UL", token=("side", -1)))
    assert kept.cells[0] == (23, 5) and moved(events)["pushes"] == [{"cell": [20, 7], "wind": 1}]


@pytest.mark.parametrize("arrows,pair,end", [
    ("up_side", "UR", (7, 5)), ("side_up", "UR", (7, 5)),
    ("down_side", "UR", (3, 1)), ("side_down", "UR", (3, 1)),
    ("up_side", "UL", (3, 5)), ("down_side", "UL", (7, 1)),
])
def test_the_four_arrow_colours_and_both_pairings_in_the_calm(arrows, pair, end):
    s = put(new(), {0: (5, 3)})
    after, _ = ENGINE.apply(s, fly(2, 2, arrows, pair))
    assert after.cells[0] == end


def test_wind_shortens_a_leftward_leg_and_may_turn_it():
    s = put(new(), {0: (10, 9)})
    after, _ = ENGINE.apply(s, fly(1, 1, "side_up", pair="UL"))   # left 1, wind 2: right 1
    assert after.cells[0] == (11, 10)
    after, events = ENGINE.apply(s, fly(1, 3, "side_up", pair="UL"))   # left 3 + 2 = left 1
    assert after.cells[0] == (9, 10) and moved(events)["path"] == [[10, 9], [9, 9], [9, 10]]


def test_the_push_is_taken_where_the_sideways_leg_begins():
    s = put(new(), {0: (5, 5)})
    up_first, _ = ENGINE.apply(s, fly(3, 1, "up_side"))    # side leg at row 8: wind 1
    side_first, _ = ENGINE.apply(s, fly(3, 1, "side_up"))  # side leg at row 5: calm
    assert up_first.cells[0] == (7, 8) and side_first.cells[0] == (6, 8)
    down_first, _ = ENGINE.apply(put(s, {0: (5, 11)}), fly(3, 1, "down_side", pair="UL"))
    assert down_first.cells[0] == (7, 8)   # right 1 + wind 1 at row 8


def test_a_card_with_no_sideways_arrow_gets_no_push():
    s = put(new(), {0: (5, 9)})
    after, events = ENGINE.apply(s, fly(2, 0))
    assert after.cells[0] == (5, 11) and moved(events)["pushes"] == []


def test_a_sideways_token_on_an_upright_card_adds_a_pushed_one_cell_leg():
    s = put(new(), {0: (5, 6)})
    after, _ = ENGINE.apply(s, fly(1, 0, "up_side", token=("side", 1)))   # up 1, right 1 + 1
    assert after.cells[0] == (7, 7)
    after, _ = ENGINE.apply(s, fly(1, 0, "side_up", token=("side", -1)))  # left 1 + 1 = 0, up 1
    assert after.cells[0] == (5, 7)
    after, _ = ENGINE.apply(s, fly(1, 0, "side_down", token=("side", 1)))  # left 1 + 1 = 0, down
    assert after.cells[0] == (5, 5)
    after, _ = ENGINE.apply(s, fly(1, 0, "side_down", token=("side", -1)))  # right 1 + 1, down
    assert after.cells[0] == (7, 5)


def test_a_sideways_leg_cut_to_nothing_is_still_pushed():
    s = put(new(), {0: (5, 9)})
    after, events = ENGINE.apply(s, fly(1, 1, "side_up", token=("side", -1)))
    assert after.cells[0] == (7, 10) and moved(events)["pushes"] == [{"cell": [5, 9], "wind": 2}]


def test_a_vertical_leg_cut_to_nothing_and_a_move_ending_where_it_began():
    s = put(new(), {0: (5, 3)}, stars=((5, 3),))
    after, events = ENGINE.apply(s, fly(1, 0, token=("vertical", -1)))
    assert after.cells[0] == (5, 3) and after.pending is None and after.current == 1
    assert after.tokens[0] == 4


def test_blown_off_at_the_top_and_the_left():
    s = put(new(), {0: (5, 10)})
    top, events = ENGINE.apply(s, fly(3, 0))
    assert top.cells[0] == BOX.start and moved(events)["blown_off"]
    assert moved(events)["path"] == [[5, 10], [5, 11]]
    left, _ = ENGINE.apply(put(s, {0: (1, 3)}), fly(1, 3, "up_side", pair="UL"))
    assert left.cells[0] == BOX.start


def test_obstacles_on_the_way_refuse_the_flight_but_carpets_are_jumped():
    s = put(new(clouds=[[8, 7]]), {0: (5, 7), 1: (6, 7)})
    assert refused(s, fly(1, 2, "side_up")) == "through_cloud"   # 2 + 1 = 3 right: cloud at 8
    after, _ = ENGINE.apply(s, fly(1, 1, "side_up"))            # jumps carpet 1 at (6, 7)
    assert after.cells[0] == (7, 8)
    assert refused(put(s, {0: (8, 4)}), fly(3, 0)) == "through_cloud"   # ending in a cloud


def test_steer_moves_one_cell_and_is_pushed_sideways():
    s = put(new(), {0: (5, 9)})
    assert apply_all(s, {"action": "steer", "dir": "up"})[0].cells[0] == (5, 10)
    assert apply_all(s, {"action": "steer", "dir": "right"})[0].cells[0] == (8, 9)
    assert apply_all(s, {"action": "steer", "dir": "left"})[0].cells[0] == (6, 9)
    calm = put(s, {0: (5, 3)})
    assert apply_all(calm, {"action": "steer", "dir": "left"})[0].cells[0] == (4, 3)
    after = apply_all(calm, {"action": "steer", "dir": "down"})[0]
    assert after.cells[0] == (5, 2) and after.tokens[0] == 4
    assert refused(put(s, {0: (5, 0)}), {"action": "steer", "dir": "down"}) == "below_ground"
    assert refused(s, {"action": "steer", "dir": "diagonal"}) == "bad_direction"


def test_drift():
    s = new(scenery=column(9, 2), clouds=[[12, 9]])
    assert apply_all(put(s, {0: (5, 9)}), {"action": "drift"})[0].cells[0] == (7, 9)
    assert apply_all(put(s, {0: (5, 7)}), {"action": "drift"})[0].cells[0] == (6, 7)
    assert apply_all(put(s, {0: (5, 4)}), {"action": "drift"})[0].cells[0] == (5, 3)
    assert apply_all(put(s, {0: (5, 0)}), {"action": "drift"})[0].cells[0] == (5, 0)
    assert apply_all(put(s, {0: (9, 2)}), {"action": "drift"})[0].cells[0] == (9, 2)   # roof
    assert refused(put(s, {0: (10, 9)}), {"action": "drift"}) == "drift_cloud"
    assert apply_all(put(s, {0: (22, 10)}), {"action": "drift"})[0].cells[0] == BOX.start


@pytest.mark.parametrize("action,code", [
    (fly(4, 1), "bad_card"), (fly(0, 1), "bad_card"), (fly(1, 4), "bad_card"), (fly(2, -1), "bad_card"),
    ({"action": "fly", "v": "2", "h": 1, "pair": "UR", "arrows": "up_side"}, "bad_card"),
    (fly(2, 1, pair="UD"), "bad_pair"), (fly(2, 0, pair="UL"), "h0_pair"),
    (fly(2, 0, "side_up"), "h0_arrows"), (fly(2, 1, "up_side_up"), "stair_steps"),
    (fly(2, 1, "sideways"), "bad_arrows"),
    ({**fly(2, 1), "token": {"leg": "diagonal", "change": 1}}, "bad_token"),
    ({**fly(2, 1), "token": {"leg": "side", "change": 2}}, "bad_token"),
    ({**fly(2, 1), "token": [{"leg": "side", "change": 1}, {"leg": "vertical", "change": 1}]}, "second_token"),
    ({"action": "steer", "dir": "up", "token": {"leg": "side", "change": 1}}, "second_token"),
    ({**fly(2, 1), "colour": "red"}, "unknown_field"),
])
def test_bad_card_entries(action, code):
    assert refused(put(new(), {0: (5, 3)}), action) == code


def test_card_options_show_paths_pushes_and_every_token_use():
    s = put(new(), {0: (5, 7)})
    opts = card_options(BOX, s, 1, 1, "UR")
    assert len({(o.action["arrows"], str(o.action.get("token"))) for o in opts}) == len(opts)
    up = next(o for o in opts if o.action["arrows"] == "up_side" and "token" not in o.action)
    assert up.flight.end == (7, 8) and up.flight.pushes == (((5, 8), 1),) and up.thens == (None,)
    assert any(o.action.get("token") == {"leg": "side", "change": -1} for o in opts)
    assert not any("token" in o.action for o in card_options(BOX, put(s, tokens=(0, 5, 5)), 1, 1, "UR"))
