"""Builders for Ali Baba test positions: hand out cards and money, put Ali Baba anywhere."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest

from companion.engine.base import Event, IllegalAction
from companion.games.alibaba.box_files import load
from companion.games.alibaba.rules import make_engine
from companion.games.alibaba.rules.bank import money_accounted, pay
from companion.games.alibaba.rules.box import Field
from companion.games.alibaba.rules.events import land
from companion.games.alibaba.rules.state import (
    BAZAAR,
    BLACK_ROLL,
    BONUS_ROLL,
    CHOOSE_STARTER,
    DEAL,
    DUMP,
    EVENT_ROLL,
    GANG_ROLL,
    GIFT,
    GIVE,
    LAST_CHANCE,
    LOOT,
    OVER,
    PICK_GANG,
    SET_DIE,
    TARGET,
    TURN,
    WHITE_ROLL,
    State,
    thaw,
)

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


# -- one way to meet every refusal (tests/test_messages.py words each in German and English) ----
Trigger = Callable[[], object]
NAMES = ("Anna", "Ben", "Cem")


def named(**kwargs: Any) -> State:
    """``playing`` with three named players (the refusal texts show the names)."""
    return playing(names=NAMES, **kwargs)


def _header(**header: Any) -> Trigger:
    return lambda: ENGINE.new_game({"record": 1, "game": "alibaba", **header})


def _act(make: Callable[[], State], action: Any) -> Trigger:
    return lambda: ENGINE.apply(make(), action)


def _in(phase: str, **changes: Any) -> Callable[[], State]:
    """A named position in ``phase``; ``cards`` and ``money`` go to ``playing``."""
    setup = {k: changes.pop(k) for k in ("cards", "money") if k in changes}
    return lambda: replace(named(**setup), phase=phase, **changes)


def _not_now(phase: str) -> tuple[str, Trigger]:
    """An action no phase but "choose_starter" takes (that one gets a move instead)."""
    action = {"action": "move", "card": 1} if phase == CHOOSE_STARTER else {"action": "choose_starter", "player": 0}
    return f"not_now_{phase}", _act(_in(phase, actor=0), action)


_DUMPING = _in(DUMP, actor=0, arrest_gangs=(0,), cards={0: {"Hellseher": 2}}, money=[30, 2500, 2500])
_LAST = _in(LAST_CHANCE, actor=0, arrest_gangs=(0,), row=4, cards={0: {"Hellseher": 2, "Wunderheiler": 1}},
            money=[150, 2500, 2500])
_BAZAAR = _in(BAZAAR, event=5, cards={0: {"Hehler": 2}})
_TRADE = {"action": "trade", "from": 0, "to": 1, "give": {"Hehler": 1}, "price": 10}
_FORK = BOX.board.forks[0]

#: (code, how to meet it): one row per refusal code the engine's own source gives (the kit's
#: header and action codes are met for every game in ``tests/engine/test_engine_kit.py``).
REFUSALS: list[tuple[str, Trigger]] = [
    ("not_your_turn", _act(named, {"action": "move", "card": 1, "seat": 2})),
    ("missing_field", _act(named, {"action": "move"})),
    ("not_whole_number", _act(named, {"action": "move", "card": "1"})),
    ("bad_die_value", _act(_in(EVENT_ROLL, actor=0, event=1, target=0), {"action": "roll", "value": 7})),
    ("bad_seat", _act(_in(TARGET, actor=0, event=1), {"action": "choose_player", "player": 9})),
    ("bad_count", _act(named, {"action": "sell", "group": "Hehler", "count": 0})),
    ("bad_card_value", _act(named, {"action": "move", "card": 0})),
    ("bad_price", _act(_BAZAAR, {**_TRADE, "price": -1})),
    ("group_missing", _act(named, {"action": "sell"})),
    ("unknown_group", _act(named, {"action": "sell", "group": "Xyz"})),
    ("gang_missing", _act(_in(PICK_GANG, actor=0), {"action": "pick_gang"})),
    ("unknown_gang", _act(_in(PICK_GANG, actor=0), {"action": "pick_gang", "gang": "Xyz"})),
    ("bad_card_map", _act(_BAZAAR, {**_TRADE, "give": 3})),
    ("bad_card_number", _act(_BAZAAR, {**_TRADE, "give": {"Hehler": 0}})),
    ("bad_forks", _act(named, {"action": "move", "card": 1, "forks": 3})),
    ("bad_branch", _act(named, {"action": "move", "card": 1, "forks": ["up"]})),
    ("no_card_left", _act(lambda: replace(new(3), names=NAMES), {"action": "draw", "value": 6})),
    ("not_in_hand", _act(named, {"action": "move", "card": 3})),
    ("fork_needs_choice", _act(lambda: named(position=_FORK.start - 1, hands=[[2, 1], [1], [1]]),
                               {"action": "move", "card": 2})),
    ("no_fork_there", _act(lambda: named(position=1), {"action": "move", "card": 1, "forks": ["left"]})),
    ("too_many_forks", _act(lambda: named(position=_FORK.start - 1, hands=[[2, 1], [1], [1]]),
                            {"action": "move", "card": 2, "forks": ["left", "right"]})),
    ("negative_payment", lambda: pay(thaw(named()), [], 0, None, -5, "sold")),
    ("cannot_pay", lambda: pay(thaw(named()), [], 0, None, 99999, "sold")),
    ("cannot_pay_loot", _act(lambda: named(position=27, phase=LOOT, takes_left=3, money=[30, 2500, 2500]),
                             {"action": "take", "group": "Seeräuber"})),
    ("cannot_pay_dump", _act(_DUMPING, {"action": "dump", "group": "Hellseher", "count": 2})),
    ("cannot_pay_last_chance", _act(_LAST, {"action": "last_chance", "group": "Hellseher", "count": 2})),
    ("buyer_cannot_pay", _act(_DUMPING, {"action": "sell_to", "to": 1, "group": "Hellseher", "count": 1,
                                         "price": 9000})),
    ("cannot_pay_trade", _act(_BAZAAR, {**_TRADE, "price": 9999})),
    ("pile_empty", _act(lambda: named(position=1, phase=LOOT, takes_left=3, cards={1: {"Schmuggler": 4}}),
                        {"action": "take", "group": "Schmuggler"})),
    ("too_few_cards", _act(named, {"action": "sell", "group": "Hehler", "count": 1})),
    ("no_such_event", lambda: land(BOX, thaw(named()), [], 10)),
    ("trade_same_player", _act(_BAZAAR, {**_TRADE, "to": 0})),
    ("empty_trade", _act(_BAZAAR, {"action": "trade", "from": 0, "to": 1, "price": 5})),
    ("sell_to_self", _act(_DUMPING, {"action": "sell_to", "to": 0, "group": "Hellseher", "count": 1, "price": 5})),
    ("not_affected", _act(_DUMPING, {"action": "dump", "group": "Hehler", "count": 1})),
    ("not_endangered", _act(_LAST, {"action": "last_chance", "group": "Wunderheiler", "count": 1})),
    ("game_over", _act(_in(OVER), {"action": "move", "card": 1})),
    *[_not_now(phase) for phase in (DEAL, TURN, LOOT, TARGET, EVENT_ROLL, SET_DIE, GIFT, BAZAAR, GIVE, BONUS_ROLL,
                                    GANG_ROLL, PICK_GANG, DUMP, BLACK_ROLL, LAST_CHANCE, WHITE_ROLL,
                                    CHOOSE_STARTER)],
]
