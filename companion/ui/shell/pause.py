"""The pause menu of a running game: go on, back to the game menu (the game stays
resumable), or end the game now (asked twice, the second press counting only once the question
has been seen; recorded as abandoned).

Reached from the menu control on every table screen, or a long press of UNDO.
"""

from __future__ import annotations

from typing import Any

import pygame

from companion.inputs.events import InputEvent
from companion.session.store import StoreError
from companion.ui import theme
from companion.ui.kit import Confirm, read_size
from companion.ui.scene import Scene
from companion.ui.table import TableScene
from companion.ui.widgets import Button


class PauseScene(Scene):
    """UP/DOWN are LEFT/RIGHT here; OK picks; UNDO goes back to the game."""

    def __init__(self, app: Any, table: TableScene) -> None:
        super().__init__(app)
        self.table = table
        self.game: str = table.game
        self.ending: Confirm = app.confirm()
        self.pick = 0
        self.layout()

    @property
    def sure(self) -> bool:
        """True while "Wirklich beenden?" stands."""
        return self.ending.armed()

    def layout(self) -> None:
        self.laid_sure = self.sure
        end = self.t("pause_end_sure" if self.laid_sure else "pause_end")
        entries = [(self.t("pause_go_on"), self.go_on), (self.t("pause_to_menu"), self.to_menu), (end, self.end)]
        floor = getattr(self.app, "floor", None)
        if floor is not None:  # a table on the café floor can call the staff from here
            called = floor.call is not None
            entries.append((self.t("floor_call_cancel" if called else "floor_call"), self.call_staff))
        # four entries (on the floor) are closer together, still tall enough for two lines at
        # the read size ("Wirklich beenden? Noch einmal drücken." was cut after "einmal")
        top, step, high = (66, 80, 76) if len(entries) == 4 else (80, 100, 86)
        self.entries = len(entries)
        self.buttons = [Button(pygame.Rect(120, top + i * step, 560, high), label, fn, size=read_size(),
                               selected=i == self.pick, color=theme.BAD_FILL if (i == 2 and self.laid_sure) else None,
                               key=("pause", i))
                        for i, (label, fn) in enumerate(entries)]
        self.dirty = True

    def call_staff(self) -> None:
        """Call the staff to the table (shown on the floor page until cleared), or take it back."""
        floor = self.app.floor
        if floor.call is None:
            floor.call_staff()
            self.say(self.t("floor_called"))
        else:
            floor.clear_call("table")
            self.say(self.t("floor_call_cancelled"))
        self.pick = 3
        self.layout()

    def go_on(self) -> None:
        self.app.show(self.table)

    def to_menu(self) -> None:
        """The game stays in the store unfinished: the next start offers it again."""
        self.go("menu")

    def end(self) -> None:
        if not self.ending.press():
            self.pick = 2
            self.layout()
            return
        try:
            self.table.session.abandon("abandoned")
        except StoreError as exc:
            self.say(self.t.refusal("store", exc), bad=True)
            return
        self.app.go("menu").say(self.t("game_ended"))

    def on_menu(self) -> bool:
        """Escape or the menu press again: back to the game."""
        self.go_on()
        return True

    def on_input(self, ev: InputEvent) -> None:
        if ev.name in ("left", "right", "straight"):
            self.pick = (self.pick + (-1 if ev.name == "left" else 1)) % self.entries
            if self.pick != 2:
                self.ending.cancel()
            self.layout()
        elif ev.name in ("ok", "roll"):
            action = self.buttons[self.pick].on_tap
            if action is not None:
                action()
        elif ev.name == "undo":
            self.go_on()

    def update(self, now: float) -> bool:
        if self.laid_sure != self.sure:  # the question went away unanswered: say so at once
            self.layout()
        return False

    def wake_at(self) -> float | None:
        times = [t for t in (super().wake_at(), self.ending.wake_at()) if t is not None]
        return min(times) if times else None

    def draw(self, surf: pygame.Surface) -> None:
        surf.fill(theme.BG)
        self.label(surf, self.t("pause_title"), pygame.Rect(20, 4, 760, 60), color=theme.GOLD, bold=True,
                   align="center")
        for b in self.buttons:
            b.draw(surf)
        # while "really end?" stands, the note says what ending does, not that the game stays
        # and a game with no step yet is not offered again (nothing of it to lose): it says so
        kept = "pause_to_menu_note" if self.table.session.actions else "pause_to_menu_unplayed"
        note = self.t("pause_end_note" if self.laid_sure else kept)
        self.label(surf, note, pygame.Rect(20, 386, 760, 90), role="min",
                   color=theme.INK_DIM, align="center", wrap=True)
        if self.banner.active(self.app.now()):
            self.draw_banner(surf, pygame.Rect(60, 400, 680, 70), pygame.Rect(60, 80, 680, 390))
