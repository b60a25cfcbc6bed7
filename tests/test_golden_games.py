"""Seeded games of every registered game give exactly the games they gave when recorded.

``golden_games.json`` holds, for every game of the registry, each of its player counts, two
seeds and both simulated players, the number of actions, a hash of the actions, a hash of
everything the game showed on the way (the seat to move, the die asked for, the legal
actions and the events of each step) and the final ``summary()``. A change made to make an
engine faster, a screen cheaper or a state smaller must leave every one of them as it was;
only a change of the rules on purpose may change them, and then the file is made anew with
``python tests/test_golden_games.py`` (and the change says why).
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path
from typing import Any

import pytest

from companion.games import REGISTRY, get_engine, spec
from companion.session.simulate import play_game, random_game

FIXTURE = Path(__file__).with_name("golden_games.json")
#: the games that come with the companion, from the registry (a game installed on its own keeps
#: golden records of its own)
GAMES = tuple(name for name, game in REGISTRY.items() if game.engine.startswith("companion.games."))
SEEDS = (1, 2)
POLICIES = ("random", "one-heading")


def _digest(value: Any) -> str:
    return hashlib.sha256(json.dumps(value, sort_keys=True, default=list).encode()).hexdigest()


def key(name: str, players: int, policy: str, seed: int) -> str:
    return f"{name}.{players}p.{policy}.{seed}"


def combos() -> list[tuple[str, int]]:
    return [(name, players) for name in GAMES for players in spec(name).counts]


def play(name: str, players: int, policy: str, seed: int) -> dict[str, Any]:
    """Play one seeded game, then replay its actions step by step, hashing what it showed."""
    engine = get_engine(name)
    header = spec(name).header(players, seed)
    final, actions = (random_game(engine, header, seed) if policy == "random"
                      else play_game(engine, header, seed, policy))
    state = engine.new_game(header)
    trail: list[Any] = []
    for action in actions:
        chance = engine.chance(state)
        trail.append([engine.current_player(state),
                      None if chance is None else [chance.action, list(chance.faces), chance.kind],
                      list(engine.legal_actions(state))])
        state, events = engine.apply(state, action)
        trail.append([[e.kind, e.data] for e in events])
    assert engine.summary(state) == engine.summary(final)
    return {"actions": len(actions), "actions_sha256": _digest(actions), "trail_sha256": _digest(trail),
            "summary_sha256": _digest(engine.summary(final))}


def record() -> dict[str, Any]:
    return {key(n, p, pol, s): play(n, p, pol, s) for n, p in combos() for pol in POLICIES for s in SEEDS}


def test_every_built_game_is_in_the_registry_and_the_fixture_covers_it():
    assert set(GAMES) <= set(REGISTRY)
    stored = json.loads(FIXTURE.read_text())
    assert set(stored) == {key(n, p, pol, s) for n, p in combos() for pol in POLICIES for s in SEEDS}


@pytest.mark.slow
@pytest.mark.parametrize(("name", "players"), combos(), ids=lambda v: str(v))
def test_seeded_games_are_unchanged(name, players):
    stored = json.loads(FIXTURE.read_text())
    for policy in POLICIES:
        for seed in SEEDS:
            got = play(name, players, policy, seed)
            assert got == stored[key(name, players, policy, seed)], key(name, players, policy, seed)


if __name__ == "__main__":
    FIXTURE.write_text(json.dumps(record(), indent=1, sort_keys=True) + "\n")
    print(f"wrote {FIXTURE} ({len(json.loads(FIXTURE.read_text()))} games)", file=sys.stderr)
