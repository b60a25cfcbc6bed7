"""The games the companion knows, each engine built with its box data from ``assets/``.

>>> get_engine("suleika").name
'suleika'
"""

from __future__ import annotations

import importlib
import importlib.util
from functools import cache

from companion.engine.base import Engine, IllegalAction

#: Game name -> (engine module with ``make_engine(box)``, data module with ``load()``).
#: A game not listed here is not built yet; the menu still shows it and says so.
GAMES: dict[str, tuple[str, str]] = {
    "suleika": ("companion.engine.suleika", "companion.gamedata.suleika"),
    "alibaba": ("companion.engine.alibaba", "companion.gamedata.alibaba"),
}

#: Every game the menu lists, built or not, in menu order.
ALL_GAMES = ("suleika", "alibaba", "mutabor", "teppich")


def is_built(name: str) -> bool:
    """True if the game's engine is present (the menu greys out the others)."""
    if name not in GAMES:
        return False
    return importlib.util.find_spec(GAMES[name][0]) is not None


@cache
def get_engine(name: str) -> Engine:
    """The engine for a game name; IllegalAction if the game is unknown or not built yet.
    Raises gamedata.BoxDataError if the game's files in assets/ are broken."""
    if name not in GAMES or not is_built(name):
        if name in ALL_GAMES:
            raise IllegalAction(f"the game {name!r} is not built yet")
        raise IllegalAction(f"unknown game {name!r} (built games: {', '.join(GAMES)})")
    engine_module, data_module = GAMES[name]
    box = importlib.import_module(data_module).load()
    return importlib.import_module(engine_module).make_engine(box)
