"""Random legal games: for the simulator, the benchmark and the conformance tests.

>>> from companion.games import get_engine
>>> state, actions = random_game(get_engine("suleika"), {"record": 1, "game": "suleika", "players": 2, "seed": 1}, 1)
>>> get_engine("suleika").is_over(state)
True
"""

from __future__ import annotations

import random
from typing import Any

from companion.engine.base import Action, Engine

#: A game that has not ended after this many actions is a bug in the engine, not a long game.
MAX_ACTIONS = 100_000


def random_step(engine: Engine, state: Any, rng: random.Random) -> Action:
    """One action a random player (or the die) could take now: any legal choice or the roll,
    each equally likely."""
    options: list[Action | None] = list(engine.legal_actions(state))
    chance = engine.chance(state)
    if chance is not None:
        options.append(None)
    if not options:
        raise RuntimeError(f"{engine.name}: no legal action and no die in a game that is not over")
    pick = rng.choice(options)
    if pick is None:
        assert chance is not None
        return {"action": chance.action, "value": rng.choice(chance.faces)}
    return pick


def random_game(engine: Engine, header: dict[str, Any], seed: int) -> tuple[Any, list[Action]]:
    """Play a whole game with random legal choices; returns the final state and the actions."""
    rng = random.Random(seed)
    state = engine.new_game(header)
    actions: list[Action] = []
    while not engine.is_over(state):
        if len(actions) >= MAX_ACTIONS:
            raise RuntimeError(f"{engine.name}: game did not end after {MAX_ACTIONS} actions")
        action = random_step(engine, state, rng)
        state, _events = engine.apply(state, action)
        actions.append(action)
    return state, actions
