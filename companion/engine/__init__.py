"""Pure rules engines, one module or package per game: no pygame, no pins, no files.

Box data (boards, tables, [assumed] values) is read outside, by ``companion.games``, and
handed to each game's ``make_engine``.
"""

from companion.engine.base import Action, Chance, Engine, Event, IllegalAction

__all__ = ["Action", "Chance", "Engine", "Event", "IllegalAction"]
