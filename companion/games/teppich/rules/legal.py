"""Every legal action of the player to move, and the queries the screen asks: for an entered
wind card, every legal end cell with its path and the wind's pushes.

>>> from companion.games.teppich.rules import make_engine
>>> from companion.games.teppich.box_files import load
>>> box = load()
>>> from companion.games.teppich.rules.state import evolve
>>> s = make_engine(box).new_game({"record": 2, "game": "teppich", "players": 3, "seed": 1,
...                                "scenery": [[7, 0], [7, 1]], "clouds": []})
>>> s = evolve(s, cells=((5, 0),) + s.cells[1:])    # on the ground, a house two cells right
>>> [(o.action["arrows"], o.flight.end) for o in card_options(box, s, 3, 2, "UR") if "token" not in o.action]
[('up_side', (7, 3))]
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, NamedTuple

from companion.engine.base import Action, IllegalAction
from companion.games.teppich.rules.box import Box
from companion.games.teppich.rules.die import hop_targets
from companion.games.teppich.rules.flight import ARROWS, DIRECTIONS, PAIRS, Flight, Leg, card_legs, drift_legs, walk
from companion.games.teppich.rules.moves import then_options
from companion.games.teppich.rules.state import State

TOKENS: tuple[tuple[str, int] | None, ...] = (None, ("vertical", 1), ("vertical", -1), ("side", 1), ("side", -1))


def _card_combos() -> list[tuple[Action, tuple[Leg, ...]]]:
    """Every way to play every wind card, with its legs (the board plays no part yet)."""
    combos = []
    for v in (1, 2, 3):
        for h in (0, 1, 2, 3):
            for pair in (("UR",) if h == 0 else PAIRS):
                for token in TOKENS:
                    for arrows in ARROWS:
                        try:
                            legs = card_legs(v, h, pair, arrows, token)
                        except IllegalAction:
                            continue
                        action: Action = {"action": "fly", "v": v, "h": h, "pair": pair, "arrows": arrows}
                        if token:
                            action["token"] = {"leg": token[0], "change": token[1]}
                        combos.append((action, tuple(legs)))
    return combos


CARD_COMBOS = _card_combos()


class Option(NamedTuple):
    """One legal way to move: the action (without ``then``), its flight, the ``then`` values
    it may take (``(None,)`` when it ends alone) and whether it ends on a free star. A
    named tuple: a position lists hundreds (a frozen data class costs five times as much to
    make)."""

    action: Action
    flight: Flight
    thens: tuple[str | None, ...]
    star: bool

    def actions(self) -> list[Action]:
        return [dict(self.action) if t is None else {**self.action, "then": t} for t in self.thens]


def _option(box: Box, state: State, action: Action, legs: tuple[Leg, ...],
            seen: dict[tuple[Leg, ...], Flight | None] | None = None) -> Option | None:
    """The option of one action, or None if it is not legal. ``seen`` keeps the flights of
    legs already walked for this position: many card plays share their legs (2 up with a
    token is 3 up), so each is walked once."""
    me = state.current
    if seen is not None and legs in seen:
        flight = seen[legs]
    else:
        result = walk(box, state.scenery_set, state.walls, state.cells[me], legs)
        flight = result if isinstance(result, Flight) else None
        if seen is not None:
            seen[legs] = flight
    if flight is None:
        return None
    return _landing(box, state, me, action, flight)


def _landing(box: Box, state: State, me: int, action: Action, flight: Flight) -> Option:
    """The option of a legal flight: where it ends decides its ``then`` values and its star."""
    end = flight.end
    if end not in state.cells or end == state.cells[me]:
        # nobody else there (the common case): no then; a star rolls unless it is home
        star = state.special_die and end in state.stars and end != state.cells[me]
        return Option(action, flight, (None,), star)
    return Option(action, flight, then_options(box, state, me, end), False)


#: the distinct legs of the card plays, and each card play as (action, its legs' index, token?)
_LEGS: list[tuple[Leg, ...]] = list(dict.fromkeys(legs for _action, legs in CARD_COMBOS))
_INDEX = {legs: i for i, legs in enumerate(_LEGS)}
_PLAYS: list[tuple[Action, int, bool]] = [(action, _INDEX[legs], "token" in action) for action, legs in CARD_COMBOS]
_UNSEEN = object()


def options(box: Box, state: State) -> Iterator[Option]:
    """Every legal move of the player to move (no die effect pending), card flights first,
    then steers, then the drift. Each distinct flight is walked once for the position (the
    card plays share their legs: 2 up with a token is 3 up), and every ray it flies along is
    stepped once (see ``flight.walk``)."""
    if state.over or state.pending is not None:
        return
    me = state.current
    has_token = state.tokens[me] > 0
    start, scenery, walls = state.cells[me], state.scenery_set, state.walls
    taken, stars, special = set(state.cells), set(state.stars), state.special_die
    flights: list[Any] = [_UNSEEN] * len(_LEGS)
    rays: dict[Any, Any] = {}
    for action, i, token in _PLAYS:
        if token and not has_token:
            continue
        flight = flights[i]
        if flight is _UNSEEN:
            result = walk(box, scenery, walls, start, _LEGS[i], rays)
            flight = flights[i] = result if isinstance(result, Flight) else None
        if flight is None:
            continue
        end = flight.end
        if end == start or end not in taken:  # as in ``_landing``: nobody else there
            yield Option(action, flight, (None,), special and end in stars and end != start)
        else:
            yield Option(action, flight, then_options(box, state, me, end), False)
    if has_token:
        seen: dict[tuple[Leg, ...], Flight | None] = {}
        for leg in DIRECTIONS.values():  # a steer flies the legs of a card play: walked already
            i = _INDEX.get((leg,), -1)
            if i >= 0 and flights[i] is not _UNSEEN:
                seen[(leg,)] = flights[i]
        for direction, leg in DIRECTIONS.items():
            option = _option(box, state, {"action": "steer", "dir": direction}, (leg,), seen)
            if option is not None:
                yield option
    option = _option(box, state, {"action": "drift"}, tuple(drift_legs(box, scenery, start)))
    if option is not None:
        yield option


def card_options(box: Box, state: State, v: int, h: int, pair: str) -> list[Option]:
    """Every legal way to play one wind card (each arrow colour, with and without each token
    use), for the screen to draw: end cell, path, pushes, ``then`` choices, star."""
    out = []
    for action, legs in CARD_COMBOS:
        if (action["v"], action["h"], action["pair"]) != (v, h, pair):
            continue
        if "token" in action and state.tokens[state.current] == 0:
            continue
        option = _option(box, state, action, legs)
        if option is not None:
            out.append(option)
    return out


def legal_actions(box: Box, state: State) -> list[Action]:
    """Exactly the ``--legal`` list: every move with its ``then``, or the swap / hop choices."""
    if state.over:
        return []
    if state.pending == "swap_with":
        return [{"action": "swap_with", "player": p} for p in range(state.players) if p != state.current]
    if state.pending == "hop":
        return [{"action": "hop", "to": list(cell)} for cell, _ in hop_targets(box, state)]
    if state.pending is not None:
        return []
    return [a for option in options(box, state) for a in option.actions()]


def can_move(box: Box, state: State) -> bool:
    return next(options(box, state), None) is not None


def describe(option: Option) -> dict[str, Any]:
    """An option as plain JSON for the screen and tests."""
    return {"action": option.action, "thens": list(option.thens), "star": option.star,
            **option.flight.to_json()}
