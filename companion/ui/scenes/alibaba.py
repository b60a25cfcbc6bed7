"""The Ali Baba table: the fate roll, the governor's bank and the referee beside the board.

Every step the game waits for is shown as a list of big choices in words, built from the
engine's ``legal_actions``: LEFT / RIGHT move the highlight, OK does it, a tap does it at
once. ROLL rolls whichever die the game needs, or deals all movement cards when a round
begins; a table rolling real dice (or dealing real cards) types the value instead (digits,
or the 1-6 keys on the screen). STRAIGHT (or the LEDGER key) shows the whole ledger. UNDO
takes back anything but a roll or a dealt card. The drawing lives in ``alibaba_draw.py``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

import pygame

from companion.engine.alibaba.arrest import fate_number
from companion.engine.alibaba.box import EVENT, FOUR, FOUR_ALL, FOUR_DIE, GANG, START
from companion.engine.alibaba.state import (BAZAAR, CHOOSE_STARTER, DUMP, LAST_CHANCE, LOOT, OVER, TURN, State)
from companion.engine.base import Action, Event
from companion.inputs.events import InputEvent
from companion.session.session import Session
from companion.ui.table import TableScene

#: Choices shown at once in the list; the rest scroll.
VISIBLE = 4
#: Ledger lines kept under the table at all times.
TAIL = 3
#: Where "done" goes in the list: first where passing is the usual answer, so OK, OK, OK
#: walks a table through an arrest nobody wants to pay for.
DONE_FIRST = frozenset({DUMP, LAST_CHANCE, BAZAAR})


# -- what the table may do now, in words ---------------------------------------------------------
def choices_for(session: Session, state: State) -> list[Action]:
    """The legal actions of ``state`` in the order the list shows them.

    A pure function of the state, so the demo can plan its presses ahead of the screen.
    Moves come before sales (moving is what every turn must do).
    """
    actions = session.engine.legal_actions(state)
    if state.phase == TURN:
        return [a for a in actions if a["action"] == "move"] + [a for a in actions if a["action"] != "move"]
    if state.phase in DONE_FIRST:
        return [a for a in actions if a["action"] == "done"] + [a for a in actions if a["action"] != "done"]
    return actions


def gang_of(box: Any, group: str) -> int:
    return box.groups[box.group_index(group)].gang


def quarter_price(box: Any, state: State, group: str) -> int:
    return box.price(box.board.quarter(state.position), gang_of(box, group))


def choice_label(t: Any, box: Any, state: State, a: Action) -> str:
    """One choice in plain words: "Play movement card 3", "Take a Schmuggler for 40", ..."""
    name = a["action"]
    names = state.names
    s = box.settings
    if name == "move":
        text = t("ab_move", card=a["card"])
        if a.get("forks"):
            text += " · " + ", ".join(t("ab_fork_" + f) for f in a["forks"])
        return text
    if name == "sell":
        return t("ab_sell", count=a["count"], group=a["group"],
                 amount=a["count"] * quarter_price(box, state, a["group"]))
    if name == "take":
        if state.phase == LOOT:
            return t("ab_take", group=a["group"], price=quarter_price(box, state, a["group"]))
        return t("ab_take_free", group=a["group"])
    if name == "done":
        return t({LOOT: "ab_done_loot", BAZAAR: "ab_done_bazaar"}.get(state.phase, "ab_done_keep"))
    if name == "choose_player":
        return t("ab_choose_player", event=state.event, name=names[a["player"]])
    if name == "set_die":
        return t("ab_set_die_" + ("black" if state.event == 3 else "white"), value=a["value"])
    if name == "give":
        return t("ab_give", group=a["group"], name=names[state.target] if state.target is not None else "")
    if name == "pick_gang":
        return t("ab_pick_gang", gang=a["gang"])
    if name == "dump":
        return t("ab_dump", fee=a["count"] * s.dump_fee, count=a["count"], group=a["group"])
    if name == "sell_to":
        return t("ab_sell_to", count=a["count"], group=a["group"], name=names[a["to"]], price=a["price"])
    if name == "last_chance":
        return t("ab_last_chance", fee=a["count"] * s.last_chance_fee, count=a["count"], group=a["group"])
    if name == "choose_starter":
        return t("ab_choose_starter", name=names[a["player"]], round=state.round + 1)
    if name == "trade":
        group, count = next(iter(a["give"].items()))
        return t("ab_trade", giver=names[a["from"]], taker=names[a["to"]], count=count, group=group,
                 price=a.get("price", 0))
    return name


def field_words(t: Any, box: Any, state: State) -> str:
    """Where Ali Baba stands: field number, what it shows, the branch of a fork."""
    f = box.board.field(state.position, state.branch)
    if f.kind == START:
        what = t("ab_field_start")
    elif f.kind == GANG:
        what = t("ab_field_gang", gang=box.gangs[f.gang].name)
    elif f.kind == EVENT:
        what = t("ab_field_event", n=f.event)
    elif f.kind == FOUR:
        what = t({FOUR_DIE: "ab_field_four_die", FOUR_ALL: "ab_field_four_all"}.get(f.four or "",
                                                                                  "ab_field_four_question"))
    else:
        what = t("ab_field_empty")
    text = t("ab_field", n=state.position, what=what)
    if state.branch:
        text += " (" + t("ab_branch_" + state.branch) + ")"
    return text


def phase_words(t: Any, box: Any, session: Session) -> str:
    """Whose turn, and what the game waits for, in a sentence."""
    st: State = session.state
    eng = session.engine
    seat = eng.current_player(st)
    who = st.names[seat] if seat is not None else ""
    gangs = ", ".join(box.gangs[g].name for g in st.arrest_gangs)
    target = st.names[st.target] if st.target is not None else ""
    die = "black" if st.event == 3 else "white"
    return t("ab_phase_" + st.phase, name=who, gangs=gangs, row=st.row, event=st.event, target=target,
             takes=st.takes_left, round=st.round, die=t("ab_die_" + die),
             dealer=st.names[st.dealer], fee=box.settings.dump_fee, last=box.settings.last_chance_fee)


# -- the ledger ----------------------------------------------------------------------------------
#: Short words for the bank's reason codes: (key, the param that numbers it, or the number).
SHORT_REASONS: dict[str, tuple[str, str | int | None]] = {
    "kadi_bribe": ("ab_r_kadi", None), "kadi_bribe_broke": ("ab_r_kadi", None), "dump_fee": ("ab_r_dump", None),
    "last_chance_fee": ("ab_r_last", None), "loot": ("ab_r_loot", None), "sold": ("ab_r_sold", None),
    "bought_before_arrest": ("ab_r_bought", None), "bazaar_sale": ("ab_r_bazaar", None),
    "bazaar_swap": ("ab_r_bazaar", None), "broke_sale": ("ab_r_broke", None), "event1": ("ab_r_event", 1),
    "event2": ("ab_r_event", 2), "event8": ("ab_r_event", 8), "event9": ("ab_r_event", 9),
    "round_bonus": ("ab_r_bonus", "round"), "round_payout": ("ab_r_payout", "round"),
    "round_payout_complete": ("ab_r_payout", "round"),
}


def reason_words(t: Any, reason: str, params: dict[str, Any] | None = None) -> str:
    """A ledger reason code in a word or two; a code without short words in its full words."""
    params = params or {}
    short = SHORT_REASONS.get(reason)
    if short is None:
        return t.reason("alibaba", reason, params)
    key, n = short
    return t(key, n=params.get(n, "") if isinstance(n, str) else n)


def ledger_line(t: Any, names: tuple[str, ...], ev: Event) -> str:
    """``"Kadi: −400 from Anna"``; player to player: ``"Bazaar: 40 from Ben to Anna"``."""
    d = ev.data
    if ev.kind == "forgiven":
        return t("ab_forgiven", amount=d["amount"], name=names[d["seat"]])
    what = reason_words(t, d["reason"], d.get("params"))
    payer, payee = d["payer"], d["payee"]
    if payee is None:
        return t("ab_ledger_from", what=what, amount=d["amount"], name=names[payer])
    if payer is None:
        return t("ab_ledger_to", what=what, amount=d["amount"], name=names[payee])
    return t("ab_ledger_between", what=what, amount=d["amount"], payer=names[payer], payee=names[payee])


@dataclass(frozen=True)
class LedgerEntry:
    """One payment (or forgiven debt): the short line, and the engine's full reason."""

    short: str
    reason: str


