"""Checking a Mutabor record header and building the maze and the starting figures from it.

>>> from companion.games.mutabor.box_files import load
>>> s = start_state(load(), {"record": 2, "game": "mutabor", "players": 3, "seed": 9})
>>> s.sides, s.figures[1], s.turn, s.sat_out
(('bottom', 'left', 'top'), ((2, 0), (3, 0), (4, 0), (5, 0)), 0, False)
"""

from __future__ import annotations

from typing import Any

from companion.engine.base import IllegalAction
from companion.games.mutabor.rules.box import Box
from companion.games.mutabor.rules.dealer import check_maze, deal, grid_of
from companion.games.mutabor.rules.geometry import MIDDLE_SEAT, SEAT_SIDES, START
from companion.games.mutabor.rules.state import State


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _flag(header: dict[str, Any], key: str) -> bool:
    value = header.get(key, False)
    if not isinstance(value, bool):
        raise IllegalAction("bad_flag", "{key} must be true or false", key=key)
    return value


def _strings(header: dict[str, Any], key: str, players: int) -> tuple[str, ...] | None:
    raw = header.get(key)
    if raw is None:
        return None
    if (not isinstance(raw, list) or len(raw) != players
            or not all(isinstance(v, str) and v.strip() for v in raw)):
        raise IllegalAction("bad_list", "{key} must list {players} words, one per player",
                            key=key, players=players)
    return tuple(v.strip() for v in raw)


def start_state(box: Box, header: dict[str, Any]) -> State:
    """The state before the first move; IllegalAction for a bad header or maze.

    The seat to move is found as after any move (``rules.settle``), so a first player
    with no legal move is already skipped; ``rules`` does that, not this function.
    """
    if not isinstance(header, dict):
        raise IllegalAction("bad_header", "The header must be a JSON object")
    if header.get("game", "mutabor") != "mutabor":
        raise IllegalAction("wrong_game", "This header is for {game}, not mutabor", game=str(header.get("game")))
    players = header.get("players")
    if not _is_int(players) or players not in SEAT_SIDES:
        raise IllegalAction("bad_players", "players must be 2, 3 or 4")
    if "seed" in header and not _is_int(header["seed"]):
        raise IllegalAction("bad_seed", "seed must be a whole number")
    open_sides = _flag(header, "open_sides")
    if open_sides and players != 2:
        raise IllegalAction("open_sides_two", "Open sides are only for 2 players")
    allow = _flag(header, "allow_unreachable")
    first = header.get("first", 0)
    if players == 3 and first not in (0, 2):
        raise IllegalAction("bad_first", "With 3 players first must be 0 or 2 (a neighbour of the middle player)")
    if players != 3 and first != 0:
        raise IllegalAction("first_three", "Only a 3-player game may choose who begins (first)")
    if "maze" in header:
        maze = check_maze(header["maze"], box)
    elif "seed" in header:
        maze = deal(int(header["seed"]), box, players, allow, open_sides)
    else:
        raise IllegalAction("no_maze", "The header needs a seed or a maze")
    names = _strings(header, "names", players) or tuple(f"Player {n}" for n in range(1, players + 1))
    colors = _strings(header, "colors", players)
    sides = SEAT_SIDES[players]
    return State(
        players=players,
        names=names,
        colors=colors,
        sides=sides,
        open_sides=open_sides,
        first=int(first),
        grid=grid_of(maze, box),
        figures=tuple(tuple(sorted(START[side])) for side in sides),
        turn=int(first),
        sat_out=players != 3 or MIDDLE_SEAT == first,
    )
