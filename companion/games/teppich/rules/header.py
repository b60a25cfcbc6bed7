"""Checking a record header and building the starting state from it and the box.

>>> from companion.games.teppich.box_files import load
>>> s = start_state(load(), {"record": 2, "game": "teppich", "players": 4, "seed": 3,
...                          "scenery": [[5, 0], [5, 1]], "clouds": [[9, 9]]})
>>> s.cells[0], s.tokens, s.supply, s.clouds
((0, 0), (5, 5, 5, 5), 25, ((9, 9),))
"""

from __future__ import annotations

from typing import Any

from companion.engine.base import IllegalAction
from companion.games.teppich.rules.box import PLAYER_COUNTS, Box
from companion.games.teppich.rules.city import check_city, generate, parse_cells
from companion.games.teppich.rules.state import State


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _texts(raw: Any, players: int, key: str, default: tuple[str, ...]) -> tuple[str, ...]:
    if raw is None:
        return default
    if (not isinstance(raw, list) or len(raw) != players
            or not all(isinstance(n, str) and n.strip() for n in raw)):
        raise IllegalAction("bad_header_list", "{entry} must list {players} texts, one per player",
                            entry=key, players=players)
    return tuple(n.strip() for n in raw)


def start_state(box: Box, header: dict[str, Any]) -> State:
    """The state before the first action; IllegalAction for a bad header or city."""
    if not isinstance(header, dict):
        raise IllegalAction("bad_header", "The header must be a JSON object")
    if header.get("game", "teppich") != "teppich":
        raise IllegalAction("wrong_game", "This header is for {game}, not teppich",
                            game=str(header.get("game")))
    players = header.get("players")
    if not _is_int(players) or players not in PLAYER_COUNTS:
        raise IllegalAction("bad_players", "Der fliegende Teppich is played by 3 to 6 players")
    seed = header.get("seed", 0)
    if not _is_int(seed):
        raise IllegalAction("bad_seed", "seed must be a whole number")
    special = header.get("special_die", True)
    if not isinstance(special, bool):
        raise IllegalAction("bad_special_die", "special_die must be true or false")
    if ("scenery" in header) != ("clouds" in header):
        raise IllegalAction("city_half", 'A city entered by hand needs both "scenery" and "clouds"')
    if "scenery" in header:
        scenery = parse_cells(header["scenery"], "scenery")
        clouds = parse_cells(header["clouds"], "clouds")
        check_city(box, scenery, clouds)
    else:
        city = generate(box, seed)
        scenery, clouds = city.scenery, city.clouds
    stars = box.stars
    if "stars" in header:
        stars = parse_cells(header["stars"], "stars")
        for x, y in stars:
            if not box.on_board((x, y)):
                raise IllegalAction("cell_off_board", "Cell ({x}, {y}) is not on the board "
                                    "(x 0 to {w}, y 0 to {h})", x=x, y=y,
                                    w=box.width - 1, h=box.height - 1)
    colors = _texts(header.get("colors"), players, "colors", box.colors[:players])
    names = _texts(header.get("names"), players, "names", tuple(c.capitalize() for c in colors))
    return State(
        players=players, names=names, colors=colors, seed=seed, special_die=special,
        scenery=scenery, clouds=clouds, stars=tuple(stars),
        scenery_set=frozenset(scenery), walls=frozenset(scenery) | frozenset(clouds),
        cells=tuple(box.start for _ in range(players)), on=tuple(None for _ in range(players)),
        tokens=tuple(box.tokens_each for _ in range(players)),
        misses=tuple(0 for _ in range(players)), supply=box.supply(players),
        current=0, pending=None, over=False, winners=(),
    )
