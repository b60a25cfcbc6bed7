"""The Suleika table: heading, roll, Omar's walk, the payment, placing a carpet, the scores.

Buttons: LEFT / AHEAD / RIGHT set Omar's heading, ROLL rolls (or a typed die value from a
real die), then LEFT / RIGHT step through the legal placements, AHEAD switches the carpet
colour (two players), OK lays it, UNDO takes back anything but a roll. Touch does the same:
arrows round Omar, two taps for a carpet.
"""

from __future__ import annotations

import random

import pygame

from companion.engine import suleika
from companion.engine.base import IllegalAction
from companion.inputs.events import InputEvent
from companion.session.session import Session
from companion.ui import theme
from companion.ui.table import TableScene
from companion.ui.scenes import suleika_board as board
from companion.ui.widgets import Button

ROLL_S = 0.45   # the die tumbles this long; its value was fixed at the press
STEP_S = 0.04   # then Omar walks, this long per cell
LEFT_OF = {"N": "W", "W": "S", "S": "E", "E": "N"}
RIGHT_OF = {v: k for k, v in LEFT_OF.items()}
PANEL_X = 476


class SuleikaScene(TableScene):
    def __init__(self, app, session: Session) -> None:
        super().__init__(app, session)
        self.session = session
        self.first: tuple[int, int] | None = None     # first tapped half of a carpet
        self.pick: int | None = None                  # index into the placements (buttons)
        self.colour: str | None = None                # colour to lay (two players)
        self.anim_start = 0.0
        self.anim_path: list = []
        # after a resume the die shows the last roll of the game
        self.die_value: int | None = next((a["value"] for a in reversed(session.actions)
                                           if a["action"] == "roll"), None)
        self.last_pay: str = ""
        self.pay_area: frozenset = frozenset()
        self._hint_for = None
        self._hint = None
        self._faces = random.Random()  # only for the tumbling picture, never for the result

    # -- reading the state ------------------------------------------------------------------
    @property
    def state(self):
        return self.session.state

    def name(self, seat: int) -> str:
        return self.state.names[seat]

    def placements(self) -> list[tuple]:
        colour = self.current_colour()
        return [p for p in suleika.legal_placements(self.state) if p[2] == colour]

    def current_colour(self) -> str | None:
        seat = self.session.engine.current_player(self.state)
        if seat is None:
            return None
        left = suleika.carpets_left(self.state, seat)
        held = [c for c in suleika.seat_colors(self.state, seat) if left.get(c, 0) > 0]
        if self.colour not in held:
            self.colour = held[0] if held else None
        return self.colour

    def hint(self):
        """The hint for Omar's current heading, worked out once per state (the board and the
        panel both show it, every frame of an animation)."""
        if self._hint_for is not self.state:
            self._hint_for = self.state
            self._hint = suleika.hint(self.state).get(self.state.facing)
        return self._hint

    def is_busy(self) -> bool:
        return self.app.now() < self.anim_end()

    def anim_end(self) -> float:
        if not self.anim_path:
            return 0.0
        return self.anim_start + ROLL_S + STEP_S * len(self.anim_path)

    # -- commands ---------------------------------------------------------------------------
    def face(self, d: str) -> None:
        if d != self.state.facing:
            self.attempt(self.session.act, {"action": "face", "dir": d})

    def turn(self, which: str) -> None:
        allowed = suleika.allowed_headings(self.state)
        if not allowed:
            self.say(self.t("place_hint") if self.state.phase == "place" else "", bad=True)
            return
        base = self.base_heading(allowed)
        target = {"left": LEFT_OF[base], "right": RIGHT_OF[base], "straight": base}[which]
        if len(allowed) == 4:  # first turn: any heading; the buttons turn him step by step
            target = {"left": LEFT_OF[self.state.facing], "right": RIGHT_OF[self.state.facing],
                      "straight": self.state.facing}[which]
        self.face(target)

    @staticmethod
    def base_heading(allowed: list[str]) -> str:
        for h in allowed:
            if LEFT_OF[h] in allowed and RIGHT_OF[h] in allowed:
                return h
        return allowed[0]

    def roll(self, value: int | None = None) -> None:
        events = self.attempt(self.session.roll, value)
        if events is None:
            return
        self.app.sounds.play("roll")
        self.first, self.pick = None, None
        self.last_pay, self.pay_area = "", frozenset()
        for ev in events:
            if ev.kind == "move":
                self.anim_path = ev.data["path"]
            elif ev.kind == "roll":
                self.die_value = ev.data.get("value")
            elif ev.kind == "pay":
                d = ev.data
                self.pay_area = frozenset(tuple(c) for c in d.get("area", []))
                self.last_pay = self.t("pays", payer=self.name(d["payer"]), amount=d["amount"], payee=self.name(d["payee"]))
                if d["amount"] < d.get("due", d["amount"]):
                    self.last_pay = self.t("pays_short", payer=self.name(d["payer"]), amount=d["amount"],
                                           payee=self.name(d["payee"]), due=d["due"])
            elif ev.kind == "out":
                self.last_pay += " — " + self.t("is_out", name=self.name(ev.data["seat"]))
        # the die shows what was rolled this time, always (not a value kept from before)
        self.die_value = self.session.actions[-1]["value"]
        if not self.anim_path:
            self.anim_path = [[*self.state.omar, self.state.facing]]
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
        if self.attempt(self.session.undo) is not None:
            self.say(self.t("undone"))

    # -- input ------------------------------------------------------------------------------
    def on_input(self, ev: InputEvent) -> None:
        self.anim_path = [] if self.is_busy() else self.anim_path  # a press ends the animation
        phase = self.state.phase
        if ev.name == "undo":
            self.undo()
        elif ev.name == "roll":
            self.roll(ev.value)
        elif phase == "place":
            self.on_place_input(ev.name)
        elif ev.name in ("left", "right", "straight"):
            self.turn(ev.name)
        elif ev.name == "ok" and phase == "heading":
            self.say(self.t("turn_of", name=self.name(self.session.engine.summary(self.state)["turn"])))
        self.dirty = True

    def on_place_input(self, name: str) -> None:
        options = self.placements()
        if name in ("left", "right") and options:
            step = 1 if name == "right" else -1
            self.pick = (0 if step == 1 else len(options) - 1) if self.pick is None else (self.pick + step) % len(options)
            self.first = None
        elif name == "straight":
            self.next_colour()
        elif name == "ok":
            chosen = self.chosen()
            if chosen is None:
                self.say(self.t("place_hint"), bad=True)
            else:
                self.place(chosen[0], chosen[1])

    def next_colour(self) -> None:
        seat = self.session.engine.current_player(self.state)
        if seat is None:
            return
        left = suleika.carpets_left(self.state, seat)
        held = [c for c in suleika.seat_colors(self.state, seat) if left.get(c, 0) > 0]
        if len(held) > 1:
            self.colour = held[(held.index(self.current_colour()) + 1) % len(held)]
            self.pick = None

    def chosen(self) -> tuple | None:
        options = self.placements()
        if self.pick is not None and options:
            return options[self.pick % len(options)]
        return None

    def on_free_tap(self, pos: tuple[int, int]) -> None:
        st = self.state
        if st.phase != "place":
            for d in suleika.allowed_headings(st):
                if board.arrow_rect(st.omar, d).collidepoint(pos):
                    self.face(d)
                    return
            return
        cell = board.cell_at(pos)
        if cell is None:
            self.first, self.pick = None, None
            return
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
        # not a legal pair: let the engine say why, without changing anything
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
                self.say(self.t.refusal("suleika", exc), bad=True)
                return

    # -- time -------------------------------------------------------------------------------
    def update(self, now: float) -> bool:
        busy = now < self.anim_end()
        if busy:
            self.dirty = True
        return busy

    # -- drawing ----------------------------------------------------------------------------
    # -- what the app, the demo and the end screen ask ----------------------------------------
    def turns_played(self) -> int:
        return _turns_played(self.session)

    def demo_presses(self, rng: random.Random) -> list[str]:
        return _demo_presses(self, rng)

    def seat_colours(self, seat: int) -> tuple[str, ...]:
        return tuple(suleika.seat_colors(self.state, seat))

    def end_rows(self) -> list[tuple[str, list]]:
        st = self.state
        return [(self.t("money"), list(st.money)),
                (self.t("visible"), [suleika.visible_cells(st, i) for i in range(len(st.money))]),
                (self.t("score"), list(suleika.scores(st)))]

    def draw(self, surf: pygame.Surface) -> None:
        now = self.app.now()
        st = self.state
        surf.fill(theme.BG)
        board.draw_balconies(surf, st.corner_loops)
        highlight: dict = {}
        labels: dict = {}
        preview = None
        rolling = now < self.anim_start + ROLL_S and bool(self.anim_path)
        walking = not rolling and now < self.anim_end()
        if st.phase in ("roll", "heading") and not walking and not rolling:
            h = self.hint()
            if h is not None:
                for cell, p in h.cells.items():
                    highlight[cell] = (120, 200, 255)
                    labels[cell] = f"{round(p * 100)}%"
        elif st.phase == "place" and not walking and not rolling:
            for cell in self.pay_area:
                highlight[cell] = theme.GOLD
            options = self.placements()
            chosen = self.chosen()
            if chosen is not None:
                preview = chosen
            elif self.first is None:
                for a, b, _ in options:
                    highlight[a] = highlight[b] = theme.GOOD
            else:
                highlight[self.first] = theme.INK
                for a, b, _ in options:
                    if self.first in (a, b):
                        highlight[b if a == self.first else a] = theme.GOOD
        board.draw_board(surf, st, highlight=highlight, labels=labels, preview=preview)
        pos, facing = self.omar_drawn(now)
        if st.phase in ("roll", "heading") and not rolling and not walking:
            for d in suleika.allowed_headings(st):
                board.draw_arrow(surf, st.omar, d, d == st.facing)
        board.draw_omar(surf, pos, facing)
        self.draw_panel(surf, now, rolling)

    def omar_drawn(self, now: float) -> tuple[tuple[float, float], str]:
        st = self.state
        if self.anim_path and now < self.anim_end():
            k = int((now - self.anim_start - ROLL_S) / STEP_S)
            if k < 0:
                prev = self.session.states[-2] if len(self.session.states) > 1 else st
                return prev.omar, prev.facing
            r, c, d = self.anim_path[min(k, len(self.anim_path) - 1)]
            return (r, c), d
        return st.omar, st.facing

    def draw_panel(self, surf: pygame.Surface, now: float, rolling: bool) -> None:
        st = self.state
        eng = self.session.engine
        x = PANEL_X
        seat = eng.current_player(st)
        self.buttons = []
        if seat is not None:
            for k, c in enumerate(suleika.seat_colors(st, seat)):
                surf.blit(theme.swatch(c, 26, 26), (x + k * 30, 10))
            theme.blit_text(surf, self.t("turn_of", name=self.name(seat)), (x + 66, 10), 32, theme.INK, bold=True)
        status = {"roll": self.t("face_hint"), "place": self.last_pay or self.t("place_hint")}.get(st.phase, "")
        if st.phase == "roll" and not rolling:
            h = self.hint()
            if h is not None:
                status += "  ·  " + self.t("expected", amount=f"{h.expected_payment:.1f}")
        if st.phase == "heading":
            nxt = eng.summary(st)["turn"]
            status = self.t("heading_hint", name=self.name(seat), next=self.name(nxt))
        if st.phase == "place" and self.first is not None:
            status = self.t("place_second")
        if st.phase == "place" and self.chosen() is not None:
            status = self.t("place_confirm")
        if self.banner.active(now):
            self.banner.draw(surf, pygame.Rect(x, 42, 316, 72), now)
        else:
            for i, line in enumerate(theme.wrap(status, 24, 312)[:3]):
                theme.blit_text(surf, line, (x, 46 + i * 22), 24, theme.GOLD if i == 0 and self.last_pay else theme.INK)
        die = pygame.Rect(x, 120, 88, 88)
        shown = self._faces.choice((1, 2, 2, 3, 3, 4)) if rolling else self.die_value
        board.draw_die(surf, die, shown, rolling)
        can_roll = eng.chance(st) is not None
        b = self.buttons
        b.append(Button(pygame.Rect(x + 100, 120, 216, 88), self.t("roll"), lambda: self.roll(), enabled=can_roll,
                        size=40, selected=can_roll))
        row = pygame.Rect(x, 214, 100, 60)
        if st.phase == "place":
            colour = self.current_colour()
            b.append(Button(row.copy(), self.t("cancel"), self.cancel))
            held = suleika.seat_colors(st, seat) if seat is not None else ()
            if len(held) > 1 and colour:
                b.append(Button(row.move(108, 0), "", self.next_colour))
            b.append(Button(row.move(216, 0), self.t("ok"), lambda: self.on_place_input("ok"),
                            enabled=self.chosen() is not None, selected=self.chosen() is not None, size=34))
        else:
            for k, which in enumerate(("left", "straight", "right")):
                b.append(Button(row.move(k * 108, 0), self.t(which), lambda w=which: self.turn(w),
                                enabled=bool(suleika.allowed_headings(st)), size=26))
        b.append(Button(pygame.Rect(x, 290, 100, 50), self.t("undo"), self.undo, enabled=self.session.can_undo(),
                        size=24))
        # a real die: type its value
        theme.blit_text(surf, self.t("typed_die"), (x + 110, 278), 18, theme.INK_DIM)
        faces = sorted(set(eng.chance(st).faces)) if can_roll else [1, 2, 3, 4]
        for k, v in enumerate(faces):
            b.append(Button(pygame.Rect(x + 108 + k * 52, 294, 48, 46), str(v), lambda v=v: self.roll(v),
                            enabled=can_roll, size=28))
        for btn in b:
            btn.draw(surf)
        if st.phase == "place" and seat is not None and len(suleika.seat_colors(st, seat)) > 1 and self.current_colour():
            surf.blit(theme.swatch(self.current_colour(), 84, 44), (x + 116, 222))
        self.draw_scores(surf, pygame.Rect(x, 366, 316, 112))

    def cancel(self) -> None:
        self.pick, self.first = None, None

    def draw_scores(self, surf: pygame.Surface, rect: pygame.Rect) -> None:
        st = self.state
        scores = suleika.scores(st)
        cur = self.session.engine.current_player(st)
        h = min(28, rect.h // st.players)
        theme.blit_text(surf, f"{self.t('money')} / {self.t('visible')} / {self.t('carpets')} = {self.t('score')}",
                        (rect.right, rect.y - 18), 18, theme.INK_DIM, anchor="topright")
        for i in range(st.players):
            row = pygame.Rect(rect.x, rect.y + i * h, rect.w, h - 2)
            if i == cur:
                pygame.draw.rect(surf, theme.PANEL_HI, row, border_radius=6)
            for k, c in enumerate(suleika.seat_colors(st, i)):
                surf.blit(theme.swatch(c, 14, h - 6), (row.x + 3 + k * 16, row.y + 2))
            ink = theme.INK_DIM if st.out[i] else theme.INK
            theme.blit_text(surf, self.name(i)[:10], (row.x + 38, row.y + 4), 24, ink)
            left = sum(suleika.carpets_left(st, i).values())
            figures = f"{st.money[i]} / {suleika.visible_cells(st, i)} / {left} = {scores[i]}"
            if st.out[i]:
                figures = f"{self.t('out')}  {figures}"
            theme.blit_text(surf, figures, (row.right - 4, row.y + 4), 24, ink, anchor="topright")


def _turns_played(session: Session) -> int:
    """Completed turns: each turn ends with a carpet laid."""
    return sum(1 for a in session.actions if a["action"] == "place")


def _demo_presses(scene: SuleikaScene, rng: random.Random) -> list[str]:
    """The presses a player at the table would make next (attract mode and the demo)."""
    st = scene.state
    if st.phase == "place":
        switch = ["straight"] if len(suleika.seat_colors(st, st.current)) > 1 and rng.random() < 0.5 else []
        options = scene.placements()
        return switch + ["right"] * (rng.randrange(len(options)) + 1) + ["ok"] if options else []
    if st.phase in ("roll", "heading"):
        return [rng.choice(["left", "straight", "straight", "right"]), "roll"]
    return []
