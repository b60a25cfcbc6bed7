"""An arrest: Ali Baba on a gang symbol or a four-symbol field (rules file, "Arrest").

Order of steps, each skipped when nobody has anything to do in it:

1. dump (``DUMP``): holders of affected cards, one after another in seating order from the
   mover, return cards to the bank for the dump fee or sell them to another player; "done"
   passes on. A buyer who already said "done" gets no second turn (he bought knowingly).
2. black die (``BLACK_ROLL``) by the mover -> row R; or the die set by event 3.
3. last chance (``LAST_CHANCE``): holders of endangered cards (a fate number in row R) may
   return them for the last-chance fee, one after another in seating order from the mover.
4. white die (``WHITE_ROLL``) by the mover -> column C; or the die set by event 7.
5. caught: fate number N = (R - 1) * 6 + C; every affected card showing N costs its holder
   the Kadi's bribe; who cannot pay goes broke.

A black die set by event 3 skips step 1; a white die set by event 7 skips steps 1 and 3
(also when both are set). A set die is used up by the next arrest, even one in which nobody
holds an affected card. When nobody holds an affected card (at the start, or after the
dump) the arrest ends at once without rolling: no die could change anything.
"""

from __future__ import annotations

from companion.engine.base import Action, Event, IllegalAction
from companion.games.alibaba.rules import actions as read
from companion.games.alibaba.rules.bank import describe_cards, hand_over, pay, short_of, to_pile
from companion.games.alibaba.rules.box import Box
from companion.games.alibaba.rules.state import BLACK_ROLL, DUMP, END, LAST_CHANCE, WHITE_ROLL, Draft, State

ROW = 6  # the fate grid is 6 x 6


def fate_number(row: int, column: int) -> int:
    """Black die = row, white die = column: ``fate_number(4, 3) == 21`` (the rulebook's example)."""
    return (row - 1) * ROW + column


def row_numbers(row: int) -> range:
    return range(fate_number(row, 1), fate_number(row, ROW) + 1)


def affected_groups(box: Box, gangs: tuple[int, ...]) -> list[int]:
    return box.groups_of(gangs)


def endangered_groups(box: Box, gangs: tuple[int, ...], row: int) -> list[int]:
    """Affected groups showing at least one number of ``row``."""
    numbers = set(row_numbers(row))
    return [g for g in box.groups_of(gangs) if box.groups[g].fate & numbers]


def _holders(d: Draft, groups: list[int]) -> list[int]:
    """Seats holding any card of ``groups``, in seating order from the mover."""
    return [s for s in d.seats_from(d.turn) if any(d.cards[s][g] for g in groups)]


def start(box: Box, d: Draft, events: list[Event], gangs: tuple[int, ...]) -> None:
    """Ali Baba has caught the scent of ``gangs``."""
    d.arrest_gangs = tuple(sorted(gangs))
    d.row = d.column = None
    d.passed = []
    events.append(Event("arrest", {"gangs": [box.gangs[g].name for g in d.arrest_gangs],
                                   "black_set": d.preset_black, "white_set": d.preset_white}))
    if not _holders(d, affected_groups(box, d.arrest_gangs)):
        _end(box, d, events, "nobody_affected")
    elif d.preset_white is not None or d.preset_black is not None:
        _black(box, d, events)
    else:
        _next_dumper(box, d, events)


# -- step 1: dump ----------------------------------------------------------------------------
def _next_dumper(box: Box, d: Draft, events: list[Event]) -> None:
    waiting = [s for s in _holders(d, affected_groups(box, d.arrest_gangs)) if s not in d.passed]
    if waiting:
        d.phase, d.actor = DUMP, waiting[0]
        return
    if not _holders(d, affected_groups(box, d.arrest_gangs)):
        _end(box, d, events, "all_dumped")
    else:
        _black(box, d, events)


def _affected(box: Box, d: Draft, group: int) -> None:
    if box.groups[group].gang not in d.arrest_gangs:
        raise IllegalAction("not_affected", "{group} cards are not affected by this arrest (only {gangs}).",
                            group=box.groups[group].name, gangs=[box.gangs[g].name for g in d.arrest_gangs])


def dump(box: Box, d: Draft, events: list[Event], action: Action) -> None:
    """``{"action": "dump", "group": "Schmuggler", "count": 1}``: back to the bank for the fee."""
    seat = d.actor
    assert seat is not None
    group = read.group(box, action)
    count = read.count(action)
    _affected(box, d, group)
    fee = count * box.settings.dump_fee
    name = box.groups[group].name
    if short_of(d, seat, fee):
        raise IllegalAction("cannot_pay_dump", "{name} has {money} piaster, but dumping {count} {group} costs {fee}.",
                            name=d.names[seat], money=d.money[seat], count=count, group=name, fee=fee)
    to_pile(box, d, events, seat, group, count, "dumped")
    pay(d, events, seat, None, fee, "dump_fee", count=count, group=name)


