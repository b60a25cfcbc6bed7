"""Whose turn it is: turn order, the 3-player middle player sitting out, passes, wins, draws."""

from __future__ import annotations

import pytest
from mutabor_helpers import BOTTOM, ENGINE, TOP, kinds, move, new, put, refused

from companion.games.mutabor.rules import engine as rules
from companion.games.mutabor.rules import moves as mv


def first_move(state):
    return ENGINE.legal_actions(state)[0]


@pytest.mark.parametrize("players,order", [(2, [0, 1, 0, 1]), (4, [0, 1, 2, 3, 0])])
def test_turns_go_round_in_seat_order(players, order):
    state = new(players, seed=3)
    seen = []
    for _ in order:
        seen.append(ENGINE.current_player(state))
        state, _ = ENGINE.apply(state, first_move(state))
    assert seen == order


def test_sides_and_start_cells_by_player_count():
    assert new(2).sides == ("bottom", "top")
    assert new(3).sides == ("bottom", "left", "top")
    four = new(4)
    assert four.sides == ("bottom", "left", "top", "right")
    assert ENGINE.summary(four)["figures"] == [
        [[7, 2], [7, 3], [7, 4], [7, 5]], [[2, 0], [3, 0], [4, 0], [5, 0]],
        [[0, 2], [0, 3], [0, 4], [0, 5]], [[2, 7], [3, 7], [4, 7], [5, 7]]]


def test_three_players_the_middle_player_sits_out_his_first_turn():
    state = new(3, seed=5)
    assert ENGINE.current_player(state) == 0 and not state.sat_out
    state, events = ENGINE.apply(state, first_move(state))
    assert kinds(events) == ["move", "pass"] and events[1].data == {"seat": 1, "reason": "sits_out"}
    assert ENGINE.current_player(state) == 2 and state.passes == ((1, "sits_out"),)
    state, events = ENGINE.apply(state, first_move(state))
    assert kinds(events) == ["move"] and ENGINE.current_player(state) == 0 and state.passes == ()
    state, events = ENGINE.apply(state, first_move(state))
    assert kinds(events) == ["move"] and ENGINE.current_player(state) == 1  # from now on he plays


def test_three_players_the_top_player_may_begin():
    state = new(3, seed=5, first=2)
    assert ENGINE.current_player(state) == 2
    order = []
    for _ in range(4):
        order.append(ENGINE.current_player(state))
        state, events = ENGINE.apply(state, first_move(state))
        if order == [2, 0]:
            assert events[-1].data == {"seat": 1, "reason": "sits_out"}
    assert order == [2, 0, 2, 0] and ENGINE.current_player(state) == 1


@pytest.mark.parametrize("players,first,code", [(3, 1, "bad_option"), (3, 3, "bad_option"), (2, 1, "bad_option"),
                                                (4, 2, "option_players")])
def test_who_begins_is_checked(players, first, code):
    with pytest.raises(Exception) as info:
        new(players, first=first)
    assert info.value.code == code


def blocked_top():
    """Top's last figure on (0, 2) on a great gate: along the row only his own start cells,
    down the column the bottom figure on a Storch; his other three are home."""
    state = new(2, {(0, 2): "tor", (1, 2): "storch", (5, 5): "tor"})
    return put(state, [(1, 2), (5, 5), (6, 6), (5, 1)], [(0, 2), (7, 2), (7, 3), (7, 4)])


def test_a_player_who_cannot_move_passes_by_himself():
    state = blocked_top()
    assert not mv.can_move(state, 1) and mv.can_move(state, 0)
    state, events = move(state, (5, 5), (5, 4))
    assert kinds(events) == ["move", "pass"] and events[1].data == {"seat": 1, "reason": "no_move"}
    assert ENGINE.current_player(state) == 0 and state.passes == ((1, "no_move"),)
    # He may not move out of turn either.
    assert refused(state, {"action": "move", "from": [0, 2], "to": [0, 3]}).code == "not_your_figure"


def test_a_player_with_no_move_at_the_start_is_skipped_at_once(monkeypatch):
    real = mv.can_move
    monkeypatch.setattr(mv, "can_move", lambda state, seat: seat != 0 and real(state, seat))
    state = new(2, seed=1)
    assert ENGINE.current_player(state) == 1 and state.passes == ((0, "no_move"),)


