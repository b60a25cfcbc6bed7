"""The Ali Baba engine: deal, turn, move, loot, round end, and the dispatch of every action.

Events live in ``events.py``, arrests in ``arrest.py``, the enumeration of legal actions in
``legal.py`` and the JSON view in ``view.py``. The decisions are listed in the package
docstring (``companion/games/alibaba/rules/__init__.py``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from companion.engine.actions import action_name, handlers
from companion.engine.base import Action, Chance, Engine, Event, IllegalAction
from companion.engine.header import check_header
from companion.games.alibaba import SPEC
from companion.games.alibaba.rules import actions as read
from companion.games.alibaba.rules import arrest
from companion.games.alibaba.rules import events as event_fields
from companion.games.alibaba.rules.bank import describe_cards, from_pile, need_cards, pay, short_of, to_pile
from companion.games.alibaba.rules.box import EMPTY, EVENT, FOUR, FOUR_ALL, FOUR_DIE, GANG, START, Box
from companion.games.alibaba.rules.legal import legal_actions
from companion.games.alibaba.rules.state import (
    BAZAAR,
    BLACK_ROLL,
    BONUS_ROLL,
    CHOOSE_STARTER,
    DEAL,
    DUMP,
    END,
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
    Draft,
    State,
    freeze,
    thaw,
)
from companion.games.alibaba.rules.view import summary
from companion.games.alibaba.rules.waiting import not_now

#: The actions each phase waits for; anything else is refused with ``waiting.not_now``.
PHASE_ACTIONS: dict[str, frozenset[str]] = {
    DEAL: frozenset({"draw"}), TURN: frozenset({"sell", "move"}), LOOT: frozenset({"take", "done"}),
    TARGET: frozenset({"choose_player"}), EVENT_ROLL: frozenset({"roll"}), SET_DIE: frozenset({"set_die"}),
    GIFT: frozenset({"take"}), BAZAAR: frozenset({"trade", "done"}), GIVE: frozenset({"give"}),
    BONUS_ROLL: frozenset({"roll"}), GANG_ROLL: frozenset({"roll"}), PICK_GANG: frozenset({"pick_gang"}),
    DUMP: frozenset({"dump", "sell_to", "done"}), BLACK_ROLL: frozenset({"roll"}),
    LAST_CHANCE: frozenset({"last_chance", "done"}), WHITE_ROLL: frozenset({"roll"}),
    CHOOSE_STARTER: frozenset({"choose_starter"}), OVER: frozenset(),
}
ACTIONS = ("draw", "roll", "sell", "move", "take", "done", "choose_player", "set_die", "trade", "give",
           "pick_gang", "dump", "sell_to", "last_chance", "choose_starter")
#: The die each rolling phase asks for (``Chance.kind``).
ROLL_KINDS = {EVENT_ROLL: "die", BONUS_ROLL: "die", GANG_ROLL: "die", BLACK_ROLL: "black_die",
              WHITE_ROLL: "white_die"}

Handler = Callable[[Draft, list[Event], Action], None]


class AliBabaEngine:
    """Bank, fate roll and referee of Ali Baba for one box's data."""

    name = "alibaba"
    #: One action for every die (the Chance kind says which die) and one for drawing a
    #: movement card while dealing; neither can be taken back.
    chance_actions = frozenset({"roll", "draw"})
    #: Every reason code an event carries: ``pay`` events (the ledger), ``cards`` events,
    #: ``forgiven`` and ``arrest_over`` (its ``why``). Each is worded by ``[reason]`` in the
    #: game's ``de.toml``/``en.toml``, filled in from the event's ``params``.
    REASONS: tuple[str, ...] = (
        "dump_fee", "bought_before_arrest", "last_chance_fee", "kadi_bribe", "kadi_bribe_broke", "broke_sale",
        "loot", "sold", "round_payout", "round_payout_complete", "round_bonus", "event1", "event2", "event8",
        "event9", "bazaar_sale", "bazaar_swap", "bribe_forgiven",
        "dumped", "sold_before_arrest", "returned_last_chance", "sold_when_broke", "loot_card", "free_card",
        "given", "traded", "sold_card",
        "nobody_affected", "all_dumped", "fate_number",
    )
    #: Every ``Chance.kind`` this engine asks for.
    CHANCE_KINDS: tuple[str, ...] = ("movement_card", "die", "black_die", "white_die")

    def __init__(self, box: Box) -> None:
        self.box = box
        self._handlers: dict[str, Handler] = handlers(self, ACTIONS)

    # -- the Engine protocol -----------------------------------------------------------------
    def new_game(self, header: dict[str, Any]) -> State:
        checked = check_header(SPEC, header)  # counts, options, names, colours: the kit's one checker
        players = checked.players
        names = checked.names or tuple(f"Player {i + 1}" for i in range(players))
        s, groups = self.box.settings, len(self.box.groups)
        # Seat 0 begins the first round, so the dealer is the last seat (the starter sits to
        # the dealer's left); after that the poorest names the starter.
        return State(
            names=names, free_loot=checked.options["variant_free_loot"], money=(s.start_money,) * players,
            cards=((0,) * groups,) * players, piles=(s.group_size,) * groups, hands=((),) * players,
            round=1, starter=0, dealer=players - 1, turn=0, position=0, branch=None, phase=DEAL,
            actor=players - 1, queue=(), passed=(), takes_left=0, event=None, target=None,
            arrest_gangs=(), row=None, column=None, preset_black=None, preset_white=None,
            last_fate=None, bank_paid=0, bank_received=0, winners=())

    def apply(self, state: State, action: Action) -> tuple[State, list[Event]]:
        name = action_name(action, self._handlers)
        if name not in PHASE_ACTIONS[state.phase]:
            raise not_now(state.phase, name)
        if "seat" in action and name not in ("trade", "roll", "draw"):
            who = self.current_player(state)
            actor = read.seat(action, "seat", state.players)
            # who is never None here: a finished game waits for no action, refused just above
            if who is not None and actor != who:
                raise IllegalAction("not_your_turn", "It is {who}'s turn to act, not {actor}'s.",
                                    who=state.names[who], actor=state.names[actor])
        d = thaw(state)
        events: list[Event] = []
        self._handlers[name](d, events, action)
        if d.phase == END:
            _next_turn(d, events)
        return freeze(d), events

    # -- the actions: each name's rule, by the phase it is taken in ----------------------------
    def _draw(self, d: Draft, events: list[Event], action: Action) -> None:
        _draw(self.box, d, events, action)

    def _roll(self, d: Draft, events: list[Event], action: Action) -> None:
        box, value = self.box, read.die(action)
        if d.phase == EVENT_ROLL:
            event_fields.event_roll(box, d, events, value)
        elif d.phase == BONUS_ROLL:
            event_fields.bonus_roll(box, d, events, value)
        elif d.phase == GANG_ROLL:
            _gang_roll(box, d, events, value)
        elif d.phase == BLACK_ROLL:
            arrest.black_roll(box, d, events, value)
        else:
            arrest.white_roll(box, d, events, value)

    def _sell(self, d: Draft, events: list[Event], action: Action) -> None:
        _sell(self.box, d, events, action)

    def _move(self, d: Draft, events: list[Event], action: Action) -> None:
        _move(self.box, d, events, action)

    def _take(self, d: Draft, events: list[Event], action: Action) -> None:
        if d.phase == LOOT:
            _loot(self.box, d, events, action)
        else:
            event_fields.gift(self.box, d, events, action)

    def _done(self, d: Draft, events: list[Event], action: Action) -> None:
        if d.phase == LOOT:
            _stop_loot(self.box, d, events, action)
        elif d.phase == BAZAAR:
            event_fields.close_bazaar(d)
        elif d.phase == DUMP:
            arrest.done_dump(self.box, d, events)
        else:
            arrest.done_last_chance(self.box, d, events)

    def _choose_player(self, d: Draft, events: list[Event], action: Action) -> None:
        event_fields.choose_player(self.box, d, events, read.seat(action, "player", d.players))

    def _set_die(self, d: Draft, events: list[Event], action: Action) -> None:
        event_fields.set_die(self.box, d, events, read.die(action))

    def _trade(self, d: Draft, events: list[Event], action: Action) -> None:
        event_fields.trade(self.box, d, events, action)

    def _give(self, d: Draft, events: list[Event], action: Action) -> None:
        event_fields.give(self.box, d, events, action)

    def _pick_gang(self, d: Draft, events: list[Event], action: Action) -> None:
        arrest.start(self.box, d, events, (read.gang(self.box, action),))

    def _dump(self, d: Draft, events: list[Event], action: Action) -> None:
        arrest.dump(self.box, d, events, action)

    def _sell_to(self, d: Draft, events: list[Event], action: Action) -> None:
        arrest.sell_to(self.box, d, events, action)

    def _last_chance(self, d: Draft, events: list[Event], action: Action) -> None:
        arrest.last_chance(self.box, d, events, action)

    def _choose_starter(self, d: Draft, events: list[Event], action: Action) -> None:
        _choose_starter(self.box, d, events, action)

    def legal_actions(self, state: State) -> list[Action]:
        return legal_actions(self.box, state)

    def chance(self, state: State) -> Chance | None:
        if state.phase == DEAL:
            return Chance("draw", tuple(sorted(_deck_left(self.box, state.hands).elements())), "movement_card")
        kind = ROLL_KINDS.get(state.phase)
        return Chance("roll", (1, 2, 3, 4, 5, 6), kind) if kind else None

    def current_player(self, state: State) -> int | None:
        if state.phase == OVER:
            return None
        return state.actor if state.actor is not None else state.turn

    def is_over(self, state: State) -> bool:
        return state.phase == OVER

    def summary(self, state: State) -> dict[str, Any]:
        return summary(self.box, state, self.current_player(state))


