"""Every non-chance action allowed now, as a finite list (the UI highlights from it, bots pick).

Free-form agreements cannot all be listed, so for them one representative each is given:

- ``sell_to`` (arrest step 1): one card of each affected group to each other player, at the
  current quarter's price if the buyer can pay it, else for 0. Any other count or agreed
  price is legal too when the buyer can pay.
- ``trade`` (bazaar, event 5): one card of a group from one player to another, at the
  current quarter's price if the receiver can pay it, else for 0. Cards both ways
  (``"take"``), several cards, and any other price the receiver can pay are legal too.

Every other action is listed completely (``sell``/``dump``/``last_chance`` with every count
from 1 to what is held and affordable; ``move`` with every card value and fork choice).
"""

from __future__ import annotations

from itertools import product

from companion.engine.base import Action
from companion.games.alibaba.rules.arrest import endangered_groups
from companion.games.alibaba.rules.box import BRANCHES, Box
from companion.games.alibaba.rules.state import (
    BAZAAR,
    CHOOSE_STARTER,
    DUMP,
    GIFT,
    GIVE,
    LAST_CHANCE,
    LOOT,
    PICK_GANG,
    SET_DIE,
    TARGET,
    TURN,
    State,
)


def forks_entered(box: Box, position: int, steps: int) -> int:
    """How many forks Ali Baba enters moving ``steps`` from ``position`` (each needs a choice)."""
    end = min(position + steps, box.board.lap - 1)
    return sum(1 for f in box.board.forks if position < f.start <= end)


def legal_actions(box: Box, state: State) -> list[Action]:
    phase, n = state.phase, state.players
    who = state.actor if state.actor is not None else state.turn
    names = [g.name for g in box.groups]
    quarter = box.board.quarter(state.position)

    def price(group: int) -> int:
        return box.price(quarter, box.groups[group].gang)

    held = [(g, c) for g, c in enumerate(state.cards[who]) if c]
    out: list[Action] = []
    if phase == TURN:
        for g, c in held:
            out += [{"action": "sell", "seat": who, "group": names[g], "count": k} for k in range(1, c + 1)]
        for card in sorted(set(state.hands[who])):
            k = forks_entered(box, state.position, card)
            for choice in product(BRANCHES, repeat=k):
                move: Action = {"action": "move", "seat": who, "card": card}
                if choice:
                    move["forks"] = list(choice)
                out.append(move)
    elif phase == LOOT:
        out += [{"action": "take", "seat": who, "group": names[g]} for g in range(len(names))
                if state.piles[g] and price(g) <= state.money[who]]
        out.append({"action": "done", "seat": who})
    elif phase == GIFT:
        out += [{"action": "take", "seat": who, "group": names[g]} for g in range(len(names)) if state.piles[g]]
    elif phase == TARGET:
        out += [{"action": "choose_player", "seat": who, "player": p} for p in range(n)]
    elif phase == SET_DIE:
        out += [{"action": "set_die", "seat": who, "value": v} for v in range(1, 7)]
    elif phase == GIVE:
        out += [{"action": "give", "seat": who, "group": names[g]} for g, _ in held]
    elif phase == PICK_GANG:
        out += [{"action": "pick_gang", "seat": who, "gang": g.name} for g in box.gangs]
    elif phase == CHOOSE_STARTER:
        out += [{"action": "choose_starter", "seat": who, "player": p} for p in range(n)]
    elif phase == BAZAAR:
        for a in range(n):
            for g, _ in [(g, c) for g, c in enumerate(state.cards[a]) if c]:
                for b in range(n):
                    if b != a:
                        p = price(g) if price(g) <= state.money[b] else 0
                        out.append({"action": "trade", "from": a, "to": b, "give": {names[g]: 1}, "price": p})
        out.append({"action": "done", "seat": who})
    elif phase == DUMP:
        fee = box.settings.dump_fee
        for g, c in held:
            if box.groups[g].gang not in state.arrest_gangs:
                continue
            out += [{"action": "dump", "seat": who, "group": names[g], "count": k}
                    for k in range(1, c + 1) if k * fee <= state.money[who]]
            for b in range(n):
                if b != who:
                    p = price(g) if price(g) <= state.money[b] else 0
                    out.append({"action": "sell_to", "seat": who, "to": b, "group": names[g], "count": 1, "price": p})
        out.append({"action": "done", "seat": who})
    elif phase == LAST_CHANCE:
        fee = box.settings.last_chance_fee
        assert state.row is not None
        endangered = set(endangered_groups(box, state.arrest_gangs, state.row))
        for g, c in held:
            if g in endangered:
                out += [{"action": "last_chance", "seat": who, "group": names[g], "count": k}
                        for k in range(1, c + 1) if k * fee <= state.money[who]]
        out.append({"action": "done", "seat": who})
    return out
