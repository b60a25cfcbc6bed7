"""Offered at start when a game was left unfinished (power cut, crash, or just left).

Throwing the game away asks once more: a stray tap must not lose a game.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

import pygame

from companion.inputs.events import InputEvent
from companion.session.session import Session
from companion.session.store import GameRow, StoreError
from companion.ui import theme
from companion.ui.scene import Scene
from companion.ui.widgets import Button


class ResumeScene(Scene):
    def __init__(self, app: Any, row: GameRow) -> None:
        super().__init__(app)
        self.row = row
        self.game = row.game
        self.sure = False  # the first tap on "discard" only asks
        self.layout()

    def layout(self) -> None:
        discard = self.t("resume_discard_sure" if self.sure else "resume_discard")
        self.buttons = [
            Button(pygame.Rect(60, 320, 320, 110), discard, self.discard, size=30,
                   color=theme.BAD if self.sure else None),
            Button(pygame.Rect(420, 320, 320, 110), self.t("resume"), self.resume, selected=True, size=38),
        ]
        self.dirty = True

    def resume(self) -> None:
        try:
            session, error = Session.resume(self.app.store, self.row.id)
        except StoreError as exc:
            self.say(self.t.refusal("store", exc), bad=True)
            return
        table = self.app.go("table", session=session)
        if error is not None:
            table.say(self.t("resume_failed", error=error), bad=True)
            table.banner.until = self.app.now() + 30

    def discard(self) -> None:
        if not self.sure:
            self.sure = True
            self.layout()
            return
        try:
            self.app.store.close_game(self.row.id)
        except StoreError as exc:
            self.say(self.t.refusal("store", exc), bad=True)
            return
        self.go("menu")

    def on_input(self, ev: InputEvent) -> None:
        if ev.name in ("ok", "roll"):
            self.resume()
        elif ev.name == "undo":
            self.discard()

    def draw(self, surf: pygame.Surface) -> None:
        surf.fill(theme.BG)
        theme.blit_text(surf, self.t("resume_title"), (400, 50), 44, theme.GOLD, bold=True, anchor="midtop")
        started = dt.datetime.fromtimestamp(self.row.started).strftime("%d.%m. %H:%M")
        line = self.t("resume_game", game=self.t("game_" + self.row.game), players=self.row.header.get("players"),
                      actions=self.row.actions, started=started)
        for i, part in enumerate(theme.wrap(line, 32, 700)[:2]):
            theme.blit_text(surf, part, (400, 130 + i * 36), 32, theme.INK, anchor="midtop")
        names = self.row.header.get("names")
        if isinstance(names, list):
            text = ", ".join(str(n) for n in names)
            theme.blit_text(surf, theme.fit(text, 28, 720) if hasattr(theme, "fit") else text, (400, 220), 28,
                            theme.INK_DIM, anchor="midtop")
        for b in self.buttons:
            b.draw(surf)
        if self.banner.active(self.app.now()):
            self.banner.draw(surf, pygame.Rect(60, 262, 680, 50), self.app.now())
