"""Agreed sales and bazaar trades, asked step by step: who, which cards, how many, what price.

The rules let players agree any price and several cards (a sale to another player before an
arrest), and in the bazaar any exchange of cards and money. The screen asks one question at a
time (a list of players or groups, or the number pad) and builds the engine's ``sell_to`` or
``trade`` action; the engine refuses what is not allowed, and the screen says why in words.

>>> from companion.games import get_engine
>>> eng = get_engine("alibaba")
>>> st = eng.new_game({"game": "alibaba", "players": 3, "seed": 1})
>>> d = Deal("trade", st, eng.box, seller=None)
>>> d.step
'from'
"""

from __future__ import annotations

from typing import Any

from companion.engine.base import Action
from companion.games.alibaba.rules.state import State

NOTHING = "-"
#: The questions of each kind of deal, in order.
STEPS = {
    "sale": ("to", "group", "count", "price"),
    "trade": ("from", "to", "give", "give_count", "take", "take_count", "price"),
}
PAD_STEPS = frozenset({"count", "give_count", "take_count", "price"})


class Deal:
    """One agreement being entered. ``step`` is the question asked now; ``answers`` what was
    answered so far. A sale's seller is the player whose turn it is to dump or sell."""

    def __init__(self, kind: str, state: State, box: Any, seller: int | None) -> None:
        self.kind, self.state, self.box = kind, state, box
        self.answers: dict[str, Any] = {} if seller is None else {"from": seller}
        self.done: list[str] = []  # steps answered, to go back through
        self.step = STEPS[kind][0]
        self._skip()

    # -- what to ask --------------------------------------------------------------------------
    def held(self, seat: int, affected_only: bool = False) -> list[str]:
        """The groups a seat holds (in a sale: only the groups the arrest affects)."""
        out = []
        for g, n in enumerate(self.state.cards[seat]):
            if n and (not affected_only or self.box.groups[g].gang in self.state.arrest_gangs):
                out.append(self.box.groups[g].name)
        return out

    def count_of(self, seat: int, group: str) -> int:
        index = self.box.group_index(group)
        assert index is not None, group
        return int(self.state.cards[seat][index])

    def options(self) -> list[Any]:
        """The answers of a list step: seats, group names or NOTHING."""
        a, n = self.answers, self.state.players
        if self.step == "from":
            return [s for s in range(n) if sum(self.state.cards[s])]
        if self.step == "to":
            return [s for s in range(n) if s != a.get("from")]
        if self.step == "group":
            return self.held(a["from"], affected_only=True)
        if self.step == "give":
            return [*self.held(a["from"]), NOTHING]
        if self.step == "take":
            return [*self.held(a["to"]), NOTHING]
        return []

    def is_pad(self) -> bool:
        return self.step in PAD_STEPS

    def _skip(self) -> None:
        """Steps with one possible answer answer themselves (one card held: count 1; no cards
        given: no count)."""
        while self.step in ("count", "give_count", "take_count"):
            group_step = {"count": "group", "give_count": "give", "take_count": "take"}[self.step]
            group = self.answers.get(group_step)
            seat = self.answers["to"] if self.step == "take_count" else self.answers["from"]
            if group == NOTHING:
                self.answers[self.step] = 0
            elif group is not None and self.count_of(seat, group) == 1:
                self.answers[self.step] = 1
            else:
                return
            self._advance(record=False)

    def _advance(self, record: bool = True) -> None:
        steps = STEPS[self.kind]
        if record:
            self.done.append(self.step)
        i = steps.index(self.step) + 1
        self.step = steps[i] if i < len(steps) else ""

    # -- answering ----------------------------------------------------------------------------
    def answer(self, value: Any) -> Action | None:
        """Answer the current question; the finished action once the last one is answered."""
        self.answers[self.step] = value
        self._advance()
        self._skip()
        return self.action() if not self.step else None

    def back(self) -> bool:
        """Go back one question; False when there is none to go back to."""
        if not self.done:
            return False
        self.step = self.done.pop()
        for later in STEPS[self.kind][STEPS[self.kind].index(self.step):]:
            self.answers.pop(later, None)
        return True

    def action(self) -> Action:
        a = self.answers
        if self.kind == "sale":
            return {"action": "sell_to", "seat": a["from"], "to": a["to"], "group": a["group"],
                    "count": a["count"], "price": a["price"]}
        give = {a["give"]: a["give_count"]} if a.get("give") not in (None, NOTHING) else {}
        take = {a["take"]: a["take_count"]} if a.get("take") not in (None, NOTHING) else {}
        return {"action": "trade", "from": a["from"], "to": a["to"], "give": give, "take": take,
                "price": a["price"]}

    # -- in words -------------------------------------------------------------------------------
    def prompt(self, t: Any, names: list[str]) -> str:
        from companion.games.alibaba.screen.words import ui
        a = self.answers
        seller = names[a["from"]] if "from" in a else ""
        buyer = names[a["to"]] if "to" in a else ""
        return {
            "from": lambda: ui(t, "trade_from"),
            "to": lambda: ui(t, "sale_buyer" if self.kind == "sale" else "trade_to"),
            "group": lambda: ui(t, "sale_group"),
            "count": lambda: ui(t, "sale_count", group=a["group"]),
            "give": lambda: ui(t, "trade_give", name=seller),
            "give_count": lambda: ui(t, "trade_give_count", group=a["give"], name=seller),
            "take": lambda: ui(t, "trade_take", name=buyer),
            "take_count": lambda: ui(t, "trade_take_count", group=a["take"]),
            "price": lambda: (ui(t, "sale_price", count=a["count"], group=a["group"]) if self.kind == "sale"
                              else ui(t, "trade_price", name=buyer)),
        }.get(self.step, lambda: "")()

    def summary(self, t: Any, names: list[str]) -> str:
        """What is agreed so far, in words that name only what was answered."""
        from companion.games.alibaba.screen.words import ui
        a = self.answers
        seller = names[a["from"]] if "from" in a else ""
        buyer = names[a["to"]] if "to" in a else ""
        if not seller:
            return ui(t, "trade_summary_none")
        if self.kind == "sale" and not buyer:
            return ui(t, "sale_summary_seller", seller=seller)
        if self.kind == "sale" and "group" not in a:
            return ui(t, "sale_summary_start", seller=seller, buyer=buyer)
        if self.kind == "sale" and "count" not in a:
            return ui(t, "sale_summary_group", group=a["group"], seller=seller, buyer=buyer)
        if self.kind == "sale":
            return ui(t, "sale_summary", count=a["count"], group=a["group"], seller=seller, buyer=buyer)
        if not buyer:
            return ui(t, "trade_summary_from", seller=seller)
        if a.get("give") is None:
            return ui(t, "trade_summary_pair", seller=seller, buyer=buyer)

        def cards(group_key: str, count_key: str) -> str:
            g = a.get(group_key)
            if g == NOTHING:
                return str(ui(t, "nothing"))
            if count_key not in a:
                return str(g)  # how many is asked now: the group alone, no "…" standing for it
            return str(ui(t, "cards_n", count=a[count_key], group=g))
        if a.get("take") is None:
            return ui(t, "trade_summary_give", seller=seller, give=cards("give", "give_count"))
        return ui(t, "trade_summary", seller=seller, buyer=buyer, give=cards("give", "give_count"),
                  take=cards("take", "take_count"))

    def too_many(self, t: Any, names: list[str], value: int) -> str | None:
        """Why a number typed for a count cannot be (more cards than the player holds, or
        none), said at once rather than after the price; None when it can be."""
        from companion.games.alibaba.screen.words import ui
        groups = {"count": "group", "give_count": "give", "take_count": "take"}
        if self.step not in groups:
            return None
        if value < 1:
            return str(ui(t, "none_typed"))
        seat = self.answers["to"] if self.step == "take_count" else self.answers["from"]
        group = self.answers[groups[self.step]]
        held = self.count_of(seat, group)
        if value > held:
            return str(ui(t, "too_many", name=names[seat], held=held, group=group, count=value))
        return None
