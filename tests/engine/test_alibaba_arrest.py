"""Arrests: dump, black die, last chance, white die, the Kadi, going broke, set dice."""

from __future__ import annotations

from alibaba_helpers import BOX, ENGINE, before, held, pays, playing, refused, run

from companion.games.alibaba.rules.arrest import endangered_groups, fate_number
from companion.games.alibaba.rules.state import BLACK_ROLL, DUMP, LAST_CHANCE, PICK_GANG, TURN, WHITE_ROLL

SCHWINDLER = BOX.gang_index("Schwindler")


def onto_schwindler(**kwargs):
    """Seat 0 moves onto the first Schwindler symbol (quarter 1)."""
    state, move = before(playing(**kwargs), "gang", gang="Schwindler")
    return run(state, move)


def test_rulebook_example_black_4_white_3_is_fate_number_21():
    assert fate_number(4, 3) == 21
    assert fate_number(1, 1) == 1 and fate_number(6, 6) == 36


def test_the_whole_arrest_in_order():
    state, events = onto_schwindler(cards={0: {"Hellseher": 2}, 1: {"Bettler": 1, "Wunderheiler": 1, "Hehler": 1},
                                           2: {"Seeräuber": 1}})
    assert events[-1].data["gangs"] == ["Schwindler"]
    # Step 1: the holders dump, one after another from the mover; seat 2 holds nothing affected.
    assert state.phase == DUMP and ENGINE.current_player(state) == 0
    state, _ = run(state, {"action": "done"})
    assert ENGINE.current_player(state) == 1
    refused(state, {"action": "dump", "group": "Hehler", "count": 1}, "not_affected", group="Hehler")
    state, events = run(state, {"action": "dump", "group": "Bettler", "count": 1})
    assert pays(events) == [(1, None, 20)] and held(state, 1, "Bettler") == 0
    state, _ = run(state, {"action": "done"})
    # Step 2: the mover rolls the black die.
    assert state.phase == BLACK_ROLL and ENGINE.current_player(state) == 0
    assert ENGINE.chance(state).kind == "black_die"
    state, events = run(state, {"action": "roll", "value": 4})
    endangered = [e for e in events if e.kind == "endangered"][0].data
    assert endangered["numbers"] == [19, 20, 21, 22, 23, 24]
    assert endangered["groups"] == ["Hellseher", "Schlitzohr"]
    # The referee shows each player's chance to pay: seat 0 loses on column 3 only.
    risk = ENGINE.summary(state)["arrest"]["players"]
    assert risk[0]["chance"] == round(1 / 6, 4) and risk[0]["endangered"] == {"Hellseher": 2}
    assert risk[1]["chance"] == 0 and risk[2]["chance"] == 0
    # Step 3: last chance for endangered cards only, at 100 each.
    assert state.phase == LAST_CHANCE and ENGINE.current_player(state) == 0
    refused(state, {"action": "last_chance", "group": "Wunderheiler", "count": 1}, "not_endangered", group="Wunderheiler", row=4)
    state, events = run(state, {"action": "last_chance", "group": "Hellseher", "count": 1}, {"action": "done"})
    assert pays(events) == [(0, None, 100)]
    # Seat 1's Wunderheiler is not endangered, so nobody else is asked.
    assert state.phase == WHITE_ROLL and ENGINE.chance(state).kind == "white_die"
    state, events = run(state, {"action": "roll", "value": 3})
    assert [e.data for e in events if e.kind == "fate"] == [{"number": 21, "groups": ["Hellseher"]}]
    pay = [e.data for e in events if e.kind == "pay"]
    assert pay == [{"payer": 0, "payee": None, "amount": 200, "reason": "kadi_bribe",
                    "params": {"cards": "1 Hellseher"}}]
    assert held(state, 0, "Hellseher") == 1  # bribed: he keeps it
    assert state.phase == TURN and state.turn == 1 and state.last_fate == 21


def test_selling_affected_cards_to_another_player_before_the_arrest():
    state, _ = onto_schwindler(cards={0: {"Hellseher": 2}})
    refused(state, {"action": "sell_to", "to": 1, "group": "Hellseher", "count": 1, "price": 9000},
            "buyer_cannot_pay", name="Player 2", price=9000)
    refused(state, {"action": "sell_to", "to": 0, "group": "Hellseher", "count": 1, "price": 5}, "sell_to_self")
    state, events = run(state, {"action": "sell_to", "to": 1, "group": "Hellseher", "count": 2, "price": 50},
                        {"action": "done"})
    assert pays(events) == [(1, 0, 50)] and held(state, 1, "Hellseher") == 2
    # The buyer has not had his say yet, so he may dump them now.
    assert state.phase == DUMP and ENGINE.current_player(state) == 1


def test_dumping_needs_the_fee():
    state, _ = onto_schwindler(cards={0: {"Hellseher": 2}}, money=[30, 2500, 2500])
    refused(state, {"action": "dump", "group": "Hellseher", "count": 2}, "cannot_pay_dump", count=2, fee=40)
    assert [a["count"] for a in ENGINE.legal_actions(state) if a["action"] == "dump"] == [1]


def test_a_complete_group_caught_costs_four_bribes():
    state, move = before(playing(cards={1: {"Schmuggler": 4}}, preset_black=1, preset_white=1), "gang",
                         gang="Betrüger")
    state, events = run(state, move)  # both dice set: straight to the Kadi, fate number 1
    assert pays(events) == [(1, None, 800)]


def test_event_3_black_die_skips_the_dump():
    state, _ = onto_schwindler(cards={1: {"Hellseher": 1}}, preset_black=4)
    assert state.phase == LAST_CHANCE and ENGINE.current_player(state) == 1 and state.row == 4
    state, _ = run(state, {"action": "done"})
    assert state.phase == WHITE_ROLL
    state, events = run(state, {"action": "roll", "value": 3})
    assert pays(events) == [(1, None, 200)]
    assert state.preset_black is None  # used up


