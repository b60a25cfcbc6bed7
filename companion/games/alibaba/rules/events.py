"""The nine event fields (rules file, "Events"; German text, "Die Ereignisfelder").

Events 1, 2, 3, 4, 6 and 7 hit one player, whom the mover names (himself allowed); events 5,
8 and 9 concern everyone. Decisions beyond the text:

- Event 4: the two free cards are taken one at a time from the face-up tops (or freely in the
  variant); any two takes are "two from one pile or one each from two piles". Taking them is
  not optional; with fewer cards left in the piles he gets what there is.
- Event 5: any trade the table agrees (cards either way, money from the receiving side) is
  recorded with ``trade``; the mover closes the bazaar with ``done``.
- Event 6: the other players give in seating order after the affected player; who holds no
  card gives nothing.
- Event 8: nothing is paid in quarter 1 (the price there is 0).
- Event 9: players in seating order from the mover; who holds no card does not roll (he
  would get 0 whatever the die shows).
"""

from __future__ import annotations

from companion.engine.base import Action, Event, IllegalAction
from companion.games.alibaba.rules import actions as read
from companion.games.alibaba.rules.bank import describe_cards, from_pile, hand_over, pay, short_of
from companion.games.alibaba.rules.box import Box
from companion.games.alibaba.rules.state import BAZAAR, BONUS_ROLL, END, EVENT_ROLL, GIFT, GIVE, SET_DIE, TARGET, Draft

#: Events that hit one player chosen by the mover.
HITS_ONE = frozenset({1, 2, 3, 4, 6, 7})


def land(box: Box, d: Draft, events: list[Event], number: int) -> None:
    """Ali Baba stands on event field ``number``."""
    d.event = number
    events.append(Event("event", {"number": number}))
    if number in HITS_ONE:
        d.phase, d.actor = TARGET, d.turn
    elif number == 5:
        d.phase, d.actor = BAZAAR, d.turn
    elif number == 8:
        quarter = box.board.quarter(d.position)
        for seat in d.seats_from(d.turn):
            amount = sum(n * box.price(quarter, box.groups[g].gang) for g, n in enumerate(d.cards[seat]))
            pay(d, events, None, seat, amount, "event8", quarter=quarter, count=sum(d.cards[seat]))
        _finish(d)
    elif number == 9:
        d.queue = [s for s in d.seats_from(d.turn) if sum(d.cards[s])]
        _next_in_queue(d, BONUS_ROLL)
    else:
        raise IllegalAction("no_such_event", "There is no event {number}.", number=number)


def choose_player(box: Box, d: Draft, events: list[Event], target: int) -> None:
    """The mover names who is hit by the event."""
    d.target = target
    events.append(Event("target", {"event": d.event, "seat": target}))
    s = box.settings
    if d.event == 1:
        d.phase, d.actor = EVENT_ROLL, target
    elif d.event == 2:
        pay(d, events, None, target, s.event2_amount, "event2")
        _finish(d)
    elif d.event in (3, 7):
        d.phase, d.actor = SET_DIE, target
    elif d.event == 4:
        d.takes_left = min(s.gift_cards, sum(d.piles))
        d.phase, d.actor = GIFT, target
        if not d.takes_left:
            _finish(d)
    elif d.event == 6:
        d.queue = [seat for seat in d.seats_from(target) if seat != target]
        _next_giver(d)


def event_roll(box: Box, d: Draft, events: list[Event], value: int) -> None:
    """Event 1: pips x 50 from the bank."""
    assert d.target is not None
    events.append(Event("die", {"die": "die", "value": value}))
    pay(d, events, None, d.target, value * box.settings.event1_per_pip, "event1", value=value)
    _finish(d)


def set_die(box: Box, d: Draft, events: list[Event], value: int) -> None:
    """Events 3 and 7: the die lies on the fate roll until the next arrest uses it."""
    colour = "black" if d.event == 3 else "white"
    if d.event == 3:
        d.preset_black = value
    else:
        d.preset_white = value
    events.append(Event("die_set", {"die": colour, "value": value, "seat": d.target}))
    _finish(d)


def gift(box: Box, d: Draft, events: list[Event], action: Action) -> None:
    """Event 4: one free card; the player says which group he took from the top."""
    assert d.target is not None
    group = read.group(box, action)
    from_pile(box, d, events, d.target, group, "free_card")
    d.takes_left -= 1
    if d.takes_left <= 0 or not sum(d.piles):
        _finish(d)


def give(box: Box, d: Draft, events: list[Event], action: Action) -> None:
    """Event 6: the giver (the actor) chooses which of his cards the affected player gets."""
    assert d.actor is not None and d.target is not None
    group = read.group(box, action)
    hand_over(box, d, events, d.actor, d.target, group, 1, "given")
    _next_giver(d)


def bonus_roll(box: Box, d: Draft, events: list[Event], value: int) -> None:
    """Event 9: roll x cards x 10 (rulebook: 8 cards, roll 4 -> 320)."""
    seat = d.actor
    assert seat is not None
    count = sum(d.cards[seat])
    events.append(Event("die", {"die": "die", "value": value, "seat": seat}))
    pay(d, events, None, seat, value * count * box.settings.event9_per_card_per_pip, "event9", value=value,
        count=count)
    _next_in_queue(d, BONUS_ROLL)


def trade(box: Box, d: Draft, events: list[Event], action: Action) -> None:
    """Event 5: ``from`` gives ``give`` to ``to``, ``to`` gives ``take`` back and pays ``price``."""
    a = read.seat(action, "from", d.players)
    b = read.seat(action, "to", d.players)
    if a == b:
        raise IllegalAction("trade_same_player", "A trade needs two different players.")
    give_cards = read.card_counts(box, action, "give")
    take_cards = read.card_counts(box, action, "take")
    price = read.price(action) if "price" in action else 0
    if not give_cards and not take_cards:
        raise IllegalAction("empty_trade", "A bazaar trade moves at least one card.")
    if short_of(d, b, price):
        raise IllegalAction("cannot_pay_trade", "{name} has {money} piaster, less than the price of {price}.",
                            name=d.names[b], money=d.money[b], price=price)
    for g, n in give_cards.items():
        hand_over(box, d, events, a, b, g, n, "traded")
    for g, n in take_cards.items():
        hand_over(box, d, events, b, a, g, n, "traded")
    if give_cards and take_cards:
        pay(d, events, b, a, price, "bazaar_swap", give=describe_cards(box, give_cards),
            take=describe_cards(box, take_cards))
    else:
        pay(d, events, b, a, price, "bazaar_sale", cards=describe_cards(box, give_cards or take_cards))


def close_bazaar(d: Draft) -> None:
    _finish(d)


def _next_giver(d: Draft) -> None:
    while d.queue and not sum(d.cards[d.queue[0]]):
        d.queue.pop(0)
    _next_in_queue(d, GIVE)


def _next_in_queue(d: Draft, phase: str) -> None:
    if d.queue:
        d.phase, d.actor = phase, d.queue.pop(0)
    else:
        _finish(d)


def _finish(d: Draft) -> None:
    d.phase = END
    d.actor = d.event = d.target = None
    d.queue = []
    d.takes_left = 0
