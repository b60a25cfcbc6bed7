"""What every staff screen shares: the title, the way back, the cursor for the buttons, and
the gate that keeps the staff screens shut without the PIN.

After ``staff_timeout`` seconds (``settings.toml``, two minutes unless set) without a touch or
a press, any staff screen, the PIN screen too, closes by itself like "Done": back to the
screen it was opened from, and the PIN is needed again.

The staff screens are one route, ``staff``: ``go("staff")`` asks for the PIN;
``go("staff", page="history")`` shows a page, but only while the staff are in (after the right
PIN, and for a short while after leaving for the button test, which has no way back of its
own). Players never reach a page: the pages are only asked for from other staff pages.
"""

from __future__ import annotations

import time
import weakref
from collections.abc import Callable
from typing import Any

import pygame

from companion.inputs.events import InputEvent
from companion.settings import Settings, folder_of, load
from companion.ui import theme
from companion.ui.kit import Control, min_size, read_size, row
from companion.ui.scene import Scene
from companion.ui.widgets import Button

TITLE = pygame.Rect(20, 6, 620, 64)
BACK = pygame.Rect(656, 6, 124, 64)
BODY = pygame.Rect(20, 80, 760, 392)
BANNER = pygame.Rect(20, 400, 760, 72)
#: a message longer than BANNER holds grows upwards over the page, never over the title
BANNER_ROOM = pygame.Rect(20, 80, 760, 392)

#: seconds the staff may come back from the button test without the PIN
RETURN_S = 120.0

# app -> monotonic time until which the staff screens are open (inf: while one is shown)
_OPEN: weakref.WeakKeyDictionary[Any, float] = weakref.WeakKeyDictionary()


def is_open(app: Any) -> bool:
    return _OPEN.get(app, 0.0) > time.monotonic()


def open_for(app: Any, seconds: float = float("inf")) -> None:
    _OPEN[app] = time.monotonic() + seconds


def shut(app: Any) -> None:
    _OPEN.pop(app, None)


