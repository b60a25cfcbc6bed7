"""Turn order, missed turns, passing, steering tokens and malformed actions."""

from __future__ import annotations

from teppich_helpers import ENGINE, apply_all, fly, kinds, new, put, refused

POCKET = [[4, 9], [6, 9], [5, 10], [5, 8]]


def test_player_0_begins_and_turns_go_round():
    s = new(3)
    assert ENGINE.current_player(s) == 0 and ENGINE.summary(s)["turn"] == 0
    s, events = apply_all(s, fly(1, 0), fly(2, 0), fly(3, 0))
    assert s.current == 0 and kinds(events).count("turn") == 3


def test_each_miss_skips_one_turn():
    s = put(new(3), misses=(0, 2, 0))
    s, events = apply_all(s, {"action": "drift"})
    assert s.current == 2 and s.misses == (0, 1, 0)
    s, events = apply_all(s, {"action": "drift"}, {"action": "drift"})
    assert s.current == 2 and s.misses == (0, 0, 0)
    assert [e.data["player"] for e in events if e.kind == "skip"] == [1]


def test_a_player_with_no_legal_move_passes():
    s = put(new(3, clouds=POCKET), {1: (5, 9)}, tokens=(5, 0, 5))
    s, events = ENGINE.apply(s, {"action": "drift"})
    assert s.current == 2 and {"player": 1, "reason": "no_move"} in [e.data for e in events if e.kind == "pass"]
    # with a token the same player could stay where he is (a move ending where it began)
    s = put(new(3, clouds=POCKET), {1: (5, 9)}, tokens=(5, 1, 5))
    assert ENGINE.apply(s, {"action": "drift"})[0].current == 1


def test_when_nobody_can_move_the_game_ends_unwon():
    pockets = POCKET + [[14, 9], [16, 9], [15, 10], [15, 8]] + [[9, 9], [11, 9], [10, 10], [10, 8]]
    s = put(new(3, clouds=pockets), {0: (5, 9), 1: (15, 9), 2: (10, 9)}, tokens=(1, 0, 0))
    s, events = ENGINE.apply(s, fly(1, 2, "side_up", pair="UL", token=("vertical", -1)))
    assert s.cells[0] == (5, 9) and s.over and s.winners == ()
    assert "stuck" in kinds(events) and ENGINE.summary(s)["turn"] is None


def test_tokens_are_counted_and_gone_once_used():
    s = put(new(3), {0: (5, 3)}, tokens=(1, 5, 5))
    s, _ = ENGINE.apply(s, {"action": "steer", "dir": "up"})
    assert s.tokens == (0, 5, 5) and ENGINE.summary(s)["carpets"][0]["tokens"] == 0
    s = put(s, current=0)
    assert refused(s, {"action": "steer", "dir": "up"}) == "no_tokens"
    assert refused(s, fly(1, 1, token=("side", 1))) == "no_tokens"
    assert all("token" not in a and a["action"] != "steer" for a in ENGINE.legal_actions(s))
    assert ENGINE.apply(s, fly(1, 1))[0].tokens == (0, 5, 5)


def test_malformed_actions_are_refused_and_nothing_changes():
    s = new(3)
    before = s.to_dict()
    assert refused(s, {"action": "teleport"}) == "unknown_action"
    assert refused(s, {"nothing": 1}) == "not_an_action"
    assert refused(s, {**fly(1, 0), "seat": 2}) == "not_your_turn"
    assert refused(s, {"action": "drift", "token": {"leg": "side", "change": 1}}) == "unknown_field"
    assert ENGINE.apply(s, {**fly(1, 0), "seat": 0})[0].current == 1
    assert s.to_dict() == before


def test_the_legal_list_is_every_card_every_token_use_steers_and_drift():
    s = put(new(3), {0: (12, 4)})
    legal = ENGINE.legal_actions(s)
    cards = [a for a in legal if a["action"] == "fly"]
    # in open calm air every way to play every card is legal: 3 x (14 + 3 x 2 x 4 x 5)
    assert len(cards) == 3 * (2 + 2 * 2 + 8 + 3 * 2 * 4 * 5)
    assert [a for a in legal if a["action"] != "fly"] == [
        {"action": "steer", "dir": d} for d in ("up", "down", "left", "right")] + [{"action": "drift"}]
    assert len({str(a) for a in legal}) == len(legal)
