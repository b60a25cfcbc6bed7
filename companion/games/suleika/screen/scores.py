"""The Suleika scores under the panel's keys: per player a swatch, the name whole at the read
size, and as many figures as leave the names whole.

The panel is 340 px wide, and a 14-letter name ("Maximiliane-So") takes about 250 px at the
read size, so the figures cannot always all stand beside it. The layout is chosen once per
game from the names: money and points beside each name when the names leave room; else,
with two players, each row has room for two lines (the name, then the figures under it);
with three or four, points go and money stays: the companion is the bank, so what each
player holds is seen nowhere else, while points (money plus the visible cells) matter only
at the end, where the end screen counts them. (Carpets left are said to the one laying.)
The headings are drawn right-aligned over their columns and may reach left over the names'
heading space, so a long word ("Punkte", "score") is never cut; money is headed by a Dinar
coin, so the free part left of them holds a caption whole (the real-die keys' label, right
above it).

>>> import pygame; pygame.font.init()
>>> board = Scores(pygame.Rect(456, 312, 340, 168), ["Jörg", "Ben", "Anna", "Özlem"], ("Geld", "Punkte"))
>>> board.figures, board.two_lines
((0, 1), False)
>>> Scores(board.rect, ["Maximiliane-So"] * 4, ("Geld", "Punkte")).figures
(0,)
>>> Scores(board.rect, ["Maximiliane-So"] * 2, ("Geld", "Punkte")).two_lines
True
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from companion.ui import theme
from companion.ui.kit import Label, line_height, min_size, read_size, text_size
from companion.ui.kit.scoreboard import ScoreRow

SWATCH = 22     #: a seat's swatch (two colours share it, one above the other)
FIGURE = 56     #: a figure column: three digits at the read size
GAP = 2
#: which figure columns to try, most first: (money, points) by index
CHOICES = ((0, 1), (0,))


COIN = "\u25cf"   #: stands for the money heading, drawn as a Dinar coin (:func:`draw_coin`)
COIN_W = 26


def draw_coin(surf: pygame.Surface, cell: pygame.Rect) -> None:
    """A gold Dinar with a dark rim and a raised centre, right-aligned in ``cell``."""
    r = min(cell.h, COIN_W) // 2 - 1
    centre = (cell.right - r - 2, cell.centery)
    pygame.draw.circle(surf, (90, 70, 20), centre, r + 1)
    pygame.draw.circle(surf, theme.GOLD, centre, r)
    pygame.draw.circle(surf, (150, 115, 30), centre, r // 2, 2)


def name_width(name: str) -> int:
    return int(text_size(name, read_size())[0])


class Scores:
    """The rows, laid out once for the names (see the module's words)."""

    def __init__(self, rect: pygame.Rect, names: Sequence[str], headings: Sequence[str]) -> None:
        self.rect = pygame.Rect(rect)
        self.headings = tuple(headings)
        head_h = line_height(min_size())
        self.head = pygame.Rect(self.rect.x, self.rect.y, self.rect.w, head_h)
        body = pygame.Rect(self.rect.x, self.head.bottom, self.rect.w, self.rect.bottom - self.head.bottom)
        n = len(names)
        self.row_h = body.h // n  # rows touch: four of them need every pixel of the read size
        self.rows = [pygame.Rect(body.x, body.y + i * self.row_h, body.w, self.row_h) for i in range(n)]
        read_h = line_height(read_size())
        widest = max(name_width(name) for name in names)
        self.two_lines = False
        self.figures: tuple[int, ...] = CHOICES[-1]
        if widest <= self.name_room(len(CHOICES[0])):
            self.figures = CHOICES[0]
        elif self.row_h >= 2 * read_h:   # two players: the name on its own line, figures under it
            self.two_lines, self.figures = True, CHOICES[0]

    def name_room(self, figures: int) -> int:
        """Px left for a name beside ``figures`` columns."""
        return self.rect.w - (SWATCH + 3 * GAP) - figures * (FIGURE + GAP)

    def columns(self, line: pygame.Rect) -> list[pygame.Rect]:
        """The figure cells of one line, left to right."""
        k = len(self.figures)
        return [pygame.Rect(line.right - (k - j) * (FIGURE + GAP) + GAP, line.y, FIGURE, line.h) for j in range(k)]

    def name_cell(self, i: int) -> pygame.Rect:
        line = self.rows[i]
        x = line.x + SWATCH + 3 * GAP
        # a capital with an umlaut ("Özlem") stands a pixel or two above a line: the name's box
        # reaches that far into the rows around it (the rows touch; glyphs keep clear)
        if self.two_lines:
            return pygame.Rect(x, line.y - 1, line.right - x, line.h // 2 + 2)
        return pygame.Rect(x, line.y - 1, self.name_room(len(self.figures)), line.h + 2)

    def figure_cells(self, i: int) -> list[pygame.Rect]:
        line = self.rows[i]
        if self.two_lines:
            line = pygame.Rect(line.x, line.y + line.h // 2, line.w, line.h - line.h // 2)
        return self.columns(line)

    def heading_cells(self) -> list[tuple[str, pygame.Rect]]:
        """Each shown heading right-aligned over its column, reaching left where it is wider;
        a heading never runs into the one left of it. The money column's heading is a coin
        (:data:`COIN`) where the points are shown beside it: the line then keeps room on its
        left for the real-die keys' label, whole in both languages."""
        out: list[tuple[str, pygame.Rect]] = []
        left_edge = self.head.right + 4 * GAP
        for j, cell in reversed(list(enumerate(self.columns(self.head)))):
            word = COIN if self.figures[j] == 0 else self.headings[self.figures[j]]
            w = COIN_W if word == COIN else text_size(word, min_size())[0] + 2
            right = min(cell.right, left_edge - 4 * GAP)
            out.append((word, pygame.Rect(right - w, self.head.y, w, self.head.h)))
            left_edge = right - w
        return list(reversed(out))

    def caption_room(self) -> pygame.Rect:
        """The heading line's free part, left of the headings."""
        left = min(r.x for _, r in self.heading_cells()) - 2 * GAP
        return pygame.Rect(self.head.x, self.head.y, left - self.head.x, self.head.h)

    def draw(self, surf: pygame.Surface, rows: Sequence[ScoreRow]) -> None:
        """``rows`` carry both figures (money, points); the chosen are drawn."""
        for word, cell in self.heading_cells():
            if word == COIN:
                draw_coin(surf, cell)
            else:
                Label(word, cell, color=theme.INK_DIM, align="right").draw(surf)
        for i, data in enumerate(rows):
            line = self.rows[i]
            if data.current:
                pygame.draw.rect(surf, theme.PANEL_HI, line, border_radius=6)
            h = (line.h - 8 - 2 * (len(data.colours) - 1)) // len(data.colours)
            for k, colour in enumerate(data.colours):
                surf.blit(theme.swatch(colour, SWATCH, h), (line.x + GAP, line.y + 4 + k * (h + 2)))
            for label in self.row_labels(i, data):
                label.draw(surf)

    def row_labels(self, i: int, data: ScoreRow) -> list[Label]:
        """The texts of row ``i``: the name, then the figures shown."""
        ink = theme.INK_DIM if data.out else theme.INK
        return [Label(data.name, self.name_cell(i), role="read", color=ink),
                *(Label(data.figures[j], cell, role="read", color=theme.GOLD if data.current else ink, align="right")
                  for j, cell in zip(self.figures, self.figure_cells(i), strict=True))]

    def shape(self, rows: Sequence[ScoreRow]) -> None:
        """Shape the texts of ``rows`` without drawing them (the kit keeps them): the frame
        that shows these rows then only blits them."""
        for i, data in enumerate(rows):
            for label in self.row_labels(i, data):
                label.fitted()
