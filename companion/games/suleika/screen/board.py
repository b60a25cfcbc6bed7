"""Drawing the Suleika market: cells, carpets, the balcony loops, Omar, highlights, the die.

Geometry only; the scene decides what to highlight. The board takes the left 448×448 of the
screen: 56 px cells (a fingertip fits one; two taps pick a carpet) and a 28 px margin round
them for the balconies, drawn thin so the outer cells stay clear. Grid and balconies are one
cached layer, the carpets a second one repainted only when the board changes.

>>> cell_at(cell_rect(3, 4).center), cell_at((5, 5))
((3, 4), None)
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Any

import pygame

from companion.games.suleika import rules as suleika
from companion.games.suleika.rules.state import Board, State
from companion.ui import theme
from companion.ui.kit import BoardGrid, Label, Layer, min_size, text_size

AREA = pygame.Rect(0, 16, 448, 448)                      #: the board with its balconies
GRID = BoardGrid(pygame.Rect(28, 44, 392, 392), 7, 7)    #: the 7×7 market
CELL = GRID.cell
N_CELLS = 7
DELTA = {"N": (-1, 0), "E": (0, 1), "S": (1, 0), "W": (0, -1)}
LABEL_H = 28  #: a percentage's strip: one line at the smallest text size
DARK = (16, 14, 20)
LIGHT = (250, 248, 240)
Cell = tuple[int, int]


def cell_rect(r: int, c: int) -> pygame.Rect:
    return GRID.rect_of((r, c))


def cell_at(pos: tuple[int, int]) -> Cell | None:
    return GRID.cell_at(pos)


# -- the static picture ------------------------------------------------------------------------
def side_point(grid: BoardGrid, r: int, c: int, d: str, out: int = 0) -> tuple[float, float]:
    """Middle of a cell's side ``d``, pushed ``out`` pixels outward."""
    x, y = grid.center_of((r, c))
    dr, dc = DELTA[d]
    return (x + dc * (grid.cell / 2 + out), y + dr * (grid.cell / 2 + out))


def paint_balconies(surf: pygame.Surface, grid: BoardGrid, corner_loops: str, width: int = 3) -> None:
    """The loops Omar follows off the edge, from the engine's own walk (so the picture always
    matches the rules in force); painted once into the board layer."""
    drawn: set[frozenset[tuple[int, int, str]]] = set()
    for d in "NESW":
        for i in range(N_CELLS):
            r, c = {"N": (0, i), "S": (6, i), "E": (i, 6), "W": (i, 0)}[d]
            (dest, facing), = suleika.walk((r, c), d, 1, corner_loops)[:1]
            key = frozenset({(r, c, d), (dest[0], dest[1], d)})  # the loop seen from either end
            if key in drawn:
                continue
            drawn.add(key)
            if dest == (r, c):
                other = {"N": "S", "S": "N", "E": "W", "W": "E"}[facing]
                x, y = grid.center_of((r, c))
                dx = DELTA[d][1] or DELTA[other][1]
                dy = DELTA[d][0] or DELTA[other][0]
                box = pygame.Rect(0, 0, grid.cell, grid.cell)
                box.center = (round(x + dx * grid.cell / 2), round(y + dy * grid.cell / 2))
                pygame.draw.ellipse(surf, theme.BALCONY, box, width)
            else:
                a, b = side_point(grid, r, c, d), side_point(grid, dest[0], dest[1], d)
                box = pygame.Rect(0, 0, grid.cell, grid.cell)
                box.center = (round((a[0] + b[0]) / 2), round((a[1] + b[1]) / 2))
                start = {"N": 0, "S": math.pi, "E": -math.pi / 2, "W": math.pi / 2}[d]
                pygame.draw.arc(surf, theme.BALCONY, box, start, start + math.pi, width)


def paint_cells(surf: pygame.Surface, grid: BoardGrid) -> None:
    pygame.draw.rect(surf, theme.BOARD, grid.area.inflate(6, 6), border_radius=6)
    for cell in grid.cells():
        pygame.draw.rect(surf, theme.BOARD_LINE, grid.rect_of(cell), 1)


def paint_carpets(surf: pygame.Surface, grid: BoardGrid, board: Board, margin: int = 3) -> None:
    """Carpets; the two halves of one carpet still showing are drawn joined, so players see
    which halves belong together."""
    for r, c in grid.cells():
        top = board[r][c]
        if top is None:
            continue
        colour, cid = top
        inner = grid.rect_of((r, c)).inflate(-2 * margin, -2 * margin)
        right = board[r][c + 1] if c + 1 < N_CELLS else None
        below = board[r + 1][c] if r + 1 < N_CELLS else None
        if right is not None and right[1] == cid:
            inner.width += 2 * margin
        if below is not None and below[1] == cid:
            inner.height += 2 * margin
        surf.blit(theme.swatch(colour, inner.w, inner.h), inner)


def _local(grid: BoardGrid, origin: tuple[int, int]) -> BoardGrid:
    """The same grid in a layer's own coordinates."""
    return BoardGrid(grid.rect.move(-origin[0], -origin[1]), grid.rows, grid.cols)


