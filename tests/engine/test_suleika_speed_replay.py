"""A fixed set of seeded Suleika games gives exactly the same games as when it was recorded.

``suleika_speed_games.json`` holds, for every combination of player count, rule set, the
2-player variant and the corner loops, and for both simulated players (``random_game`` and
``play_game``'s ``one-heading``), the final ``summary()`` and a hash of everything a game
shows on the way: the actions taken, the events of each, the legal actions, the die and the
seat to move at every step, and the pre-roll hint. Any change to the engine that alters a
result, an order or a number changes a hash. Rebuild the file (only when the rules change on
purpose) with ``python tests/engine/test_suleika_speed_replay.py``.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest
from suleika_helpers import ENGINE

from companion.games.suleika.rules import hint
from companion.session.simulate import play_game, random_game

FIXTURE = Path(__file__).with_name("suleika_speed_games.json")
SEEDS = (1, 2, 3)
POLICIES = ("random", "one-heading")


def combos() -> list[dict[str, Any]]:
    """Every header shape: 2 players with and without the variant, 3 and 4 players; both rule
    sets and both corner settings."""
    out = []
    for players in (2, 3, 4):
        for rules in ("suleika", "marrakech"):
            for variant in ((False, True) if players == 2 else (False,)):
                for loops in ("TR_BL", "TL_BR"):
                    out.append({"players": players, "rules": rules, "variant2p": variant, "corner_loops": loops})
    return out


def key(combo: dict[str, Any], policy: str, seed: int) -> str:
    variant = ".variant" if combo["variant2p"] else ""
    return f"{combo['players']}p.{combo['rules']}{variant}.{combo['corner_loops']}.{policy}.{seed}"


def _digest(value: Any) -> str:
    return hashlib.sha256(json.dumps(value, sort_keys=True).encode()).hexdigest()


def _hint_plain(state: Any) -> list[Any]:
    return [[h, sorted([list(c), p] for c, p in v.cells.items()), v.expected_payment]
            for h, v in hint(state).items()]


def play(combo: dict[str, Any], policy: str, seed: int) -> dict[str, Any]:
    """Play one fixed game, then replay its actions step by step, recording what it showed."""
    header = {"record": 1, "game": "suleika", "seed": seed, **combo}
    final, actions = (random_game(ENGINE, header, seed) if policy == "random"
                      else play_game(ENGINE, header, seed, policy))
    state = ENGINE.new_game(header)
    trail: list[Any] = []
    for action in actions:
        chance = ENGINE.chance(state)
        trail.append([ENGINE.current_player(state), None if chance is None else [chance.action, list(chance.faces),
                                                                                  chance.kind],
                      ENGINE.legal_actions(state), _hint_plain(state)])
        state, events = ENGINE.apply(state, action)
        trail.append([[e.kind, e.data] for e in events])
    assert ENGINE.summary(state) == ENGINE.summary(final)
    return {"actions": len(actions), "actions_sha256": _digest(actions), "trail_sha256": _digest(trail),
            "summary": ENGINE.summary(final)}


def record() -> dict[str, Any]:
    return {key(c, p, s): play(c, p, s) for c in combos() for p in POLICIES for s in SEEDS}


@pytest.mark.slow
@pytest.mark.parametrize("combo", combos(), ids=lambda c: key(c, "", 0).rsplit("..", 1)[0])
def test_seeded_games_are_unchanged(combo):
    stored = json.loads(FIXTURE.read_text())
    for policy in POLICIES:
        for seed in SEEDS:
            name = key(combo, policy, seed)
            assert play(combo, policy, seed) == stored[name], name


def test_the_fixture_covers_every_combination():
    assert set(json.loads(FIXTURE.read_text())) == {key(c, p, s) for c in combos() for p in POLICIES for s in SEEDS}


if __name__ == "__main__":
    games = record()
    lines = [f"{json.dumps(name)}: {json.dumps(games[name], sort_keys=True)}" for name in sorted(games)]
    FIXTURE.write_text("{\n" + ",\n".join(lines) + "\n}\n")  # one game a line: diffs stay readable
    print(f"wrote {FIXTURE}")
