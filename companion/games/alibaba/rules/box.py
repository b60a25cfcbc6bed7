"""The box's data as the engine sees it: gangs, groups, prices, movement cards, board, settings.

These are plain frozen values. ``companion.games.alibaba.box_files.load()`` builds them from the
editable files in ``assets/alibaba/`` and checks them; the engine trusts what it is handed.
Tests may build a :class:`Box` directly to try odd boards.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cached_property

#: Field kinds on the board (see ``assets/alibaba/board.csv``).
START, EMPTY, GANG, FOUR, EVENT = "start", "empty", "gang", "four", "event"
#: The three four-symbol fields: roll a die for the gang, the mover picks, or all gangs.
FOUR_DIE, FOUR_QUESTION, FOUR_ALL = "die", "question", "all"
#: Branch names at a fork, as seen walking clockwise.
BRANCHES = ("left", "right")


@dataclass(frozen=True)
class Gang:
    """One of the four gangs; every card of it is worth ``value`` at a round's end."""

    name: str
    color: str
    value: int


@dataclass(frozen=True)
class Group:
    """Four identical cards inside a gang, sharing one set of fate numbers (1..36)."""

    name: str
    gang: int  # index into Box.gangs
    fate: frozenset[int]


@dataclass(frozen=True)
class Field:
    """One field of the route: its kind and, where it matters, its gang, event or four-mode."""

    kind: str
    gang: int | None = None  # GANG fields
    event: int | None = None  # EVENT fields, 1..9
    four: str | None = None  # FOUR fields: FOUR_DIE, FOUR_QUESTION or FOUR_ALL

    def code(self) -> str:
        """The field as a code for events: ``"start"``, ``"empty"``, ``"gang"``, ``"event"``,
        ``"four_die"``, ``"four_question"`` or ``"four_all"`` (the screen words it)."""
        return f"{FOUR}_{self.four or FOUR_ALL}" if self.kind == FOUR else self.kind

    def params(self, gangs: tuple[Gang, ...]) -> dict[str, object]:
        """What the field's words need besides its code: the gang's name or the event's number."""
        if self.kind == GANG and self.gang is not None:
            return {"gang": gangs[self.gang].name}
        if self.kind == EVENT:
            return {"n": self.event}
        return {}

    def label(self, gangs: tuple[Gang, ...]) -> str:
        """Words for the screen: ``"event 3"``, ``"Räuber symbol"``, ``"four symbols with die"``."""
        if self.kind == GANG and self.gang is not None:
            return f"{gangs[self.gang].name} symbol"
        if self.kind == EVENT:
            return f"event {self.event}"
        if self.kind == FOUR:
            return {FOUR_DIE: "four symbols with die", FOUR_QUESTION: "four symbols with question mark",
                    FOUR_ALL: "four symbols"}[self.four or FOUR_ALL]
        return self.kind


@dataclass(frozen=True)
class Fork:
    """Where the route splits: steps ``start`` .. ``start + length - 1`` exist twice."""

    number: int
    start: int
    length: int
    left: tuple[Field, ...]
    right: tuple[Field, ...]

    def covers(self, step: int) -> bool:
        return self.start <= step < self.start + self.length

    def field(self, step: int, branch: str) -> Field:
        fields = self.left if branch == "left" else self.right
        return fields[step - self.start]


@dataclass(frozen=True)
class Board:
    """The route of one lap: ``lap`` steps, step 0 is the start field.

    ``road[step]`` is the field on the shared road, or None where a fork covers the step.
    """

    road: tuple[Field | None, ...]
    forks: tuple[Fork, ...]

    @property
    def lap(self) -> int:
        return len(self.road)

    def fork_at(self, step: int) -> Fork | None:
        if 0 <= step < len(self._fork_of):
            return self._fork_of[step]
        return next((f for f in self.forks if f.covers(step)), None)

    @cached_property
    def _fork_of(self) -> tuple[Fork | None, ...]:
        """The fork covering each step of the lap (None: the shared road), worked out once: the
        rules and the route's picture ask for every step."""
        return tuple(next((f for f in self.forks if f.covers(step)), None) for step in range(self.lap))

    def field(self, step: int, branch: str | None) -> Field:
        """The field at ``step``; ``branch`` says which way Ali Baba took where a fork covers it."""
        fork = self.fork_at(step)
        if fork is None:
            f = self.road[step]
            assert f is not None
            return f
        if branch not in BRANCHES:
            raise ValueError(f"step {step} lies on fork {fork.number}: say which branch")
        return fork.field(step, branch)

    def quarter(self, step: int) -> int:
        """Quarter 1..4 of the town: 13 steps each on the 52-step board."""
        return step * 4 // self.lap + 1

    def all_fields(self) -> list[Field]:
        """Every printed field, both branches of each fork included."""
        out = [f for f in self.road if f is not None]
        for fork in self.forks:
            out += list(fork.left) + list(fork.right)
        return out


@dataclass(frozen=True)
class Settings:
    """Every scalar of ``assets/alibaba/settings.toml``; see that file for what each means.

    No defaults on purpose: every [assumed] number comes from the café's own file.
    """

    start_money: int
    round_bonus: int
    complete_group_factor: int
    rounds: int
    loot_max: int
    gift_cards: int
    group_size: int
    dump_fee: int
    last_chance_fee: int
    kadi_bribe: int
    event1_per_pip: int
    event2_amount: int
    event9_per_card_per_pip: int
    #: Die face 1..6 -> gang index for the four-symbol field with the die.
    four_die_gang: tuple[int, ...]
    poorest_tie: str  # "first_in_seating_order" or "last_in_seating_order"
    final_tie: str  # "shared", or "most_cards" (then shared if still tied)


@dataclass(frozen=True)
class Box:
    """Everything the engine needs from the box."""

    gangs: tuple[Gang, ...]
    groups: tuple[Group, ...]
    #: prices[quarter - 1][gang index]: what one card costs (and sells for) in that quarter.
    prices: tuple[tuple[int, ...], ...]
    #: Every movement card's value (24 cards in the box).
    movement: tuple[int, ...]
    board: Board
    settings: Settings

    @cached_property
    def movement_counts(self) -> Counter[int]:
        """How many movement cards of each value the box holds (worked out once; never change it)."""
        return Counter(self.movement)

    def group_index(self, name: str) -> int | None:
        """The group called ``name`` (case and spaces do not matter), or None."""
        return self._group_by_key.get(name.strip().casefold())

    @cached_property
    def _group_by_key(self) -> dict[str, int]:
        """Each group's name as :meth:`group_index` compares it, and the group's index (the first
        where two were named alike), worked out once: the screens ask for it at every choice."""
        out: dict[str, int] = {}
        for i, g in enumerate(self.groups):
            out.setdefault(g.name.casefold(), i)
        return out

    def gang_index(self, name: str) -> int | None:
        key = name.strip().casefold()
        return next((i for i, g in enumerate(self.gangs) if g.name.casefold() == key), None)

    def price(self, quarter: int, gang: int) -> int:
        return self.prices[quarter - 1][gang]

    def groups_of(self, gangs: tuple[int, ...] | frozenset[int]) -> list[int]:
        """Indices of the groups belonging to any of ``gangs``."""
        return [i for i, g in enumerate(self.groups) if g.gang in gangs]
