"""Small builders for Suleika test positions: lay carpets by hand, put Omar anywhere."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from companion.games.suleika.box_files import load
from companion.games.suleika.rules import State, make_engine

BOX = load()
ENGINE = make_engine(BOX)


def new(players: int = 4, **header: Any) -> State:
    return ENGINE.new_game({"record": 1, "game": "suleika", "players": players, "seed": 1, **header})


def lay(state: State, *carpets: tuple[tuple[int, int], tuple[int, int], str]) -> State:
    """Lay carpets in the given order (later ones on top), each with a new id; the stock of
    the colour's owner goes down as in play. Omar and the turn are not touched."""
    rows = [list(row) for row in state.board]
    stock = [list(s) for s in state.stock]
    laid = state.laid
    for a, b, colour in carpets:
        for r, c in (a, b):
            rows[r][c] = (colour, laid)
        laid += 1
        seat = state.owner(colour)
        if seat is not None:
            stock[seat][state.colors[seat].index(colour)] -= 1
    return replace(state, board=tuple(tuple(r) for r in rows), laid=laid,
                   stock=tuple(tuple(s) for s in stock))


def at(state: State, omar: tuple[int, int], facing: str = "N", **changes: Any) -> State:
    """Omar on ``omar`` facing ``facing``, past the first turn (so 180° is refused)."""
    return replace(state, omar=omar, facing=facing, turn_heading=facing, first_turn=False, **changes)


def apply_all(state: State, *actions: dict) -> tuple[State, list]:
    events: list = []
    for action in actions:
        state, evs = ENGINE.apply(state, action)
        events += evs
    return state, events


def kinds(events: list) -> list[str]:
    return [e.kind for e in events]


# -- one way to meet every refusal (tests/test_messages.py words each in German and English) ----
Trigger = Callable[[], object]
NAMES = ["Anna", "Ben", "Cem", "Dora"]


def named(players: int = 4, **header: Any) -> State:
    """A new game whose players have names (never English colour words) for refusal texts."""
    return new(players, names=NAMES[:players], **header)


def _header(**header: Any) -> Trigger:
    return lambda: ENGINE.new_game({"record": 1, "game": "suleika", **header})


def _act(make: Callable[[], State], action: Any) -> Trigger:
    return lambda: ENGINE.apply(make(), action)


def _placing(state: State) -> State:
    """Omar walked from (3, 3) north to (1, 3); the mover lays a carpet next."""
    s, _ = ENGINE.apply(at(state, (3, 3), "N"), {"action": "roll", "value": 2})
    return s


#: (code, how to meet it): one row per refusal code the engine's own source gives (the kit's
#: header and action codes are met for every game in ``tests/engine/test_engine_kit.py``).
REFUSALS: list[tuple[str, Trigger]] = [
    ("colour_too_few", _header(players=3, colors=["red", "blue", "green"])),
    ("game_over", _act(lambda: replace(named(), phase="over"), {"action": "roll", "value": 2})),
    ("bad_dir", _act(named, {"action": "face", "dir": "up"})),
    ("place_first", _act(lambda: _placing(named()), {"action": "roll", "value": 3})),
    ("turned_at_turn_end", _act(lambda: at(named(2, variant2p=True), (3, 3), "N"), {"action": "face", "dir": "E"})),
    ("no_turning_back", _act(lambda: at(named(), (3, 3), "N"), {"action": "face", "dir": "S"})),
    ("bad_roll_value", _act(named, {"action": "roll", "value": "3"})),
    ("not_a_face", _act(named, {"action": "roll", "value": 5})),
    ("roll_first", _act(named, {"action": "place", "cells": [[2, 3], [1, 3]]})),
    ("bad_cells", _act(lambda: _placing(named()), {"action": "place", "cells": [[1, 2]]})),
    ("off_board", _act(lambda: _placing(named()), {"action": "place", "cells": [[0, 3], [-1, 3]]})),
    ("not_side_by_side", _act(lambda: _placing(named()), {"action": "place", "cells": [[1, 2], [2, 3]]})),
    ("under_omar", _act(lambda: _placing(named()), {"action": "place", "cells": [[1, 3], [1, 4]]})),
    ("not_touching", _act(lambda: _placing(named()), {"action": "place", "cells": [[4, 4], [4, 5]]})),
    ("covers_whole", _act(lambda: _placing(lay(named(), ((1, 4), (1, 5), "blue"))),
                          {"action": "place", "cells": [[1, 5], [1, 4]]})),
    ("bad_color", _act(lambda: _placing(named()), {"action": "place", "cells": [[1, 2], [1, 1]], "color": 3})),
    ("colour_not_played", _act(lambda: _placing(named(3)),
                               {"action": "place", "cells": [[1, 2], [1, 1]], "color": "green"})),
    ("no_carpets_left", _act(lambda: _placing(named()),
                             {"action": "place", "cells": [[1, 2], [1, 1]], "color": "blue"})),
    ("which_colour", _act(lambda: _placing(named(2)), {"action": "place", "cells": [[1, 2], [1, 1]]})),
]