class BoardPicture:
    """The board as two cached layers: grid and balconies (once per rule set), carpets
    (once per board). A frame blits one surface."""

    def __init__(self, corner_loops: str) -> None:
        local = _local(GRID, AREA.topleft)
        self.corner_loops = corner_loops
        self.static = Layer(AREA, self._paint_static)
        self.carpets = Layer(AREA, self._paint_carpets)
        self._local = local
        self._board: Board = ()

    def _paint_static(self, surf: pygame.Surface) -> None:
        surf.fill(theme.BG)
        paint_cells(surf, self._local)
        paint_balconies(surf, self._local, self.corner_loops)

    def _paint_carpets(self, surf: pygame.Surface) -> None:
        surf.blit(self.static.surface(), (0, 0))
        paint_carpets(surf, self._local, self._board)

    def draw(self, surf: pygame.Surface, board: Board) -> None:
        self._board = board
        self.carpets.draw(surf, key=board)


# -- what lies on top ---------------------------------------------------------------------------
def outline(surf: pygame.Surface, rect: pygame.Rect, colour: tuple[int, int, int], width: int = 4) -> None:
    """A coloured frame between two dark ones: it shows on every carpet colour and pattern.
    A picture painted once per size, colour and width (see :func:`frame`)."""
    surf.blit(frame(("outline", rect.w, rect.h, colour, width)), rect)


def draw_payment(surf: pygame.Surface, cells: Iterable[Cell]) -> None:
    """The area just paid for: a dark and a light frame round each cell, and light corner
    ticks, so it reads on yellow as well as on black carpets. Each cell's frames are one
    picture, painted once per cell size (three rounded frames a cell cost a million
    instructions for an area of eight at the frame Omar stops)."""
    for cell in cells:
        r = cell_rect(*cell).inflate(-2, -2)
        surf.blit(frame(("paid", r.w, r.h)), r)


def frame(look: tuple[Any, ...]) -> pygame.Surface:
    """The picture of a cell's frames, painted once per ``look``: ("outline", w, h, colour,
    width) or ("paid", w, h). Rounded frames are dear to draw (the cells round Omar where a
    carpet may go, at the frame he stops: some 16 of them, a million instructions), a
    picture cheap to blit. Its ground is see-through and its frames opaque: blitted, they give
    the very pixels drawing them does."""
    pic = _frames.get(look)
    if pic is None:
        kind, w, h = look[:3]
        pic = pygame.Surface((w, h), pygame.SRCALPHA)
        r = pic.get_rect()
        if kind == "paid":
            pygame.draw.rect(pic, DARK, r, 3, border_radius=4)
            pygame.draw.rect(pic, LIGHT, r.inflate(-6, -6), 3, border_radius=3)
            pygame.draw.rect(pic, DARK, r.inflate(-12, -12), 1, border_radius=2)
        else:
            colour, width = look[3], look[4]
            pygame.draw.rect(pic, DARK, r, width + 4, border_radius=5)
            pygame.draw.rect(pic, colour, r.inflate(-4, -4), width, border_radius=4)
        _frames[look] = pic
    return pic


#: a handful: the market's cells are all of one size, the frames of three looks
_frames: dict[tuple[Any, ...], pygame.Surface] = {}


def draw_preview(surf: pygame.Surface, a: Cell, b: Cell, colour: str) -> None:
    rect = cell_rect(*a).union(cell_rect(*b)).inflate(-10, -10)
    img = theme.swatch(colour, rect.w, rect.h).copy()
    img.set_alpha(200)
    surf.blit(img, rect)
    pygame.draw.rect(surf, DARK, rect, 5, border_radius=4)
    pygame.draw.rect(surf, LIGHT, rect.inflate(-4, -4), 2, border_radius=4)


def label_rect(cell: Cell, text: str, omar: Cell) -> pygame.Rect:
    """Where a cell's percentage goes: across the bottom of the cell (in Omar's own cell,
    which he reaches only by turning in a corner loop, under Omar, who then stands higher)."""
    # at most the cell less 1 px each side: labels in neighbouring cells never touch (and
    # each has a light rim, so "17%" and "33%" side by side read as two)
    w = min(CELL - 2, text_size(text, min_size())[0] + 2)  # measured once (text_size keeps it)
    rect = pygame.Rect(0, 0, w, LABEL_H)
    cr = cell_rect(*cell)
    rect.midbottom = (cr.centerx, cr.bottom - 1)
    return rect


def draw_labels(surf: pygame.Surface, labels: dict[Cell, str], omar: Cell) -> list[pygame.Rect]:
    out = []
    for cell, text in labels.items():
        rect = label_rect(cell, text, omar)
        pygame.draw.rect(surf, DARK, rect, border_radius=5)
        pygame.draw.rect(surf, LIGHT, rect, 1, border_radius=5)
        Label(text, rect, role="min", align="center").draw(surf)
        out.append(rect)
    return out


