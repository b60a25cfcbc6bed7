"""The Der fliegende Teppich table: the special die, the turn keeper and the flight referee.

Before the first move the table builds the city (``teppich_city.py``). Then each turn the
player tells the companion which wind card he played: up or down 1–3 (one big key each),
sideways 0–3, and how its arrows pair (up goes right or left); the board lights every legal
end cell with its path and the wind's push. PILOT: an arrow colour and a steering token
narrow the choice (the keys "Pfeil" and "Kärtchen"), LEFT / RIGHT step through the end
cells, a tap picks the nearest one, OK (or "Fliegen") flies. Ending on a carpet asks: block
or force down. The four arrow keys steer with a token, "treiben lassen" drifts, each one
tap. ROLL rolls the special die after a free star; its effect is asked for on the same row
(whom to swap places with: a key per seat over the board, ``screen/swap.py``).
UNDO steps back in the entry, or takes back the last move (never a roll).
"""

from __future__ import annotations

import random
from typing import Any

import pygame

from companion.engine.base import Action, Event, IllegalAction
from companion.games.teppich.rules import Option, TeppichEngine, card_options, hop_targets, options
from companion.games.teppich.screen import draw, paint, words
from companion.games.teppich.screen.city import CityPhase, game_header, tree_cells, trees_of
from companion.games.teppich.screen.words import ARROWS, ROLL_S, TOKENS, token_of
from companion.inputs.events import InputEvent
from companion.session.session import Session
from companion.ui.kit import Control, Layer
from companion.ui.kit.text import min_size, read_size
from companion.ui.table import TableScene
from companion.ui.widgets import Button

MOVES = frozenset({"fly", "steer", "drift", "hop"})

#: the legal moves of the last game's first position a table listed, with the box and the
#: state they are of (never changed: read only). The table that builds the city warms the
#: game it starts (``TableScene.warm_up``), whose throwaway table lists that very position;
#: the game's table then takes the listing in the OK that starts it instead of walking the
#: flights again (some 1.2 M instructions). One position is kept, a few hundred moves.
_FIRST_LISTED: tuple[Any, Any, list[Option]] | None = None


