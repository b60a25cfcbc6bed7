"""The Ali Baba table: the fate roll, the governor's bank and the referee beside the board.

Every step the game waits for is a list of big choices in words (from the engine's
``legal_actions``; slots keep their places when a choice runs out, the page is kept):
LEFT / RIGHT move the highlight, OK does it, a tap does it at once. ROLL rolls whichever die
the game needs (it tumbles for a moment; the value was decided at the press), or deals all
movement cards in one stored transaction when a round begins; a table rolling real dice or
dealing real cards types the value instead. Agreed sales and bazaar trades are entered with
the number pad. STRAIGHT (or the view key) shows the whole ledger; the view key also shows
every player's cards. UNDO takes back
anything but a roll or a dealt card; a long UNDO (or the Menu key) opens the pause menu.
The panels are drawn in ``alibaba_draw.py``, the route in ``alibaba_route.py``.
"""

from __future__ import annotations

import json
import random
from collections.abc import Hashable, Iterator
from functools import lru_cache
from typing import Any

import pygame

from companion.engine.base import Action, Event
from companion.games.alibaba.rules.box import Box
from companion.games.alibaba.rules.engine import AliBabaEngine
from companion.games.alibaba.rules.state import TURN, State
from companion.games.alibaba.screen import draw as look
from companion.games.alibaba.screen.demo import DEMO_WEIGHTS, WIZARD, demo_presses
from companion.games.alibaba.screen.dice import DieShow
from companion.games.alibaba.screen.end import draw_chart, picture_rect, story
from companion.games.alibaba.screen.gangs import draw_symbol
from companion.games.alibaba.screen.route import RoutePicture, walked_steps
from companion.games.alibaba.screen.trade import NOTHING, Deal
from companion.games.alibaba.screen.words import (
    DONE_FIRST,
    choice_label,
    event_words,
    gang_of,
    hyphenated,
    ledger_line,
    phase_words,
    ui,
)
from companion.inputs.events import InputEvent
from companion.session.session import Session
from companion.ui import theme
from companion.ui.kit import (
    Choice,
    ChoiceList,
    Control,
    DieKeypad,
    Label,
    Layer,
    NumberPad,
    audit,
    column,
    cut,
    min_size,
    read_size,
    room_for,
    row,
    text_size,
)
from companion.ui.kit.cache import ByteCache, surface_bytes
from companion.ui.table import TableScene

SCREEN = pygame.Rect(0, 0, 800, 480)
#: the players' rows of a game's opening (before the first card is dealt, and once the deal is
#: done), by everything they show, with the texts painted into them: the setup's warm-up
#: paints the very same ones (the same seed deals the same cards), so the new table's first
#: frame and its first press copy them instead of painting them again (some 2.8 M
#: instructions each). Kept with the box (its id is never another box's); two pictures.
_OPENING_ROWS: ByteCache[tuple[Any, ...], tuple[Box, pygame.Surface, audit.Record]] = ByteCache(
    "alibaba opening rows", 2 * 464 * 340 * 4, lambda kept: surface_bytes(kept[1]))
#: what the left side shows, in the order the view key steps through them
VIEWS = ("players", "cards", "ledger")


def choices_for(session: Session[State], state: State) -> list[Action]:
    """The legal actions of ``state`` in the order the list shows them (pure, so the demo
    can plan ahead): moves before sales, "done" first where passing is the usual answer;
    the many possible agreed sales and trades are one entry each, which opens the pad."""
    actions = session.engine.legal_actions(state)
    plain = [a for a in actions if a["action"] not in ("sell_to", "trade")]
    if state.phase == TURN:
        plain = [a for a in plain if a["action"] == "move"] + [a for a in plain if a["action"] != "move"]
    elif state.phase in DONE_FIRST:
        plain = [a for a in plain if a["action"] == "done"] + [a for a in plain if a["action"] != "done"]
    if any(a["action"] == "sell_to" for a in actions):
        plain.append({"action": "sell_to_open"})
    if any(a["action"] == "trade" for a in actions):
        plain.append({"action": "trade_open"})
    return plain


def key_of(action: Action) -> str:
    """A choice's stable key: the same action keeps its slot from one step to the next."""
    return json.dumps(action, sort_keys=True, ensure_ascii=False)


def list_goes_on(engine: Any, before: State | None, now: State) -> bool:
    """The same player still choosing in the same step (the loot after a take): the list
    keeps its slots and its page. Anything else is a new list, laid out from its first page."""
    return before is not None and before.phase == now.phase \
        and engine.current_player(before) == engine.current_player(now)