def test_event_7_white_die_skips_the_dump_and_the_last_chance():
    state, _ = onto_schwindler(cards={1: {"Hellseher": 1}}, preset_white=3)
    assert state.phase == BLACK_ROLL
    state, events = run(state, {"action": "roll", "value": 4})
    assert pays(events) == [(1, None, 200)] and state.phase == TURN
    assert state.preset_white is None


def test_a_set_die_from_events_3_and_7_through_the_events_themselves():
    state, move = before(playing(cards={1: {"Hellseher": 1}}), "event", event=7)
    state, _ = run(state, move, {"action": "choose_player", "player": 1}, {"action": "set_die", "value": 3})
    assert state.preset_white == 3 and state.turn == 1
    # Next, seat 1 walks onto a Schwindler symbol: no dump, no last chance.
    state, move = before(state, "gang", gang="Schwindler")
    state, _ = run(state, move)
    assert state.phase == BLACK_ROLL and ENGINE.current_player(state) == 1


def test_a_set_die_is_used_up_even_when_nobody_holds_affected_cards():
    state, events = onto_schwindler(cards={1: {"Seeräuber": 1}}, preset_black=2, preset_white=5)
    assert state.preset_black is None and state.preset_white is None
    assert pays(events) == [] and state.phase == TURN
    assert [e.data["why"] for e in events if e.kind == "arrest_over"] == ["nobody_affected"]


def test_an_arrest_nobody_is_left_for_ends_without_dice():
    state, _ = onto_schwindler(cards={0: {"Bettler": 1}})
    state, events = run(state, {"action": "dump", "group": "Bettler", "count": 1}, {"action": "done"})
    assert state.phase == TURN and not any(e.kind == "die" for e in events)


def test_going_broke_sells_everything_pays_all_and_the_rest_is_forgiven():
    step = 28  # a Schwindler symbol in quarter 3
    assert BOX.board.field(step, None).gang == SCHWINDLER and BOX.board.quarter(step) == 3
    state = playing(cards={1: {"Hellseher": 4, "Seeräuber": 2}}, money=[2500, 150, 2500],
                    position=step - 1, preset_black=4, preset_white=3)
    state, events = run(state, {"action": "move", "card": 1})
    # Kadi wants 800; the cards sell for 4 x 10 + 2 x 80 = 200; he pays his 350, 450 forgiven.
    assert pays(events) == [(None, 1, 200), (1, None, 350)]
    assert [e.data["amount"] for e in events if e.kind == "forgiven"] == [450]
    assert state.money[1] == 0 and sum(state.cards[1]) == 0
    assert state.piles[BOX.group_index("Hellseher")] == 4
    # He stays in the game: his turn comes next.
    assert state.phase == TURN and state.turn == 1 and state.hands[1]


def test_broke_but_the_sale_covers_the_bribe():
    state = playing(cards={1: {"Hellseher": 4, "Seeräuber": 2}}, money=[2500, 700, 2500],
                    position=27, preset_black=4, preset_white=3)
    state, events = run(state, {"action": "move", "card": 1})
    assert pays(events) == [(None, 1, 200), (1, None, 800)]
    assert not any(e.kind == "forgiven" for e in events) and state.money[1] == 100


def test_four_symbols_with_die_pick_the_gang_by_the_roll():
    for value, gang in ((1, "Schwindler"), (2, "Schwindler"), (3, "Diebe"), (4, "Diebe"), (5, "Betrüger"),
                        (6, "Räuber")):
        state, move = before(playing(cards={0: {"Bettler": 1, "Kameldieb": 1, "Hehler": 1, "Seeräuber": 1}}),
                             "four", four="die")
        state, _ = run(state, move)
        assert ENGINE.current_player(state) == 0 and ENGINE.chance(state).kind == "die"
        state, events = run(state, {"action": "roll", "value": value})
        assert [e.data["gangs"] for e in events if e.kind == "arrest"] == [[gang]]


def test_four_symbols_with_question_mark_the_mover_picks():
    state, move = before(playing(cards={1: {"Hehler": 1}}), "four", four="question")
    state, _ = run(state, move)
    assert state.phase == PICK_GANG and len(ENGINE.legal_actions(state)) == 4
    refused(state, {"action": "pick_gang", "gang": "Piraten"}, "unknown_gang", name="Piraten")
    state, _ = run(state, {"action": "pick_gang", "gang": "Betrüger"})
    assert state.phase == DUMP and ENGINE.current_player(state) == 1


def test_four_symbols_alone_arrest_every_gang():
    state, move = before(playing(cards={1: {"Hehler": 1, "Bettler": 1}}), "four", four="all")
    state, events = run(state, move)
    assert [e.data["gangs"] for e in events if e.kind == "arrest"] == [["Schwindler", "Diebe", "Betrüger", "Räuber"]]
    state, events = run(state, {"action": "dump", "group": "Hehler", "count": 1},
                        {"action": "dump", "group": "Bettler", "count": 1})
    assert pays(events) == [(1, None, 20), (1, None, 20)]


def test_risk_before_the_black_die_counts_all_36_numbers():
    state, _ = onto_schwindler(cards={2: {"Hellseher": 1, "Bettler": 1}})
    risk = ENGINE.summary(state)["arrest"]["players"][2]
    assert risk["chance"] == round(4 / 36, 4) and risk["expected_bribe"] == round(4 * 200 / 36, 2)
    assert endangered_groups(BOX, (SCHWINDLER,), 1) == [BOX.group_index("Bettler")]