class StaffPage(Scene):
    """A staff screen: a title, a back button (to the staff menu), controls that LEFT/RIGHT
    step through and OK taps, UNDO back. Subclasses fill ``entries()`` and ``draw_page()``."""

    staff = True
    title_key = "menu_title"

    def __init__(self, app: Any, back: Scene | None = None) -> None:
        super().__init__(app)
        #: the screen the staff menu was opened from (shown again when the staff leave)
        self.back = back
        self.folder = folder_of(app)
        self.settings: Settings = load(self.folder)
        self.pick: int | None = None
        #: when the staff last touched the screen or pressed a button (the app's clock)
        self.touched = app.now()
        self.layout()

    # -- words ----------------------------------------------------------------------------
    def st(self, key: str, **values: object) -> str:
        """A staff screen's word (``assets/i18n/staff.<lang>.toml``, table ``[ui]``)."""
        return self.t(f"staff.ui.{key}", **values)

    # -- controls ---------------------------------------------------------------------------
    def button(self, rect: pygame.Rect, label: str, fn: Callable[[], object], key: Any, *,
               read: bool = False, enabled: bool = True, selected: bool = False,
               color: tuple[int, int, int] | None = None) -> Button:
        """A staff button: text at the read size when ``read``, else at least the minimum."""
        return Button(rect, label, fn, size=read_size() if read else min_size(), role="read" if read else "min",
                      enabled=enabled, selected=selected, color=color, key=("staff", key))

    #: the page of a list shown now (pages that list more than fits)
    page_no = 0

    def pager(self, rect: pygame.Rect, pages: int) -> list[Button]:
        """The previous/next arrows of a page that lists more than fits (none for one page)."""
        if pages <= 1:
            return []
        prev, _, nxt = row(rect, [1, 2, 1], 8)
        back = self.button(prev, "", lambda: self.turn(-1), "prev", enabled=self.page_no > 0)
        ahead = self.button(nxt, "", lambda: self.turn(1), "next", enabled=self.page_no < pages - 1)
        back.icon, ahead.icon = "left", "right"
        return [back, ahead]

    def turn(self, step: int) -> None:
        self.page_no += step
        self.layout()

    def entries(self) -> list[Button]:
        """The page's own buttons (laid out once per change)."""
        return []

    def back_label(self) -> str:
        return self.st("back")

    def layout(self) -> None:
        self.buttons = [self.button(BACK, self.back_label(), self.on_back, "back"), *self.entries()]
        if self.pick is not None:
            self.pick = min(self.pick, len(self.buttons) - 1)
            self.buttons[self.pick].selected = True
        self.dirty = True

    def on_back(self) -> None:
        self.go("staff", page="menu", back=self.back)

    def leave_staff(self) -> None:
        """Shut the staff screens and go back to where they were opened from, in the
        language now set (a table in another language is built again)."""
        shut(self.app)
        back = self.back
        if back is None:
            self.go("menu")
        elif back.t is not self.app.texts:
            session = getattr(back, "session", None)
            if session is not None and "table" in self.app.routes:
                self.go("table", session=session)
            else:
                self.go("menu")
        else:
            self.app.show(back)

    # -- closing by itself --------------------------------------------------------------------
    def idle_until(self) -> float:
        return float(self.touched + self.settings.staff_timeout)

    def idle_check(self, now: float) -> bool:
        """Close the staff screens once nobody touched them for ``staff_timeout`` seconds."""
        if now >= self.idle_until():
            self.leave_staff()
            return True
        return False

    def update(self, now: float) -> bool:
        self.idle_check(now)
        return False

    def wake_at(self) -> float | None:
        banner = super().wake_at()
        return self.idle_until() if banner is None else min(banner, self.idle_until())

    def on_press(self, pos: tuple[int, int]) -> None:
        self.touched = self.app.now()
        super().on_press(pos)

    def on_input(self, ev: InputEvent) -> None:
        self.touched = self.app.now()
        self.on_key(ev)

    def on_key(self, ev: InputEvent) -> None:
        items = [i for i, b in enumerate(self.tappables()) if b.enabled]
        if ev.name == "undo":
            self.on_back()
        elif ev.name in ("left", "right", "straight") and items:
            here = self.pick if self.pick in items else None
            step = -1 if ev.name == "left" else 1
            self.pick = items[(items.index(here) + step) % len(items)] if here is not None else items[0]
            self.layout()
        elif ev.name == "ok" and self.pick is not None:
            controls = self.tappables()
            if self.pick < len(controls):
                controls[self.pick].tap()  # the app clicks for the press
        self.dirty = True

    # -- drawing --------------------------------------------------------------------------
    def title(self) -> str:
        return self.st(self.title_key)

    def draw_page(self, surf: pygame.Surface) -> None:
        """The page's own text and pictures (its buttons are drawn after it)."""

    def banner_place(self) -> tuple[pygame.Rect, pygame.Rect]:
        """Where this page's messages show: their box and the room it may grow into."""
        return BANNER, BANNER_ROOM

    def draw(self, surf: pygame.Surface) -> None:
        surf.fill(theme.BG)
        # not bold: the bundled face is bold already, and pygame's extra emboldening runs the
        # dots of ü, ö, ä into one bar ("Personal-Menū")
        self.label(surf, self.title(), TITLE, color=theme.GOLD)
        self.draw_page(surf)
        self.controls.set(self.tappables())
        self.controls.draw(surf)
        if self.banner.active(self.app.now()):
            self.draw_banner(surf, *self.banner_place())


def lines(page: StaffPage, surf: pygame.Surface, texts: list[tuple[str, tuple[int, int, int]]],
          rect: pygame.Rect, height: int = 44) -> None:
    """Lines of text at the minimum size, one under the other, each shortened to fit."""
    for i, (text, color) in enumerate(texts):
        r = pygame.Rect(rect.x, rect.y + i * height, rect.w, height)
        if r.bottom > rect.bottom:
            break
        page.label(surf, text, r, role="min", color=color)


__all__ = ["BACK", "BANNER", "BODY", "Control", "StaffPage", "TITLE", "folder_of", "is_open", "lines", "open_for",
           "shut"]
