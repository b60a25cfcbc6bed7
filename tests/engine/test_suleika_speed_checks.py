"""The shortcuts the engine takes stay invisible: tables equal the step-by-step geometry,
``apply`` refuses every odd record line with the same reason as the full check, listings are
fresh objects, and the states and events it makes are the ones the constructors would make."""

from __future__ import annotations

import dataclasses
import pickle

import pytest
from suleika_helpers import ENGINE, apply_all, at, lay, new

from companion.engine.base import Event, IllegalAction
from companion.games.suleika.rules import board as geo
from companion.games.suleika.rules.events import event
from companion.session.simulate import play_game


def _placing(omar: tuple[int, int] = (1, 3)) -> object:
    """Omar on ``omar`` facing N, the mover (seat 0, red) about to lay a carpet."""
    return at(new(), omar, "N", phase="place")


def _stepwise_walk(cell, facing, steps, loops):
    path = []
    for _ in range(steps):
        cell, facing = geo.step(cell, facing, loops)
        path.append((cell, facing))
    return path


@pytest.mark.parametrize("loops", geo.CORNER_LOOPS)
def test_walk_table_equals_stepping(loops):
    for cell in geo.cells():
        for heading in geo.HEADINGS:
            for steps in range(0, 9):  # beyond the table too
                assert geo.walk(cell, heading, steps, loops) == _stepwise_walk(cell, heading, steps, loops)


def test_spot_index_holds_exactly_the_pairs_the_full_check_accepts():
    for omar in geo.cells():
        accepted = set()
        for a in geo.cells():
            for b in geo.neighbours(a):
                if omar not in (a, b) and (geo.adjacent(a, omar) or geo.adjacent(b, omar)):
                    accepted.add((a, b))
        index = geo.SPOT_INDEX[omar]
        assert {(spot[0], spot[1]) for spot in index.values()} == accepted
        assert all(key == (a[0], a[1], b[0], b[1]) for key, (a, b, *_rest) in index.items())


ODD_CELLS = [  # (cells as a record line might give them, the refusal or None when laid)
    ([[1, 2], [1, 1]], None),
    ([[1, 1], [1, 2]], None),                    # the far cell first
    (((1, 2), (1, 1)), None),                    # tuples, as a program might pass them
    ([(1, 2), [1, 1]], None),
    ([[True, 2], [1, 1]], "bad_cells"),          # True hashes like 1
    ([[1.0, 2], [1, 1]], "bad_cells"),           # so does 1.0
    ([[1, 2], [1, 1], [1, 0]], "bad_cells"),
    ([[1, 2]], "bad_cells"),
    ("12", "bad_cells"),
    ({"a": 1, "b": 2}, "bad_cells"),
    ([{1, 2}, [1, 1]], "bad_cells"),
    ([[1, 2, 3], [1, 1]], "bad_cells"),
    (None, "bad_cells"),
    ([[0, 3], [-1, 3]], "off_board"),
    ([[1, 2], [2, 3]], "not_side_by_side"),
    ([[1, 3], [1, 4]], "under_omar"),
    ([[4, 4], [4, 5]], "not_touching"),
    ([[1, 5], [1, 6]], "not_touching"),
]


@pytest.mark.parametrize("cells,code", ODD_CELLS)
def test_place_is_checked_as_fully_as_ever(cells, code):
    state = _placing()
    before = pickle.dumps(state)
    action = {"action": "place", "cells": cells, "color": "red"}
    if code is None:
        after, events = ENGINE.apply(state, action)
        assert events[0].data["cells"] == [list(cells[0]), list(cells[1])]
        assert after.top(tuple(cells[0])) == after.top(tuple(cells[1])) == ("red", 0)
    else:
        with pytest.raises(IllegalAction) as err:
            ENGINE.apply(state, action)
        assert err.value.code == code
    assert pickle.dumps(state) == before


