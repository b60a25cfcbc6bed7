"""The race table: two tracks, ROLL rolls, OK stops after a 6."""

from __future__ import annotations

import random
from typing import Any

import pygame

from companion.inputs.events import InputEvent
from companion.ui import theme
from companion.ui.table import TableScene
from companion.ui.widgets import Button


class RaceScene(TableScene):
    def __init__(self, app: Any, session: Any) -> None:
        super().__init__(app, session)
        self.buttons = [
            Button(pygame.Rect(20, 400, 240, 70), self.t("roll"), self.roll, size=32),
            Button(pygame.Rect(280, 400, 240, 70), self.t("race.ui.stop"), self.stop, size=32),
            # like every table: a way to the pause screen (go on, the menu, end the game)
            Button(pygame.Rect(540, 400, 240, 70), self.t("menu"), self.on_menu, size=32, key="menu"),
        ]

    def roll(self) -> None:
        self.attempt(self.session.roll)

    def stop(self) -> None:
        self.attempt(self.session.act, {"action": "stop"})

    def on_input(self, ev: InputEvent) -> None:
        if ev.name == "roll":
            self.roll()
        elif ev.name == "ok":
            self.stop()
        self.dirty = True

    def turns_played(self) -> int:
        return sum(1 for a in self.session.actions if a["action"] == "roll")

    def demo_presses(self, rng: random.Random) -> list[str]:
        return ["ok"] if self.session.state.may_stop and rng.random() < 0.5 else ["roll"]

    def end_rows(self) -> list[tuple[str, list[Any]]]:
        return [(self.t("race.ui.position"), list(self.session.state.pos))]

    def draw(self, surf: pygame.Surface) -> None:
        surf.fill(theme.BG)
        st = self.session.state
        for seat in range(2):
            y = 80 + seat * 120
            theme.blit_text(surf, self.seat_name(seat), (20, y), 32, theme.INK)
            theme.blit_text(surf, f"{st.pos[seat]} / {st.goal}", (400, y), 32, theme.GOLD)
        for b in self.buttons:
            b.draw(surf)
        self.banner.draw(surf, pygame.Rect(20, 320, 760, 70), self.app.now())