def sell_to(box: Box, d: Draft, events: list[Event], action: Action) -> None:
    """``{"action": "sell_to", "to": 2, "group": "Schmuggler", "count": 1, "price": 30}``.

    The price is what the table agreed for all the cards together; cards are never swapped
    for cards in an arrest, so money is the only thing that comes back.
    """
    seller = d.actor
    assert seller is not None
    buyer = read.seat(action, "to", d.players)
    if buyer == seller:
        raise IllegalAction("sell_to_self", "A player cannot sell cards to himself.")
    group = read.group(box, action)
    count = read.count(action)
    price = read.price(action)
    _affected(box, d, group)
    if short_of(d, buyer, price):
        raise IllegalAction("buyer_cannot_pay", "{name} has {money} piaster, less than the agreed price of {price}.",
                            name=d.names[buyer], money=d.money[buyer], price=price)
    hand_over(box, d, events, seller, buyer, group, count, "sold_before_arrest")
    pay(d, events, buyer, seller, price, "bought_before_arrest", count=count, group=box.groups[group].name)


def done_dump(box: Box, d: Draft, events: list[Event]) -> None:
    assert d.actor is not None
    d.passed.append(d.actor)
    _next_dumper(box, d, events)


# -- step 2: black die -----------------------------------------------------------------------
def _black(box: Box, d: Draft, events: list[Event]) -> None:
    if d.preset_black is not None:
        events.append(Event("die", {"die": "black", "value": d.preset_black, "set_by_event": 3}))
        _after_row(box, d, events, d.preset_black)
    else:
        d.phase, d.actor = BLACK_ROLL, d.turn


def black_roll(box: Box, d: Draft, events: list[Event], value: int) -> None:
    events.append(Event("die", {"die": "black", "value": value}))
    _after_row(box, d, events, value)


def _after_row(box: Box, d: Draft, events: list[Event], row: int) -> None:
    d.row = row
    d.passed = []
    endangered = endangered_groups(box, d.arrest_gangs, row)
    events.append(Event("endangered", {"row": row, "numbers": list(row_numbers(row)),
                                       "groups": [box.groups[g].name for g in endangered]}))
    if d.preset_white is not None:
        _white(box, d, events)  # event 7: no chance at all
    else:
        _next_last_chance(box, d, events)


# -- step 3: last chance ---------------------------------------------------------------------
def _next_last_chance(box: Box, d: Draft, events: list[Event]) -> None:
    assert d.row is not None
    endangered = endangered_groups(box, d.arrest_gangs, d.row)
    waiting = [s for s in _holders(d, endangered) if s not in d.passed]
    if waiting:
        d.phase, d.actor = LAST_CHANCE, waiting[0]
    else:
        _white(box, d, events)


def last_chance(box: Box, d: Draft, events: list[Event], action: Action) -> None:
    """``{"action": "last_chance", "group": "Seeräuber", "count": 1}``: return for the fee."""
    seat = d.actor
    assert seat is not None and d.row is not None
    group = read.group(box, action)
    count = read.count(action)
    _affected(box, d, group)
    name = box.groups[group].name
    if group not in endangered_groups(box, d.arrest_gangs, d.row):
        raise IllegalAction("not_endangered", "{group} cards show no number of row {row}; "
                            "only endangered cards may be returned now.", group=name, row=d.row)
    fee = count * box.settings.last_chance_fee
    if short_of(d, seat, fee):
        raise IllegalAction("cannot_pay_last_chance", "{name} has {money} piaster, but returning {count} {group} "
                            "costs {fee}.", name=d.names[seat], money=d.money[seat], count=count, group=name, fee=fee)
    to_pile(box, d, events, seat, group, count, "returned_last_chance")
    pay(d, events, seat, None, fee, "last_chance_fee", count=count, group=name)


def done_last_chance(box: Box, d: Draft, events: list[Event]) -> None:
    assert d.actor is not None
    d.passed.append(d.actor)
    _next_last_chance(box, d, events)


# -- steps 4 and 5: white die, caught --------------------------------------------------------
def _white(box: Box, d: Draft, events: list[Event]) -> None:
    if d.preset_white is not None:
        events.append(Event("die", {"die": "white", "value": d.preset_white, "set_by_event": 7}))
        _caught(box, d, events, d.preset_white)
    else:
        d.phase, d.actor = WHITE_ROLL, d.turn


