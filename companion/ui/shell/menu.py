"""The game menu: every registered game, and those still to come (they say so); and, while a
game is left unfinished (paused to the menu, or from before a restart), a key to go on with it."""

from __future__ import annotations

from functools import partial
from typing import Any

import pygame

from companion.games import menu_games, playable
from companion.inputs.events import InputEvent
from companion.session.notice import StoreError
from companion.ui import theme
from companion.ui.i18n import title
from companion.ui.kit import grid, read_size
from companion.ui.scene import Scene
from companion.ui.widgets import Button

TITLE = pygame.Rect(20, 6, 760, 64)
#: with a game waiting, the key to go on with it takes a row of its own above the games
GO_ON = pygame.Rect(20, 78, 760, 64)
GAMES_UNDER = pygame.Rect(20, 154, 760, 236)
GAMES = pygame.Rect(20, 80, 760, 310)
HINT = pygame.Rect(20, 404, 620, 66)
LANG = pygame.Rect(660, 404, 120, 66)


class MenuScene(Scene):
    """LEFT/RIGHT move the choice over every game, OK opens it; a tap opens a game directly."""

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.games = menu_games()
        self.waiting = self._waiting()
        # with a game left unfinished (paused to this menu, say), OK goes on with it
        self.choice = len(self.games) if self.waiting else 0
        self.layout()

    def _waiting(self) -> list[Any]:
        store = self.app.store
        if store is None:
            return []
        try:
            return list(store.waiting())
        except StoreError:
            return []  # a store that cannot be read offers nothing; starting a game says why

    def layout(self) -> None:
        """Hit areas once per screen (and again when the language changes the labels)."""
        rows = (len(self.games) + 1) // 2
        cells = grid(GAMES_UNDER if self.waiting else GAMES, rows, 2, 14, touch=True)
        self.buttons = []
        for i, game in enumerate(self.games):
            label = title(self.t, game) + ("" if playable(game) else f" ({self.t('not_built')})")
            self.buttons.append(Button(cells[i], label, partial(self.open, game), size=read_size(),
                                       selected=i == self.choice, color=None if playable(game) else theme.BG))
        if self.waiting:
            # one unfinished game is named; several are counted, and the resume screen offers each
            label = self.t("menu_go_on", game=title(self.t, self.waiting[0].game)) if len(self.waiting) == 1 \
                else self.t("menu_go_on_many", count=len(self.waiting))
            self.buttons.append(Button(GO_ON, label, self.go_on,
                                       size=read_size(), selected=self.choice == len(self.games), key="go_on"))
        self.buttons.append(Button(LANG, self.app.texts.lang.upper(), self.toggle_language, size=read_size()))
        self.dirty = True

    def go_on(self) -> None:
        """The unfinished games' screen: go on with one, or (asked twice) throw it away."""
        self.go("resume", row=self.waiting[0], rows=self.waiting)

    def open(self, game: str) -> None:
        if not playable(game):
            self.say(self.t("not_built_says", game=title(self.t, game)), bad=True)
            return
        self.go("setup", game=game)

    def on_input(self, ev: InputEvent) -> None:
        choices = len(self.games) + (1 if self.waiting else 0)  # the games, then "go on"
        if ev.name in ("left", "right", "straight"):
            step = -1 if ev.name == "left" else 1
            self.choice = (self.choice + step) % choices
            for i, b in enumerate(self.buttons[:choices]):
                b.selected = i == self.choice
        elif ev.name in ("ok", "roll"):
            if self.choice == len(self.games):
                self.go_on()
            else:
                self.open(self.games[self.choice])
        self.dirty = True

    def toggle_language(self) -> None:
        self.app.set_language("en" if self.app.texts.lang == "de" else "de")
        self.t = self.app.texts
        self.layout()

    def draw(self, surf: pygame.Surface) -> None:
        surf.fill(theme.BG)
        self.label(surf, self.t("choose_game"), TITLE, color=theme.GOLD, bold=True, align="center")
        for b in self.buttons:
            b.draw(surf)
        if self.banner.active(self.app.now()):
            self.draw_banner(surf, HINT, pygame.Rect(HINT.x, 80, HINT.w, HINT.bottom - 80))
        else:
            self.label(surf, self.t("choose_hint"), HINT, role="min", color=theme.INK_DIM)