# -- the fate roll as the screen shows it --------------------------------------------------------
@dataclass(frozen=True)
class FateView:
    """The fate grid now: the row the black die set, the number the white die made, and for
    every fate number what it would cost each player (only numbers that cost someone)."""

    gangs: tuple[str, ...]
    row: int | None            # black die (rolled or set by event 3)
    row_set: bool              # the row comes from event 3, not from a roll
    column_set: int | None     # white die set by event 7
    number: int | None         # fate number once the white die is known
    stakes: dict[int, dict[int, int]]   # fate number -> seat -> Kadi bribe if it comes up
    caught: dict[int, int]     # seat -> bribe due (after the white die)
    chance: dict[int, float]   # seat -> chance to pay anything (before the white die)
    endangered: dict[int, dict[str, int]]  # seat -> group -> cards showing a number of the row


def fate_view(session: Session, events: list[Event], gangs: tuple[str, ...] = ()) -> FateView | None:
    """The arrest under way, or the one the last action finished (``events`` are its events;
    ``gangs`` the gangs of that arrest, announced by an earlier action)."""
    st: State = session.state
    box = session.engine.box
    bribe = box.settings.kadi_bribe
    fate = next((e for e in events if e.kind == "fate"), None)
    if st.arrest_gangs:
        groups = box.groups_of(st.arrest_gangs)
        stakes: dict[int, dict[int, int]] = {}
        for n in range(1, 37):
            cost = {seat: sum(st.cards[seat][g] for g in groups if n in box.groups[g].fate) * bribe
                    for seat in range(st.players)}
            cost = {s: c for s, c in cost.items() if c}
            if cost:
                stakes[n] = cost
        risk = session.engine.summary(st)["arrest"] or {"players": []}
        row = st.row if st.row is not None else st.preset_black
        return FateView(gangs=tuple(box.gangs[g].name for g in st.arrest_gangs), row=row,
                        row_set=st.row is None and st.preset_black is not None, column_set=st.preset_white,
                        number=None, stakes=stakes, caught={},
                        chance={p["seat"]: p["chance"] for p in risk["players"]},
                        endangered={p["seat"]: p["endangered"] for p in risk["players"] if p["endangered"]})
    if fate is not None:
        number = fate.data["number"]
        caught = {e.data["seat"]: e.data["bribe"] for e in events if e.kind == "caught"}
        return FateView(gangs=gangs, row=(number - 1) // 6 + 1, row_set=False, column_set=None, number=number,
                        stakes={number: caught} if caught else {}, caught=caught, chance={}, endangered={})
    return None


