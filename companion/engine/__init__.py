"""Pure rules engines, one module or package per game: no pygame, no pins, no files.

Box data (boards, tables, [assumed] values) is read outside, by ``companion.games``, and
handed to each game's ``make_engine``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.lazy import exports

__all__ = ["Action", "Chance", "Engine", "Event", "IllegalAction"]

if TYPE_CHECKING:
    from companion.engine.base import Action, Chance, Engine, Event, IllegalAction


# loaded on first use: the menu needs ``companion.engine.errors``, not the engines' types
__getattr__ = exports(__name__, dict.fromkeys(__all__, "base"))
