"""The game menu: all four games; those not built yet say so."""

from __future__ import annotations

import pygame

from companion.games import ALL_GAMES, is_built
from companion.inputs.events import InputEvent
from companion.ui import theme
from companion.ui.scene import Scene
from companion.ui.widgets import Button


class MenuScene(Scene):
    """LEFT/RIGHT move the choice, OK opens it; a tap opens a game directly."""

    def __init__(self, app) -> None:
        super().__init__(app)
        self.built = [g for g in ALL_GAMES if is_built(g)]
        self.choice = 0

    def open(self, game: str) -> None:
        from companion.ui.scenes.setup import SetupScene

        if game not in self.built:
            self.say(f"{self.t('game_' + game)}: {self.t('not_built')}", bad=True)
            return
        self.app.show(SetupScene(self.app, game))

    def on_input(self, ev: InputEvent) -> None:
        if ev.name in ("left", "right") and self.built:
            step = 1 if ev.name == "right" else -1
            self.choice = (self.choice + step) % len(self.built)
        elif ev.name in ("ok", "roll") and self.built:
            self.open(self.built[self.choice])
        self.dirty = True

    def draw(self, surf: pygame.Surface) -> None:
        surf.fill(theme.BG)
        theme.blit_text(surf, self.t("choose_game"), (400, 24), 48, theme.GOLD, bold=True, anchor="midtop")
        self.buttons = []
        for i, game in enumerate(ALL_GAMES):
            rect = pygame.Rect(40 + (i % 2) * 370, 100 + (i // 2) * 150, 350, 130)
            built = game in self.built
            label = self.t("game_" + game) + ("" if built else f" ({self.t('not_built')})")
            b = Button(rect, label, lambda g=game: self.open(g), enabled=built, size=36,
                       selected=built and self.built[self.choice] == game)
            b.draw(surf)
            self.buttons.append(b)
        lang = Button(pygame.Rect(660, 410, 120, 60), self.app.texts.lang.upper(), self.toggle_language)
        lang.draw(surf)
        self.buttons.append(lang)
        self.banner.draw(surf, pygame.Rect(40, 404, 600, 70), self.app.now())

    def toggle_language(self) -> None:
        self.app.set_language("en" if self.app.texts.lang == "de" else "de")
        self.t = self.app.texts
