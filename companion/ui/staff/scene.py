"""The staff menu's door: the route ``staff`` and the PIN screen.

Staff reach it by holding UNDO and OK together for 3 seconds (the inputs send the ``staff``
event) or by holding the top-left corner of the touchscreen for 5 seconds; neither is shown
to players. The PIN is typed on a number pad (or the die keys 1–6) and shown as dots, never
logged. Three wrong PINs lock the menu for a minute, then two, four, ...
(:class:`companion.staff_pin.KeptLockout`, one for the whole run, on the monotonic clock); the
count is written to ``settings.toml`` after every try, so pulling the plug forgives nothing
(where nothing can be written, a lock lasts until the companion restarts). The PIN comes
from the folder the companion was started with. Without a PIN the menu does not open: the
screen says how to set one with the installer.

The PIN check is deliberately slow (scrypt): the screen first shows "one moment", then checks.
"""

from __future__ import annotations

import math
import time
import weakref
from collections.abc import Callable
from typing import Any

import pygame

from companion.games import resolve
from companion.inputs.events import InputEvent
from companion.staff_pin import KeptLockout
from companion.ui import theme
from companion.ui.kit import Control, Label, NumberPad, read_size
from companion.ui.kit.layout import inset
from companion.ui.scene import Scene
from companion.ui.staff.base import StaffPage, is_open, open_for, shut

#: the lockout's clock within a run: never set back (tests replace it)
CLOCK: Callable[[], float] = time.monotonic
#: the wall clock the lockout's deadline is saved on, so that it outlasts a restart
WALL: Callable[[], float] = time.time

# app -> its lockout, kept for the whole run: opening the PIN screen again reads nothing anew
_LOCKOUTS: weakref.WeakKeyDictionary[Any, KeptLockout] = weakref.WeakKeyDictionary()


def lockout_of(app: Any, folder: Any) -> KeptLockout:
    """The app's lockout, read from ``folder`` the first time the PIN screen opens."""
    kept = _LOCKOUTS.get(app)
    if kept is None:
        kept = _LOCKOUTS[app] = KeptLockout(folder, clock=lambda: CLOCK(), wall=lambda: WALL())
    return kept

#: page name -> "module:attr" of its screen
PAGES: dict[str, str] = {
    "menu": "companion.ui.staff.menu:StaffMenu",
    "language": "companion.ui.staff.menu:LanguagePage",
    "volume": "companion.ui.staff.menu:VolumePage",
    "options": "companion.ui.staff.menu:OptionsPage",
    "system": "companion.ui.staff.menu:SystemPage",
    "box": "companion.ui.staff.data:BoxPage",
    "history": "companion.ui.staff.data:HistoryPage",
    "game": "companion.ui.staff.data:GamePage",
    "qr": "companion.ui.staff.data:QrPage",
    "store": "companion.ui.staff.data:StorePage",
    "keep": "companion.ui.staff.menu:KeepPage",
    "unfinished": "companion.ui.staff.data:UnfinishedPage",
    "pin": "companion.ui.staff.pin_set:PinSetPage",
    "clock": "companion.ui.staff.system:ClockPage",
    "touch": "companion.ui.staff.system:TouchPage",
}

PAD = pygame.Rect(444, 76, 336, 396)
STATUS = pygame.Rect(20, 150, 400, 170)
LEAVE = pygame.Rect(20, 400, 240, 72)
FIRST_PIN = pygame.Rect(280, 400, 500, 72)
#: beside a keypad a message shows left of it, above the leave key: never over the pad's keys
BESIDE_PAD = pygame.Rect(20, 326, 404, 70)
BESIDE_PAD_ROOM = pygame.Rect(20, 80, 404, 316)


def staff_scene(app: Any, page: str | None = None, back: Scene | None = None, **kwargs: Any) -> Scene:
    """The route ``staff``: a page while the staff are in, else the PIN screen."""
    if is_open(app):
        open_for(app)  # back from the button test: in again
        scene: Scene = resolve(PAGES[page or "menu"])(app, back=back, **kwargs)
        return scene
    return PinScene(app, back=back)