class TeppichScene(TableScene):
    """The board mirror, the card entry, the special die and the turn banner."""

    def __init__(self, app: Any, session: Session[Any], trees: tuple[tuple[int, int], ...] | None = None) -> None:
        """``trees``: the palms' and trees' cells when the table that built the city knows
        them (else they are found from the header's seed: the city generated again)."""
        super().__init__(app, session)
        self.grid = draw.board_grid()
        # the board: the city with the carpets on it, painted again at every move (it covers
        # all of its rect, so it is not cleared first); the city under them is one picture for
        # every table (``city_layer``), painted again only when the city or its clouds change
        self.layer = Layer(self.grid.area, self.paint_board, clear=False)
        fresh = not session.actions and "scenery" not in session.header
        self.city: CityPhase | None = CityPhase(self) if fresh else None
        #: the palms' and trees' cells, drawn as plants (the city's own pieces, found once)
        self.trees = () if fresh else trees if trees is not None else tree_cells(self.box, session.header,
                                                                                   session.state.scenery)
        self._for: Any = None
        self.planned: list[str] = []   # the demo's presses after the flights are lit
        self.demo_extra = 0            # moves the demo made beyond its turns (see teppich_demo)
        self.reset_entry()
        self.roll_at = float("-inf")
        self._glow_shown = -1  #: the glow step of the city piece last drawn
        self.shown_roll: int | None = session.state.last_roll
        self.roller = session.state.current  # who rolled last (named while the die tumbles)
        self._tumble = random.Random()  # only for the tumbling picture, never for the result
        self._moves_for: Any = None
        self._moves: dict[str, Option] = {}
        self._card_for: Any = None
        self._card: list[Option] = []

    # -- reading the state ---------------------------------------------------------------------
    @property
    def city_layer(self) -> Layer:
        """The city under the carpets (``paint.city_layer``: the same picture for every table
        showing this city, painted once)."""
        return paint.city_layer(self)

    @property
    def state(self) -> Any:
        return self.session.state

    @property
    def rules(self) -> TeppichEngine:
        """The session's engine, as the Teppich engine it is (its box, its cloud moves)."""
        engine = self.session.engine
        assert isinstance(engine, TeppichEngine)
        return engine

    @property
    def box(self) -> Any:
        return self.rules.box

    def colour(self, seat: int) -> str:
        return self.seat_colours(seat)[0]

    def reset_entry(self) -> None:
        """A new state: the entry starts again (the card, the filters, the highlight)."""
        self.stage = "start"
        self.v: int | None = None
        self.h: int | None = None
        self.pair = "UR"
        self.arrows_i = 0
        self.token_i = 0
        self.pick = 0
        self.focus = 0
        self.chosen: Option | None = None
        self.cloud_pick = 0
        self.cloud_cells: list[list[int]] | None = None  # the layout the table tapped, if any
        self._for = self.session.state

    def sync(self) -> None:
        if self._for is not self.state:
            self.reset_entry()

    def all_options(self) -> list[Option]:
        """Every legal move of the position (the cards' flights, the steers, the drift), listed
        once per position for the whole session (``Session.per_position``), never for a frame."""
        return self.session.per_position("teppich.options", self._listed)

    def _listed(self, state: Any) -> list[Option]:
        """The legal moves of ``state``; a game's first position is listed once for every
        table that opens on it (:data:`_FIRST_LISTED`)."""
        global _FIRST_LISTED
        first = not self.session.actions
        kept = _FIRST_LISTED
        if first and kept is not None and kept[0] is self.box and kept[1] == state:
            return kept[2]
        listed = list(options(self.box, state))
        if first:
            _FIRST_LISTED = (self.box, state, listed)
        return listed

    def step_moves(self) -> dict[str, Option]:
        """The legal steers and the drift now, by their key ("up", ..., "drift")."""
        if self._moves_for is not self.state:
            self._moves_for = self.state
            self._moves = {}
            for o in self.all_options():
                if o.action["action"] == "steer":
                    self._moves[o.action["dir"]] = o
                elif o.action["action"] == "drift":
                    self._moves["drift"] = o
        return self._moves

    def card_all(self) -> list[Option]:
        state = self.state
        key = (state, self.v, self.h, self.pair)
        if self._card_for != key:
            self._card_for = key
            v, h, pair = self.v, self.h, self.pair
            if v is None or h is None:
                self._card = []
            elif state.pending is None and not state.over:
                # the card's flights out of the position's listing: the same options in the
                # same order as card_options gives them, without walking them again
                self._card = [o for o in self.all_options()
                              if o.action.get("v") == v and o.action.get("h") == h and o.action.get("pair") == pair]
            else:
                self._card = card_options(self.box, state, v, h, pair)
        return self._card

    def shown_options(self) -> list[Option]:
        """The card's flights for the chosen arrow colour and token use."""
        arrows, token = ARROWS[self.arrows_i], TOKENS[self.token_i]
        return [o for o in self.card_all()
                if (arrows is None or o.action["arrows"] == arrows) and token_of(o.action) == token]

    def hop_cells(self) -> list[tuple[tuple[int, int], tuple[tuple[int, int], ...]]]:
        return hop_targets(self.box, self.state) if self.state.pending == "hop" else []

    def selected(self) -> Option | None:
        shown = self.shown_options()
        return shown[self.pick % len(shown)] if shown and self.stage == "pick" else None

    def cloud_proposal(self) -> Action:
        return self.rules.cloud_move(self.state, self.cloud_pick)

    def cloud_layout(self) -> list[list[int]]:
        """The cloud cells shown for face 2: the ones the table tapped, else the proposal."""
        return self.cloud_cells if self.cloud_cells is not None else self.cloud_proposal()["cells"]

    def other_clouds(self) -> None:
        """The next proposal (what the table tapped is dropped)."""
        self.cloud_pick += 1
        self.cloud_cells = None

    def tap_cloud(self, cell: tuple[int, int]) -> None:
        """Face 2 by hand: a sky cell tapped lays or lifts a cloud in the layout shown (the
        engine checks the layout when it is laid: as many cells, no carpet, a way through)."""
        if cell[1] < self.box.sky_from:
            self.say(self.t("teppich.ui.clouds_sky_only"), bad=True)
            return
        cells = [list(c) for c in self.cloud_layout()]
        self.cloud_cells = [c for c in cells if tuple(c) != cell] if list(cell) in cells else cells + [list(cell)]

    def is_busy(self) -> bool:
        return self.app.now() < self.roll_at + ROLL_S

    # -- commands ------------------------------------------------------------------------------
    def act(self, action: Action) -> None:
        events = self.attempt(self.session.act, action)
        if events is not None:
            self.after(events)

    def after(self, events: list[Event]) -> None:
        self.reset_entry()
        said = words.event_words(self.t, self.box, self.seat_name, events)
        if said:
            self.say(said)
        else:  # an older message would now tell of a move before this one: the prompt instead
            self.banner.until = 0.0
            self.dirty = True

    def roll(self, value: int | None = None) -> None:
        if self.state.pending != "roll":
            self.say(self.t.refusal(self.game, IllegalAction("no_roll_due", "no roll due")), bad=True)
            return
        roller = self.state.current
        events = self.attempt(self.session.roll, value)
        if events is None:
            return
        self.roller = roller
        self.app.sounds.play("roll")
        self.shown_roll = self.state.last_roll
        self.roll_at = self.app.now()
        self.after(events)

    def undo(self) -> None:
        back = {"v": "start", "h": "v", "pair": "h", "then": "pick"}
        if self.stage != "start":
            self.moved_on()
        if self.stage == "pick":
            self.stage = "pair" if self.h else "h"
        elif self.stage in back:
            self.stage = back[self.stage]
        elif self.attempt(self.session.undo) is not None:
            self.reset_entry()
            self.say(self.t("undone"))
        self.focus = 0

    def moved_on(self) -> None:
        """A step on in the entry: a refusal of the step before no longer applies (a red
        "Dieser Flug ginge unter den Boden" stood over the next card's question)."""
        if self.banner.bad:
            self.banner.until = 0.0

    def begin_card(self) -> None:
        self.moved_on()
        self.stage, self.focus = "v", 0

    def set_v(self, v: int) -> None:
        self.moved_on()
        self.v, self.stage, self.focus = v, "h", 0

    def set_h(self, h: int) -> None:
        self.moved_on()
        self.h, self.focus = h, 0
        if h == 0:
            self.pair = "UR"
            self.to_pick()
        else:
            self.stage = "pair"

    def set_pair(self, pair: str) -> None:
        self.moved_on()
        self.pair = pair
        self.to_pick()

    def to_pick(self) -> None:
        self.stage, self.pick, self.arrows_i, self.token_i = "pick", 0, 0, 0

    def cycle_arrows(self) -> None:
        self.moved_on()
        self.arrows_i, self.pick = (self.arrows_i + 1) % len(ARROWS), 0

    def cycle_token(self) -> None:
        me = self.state.current
        if self.state.tokens[me] == 0:
            self.refuse(IllegalAction("no_tokens", "no steering tokens left", name=self.state.names[me], player=me))
            return
        self.moved_on()
        self.token_i, self.pick = (self.token_i + 1) % len(TOKENS), 0

    def step_pick(self, by: int) -> None:
        if self.stage == "pick":
            n = len(self.shown_options())
            self.pick = (self.pick + by) % n if n else 0
        elif self.state.pending == "hop":
            n = len(self.hop_cells())
            self.pick = (self.pick + by) % n if n else 0

    def fly(self, option: Option | None = None) -> None:
        option = option or self.selected()
        if option is None:
            self.say(self.t("teppich.ui.ask_pick_none", arrows=words.arrows_words(self.t, ARROWS[self.arrows_i]),
                            token=words.token_words(self.t, TOKENS[self.token_i])), bad=True)
            return
        if option.thens == (None,):
            self.act(dict(option.action))
        else:
            self.chosen, self.stage, self.focus = option, "then", 0

    def then(self, which: str) -> None:
        if self.chosen is not None:
            self.act({**self.chosen.action, "then": which})

    def simple(self, key: str) -> None:
        """A steer (one of the four arrows) or the drift: one tap; the engine says why not."""
        option = self.step_moves().get(key)
        if option is None:
            action: Action = {"action": "drift"} if key == "drift" else {"action": "steer", "dir": key}
            self.act(action)  # refused: the reason is shown, nothing changes
            return
        self.fly(option)

    def hop(self) -> None:
        cells = self.hop_cells()
        if cells:
            self.act({"action": "hop", "to": list(cells[self.pick % len(cells)][0])})

    def clouds(self, keep: bool) -> None:
        cells = [list(c) for c in self.state.clouds] if keep else self.cloud_layout()
        self.act({"action": "clouds", "cells": cells})

    def start_with_city(self, seed: int, scenery: Any, clouds: Any) -> None:
        """The city is built: the game starts afresh with it in the header."""
        header = game_header(self.session.header, seed, scenery, clouds)
        try:
            session = Session.new(header, self.app.store)
        except IllegalAction as exc:
            self.refuse(exc)
            return
        old = self.session  # the game without its city had no step: the city and its game are one game
        if old.store is not None and old.game_id is not None and not old.actions:
            old.store.delete_game(old.game_id)  # no history row of its own ("0 Schritte")
        else:
            old.abandon("abandoned")  # never offered to resume
        # the new table's palms and trees: this city's (not generated again for it)
        trees = trees_of(self.city.city, scenery) if self.city is not None else None
        self.go("table", session=session, trees=trees)

    def leads_to(self) -> dict[str, Any] | None:
        """While the city is built: the game it starts."""
        return self.city.leads_to() if self.city is not None else None

    def refuse(self, exc: IllegalAction) -> None:
        """A refusal names a seat as the screen does (``seat_name``, in the screen's language),
        never by the engine's name for it: an unnamed seat is "Spieler 2", not "Blue"; and a
        cell by its column and row counted from 1."""
        params = dict(exc.params)
        seat = params.get("player")
        if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < self.state.players:
            params["name"] = self.seat_name(seat)
        elif isinstance(params.get("name"), str) and params["name"] in self.state.names:
            params["name"] = self.seat_name(self.state.names.index(params["name"]))
        # a cell as the table counts it (as the city's steps do): columns from the left and
        # rows from the bottom, both from 1; the engine counts from 0
        for key in ("x", "y", "row", "w", "h") if "x" in params else ():  # a wind card's "h" is no cell
            if isinstance(params.get(key), int) and not isinstance(params[key], bool):
                params[key] += 1
        copy = IllegalAction(exc.code, str(exc), **params)
        super().refuse(copy)

    # -- input ---------------------------------------------------------------------------------
    def row_controls(self) -> list[Control]:
        return paint.row_controls(self)

    def on_input(self, ev: InputEvent) -> None:
        self.sync()
        name = ev.name
        if self.city is not None:
            self.city_input(name)
        elif name == "undo":
            self.undo()
        elif name == "roll":
            self.roll(ev.value)
        elif self.stage == "pick" or self.state.pending == "hop":
            if name in ("left", "right"):
                self.step_pick(1 if name == "right" else -1)
            elif name == "ok":
                self.hop() if self.state.pending == "hop" else self.fly()
            elif name == "straight":
                self.cycle_token()
        elif name in ("left", "right"):
            n = len(self.focusable())
            self.focus = (self.focus + (1 if name == "right" else -1)) % n if n else 0
        elif name == "ok":
            keys = self.focusable()
            if keys:
                keys[self.focus % len(keys)].tap()
        self.dirty = True

    def focusable(self) -> list[Control]:
        """The row's keys LEFT / RIGHT move over (not UNDO and the menu: they have buttons)."""
        return [c for c in self.row_controls()
                if c.key not in ("undo", "menu") and c.enabled and not isinstance(c, paint.Greyed)]

    def city_input(self, name: str) -> None:
        city = self.city
        assert city is not None
        if name in ("left", "right"):
            city.step(1 if name == "right" else -1)
        elif name == "ok":
            last = city.shown >= len(city.placements()) - 1
            city.start() if last or city.mode == "enter" else city.step(1)

    def on_free_tap(self, pos: tuple[int, int]) -> None:
        self.sync()
        if self.city is not None:
            cell = self.board_cell(pos)
            if cell is not None:
                self.city.tap(cell)
            return
        if self.state.pending == "clouds":
            cell = self.board_cell(pos)
            if cell is not None:
                self.tap_cloud(cell)
            return
        if self.state.pending == "hop":
            cells = [c for c, _ in self.hop_cells()]
            hit = draw.nearest(self.grid, pos, cells)
            if hit is not None:
                self.pick = cells.index(hit)
            return
        if self.stage != "pick":
            return
        shown = self.shown_options()
        hit = draw.nearest(self.grid, pos, {o.flight.end for o in shown})
        if hit is None:
            return
        same = [i for i, o in enumerate(shown) if o.flight.end == hit]
        current = self.selected()
        if current is not None and current.flight.end == hit:
            if len(same) == 1:
                # chosen already: only "Fliegen" flies (a tap here flying at once left the
                # next tap on "Fliegen" to land on the next player's key)
                return
            self.pick = same[(same.index(self.pick % len(shown)) + 1) % len(same)]
        else:
            self.pick = same[0]

    def board_cell(self, pos: tuple[int, int]) -> tuple[int, int] | None:
        rc = self.grid.cell_at(pos)
        return None if rc is None else (rc[1], self.grid.rows - 1 - rc[0])

    def tappables(self) -> list[Control]:
        return paint.tappables(self)

    def button(self, rect: pygame.Rect, label: str, fn: Any, key: Any, *, icon: str | None = None,
               enabled: bool = True, selected: bool = False, read: bool = False) -> Button:
        return Button(rect, label, fn, enabled=enabled, selected=selected, key=key, icon=icon,
                      role="read" if read else "min", size=read_size() if read else min_size())

    # -- time ----------------------------------------------------------------------------------
    def update(self, now: float) -> bool:
        busy = now < self.roll_at + ROLL_S
        if busy:
            self.dirty = True
        elif self.city is not None and self.city.mode == "generate" and draw.glow_step(now) != self._glow_shown:
            # the piece being placed glows in two steps: a redraw at each step, not at every
            # pass (the loop would spin a core for as long as the city is on screen)
            self._glow_shown = draw.glow_step(now)
            self.dirty = True
        return busy

    def wake_at(self) -> float | None:
        """The banner's fading, and the city piece's next glow step."""
        base = super().wake_at()
        if self.city is None or self.city.mode != "generate":
            return base
        step = (draw.glow_step(self.app.now()) + 1) * draw.GLOW_STEP_S
        return step if base is None else min(base, step)

    # -- drawing -------------------------------------------------------------------------------
    def paint_board(self, surf: pygame.Surface) -> None:
        paint.paint_board(self, surf)

    def draw(self, surf: pygame.Surface) -> None:
        self.sync()
        paint.draw_frame(self, surf)

    # -- what the app, the demo and the end screen ask -----------------------------------------
    def turns_played(self) -> int:
        """Moves made, and the turn whose card is entered and whose flights are lit: a demo
        asked for n turns stops with the n-th card's end cells on the board (the moves it
        made to find a turn worth stopping on are not counted)."""
        moves = sum(1 for a in self.session.actions if a["action"] in MOVES) - self.demo_extra
        return moves + int(self.stage == "pick" and self.session.state is self._for)

    def demo_presses(self, rng: random.Random) -> list[str]:
        from companion.games.teppich.screen.demo import demo_presses
        return demo_presses(self, rng)

    def end_rows(self) -> list[tuple[str, list[Any]]]:
        st, goal = self.state, self.box.goal
        far = [abs(c[0] - goal[0]) + abs(c[1] - goal[1]) for c in st.cells]
        place = [1 + sum(1 for d in far if d < mine) for mine in far]
        return [(self.t("teppich.ui.place_row"), place), (self.t("teppich.ui.tokens_row"), list(st.tokens))]

    def end_picture_rect(self) -> pygame.Rect | None:
        return pygame.Rect(484, 130, 296, 148)

    def draw_end_picture(self, surf: pygame.Surface, rect: pygame.Rect) -> None:
        paint.draw_small_board(self, surf, rect)


__all__ = ["TeppichScene"]
