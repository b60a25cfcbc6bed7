"""Small builders for Der fliegende Teppich test positions: an empty or hand-built city,
carpets put anywhere, and a few shorthands for actions."""

from __future__ import annotations

from typing import Any

from companion.games.teppich.box_files import load
from companion.games.teppich.rules import make_engine
from companion.games.teppich.rules.state import State, evolve

BOX = load()
ENGINE = make_engine(BOX)


def new(players: int = 3, scenery: list | None = None, clouds: list | None = None, **header: Any) -> State:
    """A game with the given city (empty unless given), no stars unless given."""
    header.setdefault("stars", [])
    return ENGINE.new_game({"record": 2, "game": "teppich", "players": players, "seed": 1,
                            "scenery": scenery or [], "clouds": clouds or [], **header})


def column(x: int, height: int) -> list[list[int]]:
    """Scenery cells of one column standing on the ground."""
    return [[x, y] for y in range(height)]


def put(state: State, cells: dict[int, tuple[int, int]] | None = None,
        on: dict[int, int | None] | None = None, **changes: Any) -> State:
    """Carpets moved by hand (``on`` says who sits directly on whom); other fields as given."""
    new_cells = list(state.cells)
    new_on = list(state.on)
    for p, cell in (cells or {}).items():
        new_cells[p] = cell
        new_on[p] = None
    for p, q in (on or {}).items():
        new_on[p] = q
    return evolve(state, cells=tuple(new_cells), on=tuple(new_on), **changes)


def fly(v: int, h: int, arrows: str = "up_side", pair: str = "UR", token: tuple[str, int] | None = None,
        then: str | None = None) -> dict[str, Any]:
    action: dict[str, Any] = {"action": "fly", "v": v, "h": h, "pair": pair, "arrows": arrows}
    if token:
        action["token"] = {"leg": token[0], "change": token[1]}
    if then:
        action["then"] = then
    return action


def apply_all(state: State, *actions: dict) -> tuple[State, list]:
    events: list = []
    for action in actions:
        state, evs = ENGINE.apply(state, action)
        events += evs
    return state, events


def kinds(events: list) -> list[str]:
    return [e.kind for e in events]


def refused(state: State, action: dict) -> str:
    """The code of the refusal of ``action``; fails if it is allowed."""
    from companion.engine.base import IllegalAction
    try:
        ENGINE.apply(state, action)
    except IllegalAction as exc:
        return exc.code
    raise AssertionError(f"{action} was allowed")


# -- every refusal code, met for real (tests/engine/test_teppich_docs.py and the i18n checks) --

NAMES = ("Anna", "Ben", "Cem")


def _header(**extra: Any) -> dict[str, Any]:
    return {"record": 2, "game": "teppich", "players": 3, "seed": 1, "names": list(NAMES),
            "scenery": [], "clouds": [], **extra}


def _game(**extra: Any) -> State:
    return ENGINE.new_game(_header(**extra))


def _apply(state: State, action: Any) -> Any:
    return lambda: ENGINE.apply(state, action)


def _start(**extra: Any) -> Any:
    return lambda: ENGINE.new_game(_header(**extra))


_OPEN = _game(stars=[])
_BELOW = put(_OPEN, {0: (5, 3), 1: (5, 6)})
_GROUNDED = put(_OPEN, {0: (5, 3), 1: (5, 0)})
_CLOUDY = put(_game(clouds=[[10, 8], [11, 8]], stars=[]), {1: (4, 9)}, pending="clouds")
_WALL = put(_game(scenery=column(12, 6), clouds=[[12, y] for y in range(6, 11)] + [[3, 11]]), pending="clouds")
_POCKET = put(_game(clouds=[[3, 11], [4, 11], [5, 11]]), {1: (20, 11)}, pending="clouds")
_HOP = put(_game(scenery=column(7, 6), clouds=[[6, 7], [5, 8]]), {0: (5, 6)}, pending="hop")