# -- dealing ---------------------------------------------------------------------------------
def _deck_left(box: Box, hands: Any) -> Counter[int]:
    """The movement cards not dealt yet, by value (in the order of the box's first of each):
    asked twice a card when a round is dealt."""
    dealt = Counter(v for hand in hands for v in hand)
    return Counter({v: n - dealt[v] for v, n in box.movement_counts.items() if n > dealt[v]})


def _recipient(starter: int, hands: Any, players: int) -> int:
    """Cards go round from the starter (left of the dealer), so with 5 players the dealer,
    served last, ends with one card fewer."""
    return (starter + sum(len(h) for h in hands)) % players


def _draw(box: Box, d: Draft, events: list[Event], action: Action) -> None:
    value = read.card(action, "value")
    left = _deck_left(box, d.hands)
    if not left[value]:
        raise IllegalAction("no_card_left", "No movement card {value} is left to deal (still there: {left}).",
                            value=value, left=sorted(left))
    seat = _recipient(d.starter, d.hands, d.players)
    d.hands[seat] = sorted(d.hands[seat] + [value])
    events.append(Event("dealt", {"seat": seat, "value": value}))
    if sum(left.values()) == 1:
        d.phase, d.actor, d.turn = TURN, None, d.starter


# -- a turn ----------------------------------------------------------------------------------
def _sell(box: Box, d: Draft, events: list[Event], action: Action) -> None:
    """Step 1: cards back under their pile for the current quarter's price, no bonus."""
    group = read.group(box, action)
    count = read.count(action) if "count" in action else 1
    need_cards(box, d, d.turn, group, count)
    quarter = box.board.quarter(d.position)
    to_pile(box, d, events, d.turn, group, count, "sold_card")
    pay(d, events, None, d.turn, count * box.price(quarter, box.groups[group].gang), "sold", count=count,
        group=box.groups[group].name, quarter=quarter)