def omar_box(omar: tuple[float, float], high: bool) -> tuple[tuple[float, float], float]:
    """Omar's centre and radius in his cell (``high``: small, in the strip above a label)."""
    x, y = GRID.center_of(omar)
    if high:
        return (x, y - CELL / 2 + (CELL - LABEL_H) / 2), 8
    return (x, y), CELL * 0.3


Points = list[tuple[float, float]]


def heading_marks(omar: Cell, allowed: Iterable[str], facing: str, high: bool) -> list[tuple[str, Points]]:
    """The heading triangles: Omar's own pointer and a small mark for each other heading he may
    take, all inside his cell (never off the board, never over a neighbour's percentage).
    With a label in his own cell only the pointer is drawn, in the top half."""
    (x, y), rad = omar_box(omar, high)
    marks: list[tuple[str, Points]] = []
    for d in [facing, *[h for h in allowed if h != facing and not high]]:
        dr, dc = DELTA[d]
        if high:  # stays in the strip above the label: half of (cell - label) from the centre
            reach, depth, half = (CELL - LABEL_H) / 2 - 2, 6, 6
        else:
            reach = rad + (8 if d == facing else 10)
            depth, half = (9, 8) if d == facing else (7, 7)
        tip = (x + dc * reach, y + dr * reach)
        base = (x + dc * (reach - depth), y + dr * (reach - depth))
        pts = [tip, (base[0] - dr * half, base[1] + dc * half), (base[0] + dr * half, base[1] - dc * half)]
        marks.append(("pointer" if d == facing else d, pts))
    return marks


def mark_rect(points: Points) -> pygame.Rect:
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return pygame.Rect(math.floor(min(xs)), math.floor(min(ys)), math.ceil(max(xs) - min(xs)) + 1,
                       math.ceil(max(ys) - min(ys)) + 1)


def draw_omar(surf: pygame.Surface, pos: tuple[float, float], facing: str, *, allowed: Iterable[str] = (),
              high: bool = False, choosing: bool = False) -> None:
    """Omar as a round figure with his pointer; ``pos`` is (row, col), fractional while he
    walks; ``choosing`` lights the pointer and marks the other headings he may take."""
    (x, y), rad = omar_box(pos, high)
    pygame.draw.circle(surf, DARK, (x, y), rad + 3)
    pygame.draw.circle(surf, (150, 30, 40), (x, y), rad)
    pygame.draw.circle(surf, (250, 230, 200), (x, y - rad / 4), rad / 2.5)
    for kind, pts in heading_marks(pos, allowed if choosing else (), facing, high):  # type: ignore[arg-type]
        pygame.draw.polygon(surf, DARK, pts)
        pygame.draw.polygon(surf, theme.GOLD if kind == "pointer" and choosing else LIGHT, pts,
                            0 if kind == "pointer" else 2)


def draw_pips(surf: pygame.Surface, rect: pygame.Rect, value: int, ink: tuple[int, int, int]) -> None:
    """Slippers on a die face, drawn as pips (1 to 4; other values as a figure)."""
    spots = {1: [(0.5, 0.5)], 2: [(0.3, 0.3), (0.7, 0.7)], 3: [(0.27, 0.27), (0.5, 0.5), (0.73, 0.73)],
             4: [(0.3, 0.3), (0.7, 0.3), (0.3, 0.7), (0.7, 0.7)]}.get(value)
    if spots is None:
        Label(str(value), rect, role="read", align="center", color=ink).draw(surf)
        return
    for fx, fy in spots:
        pygame.draw.circle(surf, ink, (rect.x + fx * rect.w, rect.y + fy * rect.h), max(4, rect.w // 9))


KEY_FACE = (245, 240, 225)  #: a real-die key's face
KEY_PIPS = (120, 40, 40)


def key_face(value: int) -> pygame.Surface:
    """A real-die key's face (50 × 50) with its pips, painted once: the panel shows six of
    them and is painted again at every roll."""
    face = _key_faces.get(value)
    if face is None:
        face = pygame.Surface((50, 50), pygame.SRCALPHA)
        pygame.draw.rect(face, KEY_FACE, face.get_rect(), border_radius=8)
        draw_pips(face, face.get_rect(), value, KEY_PIPS)
        _key_faces[value] = face
    return face


_key_faces: dict[int, pygame.Surface] = {}  #: six small faces at most


def draw_die(surf: pygame.Surface, rect: pygame.Rect, value: int | None, rolling: bool = False) -> None:
    """The carpet die showing ``value`` (a blank face before the first roll)."""
    pygame.draw.rect(surf, (255, 250, 200) if rolling else (245, 240, 225), rect, border_radius=12)
    pygame.draw.rect(surf, (60, 50, 40), rect, 3, border_radius=12)
    if value is not None:
        draw_pips(surf, rect, value, (120, 40, 40))


def draw_mini(surf: pygame.Surface, rect: pygame.Rect, state: State, corner_loops: str | None = None) -> BoardGrid:
    """A small picture of the board in ``rect`` (the end screen): cells and carpets."""
    grid = BoardGrid(rect, N_CELLS, N_CELLS)
    paint_cells(surf, grid)
    paint_carpets(surf, grid, state.board, margin=2)
    return grid
