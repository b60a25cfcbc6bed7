"""The state of a game of Ali Baba: plain frozen data, and a mutable draft to build the next one.

``apply`` thaws the state into a :class:`Draft`, lets the rules change the draft, and freezes
it again. An IllegalAction raised half way simply drops the draft, so the state a caller holds
is never touched: that is the whole reason for the draft.

Card holdings are counts per group (index into ``Box.groups``), because the cards of a group
are identical and the physical cards lie open on the table.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.engine.state import Plain, draft, made

# Phases: who must do what now.
DEAL = "deal"  # chance: the next movement card is drawn for a seat
TURN = "turn"  # the mover may sell, then must move
LOOT = "loot"  # empty field: the mover takes up to three cards
TARGET = "target"  # an event that hits one player: the mover names him
EVENT_ROLL = "event_roll"  # event 1: the affected player rolls
SET_DIE = "set_die"  # events 3 and 7: the affected player sets the black / white die
GIFT = "gift"  # event 4: two free cards
BAZAAR = "bazaar"  # event 5: trades among all, the mover closes it
GIVE = "give"  # event 6: each other player gives one card
BONUS_ROLL = "bonus_roll"  # event 9: each player with cards rolls
GANG_ROLL = "gang_roll"  # four-symbol field with die: the mover rolls for the gang
PICK_GANG = "pick_gang"  # four-symbol field with question mark: the mover picks
DUMP = "dump"  # arrest step 1, one holder after another
BLACK_ROLL = "black_roll"  # arrest step 2
LAST_CHANCE = "last_chance"  # arrest step 3, one holder of endangered cards after another
WHITE_ROLL = "white_roll"  # arrest step 4
CHOOSE_STARTER = "choose_starter"  # after round 1: the poorest names who starts round 2
OVER = "over"
#: Never stored: a rule handler sets it when the mover's turn is finished, and the engine then
#: passes the turn on. Keeps the event and arrest modules from knowing how turns rotate.
END = "end"

#: Phases whose next action is a die roll (or a card draw) supplied by the session.
CHANCE_PHASES = frozenset({DEAL, EVENT_ROLL, BONUS_ROLL, GANG_ROLL, BLACK_ROLL, WHITE_ROLL})


@dataclass(frozen=True)
class State(Plain):
    """One moment of the game. All fields are plain values; ``summary`` shows them as JSON."""

    names: tuple[str, ...]
    free_loot: bool  # the variant: loot chosen freely from the piles
    money: tuple[int, ...]
    cards: tuple[tuple[int, ...], ...]  # cards[seat][group] = how many that seat holds
    piles: tuple[int, ...]  # piles[group] = how many of that group lie in its gang's pile
    hands: tuple[tuple[int, ...], ...]  # movement cards in each hand, sorted
    round: int
    starter: int  # who began this round
    dealer: int  # seat to the starter's right; with 5 players he gets one card fewer
    turn: int  # the mover: whose movement card is being played
    position: int  # step 0..lap-1 of Ali Baba, 0 = start
    branch: str | None  # "left"/"right" while Ali Baba stands inside a fork
    phase: str
    actor: int | None  # who acts in the phase when that is not the mover
    queue: tuple[int, ...]  # seats still to act after the actor (event 6, event 9)
    passed: tuple[int, ...]  # seats that said "done" in the dump / last chance step
    takes_left: int  # loot or gift cards still to take
    event: int | None  # the event being resolved
    target: int | None  # the player it hits
    arrest_gangs: tuple[int, ...]  # gangs affected by the arrest under way
    row: int | None  # black die of the arrest under way
    column: int | None  # white die of the arrest under way
    preset_black: int | None  # set by event 3, holds for the next arrest
    preset_white: int | None  # set by event 7, holds for the next arrest
    last_fate: int | None  # fate number of the latest arrest, for the screen
    bank_paid: int  # everything the bank paid out so far
    bank_received: int  # everything paid to the bank (prices, fees, bribes)
    winners: tuple[int, ...]

    @property
    def players(self) -> int:
        return len(self.names)

    @property
    def over(self) -> bool:
        return self.phase == OVER


@dataclass
class Draft:
    """A mutable copy of a :class:`State`; same fields, lists instead of tuples."""

    names: tuple[str, ...]
    free_loot: bool
    money: list[int]
    cards: list[list[int]]
    piles: list[int]
    hands: list[list[int]]
    round: int
    starter: int
    dealer: int
    turn: int
    position: int
    branch: str | None
    phase: str
    actor: int | None
    queue: list[int]
    passed: list[int]
    takes_left: int
    event: int | None
    target: int | None
    arrest_gangs: tuple[int, ...]
    row: int | None
    column: int | None
    preset_black: int | None
    preset_white: int | None
    last_fate: int | None
    bank_paid: int
    bank_received: int
    winners: tuple[int, ...]

    @property
    def players(self) -> int:
        return len(self.names)

    def seats_from(self, first: int) -> list[int]:
        """Every seat in seating (clockwise) order, beginning with ``first``."""
        return [(first + k) % self.players for k in range(self.players)]


_NESTED = {"cards", "hands"}
_LISTS = {"money", "piles", "queue", "passed"}


def thaw(state: State) -> Draft:
    """The draft of ``state``: its fields copied (``companion.engine.state.draft``, the one way
    every engine copies a state), with lists for the tuples a rule changes in place."""
    values = draft(state)
    for name in _NESTED:
        values[name] = [list(row) for row in values[name]]
    for name in _LISTS:
        values[name] = list(values[name])
    return made(Draft, values)


def freeze(d: Draft) -> State:
    """The state a draft stands for, tuples again."""
    values = draft(d)
    for name in _NESTED:
        values[name] = tuple(tuple(row) for row in values[name])
    for name in _LISTS:
        values[name] = tuple(values[name])
    return made(State, values)
