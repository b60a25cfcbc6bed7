"""Offered at start when a game was left unfinished (power cut, crash, or just left)."""

from __future__ import annotations

import datetime as dt

import pygame

from companion.session.session import Session
from companion.session.store import GameRow, Store
from companion.ui import theme
from companion.ui.scene import Scene
from companion.ui.widgets import Button


class ResumeScene(Scene):
    def __init__(self, app, store: Store, row: GameRow) -> None:
        super().__init__(app)
        self.store, self.row = store, row

    def resume(self) -> None:
        from companion.ui.scenes.setup import table_scene
        session, error = Session.resume(self.store, self.row.id)
        scene = table_scene(self.app, session)
        if error is not None:
            scene.say(self.t("resume_failed", error=error), bad=True)
            scene.banner.until = self.app.now() + 30
        self.app.show(scene)

    def new(self) -> None:
        from companion.ui.scenes.menu import MenuScene
        self.store.close_game(self.row.id)
        self.app.show(MenuScene(self.app))

    def on_input(self, ev) -> None:
        if ev.name in ("ok", "roll"):
            self.resume()
        elif ev.name == "undo":
            self.new()

    def draw(self, surf: pygame.Surface) -> None:
        surf.fill(theme.BG)
        theme.blit_text(surf, self.t("resume_title"), (400, 60), 44, theme.GOLD, bold=True, anchor="midtop")
        started = dt.datetime.fromtimestamp(self.row.started).strftime("%d.%m. %H:%M")
        line = self.t("resume_game", game=self.t("game_" + self.row.game), players=self.row.header.get("players"),
                      actions=self.row.actions, started=started)
        for i, part in enumerate(theme.wrap(line, 32, 700)):
            theme.blit_text(surf, part, (400, 150 + i * 34), 32, theme.INK, anchor="midtop")
        names = ", ".join(self.row.header.get("names", []))
        theme.blit_text(surf, names, (400, 230), 28, theme.INK_DIM, anchor="midtop")
        self.buttons = [
            Button(pygame.Rect(80, 320, 300, 100), self.t("new_game"), self.new, size=34),
            Button(pygame.Rect(420, 320, 300, 100), self.t("resume"), self.resume, selected=True, size=38),
        ]
        for b in self.buttons:
            b.draw(surf)
