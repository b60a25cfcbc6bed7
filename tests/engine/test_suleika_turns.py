"""Headers, the turn structure (standard and 2-player variant) and refused actions."""

from __future__ import annotations

from dataclasses import replace

import pytest
from suleika_helpers import ENGINE, apply_all, at, kinds, lay, new

from companion.engine.base import Chance, Engine, IllegalAction
from companion.games.suleika.rules import allowed_headings

# -- header ----------------------------------------------------------------------------------

def test_engine_shape():
    assert isinstance(ENGINE, Engine)
    assert ENGINE.name == "suleika" and ENGINE.chance_actions == frozenset({"roll"})


@pytest.mark.parametrize("players,money,colours,stock", [
    (2, 60, (("red", "yellow"), ("blue", "green")), ((12, 12), (12, 12))),
    (3, 40, (("red",), ("blue",), ("yellow",)), ((15,), (15,), (15,))),
    (4, 30, (("red",), ("blue",), ("yellow",), ("green",)), ((12,),) * 4),
])
def test_setup_by_player_count(players, money, colours, stock):
    s = new(players)
    assert s.money == (money,) * players and s.colors == colours and s.stock == stock
    assert (s.omar, s.facing, s.phase, s.current) == ((3, 3), "N", "roll", 0)
    assert new(players, rules="marrakech").money == (30,) * players


def test_header_options_and_default_names():
    s = new(2, variant2p=True, corner_loops="TL_BR", rules="marrakech")
    assert (s.variant2p, s.corner_loops, s.rules) == (True, "TL_BR", "marrakech")
    assert s.names == ("Red/Yellow", "Blue/Green")


def test_names_and_colours_from_header():
    s = new(3, names=["Ada", " Bo ", "Cy"], colors=["yellow", "red", ["blue"]])
    assert s.names == ("Ada", "Bo", "Cy") and s.colors == (("yellow",), ("red",), ("blue",))
    s4 = new(4, colors=["green", "yellow", "blue", "red"])
    assert s4.colors == (("green",), ("yellow",), ("blue",), ("red",)) and s4.stock == ((12,),) * 4
    s2 = new(2, colors=[["green", "blue"], ["yellow", "red"]])
    assert s2.owner("green") == 0 and s2.owner("red") == 1


@pytest.mark.parametrize("header,code,message", [
    ({"players": 5}, "bad_players", "suleika is played by 2–4 players, not 5"),
    ({"players": "2"}, "bad_players", 'not "2"'),
    ({"players": True}, "bad_players", "not true"),
    ({"players": 2, "rules": "chess"}, "bad_option", 'rules takes one of: "suleika", "marrakech"'),
    ({"players": 3, "variant2p": True}, "option_players", "variant2p may be set only with 2 players"),
    ({"players": 2, "variant2p": "yes"}, "bad_option", "variant2p takes one of: false, true"),
    ({"players": 2, "corner_loops": "TR"}, "bad_option", "corner_loops takes one of"),
    ({"players": 2, "seed": "x"}, "bad_seed", "seed must be a whole number"),
    ({"players": 2, "game": "alibaba"}, "wrong_game", "not suleika"),
    ({"players": 3, "names": ["a", "b"]}, "names_count", "names must list 3 names"),
    ({"players": 3, "names": ["a", "b", ""]}, "names_count", "names must list 3 names"),
    ({"players": 3, "colors": ["red", "blue"]}, "colors_count", "one entry per player"),
    ({"players": 3, "colors": ["red", "blue", "pink"]}, "unknown_colour", "no colour pink"),
    ({"players": 3, "colors": ["red", "red", "blue"]}, "colour_twice", "red is chosen more than once"),
    ({"players": 3, "colors": ["red", "blue", "green"]}, "colour_too_few", "only 12 green carpets"),
    ({"players": 2, "colors": ["red", "blue"]}, "colors_per_seat", "each player plays 2 colours"),
    ({"players": 3, "colors": ["red", "blue", 7]}, "colors_entry", "colour name"),
])
def test_bad_headers(header, code, message):
    with pytest.raises(IllegalAction, match=message) as info:
        ENGINE.new_game({"record": 1, **header})
    assert info.value.code == code


