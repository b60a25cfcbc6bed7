"""The button test: asks for each button in turn and shows when its press arrives."""

from __future__ import annotations

import pygame

from companion.inputs.events import BUTTONS, InputEvent
from companion.ui import theme
from companion.ui.scene import Scene


class SelftestScene(Scene):
    """``results[name]`` becomes the press-to-screen time in seconds once the press is drawn."""

    def __init__(self, app, buttons: tuple[str, ...] = BUTTONS) -> None:
        super().__init__(app)
        self.order = list(buttons)
        self.index = 0
        self.arrived: dict[str, InputEvent] = {}
        self.results: dict[str, float] = {}

    @property
    def asking(self) -> str | None:
        return self.order[self.index] if self.index < len(self.order) else None

    def on_input(self, ev: InputEvent) -> None:
        if ev.name == self.asking:
            self.arrived[ev.name] = ev
            self.index += 1
        self.dirty = True

    def draw(self, surf: pygame.Surface) -> None:
        surf.fill(theme.BG)
        theme.blit_text(surf, self.t("selftest_title"), (400, 16), 44, theme.GOLD, bold=True, anchor="midtop")
        for i, name in enumerate(self.order):
            y = 90 + i * 56
            done = name in self.arrived
            col = theme.GOOD if done else (theme.GOLD if name == self.asking else theme.INK_DIM)
            pygame.draw.circle(surf, col, (180, y + 20), 16, 0 if done else 3)
            theme.blit_text(surf, self.t(name), (220, y + 4), 36, col)
        msg = self.t("selftest_done") if self.asking is None else self.t("selftest_press", button=self.t(self.asking))
        theme.blit_text(surf, msg, (400, 440), 32, theme.INK, anchor="midtop")

    def frame_shown(self, at: float) -> None:
        """Called by the driver after a frame: every arrived press not yet timed is now visible."""
        for name, ev in self.arrived.items():
            self.results.setdefault(name, at - ev.t)
