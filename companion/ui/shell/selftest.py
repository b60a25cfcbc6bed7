"""The button test: asks for each button in turn and shows when its press arrives.

The way back: the "Back" key at the top right (a touch), holding UNDO (the long press that
opens the pause menu elsewhere), or OK once every button has been tested. Opened from the
staff menu (``back="staff"``) it goes back there, without the PIN for a short while; left
alone for that while, it goes to the game menu by itself. Started by ``companion selftest``
(no ``back``), leaving ends the command.
"""

from __future__ import annotations

from typing import Any

import pygame

from companion.inputs.events import BUTTONS, InputEvent
from companion.ui import theme
from companion.ui.kit import Label, min_size, read_size
from companion.ui.scene import Scene
from companion.ui.widgets import Button

BACK = pygame.Rect(640, 8, 148, 72)
TITLE = pygame.Rect(170, 8, 460, 72)
#: seconds without a press after which a button test opened from the staff menu closes
IDLE_S = 120.0


class SelftestScene(Scene):
    """Asks for each button in turn; ``arrived[name]`` is the press of the button asked for,
    ``missing()`` the ones whose wait ran out (the app keeps the press-to-screen times)."""

    def __init__(self, app: Any, buttons: tuple[str, ...] = BUTTONS, back: str | None = None) -> None:
        super().__init__(app)
        self.order = list(buttons)
        self.index = 0
        self.arrived: dict[str, InputEvent] = {}
        self.back = back
        self.touched = app.now()
        #: buttons whose input the debouncer has switched off (floating, storming), as last drawn
        self.noisy: list[str] = []
        self.buttons = [Button(BACK, self.t("back"), self.leave, size=min_size(), role="min", key=("selftest", "back"))]

    @property
    def asking(self) -> str | None:
        return self.order[self.index] if self.index < len(self.order) else None

    def leave(self) -> None:
        """Back to the staff menu (or end ``companion selftest``)."""
        if self.back == "staff" and "staff" in self.app.routes:
            self.go("staff", page="menu", back=self)
        elif self.back is None and self.app.driver is not None:
            self.app.quit()
        else:
            self.go("menu")

    def on_menu(self) -> bool:
        """UNDO held: the way back by the buttons alone."""
        self.leave()
        return True

    def on_input(self, ev: InputEvent) -> None:
        self.touched = self.app.now()
        if ev.name == self.asking:
            self.arrived[ev.name] = ev
            self.index += 1
            self.banner.text = ""
        elif self.asking is None and ev.name == "ok":
            self.leave()
            return
        elif self.asking is not None and ev.name in self.order:
            # a button wired to the wrong pin, or the wrong one pressed: say which came
            self.say(self.t("selftest_wrong", got=self.t(ev.name), want=self.t(self.asking)), bad=True)
        self.dirty = True

    def missing(self) -> list[str]:
        """The buttons asked for whose press never arrived (the wait for them ran out)."""
        return [name for name in self.order[: self.index] if name not in self.arrived]

    def on_press(self, pos: tuple[int, int]) -> None:
        self.touched = self.app.now()
        super().on_press(pos)

    def update(self, now: float) -> bool:
        noisy = self.app.hub.noisy()
        if noisy != self.noisy:  # a floating pin is named at once, and when it is quiet again
            self.noisy = noisy
            self.dirty = True
        if self.back == "staff" and now - self.touched >= IDLE_S:
            # the staff walked away: the staff screens shut, the table gets its game menu back
            from companion.ui.staff.base import shut

            shut(self.app)
            self.go("menu")
        return False

    def wake_at(self) -> float | None:
        if self.back == "staff":
            return float(self.touched + IDLE_S)
        return super().wake_at()

    def draw(self, surf: pygame.Surface) -> None:
        surf.fill(theme.BG)
        Label(self.t("selftest_title"), TITLE, role="read", size=read_size(True), color=theme.GOLD, bold=True,
              align="center").draw(surf)
        missing = self.missing()
        for i, name in enumerate(self.order):
            y = 84 + i * 46  # rows of 46 px leave the result two lines at the bottom
            done = name in self.arrived
            col = theme.GOOD if done else theme.BAD if name in missing or name in self.noisy else \
                (theme.GOLD if name == self.asking else theme.INK_DIM)
            pygame.draw.circle(surf, col, (200, y + 22), 16, 0 if done else 3)
            if name in missing:  # a cross as well as the colour
                pygame.draw.line(surf, col, (189, y + 11), (211, y + 33), 4)
                pygame.draw.line(surf, col, (189, y + 33), (211, y + 11), 4)
            Label(self.t(name), pygame.Rect(236, y, 380, 44), role="read", size=read_size(), color=col).draw(surf)
        if self.noisy:  # first: a button that presses itself explains every other oddity
            msg = self.t("selftest_noisy", buttons=", ".join(self.t(n) for n in self.noisy))
        elif self.asking is not None:
            msg = self.t("selftest_press", button=self.t(self.asking))
        elif missing:
            msg = self.t("selftest_missing", buttons=", ".join(self.t(n) for n in missing))
        else:
            msg = self.t("staff.ui.selftest_leave")
        message = pygame.Rect(20, 362, 760, 112)
        if self.banner.active(self.app.now()):
            self.banner.draw(surf, message, self.app.now())
        else:
            Label(msg, message, role="read", size=read_size(), color=theme.INK, align="center", wrap=True).draw(surf)
        self.controls.set(self.tappables())
        self.controls.draw(surf)
