"""Seeded random games for 3 to 6 players: they end, every listed action is allowed and every
way to play a card that is not listed is refused, nothing is ever changed in place, summaries
and events are plain JSON, and replaying the actions gives the same state."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from teppich_helpers import ENGINE

from companion.engine.base import IllegalAction
from companion.games.teppich.rules.legal import CARD_COMBOS

MAX_ACTIONS = 10_000


def step(state, rng: random.Random) -> dict:
    """A random player's action; half the time (on a move) one that ends nearest the goal,
    so that games end in a few hundred actions (the goal must be hit exactly)."""
    chance = ENGINE.chance(state)
    if chance is not None:
        return {"action": chance.action, "value": rng.choice(chance.faces)}
    if state.pending == "clouds":
        return ENGINE.cloud_move(state, rng.randrange(1000))
    if state.pending is None and rng.random() < 0.5:
        return dict(rng.choice(ENGINE.toward_goal(state)))
    legal = ENGINE.legal_actions(state)
    assert legal, "a player to move always has an action"
    return dict(rng.choice(legal))


def check_legal_list(state) -> None:
    """Everything listed applies; every card play not listed (with any then) is refused."""
    legal = ENGINE.legal_actions(state)
    listed = {json.dumps(a, sort_keys=True) for a in legal}
    for action in legal:
        ENGINE.apply(state, action)
    if state.pending is not None:
        return
    for base, _ in CARD_COMBOS:
        for then in (None, "block", "force"):
            action = dict(base) if then is None else {**base, "then": then}
            if json.dumps(action, sort_keys=True) in listed:
                continue
            with pytest.raises(IllegalAction):
                ENGINE.apply(state, action)


def play(players: int, seed: int, header_extra: dict | None = None) -> tuple[list[dict], Counter, object]:
    rng = random.Random(seed)
    header = {"record": 2, "game": "teppich", "players": players, "seed": seed, **(header_extra or {})}
    state = ENGINE.new_game(header)
    actions: list[dict] = []
    stats: Counter = Counter()
    while not ENGINE.is_over(state):
        assert len(actions) < MAX_ACTIONS, "the game does not end"
        if len(actions) % 40 == 7:
            check_legal_list(state)
        action = step(state, rng)
        before = state.to_dict()
        new, events = ENGINE.apply(state, action)
        assert state.to_dict() == before, "apply changed its input"
        json.dumps([{"kind": e.kind, "data": e.data} for e in events])
        json.dumps(ENGINE.summary(new))
        for e in events:
            stats[e.kind] += 1
        actions.append(action)
        state = new
    # replaying the record gives the same state
    replayed = ENGINE.new_game(json.loads(json.dumps(header)))
    for action in json.loads(json.dumps(actions)):
        replayed, _ = ENGINE.apply(replayed, action)
    assert replayed.to_dict() == state.to_dict()
    assert ENGINE.summary(replayed) == ENGINE.summary(state)
    return actions, stats, state


@pytest.mark.slow
@pytest.mark.parametrize("players", [3, 4, 5, 6])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_games_end_and_replay(players, seed):
    actions, stats, state = play(players, seed)
    summary = ENGINE.summary(state)
    assert summary["over"] and summary["turn"] is None and summary["pending"] is None
    assert stats["win"] == 1 and len(summary["winners"]) == 1
    assert summary["carpets"][summary["winners"][0]]["cell"] == [23, 0] or stats["force"]
    assert set(summary) == {"carpets", "clouds", "turn", "pending", "over", "winners"}


@pytest.mark.slow
def test_random_games_reach_every_rule():
    totals: Counter = Counter()
    for seed in range(30):
        _, stats, _ = play(3 + seed % 4, 100 + seed)
        totals.update(stats)
    for kind in ("roll", "star", "block", "force", "skip", "blown_off", "clouds", "swap", "tokens", "again"):
        assert totals[kind] > 0, kind


def test_random_games_without_the_special_die():
    _, stats, state = play(4, 5, {"special_die": False})
    assert state.over and stats["roll"] == 0 and stats["star"] == 0


def measure(games: int = 40) -> None:
    """Random games per second with the test's policy (without its checks), per player count:
    ``.venv/bin/python tests/engine/test_teppich_random.py 40``."""
    import statistics
    import time
    for players in (3, 4, 5, 6):
        lengths = []
        start = time.perf_counter()
        for seed in range(games):
            rng = random.Random(seed)
            state = ENGINE.new_game({"record": 2, "game": "teppich", "players": players, "seed": seed})
            n = 0
            while not ENGINE.is_over(state):
                state, _ = ENGINE.apply(state, step(state, rng))
                n += 1
            lengths.append(n)
        secs = time.perf_counter() - start
        print(f"{players} players: {games / secs:.1f} games/s, {sum(lengths) / secs:.0f} actions/s, "
              f"actions per game median {statistics.median(lengths):.0f}, mean {statistics.mean(lengths):.0f}, "
              f"max {max(lengths)}")


if __name__ == "__main__":
    import sys
    measure(int(sys.argv[1]) if len(sys.argv) > 1 else 40)