def white_roll(box: Box, d: Draft, events: list[Event], value: int) -> None:
    events.append(Event("die", {"die": "white", "value": value}))
    _caught(box, d, events, value)


def _caught(box: Box, d: Draft, events: list[Event], column: int) -> None:
    assert d.row is not None
    d.column = column
    number = fate_number(d.row, column)
    d.last_fate = number
    hit = [g for g in box.groups_of(d.arrest_gangs) if number in box.groups[g].fate]
    events.append(Event("fate", {"number": number, "groups": [box.groups[g].name for g in hit]}))
    quarter = box.board.quarter(d.position)
    for seat in d.seats_from(d.turn):
        caught = {g: d.cards[seat][g] for g in hit if d.cards[seat][g]}
        count = sum(caught.values())
        if not count:
            continue
        bribe = count * box.settings.kadi_bribe
        cards = describe_cards(box, caught)
        events.append(Event("caught", {"seat": seat, "cards": {box.groups[g].name: n for g, n in caught.items()},
                                       "bribe": bribe}))
        if d.money[seat] >= bribe:
            pay(d, events, seat, None, bribe, "kadi_bribe", cards=cards)
            continue
        _broke(box, d, events, seat, quarter)
        paid = min(d.money[seat], bribe)
        if paid == bribe:
            pay(d, events, seat, None, paid, "kadi_bribe", cards=cards)
        else:
            pay(d, events, seat, None, paid, "kadi_bribe_broke", cards=cards)
        if bribe > paid:
            events.append(Event("forgiven", {"seat": seat, "amount": bribe - paid, "reason": "bribe_forgiven",
                                             "params": {}}))
    _end(box, d, events, "fate_number", number=number)


def _broke(box: Box, d: Draft, events: list[Event], seat: int, quarter: int) -> None:
    """"Restlos Pleite": sell every card at the current quarter's price, at once."""
    held = {g: n for g, n in enumerate(d.cards[seat]) if n}
    proceeds = sum(n * box.price(quarter, box.groups[g].gang) for g, n in held.items())
    for g, n in held.items():
        to_pile(box, d, events, seat, g, n, "sold_when_broke")
    events.append(Event("broke", {"seat": seat, "sold": sum(held.values()), "proceeds": proceeds}))
    pay(d, events, None, seat, proceeds, "broke_sale", count=sum(held.values()), quarter=quarter)


def _end(box: Box, d: Draft, events: list[Event], why: str, **params: int) -> None:
    """The arrest is over; ``why`` is a reason code (``nobody_affected``, ``all_dumped``,
    ``fate_number``), worded like the ledger's reasons."""
    events.append(Event("arrest_over", {"why": why, "params": params}))
    d.preset_black = d.preset_white = None  # a set die is used up by this arrest
    d.arrest_gangs = ()
    d.row = d.column = None
    d.passed = []
    d.actor = None
    d.phase = END


# -- what the referee shows ------------------------------------------------------------------
def risk(box: Box, state: State) -> dict[str, object] | None:
    """For the arrest under way: endangered cards and each player's chance to pay the Kadi.

    Before the black die is known the chance is over all 36 fate numbers; after it, over the
    six columns of the row (or certain once both dice are set).
    """
    if not state.arrest_gangs:
        return None
    groups = box.groups_of(state.arrest_gangs)
    if state.row is not None:
        rows = [state.row]
    elif state.preset_black is not None:
        rows = [state.preset_black]
    else:
        rows = list(range(1, ROW + 1))
    columns = [state.preset_white] if state.preset_white is not None else list(range(1, ROW + 1))
    outcomes = [fate_number(r, c) for r in rows for c in columns]
    players = []
    for seat in range(state.players):
        held = [g for g in groups if state.cards[seat][g]]
        losing = [n for n in outcomes if any(n in box.groups[g].fate for g in held)]
        expected = sum(state.cards[seat][g] for n in outcomes for g in held
                       if n in box.groups[g].fate) * box.settings.kadi_bribe / len(outcomes)
        players.append({"seat": seat, "chance": round(len(losing) / len(outcomes), 4),
                        "expected_bribe": round(expected, 2),
                        "endangered": {box.groups[g].name: state.cards[seat][g] for g in held
                                       if len(rows) == 1 and box.groups[g].fate & set(row_numbers(rows[0]))}})
    return {"gangs": [box.gangs[g].name for g in state.arrest_gangs], "row": state.row,
            "column": state.column, "players": players}
