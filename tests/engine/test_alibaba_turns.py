"""A turn of Ali Baba: dealing, selling, moving (forks), looting, round end, game end, refusals."""

from __future__ import annotations

from collections import Counter

import pytest
from alibaba_helpers import BOX, ENGINE, before, g, held, new, pays, playing, refused, run

from companion.engine.base import IllegalAction
from companion.games.alibaba.rules.state import CHOOSE_STARTER, DEAL, LOOT, OVER, TURN


# -- dealing ---------------------------------------------------------------------------------
def deal_all(state, values=None):
    """Deal every movement card in the given order (default: the box's order)."""
    for v in values or BOX.movement:
        chance = ENGINE.chance(state)
        assert chance is not None and chance.action == "draw"
        state, _ = run(state, {"action": "draw", "value": v})
    return state


@pytest.mark.parametrize("players, sizes", [(2, [12, 12]), (3, [8, 8, 8]), (4, [6] * 4),
                                            (5, [5, 5, 5, 5, 4]), (6, [4] * 6)])
def test_all_24_cards_are_dealt_and_with_five_the_dealer_gets_one_fewer(players, sizes):
    state = new(players)
    assert state.phase == DEAL and ENGINE.current_player(state) == players - 1  # the dealer
    state = deal_all(state)
    assert [len(h) for h in state.hands] == sizes
    assert Counter(v for h in state.hands for v in h) == Counter(BOX.movement)
    assert state.phase == TURN and ENGINE.current_player(state) == 0  # left of the dealer


def test_the_deal_is_a_fair_chance_over_the_cards_left():
    state = new(3)
    faces = ENGINE.chance(state).faces
    assert Counter(faces) == Counter({1: 10, 2: 6, 3: 4, 4: 2, 5: 2})
    state, _ = run(state, {"action": "draw", "value": 5}, {"action": "draw", "value": 5})
    assert 5 not in ENGINE.chance(state).faces
    assert state.hands[0] == (5,) and state.hands[1] == (5,)
    refused(state, {"action": "draw", "value": 5}, "no_card_left", value=5)
    refused(state, {"action": "draw", "value": 0}, "bad_card_value", value=0)


# -- selling (step 1) ------------------------------------------------------------------------
def test_selling_pays_the_quarter_price_without_group_bonus_and_returns_the_cards():
    state = playing(cards={0: {"Schmuggler": 4}}, position=30)  # quarter 3: Betrüger 40
    state, events = run(state, {"action": "sell", "group": "Schmuggler", "count": 3})
    assert pays(events) == [(None, 0, 120)]
    assert held(state, 0, "Schmuggler") == 1 and state.piles[g("Schmuggler")] == 3
    assert state.phase == TURN  # selling is optional and may go on; the move is still due


def test_selling_in_the_first_quarter_brings_nothing():
    state = playing(cards={0: {"Seeräuber": 1}}, position=5)
    state, events = run(state, {"action": "sell", "group": "Seeräuber"})
    assert pays(events) == [] and held(state, 0, "Seeräuber") == 0


def test_selling_a_card_one_does_not_hold_is_refused():
    state = playing(cards={0: {"Schmuggler": 1}}, position=30)
    refused(state, {"action": "sell", "group": "Hehler", "count": 1}, "too_few_cards", held=0, group="Hehler")
    refused(state, {"action": "sell", "group": "Schmuggler", "count": 2}, "too_few_cards", held=1, group="Schmuggler", count=2)
    refused(state, {"action": "sell", "group": "Kamel"}, "unknown_group", name="Kamel")


# -- moving and forks ------------------------------------------------------------------------
def test_a_movement_value_no_longer_in_hand_is_refused():
    state = playing(hands=[[1, 2], [1], [1]])
    refused(state, {"action": "move", "card": 3}, "not_in_hand", card=3)
    state, _ = run(state, {"action": "move", "card": 2}, {"action": "done"})  # step 2: empty
    assert state.hands[0] == (1,)


def test_at_a_fork_the_mover_picks_the_branch():
    fork = BOX.board.forks[0]
    state = playing(position=fork.start - 1, hands=[[2, 1], [1], [1]])
    left, right = fork.left[1], fork.right[1]
    assert left != right  # the two ways lead to different fields
    refused(state, {"action": "move", "card": 2}, "fork_needs_choice", fork=1)
    refused(state, {"action": "move", "card": 2, "forks": ["up"]}, "bad_branch")
    took_left, events = run(state, {"action": "move", "card": 2, "forks": ["left"]})
    took_right, _ = run(state, {"action": "move", "card": 2, "forks": ["right"]})
    assert (took_left.position, took_left.branch) == (fork.start + 1, "left")
    assert (took_right.position, took_right.branch) == (fork.start + 1, "right")
    assert events[0].data["field"] == left.code() and events[0].data["params"] == left.params(BOX.gangs)
    # Inside a branch the next move stays on it and needs no choice.
    assert ENGINE.summary(took_right)["field"] == right.label(BOX.gangs)


