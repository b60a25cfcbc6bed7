"""The Suleika table: heading, roll, Omar's walk, the payment, placing a carpet, the scores.

Buttons: LEFT / AHEAD (straight) / RIGHT set Omar's heading, ROLL rolls (a value typed from
a real die rolls that value); while placing, LEFT / RIGHT step through the legal carpets,
AHEAD switches the carpet colour (two players), OK lays it; UNDO takes back a chosen half
or carpet, then anything but a roll; a long press of UNDO ("menu") opens the pause screen.
Touch does the same: the panel's keys, a cell next to Omar (or a side of his own cell) turns
him that way, two taps lay a carpet, the "Menü" key pauses. A tap that cannot do anything
says why. Drawing: ``suleika_board`` (the market), ``suleika_panel`` (the panel's words).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from companion.engine.base import IllegalAction
from companion.games.suleika import rules as suleika_rules
from companion.games.suleika.rules.state import State
from companion.games.suleika.screen import board, panel
from companion.games.suleika.screen.bands import BandedLayer
from companion.games.suleika.screen.view import Placement, View, Views
from companion.inputs.events import InputEvent
from companion.session.session import Session
from companion.ui import theme
from companion.ui.kit import Control, Label, Layer, inset, line_height, read_size, room_for, row, text_size
from companion.ui.kit.scoreboard import ScoreRow
from companion.ui.table import TableScene

if TYPE_CHECKING:
    from companion.ui.app import App

LEFT_OF = {"N": "W", "W": "S", "S": "E", "E": "N"}
RIGHT_OF = {v: k for k, v in LEFT_OF.items()}
FACES = (1, 2, 3, 4)
COUNT_W = 60  #: under the final board: a colour's swatch and its cells ("15" at the smallest size)
END_PICTURE_W, END_PICTURE_NARROW = 230, 148  #: the final board's width on the end screen (px)
BOARD_AREA = pygame.Rect(0, 0, panel.X - 4, 480)   #: the board layer: the market and its margin
PANEL_AREA = pygame.Rect(panel.X - 4, 0, 800 - panel.X + 4, 480)
BOARD_EDGES = [pygame.Rect(0, 0, BOARD_AREA.w, board.AREA.y), pygame.Rect(0, board.AREA.bottom, BOARD_AREA.w, 480),
               pygame.Rect(board.AREA.right, 0, BOARD_AREA.w - board.AREA.right, 480)]
#: the panel's bands, top to bottom, each painted again only when what it shows changed (see
#: ``panel_keys``; nothing drawn in one reaches another): the menu and undo keys with the die;
#: whose turn it is and the status; the heading or placing keys and the real-die keys; their
#: label and the scores
_KEYS_BOTTOM = panel.KEYS[0].bottom
PANEL_BANDS = {
    "top": pygame.Rect(PANEL_AREA.x, 0, PANEL_AREA.w, panel.TURN.y),
    "words": pygame.Rect(PANEL_AREA.x, panel.TURN.y, PANEL_AREA.w, panel.ACTIONS[0].y - panel.TURN.y),
    "keys": pygame.Rect(PANEL_AREA.x, panel.ACTIONS[0].y, PANEL_AREA.w, _KEYS_BOTTOM - panel.ACTIONS[0].y),
    "scores": pygame.Rect(PANEL_AREA.x, _KEYS_BOTTOM, PANEL_AREA.w, 480 - _KEYS_BOTTOM),
}


def _band_of(rect: pygame.Rect) -> str:
    """The panel's band a control lies in (each lies in one: the panel's rows of keys), looked
    up once per place (a frame asks for every control's)."""
    place = (rect.x, rect.y, rect.w, rect.h)
    band = _BAND_AT.get(place)
    if band is None:
        inside = [name for name, area in PANEL_BANDS.items() if area.contains(place)]
        if not inside:  # a key across two bands would be repainted with one of them only
            raise ValueError(f"a panel key at {place} lies in no one band of {sorted(PANEL_BANDS)}")
        band = _BAND_AT[place] = inside[0]
    return band


_BAND_AT: dict[tuple[int, int, int, int], str] = {}  #: the panel's few places of keys


class SuleikaScene(TableScene):
    roll_s = 0.45   #: the die tumbles this long; its value was fixed at the press
    step_s = 0.09   #: then Omar walks, this long per cell

    def __init__(self, app: App, session: Session[Any]) -> None:
        super().__init__(app, session)
        self.views = Views()
        self.picture = board.BoardPicture(session.state.corner_loops)
        self.scores = panel.scoreboard([self.seat_name(i) for i in range(session.state.players)], self.t)
        self.first: tuple[int, int] | None = None     # first tapped half of a carpet
        self.pick: int | None = None                  # index into the placements of the colour
        self.colour: str | None = None                # colour to lay (two players)
        self.anim_start = float("-inf")
        self.anim_path: list[list[Any]] = []  # Omar's walk: [row, col, heading] per step
        self.before = session.state                   # the state shown while the die rolls
        self._faces = random.Random()  # only for the tumbling picture, never for the result
        self._now = 0.0
        self._panel_face: int | None = None
        self._shaped_for: State | None = None  #: the state whose status and scores were shaped ahead
        self._rows: tuple[View, list[ScoreRow]] | None = None  #: the scores' rows of the last view asked
        self.board_layer = Layer(BOARD_AREA, self.paint_board, screen_coords=True, clear=False)
        self.panel_layer = BandedLayer(PANEL_AREA, PANEL_BANDS, self.paint_band, theme.BG, screen_coords=True)

    # -- reading the state ------------------------------------------------------------------
    @property
    def state(self) -> State:
        state = self.session.state
        assert isinstance(state, State)
        return state

    @property
    def view(self) -> View:
        return self.views.of(self.session.state)

    @property
    def die_value(self) -> int | None:
        """What the die shows: the last roll of the game (also after a resume)."""
        roll: int | None = self.state.last_roll
        return roll

    def placements(self) -> list[Placement]:
        return self.view.placements_of(self.current_colour())

    def current_colour(self) -> str | None:
        held = self.view.held_now
        if self.colour not in held:
            self.colour = held[0] if held else None
        return self.colour

    def chosen(self) -> Placement | None:
        options = self.placements()
        if self.pick is not None and options:
            return options[self.pick % len(options)]
        return None

    # -- time -------------------------------------------------------------------------------
    def anim_end(self) -> float:
        return self.anim_start + self.roll_s + self.step_s * len(self.anim_path) if self.anim_path else 0.0

    def animating(self, now: float) -> bool:
        return bool(self.anim_path) and now < self.anim_end()

    def rolling(self, now: float) -> bool:
        return self.animating(now) and now < self.anim_start + self.roll_s

    def is_busy(self) -> bool:
        return self.animating(self.app.now())

    def update(self, now: float) -> bool:
        busy = self.animating(now)
        if busy:
            self.dirty = True
        return busy

    def shown(self, now: float) -> View:
        """Money, scores and payment come from the state before the roll until Omar stops."""
        return self.views.of(self.before) if self.animating(now) else self.view

    # -- commands ---------------------------------------------------------------------------
    def face(self, d: str) -> None:
        if d != self.state.facing:
            self.attempt(self.session.act, {"action": "face", "dir": d})

    def turn(self, which: str) -> None:
        allowed = self.view.allowed
        facing = self.state.facing
        if len(allowed) == 4 or not allowed:  # first turn: step by step; none: the engine says why
            target = {"left": LEFT_OF[facing], "right": RIGHT_OF[facing], "straight": facing}[which]
            if not allowed:
                self.attempt(self.session.act, {"action": "face", "dir": target})
                return
        else:
            base = self.base_heading(allowed)
            target = {"left": LEFT_OF[base], "right": RIGHT_OF[base], "straight": base}[which]
        self.face(target)

    @staticmethod
    def base_heading(allowed: list[str]) -> str:
        for h in allowed:
            if LEFT_OF[h] in allowed and RIGHT_OF[h] in allowed:
                return h
        return allowed[0]

    def roll(self, value: int | None = None) -> None:
        if self.state.phase == "place":
            self.say(self.t("suleika.ui.no_roll_place"), bad=True)
            return
        before = self.state
        events = self.attempt(self.session.roll, value)
        if events is None:
            return
        self.app.sounds.play("roll")
        self.first, self.pick, self.before = None, None, before
        path = next((ev.data["path"] for ev in events if ev.kind == "move"), None)
        self.anim_path = path or [[*self.state.omar, self.state.facing]]
        self.anim_start = self.app.now()

    def place(self, a: tuple[int, int], b: tuple[int, int]) -> None:
        colour = self.current_colour()
        action = {"action": "place", "cells": [list(a), list(b)]}
        if colour is not None:
            action["color"] = colour
        if self.attempt(self.session.act, action) is not None:
            self.first, self.pick = None, None

    def undo(self) -> None:
        if self.first is not None or self.pick is not None:
            self.first, self.pick = None, None
            return
        if self.session.actions and not self.session.can_undo():
            # the shared words speak of a roll or a drawn card: this game has no cards
            self.say(self.t("suleika.ui.roll_cannot_undo"), bad=True)
            return
        if self.attempt(self.session.undo) is not None:
            self.say(self.t("undone"))

    def open_menu(self) -> None:
        self.anim_path = []
        self.go("pause", table=self)

    def carpets_left(self, seat: int) -> dict[str, int]:
        """Carpets ``seat`` still holds, per colour."""
        return suleika_rules.carpets_left(self.state, seat)

    def next_colour(self) -> None:
        """The other colour (two players); the half or carpet chosen stays chosen."""
        held = self.view.held_now
        colour = self.current_colour()
        if len(held) > 1 and colour is not None:
            chosen = self.chosen()
            self.colour = held[(held.index(colour) + 1) % len(held)]
            if chosen is not None:  # the same two cells in the other colour
                cells = {chosen[0], chosen[1]}
                self.pick = next((i for i, (a, b, _) in enumerate(self.placements()) if {a, b} == cells), None)
        else:
            self.say(self.t("suleika.ui.one_colour"), bad=True)

    def step_pick(self, step: int) -> None:
        options = self.placements()
        if options:
            start = 0 if step == 1 else len(options) - 1
            self.pick = start if self.pick is None else (self.pick + step) % len(options)
            self.first = None

    def lay(self) -> None:
        chosen = self.chosen()
        if chosen is None:
            self.say(self.t("suleika.ui.place_hint"), bad=True)
        else:
            self.place(chosen[0], chosen[1])

    # -- input ------------------------------------------------------------------------------
    def on_input(self, ev: InputEvent) -> None:
        if ev.name == "menu":
            self.open_menu()
            return
        if self.is_busy():
            self.anim_path = []  # a press ends the animation
        phase = self.state.phase
        if ev.name == "undo":
            self.undo()
        elif ev.name == "roll":
            self.roll(ev.value)
        elif phase == "place":
            keys: dict[str, Callable[[], None]] = {"left": partial(self.step_pick, -1),
                                                   "right": partial(self.step_pick, 1),
                                                   "straight": self.next_colour, "ok": self.lay}
            act = keys.get(ev.name)
            if act is not None:
                act()
        elif phase in ("roll", "heading") and ev.name in ("left", "right", "straight"):
            self.turn(ev.name)
        elif phase in ("roll", "heading") and ev.name == "ok":
            self.say(self.t("suleika.ui.ok_rolls"))
        self.dirty = True

    def on_free_tap(self, pos: tuple[int, int]) -> None:
        if self.is_busy():
            self.anim_path = []
        cell = board.cell_at(pos)
        phase = self.state.phase
        if cell is None or phase == "over":
            if phase == "place":
                self.first, self.pick = None, None
            return
        if phase == "place":
            self.tap_carpet(cell)
            return
        heading = self.heading_towards(cell, pos)
        if heading is None:
            self.say(self.t("suleika.ui.tap_next_to_omar"), bad=True)
        elif heading in self.view.allowed:
            self.face(heading)
        else:  # behind him, or not his turn to be turned: the engine says why
            self.attempt(self.session.act, {"action": "face", "dir": heading})

    def heading_towards(self, cell: tuple[int, int], pos: tuple[int, int]) -> str | None:
        """The heading a tap asks for: a cell beside Omar, or a side of his own cell."""
        orow, ocol = self.state.omar
        for d, (dr, dc) in board.DELTA.items():
            if cell == (orow + dr, ocol + dc):
                return d
        if cell == (orow, ocol):
            cx, cy = board.GRID.center_of(cell)
            dx, dy = pos[0] - cx, pos[1] - cy
            if max(abs(dx), abs(dy)) >= board.CELL / 6:
                return ("E" if dx > 0 else "W") if abs(dx) > abs(dy) else ("S" if dy > 0 else "N")
        return None

    def tap_carpet(self, cell: tuple[int, int]) -> None:
        options = self.placements()
        if self.first is None:
            if not any(cell in (a, b) for a, b, _ in options):
                self.explain(cell)
                return
            self.first, self.pick = cell, None
            return
        if cell == self.first:
            self.first = None
            return
        for i, (a, b, _) in enumerate(options):
            if {a, b} == {self.first, cell}:
                self.pick, self.first = i, None
                return
        # not a legal pair: the engine says why, and nothing changes
        self.attempt(self.session.engine.apply, self.state,
                     {"action": "place", "cells": [list(self.first), list(cell)], "color": self.current_colour()})
        self.first = None

    def explain(self, cell: tuple[int, int]) -> None:
        """Why a tapped cell cannot take a carpet: ask the engine with a neighbour."""
        r, c = cell
        for nb in ((r, c + 1), (r + 1, c), (r, c - 1), (r - 1, c)):
            try:
                self.session.engine.apply(self.state, {"action": "place", "cells": [list(cell), list(nb)],
                                                       "color": self.current_colour()})
            except IllegalAction as exc:
                self.refuse(exc)
                return

    # -- the controls on screen -------------------------------------------------------------
    def tappables(self) -> list[Control]:
        t = self.t
        out = [Control(panel.MENU, t("menu"), self.open_menu, key="menu"),
               Control(panel.UNDO, t("undo"), self.undo, key="undo")]
        a = panel.ACTIONS
        phase = self.state.phase
        if phase == "place":
            chosen = self.chosen() is not None
            out += [Control(a[0], "", partial(self.step_pick, -1), icon="left", key=("step", "left")),
                    Control(a[1], "", partial(self.step_pick, 1), icon="right", key=("step", "right"))]
            if len(self.view.held_now) > 1:
                out.append(Control(a[2], "", self.next_colour, key=("colour", self.current_colour())))
            out.append(Control(a[3], t("ok"), self.lay, selected=chosen, key="ok"))
        elif phase in ("roll", "heading"):
            out += [Control(a[0], "", partial(self.turn, "left"), icon="left", key=("turn", "left")),
                    Control(a[1], "", partial(self.turn, "straight"), icon="up", key=("turn", "straight")),
                    Control(a[2], "", partial(self.turn, "right"), icon="right", key=("turn", "right")),
                    Control(a[3], t("suleika.ui.roll"), self.roll, selected=True, key="roll")]
        if phase != "over":
            out += [Control(r, "", partial(self.roll, v), key=("die", v))
                    for r, v in zip(panel.KEYS, FACES, strict=True)]
        return out

    # -- drawing ----------------------------------------------------------------------------
    def draw(self, surf: pygame.Surface) -> None:
        """Two cached layers, each repainted only when what it shows changed: the board with
        everything on it, and the panel; the banner goes on top."""
        now = self.app.now()
        self._now = now
        self.board_layer.draw(surf, key=self.board_key(now))
        painted = self.panel_layer.renders
        self.panel_layer.draw_bands(surf, self.panel_keys(now))
        if self.animating(now) and self.panel_layer.renders == painted and self._shaped_for is not self.state:
            self.shape_the_stop()  # a light frame of the roll: the words of its end are shaped now
        if self.rolling(now):  # the tumbling face over the panel, which is painted once per roll
            board.draw_die(surf, panel.DIE, self._panel_face, True)
        top = self.state.omar[0] >= 4
        rect, room = (panel.BANNER_TOP, panel.SAY_TOP) if top else (panel.BANNER_BOTTOM, panel.SAY_BOTTOM)
        if self.banner.active(now):
            self.banner.draw(surf, rect, now, room=room)
            return
        paid = panel.board_words(self, now)
        if paid:  # a payment with long names: over the half of the board Omar is not in
            box = room_for(paid, rect, room)
            pygame.draw.rect(surf, theme.PANEL_HI, box, border_radius=8)
            Label(paid, inset(box, 8, 4), role="say", color=theme.GOLD, wrap=True).draw(surf)

    def board_key(self, now: float) -> tuple[Hashable, ...]:
        """Everything the board shows: the state, the carpet being chosen, Omar's place."""
        busy = self.animating(now)
        return (self.state, busy, self.omar_drawn(now), self.colour, self.first, self.pick)

    def panel_keys(self, now: float) -> dict[str, Hashable]:
        """Everything each band of the panel shows (``PANEL_BANDS``): the keys and the die;
        whose turn it is and the status; the keys and the colour key's count; the scores of
        the state shown and their headings."""
        rolling = self.rolling(now)
        self._panel_face = self._faces.choice(FACES) if rolling else None
        shown = self.shown(now)
        held = self.controls.held
        pressed = held.ident if held is not None else None
        looks: dict[str, list[Hashable]] = {name: [] for name in PANEL_BANDS}
        for c in self.controls.items:
            looks[_band_of(c.rect)].append((c.ident, tuple(c.rect), c.label, c.enabled, c.selected, c.icon,
                                            c.visible, c.ident == pressed))
        seat = self.view.seat
        colour_key = any(isinstance(c.key, tuple) and c.key[0] == "colour" for c in self.controls.items)
        left = tuple(self.carpets_left(seat).items()) if colour_key and seat is not None else None
        return {"top": (tuple(looks["top"]), None if rolling else self.die_value, rolling),
                "words": (self.t.lang, seat, panel.turn_text(self, seat) if seat is not None else None,
                          panel.status_text(self, now), bool(self.pay_area()) and self.state.phase == "place"),
                "keys": (tuple(looks["keys"]), seat, left),
                "scores": (self.t.lang, self.state.phase == "over", tuple(self.score_rows(shown)))}

    def paint_board(self, surf: pygame.Surface) -> None:
        now = self._now
        st, view = self.state, self.view
        for strip in BOARD_EDGES:  # the rest of the area is the board picture
            surf.fill(theme.BG, strip)
        self.picture.draw(surf, st.board)
        busy = self.animating(now)
        labels: dict[tuple[int, int], str] = {}
        if busy:
            pass  # the walk is all there is to see
        elif st.phase in ("roll", "heading"):
            hint = view.hint_for(st.facing)
            if hint is not None:
                labels = {cell: f"{round(p * 100)}%" for cell, p in hint.cells.items()}
        elif st.phase == "place":
            self.draw_place(surf)
        high = st.omar in labels
        board.draw_labels(surf, labels, st.omar)
        pos, facing = self.omar_drawn(now)
        board.draw_omar(surf, pos, facing, allowed=view.allowed, high=high and not busy,
                        choosing=not busy and st.phase in ("roll", "heading"))

    def paint_panel(self, surf: pygame.Surface) -> None:
        """The whole panel at once (the layer paints it band by band, ``paint_band``)."""
        surf.fill(theme.BG, PANEL_AREA)
        for name in PANEL_BANDS:
            self.paint_band(surf, name)

    def draw_place(self, surf: pygame.Surface) -> None:
        board.draw_payment(surf, self.pay_area())
        options = self.placements()
        chosen = self.chosen()
        if chosen is not None:
            board.draw_preview(surf, chosen[0], chosen[1], chosen[2])
        elif self.first is None:
            for cell in {c for a, b, _ in options for c in (a, b)}:
                board.outline(surf, board.cell_rect(*cell).inflate(-2, -2), theme.GOOD)
        else:
            board.outline(surf, board.cell_rect(*self.first).inflate(-2, -2), board.LIGHT, 6)
            for a, b, _ in options:
                if self.first in (a, b):
                    board.outline(surf, board.cell_rect(*(b if a == self.first else a)).inflate(-2, -2), theme.GOOD)

    def pay_area(self) -> list[tuple[int, int]]:
        if not self.session.actions or self.session.actions[-1]["action"] != "roll":
            return []
        return [tuple(c) for ev in self.session.events[-1] if ev.kind == "pay" for c in ev.data.get("area", [])]

    def omar_drawn(self, now: float) -> tuple[tuple[int, int], str]:
        if self.animating(now):
            k = int((now - self.anim_start - self.roll_s) / self.step_s)
            if k < 0:
                return self.before.omar, self.before.facing
            r, c, d = self.anim_path[min(k, len(self.anim_path) - 1)]
            return (r, c), d
        return self.state.omar, self.state.facing

    def paint_band(self, surf: pygame.Surface, name: str) -> None:
        """One band of the panel (``PANEL_BANDS``), on the panel's ground."""
        now = self._now
        shown = self.shown(now)
        seat = self.view.seat
        if name == "top":
            rolling = self.rolling(now)
            face = self._panel_face if rolling and self._panel_face is not None else self.die_value
            board.draw_die(surf, panel.DIE, self._faces.choice(FACES) if rolling and face is None else face, rolling)
            self.draw_controls(surf, name)
        elif name == "words":
            if seat is not None:
                colours = shown.state.colors[seat]
                w = panel.SWATCH // len(colours)
                for k, c in enumerate(colours):
                    surf.blit(theme.swatch(c, w, panel.TURN.h - 6), (panel.TURN.x + k * w, panel.TURN.y + 3))
                sw = panel.TURN_NAME
                Label(panel.turn_text(self, seat), pygame.Rect(panel.TURN.x + sw, panel.TURN.y, panel.TURN.w - sw,
                                                               panel.TURN.h), role="read", color=theme.GOLD).draw(surf)
            self.status_label(now).draw(surf)
        elif name == "keys":
            self.draw_controls(surf, name)
            self.draw_key_faces(surf)
        else:
            self.draw_scores(surf, shown)

    def score_rows(self, view: View) -> list[ScoreRow]:
        """The scores' rows of ``view`` (the state shown), made once per view: every frame
        asks for them."""
        if self._rows is None or self._rows[0] is not view:
            self._rows = (view, panel.score_rows(self, view))
        return self._rows[1]

    def status_label(self, now: float) -> Label:
        """The status lines at ``now``: what the table is told (the payment in gold)."""
        return Label(panel.status_text(self, now), panel.STATUS, role="say", wrap=True, valign="top",
                     color=theme.GOLD if self.pay_area() and self.state.phase == "place" else theme.INK)

    def shape_the_stop(self) -> None:
        """Shape the status and the scores the panel shows once Omar stops, in a frame of the
        roll that paints no panel (the die tumbling, Omar walking: a blit of the panel and a
        face or the board): the frame he stops on paints both bands again, with the payment
        in words and new figures, and finds their texts shaped. Nothing is drawn; the kit
        keeps the texts (bounded by bytes)."""
        self._shaped_for = self.state
        self.status_label(self.anim_end()).fitted()
        self.scores.shape(self.score_rows(self.view))

    def draw_controls(self, surf: pygame.Surface, band: str) -> None:
        """The controls in the panel's ``band``, the one a finger is on lit (as
        ``Controls.draw`` draws them; the loop has noticed the controls on screen before the
        frame)."""
        held = self.controls.held
        for c in self.controls.items:
            if _band_of(c.rect) == band:
                c.pressed = held is not None and c.ident == held.ident
                c.draw(surf)

    def draw_scores(self, surf: pygame.Surface, shown: View) -> None:
        """The scores of the state shown, the real-die keys' label over them, and a line
        through the name of a player who went out."""
        self.scores.draw(surf, self.score_rows(shown))
        room = self.scores.caption_room()
        if self.state.phase != "over" and room is not None:  # the real-die keys' label: a tab under them
            text = self.t("suleika.ui.real_die")
            top = panel.KEYS[0].bottom
            tab = pygame.Rect(room.x, top, min(room.w, Label(text, room).fitted().image.get_width() + 16),
                              room.bottom - top)
            pygame.draw.rect(surf, theme.PANEL_HI, tab, border_bottom_left_radius=8, border_bottom_right_radius=8)
            Label(text, pygame.Rect(tab.x + 8, room.y, tab.w - 8, room.h), color=theme.INK).draw(surf)
        for i, _line in enumerate(self.scores.rows):
            if i < shown.state.players and shown.state.out[i]:
                cell = self.scores.name_cell(i)
                pygame.draw.line(surf, theme.BAD, (cell.x, cell.centery), (cell.right, cell.centery), 3)

    def draw_key_faces(self, surf: pygame.Surface) -> None:
        """Pips on the real-die keys and the colour on the colour key (drawn over the keys)."""
        for c in self.controls.items:
            if isinstance(c.key, tuple) and c.key[0] == "die":
                face = pygame.Rect(0, 0, 50, 50)
                face.center = c.rect.center
                if 1 <= c.key[1] <= 4:  # pips: a picture made once
                    surf.blit(board.key_face(c.key[1]), face)
                else:  # a figure, as text (the audit reads it)
                    pygame.draw.rect(surf, board.KEY_FACE, face, border_radius=8)
                    board.draw_pips(surf, face, c.key[1], board.KEY_PIPS)
            elif isinstance(c.key, tuple) and c.key[0] == "colour" and c.key[1]:
                surf.blit(theme.swatch(c.key[1], c.rect.w - 16, c.rect.h - 16), c.rect.inflate(-16, -16))
                seat = self.view.seat
                if seat is not None:  # how many of this colour are left, on a dark chip
                    chip = pygame.Rect(0, 0, 44, 36)
                    chip.center = c.rect.center
                    pygame.draw.rect(surf, board.DARK, chip, border_radius=6)
                    Label(str(self.carpets_left(seat).get(c.key[1], 0)), chip, role="read",
                          align="center").draw(surf)

    # -- what the app, the demo and the end screen ask ----------------------------------------
    def turns_played(self) -> int:
        """Completed turns: each turn ends with a carpet laid."""
        return sum(1 for a in self.session.actions if a["action"] == "place")

    def demo_presses(self, rng: random.Random) -> list[str]:
        """The presses a player at the table would make next (attract mode and the demo)."""
        st = self.state
        if st.phase == "place":
            held, colour = self.view.held_now, self.current_colour()
            switch = ["straight"] if len(held) > 1 and rng.random() < 0.5 else []
            if switch and colour is not None:
                colour = held[(held.index(colour) + 1) % len(held)]
            options = self.view.placements_of(colour)
            return switch + ["right"] * (rng.randrange(len(options)) + 1) + ["ok"] if options else []
        if st.phase in ("roll", "heading"):
            return [rng.choice(["left", "straight", "straight", "right"]), "roll"]
        return []

    def seat_colours(self, seat: int) -> tuple[str, ...]:
        return tuple(self.state.colors[seat])

    def end_rows(self) -> list[tuple[str, list[Any]]]:
        st, view = self.state, self.view
        return [(self.t("money"), list(st.money)), (self.t("suleika.ui.visible"), list(view.visible)),
                (self.t("score"), list(view.scores))]

    def end_picture_rect(self) -> pygame.Rect | None:
        """The final board at the right of the end screen: 230 px wide where the names are
        short enough for the figures' table beside it (some 230 px a name); narrower (148 px)
        where a name is wider, so that the table keeps every name of 14 letters whole at the
        read size; always as wide as the longest word of a tie-break's note, which must be
        read whole (a name then gets a little smaller rather than the note break a word)."""
        widest = max(text_size(name, read_size())[0] for name in self.seat_names())
        w = END_PICTURE_W if widest <= END_PICTURE_W else END_PICTURE_NARROW
        words = self.tie_break().split()
        if words:
            # a word and the space after it: SDL_ttf breaks a line narrower than that before
            # the space, which then starts the next line (" mehr")
            w = max(w, max(text_size(word + " ", read_size(), True)[0] for word in words) + 4)
        return pygame.Rect(780 - w, 122, w, 270)

    def tie_break(self) -> str:
        """Why the winner won when the points tie ("Gleichstand: mehr Felder, 12 zu 11"),
        or "" when the points alone decided (or several share the win: the end screen says so);
        worked out once per position and language (the end screen asks twice: the picture's
        width, and its note)."""
        return self.session.per_position(f"suleika.tie_break.{self.t.lang}", lambda _state: self._tie_break())

    def _tie_break(self) -> str:
        st, view = self.state, self.view
        won = self.winners()
        inside = [s for s in range(st.players) if not st.out[s]]
        if len(won) != 1 or not inside:
            return ""
        top = view.scores[won[0]]
        others = [s for s in inside if s != won[0] and view.scores[s] == top]
        if not others:
            return ""
        by = list(view.visible) if st.rules == "suleika" else list(st.money)
        key = "tie_cells" if st.rules == "suleika" else "tie_money"
        return self.t(f"suleika.ui.{key}", score=top, a=by[won[0]], b=max(by[s] for s in others))

    def draw_end_picture(self, surf: pygame.Surface, rect: pygame.Rect) -> None:
        """The final board, and under it how many cells each colour shows; when the points
        tied, what broke the tie in its place (the cells are also in the "Felder" row)."""
        st = self.state
        why = self.tie_break()
        if why:
            note = room_for(why, pygame.Rect(rect.x, rect.bottom - 2 * line_height(read_size()), rect.w,
                                             2 * line_height(read_size())), rect)
            side = min(rect.w, note.y - rect.y - 4)
            board.draw_mini(surf, pygame.Rect(rect.centerx - side // 2, rect.y, side, side), st)
            Label(why, note, role="say", wrap=True, color=theme.GOLD, valign="bottom").draw(surf)
            return
        colours = [c for seat in st.colors for c in seat]
        counts = {c: sum(1 for line in st.board for top in line if top is not None and top[0] == c) for c in colours}
        across = max(1, min(len(colours), rect.w // COUNT_W))  # a swatch and two digits each, whole
        lines = -(-len(colours) // across)
        side = min(rect.w, rect.h - 30 * lines - 4)
        board.draw_mini(surf, pygame.Rect(rect.centerx - side // 2, rect.y, side, side), st)
        slots = [slot for k in range(lines)
                 for slot in row(pygame.Rect(rect.x, rect.y + side + 4 + 30 * k, rect.w, 30),
                                 len(colours[k * across:(k + 1) * across]), 4)]
        for colour, slot in zip(colours, slots, strict=True):
            surf.blit(theme.swatch(colour, 22, 22), (slot.x, slot.y + 4))
            Label(str(counts[colour]), pygame.Rect(slot.x + 26, slot.y, slot.w - 26, slot.h), role="min").draw(surf)
