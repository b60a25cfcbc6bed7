"""The end of a game: who won, every player's figures, and a rematch that keeps the seats."""

from __future__ import annotations

from typing import Any

import pygame

from companion.inputs.events import InputEvent
from companion.ui import theme
from companion.ui.kit import read_size
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
            Button(pygame.Rect(20, 404, 300, 70), self.t("to_menu"), self.to_menu, size=read_size(), key="menu"),
            Button(pygame.Rect(480, 404, 300, 70), self.t("rematch"), self.rematch, selected=True, size=read_size(),
                   key="rematch"),
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
        """Title and result on top; each player's figures in a table (left); the table
        screen's own picture of the game's end (right), where it has one."""
        surf.fill(theme.BG)
        names = self.table.seat_names()
        won = self.table.winners()
        self.label(surf, self.t("game_over"), pygame.Rect(20, 2, 760, 56), color=theme.GOLD, bold=True, align="center")
        if getattr(self.session, "abandoned", False):
            line = self.t("game_ended")
        elif won:
            line = self.t("winner" if len(won) == 1 else "winners", names=" & ".join(names[i] for i in won))
        else:
            line = self.t("no_winner")
        self.label(surf, line, pygame.Rect(20, 58, 760, 56), align="center")
        picture = self.table.end_picture_rect()
        area = pygame.Rect(20, 122, (picture.x - 30) if picture else 760, 270)
        rows = self.table.end_rows()
        n = len(names)
        label_w = 150 if rows else 0
        col_w = (area.w - label_w) // max(1, n)
        line_h = min(60, area.h // (1 + len(rows)))
        for i, name in enumerate(names):
            x = area.x + label_w + i * col_w
            colours = self.table.seat_colours(i)
            cw = max(8, (col_w - 6) // len(colours))
            for k, c in enumerate(colours):
                surf.blit(theme.swatch(c, min(cw, 24), 12), (x + k * min(cw + 2, 26), area.y))
            self.label(surf, name, pygame.Rect(x, area.y + 12, col_w - 6, line_h - 12), role="min",
                       color=theme.GOLD if i in won else theme.INK)
        for r, (label, values) in enumerate(rows, start=1):
            y = area.y + r * line_h
            self.label(surf, label, pygame.Rect(area.x, y, label_w - 6, line_h), role="min", color=theme.INK_DIM)
            for i, v in enumerate(values):
                self.label(surf, str(v), pygame.Rect(area.x + label_w + i * col_w, y, col_w - 6, line_h),
                           color=theme.GOLD if i in won else theme.INK)
        if picture:
            self.table.draw_end_picture(surf, picture)
        for b in self.buttons:
            b.draw(surf)