def walk(box: Box, position: int, branch: str | None, steps: int, choices: list[str]) -> tuple[int, str | None, int]:
    """Move ``steps`` along the route; returns (step, branch, choices used).

    Step == lap means Ali Baba is back on start. Raises IllegalAction when a fork needs a
    choice that is missing.
    """
    board, used = box.board, 0
    for _ in range(steps):
        position += 1
        if position >= board.lap:
            return board.lap, None, used
        fork = board.fork_at(position)
        if fork is None:
            branch = None
        elif fork.start == position:
            if used >= len(choices):
                raise IllegalAction("fork_needs_choice", 'Ali Baba reaches fork {fork}: say which way, '
                                    '"forks": ["left"] or ["right"].', fork=fork.number)
            branch, used = choices[used], used + 1
    return position, branch, used


def _move(box: Box, d: Draft, events: list[Event], action: Action) -> None:
    """Step 2: play a movement card; step 3: resolve the field."""
    card = read.card(action, "card")
    hand = d.hands[d.turn]
    if card not in hand:
        raise IllegalAction("not_in_hand", "{name} has no movement card {card} (in hand: {hand}).",
                            name=d.names[d.turn], card=card, hand=list(hand))
    choices = read.branches(action)
    start = d.position
    position, branch, used = walk(box, d.position, d.branch, card, choices)
    if used < len(choices):
        if used == 0:
            raise IllegalAction("no_fork_there", 'This move passes no fork; leave out "forks".')
        raise IllegalAction("too_many_forks", "This move passes only {forks} fork(s); give only {forks} choice(s).",
                            forks=used)
    hand.remove(card)
    last = not any(d.hands)
    if last or position >= box.board.lap:
        # The cards add up to one lap, so the last card lands on start; were Ali Baba
        # elsewhere, the rules set him on start anyway.
        position, branch = 0, None
    d.position, d.branch = position, branch
    field = box.board.field(position, branch)
    events.append(Event("move", {"seat": d.turn, "card": card, "from": start, "to": position, "branch": branch,
                                 "field": field.code(), "params": field.params(box.gangs),
                                 "quarter": box.board.quarter(position)}))
    if field.kind == START:
        _round_end(box, d, events)
    elif field.kind == EMPTY:
        d.phase, d.takes_left = LOOT, box.settings.loot_max
    elif field.kind == GANG:
        assert field.gang is not None
        arrest.start(box, d, events, (field.gang,))
    elif field.kind == FOUR and field.four == FOUR_DIE:
        d.phase, d.actor = GANG_ROLL, d.turn
    elif field.kind == FOUR and field.four == FOUR_ALL:
        arrest.start(box, d, events, tuple(range(len(box.gangs))))
    elif field.kind == FOUR:
        d.phase, d.actor = PICK_GANG, d.turn
    elif field.kind == EVENT:
        assert field.event is not None
        event_fields.land(box, d, events, field.event)