# -- standard turn ---------------------------------------------------------------------------

def test_first_turn_any_heading_then_only_90_degrees():
    s = new(3)
    assert allowed_headings(s) == ["N", "E", "S", "W"]
    s, events = apply_all(s, {"action": "face", "dir": "S"})
    assert s.facing == "S" and kinds(events) == ["face"] and events[0].data == {"seat": 0, "dir": "S"}
    s, events = apply_all(s, {"action": "roll", "value": 1})
    assert s.omar == (4, 3) and s.phase == "place"
    assert events[0].data == {"seat": 0, "path": [[4, 3, "S"]], "to": [4, 3], "facing": "S"}
    s, _ = apply_all(s, {"action": "place", "cells": [[4, 4], [4, 5]]})
    assert s.current == 1 and s.phase == "roll"
    assert allowed_headings(s) == ["E", "S", "W"]
    with pytest.raises(IllegalAction, match="Omar may not turn around") as info:
        ENGINE.apply(s, {"action": "face", "dir": "N"})
    assert info.value.code == "no_turning_back"


def test_faces_are_measured_from_the_turn_start_so_a_player_may_change_his_mind():
    s = at(new(3), (3, 3), "N")
    s, _ = apply_all(s, {"action": "face", "dir": "E"}, {"action": "face", "dir": "W"},
                     {"action": "face", "dir": "N"}, {"action": "face", "dir": "W"})
    assert s.facing == "W" and s.turn_heading == "N"
    with pytest.raises(IllegalAction, match="Omar may not turn around") as info:
        ENGINE.apply(s, {"action": "face", "dir": "S"})
    assert info.value.code == "no_turning_back"


def test_turn_order_and_phases():
    s = new(4)
    for seat in (0, 1, 2, 3, 0):
        assert ENGINE.current_player(s) == seat and ENGINE.summary(s)["turn"] == seat
        assert ENGINE.chance(s) == Chance("roll", (1, 2, 2, 3, 3, 4), "carpet_die")
        s, _ = ENGINE.apply(s, {"action": "roll", "value": 1})
        assert ENGINE.chance(s) is None and ENGINE.current_player(s) == seat
        place = next(a for a in ENGINE.legal_actions(s) if a["action"] == "place")
        s, _ = ENGINE.apply(s, place)


def test_legal_actions_list_faces_then_placements():
    s = at(new(4), (3, 3), "E")
    assert ENGINE.legal_actions(s) == [{"action": "face", "dir": d} for d in ("N", "E", "S")]
    s, _ = ENGINE.apply(s, {"action": "roll", "value": 1})
    acts = ENGINE.legal_actions(s)
    assert all(a["action"] == "place" and a["color"] == "red" for a in acts) and len(acts) == 12


# -- 2-player variant ------------------------------------------------------------------------

def test_variant_turn_roll_place_then_heading_by_the_same_player():
    s = new(2, variant2p=True)
    assert allowed_headings(s) == ["N", "E", "S", "W"]          # first turn: any heading
    s, _ = apply_all(s, {"action": "face", "dir": "W"}, {"action": "roll", "value": 1})
    assert s.omar == (3, 2) and s.phase == "place"
    with pytest.raises(IllegalAction, match="Place a carpet first") as info:
        ENGINE.apply(s, {"action": "face", "dir": "N"})
    assert info.value.code == "place_first"
    s, _ = ENGINE.apply(s, {"action": "place", "cells": [[2, 2], [1, 2]], "color": "red"})
    assert s.phase == "heading" and ENGINE.current_player(s) == 0 and ENGINE.summary(s)["turn"] == 1
    assert allowed_headings(s) == ["N", "S", "W"]
    assert ENGINE.chance(s) is not None                       # the next roll ends the phase
    s, ev = apply_all(s, {"action": "face", "dir": "S"}, {"action": "face", "dir": "N"})
    assert ev[0].data["seat"] == 0 and s.facing == "N"
    with pytest.raises(IllegalAction, match="Omar may not turn around") as info:
        ENGINE.apply(s, {"action": "face", "dir": "E"})
    assert info.value.code == "no_turning_back"
    s, ev = ENGINE.apply(s, {"action": "roll", "value": 2})
    assert ev[0].data["seat"] == 1 and s.omar == (1, 2) and s.current == 1 and s.phase == "place"


