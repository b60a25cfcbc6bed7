"""Seeded random full games, cross-checked against the independent reference after every
action: the summary, the allowed headings, the legal placements, the money."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from suleika_helpers import ENGINE
from suleika_reference import RefGame

from companion.games.suleika.rules import allowed_headings, hint, payment_area
from companion.session.record import dumps, replay

COMBOS = (
    [(2, rules, variant, loops) for rules in ("suleika", "marrakech") for variant in (False, True)
     for loops in ("TR_BL", "TL_BR")]
    + [(n, rules, False, loops) for n in (3, 4) for rules in ("suleika", "marrakech")
       for loops in ("TR_BL", "TL_BR")]
)
SEEDS = (1, 2)


def play(header: dict, seed: int, greedy: bool = False) -> tuple[Counter, list[dict]]:
    """Play one game to the end with random legal choices; returns what happened.

    ``greedy`` players build big areas and steer Omar onto the dearest cells (by the hint),
    so that money runs out and the broke and elimination rules get exercised."""
    rng = random.Random(seed)
    state = ENGINE.new_game(header)
    ref = RefGame(header)
    assert ENGINE.summary(state) == ref.summary()
    bank = sum(state.money)
    stats: Counter = Counter()
    actions: list[dict] = []
    while not ENGINE.is_over(state):
        assert len(actions) < 1500, "the game does not end"
        legal = ENGINE.legal_actions(state)
        faces = [a for a in legal if a["action"] == "face"]
        places = [a for a in legal if a["action"] == "place"]
        assert [a["dir"] for a in faces] == allowed_headings(state)
        assert set(allowed_headings(state)) == ref.headings()
        assert {(tuple(a["cells"][0]), tuple(a["cells"][1]), a["color"]) for a in places} == ref.placements()
        chance = ENGINE.chance(state)
        if greedy and faces and chance is not None:
            hints = hint(state)
            best = max(hints, key=lambda h: (hints[h].expected_payment, rng.random()))
            if state.facing != best:
                action = {"action": "face", "dir": best}
            else:
                action = {"action": "roll", "value": rng.choice(chance.faces)}
        elif greedy and places:
            def area_after(a, state=state):
                trial, _ = ENGINE.apply(state, a)
                return len(payment_area(trial, tuple(a["cells"][0]))) + rng.random()
            action = dict(max(places, key=area_after))
        elif faces and (chance is None or rng.random() < 0.4):
            action = dict(rng.choice(faces))
        elif chance is not None:
            action = {"action": "roll", "value": rng.choice(chance.faces)}
        else:
            assert places, "a player must always be able to lay a carpet"
            action = dict(rng.choice(places))
            if rng.random() < 0.3:
                action["cells"] = action["cells"][::-1]
            if len({a["color"] for a in places}) == 1 and rng.random() < 0.5:
                del action["color"]   # one colour left: the record may leave it out
        before = state.money
        state, events = ENGINE.apply(state, action)
        ref.act(action)
        actions.append(action)
        assert ENGINE.summary(state) == ref.summary(), (seed, len(actions), action)
        assert sum(state.money) == bank and min(state.money) >= 0
        delta = [0] * state.players
        for e in events:
            stats[e.kind] += 1
            if e.kind == "pay":
                assert 0 <= e.data["amount"] <= e.data["due"] == len(e.data["area"])
                delta[e.data["payer"]] -= e.data["amount"]
                delta[e.data["payee"]] += e.data["amount"]
                stats["capped"] += e.data["amount"] < e.data["due"]
        assert [b + d for b, d in zip(before, delta)] == list(state.money)
    summary = ENGINE.summary(state)
    assert summary["winners"] and all(not summary["players"][w]["out"] for w in summary["winners"])
    assert all(p["carpets_left"] == 0 for p in summary["players"] if not p["out"])
    stats["out_players"] = sum(state.out)
    return stats, actions


@pytest.mark.slow
@pytest.mark.parametrize("players,rules,variant,loops", COMBOS)
def test_random_games_match_the_reference(players, rules, variant, loops):
    for seed in SEEDS:
        header = {"record": 1, "game": "suleika", "players": players, "rules": rules,
                  "variant2p": variant, "corner_loops": loops, "seed": seed}
        stats, actions = play(header, seed, greedy=seed % 2 == 0)
        assert stats["place"] > 0 and stats["over"] == 1
        if rules == "suleika":
            assert stats["place"] == players * (24 if players == 2 else 15 if players == 3 else 12)
        # The record of the game replays to the same position.
        _, replayed, _ = replay(dumps(header, actions).splitlines())
        assert ENGINE.summary(replayed) == ENGINE.summary(play_state(header, actions))


def play_state(header, actions):
    state = ENGINE.new_game(header)
    for action in actions:
        state, _ = ENGINE.apply(state, action)
    return state


@pytest.mark.slow
def test_random_games_reach_the_hard_cases():
    # The cross-check only means something if broke players and eliminations happen.
    totals: Counter = Counter()
    for seed in range(8):
        for players in (2, 3):
            for rules in ("suleika", "marrakech"):
                header = {"record": 1, "game": "suleika", "players": players, "rules": rules, "seed": seed}
                stats, _ = play(header, seed, greedy=True)
                totals[rules, "capped"] += stats["capped"]
                totals[rules, "out"] += stats["out_players"]
    assert totals["marrakech", "out"] > 0 and totals["suleika", "capped"] > 0
    assert totals["suleika", "out"] == 0


def test_random_games_with_colours_from_the_header():
    header = {"record": 1, "game": "suleika", "players": 2, "seed": 9,
              "colors": [["green", "blue"], ["yellow", "red"]], "variant2p": True}
    stats, _ = play(header, 9)
    assert stats["over"] == 1
