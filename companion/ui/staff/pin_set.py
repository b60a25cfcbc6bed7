"""Setting or changing the staff PIN on the screen: typed twice on the number pad, stored as a
salted hash in ``settings.toml`` (:func:`companion.staff_pin.write_pin_hash`, through
``settings.change``), never shown. Reached from the staff menu, and from the PIN screen while no
PIN is set (the first PIN; the menu still opens only with it)."""

from __future__ import annotations

from typing import Any

import pygame

from companion.inputs.events import InputEvent
from companion.ui import theme
from companion.ui.kit import Control
from companion.ui.scene import Scene
from companion.ui.staff.base import StaffPage
from companion.ui.staff.scene import BESIDE_PAD, BESIDE_PAD_ROOM, PAD, STATUS, PinPad


class PinSetPage(StaffPage):
    """First the new PIN, then the same again; 4 to 8 digits."""

    title_key = "pin_set_title"
    wants_text = True  # a desktop keyboard's digits 0-9 type

    def __init__(self, app: Any, back: Scene | None = None, first: bool = False) -> None:
        #: True from the PIN screen while no PIN is set: done, it goes back there
        self.first = first
        self.pad: PinPad | None = None
        self.new: str | None = None
        self.saving: str | None = None
        self.shown_saving = False
        self.note = ("pin_set_enter", theme.INK)
        super().__init__(app, back)
        self.pad = PinPad(PAD, self.entered, ok_label=self.t("ok"))

    def banner_place(self) -> tuple[pygame.Rect, pygame.Rect]:
        return BESIDE_PAD, BESIDE_PAD_ROOM

    def tappables(self) -> list[Control]:
        keys = [] if self.pad is None or self.saving else self.pad.controls()
        return [*self.buttons, *keys]

    def entered(self, pin: str) -> None:
        from companion.staff_pin import valid_pin

        if self.new is None:
            if not valid_pin(pin):
                self.note = ("pin_set_invalid", theme.BAD)
            else:
                self.new, self.note = pin, ("pin_set_again", theme.INK)
        elif pin != self.new:
            self.new, self.note = None, ("pin_set_mismatch", theme.BAD)
        else:
            self.saving, self.shown_saving = pin, False  # hashed once "one moment" is on screen
        self.dirty = True

    def update(self, now: float) -> bool:
        if self.saving is not None and self.shown_saving:
            pin, self.saving = self.saving, None
            self.save(pin)
            return False
        return super().update(now)

    def is_busy(self) -> bool:
        return self.saving is not None

    def save(self, pin: str) -> None:
        from companion.staff_pin import hash_pin, write_pin_hash

        try:
            write_pin_hash(self.folder, hash_pin(pin))
        except OSError as exc:
            print(f"staff: the PIN could not be written: {exc}", file=__import__("sys").stderr)
            self.new, self.note = None, ("pin_set_failed", theme.BAD)
            self.dirty = True
            return
        if self.first:  # the PIN screen, now with a PIN to type
            shown = self.app.go("staff", back=self.back)
        else:
            shown = self.app.go("staff", page="menu", back=self.back)
        shown.say(self.st("pin_set_done"))

    def on_back(self) -> None:
        if self.first:
            self.go("staff", back=self.back)
        else:
            super().on_back()

    def on_text(self, text: str) -> None:
        if self.pad is not None:
            for ch in text:
                if ch.isdigit():
                    self.pad.type(ch)
        self.touched = self.app.now()

    def on_key(self, ev: InputEvent) -> None:
        if self.pad is None:
            return super().on_key(ev)
        if ev.name == "roll" and ev.value is not None:
            if ev.source != "keyboard":  # a keyboard's digits come as text
                self.pad.type(str(ev.value))
        elif ev.name == "ok":
            self.pad.ok()
        elif ev.name == "undo":
            if self.pad.digits:
                self.pad.delete()
            else:
                self.on_back()
        self.dirty = True

    def draw_page(self, surf: pygame.Surface) -> None:
        if self.saving is not None:
            self.shown_saving = True
        key, color = ("checking", theme.INK) if self.saving is not None else self.note
        self.label(surf, self.st(key), STATUS, role="min", color=color, wrap=True, valign="top")
        if self.pad is not None:
            self.pad.draw(surf)