def test_variant_forbids_turning_before_an_ordinary_roll():
    s = new(2, variant2p=True)
    s, _ = apply_all(s, {"action": "roll", "value": 1},
                     {"action": "place", "cells": [[2, 4], [2, 5]], "color": "yellow"})
    s, _ = ENGINE.apply(s, {"action": "roll", "value": 1})   # heading phase skipped: straight on
    assert s.current == 1 and s.omar == (1, 3) and s.facing == "N"
    s, _ = ENGINE.apply(s, {"action": "place", "cells": [[1, 4], [1, 5]], "color": "blue"})
    s, _ = ENGINE.apply(s, {"action": "roll", "value": 1})
    assert s.current == 0 and s.omar == (0, 3)
    assert allowed_headings(at(new(2, variant2p=True), (3, 3), "N")) == []
    with pytest.raises(IllegalAction, match="two-player variant") as info:
        ENGINE.apply(at(new(2, variant2p=True), (3, 3), "N"), {"action": "face", "dir": "E"})
    assert info.value.code == "turned_at_turn_end"


def test_standard_game_has_no_heading_phase():
    s = new(2)
    s, _ = apply_all(s, {"action": "roll", "value": 1}, {"action": "place", "cells": [[2, 4], [2, 5]], "color": "red"})
    assert s.phase == "roll" and s.current == 1


# -- refused actions -------------------------------------------------------------------------

def _placing(state):
    s, _ = ENGINE.apply(at(state, (3, 3), "N"), {"action": "roll", "value": 2})
    return s  # Omar on (1, 3)


