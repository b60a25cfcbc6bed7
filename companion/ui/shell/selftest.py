"""The button test: asks for each button in turn and marks every button whose press arrives,
in any order. A button that does not come within ``timeout`` seconds (or is skipped with the
"Skip" key) is passed over and the test goes on; the end lists the buttons that never came.

The way back: the "Done" key at the top right (a touch), holding UNDO (the long press that
opens the pause menu elsewhere), or OK once every button has been tested (if OK came). Opened from the
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
SKIP = pygame.Rect(636, 150, 148, 120)
#: seconds without a press after which a button test opened from the staff menu closes
IDLE_S = 120.0
#: seconds the test waits for the button it asks for before it goes on without it
TIMEOUT_S = 15.0


class SelftestScene(Scene):
    """Asks for each button in turn; ``arrived[name]`` is the first press of each button that
    came, asked for or not; ``missing()`` the ones passed over that never came; ``wrong`` the
    presses that came while another button was asked for (the app keeps the press-to-screen
    times). ``index`` is the place in ``order`` of the button asked for: the ones before it
    came or were passed over (``index += 1`` passes over the one asked for)."""

    def __init__(self, app: Any, buttons: tuple[str, ...] = BUTTONS, back: str | None = None,
                 timeout: float | None = TIMEOUT_S) -> None:
        super().__init__(app)
        self.order = list(buttons)
        self._index = 0
        self.arrived: dict[str, InputEvent] = {}
        #: (the button that came, the one asked for) for every press of another button
        self.wrong: list[tuple[str, str]] = []
        self.back = back
        self.timeout = timeout
        self.touched = app.now()
        #: buttons whose input the debouncer has switched off (floating, storming), as last drawn
        self.noisy: list[str] = []
        self.asked_since = app.now()
        self.layout()

    @property
    def index(self) -> int:
        return self._index

    @index.setter
    def index(self, value: int) -> None:
        self._index = value
        while self._index < len(self.order) and self.order[self._index] in self.arrived:
            self._index += 1  # a button that came out of turn is not asked for again
        self.asked_since = self.app.now()
        self.layout()

    @property
    def asking(self) -> str | None:
        return self.order[self._index] if self._index < len(self.order) else None

    def layout(self) -> None:
        self.buttons = [Button(BACK, self.t("staff.ui.done"), self.leave, size=min_size(), role="min",
                               key=("selftest", "back"))]
        if self.asking is not None:
            self.buttons.append(Button(SKIP, self.t("selftest_skip"), self.skip, size=min_size(), role="min",
                                       key=("selftest", "skip")))
        self.dirty = True

    def skip(self) -> None:
        """Pass over the button asked for (dead, or not wired yet); it still counts if it comes."""
        if self.asking is not None:
            self.index += 1
            self.banner.text = ""
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
        if self.asking is None and ev.name == "ok":
            self.leave()
            return
        if ev.name not in self.order:
            return
        asked = self.asking
        if ev.name not in self.arrived:
            self.arrived[ev.name] = ev
        if ev.name == asked:
            self.index += 1
            self.banner.text = ""
        else:
            if asked is not None:
                # another button came (pressed by mistake, or wired to the wrong pin): it is
                # marked, and the screen says which came and which one is still asked for
                self.wrong.append((ev.name, asked))
                self.say(self.t("selftest_other", got=self.t(ev.name), want=self.t(asked)))
            self.layout()
        self.dirty = True

    def missing(self) -> list[str]:
        """The buttons passed over whose press never arrived (the wait ran out, or skipped)."""
        return [name for name in self.order[: self.index] if name not in self.arrived]

    def on_press(self, pos: tuple[int, int]) -> None:
        self.touched = self.app.now()
        super().on_press(pos)

    def update(self, now: float) -> bool:
        noisy = self.app.hub.noisy()
        if noisy != self.noisy:  # a floating pin is named at once, and when it is quiet again
            self.noisy = noisy
            self.dirty = True
        if self.asking is not None and self.timeout is not None and now - self.asked_since >= self.timeout:
            self.skip()  # the wait ran out: on to the next button
        if self.back == "staff" and now - self.touched >= IDLE_S:
            # the staff walked away: the staff screens shut, the table gets its game menu back
            from companion.ui.staff.base import shut

            shut(self.app)
            self.go("menu")
        return False

    def wake_at(self) -> float | None:
        times = [super().wake_at()]
        if self.back == "staff":
            times.append(float(self.touched + IDLE_S))
        if self.asking is not None and self.timeout is not None:
            # the countdown on screen, once a second, and the moment the wait runs out
            times.append(min(self.asked_since + self.timeout, self.app.now() + 1.0))
        found = [t for t in times if t is not None]
        return min(found) if found else None

    def seconds_left(self) -> int | None:
        if self.asking is None or self.timeout is None:
            return None
        return max(0, int(self.asked_since + self.timeout - self.app.now() + 0.999))

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
        left = self.seconds_left()
        if self.noisy:  # first: a button that presses itself explains every other oddity
            msg = self.t("selftest_noisy", buttons=", ".join(self.t(n) for n in self.noisy))
        elif self.asking is not None:
            msg = self.t("selftest_press", button=self.t(self.asking))
            if left is not None:
                msg = self.t("selftest_press_wait", button=self.t(self.asking), n=left)
        elif missing:
            # how to leave: by OK only if OK came
            how = self.t("selftest_ok_back" if "ok" in self.arrived else "selftest_done_back")
            msg = self.t("selftest_missing", buttons=", ".join(self.t(n) for n in missing), back=how)
        else:
            msg = self.t("staff.ui.selftest_leave")
        message = pygame.Rect(20, 362, 760, 112)
        if self.banner.active(self.app.now()):
            self.draw_banner(surf, message, pygame.Rect(20, 80, 760, message.bottom - 80))
        else:
            Label(msg, message, role="read", size=read_size(), color=theme.INK, align="center", wrap=True).draw(surf)
        self.controls.set(self.tappables())
        self.controls.draw(surf)
