"""The Suleika scores under the panel's keys: per player a swatch, the name whole at the read
size, and the money (and the points where they fit) at the read size too.

The panel is 340 px wide; a 14-letter name takes up to some 310 px at the read size
("Mohammed Ameen" 305 px, "Scheherazade A" 261 px): a line of its own. The layout is chosen
once per game from the names:

- ``"row"``: money and points beside each name, or the money alone, when the names leave room;
- ``"two_lines"``: two players, each row two lines high: the name, then the figures under it;
- ``"strip"``: three or four players with a name too wide to leave room for the money: each
  name on a line of its own, as wide as the panel, and the money of every seat in one strip
  above them, per seat its swatch and its Dinar (the companion is the bank: what each player
  holds is seen nowhere else, at the read size). With three players the headings' line stays;
  with four it gives its height to the strip (the rows are 33 px: a line at the read size).

Points (money plus the visible cells) matter only at the end, where the end screen counts
them: they go first. Carpets left are said to the one laying. The headings are drawn
right-aligned over their columns and may reach left over the names' heading space, so a long
word ("Punkte", "score") is never cut; money is headed by a Dinar coin, so the free part left
of them holds a caption whole (the real-die keys' label, right above it).

A name wider than the whole line (no realistic 14-letter name is: "WWWWWWWWWWWWWW" is 420 px)
is shortened with "…" at the read size.

>>> import pygame; pygame.font.init()
>>> board = Scores(pygame.Rect(456, 312, 340, 168), ["Jörg", "Ben", "Anna", "Özlem"], ("Geld", "Punkte"))
>>> board.figures, board.mode
((0, 1), 'row')
>>> Scores(board.rect, ["Alexanderplatz"] * 4, ("Geld", "Punkte")).figures
(0,)
>>> Scores(board.rect, ["Scheherazade A"] * 2, ("Geld", "Punkte")).mode
'two_lines'
>>> long = Scores(board.rect, ["Scheherazade A", "Jörg", "Ben", "Mohammed Ameen"], ("Geld", "Punkte"))
>>> long.mode, long.figures, long.strip.h, long.row_h, long.head is None
('strip', (0,), 35, 33, True)
>>> Scores(board.rect, ["Scheherazade A", "Jörg", "Ben"], ("Geld", "Punkte")).head is None
False
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
NAME_H = 33     #: a name's line at the read size, umlauts and descenders ("Jörg") inside it
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
        n = len(names)
        read_h = line_height(read_size())
        head_h = line_height(min_size())
        widest = max(name_width(name) for name in names)
        self.mode = "row"
        self.figures: tuple[int, ...] = CHOICES[-1]
        self.strip: pygame.Rect | None = None
        self.head: pygame.Rect | None = pygame.Rect(self.rect.x, self.rect.y, self.rect.w, head_h)
        top = self.rect.y + head_h
        if widest <= self.name_room(len(CHOICES[0])):
            self.figures = CHOICES[0]
        elif widest <= self.name_room(len(CHOICES[-1])):
            pass
        elif (self.rect.bottom - top) // n >= 2 * read_h:  # two players: the name, figures under it
            self.mode, self.figures = "two_lines", CHOICES[0]
        else:  # every name on a line of its own, the money of all in a strip above them
            self.mode = "strip"
            if (self.rect.bottom - top - read_h) // n < read_h:  # four: the headings' line gives way
                self.head, top = None, self.rect.y
            self.strip = pygame.Rect(self.rect.x, top, self.rect.w, read_h)
            top = self.strip.bottom
        self.row_h = (self.rect.bottom - top) // n  # rows touch: four need every pixel of a read line
        self.rows = [pygame.Rect(self.rect.x, top + i * self.row_h, self.rect.w, self.row_h) for i in range(n)]
        if self.row_h < NAME_H:
            raise ValueError(f"Suleika scores: rows of {self.row_h} px for {n} players; a name needs {NAME_H}")
        self.chips = self._chips(n) if self.strip is not None else []

    def name_room(self, figures: int) -> int:
        """Px left for a name beside ``figures`` columns."""
        return self.rect.w - (SWATCH + 3 * GAP) - figures * (FIGURE + GAP)

    def _chips(self, n: int) -> list[pygame.Rect]:
        """The strip's part per seat, each on a box of its own: the seat's swatch, its money
        right after it (a swatch and three digits fit in a quarter of the panel)."""
        assert self.strip is not None
        w = self.strip.w // n
        return [pygame.Rect(self.strip.x + i * w, self.strip.y, w, self.strip.h) for i in range(n)]

    def columns(self, line: pygame.Rect) -> list[pygame.Rect]:
        """The figure cells of one line, left to right."""
        k = len(self.figures)
        return [pygame.Rect(line.right - (k - j) * (FIGURE + GAP) + GAP, line.y, FIGURE, line.h) for j in range(k)]

    def name_cell(self, i: int) -> pygame.Rect:
        line = self.rows[i]
        x = line.x + SWATCH + 3 * GAP
        # a capital with an umlaut ("Özlem") stands a pixel or two above a line: the name's box
        # reaches that far into the rows around it (the rows touch; glyphs keep clear)
        if self.mode == "two_lines":
            return pygame.Rect(x, line.y - 1, line.right - x, line.h // 2 + 2)
        if self.mode == "strip":
            return pygame.Rect(x, line.y - 1, line.right - x, line.h + 2)
        return pygame.Rect(x, line.y - 1, self.name_room(len(self.figures)), line.h + 2)

    def figure_cells(self, i: int) -> list[pygame.Rect]:
        """Where row ``i``'s figures stand: beside or under the name, or its seat's part of
        the strip (the money: right of the swatch)."""
        if self.mode == "strip":
            chip = self.chips[i]
            return [pygame.Rect(chip.x + SWATCH + 3 * GAP, chip.y, FIGURE, chip.h)]
        line = self.rows[i]
        if self.mode == "two_lines":
            line = pygame.Rect(line.x, line.y + line.h // 2, line.w, line.h - line.h // 2)
        return self.columns(line)

    def heading_cells(self) -> list[tuple[str, pygame.Rect]]:
        """Each shown heading right-aligned over its column, reaching left where it is wider;
        a heading never runs into the one left of it. The money column's heading is a coin
        (:data:`COIN`) where the points are shown beside it: the line then keeps room on its
        left for the real-die keys' label, whole in both languages. None without the
        headings' line (four players in a strip: the strip's swatches say whose money)."""
        if self.head is None:
            return []
        out: list[tuple[str, pygame.Rect]] = []
        left_edge = self.head.right + 4 * GAP
        for j, cell in reversed(list(enumerate(self.columns(self.head)))):
            word = COIN if self.figures[j] == 0 else self.headings[self.figures[j]]
            w = COIN_W if word == COIN else text_size(word, min_size())[0] + 2
            right = min(cell.right, left_edge - 4 * GAP)
            out.append((word, pygame.Rect(right - w, self.head.y, w, self.head.h)))
            left_edge = right - w
        return list(reversed(out))

    def caption_room(self) -> pygame.Rect | None:
        """The heading line's free part, left of the headings (None without that line)."""
        if self.head is None:
            return None
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
            draw_swatches(surf, line, data.colours)
            if self.mode == "strip":
                chip = self.chips[i]
                pygame.draw.rect(surf, theme.PANEL_HI if data.current else theme.PANEL, chip.inflate(-2, 0),
                                 border_radius=6)
                draw_swatches(surf, chip, data.colours)
            for label in self.row_labels(i, data):
                label.draw(surf)

    def row_labels(self, i: int, data: ScoreRow) -> list[Label]:
        """The texts of row ``i``: the name, then the figures shown."""
        ink = theme.INK_DIM if data.out else theme.INK
        align = "left" if self.mode == "strip" else "right"  # in the strip: right after the seat's swatch
        return [Label(data.name, self.name_cell(i), role="read", color=ink),
                *(Label(data.figures[j], cell, role="read", color=theme.GOLD if data.current else ink, align=align)
                  for j, cell in zip(self.figures, self.figure_cells(i), strict=True))]

    def shape(self, rows: Sequence[ScoreRow]) -> None:
        """Shape the texts of ``rows`` without drawing them (the kit keeps them): the frame
        that shows these rows then only blits them."""
        for i, data in enumerate(rows):
            for label in self.row_labels(i, data):
                label.fitted()


def draw_swatches(surf: pygame.Surface, line: pygame.Rect, colours: Sequence[str]) -> None:
    """A seat's swatch at the left of ``line``: its colours one above the other, each with its
    pattern (colour is never the only sign)."""
    h = (line.h - 8 - 2 * (len(colours) - 1)) // len(colours)
    for k, colour in enumerate(colours):
        surf.blit(theme.swatch(colour, SWATCH, h), (line.x + GAP, line.y + 4 + k * (h + 2)))
