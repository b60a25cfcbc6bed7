"""Small builders for Der fliegende Teppich test positions: an empty or hand-built city,
carpets put anywhere, and a few shorthands for actions."""

from __future__ import annotations

from typing import Any

from companion.engine.teppich import make_engine
from companion.engine.teppich.state import State, evolve
from companion.gamedata.teppich import load

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
