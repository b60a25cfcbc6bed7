"""Small builders for Suleika test positions: lay carpets by hand, put Omar anywhere."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from companion.engine.suleika import State, make_engine
from companion.gamedata.suleika import load

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
