"""The state as plain JSON for the screen, ``companion replay --json`` and the tests."""

from __future__ import annotations

from typing import Any

from companion.games.alibaba.rules.arrest import risk
from companion.games.alibaba.rules.box import Box
from companion.games.alibaba.rules.state import CHANCE_PHASES, OVER, State


def summary(box: Box, state: State, current: int | None) -> dict[str, Any]:
    """Everything a table may want to see, including the bank's totals for the ledger check."""
    quarter = box.board.quarter(state.position)
    groups = box.groups
    start_total = state.players * box.settings.start_money
    return {
        "game": "alibaba",
        "round": state.round,
        "phase": state.phase,
        "current_player": current,
        "chance": state.phase in CHANCE_PHASES,
        "turn": state.turn,
        "starter": state.starter,
        "dealer": state.dealer,
        "position": state.position,
        "branch": state.branch,
        "field": box.board.field(state.position, state.branch).label(box.gangs),
        "quarter": quarter,
        "prices": {g.name: box.price(quarter, i) for i, g in enumerate(box.gangs)},
        "loot": "any card from the piles" if state.free_loot else "face-up top cards",
        "players": [
            {
                "seat": seat,
                "name": state.names[seat],
                "money": state.money[seat],
                "cards": {groups[g].name: n for g, n in enumerate(state.cards[seat]) if n},
                "card_count": sum(state.cards[seat]),
                "movement_cards": list(state.hands[seat]),
            }
            for seat in range(state.players)
        ],
        "piles": {
            gang.name: {groups[g].name: state.piles[g] for g in box.groups_of((i,))}
            for i, gang in enumerate(box.gangs)
        },
        "pile_counts": {gang.name: sum(state.piles[g] for g in box.groups_of((i,)))
                        for i, gang in enumerate(box.gangs)},
        "dice": {"black_set": state.preset_black, "white_set": state.preset_white,
                 "row": state.row, "column": state.column, "last_fate_number": state.last_fate},
        "event": state.event,
        "target": state.target,
        "takes_left": state.takes_left,
        "arrest": risk(box, state),
        "ledger": {"start_total": start_total, "bank_paid": state.bank_paid,
                   "bank_received": state.bank_received,
                   "balanced": sum(state.money) == start_total + state.bank_paid - state.bank_received},
        "over": state.phase == OVER,
        "winners": list(state.winners),
    }
