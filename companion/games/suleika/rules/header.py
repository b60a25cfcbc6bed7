"""Checking a Suleika record header and building the starting state from it and the box.

>>> from companion.games.suleika.box_files import load
>>> s = start_state(load(), {"record": 1, "game": "suleika", "players": 3, "seed": 1})
>>> s.money, s.colors, s.stock
((40, 40, 40), (('red',), ('blue',), ('yellow',)), ((15,), (15,), (15,)))
"""

from __future__ import annotations

from typing import Any

from companion.engine.base import IllegalAction
from companion.games.suleika.rules import board as geo
from companion.games.suleika.rules.box import PLAYER_COUNTS, RULE_SETS, Box
from companion.games.suleika.rules.state import State


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _seat_colours(box: Box, players: int, raw: Any) -> tuple[tuple[str, ...], ...]:
    """The header's ``colors`` checked against the box, or the box's seat colours."""
    default = box.seats(players)
    if raw is None:
        return default
    if not isinstance(raw, list) or len(raw) != players:
        raise IllegalAction("colors_count", "colors must list one entry per player ({players})", players=players)
    seats: list[tuple[str, ...]] = []
    for seat, entry in enumerate(raw):
        colours = (entry,) if isinstance(entry, str) else entry
        if not isinstance(colours, (list, tuple)) or not all(isinstance(c, str) for c in colours):
            raise IllegalAction("colors_entry", "each entry of colors must be a colour name or a list of colour names")
        want = len(default[seat])
        if len(colours) != want:
            raise IllegalAction("colors_per_seat", "with {players} players each player plays {want} colour(s)",
                                players=players, want=want)
        seats.append(tuple(colours))
    used = [c for colours in seats for c in colours]
    each = box.carpets_each(players)
    for colour in used:
        if colour not in box.colours():
            raise IllegalAction("colour_not_in_box", "there are no {color} carpets in the box ({colors})",
                                color=colour, colors=list(box.colours()))
        if used.count(colour) > 1:
            raise IllegalAction("colour_twice", "{color} is chosen more than once", color=colour)
        if box.in_box(colour) < each:
            raise IllegalAction("colour_too_few", "there are only {have} {color} carpets in the box, "
                                "but each player needs {need}", have=box.in_box(colour), color=colour, need=each)
    return tuple(seats)


def _names(players: int, colours: tuple[tuple[str, ...], ...], raw: Any) -> tuple[str, ...]:
    if raw is None:
        return tuple("/".join(c.capitalize() for c in seat) for seat in colours)
    if (not isinstance(raw, list) or len(raw) != players
            or not all(isinstance(n, str) and n.strip() for n in raw)):
        raise IllegalAction("names_count", "names must list {players} names", players=players)
    return tuple(n.strip() for n in raw)


def start_state(box: Box, header: dict[str, Any]) -> State:
    """The state before the first action; IllegalAction in plain words for a bad header."""
    if not isinstance(header, dict):
        raise IllegalAction("header_not_object", "the header must be a JSON object")
    if header.get("game", "suleika") != "suleika":
        raise IllegalAction("wrong_game", "this header is for {game}, not suleika", game=str(header.get("game")))
    players = header.get("players")
    if not _is_int(players) or players not in PLAYER_COUNTS:
        raise IllegalAction("players_count", "players must be 2, 3 or 4")
    rules = header.get("rules", "suleika")
    if rules not in RULE_SETS:
        raise IllegalAction("bad_rules", 'rules must be "suleika" or "marrakech"')
    if "seed" in header and not _is_int(header["seed"]):
        raise IllegalAction("bad_seed", "seed must be a whole number")
    variant2p = header.get("variant2p", False)
    if not isinstance(variant2p, bool):
        raise IllegalAction("bad_variant2p", "variant2p must be true or false")
    if variant2p and players != 2:
        raise IllegalAction("variant2p_players", "the two-player variant needs exactly 2 players")
    corner_loops = header.get("corner_loops", "TR_BL")
    if corner_loops not in geo.CORNER_LOOPS:
        raise IllegalAction("bad_corner_loops", 'corner_loops must be "TR_BL" or "TL_BR"')
    colours = _seat_colours(box, players, header.get("colors"))
    names = _names(players, colours, header.get("names"))
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