def follow_list(choices: ChoiceList, entries: list[Choice], options: list[Action], goes_on: bool,
                was: Hashable | None) -> int:
    """Put a step's choices into the list and say where the highlight goes (the index in
    ``options``); the list shows the highlight's page. A new list starts on its first choice;
    in a list that goes on the highlight stays on the choice it was on if that is still
    there, else on the first choice of the page shown, so neither the list nor the
    highlight jumps back to the first page. The screen and the demo both lay lists out here."""
    fresh = choices.set_choices(entries, reset=not goes_on)
    cursor = 0
    keys = [e.key for e in entries]  # an entry's key is its action's (``key_of``)
    if not fresh:
        if was in keys:
            cursor = keys.index(was)
        else:
            cursor = next((keys.index(c.key) for _r, c in choices.visible() if c is not None and c.key in keys), 0)
    if options and keys[cursor] in choices.order:
        choices.page = choices.order.index(keys[cursor]) // choices.per_page
    return cursor


@lru_cache(maxsize=512)
def breakable(label: str, size: int, width: int, stems: tuple[str, ...]) -> str:
    """``label`` with every word wider than ``width`` at ``size`` broken with a hyphen
    (:func:`hyphenated`), worked out once per label: a new list asks for each of its choices."""
    return hyphenated(label, lambda w: text_size(w, size)[0] <= width, stems)


def key_sign_rect(key: pygame.Rect) -> pygame.Rect:
    """Where a key naming a group (or a gang) shows the gang's shape: its top left corner."""
    return pygame.Rect(key.x + 7, key.y + 7, 22, 22)


class GangChoices(ChoiceList):
    """A choice list whose choices may be coloured (a group's choice in its gang's colour) and
    carry the gang's shape in their top left corner (its sign besides the colour)."""

    colours: dict[Hashable, tuple[int, int, int]] = {}
    gangs: dict[Hashable, int] = {}

    def controls(self) -> list[Control]:
        out = super().controls()
        for c in out:
            if isinstance(c.key, tuple) and len(c.key) == 3 and c.key[1] == "choice":
                c.color = self.colours.get(c.key[2])
        return out

    def draw_signs(self, surf: pygame.Surface) -> None:
        """Each gang's shape on the keys of its groups (drawn over the keys)."""
        for rect, choice in self.visible():
            if choice is not None and choice.key in self.gangs:
                draw_symbol(surf, self.gangs[choice.key], key_sign_rect(rect), theme.INK, edge=look.DARK)


class FixedKeys(DieKeypad):
    """Die or card keys that never move: a value no longer possible is greyed, not removed
    (a quick third tap must not hit the key that slid under the finger); a tap on it says why."""

    allowed: frozenset[int] = frozenset()
    why: Any = None  # called with the value of a greyed key that was tapped

    def controls(self) -> list[Control]:
        out = super().controls()
        for c, v in zip(out, self.faces, strict=True):
            if self.enabled and v not in self.allowed:
                c.color, c.on_tap = theme.BG, (lambda v=v: self.why(v)) if self.why else None
        return out


class Before:
    """The session as it stood before its last action (what the screen shows while a die
    whose value is already decided still tumbles)."""

    def __init__(self, session: Session[Any]) -> None:
        self.engine = session.engine
        self.state = session.states[-2]


