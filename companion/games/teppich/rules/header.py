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
from companion.engine.header import check_header
from companion.games.teppich import SPEC
from companion.games.teppich.rules.box import Box, counted
from companion.games.teppich.rules.city import check_city, generate, parse_cells
from companion.games.teppich.rules.state import State


def start_state(box: Box, header: dict[str, Any]) -> State:
    """The state before the first action; IllegalAction for a bad header or city.

    A header without a city of its own gets the one ``city.generate`` builds from its
    ``seed`` here, not chance actions: every record written so far holds a seed and no city,
    and must replay exactly as it did; the city uses the engines' one seeded generator
    (``companion.engine.rng``)."""
    checked = check_header(SPEC, header, palette=box.colors)  # counts, options, names, colours
    players, seed = checked.players, checked.seed or 0
    special = checked.options["special_die"]
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
                raise counted(IllegalAction("cell_off_board", "The cell in column {x}, row {y} is not on the board "
                                    "(columns 1 to {w}, rows 1 to {h} from the bottom)", x=x, y=y,
                                    w=box.width - 1, h=box.height - 1))
    colors = box.colors[:players] if checked.colors is None else tuple(seat[0] for seat in checked.colors)
    names = checked.names or tuple(c.capitalize() for c in colors)
    return State(
        players=players, names=names, colors=colors, seed=seed, special_die=special,
        scenery=scenery, clouds=clouds, stars=tuple(stars),
        scenery_set=frozenset(scenery), walls=frozenset(scenery) | frozenset(clouds),
        cells=tuple(box.start for _ in range(players)), on=tuple(None for _ in range(players)),
        tokens=tuple(box.tokens_each for _ in range(players)),
        misses=tuple(0 for _ in range(players)), supply=box.supply(players),
        current=0, pending=None, over=False, winners=(),
    )
