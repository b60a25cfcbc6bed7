"""The game menu: every registered game, and those still to come (they say so)."""

from __future__ import annotations

from typing import Any

import pygame

from companion.games import menu_games, playable
from companion.inputs.events import InputEvent
from companion.ui import theme
from companion.ui.scene import Scene
from companion.ui.widgets import Button


class MenuScene(Scene):
    """LEFT/RIGHT move the choice over every game, OK opens it; a tap opens a game directly."""

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.games = menu_games()
        self.choice = 0
        self.layout()

    def layout(self) -> None:
        """Hit areas once per screen (and again when the language changes the labels)."""
        self.buttons = []
        cols = 2
        rows = (len(self.games) + cols - 1) // cols
        h = min(130, (300 - (rows - 1) * 14) // rows)
        for i, game in enumerate(self.games):
            rect = pygame.Rect(40 + (i % cols) * 370, 96 + (i // cols) * (h + 14), 350, h)
            label = self.t("game_" + game) + ("" if playable(game) else f" ({self.t('not_built')})")
            self.buttons.append(Button(rect, label, lambda g=game: self.open(g), size=36,
                                       selected=i == self.choice, enabled=True,
                                       color=None if playable(game) else theme.BG))
        self.buttons.append(Button(pygame.Rect(660, 404, 120, 66), self.app.texts.lang.upper(),
                                   self.toggle_language, size=32))

    def open(self, game: str) -> None:
        if not playable(game):
            self.say(self.t("not_built_says", game=self.t("game_" + game)), bad=True)
            return
        self.go("setup", game=game)

    def on_input(self, ev: InputEvent) -> None:
        if ev.name in ("left", "right"):
            step = 1 if ev.name == "right" else -1
            self.choice = (self.choice + step) % len(self.games)
            for i, b in enumerate(self.buttons[: len(self.games)]):
                b.selected = i == self.choice
        elif ev.name in ("ok", "roll"):
            self.open(self.games[self.choice])
        self.dirty = True

    def toggle_language(self) -> None:
        self.app.set_language("en" if self.app.texts.lang == "de" else "de")
        self.t = self.app.texts
        self.layout()

    def draw(self, surf: pygame.Surface) -> None:
        surf.fill(theme.BG)
        theme.blit_text(surf, self.t("choose_game"), (400, 20), 48, theme.GOLD, bold=True, anchor="midtop")
        for b in self.buttons:
            b.draw(surf)
        if self.banner.active(self.app.now()):
            self.banner.draw(surf, pygame.Rect(40, 404, 600, 66), self.app.now())
        else:
            theme.blit_text(surf, self.t("choose_hint"), (40, 422), 28, theme.INK_DIM)
