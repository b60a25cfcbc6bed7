"""The staff pages about the device itself: setting the date and time, and how to calibrate the
touch panel.

The clock is set with ``timedatectl set-time``, which asks systemd-timedated over D-Bus; polkit
must allow the companion's user the action ``org.freedesktop.timedate1.set-time`` (and while the
network time is switched on, timedated refuses: the page says so in words).
"""

from __future__ import annotations

import subprocess
import sys
import time
from collections.abc import Callable
from functools import partial
from typing import Any

import pygame

from companion.ui import theme
from companion.ui.kit import grid
from companion.ui.scene import Scene
from companion.ui.shell.when import day_time
from companion.ui.staff.base import BODY, StaffPage
from companion.ui.widgets import Button

#: the command that sets the clock (the time is appended as "YYYY-MM-DD HH:MM:SS")
SET_TIME: tuple[str, ...] = ("timedatectl", "--no-ask-password", "set-time")
FIELDS = ("day", "month", "year", "hour", "minute")


def set_clock(stamp: str, run: Callable[..., Any] | None = None) -> str:
    """Set the system clock to ``stamp``; returns "done", or why not: "not_allowed",
    "ntp", "no_timedatectl", "failed" (the system's words go to the log)."""
    run = subprocess.run if run is None else run
    try:
        done = run([*SET_TIME, stamp], capture_output=True, text=True, timeout=20)
    except FileNotFoundError:
        return "no_timedatectl"
    except (OSError, subprocess.SubprocessError) as exc:
        print(f"staff: set-time: {exc}", file=sys.stderr)
        return "failed"
    if done.returncode == 0:
        return "done"
    said = (done.stderr or "").strip()
    print(f"staff: set-time: {said}", file=sys.stderr)
    if "synchroniz" in said.lower() or "ntp" in said.lower():
        return "ntp"
    if "access denied" in said.lower() or "not authorized" in said.lower() or "interactive" in said.lower():
        return "not_allowed"
    return "failed"


class ClockPage(StaffPage):
    """Day, month, year, hour and minute, each with an up and a down key; "set" sets them."""

    title_key = "entry_clock"

    def __init__(self, app: Any, back: Scene | None = None) -> None:
        now = time.localtime()
        self.values = {"day": now.tm_mday, "month": now.tm_mon, "year": now.tm_year, "hour": now.tm_hour,
                       "minute": now.tm_min}
        self.result: tuple[str, tuple[int, int, int]] | None = None
        super().__init__(app, back)

    def step(self, field: str, by: int) -> None:
        low, high = {"day": (1, 31), "month": (1, 12), "year": (2024, 2099), "hour": (0, 23),
                     "minute": (0, 59)}[field]
        v = self.values[field] + by
        self.values[field] = high if v < low else low if v > high else v
        self.result = None
        self.layout()

    def stamp(self) -> str | None:
        """The chosen moment as timedatectl takes it, or None for a day the month lacks."""
        v = self.values
        try:
            moment = time.strptime(f"{v['year']}-{v['month']:02d}-{v['day']:02d} {v['hour']:02d}:{v['minute']:02d}",
                                   "%Y-%m-%d %H:%M")
        except ValueError:
            return None
        return time.strftime("%Y-%m-%d %H:%M:00", moment)

    def apply(self) -> None:
        stamp = self.stamp()
        if stamp is None:
            self.result = (self.st("clock_no_such_day"), theme.BAD)
        else:
            code = set_clock(stamp)
            self.result = (self.st(f"clock_{code}"), theme.GOOD if code == "done" else theme.BAD)
        self.dirty = True

    def entries(self) -> list[Button]:
        cells = grid(pygame.Rect(20, 120, 760, 216), 3, 5, 8, touch=True)
        out = []
        for i, field in enumerate(FIELDS):
            up = self.button(cells[i], "", partial(self.step, field, 1), ("up", field))
            down = self.button(cells[10 + i], "", partial(self.step, field, -1), ("down", field))
            up.icon, down.icon = "up", "down"
            out += [up, down]
        out.append(self.button(pygame.Rect(20, 400, 760, 72), self.st("clock_set"), self.apply, "set", read=True))
        return out

    def draw_page(self, surf: pygame.Surface) -> None:
        cells = grid(pygame.Rect(20, 120, 760, 216), 3, 5, 8, touch=True)
        for i, field in enumerate(FIELDS):
            self.label(surf, self.st(f"clock_{field}"), pygame.Rect(cells[i].x, 80, cells[i].w, 36), role="min",
                       color=theme.INK_DIM, align="center")
            self.label(surf, f"{self.values[field]:02d}", cells[5 + i], color=theme.GOLD, align="center")
        if self.result is not None:
            self.label(surf, self.result[0], pygame.Rect(20, 340, 760, 58), role="min", color=self.result[1],
                       wrap=True)
        else:
            self.label(surf, self.st("clock_now", now=day_time(self.t, time.time(), year=True)),
                       pygame.Rect(20, 340, 760, 58), role="min", color=theme.INK_DIM)


class TouchPage(StaffPage):
    """How to calibrate the touch panel (the official display needs nothing)."""

    title_key = "entry_touch"

    def draw_page(self, surf: pygame.Surface) -> None:
        self.label(surf, self.st("touch_how"), BODY, role="min", wrap=True, valign="top")