REFUSED = [
    ("roll", lambda: new(4), {"action": "jump"}, "unknown_action", 'unknown action "jump"'),
    ("roll", lambda: new(4), {"dir": "N"}, "not_an_action", 'an "action" name'),
    ("roll", lambda: new(4), ["roll"], "not_an_action", "JSON object"),
    ("roll", lambda: new(4), {"action": "roll"}, "bad_roll_value", "whole number"),
    ("roll", lambda: new(4), {"action": "roll", "value": "3"}, "bad_roll_value", "whole number"),
    ("roll", lambda: new(4), {"action": "roll", "value": True}, "bad_roll_value", "whole number"),
    ("roll", lambda: new(4), {"action": "roll", "value": 0}, "not_a_face", "The carpet die shows 1 to 4, not 0"),
    ("roll", lambda: new(4), {"action": "roll", "value": 5}, "not_a_face", "The carpet die shows 1 to 4, not 5"),
    ("roll", lambda: at(new(4), (3, 3), "N"), {"action": "face", "dir": "S"},
     "no_turning_back", "Omar may not turn around"),
    ("roll", lambda: new(4), {"action": "face", "dir": "up"}, "bad_dir", "N, E, S or W"),
    ("roll", lambda: new(4), {"action": "face"}, "bad_dir", "N, E, S or W"),
    ("roll", lambda: new(4), {"action": "place", "cells": [[2, 3], [1, 3]]}, "roll_first", "Roll the die first"),
    ("place", lambda: _placing(new(4)), {"action": "roll", "value": 3}, "place_first", "Place a carpet first"),
    ("place", lambda: _placing(new(4)), {"action": "face", "dir": "E"}, "place_first", "Place a carpet first"),
    ("place", lambda: _placing(new(4)), {"action": "place"}, "bad_cells", "two \\[row, col\\] pairs"),
    ("place", lambda: _placing(new(4)), {"action": "place", "cells": [[1, 2]]},
     "bad_cells", "two \\[row, col\\] pairs"),
    ("place", lambda: _placing(new(4)), {"action": "place", "cells": [[1, 2], [1, "3"]]}, "bad_cells", "pairs"),
    ("place", lambda: _placing(new(4)), {"action": "place", "cells": [[0, 3], [-1, 3]]},
     "off_board", "not on the board"),
    ("place", lambda: _placing(new(4)), {"action": "place", "cells": [[1, 4], [1, 7]]},
     "off_board", "not on the board"),
    ("place", lambda: _placing(new(4)), {"action": "place", "cells": [[1, 2], [1, 4]]},
     "not_side_by_side", "side by side"),
    ("place", lambda: _placing(new(4)), {"action": "place", "cells": [[1, 2], [2, 3]]},
     "not_side_by_side", "side by side"),
    ("place", lambda: _placing(new(4)), {"action": "place", "cells": [[1, 2], [1, 2]]},
     "not_side_by_side", "side by side"),
    ("place", lambda: _placing(new(4)), {"action": "place", "cells": [[1, 3], [1, 4]]}, "under_omar", "under Omar"),
    ("place", lambda: _placing(new(4)), {"action": "place", "cells": [[2, 2], [3, 2]]}, "not_touching", "touch Omar"),
    ("place", lambda: _placing(new(4)), {"action": "place", "cells": [[4, 4], [4, 5]]}, "not_touching", "touch Omar"),
    ("place", lambda: _placing(lay(new(4), ((1, 4), (1, 5), "blue"))),
     {"action": "place", "cells": [[1, 5], [1, 4]]}, "covers_whole", "This carpet would cover one whole carpet"),
    ("place", lambda: _placing(new(4)), {"action": "place", "cells": [[1, 2], [1, 1]], "color": "blue"},
     "no_carpets_left", "Red has no blue carpets left"),
    ("place", lambda: _placing(new(4)), {"action": "place", "cells": [[1, 2], [1, 1]], "color": "pink"},
     "colour_not_played", "no pink carpets in this game"),
    ("place", lambda: _placing(new(4)), {"action": "place", "cells": [[1, 2], [1, 1]], "color": 3},
     "bad_color", "colour name"),
    ("place", lambda: _placing(new(2)), {"action": "place", "cells": [[1, 2], [1, 1]]},
     "which_colour", "Say which colour is laid"),
]


@pytest.mark.parametrize("phase,make,action,code,message", REFUSED, ids=[r[4][:30] for r in REFUSED])
def test_refused_actions_leave_the_state_unchanged(phase, make, action, code, message):
    state = make()
    assert state.phase == phase
    before = state.to_dict()
    with pytest.raises(IllegalAction, match=message) as info:
        ENGINE.apply(state, action)
    assert info.value.code == code
    assert state.to_dict() == before


def test_colour_with_no_carpets_left():
    s = _placing(new(2))
    s = replace(s, stock=((0, 5), (12, 12)))
    with pytest.raises(IllegalAction, match="Red/Yellow has no red carpets left") as info:
        ENGINE.apply(s, {"action": "place", "cells": [[1, 2], [1, 1]], "color": "red"})
    assert info.value.code == "no_carpets_left" and info.value.params == {"name": "Red/Yellow", "color": "red"}
    s2, ev = ENGINE.apply(s, {"action": "place", "cells": [[1, 2], [1, 1]]})  # only yellow left
    assert ev[0].data["color"] == "yellow" and s2.stock[0] == (0, 4)


def test_nothing_after_the_end():
    s = new(4)
    s = replace(s, phase="over")
    for action in ({"action": "roll", "value": 2}, {"action": "face", "dir": "E"},
                   {"action": "place", "cells": [[2, 3], [1, 3]]}):
        with pytest.raises(IllegalAction, match="The game is over") as info:
            ENGINE.apply(s, action)
        assert info.value.code == "game_over"
    assert ENGINE.legal_actions(s) == [] and ENGINE.chance(s) is None
    assert ENGINE.current_player(s) is None and ENGINE.is_over(s)
