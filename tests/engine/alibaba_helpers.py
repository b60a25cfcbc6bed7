"""Builders for Ali Baba test positions: hand out cards and money, put Ali Baba anywhere."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from companion.engine.alibaba import make_engine
from companion.engine.alibaba.bank import money_accounted
from companion.engine.alibaba.box import Field
from companion.engine.alibaba.state import TURN, State
from companion.engine.base import Event, IllegalAction
from companion.gamedata.alibaba import load

BOX = load()
ENGINE = make_engine(BOX)


def new(players: int = 3, **header: Any) -> State:
    return ENGINE.new_game({"record": 1, "game": "alibaba", "players": players, "seed": 1, **header})


def g(name: str) -> int:
    index = BOX.group_index(name)
    assert index is not None, name
    return index


def playing(players: int = 3, *, hands: list[list[int]] | None = None, money: list[int] | None = None,
            cards: dict[int, dict[str, int]] | None = None, **changes: Any) -> State:
    """A position after the deal: seat 0 to move, each hand [1, 1] unless given.

    ``cards`` = {seat: {group name: count}}; the piles lose those cards, as in play.
    """
    state = new(players)
    held = [[0] * len(BOX.groups) for _ in range(players)]
    piles = list(state.piles)
    for seat, groups in (cards or {}).items():
        for name, count in groups.items():
            held[seat][g(name)] += count
            piles[g(name)] -= count
    assert min(piles) >= 0
    # Money set by hand counts as earlier bank payments, so the ledger check still holds.
    diff = sum(money) - players * BOX.settings.start_money if money else 0
    state = replace(
        state, phase=TURN, actor=None, turn=0,
        hands=tuple(tuple(h) for h in (hands or [[1, 1]] * players)),
        money=tuple(money) if money else state.money,
        cards=tuple(tuple(h) for h in held), piles=tuple(piles),
        bank_paid=max(diff, 0), bank_received=max(-diff, 0))
    return replace(state, **changes)


def find(kind: str, *, event: int | None = None, gang: str | None = None, four: str | None = None,
         branch: str | None = None) -> tuple[int, str | None]:
    """The first (step, branch) showing such a field."""
    want = Field(kind, gang=BOX.gang_index(gang) if gang else None, event=event, four=four)
    board = BOX.board
    for step in range(board.lap):
        fork = board.fork_at(step)
        for b in ((branch,) if branch else ("left", "right")) if fork else (None,):
            if board.field(step, b) == want:
                return step, b
    raise AssertionError(f"no such field: {want}")


def before(state: State, kind: str, **where: Any) -> tuple[State, dict[str, Any]]:
    """Ali Baba one step before the field; returns the state and the move (card 1) onto it."""
    step, branch = find(kind, **where)
    fork = BOX.board.fork_at(step)
    move: dict[str, Any] = {"action": "move", "card": 1}
    if fork is not None and fork.start == step:
        move["forks"] = [branch]
        branch_before = None
    else:
        branch_before = branch
    return replace(state, position=step - 1, branch=branch_before), move


def run(state: State, *actions: dict[str, Any]) -> tuple[State, list[Event]]:
    """Apply actions one after another; every step must keep the money accounted for."""
    events: list[Event] = []
    for action in actions:
        state, new_events = ENGINE.apply(state, action)
        events += new_events
        assert money_accounted(BOX, state)
        for group in range(len(BOX.groups)):  # no card appears or vanishes, never a fifth
            total = state.piles[group] + sum(state.cards[seat][group] for seat in range(state.players))
            assert total == BOX.settings.group_size
    return state, events


def pays(events: list[Event]) -> list[tuple[int | None, int | None, int]]:
    """(payer, payee, amount) of every payment."""
    return [(e.data["payer"], e.data["payee"], e.data["amount"]) for e in events if e.kind == "pay"]


def refused(state: State, action: dict[str, Any], code: str, /, **params: Any) -> IllegalAction:
    """The action is refused with ``code`` (and these ``params``, where given); the state is untouched."""
    before_summary = ENGINE.summary(state)
    with pytest.raises(IllegalAction) as info:
        ENGINE.apply(state, action)
    assert info.value.code == code, (info.value.code, str(info.value))
    assert {k: info.value.params.get(k) for k in params} == params
    assert ENGINE.summary(state) == before_summary
    return info.value


def held(state: State, seat: int, name: str) -> int:
    return state.cards[seat][g(name)]
