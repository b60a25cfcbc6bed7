"""Simulated games: for the simulator, the benchmark and the conformance tests.

Two policies choose the moves (``POLICIES``):

- ``random``: every legal choice and the roll equally likely, at every step. A random
  Suleika player turns Omar about three times a turn before rolling.
- ``one-heading`` (the default of ``companion simulate``): plays like a person. While the die
  is waiting to be rolled, a player makes each *kind* of choice (the action's name, such as
  Suleika's ``face``) at most once: a kind already taken since the last roll, by the same
  player, is dropped from the choices as long as something else (another kind, or the roll)
  is left. So a Suleika player turns Omar at most once and then rolls. Choices made while no
  die waits (placing a carpet, selling, trading) are not limited, so a game whose choices
  never wait beside a roll plays exactly as with ``random`` (same seed, same game).

:func:`random_game` plays with ``random`` and always gives the same game for the same seed
(tests and records depend on it); :func:`play_game` takes the policy.

>>> from companion.games import get_engine
>>> engine = get_engine("suleika")
>>> state, actions = random_game(engine, {"record": 1, "game": "suleika", "players": 2, "seed": 1}, 1)
>>> engine.is_over(state)
True
>>> _state, person = play_game(engine, {"record": 1, "game": "suleika", "players": 2, "seed": 1}, 1)
>>> len(person) < len(actions)
True
"""

from __future__ import annotations

import random
from typing import Any, Generic

from companion.engine.base import Action, Chance, Engine, S

#: A game that has not ended after this many actions is a bug in the engine, not a long game.
MAX_ACTIONS = 100_000
#: The policies :func:`play_game` knows; the first is what ``companion simulate`` uses.
POLICIES = ("one-heading", "random")


def random_step(engine: Engine[S], state: S, rng: random.Random) -> Action:
    """One action a random player (or the die) could take now: any legal choice or the roll,
    each equally likely."""
    options: list[Action | None] = list(engine.legal_actions(state))
    chance = engine.chance(state)
    ahead = _hooks(engine, state, options, chance, rng)
    if ahead is not None:
        return ahead
    if chance is not None:
        options.append(None)
    if not options:
        raise RuntimeError(f"{engine.name}: no legal action and no die in a game that is not over")
    pick = rng.choice(options)
    if pick is None:
        assert chance is not None
        return {"action": chance.action, "value": rng.choice(chance.faces)}
    return pick


def _hooks(engine: Engine[S], state: S, options: list[Action | None], chance: Chance | None,
           rng: random.Random) -> Action | None:
    """The optional engine hooks (``companion.engine.base.OPTIONAL_HOOKS``): adds the choices
    too many to list (a new layout of the clouds) to ``options``, and half the time returns a
    move that heads for the end, for a game whose random play wanders for ever. Games without
    the hooks draw exactly as before (no random number is used)."""
    unlisted = getattr(engine, "unlisted_actions", None)
    if not options and chance is None and unlisted is not None:
        options += unlisted(state)
    progress = getattr(engine, "progress_actions", None)
    if progress is not None and options and rng.random() < 0.5:
        ahead = progress(state)
        if ahead:
            return dict(rng.choice(ahead))
    return None


def random_game(engine: Engine[S], header: dict[str, Any], seed: int) -> tuple[S, list[Action]]:
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


class OneHeading(Generic[S]):
    """The ``one-heading`` policy: before a roll, each kind of choice at most once per player.

    It remembers the kinds taken since the last roll and by whom; ``step`` then draws from the
    remaining choices exactly as :func:`random_step` draws from all of them.
    """

    def __init__(self, engine: Engine[S]) -> None:
        self.engine = engine
        self.taken: set[str] = set()
        self.player: int | None = None

    def step(self, state: S, rng: random.Random) -> Action:
        engine = self.engine
        player = engine.current_player(state)
        if player != self.player:
            self.taken.clear()  # another player's turn: his choices are his own
            self.player = player
        chance = engine.chance(state)
        options: list[Action | None] = list(engine.legal_actions(state))
        ahead = _hooks(engine, state, options, chance, rng)
        if ahead is not None:
            return ahead
        if chance is not None and self.taken:
            fresh = [a for a in options if a is None or a.get("action") not in self.taken]
            options = fresh  # the roll is always left, so this is never empty
        if chance is not None:
            options.append(None)
        if not options:
            raise RuntimeError(f"{engine.name}: no legal action and no die in a game that is not over")
        pick = rng.choice(options)
        if pick is None:
            assert chance is not None
            self.taken.clear()
            return {"action": chance.action, "value": rng.choice(chance.faces)}
        if chance is not None:
            self.taken.add(str(pick.get("action")))
        return pick


def play_game(engine: Engine[S], header: dict[str, Any], seed: int,
              policy: str = "one-heading") -> tuple[S, list[Action]]:
    """Play a whole game with ``policy`` (one of :data:`POLICIES`) through the engine's public
    methods; returns the final state and the actions."""
    if policy == "random":
        return random_game(engine, header, seed)
    if policy != "one-heading":
        raise ValueError(f"unknown policy {policy!r} (policies: {', '.join(POLICIES)})")
    rng = random.Random(seed)
    chooser = OneHeading(engine)
    state = engine.new_game(header)
    actions: list[Action] = []
    while not engine.is_over(state):
        if len(actions) >= MAX_ACTIONS:
            raise RuntimeError(f"{engine.name}: game did not end after {MAX_ACTIONS} actions")
        action = chooser.step(state, rng)
        state, _events = engine.apply(state, action)
        actions.append(action)
    return state, actions
