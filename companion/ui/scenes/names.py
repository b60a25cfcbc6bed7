"""An on-screen keyboard for a player's name (touch only; a desktop keyboard types too)."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from companion.ui import theme
from companion.ui.scene import Scene
from companion.ui.widgets import Button

ROWS = ("QWERTZUIOPÜ", "ASDFGHJKLÖÄ", "YXCVBNM-ß ")
MAX_LEN = 12


class NameScene(Scene):
    def __init__(self, app, name: str, done: Callable[[str], None], back: Scene) -> None:
        super().__init__(app)
        self.name, self.done, self.back = name, done, back
        self.fresh = True  # the first letter typed replaces the suggested name

    def type(self, ch: str) -> None:
        if self.fresh:
            self.name, self.fresh = "", False
        if len(self.name) < MAX_LEN:
            self.name += ch if not self.name else ch.lower()

    def finish(self) -> None:
        self.done(self.name.strip() or "?")
        self.app.show(self.back)

    def on_input(self, ev) -> None:
        if ev.name == "ok":
            self.finish()
        elif ev.name == "undo":
            self.name = self.name[:-1]
        self.dirty = True

    def draw(self, surf: pygame.Surface) -> None:
        surf.fill(theme.BG)
        pygame.draw.rect(surf, theme.PANEL, (40, 20, 720, 70), border_radius=10)
        theme.blit_text(surf, self.name + "_", (60, 36), 48, theme.INK)
        self.buttons = []
        for r, row in enumerate(ROWS):
            for c, ch in enumerate(row):
                rect = pygame.Rect(20 + c * 69 + r * 20, 110 + r * 80, 64, 72)
                self.buttons.append(Button(rect, "_" if ch == " " else ch, lambda ch=ch: self.type(ch), size=34))
        self.buttons.append(Button(pygame.Rect(20, 360, 240, 100), "DEL", lambda: setattr(self, "name", self.name[:-1]), size=40))
        self.buttons.append(Button(pygame.Rect(540, 360, 240, 100), self.t("ok"), self.finish, size=40, selected=True))
        for b in self.buttons:
            b.draw(surf)