def test_place_refusals_after_the_cells_are_found():
    covered = lay(_placing(), ((1, 4), (1, 5), "blue"))
    for cells in ([[1, 4], [1, 5]], [[1, 5], [1, 4]]):
        with pytest.raises(IllegalAction) as err:
            ENGINE.apply(covered, {"action": "place", "cells": cells, "color": "red"})
        assert err.value.code == "covers_whole"
    for colour, code in ((3, "bad_color"), ("blue", "no_carpets_left"), ("purple", "colour_not_played"),
                         ("Red", "colour_not_played")):
        with pytest.raises(IllegalAction) as err:
            ENGINE.apply(_placing(), {"action": "place", "cells": [[1, 2], [1, 1]], "color": colour})
        assert err.value.code == code
    empty = dataclasses.replace(_placing(), stock=((0,), (12,), (12,), (12,)))
    with pytest.raises(IllegalAction) as err:
        ENGINE.apply(empty, {"action": "place", "cells": [[1, 2], [1, 1]], "color": "red"})
    assert err.value.code == "no_carpets_left"
    # one colour left: the record may leave the colour out
    laid, _ = ENGINE.apply(_placing(), {"action": "place", "cells": [[1, 2], [1, 1]]})
    assert laid.top((1, 2)) == ("red", 0)


def test_a_listed_action_is_checked_against_the_state_it_is_applied_to():
    state = _placing()
    listed = ENGINE.legal_actions(state)
    later, _ = ENGINE.apply(state, listed[0])
    with pytest.raises(IllegalAction) as err:
        ENGINE.apply(later, listed[1])  # listed for the earlier state: now it is time to roll
    assert err.value.code == "roll_first"


def test_listings_are_fresh_every_time():
    for state in (_placing(), new()):
        first = ENGINE.legal_actions(state)
        expected = [dict(a) for a in ENGINE.legal_actions(state)]
        for action in first:
            action["dir"] = "nowhere"
            action.get("cells", [[]])[0].append(9)
        assert ENGINE.legal_actions(state) == expected


def test_untouched_rows_are_shared_and_touched_rows_are_new():
    state = _placing()
    laid, _ = ENGINE.apply(state, {"action": "place", "cells": [[1, 2], [0, 2]], "color": "red"})
    assert [laid.board[r] is state.board[r] for r in range(7)] == [False, False, True, True, True, True, True]
    assert state.board[0][2] is None and state.board[1][2] is None


def test_engine_states_are_the_states_the_constructor_makes():
    header = {"record": 1, "game": "suleika", "players": 3, "seed": 4}
    final, actions = play_game(ENGINE, header, 4)
    state = ENGINE.new_game(header)
    for action in actions:
        state, _ = ENGINE.apply(state, action)
        rebuilt = dataclasses.replace(state)
        assert rebuilt == state and hash(rebuilt) == hash(state)
        assert pickle.loads(pickle.dumps(state)) == state
        assert state.to_dict() == rebuilt.to_dict()
    assert state == final


def test_one_new_state_per_action_and_the_old_one_untouched():
    s0 = new(2)
    before = pickle.dumps(s0)
    s1, events = apply_all(s0, {"action": "roll", "value": 2},
                           {"action": "place", "cells": [[1, 4], [1, 5]], "color": "yellow"})
    assert pickle.dumps(s0) == before and s1 is not s0
    assert [e.kind for e in events] == ["move", "place"]


def test_events_equal_constructed_events():
    made = event("pay", {"payer": 0, "payee": 1, "amount": 3})
    built = Event("pay", {"payer": 0, "payee": 1, "amount": 3})
    assert made == built and repr(made) == repr(built) and type(made) is Event
    assert pickle.loads(pickle.dumps(made)) == built
    with pytest.raises(dataclasses.FrozenInstanceError):
        made.kind = "other"  # type: ignore[misc]


def test_the_die_is_the_same_die_every_time():
    state = new()
    assert ENGINE.chance(state) == ENGINE.chance(state)
    odd = dataclasses.replace(state, die_faces=(1, 6, 7, 8))
    chance = ENGINE.chance(odd)
    assert chance is not None and chance.faces == (1, 6, 7, 8) and chance.kind == "carpet_die"
    # a die longer than the walk table still walks cell by cell
    moved, events = ENGINE.apply(at(odd, (3, 3), "E"), {"action": "roll", "value": 8})
    assert moved.omar == _stepwise_walk((3, 3), "E", 8, "TR_BL")[-1][0]
    assert len(events[0].data["path"]) == 8