class PinPad(NumberPad):
    """A number pad for a PIN: keeps leading zeros, up to 8 digits, shows dots."""

    def __init__(self, rect: pygame.Rect, on_pin: Callable[[str], None], *, ok_label: str) -> None:
        super().__init__(rect, lambda _value: None, max_digits=8, ok_label=ok_label, name="pin")
        self.on_pin = on_pin

    def type(self, digit: str) -> None:
        if digit.isdigit() and len(digit) == 1 and len(self.digits) < self.max_digits:
            self.digits += digit

    def ok(self) -> None:
        if self.digits:
            pin, self.digits = self.digits, ""
            self.on_pin(pin)

    def draw(self, surf: pygame.Surface) -> None:
        pygame.draw.rect(surf, theme.PANEL, self.field, border_radius=8)
        pygame.draw.rect(surf, theme.GOLD, self.field, 2, border_radius=8)
        if not self.digits:
            Label("–", inset(self.field, 8, 4), role="read", size=read_size(), color=theme.INK_DIM,
                  align="center").draw(surf)
            return
        # dots, never the digits
        step = min(36, (self.field.w - 24) // max(1, len(self.digits)))
        x0 = self.field.centerx - step * (len(self.digits) - 1) // 2
        for i in range(len(self.digits)):
            pygame.draw.circle(surf, theme.GOLD, (x0 + i * step, self.field.centery), 11)


class PinScene(StaffPage):
    """The PIN screen (the staff menu opens behind it)."""

    title_key = "pin_title"
    wants_text = True  # a desktop keyboard's digits 0-9 type (its 1-6 are no die here)

    def __init__(self, app: Any, back: Scene | None = None) -> None:
        self.pad: PinPad | None = None
        self.checking: str | None = None
        self.shown_checking = False
        self.wrong = False
        self._shown_seconds = -1
        super().__init__(app, back)
        self.stored = self.settings.pin
        self.kept = lockout_of(app, self.folder)
        self.gate = self.kept.gate
        self.pad = PinPad(PAD, self.submit, ok_label=self.t("ok")) if self.stored else None
        self.layout()

    def back_label(self) -> str:
        return self.st("cancel")

    def banner_place(self) -> tuple[pygame.Rect, pygame.Rect]:
        return (BESIDE_PAD, BESIDE_PAD_ROOM) if self.pad is not None else super().banner_place()

    def layout(self) -> None:
        self.buttons = [self.button(LEAVE, self.back_label(), self.on_back, "leave")]
        if getattr(self, "stored", "set") is None:  # no PIN yet: set the first one here, twice
            self.buttons.append(self.button(FIRST_PIN, self.st("pin_set_first"), self.set_first, "set_pin"))
        self.dirty = True

    def set_first(self) -> None:
        from companion.ui.staff.pin_set import PinSetPage

        self.app.show(PinSetPage(self.app, back=self.back, first=True))

    def on_text(self, text: str) -> None:
        if self.pad is not None and self.gate.locked_for() <= 0:
            for ch in text:
                if ch.isdigit():
                    self.pad.type(ch)
        self.touched = self.app.now()

    def tappables(self) -> list[Control]:
        locked = self.pad is not None and self.gate.locked_for() > 0
        keys = [] if self.pad is None or self.checking else self.pad.controls()
        if locked:
            keys = [Control(c.rect, c.label, c.on_tap, enabled=False, key=c.key, icon=c.icon) for c in keys]
        return [*self.buttons, *keys]

    def on_back(self) -> None:
        """Cancel: back to where the staff menu was asked for."""
        shut(self.app)
        if self.back is not None:
            self.app.show(self.back)
        else:
            self.go("menu")

    def submit(self, pin: str) -> None:
        """OK on the pad: show "one moment" first; the slow check runs in ``update``."""
        if self.gate.locked_for() > 0:
            return
        self.checking, self.shown_checking, self.wrong = pin, False, False
        self.dirty = True

    def on_key(self, ev: InputEvent) -> None:
        if self.pad is not None and ev.name == "roll" and ev.value is not None:
            if self.gate.locked_for() <= 0 and ev.source != "keyboard":  # typed digits come as text
                self.pad.type(str(ev.value))
        elif self.pad is not None and ev.name == "ok":
            self.pad.ok()
        elif ev.name == "undo":
            if self.pad is not None and self.pad.digits:
                self.pad.delete()
            else:
                self.on_back()
        self.dirty = True

    def is_busy(self) -> bool:
        return self.checking is not None

    def leave_staff(self) -> None:
        self.on_back()

    def update(self, now: float) -> bool:
        if self.checking is None and self.idle_check(now):
            return False
        if self.checking is not None and self.shown_checking:
            pin, self.checking = self.checking, None
            self.check(pin)
            return False
        seconds = _seconds(self.gate.locked_for()) if self.pad is not None else 0
        if seconds != self._shown_seconds:  # the countdown, once a second
            self._shown_seconds = seconds
            self.dirty = True
        return self.checking is not None

    def wake_at(self) -> float | None:
        if self.pad is not None and self.gate.locked_for() > 0:
            return min(self.idle_until(), self.app.now() + min(1.0, self.gate.locked_for()))
        return super().wake_at()

    def check(self, pin: str) -> None:
        assert self.stored is not None
        right = self.kept.attempt(pin, self.stored)  # a card that cannot be written still lets it in
        if right:
            open_for(self.app)
            self.go("staff", page="menu", back=self.back)
            return
        self.wrong = right is False
        self.dirty = True

    def status(self) -> tuple[str, tuple[int, int, int]]:
        if self.pad is None:
            return self.st("no_pin"), theme.BAD
        if self.checking is not None:
            return self.st("checking"), theme.INK
        left = self.gate.locked_for()
        if math.isinf(left):
            return self.st("locked_run"), theme.BAD
        if left > 0:
            return self.st("locked", time=self.wait_words(_seconds(left))), theme.BAD
        if self.wrong and self.gate.misses > 0:  # after a lock ran out nobody has typed wrong yet
            return self.st("wrong_pin", left=self.gate.tries - self.gate.misses), theme.BAD
        return self.st("enter_pin"), theme.INK

    def wait_words(self, secs: int) -> str:
        """"noch 39 Sekunden", "noch 1:39 min": seconds under a minute, else minutes and
        seconds with the unit that belongs to a clock-like figure."""
        if secs < 60:
            return self.st("wait_second" if secs == 1 else "wait_seconds", n=secs)
        return self.st("wait_minutes", time=f"{secs // 60}:{secs % 60:02d}")

    def draw_page(self, surf: pygame.Surface) -> None:
        if self.checking is not None:
            self.shown_checking = True
        if self.pad is not None and self.gate.locked_for() > 0:
            # the pad's field greys out with its keys: nothing can be typed while locked
            surf.fill(theme.PANEL, self.pad.field)
        text, color = self.status()
        rect = STATUS if self.pad is not None else pygame.Rect(20, 90, 760, 300)
        self.label(surf, text, rect, role="min", color=color, wrap=True, valign="top")
        if self.pad is not None:
            self.pad.draw(surf)


def _seconds(left: float) -> int:
    """Whole seconds to show, rounded up (-1 for a lock that lasts the run)."""
    return -1 if math.isinf(left) else int(left + 0.999)
