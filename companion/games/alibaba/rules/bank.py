"""The governor's bank: every movement of money and cards, each as an Event.

Money only moves through :func:`pay`. It refuses to let a player pay what he does not have
(the rules forgive a broke player's debt instead, see ``arrest.py``), keeps the bank's
running totals in the state, and emits one ``pay`` Event per payment, which the store writes
to its ledger. So at every moment::

    sum(money) == players * start_money + bank_paid - bank_received

and :func:`ledger_totals` over all events of a game gives the same two totals.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from companion.engine.base import Event, IllegalAction
from companion.games.alibaba.rules.box import Box
from companion.games.alibaba.rules.state import Draft, State


def pay(d: Draft, events: list[Event], payer: int | None, payee: int | None, amount: int, reason: str,
        **params: Any) -> None:
    """Move ``amount`` from payer to payee (None = the bank). Zero amounts leave no ledger line.

    ``reason`` is a code from :data:`companion.games.alibaba.rules.REASONS`; ``params`` fill in its
    words (``alibaba.reason.<code>`` in ``assets/i18n/``).
    """
    if amount < 0:
        raise IllegalAction("negative_payment", "A payment cannot be negative ({amount}).", amount=amount)
    if amount == 0 or payer == payee:
        return
    if payer is not None:
        if d.money[payer] < amount:
            raise IllegalAction("cannot_pay", "{name} has only {money} piaster, not {amount}.",
                                name=d.names[payer], money=d.money[payer], amount=amount)
        d.money[payer] -= amount
    else:
        d.bank_paid += amount
    if payee is not None:
        d.money[payee] += amount
    else:
        d.bank_received += amount
    events.append(Event("pay", {"payer": payer, "payee": payee, "amount": amount, "reason": reason,
                                "params": params}))


def describe_cards(box: Box, counts: dict[int, int]) -> str:
    """``{5: 2, 12: 1}`` -> ``"2 Schmuggler, 1 Seeräuber"``."""
    return ", ".join(f"{n} {box.groups[g].name}" for g, n in sorted(counts.items()) if n)


def from_pile(box: Box, d: Draft, events: list[Event], seat: int, group: int, why: str) -> None:
    """One card of ``group`` from its gang's pile to ``seat``; never a fifth card of a group."""
    if d.piles[group] <= 0:
        raise IllegalAction("pile_empty", "All {size} {group} cards are already held by players; "
                            "there is none in the pile.", size=box.settings.group_size, group=box.groups[group].name)
    d.piles[group] -= 1
    d.cards[seat][group] += 1
    events.append(Event("cards", {"group": box.groups[group].name, "count": 1, "from": "pile",
                                  "to": seat, "reason": why}))


def to_pile(box: Box, d: Draft, events: list[Event], seat: int, group: int, count: int, why: str) -> None:
    """``count`` cards of ``group`` from ``seat`` back under their gang's pile."""
    need_cards(box, d, seat, group, count)
    d.cards[seat][group] -= count
    d.piles[group] += count
    events.append(Event("cards", {"group": box.groups[group].name, "count": count, "from": seat,
                                  "to": "pile", "reason": why}))


def hand_over(box: Box, d: Draft, events: list[Event], giver: int, taker: int, group: int, count: int,
              why: str) -> None:
    """``count`` cards of ``group`` from one player to another."""
    need_cards(box, d, giver, group, count)
    d.cards[giver][group] -= count
    d.cards[taker][group] += count
    events.append(Event("cards", {"group": box.groups[group].name, "count": count, "from": giver,
                                  "to": taker, "reason": why}))


def need_cards(box: Box, d: Draft, seat: int, group: int, count: int) -> None:
    held = d.cards[seat][group]
    if count < 1:
        raise IllegalAction("bad_count", "The number of cards must be at least 1, not {value}.", value=count)
    if held < count:
        raise IllegalAction("too_few_cards", "{name} holds {held} {group}, not {count}.",
                            name=d.names[seat], held=held, group=box.groups[group].name, count=count)


def short_of(d: Draft, seat: int, amount: int) -> bool:
    """True when ``seat`` cannot pay ``amount``; the caller refuses in its own words."""
    return d.money[seat] < amount


def ledger_totals(events: Iterable[Event], players: int) -> dict[str, object]:
    """Sum the ``pay`` events: what the bank paid, what it received, each seat's net change."""
    paid = received = 0
    net = [0] * players
    for ev in events:
        if ev.kind != "pay":
            continue
        payer, payee, amount = ev.data["payer"], ev.data["payee"], ev.data["amount"]
        if payer is None:
            paid += amount
        else:
            net[payer] -= amount
        if payee is None:
            received += amount
        else:
            net[payee] += amount
    return {"bank_paid": paid, "bank_received": received, "net": net}


def money_accounted(box: Box, state: State) -> bool:
    """The conservation check: no piaster appeared or vanished outside the bank's payments."""
    start = state.players * box.settings.start_money
    return sum(state.money) == start + state.bank_paid - state.bank_received
