"""Square board cells in a rect: where a cell is, and which cell a finger is on.

>>> import pygame
>>> g = BoardGrid(pygame.Rect(40, 40, 400, 400), 7, 7)
>>> g.cell, tuple(g.rect_of((0, 0))), g.cell_at((100, 100)), g.cell_at((5, 5))
(57, (40, 40, 57, 57), (1, 1), None)
>>> chess = BoardGrid(pygame.Rect(0, 0, 480, 480), 8, 8, missing={(0, 0), (7, 7)})
>>> chess.cell_at((10, 10)), chess.contains((0, 1)), len(list(chess.cells()))
(None, True, 62)
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

import pygame

from companion.ui.kit.layout import LayoutError
from companion.ui.kit.sizes import MIN_TOUCH

Cell = tuple[int, int]


class BoardGrid:
    """``rows``×``cols`` square cells, as large as fit in ``rect``, centred in it.
    ``missing`` cells are not part of the board (an irregular board); ``gap`` px between
    cells. With ``touch=True`` cells under ``MIN_TOUCH`` raise :class:`LayoutError`."""

    def __init__(self, rect: pygame.Rect, rows: int, cols: int, *, missing: Iterable[Cell] = (), gap: int = 0,
                 touch: bool = False) -> None:
        if rows < 1 or cols < 1:
            raise LayoutError(f"a board needs rows and columns, got {rows}×{cols}")
        self.rect = pygame.Rect(rect)
        self.rows, self.cols, self.gap = rows, cols, gap
        self.missing = frozenset(missing)
        self.cell = min((rect.w - gap * (cols - 1)) // cols, (rect.h - gap * (rows - 1)) // rows)
        if self.cell < 1:
            raise LayoutError(f"a {rows}×{cols} board does not fit {rect.w}×{rect.h}")
        if touch and self.cell < MIN_TOUCH:
            raise LayoutError(f"a {rows}×{cols} board in {rect.w}×{rect.h} has {self.cell} px cells, "
                              f"touch targets need {MIN_TOUCH} px")
        self.pitch = self.cell + gap
        w, h = cols * self.pitch - gap, rows * self.pitch - gap
        #: the area the cells cover (centred in ``rect``)
        self.area = pygame.Rect(rect.x + (rect.w - w) // 2, rect.y + (rect.h - h) // 2, w, h)

    def contains(self, cell: Cell) -> bool:
        """True for a cell on the board (inside and not missing)."""
        r, c = cell
        return 0 <= r < self.rows and 0 <= c < self.cols and (r, c) not in self.missing

    def rect_of(self, cell: Cell) -> pygame.Rect:
        """The cell's square on screen (also for cells off the board, for drawing beside it)."""
        r, c = cell
        return pygame.Rect(self.area.x + c * self.pitch, self.area.y + r * self.pitch, self.cell, self.cell)

    def center_of(self, cell: tuple[float, float]) -> tuple[float, float]:
        """The centre of a cell; fractional cells (a piece between two) are fine."""
        r, c = cell
        return (self.area.x + c * self.pitch + self.cell / 2, self.area.y + r * self.pitch + self.cell / 2)

    def cell_at(self, pos: tuple[int, int]) -> Cell | None:
        """The board cell under ``pos``, or None (off the board, in a gap, or missing)."""
        x, y = pos[0] - self.area.x, pos[1] - self.area.y
        if x < 0 or y < 0:
            return None
        c, cx = divmod(x, self.pitch)
        r, cy = divmod(y, self.pitch)
        if cx >= self.cell or cy >= self.cell:
            return None
        cell = (int(r), int(c))
        return cell if self.contains(cell) else None

    def cells(self) -> Iterator[Cell]:
        """Every board cell, row by row."""
        for r in range(self.rows):
            for c in range(self.cols):
                if (r, c) not in self.missing:
                    yield (r, c)