def test_a_fork_choice_where_there_is_no_fork_is_refused():
    state = playing(position=1)
    refused(state, {"action": "move", "card": 1, "forks": ["left"]}, "no_fork_there")
    fork = BOX.board.forks[0]
    inside = playing(position=fork.start, branch="left")
    refused(inside, {"action": "move", "card": 1, "forks": ["right"]}, "no_fork_there")


def test_legal_moves_list_every_card_and_branch():
    fork = BOX.board.forks[0]
    state = playing(position=fork.start - 2, hands=[[1, 1, 3], [1], [1]])
    moves = [a for a in ENGINE.legal_actions(state) if a["action"] == "move"]
    assert moves == [{"action": "move", "seat": 0, "card": 1},
                     {"action": "move", "seat": 0, "card": 3, "forks": ["left"]},
                     {"action": "move", "seat": 0, "card": 3, "forks": ["right"]}]
    for move in moves:
        ENGINE.apply(state, move)  # every listed move is accepted


def test_every_field_kind_is_on_the_default_board():
    fields = BOX.board.all_fields()
    kinds = Counter((f.kind, f.gang, f.event, f.four) for f in fields)
    for e in range(1, 10):
        assert kinds[("event", None, e, None)] >= 1
    for gang in range(4):
        assert kinds[("gang", gang, None, None)] >= 3
    for four in ("die", "question", "all"):
        assert kinds[("four", None, None, four)] == 1
    assert BOX.board.lap == 52 == sum(BOX.movement) and len(BOX.movement) == 24
    assert len(BOX.board.forks) == 3 and all(len(f.left) == len(f.right) for f in BOX.board.forks)


# -- loot (empty field) ----------------------------------------------------------------------
def test_loot_example_two_betrueger_and_one_raeuber_cost_160_in_quarter_3():
    state, move = playing(position=26), {"action": "move", "card": 1}
    assert BOX.board.field(27, None).kind == "empty" and BOX.board.quarter(27) == 3
    state, events = run(state, move, {"action": "take", "group": "Fälscher"},
                        {"action": "take", "group": "Schmuggler"}, {"action": "take", "group": "Seeräuber"})
    assert sum(a for _, _, a in pays(events)) == 160
    assert all(payer == 0 and payee is None for payer, payee, _ in pays(events))
    assert state.money[0] == 2500 - 160
    assert state.phase == TURN and state.turn == 1  # three cards taken: the turn passes


def test_loot_is_at_most_three_and_may_stop_early():
    state = playing(position=1, hands=[[1, 1], [1], [1]])  # step 2 is empty
    state, _ = run(state, {"action": "move", "card": 1})
    assert state.phase == LOOT and state.takes_left == 3
    state, events = run(state, {"action": "take", "group": "Bettler"}, {"action": "done"})
    assert held(state, 0, "Bettler") == 1 and pays(events) == []  # quarter 1 is free
    assert state.turn == 1


def test_buying_without_the_money_is_refused():
    state = playing(position=26, money=[30, 2500, 2500])
    state, _ = run(state, {"action": "move", "card": 1})
    refused(state, {"action": "take", "group": "Seeräuber"}, "cannot_pay_loot", money=30, group="Seeräuber")
    assert {"action": "take", "seat": 0, "group": "Seeräuber"} not in ENGINE.legal_actions(state)
    state, _ = run(state, {"action": "take", "group": "Bettler"})  # 10 is affordable
    assert state.money[0] == 20


def test_a_fifth_card_of_a_group_is_refused():
    state = playing(position=1, cards={1: {"Schmuggler": 3}, 2: {"Schmuggler": 1}})
    state, _ = run(state, {"action": "move", "card": 1})
    refused(state, {"action": "take", "group": "Schmuggler"}, "pile_empty", size=4, group="Schmuggler")


# -- round end -------------------------------------------------------------------------------
def test_round_end_pays_printed_values_doubled_for_complete_groups_plus_100():
    state = playing(position=51, hands=[[1], [], []],
                    cards={0: {"Schmuggler": 4}, 1: {"Schmuggler": 0, "Seeräuber": 3}})
    state, events = run(state, {"action": "move", "card": 1})
    assert state.position == 0
    assert pays(events) == [(None, 0, 640), (None, 0, 100), (None, 1, 480), (None, 1, 100), (None, 2, 100)]
    assert held(state, 0, "Schmuggler") == 4  # cards stay with their holders
    assert state.phase == CHOOSE_STARTER and ENGINE.current_player(state) == 2  # the poorest


def test_the_last_card_always_ends_on_start():
    # A miscounted position: the last card would stop short, yet Ali Baba is set on start.
    state = playing(position=30, hands=[[1], [], []])
    state, events = run(state, {"action": "move", "card": 1})
    assert state.position == 0 and state.phase == CHOOSE_STARTER
    assert any(e.kind == "round_end" for e in events)


