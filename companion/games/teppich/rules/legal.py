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

from collections.abc import Iterable, Iterator
from itertools import compress, repeat
from operator import add, itemgetter
from typing import Any, NamedTuple

from companion.engine.base import Action, IllegalAction
from companion.games.teppich.rules.box import Box
from companion.games.teppich.rules.die import hop_targets
from companion.games.teppich.rules.flight import (
    ARROWS,
    DIRECTIONS,
    PAIRS,
    Flight,
    Leg,
    card_legs,
    drift_legs,
    fly_leg,
    walk,
    ways,
)
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
#: the card plays as (action, its legs' index): all of them, and those without a token
_ALL = [(action, i) for action, i, _token in _PLAYS]
_PLAIN = [(action, i) for action, i, token in _PLAYS if not token]
#: those plays' actions, each as a tuple of one (an option is it and its flight's tail), and
#: what picks a value per legs index for each of them, in order
_ALL_ACTIONS, _ALL_PICK = [(action,) for action, _i in _ALL], itemgetter(*[i for _action, i in _ALL])
_PLAIN_ACTIONS, _PLAIN_PICK = [(action,) for action, _i in _PLAIN], itemgetter(*[i for _action, i in _PLAIN])


def _tree(indices: Iterable[int]) -> list[tuple[Leg | None, list[tuple[Leg | None, int]]]]:
    """The legs ``indices`` name, by their first leg: [(first leg, [(second leg, index)])]
    (None where a card play has no first or no second leg). A position flies each first leg
    once for all the flights that begin with it."""
    tree: dict[Leg | None, list[tuple[Leg | None, int]]] = {}
    for i in dict.fromkeys(indices):
        legs = _LEGS[i]
        tree.setdefault(legs[0] if legs else None, []).append((legs[1] if len(legs) > 1 else None, i))
    return list(tree.items())


_TREE_ALL = _tree(i for _action, i in _ALL)
#: the distinct legs of the card plays without a token
_PLAIN_LEGS = [_LEGS[i] for i in dict.fromkeys(i for _action, i in _PLAIN)]
_TREE_PLAIN = _tree(i for _action, i in _PLAIN)
_ALONE: tuple[str | None, ...] = (None,)
#: an Option or a Flight made without its named tuple's ``__new__`` (a Python call each: a
#: position makes hundreds)
_new = tuple.__new__
#: what a flight gives the card plays that fly it: (flight, ``then`` values, ends on a free star)
Tail = tuple[Flight, tuple[str | None, ...], bool]


def _tails(box: Box, state: State, tree: list[tuple[Leg | None, list[tuple[Leg | None, int]]]]) -> list[Tail | None]:
    """What the flight of each legs index in ``tree`` gives its card plays: (the flight from
    the mover's cell, its ``then`` values, whether it ends on a free star), as ``_landing``
    says; None where the flight is not legal or not asked. Each first leg is flown once for
    all the flights that begin with it, and every leg as ``flight.fly_leg`` flies it."""
    me = state.current
    start = state.cells[me]
    x0, y0 = start
    scenery, walls = state.scenery_set, state.walls
    taken, stars, special = set(state.cells), set(state.stars), state.special_die
    board_ways = ways(box.width, box.height)

    def tail(flight: Flight) -> Tail:
        end = flight.end
        if end == start or end not in taken:  # nobody else there: no then; a star rolls
            return flight, _ALONE, special and end in stars and end != start
        return flight, then_options(box, state, me, end), False

    out: list[Tail | None] = [None] * len(_LEGS)
    for first, rest in tree:
        if first is None:  # no leg at all (1 up, a token takes it back): the carpet stays
            out[rest[0][1]] = tail(_new(Flight, (start, start, (start,), (), False)))
            continue
        cells, push, outcome = fly_leg(box, scenery, walls, x0, y0, first[0], first[1])
        if cells is None:  # a wall or the ground: every flight that begins so
            continue
        path = (start, *cells)
        pushes = () if push is None else (push,)
        if outcome is None:  # off the board: back to the start, whatever the second leg
            blown = tail(_new(Flight, (start, box.start, path, pushes, True)))
            for _second, i in rest:
                out[i] = blown
            continue
        x1, y1 = path[-1]
        here, wind = board_ways[x1][y1], box.wind(y1)
        for second, i in rest:
            if second is None:
                out[i] = tail(_new(Flight, (start, (x1, y1), path, pushes, False)))
                continue
            # the second leg, as ``fly_leg`` flies it, from where the first one ended; here
            # in line: a position flies a hundred of them
            kind, amount = second
            more = pushes
            if kind == "vertical":
                way, steps = (here[0], amount) if amount > 0 else (here[1], -amount)
            else:
                if wind:
                    more = (*pushes, ((x1, y1), wind))
                amount += wind
                if not amount:
                    out[i] = tail(_new(Flight, (start, (x1, y1), path, more, False)))
                    continue
                way, steps = (here[3], amount) if amount > 0 else (here[2], -amount)
            cells = way[:steps]
            if not walls.isdisjoint(cells):
                continue
            if steps <= len(way):
                end = cells[-1]  # never the start: the second leg moved the carpet off the first's end
                flight = _new(Flight, (start, end, path + cells, more, False))
                out[i] = ((flight, _ALONE, special and end in stars) if end not in taken
                          else (flight, then_options(box, state, me, end), False))
            elif kind != "vertical" or amount > 0:  # off the board: back to the start
                out[i] = tail(_new(Flight, (start, box.start, path + cells, more, True)))
    return out