def _loot(box: Box, d: Draft, events: list[Event], action: Action) -> None:
    """Empty field: one card from a face-up top (any card in the variant) at the quarter price."""
    group = read.group(box, action)
    quarter = box.board.quarter(d.position)
    price = box.price(quarter, box.groups[group].gang)
    name = box.groups[group].name
    if short_of(d, d.turn, price):
        raise IllegalAction("cannot_pay_loot", "{name} has {money} piaster, but a {group} card in quarter {quarter} "
                            "costs {price}.", name=d.names[d.turn], money=d.money[d.turn], group=name,
                            quarter=quarter, price=price)
    from_pile(box, d, events, d.turn, group, "loot_card")
    pay(d, events, d.turn, None, price, "loot", group=name, quarter=quarter)
    d.takes_left -= 1
    if d.takes_left <= 0:
        d.phase = END


def _stop_loot(box: Box, d: Draft, events: list[Event], action: Action) -> None:
    d.phase = END


def _gang_roll(box: Box, d: Draft, events: list[Event], value: int) -> None:
    gang = box.settings.four_die_gang[value - 1]
    events.append(Event("die", {"die": "die", "value": value, "gang": box.gangs[gang].name}))
    arrest.start(box, d, events, (gang,))


def _next_turn(d: Draft, events: list[Event]) -> None:
    """Pass the turn clockwise to the next player who still holds a movement card."""
    d.actor, d.takes_left = None, 0
    for k in range(1, d.players + 1):
        seat = (d.turn + k) % d.players
        if d.hands[seat]:
            d.turn, d.phase = seat, TURN
            return
    raise AssertionError("no movement card left although the round has not ended")


# -- round end and game end ------------------------------------------------------------------
def _round_end(box: Box, d: Draft, events: list[Event]) -> None:
    s = box.settings
    events.append(Event("round_end", {"round": d.round}))
    for seat in range(d.players):
        held = {g: n for g, n in enumerate(d.cards[seat]) if n}
        value = sum(n * box.gangs[box.groups[g].gang].value * (s.complete_group_factor if n == s.group_size else 1)
                    for g, n in held.items())
        complete = [box.groups[g].name for g, n in held.items() if n == s.group_size]
        if complete:
            pay(d, events, None, seat, value, "round_payout_complete", round=d.round,
                cards=describe_cards(box, held), complete=complete)
        else:
            pay(d, events, None, seat, value, "round_payout", round=d.round, cards=describe_cards(box, held))
        pay(d, events, None, seat, s.round_bonus, "round_bonus", round=d.round)
    d.hands = [[] for _ in range(d.players)]
    d.actor = d.event = d.target = None
    if d.round >= s.rounds:
        d.phase, d.winners = OVER, tuple(winners(box, d.money, d.cards))
        events.append(Event("game_over", {"winners": list(d.winners)}))
        return
    d.phase, d.actor = CHOOSE_STARTER, poorest(box, d.money)


def poorest(box: Box, money: list[int]) -> int:
    """Who names the next starter; ties by the box's rule (first in seating order by default)."""
    low = min(money)
    tied = [s for s, m in enumerate(money) if m == low]
    return tied[-1] if box.settings.poorest_tie == "last_in_seating_order" else tied[0]


def winners(box: Box, money: list[int], cards: list[list[int]]) -> list[int]:
    """Most money wins; equal money is a shared win (or, by the box's rule, most cards first)."""
    top = max(money)
    tied = [s for s, m in enumerate(money) if m == top]
    if box.settings.final_tie == "most_cards" and len(tied) > 1:
        most = max(sum(cards[s]) for s in tied)
        tied = [s for s in tied if sum(cards[s]) == most]
    return tied


def _choose_starter(box: Box, d: Draft, events: list[Event], action: Action) -> None:
    seat = read.seat(action, "player", d.players)
    named_by = d.actor
    d.round += 1
    d.starter, d.dealer = seat, (seat - 1) % d.players
    d.phase, d.actor, d.turn = DEAL, d.dealer, seat
    events.append(Event("starter", {"seat": seat, "round": d.round, "named_by": named_by}))


if TYPE_CHECKING:
    def _one_shape(engine: AliBabaEngine) -> Engine[State]:
        return engine  # mypy holds the engine to the one shape, generic in its state