#: One row per refusal code the engine's own source gives (the kit's header and action codes
#: are met for every game in ``tests/engine/test_engine_kit.py``).
REFUSALS: list[tuple[str, Any]] = [
    ("bad_arrows", _apply(_OPEN, fly(2, 1, "sideways"))),
    ("bad_card", _apply(_OPEN, fly(4, 1))),
    ("bad_cells", _start(scenery="houses")),
    ("bad_die_value", _apply(put(_OPEN, pending="roll"), {"action": "roll", "value": 7})),
    ("bad_direction", _apply(_OPEN, {"action": "steer", "dir": "diagonal"})),
    ("bad_pair", _apply(_OPEN, fly(2, 1, pair="UD"))),
    ("bad_swap", _apply(put(_OPEN, pending="swap_with"), {"action": "swap_with", "player": 0})),
    ("bad_then", _apply(_BELOW, fly(3, 0, then="sit"))),
    ("bad_token", _apply(_OPEN, {**fly(2, 1), "token": {"leg": "side", "change": 2}})),
    ("below_ground", _apply(_OPEN, fly(3, 0, "down_side"))),
    ("cannot_force", _apply(_GROUNDED, fly(3, 0, "down_side", then="force"))),
    ("cell_off_board", _start(scenery=[[24, 0]])),
    ("cell_twice", _start(scenery=[[5, 0]], clouds=[[5, 0]])),
    ("city_half", lambda: ENGINE.new_game({"record": 2, "game": "teppich", "players": 3, "scenery": []})),
    ("cloud_below_sky", _start(clouds=[[5, 5]])),
    ("cloud_count", _apply(_CLOUDY, {"action": "clouds", "cells": []})),
    ("cloud_on_carpet", _apply(_CLOUDY, {"action": "clouds", "cells": [[4, 9], [10, 8]]})),
    ("clouds_close_way", _apply(_WALL, {"action": "clouds", "cells": [[12, y] for y in range(6, 12)]})),
    ("clouds_first", _apply(_CLOUDY, {"action": "drift"})),
    ("clouds_shut_in", _apply(_POCKET, {"action": "clouds", "cells": [[19, 11], [20, 10], [21, 11]]})),
    ("drift_cloud", _apply(put(_game(clouds=[[7, 9]]), {0: (5, 9)}), {"action": "drift"})),
    ("game_over", _apply(put(_OPEN, over=True), {"action": "drift"})),
    ("h0_arrows", _apply(_OPEN, fly(2, 0, "side_up"))),
    ("h0_pair", _apply(_OPEN, fly(2, 0, pair="UL"))),
    ("hop_bends", _apply(_HOP, {"action": "hop", "to": [6, 9]})),
    ("hop_first", _apply(_HOP, {"action": "drift"})),
    ("hop_not_free", _apply(_HOP, {"action": "hop", "to": [7, 5]})),
    ("hop_too_far", _apply(_HOP, {"action": "hop", "to": [5, 11]})),
    ("no_roll_due", _apply(_OPEN, {"action": "roll", "value": 3})),
    ("no_tokens", _apply(put(_OPEN, tokens=(0, 5, 5)), {"action": "steer", "dir": "up"})),
    ("no_way_through", _start(scenery=column(12, 6), clouds=[[12, y] for y in range(6, 12)])),
    ("not_due", _apply(_OPEN, {"action": "hop", "to": [1, 1]})),
    ("not_your_turn", _apply(_OPEN, {"action": "drift", "seat": 2})),
    ("podium_blocked", _start(scenery=[[1, 0]])),
    ("roll_first", _apply(put(_OPEN, pending="roll"), {"action": "drift"})),
    ("scenery_floating", _start(scenery=[[5, 1]])),
    ("scenery_in_sky", _start(scenery=column(5, 7))),
    ("second_token", _apply(_OPEN, {"action": "steer", "dir": "up", "token": {"leg": "side", "change": 1}})),
    ("stair_steps", _apply(_OPEN, fly(2, 1, "up_side_up"))),
    ("swap_first", _apply(put(_OPEN, pending="swap_with"), {"action": "drift"})),
    ("then_missing", _apply(_BELOW, fly(3, 0))),
    ("then_not_needed", _apply(_OPEN, fly(1, 0, then="block"))),
    ("through_cloud", _apply(put(_game(clouds=[[5, 7]]), {0: (5, 5)}), fly(3, 0))),
    ("through_scenery", _apply(_game(scenery=column(2, 2)), fly(1, 2, "side_up"))),
    ("unknown_field", _apply(_OPEN, {"action": "drift", "colour": "red"})),
]
