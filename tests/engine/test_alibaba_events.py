"""The nine event fields (events 3 and 7 meet their arrest in test_alibaba_arrest.py)."""

from __future__ import annotations

from alibaba_helpers import BOX, ENGINE, before, held, pays, playing, refused, run

from companion.games.alibaba.rules.state import BAZAAR, BONUS_ROLL, EVENT_ROLL, GIFT, GIVE, SET_DIE, TARGET, TURN


def landed(event: int, **kwargs):
    """Seat 0 has moved onto event ``event``."""
    state, move = before(playing(**kwargs), "event", event=event)
    state, events = run(state, move)
    assert state.event == event and any(e.kind == "event" for e in events)
    return state


def test_events_hitting_one_player_let_the_mover_name_anyone_himself_included():
    for event in (1, 2, 3, 4, 6, 7):
        state = landed(event)
        assert state.phase == TARGET and ENGINE.current_player(state) == 0
        assert [a["player"] for a in ENGINE.legal_actions(state)] == [0, 1, 2]
        refused(state, {"action": "choose_player", "player": 3}, "bad_seat", value=3, last=2)


def test_event_1_the_affected_player_rolls_and_gets_50_per_pip():
    state = landed(1)
    state, _ = run(state, {"action": "choose_player", "player": 1})
    assert state.phase == EVENT_ROLL and ENGINE.current_player(state) == 1
    assert ENGINE.chance(state).kind == "die" and ENGINE.legal_actions(state) == []
    state, events = run(state, {"action": "roll", "value": 4})
    assert pays(events) == [(None, 1, 200)]
    assert state.phase == TURN and state.turn == 1


def test_event_2_the_affected_player_gets_200():
    state = landed(2)
    state, events = run(state, {"action": "choose_player", "player": 2})
    assert pays(events) == [(None, 2, 200)] and state.turn == 1


def test_event_3_and_7_set_a_die_for_the_next_arrest():
    for event, field in ((3, "preset_black"), (7, "preset_white")):
        state = landed(event)
        state, _ = run(state, {"action": "choose_player", "player": 2})
        assert state.phase == SET_DIE and ENGINE.current_player(state) == 2
        refused(state, {"action": "set_die", "value": 7}, "bad_die_value", value=7)
        state, events = run(state, {"action": "set_die", "value": 5})
        assert getattr(state, field) == 5 and pays(events) == []
        assert ENGINE.summary(state)["dice"][field.replace("preset_", "") + "_set"] == 5


def test_event_4_two_free_cards_from_one_pile_or_two():
    for first, second in (("Seeräuber", "Karawanenräuber"), ("Seeräuber", "Bettler")):
        state = landed(4, cards={1: {"Palasträuber": 4}})
        state, _ = run(state, {"action": "choose_player", "player": 0})
        assert state.phase == GIFT and state.takes_left == 2
        refused(state, {"action": "take", "group": "Palasträuber"}, "pile_empty", group="Palasträuber", size=4)
        state, events = run(state, {"action": "take", "group": first}, {"action": "take", "group": second})
        assert pays(events) == [] and held(state, 0, first) == 1 and held(state, 0, second) == 1
        assert state.phase == TURN and state.turn == 1


def test_event_5_bazaar_trades_cards_either_way_with_money():
    state = landed(5, cards={0: {"Hehler": 2}, 2: {"Bettler": 1}})
    assert state.phase == BAZAAR and ENGINE.current_player(state) == 0
    trade = {"action": "trade", "from": 0, "to": 2, "give": {"Hehler": 2}, "take": {"Bettler": 1}, "price": 30}
    state2, events = run(state, trade)
    assert pays(events) == [(2, 0, 30)]
    assert held(state2, 2, "Hehler") == 2 and held(state2, 0, "Bettler") == 1
    refused(state, {**trade, "give": {"Hehler": 3}}, "too_few_cards", held=2, group="Hehler", count=3)
    refused(state, {**trade, "price": 9999}, "cannot_pay_trade", price=9999)
    refused(state, {**trade, "to": 0}, "trade_same_player")
    refused(state, {"action": "trade", "from": 0, "to": 1, "price": 5}, "empty_trade")
    refused(state, {"action": "done", "seat": 2}, "not_your_turn", who="Player 1")
    legal = ENGINE.legal_actions(state)
    assert {"action": "trade", "from": 2, "to": 1, "give": {"Bettler": 1}, "price": 5} in legal
    state2, _ = run(state2, {"action": "done"})
    assert state2.phase == TURN and state2.turn == 1


def test_event_6_every_other_player_with_cards_gives_one_of_his_choice():
    state = landed(6, players=4, hands=[[1, 1]] * 4, cards={1: {"Bettler": 1, "Hehler": 1}, 3: {"Seeräuber": 2}})
    state, _ = run(state, {"action": "choose_player", "player": 0})
    assert state.phase == GIVE and ENGINE.current_player(state) == 1  # seat 2 holds nothing
    assert [a["group"] for a in ENGINE.legal_actions(state)] == ["Bettler", "Hehler"]
    refused(state, {"action": "give", "group": "Seeräuber"}, "too_few_cards", held=0, group="Seeräuber")
    state, _ = run(state, {"action": "give", "group": "Hehler"})
    assert ENGINE.current_player(state) == 3
    state, events = run(state, {"action": "give", "group": "Seeräuber"})
    assert held(state, 0, "Hehler") == 1 and held(state, 0, "Seeräuber") == 1 and pays(events) == []
    assert state.phase == TURN and state.turn == 1


def test_event_8_everyone_gets_the_quarter_price_for_each_card_and_keeps_it():
    state, move = before(playing(cards={0: {"Seeräuber": 2, "Bettler": 1}, 2: {"Fälscher": 1}}), "event", event=8)
    quarter = BOX.board.quarter(state.position + 1)
    assert quarter == 2
    state, events = run(state, move)
    assert pays(events) == [(None, 0, 2 * 40 + 5), (None, 2, 20)]
    assert held(state, 0, "Seeräuber") == 2 and state.phase == TURN


def test_event_9_rulebook_example_8_cards_and_a_roll_of_4_give_320():
    state = landed(9, cards={1: {"Seeräuber": 4, "Hehler": 4}, 2: {"Bettler": 1}})
    assert state.phase == BONUS_ROLL and ENGINE.current_player(state) == 1  # seat 0 has no card
    state, events = run(state, {"action": "roll", "value": 4})
    assert pays(events) == [(None, 1, 320)]
    assert ENGINE.current_player(state) == 2
    state, events = run(state, {"action": "roll", "value": 6})
    assert pays(events) == [(None, 2, 60)] and state.phase == TURN