class AlibabaScene(TableScene):
    """Ali Baba's table: the route, the players, the choices, the dice, fate grid and ledger."""

    def __init__(self, app: Any, session: Session[Any]) -> None:
        super().__init__(app, session)
        self.view = "players"          # or "cards" (every player's cards) or "ledger"
        self.cards_page = 0            # the cards view's page, where it needs more than one
        self.ledger_top: int | None = None
        self.deal: Deal | None = None  # an agreed sale or trade being entered
        self.dice = DieShow()
        self.later = ""                # what a roll did, said once the die lies still
        self.cursor = 0                # the highlighted choice (LEFT/RIGHT/OK)
        self._for: Any = None          # the state the choices were built for
        self._options: list[Action] = []
        self._keys: list[str] = []     # each choice's ``key_of``, in the same order
        #: the groups of each gang, in the box's order (every row of the players counts them)
        self.gang_groups = [self.box.groups_of((k,)) for k in range(len(self.box.gangs))]
        self._names: tuple[Any, list[str]] | None = None
        self.layout()
        #: the screen under the controls while it is still, and under a tumbling die (``draw.draw``)
        self.still = Layer(SCREEN, lambda surf: look.draw_still(self, surf, self.app.now(), settled=True),
                           screen_coords=True, clear=False)
        self.rolling = Layer(SCREEN, lambda surf: look.draw_still(self, surf, self.app.now(), die=False),
                             screen_coords=True, clear=False)
        #: its parts, each painted again only when what it shows changed (``draw.players_key``,
        #: ``draw.fate_keys``, ``draw.ledger_key``)
        self.players_layer = Layer(self.players_rect, self.paint_players, clear=False)
        #: the arrest shown, kept with what it was worked out from (see :meth:`fate`)
        self._fate: tuple[Any, bool, bool, int, look.FateView | None] | None = None
        self.fate_shown: look.FateView | None = None  # the arrest the fate and stakes layers show
        self.fate_top_layer = Layer(self.route_rect, lambda surf: look.paint_fate_top(self, surf), clear=False)
        self.fate_rows_layer = Layer(self.players_rect, lambda surf: look.paint_fate_rows(self, surf), clear=False)
        self.cards_layer = Layer(self.left, lambda surf: look.paint_cards(self, surf), clear=False)
        self.ledger_layer = Layer(self.ledger_rect, lambda surf: look.paint_ledger(self, surf), clear=False)
        self.fate_layer = Layer(self.left, lambda surf: look.paint_fate(self, surf), clear=False)
        self.stakes_layer = Layer(look.fate_rects(self.left)[2], lambda surf: look.paint_stakes(self, surf),
                                  clear=False)

    # -- layout, once -------------------------------------------------------------------------
    def layout(self) -> None:
        head, rest = cut(SCREEN.inflate(-12, -4), "top", 40, 2)
        self.head_rect = head
        left, right = row(rest, [464, 316], 8)
        bottom, main = cut(left, "bottom", 64, 6)
        self.left = main
        self.route_rect, self.players_rect = column(main, [141, main.h - 143], 2)
        menu, undo, view = row(bottom, 3, 6, touch=True)
        self.menu_key = Control(menu, self.t("menu"), self.on_menu, key="menu")
        self.undo_rect, self.view_rect = undo, view
        self.right = right
        # three lines a choice: "1 Karawanenräuber verkaufen: 120" is three at the read size
        self.choices = GangChoices(right, self.pick_key, lines=3)
        head_r, rest_r = cut(right, "top", 108, 2)
        help_r, rest_r = cut(rest_r, "top", 60, 4)
        die_row, keys = cut(rest_r, "top", 96, 6)
        self.hint_rect, self.help_rect = head_r, help_r
        self.die_rect = pygame.Rect(die_row.x + 4, die_row.y + 4, die_row.h - 8, die_row.h - 8)
        self.roll_rect = pygame.Rect(self.die_rect.right + 12, die_row.y + 12, die_row.right - self.die_rect.right - 12,
                                     72)
        self.die_keys = FixedKeys(keys, lambda v: self.roll(v), faces=(1, 2, 3, 4, 5, 6), rows=2)
        cards = sorted(set(self.box.movement))
        self.card_keys = FixedKeys(keys, lambda v: self.roll(v), faces=cards, rows=2 if len(cards) > 4 else 1,
                                   name="card")
        self.card_keys.allowed = frozenset(cards)
        self.card_keys.why = lambda v: self.say(ui(self.t, "card_gone", value=v), bad=True)
        self.pad = NumberPad(right, self.pad_ok, max_digits=4, ok_label=self.t("ok"))
        self.route = RoutePicture(self.route_rect, self.box)
        arrows, lines = cut(main, "right", 72, 6)
        self.ledger_rect = lines
        self.ledger_prev, self.ledger_next = column(arrows, 2, 6, touch=True)
        #: where what just happened is said: never over a player's row. Inside the route's
        #: ring (the field's words step aside for it), or, for a longer message, over the route
        self.caption_rect = self.route.inner.move(self.route_rect.topleft).inflate(0, 10)
        self.fate_note_rect = pygame.Rect(main.x, main.bottom - look.FATE_NOTE_H, main.w, look.FATE_NOTE_H)

    def banner_box(self) -> pygame.Rect:
        """The event box for the screen now: it covers no player's row (nor what a player
        risks in an arrest), only the route's words, the arrest's note or old ledger lines."""
        if self.deal is not None:
            return self.route_rect
        if self.view == "ledger":  # over the oldest lines in view, grown down where it needs more room
            return room_for(self.banner.text, pygame.Rect(self.ledger_rect.x, self.ledger_rect.y, self.ledger_rect.w,
                                                          2 * look.READ_H + 12), self.ledger_rect)
        if self.view == "cards":
            return room_for(self.banner.text, pygame.Rect(self.left.x, self.left.y, self.left.w, 2 * look.READ_H + 12),
                            self.left)
        if self.fate() is not None:
            if look.names_beside_grid(self, self.names()):
                return self.fate_note_rect  # under the grid
            if look.fits_whole(self.banner.text, self.route_rect):
                return self.route_rect  # in rows: over the arrest's note and the fate's row, all of them
        if look.fits_whole(self.banner.text, self.caption_rect):
            return self.caption_rect
        if look.fits_whole(self.banner.text, self.route_rect):
            return self.route_rect
        # never cut: a longer one also covers, for the moment it shows, the hint beside the
        # route when the game waits for a die or a card; where keys are beside the route, a
        # refusal grows down over the players (nothing changed there), an event never does
        if self.pending() is not None or not self.banner.bad:
            return pygame.Rect(self.route_rect.x, self.route_rect.y, self.right.right - self.route_rect.x,
                               self.hint_rect.bottom - self.route_rect.y)
        below = pygame.Rect(self.route_rect.x, self.route_rect.y, self.route_rect.w,
                            self.fate_note_rect.bottom - self.route_rect.y)
        return room_for(self.banner.text, self.route_rect, below)

    # -- reading ------------------------------------------------------------------------------
    @property
    def state(self) -> State:
        state = self.session.state
        assert isinstance(state, State)
        return state

    @property
    def rules(self) -> AliBabaEngine:
        """The session's engine, as the Ali Baba engine it is (its box)."""
        engine = self.session.engine
        assert isinstance(engine, AliBabaEngine)
        return engine

    @property
    def box(self) -> Box:
        return self.rules.box

    def names(self) -> list[str]:
        """Every seat's name in the screen's language (asked many times a frame: kept per language)."""
        lang = getattr(self.t, "lang", None)
        if self._names is None or self._names[0] != lang:
            self._names = (lang, [self.seat_name(i) for i in range(self.state.players)])
        return list(self._names[1])

    def pending(self) -> Any:
        """The chance the game waits for (a die, or the next movement card), or None."""
        return self.session.engine.chance(self.state)

    def options(self) -> list[Action]:
        """The current step's choices; the highlight starts on the first one of a new list,
        and stays on the page shown while a list goes on (the loot after a take)."""
        if self._for is not self.state:
            before, was = self._for, self.choices.cursor
            self._for, self.cursor = self.state, 0
            self._options = choices_for(self.session, self.state)
            self._keys = [key_of(a) for a in self._options]
            if self.deal is not None and self.deal.state is not self.state:
                self.deal = None
            self.refresh_list(list_goes_on(self.session.engine, before, self.state), was)
        return self._options

    def refresh_list(self, goes_on: bool = True, was: Hashable | None = None) -> None:
        """Put the choices (or the dialogue's answers) into the list; slots keep their places
        while the same player goes on choosing (:func:`follow_list`)."""
        names = self.names()
        if self.deal is not None:
            entries = []
            for v in self.deal.options():
                label = names[v] if isinstance(v, int) else (ui(self.t, "nothing") if v == NOTHING else v)
                entries.append(Choice(("deal", self.deal.step, v), label))
            self.choices.colours = {("deal", self.deal.step, v): look.gang_tint(self.box, gang_of(self.box, v))
                                    for v in self.deal.options() if isinstance(v, str) and v != NOTHING}
            self.choices.gangs = {("deal", self.deal.step, v): gang_of(self.box, v)
                                  for v in self.deal.options() if isinstance(v, str) and v != NOTHING}
            self.choices.set_choices(entries)
            return
        st = self.state
        entries = []
        colours: dict[Hashable, tuple[int, int, int]] = {}
        gangs: dict[Hashable, int] = {}
        for a, key in zip(self._options, self._keys, strict=True):
            label = ui(self.t, a["action"]) if a["action"] in WIZARD else choice_label(self.t, self.box, st, a, names)
            entries.append(Choice(key, self.breakable(label)))
            if "group" in a:
                colours[key] = look.gang_tint(self.box, gang_of(self.box, a["group"]))
                gangs[key] = gang_of(self.box, a["group"])
            elif a["action"] == "pick_gang":
                k = next(i for i, g in enumerate(self.box.gangs) if g.name == a["gang"])
                colours[key], gangs[key] = look.gang_tint(self.box, k), k
        self.choices.colours, self.choices.gangs = colours, gangs
        if was is not None or not goes_on:
            self.cursor = follow_list(self.choices, entries, self._options, goes_on, was)
        else:
            self.choices.set_choices(entries)
        self.show_cursor()

    def breakable(self, label: str) -> str:
        """A choice's words with a word too wide for its key broken with a hyphen (at a gang's
        name inside it: "Schatzkammer- räuber"), never in the middle without one."""
        return breakable(label, read_size(), self.right.w - 28, tuple(g.name for g in self.box.gangs))

    def show_cursor(self) -> None:
        if self._options and self.deal is None:
            key = self._keys[self.cursor % len(self._options)]
            self.choices.cursor = key
            if key in self.choices.order:
                self.choices.page = self.choices.order.index(key) // self.choices.per_page

    def walked(self) -> tuple[tuple[int, str | None], ...]:
        """The way Ali Baba walked with the latest movement card (from the event log)."""
        for i in range(len(self.session.events) - 1, -1, -1):
            move = next((e for e in self.session.events[i] if e.kind == "move"), None)
            if move is not None:
                d = move.data
                before = self.session.states[i].branch
                forks = list(self.session.actions[i].get("forks") or [])
                start = (d["from"], before if self.box.board.fork_at(d["from"]) else None)
                return (start, *walked_steps(self.box.board, d["from"], d["to"], before, forks))
            if any(e.kind == "round_end" for e in self.session.events[i]) and i < len(self.session.events) - 1:
                break
        return ()

    def ledger(self) -> list[tuple[str, str]]:
        """Every payment so far: (short line, the bank's full reason), from the event log (read
        once per position and language: the ledger's view asks at every frame)."""
        names = self.names()
        return self.session.per_position(f"alibaba.ledger.{getattr(self.t, 'lang', None)}", lambda _state: [
            (ledger_line(self.t, names, ev), self.t.reason("alibaba", ev.data.get("reason", ""), ev.data.get("params")))
            for events in self.session.events for ev in events if ev.kind in ("pay", "forgiven")])

    def repaint(self) -> None:
        """Paint every layer again at the next frame (a test that changed what they draw)."""
        for layer in (self.still, self.rolling, self.players_layer, self.cards_layer, self.ledger_layer,
                      self.fate_layer, self.stakes_layer, self.fate_top_layer, self.fate_rows_layer, self.route.layer):
            layer.invalidate()

    def paint_players(self, surf: pygame.Surface) -> None:
        """The players' layer (``draw.paint_players``); in the game's opening, while only cards
        were dealt, the same rows painted before (by the setup's warm-up) are copied."""
        if not all(a["action"] == "draw" for a in self.session.actions):
            look.paint_players(self, surf)
            return
        names = self.names()
        key = (id(self.box), surf.get_size(), tuple(look.seat_colour(self, s) for s in range(self.state.players)),
               look.players_key(self, names))
        kept = _OPENING_ROWS.get(key)
        if kept is None or kept[0] is not self.box:
            with audit.capture() as marks:
                look.paint_players(self, surf)
            kept = _OPENING_ROWS.put(key, (self.box, surf.copy(), marks))
        else:
            surf.blit(kept[1], (0, 0))
        audit.replay(kept[2], (0, 0), surf.get_rect())  # the texts, as if painted now

    def shown_session(self) -> Any:
        """The session as the screen shows it: while a die tumbles, as it was before the roll."""
        if self.dice.busy(self.app.now()) and len(self.session.states) >= 2:
            return Before(self.session)
        return self.session

    def fate(self, settled: bool = False) -> look.FateView | None:
        """The arrest the screen shows (see :func:`draw.fate_view`), worked out once for each
        position and for whether the die still tumbles: a frame asks for it more than once.
        ``settled``: as it shows once the die lies still."""
        events = self.session.events
        busy = not settled and self.dice.busy(self.app.now()) and len(self.session.states) >= 2
        said = bool(events and self.session.last_events)
        kept = self._fate
        if kept is not None and kept[0] is self.state and kept[1:4] == (busy, said, len(events)):
            return kept[4]
        last = events[-1] if said else []
        gangs = next((tuple(e.data["gangs"]) for evs in reversed(events[-40:]) for e in evs if e.kind == "arrest"), ())
        if busy:
            # while the die tumbles its result is not known yet: the arrest as it was before it
            view = look.fate_view(self.rules, self.session.states[-2], [], gangs)
        else:
            view = look.fate_view(self.rules, self.state, last, gangs)
        self._fate = (self.state, busy, said, len(events), view)
        return view

    # -- commands -----------------------------------------------------------------------------
    def done(self, events: list[Event]) -> None:
        """After a command: what happened in words; the list is rebuilt; taps wait a moment."""
        msg = event_words(self.t, self.box, self.names(), events, mover=self.names()[self.state.turn])
        if msg and self.dice.busy(self.app.now()):
            self.later = msg  # said when the die lies still
        elif msg:
            self.say(msg)
        self.controls.changed()
        self.options()

    def roll(self, value: int | None = None) -> None:
        """ROLL: the die the game waits for (it tumbles; the value is already decided); while
        dealing, every card in ONE stored transaction (a typed value deals just that card)."""
        chance = self.pending()
        if chance is None:
            self.say(ui(self.t, "no_die", waits=phase_words(self.t, self.box, self.session, self.names())), bad=True)
            return
        if chance.action == "draw":
            if value is None:
                steps = self.attempt(self.session.roll_many)
                if steps:
                    self.app.sounds.play("roll")
                    self.say(look.counted(self.t, "dealt", len(steps)))
                    self.controls.changed()
                    self.options()
                return
            n = sum(len(h) for h in self.state.hands) + 1
            events = self.attempt(self.session.roll, value)
            if events is not None:
                seat = next(e.data["seat"] for e in events if e.kind == "dealt")
                self.say(ui(self.t, "dealt_card", name=self.seat_name(seat), value=value, n=n,
                            total=len(self.box.movement)))
                self.controls.changed()
                self.options()
            return
        events = self.attempt(self.session.roll, value)
        if events is not None:
            self.app.sounds.play("roll")
            self.dice.rolled(self.session.actions[-1]["value"], chance.kind, self.app.now())
            self.done(events)

    def pick_key(self, key: Hashable) -> None:
        """A tapped choice (or OK on the highlight)."""
        if self.deal is not None:
            assert isinstance(key, tuple)  # a dealing choice's key: ("deal", step, value)
            self.answer(key[2])
            return
        options = self.options()
        if key not in self._keys:
            return
        self.cursor = self._keys.index(key)
        action = options[self.cursor]
        if action["action"] in WIZARD:
            seat = self.session.engine.current_player(self.state)
            self.deal = Deal("sale" if action["action"] == "sell_to_open" else "trade", self.state, self.box, seat
                             if action["action"] == "sell_to_open" else None)
            self.pad.clear()
            self.refresh_list()
            return
        events = self.attempt(self.session.act, action)
        if events is not None:
            self.done(events)

    def answer(self, value: Any) -> None:
        assert self.deal is not None
        action = self.deal.answer(value)
        if action is None:
            self.pad.clear()
            self.refresh_list()
            return
        events = self.attempt(self.session.act, action)
        if events is None:
            self.deal.back()  # refused (the banner says why): ask the last question again
            self.refresh_list()
            return
        self.deal = None
        self.done(events)

    def pad_ok(self, value: int) -> None:
        if self.deal is not None:
            why = self.deal.too_many(self.t, self.names(), value)
            if why is not None:  # said at once, the number asked again (not after the price)
                self.pad.clear()
                self.say(why, bad=True)
                return
            self.answer(value)

    def back(self) -> None:
        """UNDO during a dialogue: one question back, or out of it."""
        if self.deal is not None and not self.deal.back():
            self.deal = None
        self.pad.clear()
        self._for = None
        self.options()
        self.refresh_list()

    def undo(self) -> None:
        if self.deal is not None:
            self.back()
            return
        actions = self.session.actions
        if actions and actions[-1]["action"] == "draw":
            self.say(ui(self.t, "undo_dealt"), bad=True)
            return
        if self.attempt(self.session.undo) is not None:
            self.say(self.t("undone"))
            self.controls.changed()
            self.options()

    def toggle_ledger(self) -> None:
        """STRAIGHT: the ledger, and back to the players."""
        self.view = "players" if self.view == "ledger" else "ledger"
        self.ledger_top, self.cards_page = None, 0

    def next_view(self) -> None:
        """The view key: players, then every player's cards (page by page where they need more
        than one), then the ledger, then the players."""
        if self.view == "cards" and self.cards_page + 1 < len(self.cards_pages()):
            self.cards_page += 1
            return
        self.view = VIEWS[(VIEWS.index(self.view) + 1) % len(VIEWS)]
        self.ledger_top, self.cards_page = None, 0

    def cards_pages(self) -> list[list[int]]:
        """The players on each page of the cards view (``draw.cards_pages``), once per position."""
        lang = getattr(self.t, "lang", None)
        return self.session.per_position(f"alibaba.cards_pages.{lang}",
                                         lambda _state: look.cards_pages(self, self.left, self.names()))

    def view_label(self) -> str:
        """The view key's words: the view it goes to, or the cards view's next page ("Karten 2/2")."""
        pages = len(self.cards_pages()) if self.view == "cards" else 1
        if self.cards_page + 1 < pages:
            return ui(self.t, "cards_page", page=self.cards_page + 2, pages=pages)
        return ui(self.t, VIEWS[(VIEWS.index(self.view) + 1) % len(VIEWS)])

    def scroll_ledger(self, step: int) -> None:
        total, lines = len(self.ledger()), look.ledger_lines(self)
        top = self.ledger_top if self.ledger_top is not None else max(0, total - lines)
        self.ledger_top = max(0, min(max(0, total - lines), top + step * lines))

    def move_cursor(self, step: int) -> None:
        if self.deal is not None:
            self.choices.press("left" if step < 0 else "right")
            return
        options = self.options()
        if not options:
            self.explain_no_choice()
            return
        self.cursor = (self.cursor + step) % len(options)
        self.show_cursor()

    def explain_no_choice(self) -> None:
        if self.session.over:
            return
        chance = self.pending()
        label = ui(self.t, "deal" if chance is not None and chance.action == "draw" else "roll")
        self.say(ui(self.t, "press_button", button=label,
                    waits=phase_words(self.t, self.box, self.session, self.names())), bad=True)

    # -- input --------------------------------------------------------------------------------
    def on_free_tap(self, pos: tuple[int, int]) -> None:
        """A tap beside every control: say where the game's next step is taken."""
        if self.dice.busy(self.app.now()):
            self.dice.stop()
            self.dirty = True
            return
        if self.session.over:
            return
        if self.pending() is not None:
            self.explain_no_choice()
        else:
            self.say(ui(self.t, "tap_right", waits=phase_words(self.t, self.box, self.session, self.names())),
                     bad=True)
        self.dirty = True

    def on_input(self, ev: InputEvent) -> None:
        self.dice.stop() if ev.name != "roll" else None  # a press ends the tumble
        if ev.name == "undo":
            self.undo()
        elif ev.name == "roll":
            self.roll(ev.value)
        elif ev.name in ("left", "right"):
            self.move_cursor(-1 if ev.name == "left" else 1)
        elif ev.name == "ok":
            self.ok()
        elif ev.name == "straight":
            self.toggle_ledger()
        self.dirty = True

    def ok(self) -> None:
        if self.deal is not None:
            if self.deal.is_pad():
                self.pad.ok()
            else:
                self.choices.press("ok")
            return
        if self.pending() is not None:
            self.roll()
        elif self.options():
            self.pick_key(self._keys[self.cursor % len(self._options)])
        else:
            self.explain_no_choice()

    def tappables(self) -> list[Control]:
        self.options()
        undo_label = ui(self.t, "back") if self.deal is not None else self.t("undo")
        # in a sale or trade the key asks the previous question again: its longer words may take
        # two smaller lines (as "Abbruch" beside it may)
        out = [self.menu_key, Control(self.undo_rect, undo_label, self.undo, enabled=bool(self.session.actions)
                                      or self.deal is not None, key="undo" if self.deal is None else "back",
                                      role="read" if self.deal is None else "min", size=read_size())]
        if self.deal is not None:
            out.append(Control(self.view_rect, ui(self.t, "cancel"), self.cancel_deal, key="cancel", role="min",
                               size=read_size()))
            out += self.pad.controls() if self.deal.is_pad() else self.choices.controls()
            return out
        label = self.view_label()
        if self.view == "cards" and self.cards_page + 1 < len(self.cards_pages()):
            # "Karten 2/2" may take a smaller size than the views' names beside "Menü"
            out.append(Control(self.view_rect, label, self.next_view, key="view", role="min", size=read_size()))
        else:
            out.append(Control(self.view_rect, label, self.next_view, key="view"))
        if self.view == "ledger":
            out += look.ledger_controls(self)
        chance = self.pending()
        if self.dice.busy(self.app.now()):
            pass  # the die tumbles where the keys or choices go; a press or a tap stops it
        elif chance is not None:
            keys = self.card_keys if chance.action == "draw" else self.die_keys
            keys.allowed = frozenset(chance.faces)
            out += keys.controls()
            out.append(Control(self.roll_rect, ui(self.t, "deal" if chance.action == "draw" else "roll"), self.roll,
                               selected=True, key="roll"))
        elif self._options:
            out += self.choices.controls()
        return out

    def cancel_deal(self) -> None:
        self.deal = None
        self._for = None
        self.options()

    # -- time ---------------------------------------------------------------------------------
    def update(self, now: float) -> bool:
        busy = self.dice.busy(now)
        if busy:
            self.dirty = True
        elif self.later:
            self.say(self.later)
            self.later, self.dirty = "", True
        return busy

    def is_busy(self) -> bool:
        return self.dice.busy(self.app.now()) or bool(self.later)

    # -- drawing ------------------------------------------------------------------------------
    def draw(self, surf: pygame.Surface) -> None:
        self.options()
        look.draw(self, surf)
        self.controls.set(self.tappables())
        self.controls.draw(surf)
        look.draw_after_controls(self, surf)

    # -- while the table waits ----------------------------------------------------------------
    def warm_pieces(self) -> Iterator[None]:
        """Once the table stands: an arrest painted where nobody sees it, a piece at a time. The
        first arrest of a game draws the fate grid's numbers, the stakes, the arrest's note,
        its heading and its keys for the first time (some 50 texts, and the layers' canvases
        made: 17 M instructions in one press); they are then shaped and made already. Nothing
        the players see changes: the arrest's layers are painted again before they are next
        shown, the rest goes to surfaces of its own. The end screen is warmed after it
        (``TableScene.warm_up``)."""
        names, players, box = self.names(), self.state.players, self.box
        bribe = box.settings.kadi_bribe
        if look.names_beside_grid(self, names):
            layers = (self.fate_layer, self.stakes_layer)
        else:
            layers = (self.fate_top_layer, self.fate_rows_layer)
        stakes = {n: {seat: bribe for seat in range(players)} for n in range(1, 37, 5)}
        views = [look.FateView(gangs=(g.name,), row=None, row_set=False, column_set=None, number=None, stakes=stakes,
                               caught={}, chance={}, endangered={}) for g in box.gangs]
        views.append(look.FateView(gangs=tuple(g.name for g in box.gangs), row=None, row_set=False, column_set=None,
                                   number=None, stakes=stakes, caught={}, chance={}, endangered={}))
        views.append(look.FateView(gangs=(box.gangs[0].name,), row=3, row_set=False, column_set=None, number=15,
                                   stakes={15: {0: bribe}}, caught={0: bribe}, chance={}, endangered={}))
        # what each player risks: a worst case of up to 16 cards, every chance in whole percents
        for first in range(0, 100, players):
            seats = range(players)
            views.append(look.FateView(
                gangs=(box.gangs[0].name,), row=None, row_set=False, column_set=None, number=None,
                stakes={1: {s: bribe * ((first + s) % 16 + 1) for s in seats}},
                caught={}, chance={s: min(99, first + s + 1) / 100 for s in seats}, endangered={}))
        for k, view in enumerate(views):
            shown, self.fate_shown = self.fate_shown, view
            try:
                for layer in layers:
                    layer.surface(key=("warm", k))
                    layer.invalidate()  # what it shows is painted again when it is next drawn
            finally:
                self.fate_shown = shown
            yield
        # the heading and the two keys every arrest shows first (their words only: wide texts
        # and the keys' pictures are kept by bytes, for what is in use)
        head = pygame.Surface(self.head_rect.size)
        for name in names:
            Label(ui(self.t, "phase_dump", name=name), head.get_rect(), role="read", bold=True,
                  color=theme.GOLD).draw(head)
        keys = GangChoices(self.right, lambda _key: None, lines=3)
        keys.set_choices([Choice(0, ui(self.t, "done_keep")), Choice(1, ui(self.t, "sell_to_open")),
                          Choice(2, ui(self.t, "done_loot"))])
        for c in keys.controls():
            if c.label:
                c.paint(pygame.Surface(c.rect.size), pygame.Rect((0, 0), c.rect.size))
        yield

    # -- what the app, the demo and the end screen ask ----------------------------------------
    def turns_played(self) -> int:
        """Turns so far: every turn plays exactly one movement card."""
        return sum(1 for a in self.session.actions if a["action"] == "move")

    def demo_presses(self, rng: random.Random) -> list[str]:
        return demo_presses(self, rng)

    def story(self) -> Any:
        """What the ledger tells of the game (read once per position: the end screen asks for
        its rows and its picture)."""
        return self.session.per_position("alibaba.story", lambda _state: story(self.session))

    def winners(self) -> list[int]:
        """The rules keep them in the state (the summary, all of the table's figures, is not
        needed for them: 0.25 M instructions of the end's first step)."""
        return list(self.state.winners)

    def end_rows(self) -> list[tuple[str, list[Any]]]:
        st = self.story()
        # what went to the Kadi with its minus sign: "3655 −600" is never read as one number
        return [(ui(self.t, "end_money"), list(self.state.money)),
                (ui(self.t, "end_kadi"), [f"−{k}" if k else "0" for k in st.kadi]), (ui(self.t, "end_loot"), st.loot)]

    def end_picture_rect(self) -> pygame.Rect | None:
        return picture_rect(self.state.players, self.names(), self.end_rows())

    def draw_end_picture(self, surf: pygame.Surface, rect: pygame.Rect) -> None:
        st = self.story()
        names = self.names()
        notes = []
        if rect.w >= 240:
            big, best = st.biggest_kadi, st.best_loot
            notes.append(ui(self.t, "biggest_kadi", amount=big[0], name=names[big[1]], round=big[2]) if big
                         else ui(self.t, "no_kadi"))
            notes.append(ui(self.t, "best_loot", group=best[1], price=best[2], name=names[best[3]]) if best
                         else ui(self.t, "no_loot"))
        size = min_size()
        # a group name wider than the notes breaks with a hyphen; each word measured as the
        # label then measures it (``kit.text.splits_a_word``: the same key, measured once)
        notes = [hyphenated(note, lambda w: text_size(w, size, False)[0] <= rect.w - 16,
                            tuple(g.name for g in self.box.gangs)) for note in notes]
        colours = [look.seat_rgb(self, s) for s in range(self.state.players)]
        patterns = [theme.swatch(look.seat_colour(self, s), 12, 12) for s in range(self.state.players)]
        draw_chart(surf, rect, st, colours, notes, patterns)


__all__ = ["DEMO_WEIGHTS", "AlibabaScene", "choices_for", "choice_label", "follow_list", "key_of", "list_goes_on"]
