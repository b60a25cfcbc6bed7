"""Drawing the Suleika market: cells, carpets, the balcony loops, Omar, arrows, highlights.

Geometry only; the scene decides what to highlight.
"""

from __future__ import annotations

import math

import pygame

from companion.engine import suleika
from companion.ui import theme

CELL = 56
ORIGIN = (44, 44)  # top-left of cell (0, 0); the balconies use the 28 px margin around
N_CELLS = 7
DELTA = {"N": (-1, 0), "E": (0, 1), "S": (1, 0), "W": (0, -1)}


def cell_rect(r: int, c: int) -> pygame.Rect:
    return pygame.Rect(ORIGIN[0] + c * CELL, ORIGIN[1] + r * CELL, CELL, CELL)


def cell_at(pos: tuple[int, int]) -> tuple[int, int] | None:
    c = (pos[0] - ORIGIN[0]) // CELL
    r = (pos[1] - ORIGIN[1]) // CELL
    return (r, c) if 0 <= r < N_CELLS and 0 <= c < N_CELLS else None


def side_point(r: int, c: int, d: str, out: int = 0) -> tuple[int, int]:
    """Middle of a cell's side ``d``, pushed ``out`` pixels outward."""
    rect = cell_rect(r, c)
    dr, dc = DELTA[d]
    return (rect.centerx + dc * (CELL // 2 + out), rect.centery + dr * (CELL // 2 + out))


def draw_balconies(surf: pygame.Surface, corner_loops: str) -> None:
    """The loops Omar follows off the edge, taken from the engine's own walk so the picture
    always matches the rules in force."""
    drawn: set[frozenset] = set()
    for d in "NESW":
        for i in range(N_CELLS):
            r, c = {"N": (0, i), "S": (6, i), "E": (i, 6), "W": (i, 0)}[d]
            (dest, _facing), = suleika.walk((r, c), d, 1, corner_loops)[:1]
            key = frozenset({(r, c, d), (dest[0], dest[1], d)})  # the loop seen from either end
            if key in drawn:
                continue
            drawn.add(key)
            if dest == (r, c):
                _corner_loop(surf, r, c, d, _facing)
            else:
                a, b = side_point(r, c, d), side_point(dest[0], dest[1], d)
                mid = ((a[0] + b[0]) // 2, (a[1] + b[1]) // 2)
                rad = CELL // 2
                box = pygame.Rect(0, 0, 2 * rad, 2 * rad)
                box.center = mid
                start = {"N": 0, "S": math.pi, "E": -math.pi / 2, "W": math.pi / 2}[d]
                pygame.draw.arc(surf, theme.BALCONY, box, start, start + math.pi, 4)


def _corner_loop(surf: pygame.Surface, r: int, c: int, d: str, facing: str) -> None:
    rect = cell_rect(r, c)
    # the loop joins side d with the side opposite to the new facing, around the corner
    other = {"N": "S", "S": "N", "E": "W", "W": "E"}[facing]
    dx = DELTA[d][1] or DELTA[other][1]
    dy = DELTA[d][0] or DELTA[other][0]
    corner = (rect.centerx + dx * CELL // 2, rect.centery + dy * CELL // 2)
    box = pygame.Rect(0, 0, CELL, CELL)
    box.center = corner
    pygame.draw.ellipse(surf, theme.BALCONY, box, 4)


def draw_board(surf: pygame.Surface, state, *, highlight: dict[tuple[int, int], tuple[int, int, int]] | None = None,
               labels: dict[tuple[int, int], str] | None = None, preview: tuple | None = None) -> None:
    """Cells and carpets; carpets of one identity are drawn joined so players can see which
    halves belong together."""
    area = pygame.Rect(ORIGIN[0] - 4, ORIGIN[1] - 4, CELL * N_CELLS + 8, CELL * N_CELLS + 8)
    pygame.draw.rect(surf, theme.BOARD, area, border_radius=6)
    board = state.board
    for r in range(N_CELLS):
        for c in range(N_CELLS):
            rect = cell_rect(r, c)
            pygame.draw.rect(surf, theme.BOARD_LINE, rect, 1)
            top = board[r][c]
            if top is None:
                continue
            color, cid = top
            inner = rect.inflate(-6, -6)
            # join with the other half if it is still visible
            if c + 1 < N_CELLS and board[r][c + 1] is not None and board[r][c + 1][1] == cid:
                inner.width += 6
            if r + 1 < N_CELLS and board[r + 1][c] is not None and board[r + 1][c][1] == cid:
                inner.height += 6
            surf.blit(theme.swatch(color, inner.w, inner.h), inner)
    if preview is not None:
        (a, b, color) = preview
        rect = cell_rect(*a).union(cell_rect(*b)).inflate(-10, -10)
        img = theme.swatch(color, rect.w, rect.h).copy()
        img.set_alpha(190)
        surf.blit(img, rect)
        pygame.draw.rect(surf, theme.INK, rect, 3, border_radius=4)
    for cell, col in (highlight or {}).items():
        pygame.draw.rect(surf, col, cell_rect(*cell).inflate(-2, -2), 4, border_radius=4)
    for cell, s in (labels or {}).items():
        rect = cell_rect(*cell)
        pygame.draw.rect(surf, (20, 20, 20), (rect.x + 4, rect.bottom - 22, rect.w - 8, 18), border_radius=4)
        theme.blit_text(surf, s, (rect.centerx, rect.bottom - 21), 20, theme.INK, anchor="midtop")


def draw_omar(surf: pygame.Surface, pos: tuple[float, float], facing: str) -> None:
    """Omar as a round figure with a pointer in his heading. ``pos`` is (row, col), may be
    fractional while he walks."""
    x = ORIGIN[0] + pos[1] * CELL + CELL / 2
    y = ORIGIN[1] + pos[0] * CELL + CELL / 2
    dr, dc = DELTA[facing]
    # (dc, dr) points ahead on screen; (-dr, dc) is square to it
    tip = (x + dc * 26, y + dr * 26)
    base1 = (x + dc * 8 - dr * 13, y + dr * 8 + dc * 13)
    base2 = (x + dc * 8 + dr * 13, y + dr * 8 - dc * 13)
    pygame.draw.polygon(surf, (30, 30, 30), [tip, base1, base2])
    pygame.draw.circle(surf, (30, 30, 30), (x, y), 17)
    pygame.draw.circle(surf, (150, 30, 40), (x, y), 14)
    pygame.draw.circle(surf, (250, 230, 200), (x, y - 3), 6)


def arrow_rect(omar: tuple[int, int], d: str) -> pygame.Rect:
    """The tap target of a heading arrow next to Omar's cell (may lie over a neighbour)."""
    rect = cell_rect(*omar)
    dr, dc = DELTA[d]
    r = pygame.Rect(0, 0, 40, 40)
    r.center = (rect.centerx + dc * CELL * 0.78, rect.centery + dr * CELL * 0.78)
    return r


def draw_arrow(surf: pygame.Surface, omar: tuple[int, int], d: str, selected: bool) -> None:
    r = arrow_rect(omar, d)
    dr, dc = DELTA[d]
    cx, cy = r.center
    tip = (cx + dc * 16, cy + dr * 16)
    a = (cx - dc * 10 - dr * 14, cy - dr * 10 + dc * 14)
    b = (cx - dc * 10 + dr * 14, cy - dr * 10 - dc * 14)
    col = theme.GOLD if selected else (250, 250, 250)
    pygame.draw.polygon(surf, (20, 20, 20), [tip, a, b])
    pygame.draw.polygon(surf, col, [tip, a, b], 0 if selected else 3)


def draw_die(surf: pygame.Surface, rect: pygame.Rect, value: int | None, rolling: bool = False) -> None:
    """The carpet die: its faces show 1 to 4 slippers (drawn as pips)."""
    pygame.draw.rect(surf, (245, 240, 225) if not rolling else (255, 250, 200), rect, border_radius=14)
    pygame.draw.rect(surf, (60, 50, 40), rect, 3, border_radius=14)
    if value is None:
        theme.blit_text(surf, "?", rect.center, 60, (90, 80, 70), anchor="center")
        return
    spots = {1: [(0.5, 0.5)], 2: [(0.3, 0.3), (0.7, 0.7)], 3: [(0.3, 0.3), (0.5, 0.5), (0.7, 0.7)],
             4: [(0.3, 0.3), (0.7, 0.3), (0.3, 0.7), (0.7, 0.7)]}.get(value)
    if spots is None:
        theme.blit_text(surf, str(value), rect.center, 60, (40, 30, 20), anchor="center")
        return
    for fx, fy in spots:
        pygame.draw.circle(surf, (120, 40, 40), (rect.x + fx * rect.w, rect.y + fy * rect.h), rect.w // 10)
