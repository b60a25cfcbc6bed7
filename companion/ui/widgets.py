"""Touch buttons and the message banner. Touch targets are at least 64 px where space allows."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from companion.ui import theme


@dataclass
class Button:
    """A tappable rectangle. ``on_tap`` runs when it is tapped and ``enabled``."""

    rect: pygame.Rect
    label: str
    on_tap: Callable[[], None]
    enabled: bool = True
    selected: bool = False
    size: int = 28
    color: tuple[int, int, int] | None = None

    def draw(self, surf: pygame.Surface) -> None:
        fill = self.color or (theme.PANEL_HI if self.selected else theme.PANEL)
        if not self.enabled:
            fill = tuple(c // 2 for c in fill)
        pygame.draw.rect(surf, fill, self.rect, border_radius=10)
        border = theme.GOLD if self.selected else theme.INK_DIM
        pygame.draw.rect(surf, border, self.rect, 3 if self.selected else 1, border_radius=10)
        ink = theme.INK if self.enabled else theme.INK_DIM
        lines = theme.wrap(self.label, self.size, self.rect.w - 10)
        h = theme.font(self.size).get_linesize()
        y = self.rect.centery - h * len(lines) // 2
        for line in lines:
            theme.blit_text(surf, line, (self.rect.centerx, y), self.size, ink, anchor="midtop")
            y += h

    def hit(self, pos: tuple[int, int]) -> bool:
        return self.enabled and self.rect.collidepoint(pos)


@dataclass
class Banner:
    """One line of feedback: what happened, or what was wrong and why nothing changed."""

    text: str = ""
    bad: bool = False
    until: float = 0.0

    def show(self, text: str, now: float, bad: bool = False, seconds: float = 4.0) -> None:
        self.text, self.bad, self.until = text, bad, now + seconds

    def active(self, now: float) -> bool:
        return bool(self.text) and now < self.until

    def draw(self, surf: pygame.Surface, rect: pygame.Rect, now: float) -> None:
        if not self.active(now):
            return
        pygame.draw.rect(surf, theme.BAD if self.bad else theme.PANEL_HI, rect, border_radius=8)
        lines = theme.wrap(self.text, 24, rect.w - 16)[:3]
        y = rect.y + 6
        for line in lines:
            theme.blit_text(surf, line, (rect.x + 8, y), 24, theme.INK)
            y += 22