def test_nobody_can_move_is_a_draw(monkeypatch):
    # No real position of this kind turned up in a search of many; the rule is tested
    # by taking every move away.
    state = new(2, seed=1)
    action = first_move(state)
    monkeypatch.setattr(mv, "can_move", lambda state, seat: False)
    after, events = ENGINE.apply(state, action)
    assert kinds(events) == ["move", "over"] and events[-1].data == {"winners": [], "draw": True, "reason": "no_moves"}
    assert ENGINE.is_over(after) and ENGINE.current_player(after) is None
    summary = ENGINE.summary(after)
    assert summary["draw"] is True and summary["winners"] == [] and summary["turn"] is None
    assert ENGINE.legal_actions(after) == []


def test_the_table_may_agree_a_draw_at_any_time():
    state = new(4, seed=2)
    assert {"action": "draw"} not in ENGINE.legal_actions(state)
    after, events = ENGINE.apply(state, {"action": "draw"})
    assert ENGINE.is_over(after) and after.draw and events[0].data["reason"] == "agreed"
    assert refused(after, {"action": "draw"}).code == "game_over"
    assert refused(after, first_move(state)).code == "game_over"


def test_the_first_with_all_four_figures_home_wins():
    state = new(2, {(1, 5): "baum"})
    state = put(state, [(0, 2), (0, 3), (0, 4), (1, 5)], [(6, 6), (1, 1), (2, 2), (2, 3)])
    after, events = move(state, (1, 5), (0, 5))
    assert kinds(events) == ["move", "over"]
    assert events[0].data["home"] is True
    assert events[1].data == {"winners": [0], "draw": False, "reason": "all_home"}
    summary = ENGINE.summary(after)
    assert summary["over"] and summary["winners"] == [0] and summary["turn"] is None and not summary["draw"]


def test_reaching_a_goal_cell_is_marked_in_the_move_event():
    state = put(new(2, {(1, 5): "baum"}), [(1, 5), (7, 3), (7, 4), (7, 5)], [(0, 2), (0, 3), (0, 4), (1, 1)])
    after, events = move(state, (1, 5), (0, 5))
    assert events[0].data["home"] is True and not ENGINE.is_over(after)
    _, events = move(state, (1, 5), (1, 6))
    assert events[0].data["home"] is False


def test_bad_actions_are_refused_with_their_own_codes():
    state = new(2)
    assert refused(state, ["move"]).code == "not_an_action"
    assert refused(state, {"action": "jump"}).code == "unknown_action"
    assert refused(state, {"from": [7, 3]}).code == "not_an_action"


def test_settle_skips_in_order_and_stops_at_the_first_who_can_move():
    state = put(new(4), BOTTOM, [(2, 0), (3, 0), (4, 0), (5, 0)], TOP, [(2, 7), (3, 7), (4, 7), (5, 7)])
    events: list = []
    assert rules.settle(state, 2, events).turn == 2 and events == []


def test_a_player_with_no_move_passes_even_when_he_could_swap():
    # Top's last goal cell (7, 5) is unreachable: no card on the cells that could lead there
    # goes that way (the column above it, the diagonal, the three neighbours, the crab spots).
    cards = {(0, 2): "tor", (1, 2): "storch", (6, 4): "tor", (6, 5): "elefant", (6, 6): "tor",
             (5, 6): "elefant", (6, 3): "elefant"}
    cards |= {cell: "baum" for cell in [(0, 5), (1, 5), (2, 5), (3, 5), (4, 5), (5, 5), (5, 3), (4, 2), (3, 1),
                                        (5, 4)]}
    state = put(new(2, cards), [(1, 2), (5, 5), (6, 6), (5, 1)], [(0, 2), (7, 2), (7, 3), (7, 4)])
    assert ENGINE.summary(state)["unreachable"][1] == [[7, 5]]
    assert not mv.can_move(state, 1)
    after, events = move(state, (5, 5), (5, 4))
    assert events[-1].data == {"seat": 1, "reason": "no_move"} and ENGINE.current_player(after) == 0
    summary = ENGINE.summary(after)  # the swap is the mover's only when a goal of his is cut off
    assert summary["may_swap"] == bool(summary["unreachable"][0])
