"""Scores, the end of the game and the tie-breaks of both rule sets."""

from __future__ import annotations

from dataclasses import replace

from suleika_helpers import ENGINE, at, kinds, lay, new

from companion.games.suleika.rules import carpets_left, scores, seat_colors, visible_cells, winners


def over(state):
    return replace(state, phase="over")


def test_visible_cells_and_scores_count_both_colours_in_two_players():
    s = lay(new(2), ((0, 0), (0, 1), "red"), ((1, 0), (1, 1), "yellow"), ((0, 1), (1, 1), "blue"))
    # red (0,0) and yellow (1,0) still show; blue covers one half of each.
    assert visible_cells(s, 0) == 2 and visible_cells(s, 1) == 2
    assert scores(s) == [62, 62]
    assert seat_colors(s, 0) == ("red", "yellow") and carpets_left(s, 0) == {"red": 11, "yellow": 11}
    summary = ENGINE.summary(s)
    assert summary["players"][0] == {"money": 60, "visible": 2, "carpets_left": 22, "out": False}
    assert summary["board"][0][:2] == ["red", "blue"] and summary["board"][1][:2] == ["yellow", "blue"]


def test_winner_is_not_decided_before_the_end():
    s = lay(new(4), ((0, 0), (0, 1), "red"))
    assert winners(s) == [] and ENGINE.summary(s)["winners"] == []
    assert winners(over(s)) == [0]


def test_suleika_tie_goes_to_more_visible_cells_then_shared():
    s = lay(new(3), ((0, 0), (0, 1), "red"), ((2, 0), (2, 1), "blue"), ((2, 2), (2, 3), "blue"))
    s = replace(s, money=(42, 40, 44))         # scores 44, 44, 44; visible 2, 4, 0
    assert scores(s) == [44, 44, 44]
    assert winners(over(s)) == [1]
    s = replace(s, money=(44, 42, 44))          # red 46, blue 46, yellow 44; visible 2 vs 4
    assert winners(over(s)) == [1]
    tied = replace(lay(new(3), ((0, 0), (0, 1), "red"), ((2, 0), (2, 1), "blue")), money=(40, 40, 10))
    assert winners(over(tied)) == [0, 1]


def test_marrakech_tie_goes_to_more_money():
    s = lay(new(3, rules="marrakech"), ((0, 0), (0, 1), "red"), ((2, 0), (2, 1), "red"))
    s = replace(s, money=(26, 30, 10))          # scores 30, 30, 10: red has more cells, blue more money
    assert winners(over(s)) == [1]
    s = replace(s, money=(30, 34, 10))
    assert winners(over(s)) == [1]


def test_out_players_never_win():
    s = lay(new(3, rules="marrakech"), ((0, 0), (0, 1), "red"), ((2, 0), (2, 1), "red"))
    s = replace(s, money=(0, 1, 2), out=(True, False, False))   # red scores 4 but is out
    assert winners(over(s)) == [2]


def test_final_tie_none_from_the_box():
    tied = replace(lay(new(3), ((0, 0), (0, 1), "red"), ((2, 0), (2, 1), "blue")), money=(40, 40, 10))
    assert winners(over(replace(tied, final_tie="none"))) == []
    assert winners(over(replace(tied, final_tie="none", money=(41, 40, 10)))) == [0]


def test_game_ends_with_the_last_carpet():
    s = lay(new(4), ((0, 0), (0, 1), "blue"))
    s = replace(at(s, (3, 3), "N"), current=3, stock=((0,), (0,), (0,), (1,)), money=(30, 29, 30, 31))
    s, _ = ENGINE.apply(s, {"action": "roll", "value": 1})
    assert not ENGINE.is_over(s)
    s, events = ENGINE.apply(s, {"action": "place", "cells": [[2, 4], [2, 5]]})
    assert kinds(events) == ["place", "over"]
    assert events[1].data == {"winners": [3], "scores": [30, 31, 30, 33]}
    summary = ENGINE.summary(s)
    assert summary["over"] is True and summary["turn"] is None and summary["winners"] == [3]
    assert ENGINE.current_player(s) is None


def test_variant_has_no_heading_phase_after_the_last_carpet():
    s = replace(at(new(2, variant2p=True), (3, 3), "N"), current=1, stock=((0, 0), (0, 1)))
    s, _ = ENGINE.apply(s, {"action": "roll", "value": 1})
    s, _ = ENGINE.apply(s, {"action": "place", "cells": [[2, 4], [2, 5]]})
    assert s.phase == "over"


def test_players_without_carpets_are_skipped():
    s = replace(at(new(3), (3, 3), "N"), stock=((5,), (0,), (5,)))
    s, _ = ENGINE.apply(s, {"action": "roll", "value": 1})
    s, _ = ENGINE.apply(s, {"action": "place", "cells": [[2, 4], [2, 5]]})
    assert s.current == 2