class AlibabaScene(TableScene):
    """Ali Baba's table: header, players, the choices, dice, fate grid and ledger."""

    def __init__(self, app: Any, session: Session) -> None:
        super().__init__(app, session)
        self.pick = 0            # highlighted choice
        self.top = 0             # first choice shown (the list scrolls)
        self.show_ledger = False
        self.ledger_top: int | None = None   # first ledger line shown; None = the newest
        self._pick_for: State | None = None
        # (state after the action, its events) per action, rebuilt where undo changed history
        self._events: list[tuple[State, list[Event]]] = []

    # -- reading ------------------------------------------------------------------------------
    @property
    def state(self) -> State:
        return self.session.state

    @property
    def box(self) -> Any:
        return self.session.engine.box

    def choices(self) -> list[Action]:
        """The current step's choices; the highlight starts on the first one each new step."""
        if self._pick_for is not self.state:
            self._pick_for, self.pick, self.top = self.state, 0, 0
        return choices_for(self.session, self.state)

    def labels(self) -> list[str]:
        return [choice_label(self.t, self.box, self.state, a) for a in self.choices()]

    def action_events(self) -> list[list[Event]]:
        """Every action's events, by replaying each action once on the state before it."""
        states, actions = self.session.states, self.session.actions
        keep = 0
        while keep < min(len(self._events), len(actions)) and self._events[keep][0] is states[keep + 1]:
            keep += 1
        del self._events[keep:]
        for i in range(keep, len(actions)):
            _, events = self.session.engine.apply(states[i], actions[i])
            self._events.append((states[i + 1], events))
        return [e for _, e in self._events]

    def ledger(self) -> list[LedgerEntry]:
        names = self.state.names
        return [LedgerEntry(ledger_line(self.t, names, ev),
                            self.t.reason("alibaba", ev.data.get("reason", ""), ev.data.get("params")))
                for events in self.action_events() for ev in events if ev.kind in ("pay", "forgiven")]

    def last_events(self) -> list[Event]:
        all_events = self.action_events()
        return all_events[-1] if all_events else []

    def fate(self) -> FateView | None:
        history = self.action_events()
        # the gangs of a finished arrest were announced when it began, a few actions back
        gangs = next((tuple(e.data["gangs"]) for events in reversed(history) for e in events
                      if e.kind == "arrest"), ())
        return fate_view(self.session, history[-1] if history else [], gangs)

    def pending_die(self) -> str | None:
        """"draw" while dealing, "roll" when a die is due, else None."""
        chance = self.session.engine.chance(self.state)
        return chance.action if chance is not None else None

    # -- commands -----------------------------------------------------------------------------
    def roll(self, value: int | None = None) -> None:
        """ROLL: the die the game waits for; while dealing, every card at once (a typed value
        deals just that card, for a table dealing real cards)."""
        if self.pending_die() == "draw" and value is None:
            dealt = 0
            while self.pending_die() == "draw":
                if self.attempt(self.session.roll) is None:
                    break
                dealt += 1
            if dealt:
                self.app.sounds.play("roll")
                self.say(self.t("ab_dealt", count=dealt))
                self.after([])
            return
        if self.pending_die() is None:
            self.say(self.t("ab_no_die", waits=phase_words(self.t, self.box, self.session)), bad=True)
            return
        events = self.attempt(self.session.roll, value)
        if events is not None:
            self.app.sounds.play("roll")
            self.after(events)

    def choose(self, index: int) -> None:
        options = self.choices()
        if not options:
            self.explain_no_choice()
            return
        events = self.attempt(self.session.act, options[index % len(options)])
        if events is not None:
            self.after(events)

    def explain_no_choice(self) -> None:
        if self.session.over:
            return
        pending = self.pending_die()
        key = "ab_press_deal" if pending == "draw" else "ab_press_roll"
        self.say(self.t(key, waits=phase_words(self.t, self.box, self.session)), bad=True)

    def after(self, events: list[Event]) -> None:
        """Say what the dice did; leave for the end screen once the game is over."""
        msg = self.event_words(events)
        if msg:
            self.say(msg)

    def event_words(self, events: list[Event]) -> str:
        names = self.state.names
        out: list[str] = []
        for ev in events:
            d = ev.data
            if ev.kind == "die" and d["die"] == "black":
                out.append(self.t("ab_black_was", value=d["value"], first=fate_number(d["value"], 1),
                                  last=fate_number(d["value"], 6)))
            elif ev.kind == "die" and d["die"] == "white":
                out.append(self.t("ab_white_was", value=d["value"]))
            elif ev.kind == "die" and "gang" in d:
                out.append(self.t("ab_gang_die", value=d["value"], gang=d["gang"]))
            elif ev.kind == "die":
                out.append(self.t("ab_die_was", value=d["value"]))
            elif ev.kind == "fate":
                caught = [f"{names[e.data['seat']]} −{e.data['bribe']}" for e in events if e.kind == "caught"]
                out.append(self.t("ab_fate_caught", n=d["number"], who=", ".join(caught)) if caught
                           else self.t("ab_fate_nobody", n=d["number"]))
            elif ev.kind == "arrest_over" and not any(e.kind == "fate" for e in events):
                out.append(self.t("ab_arrest_off"))
            elif ev.kind == "round_end":
                out.append(self.t("ab_round_end", round=d["round"]))
        return " · ".join(out)

    def undo(self) -> None:
        if self.attempt(self.session.undo) is not None:
            self.say(self.t("undone"))

    def move_pick(self, step: int) -> None:
        options = self.choices()
        if not options:
            self.explain_no_choice()
            return
        self.pick = (self.pick + step) % len(options)
        if self.pick < self.top:
            self.top = self.pick
        elif self.pick >= self.top + VISIBLE:
            self.top = self.pick - VISIBLE + 1

    def scroll(self, step: int) -> None:
        """The touch arrows beside the list: a page up or down (the highlight follows)."""
        options = self.choices()
        if not options:
            return
        self.top = max(0, min(len(options) - VISIBLE, self.top + step * VISIBLE)) if len(options) > VISIBLE else 0
        self.pick = min(max(self.pick, self.top), self.top + VISIBLE - 1, len(options) - 1)

    def toggle_ledger(self) -> None:
        self.show_ledger = not self.show_ledger
        self.ledger_top = None

    def scroll_ledger(self, step: int, lines: int) -> None:
        total = len(self.ledger())
        top = self.ledger_top if self.ledger_top is not None else max(0, total - lines)
        self.ledger_top = max(0, min(max(0, total - lines), top + step * lines))

    # -- input --------------------------------------------------------------------------------
    def on_input(self, ev: InputEvent) -> None:
        if ev.name == "undo":
            self.undo()
        elif ev.name == "roll":
            self.roll(ev.value)
        elif ev.name in ("left", "right"):
            self.move_pick(-1 if ev.name == "left" else 1)
        elif ev.name == "ok":
            if self.pending_die() == "draw":
                self.roll()
            else:
                self.choose(self.pick) if self.choices() else self.explain_no_choice()
        elif ev.name == "straight":
            self.toggle_ledger()
        self.dirty = True

    def tap_choice(self, index: int) -> None:
        self.choices()  # the highlight belongs to this state
        self.pick = index
        self.choose(index)

    # -- drawing ------------------------------------------------------------------------------
    # -- what the app, the demo and the end screen ask ----------------------------------------
    def turns_played(self) -> int:
        return _turns_played(self.session)

    def demo_presses(self, rng: random.Random) -> list[str]:
        return _demo_presses(self, rng)

    def draw(self, surf: pygame.Surface) -> None:
        from companion.ui.scenes import alibaba_draw
        alibaba_draw.draw(self, surf)


