"""Seeded random full games: they end (win or draw), replaying their actions gives the same
state, ``apply`` never changes its input, summaries and events are plain JSON, and ``apply``
accepts exactly the moves ``legal_actions`` lists."""

from __future__ import annotations

import json
import os
import random
import time
from collections import Counter

import pytest
from mutabor_helpers import ENGINE

from companion.engine.base import IllegalAction
from companion.games.mutabor.rules import State, targets
from companion.games.mutabor.rules.geometry import VISIBLE

CAP = 20000  # moves; the longest seeded game below needs about 2500

HEADERS = [
    {"players": 2, "seed": 1}, {"players": 2, "seed": 2, "open_sides": True},
    {"players": 3, "seed": 3}, {"players": 3, "seed": 4, "first": 2},
    {"players": 4, "seed": 5}, {"players": 4, "seed": 6},
    {"players": 2, "seed": 87, "allow_unreachable": True},  # starts with an unreachable goal cell
]


def probe(state: State, legal: list[dict], rng: random.Random) -> None:
    """A random move of the player to move is accepted exactly when it is listed, and a
    refused one leaves the state as it was."""
    seat = ENGINE.current_player(state)
    listed = {(tuple(a["from"]), tuple(a["to"])) for a in legal if a["action"] == "move"}
    for _ in range(3):
        a = rng.choice(state.figures[seat])
        b = rng.choice(sorted(VISIBLE))
        before = state.to_dict()
        try:
            ENGINE.apply(state, {"action": "move", "from": list(a), "to": list(b)})
            accepted = True
        except IllegalAction as exc:
            accepted = exc.code == "capture_to_needed"  # legal, but the owner must choose
            assert state.to_dict() == before
        assert accepted == ((a, b) in listed), (a, b, state.turn)


def play(header: dict, seed: int, checks: bool = True) -> tuple[State, list[dict], Counter]:
    rng = random.Random(seed)
    full = {"record": 2, "game": "mutabor", **header}
    state = ENGINE.new_game(full)
    actions: list[dict] = []
    stats: Counter = Counter()
    while not ENGINE.is_over(state):
        assert len(actions) < CAP, "the game does not end"
        legal = ENGINE.legal_actions(state)
        assert legal, "the player to move always has a legal move"
        action = rng.choice(legal)
        if checks:
            seat = ENGINE.current_player(state)
            for cell in state.figures[seat]:
                assert set(targets(state, cell)) == {tuple(x["to"]) for x in legal
                                                     if x["action"] == "move" and tuple(x["from"]) == cell}
            if len(actions) % 7 == 0:
                probe(state, legal, rng)
            before = state.to_dict()
        new, events = ENGINE.apply(state, action)
        if checks:
            assert state.to_dict() == before, "apply changed its input"
            json.dumps([{"kind": e.kind, "data": e.data} for e in events])
            json.dumps(ENGINE.summary(new))
            occupied = [c for f in new.figures for c in f]
            assert len(occupied) == len(set(occupied)) == 4 * new.players
        for e in events:
            stats[e.kind] += 1
            if e.kind == "pass":
                stats[e.data["reason"]] += 1
        actions.append(action)
        state = new
    return state, actions, stats


@pytest.mark.slow
@pytest.mark.parametrize("header", HEADERS, ids=lambda h: "-".join(f"{k}{v}" for k, v in h.items()))
def test_random_games_end_and_replay_to_the_same_state(header):
    state, actions, stats = play(header, header["seed"])
    summary = ENGINE.summary(state)
    assert summary["over"] and (summary["winners"] or summary["draw"])
    if summary["winners"]:
        winner = summary["winners"][0]
        assert stats["over"] == 1 and ENGINE.summary(state)["turn"] is None
        assert state.figures[winner] == tuple(sorted(
            {"bottom": [(0, c) for c in range(2, 6)], "top": [(7, c) for c in range(2, 6)],
             "left": [(r, 7) for r in range(2, 6)], "right": [(r, 0) for r in range(2, 6)]}[state.sides[winner]]))
    if header["players"] == 3:
        assert stats["sits_out"] == 1
    if header.get("allow_unreachable"):
        assert stats["swap"] >= 1
    assert stats["capture"] > 0
    # The record of the game replays to the same position.
    replayed = ENGINE.new_game({"record": 2, "game": "mutabor", **header})
    for action in json.loads(json.dumps(actions)):
        replayed, _ = ENGINE.apply(replayed, action)
    assert replayed.to_dict() == state.to_dict()
    assert json.loads(json.dumps(state.to_dict()))["figures"] == [[list(c) for c in f] for f in state.figures]


@pytest.mark.slow
def test_games_per_second():
    """``MUTABOR_GAMES=50 pytest -s -k games_per_second`` prints the figures for the notes."""
    n = int(os.environ.get("MUTABOR_GAMES", "2"))
    for players in (2, 3, 4):
        start = time.perf_counter()
        moves = 0
        for seed in range(n):
            _, actions, _ = play({"players": players, "seed": seed}, seed, checks=False)
            moves += len(actions)
        took = time.perf_counter() - start
        print(f"\n{players} players: {n / took:.1f} random games per second, {moves / n:.0f} moves a game, "
              f"{moves / took:.0f} moves per second")
