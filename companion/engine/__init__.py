"""What every game's rules share, and nothing else: no pygame, no pins, no files, no ``random``.

- ``base``: the :class:`Engine` protocol (generic in the game's state), ``Event``, ``Chance``;
- ``errors``: :class:`IllegalAction`, the one refusal;
- ``header``: the one checker of a record header, driven by the game's ``GameSpec``;
- ``actions``: reading an action's name and finding its method, the same in every engine;
- ``state``: the one way to copy a frozen state (``evolve``, ``draft``/``made``) and print it;
- ``rng``: the one seeded generator (SplitMix64) for what a record's seed stands for.

Each game's rules live in ``companion/games/<name>/rules/``; its box data (boards, tables,
[assumed] values) is read outside them and handed to its ``make_engine``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.lazy import exports

__all__ = ["Action", "Chance", "Engine", "Event", "IllegalAction"]

if TYPE_CHECKING:
    from companion.engine.base import Action, Chance, Engine, Event, IllegalAction


# loaded on first use: the menu needs ``companion.engine.errors``, not the engines' types
__getattr__ = exports(__name__, dict.fromkeys(__all__, "base"))
