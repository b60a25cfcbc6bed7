"""Paying for Omar's stay: areas, own colours, the 2-player colours, broke players, Marrakech."""

from __future__ import annotations

from dataclasses import replace

from suleika_helpers import ENGINE, at, kinds, lay, new

from companion.games.suleika.rules import payment_area


def roll_onto(state, value=1):
    """Omar faces N from (3, 3); a roll of 1 lands him on (2, 3)."""
    return ENGINE.apply(at(state, (3, 3), "N"), {"action": "roll", "value": value})


def pay_events(events):
    return [e.data for e in events if e.kind == "pay"]


def test_area_is_orthogonally_connected_and_ignores_diagonals():
    s = lay(new(4),
            ((2, 3), (2, 4), "blue"),
            ((1, 4), (0, 4), "blue"),   # joins (2, 4) orthogonally
            ((1, 2), (0, 2), "blue"),   # touches (2, 3) only diagonally
            ((3, 4), (3, 5), "red"))
    assert payment_area(s, (2, 3)) == {(2, 3), (2, 4), (1, 4), (0, 4)}
    assert payment_area(s, (1, 2)) == {(1, 2), (0, 2)}
    assert payment_area(s, (5, 5)) == frozenset()
    state, events = roll_onto(s)
    assert pay_events(events) == [{"payer": 0, "payee": 1, "amount": 4, "due": 4,
                                   "area": [[0, 4], [1, 4], [2, 3], [2, 4]], "reason": "carpet",
                                   "params": {"color": "blue", "cells": 4}}]
    assert state.money == (26, 34, 30, 30)


def test_only_the_visible_colour_counts_and_covered_cells_break_the_area():
    s = lay(new(4),
            ((2, 3), (2, 4), "blue"),
            ((2, 5), (2, 6), "blue"),
            ((2, 4), (1, 4), "yellow"))     # covers the link between the two blue carpets
    assert payment_area(s, (2, 3)) == {(2, 3)}
    _, events = roll_onto(s)
    assert [(p["payee"], p["amount"]) for p in pay_events(events)] == [(1, 1)]


def test_own_colour_and_bare_cells_are_free():
    s = lay(new(4), ((2, 3), (2, 4), "red"))
    state, events = roll_onto(s)
    assert kinds(events) == ["move"] and state.money == (30,) * 4
    state, events = roll_onto(new(4))
    assert kinds(events) == ["move"]


def test_two_players_colours_are_separate_areas_and_both_own_colours_free():
    s = lay(new(2),
            ((2, 3), (2, 4), "blue"),
            ((1, 3), (0, 3), "green"),      # the same player's other colour, touching
            ((3, 4), (4, 4), "yellow"))
    assert payment_area(s, (2, 3)) == {(2, 3), (2, 4)}
    state, events = roll_onto(s)
    assert [(p["payee"], p["amount"]) for p in pay_events(events)] == [(1, 2)]
    assert state.money == (58, 62)
    # Seat 1 landing on yellow (seat 0) pays, on its own green or blue it does not.
    s1 = replace(s, current=1)
    _, events = ENGINE.apply(at(s1, (4, 3), "E"), {"action": "roll", "value": 1})
    assert [(p["payer"], p["payee"], p["amount"]) for p in pay_events(events)] == [(1, 0, 2)]
    _, events = ENGINE.apply(at(s1, (0, 2), "E"), {"action": "roll", "value": 1})
    assert pay_events(events) == []


def test_suleika_rules_pay_what_you_can_nobody_is_out():
    s = lay(new(4), ((2, 3), (2, 4), "blue"), ((2, 5), (2, 6), "blue"))
    s = replace(s, money=(3, 30, 30, 30))
    state, events = roll_onto(s)
    assert pay_events(events)[0] == {"payer": 0, "payee": 1, "amount": 3, "due": 4,
                                          "area": [[2, 3], [2, 4], [2, 5], [2, 6]], "reason": "carpet",
                                          "params": {"color": "blue", "cells": 4}}
    assert state.money == (0, 33, 30, 30) and state.out == (False,) * 4 and state.phase == "place"
    # Broke: a payment event with amount 0 is still shown.
    state, events = roll_onto(replace(s, money=(0, 30, 30, 30)))
    assert [(p["amount"], p["due"]) for p in pay_events(events)] == [(0, 4)]
    assert state.phase == "place"


def test_marrakech_player_who_cannot_pay_is_out():
    s = lay(new(3, rules="marrakech"), ((2, 3), (2, 4), "blue"), ((2, 5), (2, 6), "blue"))
    s = replace(s, money=(3, 30, 30))
    state, events = roll_onto(s)
    assert kinds(events) == ["move", "pay", "out"]
    assert pay_events(events)[0]["amount"] == 3 and events[2].data == {"seat": 0}
    assert state.out == (True, False, False) and state.money == (0, 33, 30)
    # He lays no carpet; the next player is on with Omar where he stopped.
    assert state.phase == "roll" and state.current == 1 and state.omar == (2, 3)
    assert state.stock[0] == s.stock[0]
    summary = ENGINE.summary(state)
    assert summary["players"][0]["out"] is True and summary["turn"] == 1


def test_marrakech_equal_money_is_not_out():
    s = lay(new(3, rules="marrakech"), ((2, 3), (2, 4), "blue"))
    state, events = roll_onto(replace(s, money=(2, 30, 30)))
    assert kinds(events) == ["move", "pay"] and state.out == (False,) * 3
    assert state.money == (0, 32, 30) and state.phase == "place"


def test_out_players_carpets_are_free_and_he_is_skipped():
    s = lay(new(3, rules="marrakech"), ((2, 3), (2, 4), "blue"))
    s = replace(s, out=(False, True, False), money=(30, 0, 30))
    state, events = roll_onto(s)
    assert pay_events(events) == [] and state.money == (30, 0, 30)
    place = next(a for a in ENGINE.legal_actions(state) if a["action"] == "place")
    state, _ = ENGINE.apply(state, place)
    assert state.current == 2                      # seat 1 is skipped
    state = replace(state, phase="place")
    state, _ = ENGINE.apply(state, next(a for a in ENGINE.legal_actions(state) if a["action"] == "place"))
    assert state.current == 0


def test_marrakech_last_mover_out_ends_the_game_when_the_others_have_no_carpets():
    s = lay(new(2, rules="marrakech"), ((2, 3), (2, 4), "red"))
    s = replace(s, current=1, money=(30, 1), stock=((0, 0), (1, 0)))
    state, events = roll_onto(s)
    assert kinds(events) == ["move", "pay", "out", "over"]
    assert state.phase == "over" and ENGINE.summary(state)["winners"] == [0]
    assert events[-1].data == {"winners": [0], "scores": [2 + 31, 0]}
