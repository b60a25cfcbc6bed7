"""The end of a game: who won, every player's figures, and a rematch that keeps the seats."""

from __future__ import annotations

from typing import Any

import pygame

from companion.inputs.events import InputEvent
from companion.ui import theme
from companion.ui.scene import Scene
from companion.ui.table import TableScene
from companion.ui.widgets import Button


class EndScene(Scene):
    """Shown by the app whenever a table's game is over; asks the table for its figures."""

    def __init__(self, app: Any, table: TableScene) -> None:
        super().__init__(app)
        self.table = table
        self.session = table.session
        self.game = table.game
        self.buttons = [
            Button(pygame.Rect(20, 404, 250, 66), self.t("to_menu"), self.to_menu, size=32),
            Button(pygame.Rect(530, 404, 250, 66), self.t("rematch"), self.rematch, selected=True, size=32),
        ]

    def to_menu(self) -> None:
        self.go("menu")

    def rematch(self) -> None:
        """The same game, players, names, colours and options, a new seed."""
        h = self.session.header
        from companion.games import spec

        options = {o.key: h[o.key] for o in spec(self.game).options if o.key in h}
        self.go("setup", game=self.game, players=h["players"], names=h.get("names"), colors=h.get("colors"),
                options=options)

    def on_input(self, ev: InputEvent) -> None:
        if ev.name in ("ok", "roll"):
            self.rematch()
        elif ev.name == "undo":
            self.to_menu()

    def draw(self, surf: pygame.Surface) -> None:
        surf.fill(theme.BG)
        names = self.table.seat_names()
        won = self.table.winners()
        theme.blit_text(surf, self.t("game_over"), (400, 10), 52, theme.GOLD, bold=True, anchor="midtop")
        if self.session.header.get("ended") or getattr(self.session, "abandoned", False):
            line = self.t("game_ended")
        elif won:
            line = self.t("winner" if len(won) == 1 else "winners", names=" & ".join(names[i] for i in won))
        else:
            line = self.t("no_winner")
        theme.blit_text(surf, theme.fit(line, 36, 760) if hasattr(theme, "fit") else line, (400, 66), 36,
                        theme.INK, anchor="midtop")
        n = len(names)
        col_w = min(150, 560 // max(1, n))
        x0 = 800 - 20 - col_w * n
        y = 118
        for i, name in enumerate(names):
            x = x0 + i * col_w
            colours = self.table.seat_colours(i)
            for k, c in enumerate(colours):
                surf.blit(theme.swatch(c, 24, 24), (x + k * 28, y))
            short = theme.fit(name, 26, col_w - 8) if hasattr(theme, "fit") else name[:9]
            theme.blit_text(surf, short, (x, y + 30), 26, theme.GOLD if i in won else theme.INK)
        y += 70
        for label, values in self.table.end_rows():
            theme.blit_text(surf, label, (20, y), 28, theme.INK_DIM)
            for i, v in enumerate(values):
                theme.blit_text(surf, str(v), (x0 + i * col_w, y), 28, theme.GOLD if i in won else theme.INK)
            y += 40
        for b in self.buttons:
            b.draw(surf)