def test_the_poorest_names_the_starter_ties_to_the_first_in_seating_order():
    state = playing(position=51, hands=[[1], [], []], money=[3000, 2000, 2000])
    state, _ = run(state, {"action": "move", "card": 1})
    assert ENGINE.current_player(state) == 1
    refused(state, {"action": "choose_starter", "seat": 2, "player": 0}, "not_your_turn", who="Player 2", actor="Player 3")
    state, _ = run(state, {"action": "choose_starter", "player": 2})
    assert (state.round, state.starter, state.dealer, state.phase) == (2, 2, 1, DEAL)
    assert ENGINE.chance(state).kind == "movement_card"
    state = deal_all(state)
    assert state.turn == 2 and [len(h) for h in state.hands] == [8, 8, 8]


def test_after_the_second_round_most_money_wins_and_equal_money_shares():
    state = playing(position=51, hands=[[1], [], []], round=2, money=[2000, 2000, 1000])
    state, events = run(state, {"action": "move", "card": 1})
    assert state.phase == OVER and ENGINE.is_over(state)
    assert list(state.winners) == [0, 1] and ENGINE.summary(state)["winners"] == [0, 1]
    assert ENGINE.current_player(state) is None and ENGINE.legal_actions(state) == []
    assert ENGINE.chance(state) is None
    refused(state, {"action": "move", "card": 1}, "game_over", action="move")


def test_the_richest_wins_alone():
    state = playing(position=51, hands=[[1], [], []], round=2, money=[2000, 2100, 1000])
    state, _ = run(state, {"action": "move", "card": 1})
    assert list(state.winners) == [1]


# -- refusals --------------------------------------------------------------------------------
def test_actions_out_of_turn_out_of_phase_unknown_or_malformed_are_refused():
    state = playing(position=1)
    refused(state, {"action": "fly"}, "unknown_action", action="fly")
    refused(state, {"nothing": 1}, "not_an_action")
    refused(state, {"action": "take", "group": "Bettler"}, "not_now_turn", action="take")
    refused(state, {"action": "roll", "value": 3}, "not_now_turn", action="roll")
    refused(state, {"action": "move", "card": 1, "seat": 2}, "not_your_turn", who="Player 1", actor="Player 3")
    refused(state, {"action": "move", "card": True}, "not_whole_number", field="card")
    refused(state, {"action": "move", "card": "1"}, "not_whole_number", field="card")
    refused(state, {"action": "move"}, "missing_field", action="move", field="card")
    refused(state, {"action": "sell", "group": 5}, "group_missing", field="group")
    refused(state, {"action": "move", "card": 1, "forks": "sideways"}, "bad_branch")


def test_a_die_value_outside_1_to_6_is_refused():
    state, move = before(playing(), "four", four="die")
    state, _ = run(state, move)
    assert ENGINE.chance(state).faces == (1, 2, 3, 4, 5, 6)
    refused(state, {"action": "roll", "value": 7}, "bad_die_value", value=7)
    refused(state, {"action": "roll", "value": 0}, "bad_die_value", value=0)


@pytest.mark.parametrize("header, code, match", [
    ({"players": 1}, "bad_players", "2–6 players, not 1"), ({"players": 7}, "bad_players", "2–6 players"),
    ({"players": 3, "names": ["A", "B"]}, "names_count", "must list 3 names"),
    ({"players": 3, "colors": ["red"]}, "colors_count", "one entry per player"),
    ({"players": 4, "colors": [["nope"], 5, None, {}]}, "colors_entry", "colour name"),
    ({"players": 3, "colors": ["red", "red", "red"]}, "colour_twice", "red is chosen more than once"),
    ({"players": 2, "colors": ["red", "pink"]}, "unknown_colour", "no colour pink"),
    ({"players": 2, "seed": "x"}, "bad_seed", 'not "x"'),
    ({"players": 2, "variant_free_loot": "yes"}, "bad_option", "false, true"),
    ({"players": 2, "game": "suleika"}, "wrong_game", "for suleika, not alibaba"),
])
def test_bad_headers_are_refused(header, code, match):
    """Among them the two that once slipped through: a Suleika header, colours that are none."""
    with pytest.raises(IllegalAction, match=match) as info:
        ENGINE.new_game({"record": 1, "game": "alibaba", **header})
    assert info.value.code == code


def test_summary_is_plain_json_with_everything_the_table_sees():
    import json
    state = playing(cards={1: {"Hehler": 2}}, position=30, names=("Anna", "Ben", "Cem"))
    summary = json.loads(json.dumps(ENGINE.summary(state)))
    assert summary["quarter"] == 3 and summary["prices"]["Räuber"] == 80
    assert summary["players"][1] == {"seat": 1, "name": "Ben", "money": 2500, "cards": {"Hehler": 2},
                                     "card_count": 2, "movement_cards": [1, 1]}
    assert summary["pile_counts"]["Betrüger"] == 14 and summary["piles"]["Betrüger"]["Hehler"] == 2
    assert summary["ledger"]["balanced"] is True and summary["phase"] == "turn"


def test_a_header_that_is_no_object_is_refused_in_words():
    with pytest.raises(IllegalAction) as info:
        ENGINE.new_game([1, 2])  # type: ignore[arg-type]
    assert info.value.code == "header_not_object"