# -- the demo ------------------------------------------------------------------------------------
#: How likely a scripted table picks each kind of choice, per step (default: all alike). A
#: table mostly moves, loots and keeps its cards through an arrest, so arrests cost money.
DEMO_WEIGHTS: dict[str, dict[str, float]] = {
    TURN: {"move": 9.0, "sell": 1.0},
    LOOT: {"take": 3.0, "done": 1.0},
    DUMP: {"done": 5.0, "dump": 1.0, "sell_to": 0.5},
    LAST_CHANCE: {"done": 2.0, "last_chance": 1.0},
    BAZAAR: {"done": 3.0, "trade": 1.0},
}


def _turns_played(session: Session) -> int:
    """Turns so far: every turn plays exactly one movement card."""
    return sum(1 for a in session.actions if a["action"] == "move")


def _demo_pick(phase: str, options: list[Action], rng: random.Random) -> int:
    weights = DEMO_WEIGHTS.get(phase, {})
    kinds = sorted({a["action"] for a in options})
    kind = rng.choices(kinds, [weights.get(k, 1.0) for k in kinds])[0]
    return rng.choice([i for i, a in enumerate(options) if a["action"] == kind])


def _steps(start: int, target: int, n: int) -> list[str]:
    """The shorter way round the list from ``start`` to ``target``."""
    forward = (target - start) % n
    return ["right"] * forward if forward <= n - forward else ["left"] * (n - forward)


def _demo_presses(scene: AlibabaScene, rng: random.Random) -> list[str]:
    """The presses a table would make from now up to the next die (or the next turn).

    Planned on the engine, which is pure: every decision of this turn (a move, then who
    dumps or keeps his cards) and then ROLL for the die that follows, so a demo that stops
    after a turn stops with that die on the table.
    """
    session = scene.session
    engine = session.engine
    state = session.state
    scene.choices()  # the highlight now belongs to this state
    pick = scene.pick
    presses: list[str] = []
    for _ in range(16):
        if engine.is_over(state):
            break
        if engine.chance(state) is not None:
            presses.append("roll")
            break
        options = choices_for(session, state)
        if not options:
            break
        k = _demo_pick(state.phase, options, rng)
        presses += _steps(pick, k, len(options)) + ["ok"]
        state, _ = engine.apply(state, options[k])
        pick = 0
        if state.phase in (TURN, CHOOSE_STARTER, OVER):
            break
    return presses


__all__ = ["AlibabaScene", "choices_for", "choice_label", "fate_view"]
