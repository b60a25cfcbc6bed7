"""Checking a Suleika record header and building the starting state from it and the box.

>>> from companion.games.suleika.box_files import load
>>> s = start_state(load(), {"record": 1, "game": "suleika", "players": 3, "seed": 1})
>>> s.money, s.colors, s.stock
((40, 40, 40), (('red',), ('blue',), ('yellow',)), ((15,), (15,), (15,)))
"""

from __future__ import annotations

from typing import Any

from companion.engine.base import IllegalAction
from companion.engine.header import check_header
from companion.games.suleika import SPEC
from companion.games.suleika.rules import board as geo
from companion.games.suleika.rules.box import Box
from companion.games.suleika.rules.state import State


def _too_few(box: Box, players: int, seats: tuple[tuple[str, ...], ...]) -> None:
    """Every chosen colour has carpets enough in the box for one player's stock."""
    each = box.carpets_each(players)
    for colour in (c for seat in seats for c in seat):
        if box.in_box(colour) < each:
            raise IllegalAction("colour_too_few", "there are only {have} {color} carpets in the box, "
                                "but each player needs {need}", have=box.in_box(colour), color=colour, need=each)


def start_state(box: Box, header: dict[str, Any]) -> State:
    """The state before the first action; IllegalAction in plain words for a bad header."""
    # The header against the game's spec (counts, options, colours): the kit's one checker;
    # colours are the box's, each seat playing as many as the box's seating gives it.
    checked = check_header(SPEC, header, lambda n: [len(seat) for seat in box.seats(n)], box.colours())
    players, options = checked.players, checked.options
    colours = checked.colors or box.seats(players)
    if checked.colors:
        _too_few(box, players, checked.colors)
    names = checked.names or tuple("/".join(c.capitalize() for c in seat) for seat in colours)
    rules, variant2p = options["rules"], options.get("variant2p", False)
    corner_loops = options["corner_loops"]
    each = box.carpets_each(players)
    money = box.start_money(rules, players)
    return State(
        players=players,
        names=names,
        rules=rules,
        variant2p=variant2p,
        corner_loops=corner_loops,
        colors=colours,
        stock=tuple(tuple(each for _ in seat) for seat in colours),
        die_faces=box.die_faces,
        final_tie=box.final_tie,
        omar=box.omar_start,
        facing=box.omar_facing,
        turn_heading=box.omar_facing,
        first_turn=True,
        phase="roll",
        current=0,
        money=tuple(money for _ in range(players)),
        out=tuple(False for _ in range(players)),
        board=tuple(tuple(None for _ in range(geo.SIZE)) for _ in range(geo.SIZE)),
    )
