"""Pure rules engines, one module or package per game: no pygame, no pins, no files.

Box data (boards, tables, [assumed] values) is read outside, by ``companion.games``, and
handed to each game's ``make_engine``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

__all__ = ["Action", "Chance", "Engine", "Event", "IllegalAction"]

if TYPE_CHECKING:
    from companion.engine.base import Action, Chance, Engine, Event, IllegalAction


def __getattr__(name: str) -> Any:
    # loaded on first use: the menu needs ``companion.engine.errors``, not the engines' types
    if name in __all__:
        from companion.engine import base

        return getattr(base, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