def options(box: Box, state: State) -> Iterator[Option]:
    """Every legal move of the player to move (no die effect pending), card flights first,
    then steers, then the drift. Each distinct flight is flown once for the position (the
    card plays share their legs: 2 up with a token is 3 up; and flights share their first
    leg)."""
    if state.over or state.pending is not None:
        return iter(())
    me = state.current
    has_token = state.tokens[me] > 0
    start = state.cells[me]
    tails = _tails(box, state, _TREE_ALL if has_token else _TREE_PLAIN)
    # one option per card play whose flight is legal, in the plays' order: each play's tail
    # picked by its legs' index, the plays without one left out, and (action,) + tail made an
    # Option as a tuple (hundreds a position: no Python call for each)
    plays, pick = (_ALL_ACTIONS, _ALL_PICK) if has_token else (_PLAIN_ACTIONS, _PLAIN_PICK)
    picked = pick(tails)
    out: list[Option] = list(map(_new, repeat(Option), map(add, compress(plays, picked), compress(picked, picked))))
    if has_token:
        seen: dict[tuple[Leg, ...], Flight | None] = {}
        for leg in DIRECTIONS.values():  # a steer flies the legs of a card play: flown already
            i = _INDEX.get((leg,), -1)
            if i >= 0:
                tail = tails[i]
                seen[(leg,)] = tail[0] if tail is not None else None
        for direction, leg in DIRECTIONS.items():
            option = _option(box, state, {"action": "steer", "dir": direction}, (leg,), seen)
            if option is not None:
                out.append(option)
    option = _option(box, state, {"action": "drift"}, tuple(drift_legs(box, state.scenery_set, start)))
    if option is not None:
        out.append(option)
    return iter(out)


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
    """True when the player to move has a legal move. Asked at every turn's start: the flights
    are walked one by one until one is legal, the drift first (it nearly always is), not
    listed whole."""
    if state.over or state.pending is not None:
        return False
    me = state.current
    start, scenery, walls = state.cells[me], state.scenery_set, state.walls
    if isinstance(walk(box, scenery, walls, start, drift_legs(box, scenery, start)), Flight):
        return True
    tries = _LEGS + [(leg,) for leg in DIRECTIONS.values()] if state.tokens[me] > 0 else _PLAIN_LEGS
    return any(isinstance(walk(box, scenery, walls, start, legs), Flight) for legs in tries)


def describe(option: Option) -> dict[str, Any]:
    """An option as plain JSON for the screen and tests."""
    return {"action": option.action, "thens": list(option.thens), "star": option.star,
            **option.flight.to_json()}
