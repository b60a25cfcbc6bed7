"""Seeded random full games: every game ends after two rounds, every piaster is accounted for,
no group ever has a fifth card, and replaying the record gives the same game."""

from __future__ import annotations

import random

import pytest
from alibaba_helpers import BOX, ENGINE

from companion.games.alibaba.rules.bank import ledger_totals, money_accounted
from companion.session import Session, Store
from companion.session.record import dumps, replay


def choose(rng: random.Random, state) -> dict:
    """A random legal policy: a chance value from the faces, else any legal action (closing a
    bazaar or a dump turn a little more often, so that trading does not drag on)."""
    chance = ENGINE.chance(state)
    if chance is not None:
        return {"action": chance.action, "value": rng.choice(chance.faces)}
    legal = ENGINE.legal_actions(state)
    assert legal, f"no legal action in phase {state.phase}"
    done = [a for a in legal if a["action"] == "done"]
    if done and rng.random() < 0.3:
        return done[0]
    return rng.choice(legal)


def play(players: int, seed: int, free_loot: bool):
    header = {"record": 1, "game": "alibaba", "players": players, "seed": seed, "variant_free_loot": free_loot}
    rng = random.Random(seed * 100 + players)
    state = ENGINE.new_game(header)
    actions, events = [], []
    while not ENGINE.is_over(state):
        assert len(actions) < 5000, "the game does not end"
        assert ENGINE.current_player(state) is not None
        action = choose(rng, state)
        state, new = ENGINE.apply(state, action)
        actions.append(action)
        events += new
        assert money_accounted(BOX, state)
        for group in range(len(BOX.groups)):
            counts = [state.cards[s][group] for s in range(players)] + [state.piles[group]]
            assert min(counts) >= 0 and sum(counts) == BOX.settings.group_size
        assert min(state.money) >= 0
    return header, state, actions, events


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5, 6])
def test_random_games_end_after_two_rounds_with_every_piaster_accounted(players, seed):
    header, state, actions, events = play(players, seed, free_loot=seed % 2 == 0)
    assert state.round == 2 and [e.data["round"] for e in events if e.kind == "round_end"] == [1, 2]
    # Each round's last movement card lands exactly on start: the cards add up to one lap.
    laps = [e.data for e in events if e.kind == "move" and e.data["to"] == 0]
    assert len(laps) == 2 and all(m["from"] + m["card"] == BOX.board.lap for m in laps)
    assert state.winners and max(state.money) == state.money[state.winners[0]]
    # The ledger of pay events explains every seat's money to the piaster.
    start = BOX.settings.start_money
    totals = ledger_totals(events, players)
    assert [m - start for m in state.money] == totals["net"]
    assert (totals["bank_paid"], totals["bank_received"]) == (state.bank_paid, state.bank_received)
    assert sum(state.money) == players * start + totals["bank_paid"] - totals["bank_received"]
    assert ENGINE.summary(state)["ledger"]["balanced"]
    # Replaying the record text gives the very same game.
    engine, replayed, replayed_actions = replay(dumps(header, actions).splitlines())
    assert engine.name == "alibaba" and replayed_actions == actions
    assert engine.summary(replayed) == ENGINE.summary(state)


@pytest.mark.slow
def test_random_games_reach_every_event_and_arrest_kind():
    seen_events, seen_phases = set(), set()
    for seed in range(12):
        _, _, _, events = play(4, 1000 + seed, free_loot=False)
        seen_events |= {e.data["number"] for e in events if e.kind == "event"}
        seen_phases |= {e.kind for e in events}
    assert seen_events == set(range(1, 10))
    assert {"arrest", "fate", "caught", "round_end", "game_over"} <= seen_phases


def test_a_session_with_the_store_keeps_the_same_ledger():
    store = Store(":memory:")
    session = Session.new({"game": "alibaba", "players": 4, "seed": 77}, store)
    rng = random.Random(77)
    undone = False
    while not session.over:
        if session.engine.chance(session.state) is not None:
            session.roll()  # the seeded source fills draws and dice alike
            continue
        before = session.engine.summary(session.state)
        session.act(choose(rng, session.state))
        if not undone and session.can_undo():
            session.undo()
            assert session.engine.summary(session.state) == before
            undone = True
    state = session.state
    net = [0] * 4
    for _seq, payer, payee, amount, _reason in store.ledger(session.game_id):
        if payer is not None:
            net[payer] -= amount
        if payee is not None:
            net[payee] += amount
    assert [m - BOX.settings.start_money for m in state.money] == net
    assert undone and store.unfinished() == []
