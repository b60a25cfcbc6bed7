"""The scores: per player a colour swatch with its pattern, the name (at the read size; a
long one smaller, then shortened with "…") and figures in fixed columns, from plain data.

>>> import pygame; pygame.font.init()
>>> board = Scoreboard(pygame.Rect(0, 0, 460, 190), players=4, figures=(60, 80), header=("Geld", "Punkte"))
>>> rows = [ScoreRow(("red",), "Scheherazade von Bagdad", ("12", "30"), current=True)]
>>> board.draw(pygame.Surface((800, 480)), rows)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from companion.ui import theme
from companion.ui.kit.layout import LayoutError, column, cut, row
from companion.ui.kit.text import Label, line_height, min_size, read_size


@dataclass(frozen=True)
class ScoreRow:
    """One player's line: colours (one swatch each), name, figures (already as text, one
    per column), ``current`` (whose turn), ``out`` (out of the game: dimmed)."""

    colours: tuple[str, ...]
    name: str
    figures: tuple[str, ...]
    current: bool = False
    out: bool = False


class Scoreboard:
    """Rows for ``players`` in ``rect`` (plus an optional header line), laid out once.
    ``figures`` gives each figure column's width in px; the name gets what is left. Names and
    figures are read from across the table, so a row must hold one line at the read size."""

    SWATCH_W = 22

    def __init__(self, rect: pygame.Rect, players: int, figures: Sequence[int], *, header: Sequence[str] | None = None,
                 swatches: int = 2, gap: int = 4) -> None:
        self.rect = pygame.Rect(rect)
        self.header = tuple(header) if header else None
        body = self.rect
        self.header_cells: list[pygame.Rect] = []
        if self.header:
            if len(self.header) != len(figures):
                raise LayoutError(f"scoreboard: {len(self.header)} headings for {len(figures)} figure columns")
            top, body = cut(self.rect, "top", line_height(min_size()), gap)
            self.header_cells = self._cells(top, figures, swatches, gap)[2:]
        self.rows = column(body, players, gap)
        need = line_height(read_size())
        if self.rows[0].h < need:
            raise LayoutError(f"scoreboard: rows of {self.rows[0].h} px for {players} players in {rect.w}×{rect.h}; "
                              f"names and scores read from across the table need {need} px")
        self.cells = [self._cells(r, figures, swatches, gap) for r in self.rows]
        if self.cells[0][1].w < need * 2:
            raise LayoutError(f"scoreboard: {self.cells[0][1].w} px left for names; make the figure columns narrower")

    def _cells(self, line: pygame.Rect, figures: Sequence[int], swatches: int, gap: int) -> list[pygame.Rect]:
        """[swatch area, name, figure 1, figure 2, ...] of one line."""
        sw = swatches * (self.SWATCH_W + 2)
        fixed = [sw, *figures]
        flex = line.w - sum(fixed) - gap * (len(fixed))
        if flex <= 0:
            raise LayoutError(f"scoreboard: {sum(fixed)} px of swatches and figures in a {line.w} px row")
        parts = row(line, [sw, flex, *figures], gap)
        return parts

    def draw(self, surf: pygame.Surface, rows: Sequence[ScoreRow]) -> None:
        """Draw up to ``players`` rows (rows beyond the layout are an error of the caller)."""
        if len(rows) > len(self.rows):
            raise LayoutError(f"scoreboard laid out for {len(self.rows)} players, got {len(rows)}")
        for title, cell in zip(self.header or (), self.header_cells, strict=True):
            Label(title, cell, color=theme.INK_DIM, align="right").draw(surf)
        for data, line, cells in zip(rows, self.rows, self.cells, strict=False):
            if data.current:
                pygame.draw.rect(surf, theme.PANEL_HI, line, border_radius=6)
            sw = cells[0]
            slots = max(1, sw.w // (self.SWATCH_W + 2))
            whole = data.colours[:slots] if len(data.colours) <= slots else data.colours[:slots - 1]
            for k, colour in enumerate(whole):
                surf.blit(theme.swatch(colour, self.SWATCH_W, max(8, line.h - 8)),
                          (sw.x + 2 + k * (self.SWATCH_W + 2), line.y + 4))
            share = data.colours[len(whole):]
            if share:  # more colours than columns: the last column shares its height among them
                h = max(4, (line.h - 8 - 2 * (len(share) - 1)) // len(share))
                x = sw.x + 2 + len(whole) * (self.SWATCH_W + 2)
                for k, colour in enumerate(share):
                    surf.blit(theme.swatch(colour, self.SWATCH_W, h), (x, line.y + 4 + k * (h + 2)))
            ink = theme.INK_DIM if data.out else theme.INK
            # a name the table typed gets smaller (to the floor of all text) before it is
            # shortened: the row's colours and place say whose it is from across the table
            Label(data.name, cells[1], role="min", size=read_size(), color=ink).draw(surf)
            for fig, cell in zip(data.figures, cells[2:], strict=False):
                Label(fig, cell, role="read", color=theme.GOLD if data.current else ink, align="right").draw(surf)
