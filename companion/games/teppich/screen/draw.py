"""Drawing the Der fliegende Teppich table (the scene's logic is in ``teppich.py``).

Layout on the 800×480 screen: the turn banner across the top; the 24×12 board mirror on the
left (25 px cells: the board is a picture, taps pick the nearest lit cell); on the right the
players under their column headings (colour and pattern, a red badge beside it for turns to
miss, steering tokens left: the turn line names the seat whose turn it is), the special
die and ROLL; under the board what to do now (two lines, read from the chairs) and one row of large
buttons. Board cells are ``(x, y)`` with y counted from the bottom, as in the engine.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Sequence
from typing import Any

import pygame

from companion.ui import theme
from companion.ui.kit import BoardGrid, Label, Layer, cut, row, text_size
from companion.ui.kit.text import draw_text, min_size

Cell = tuple[int, int]
Colour = tuple[int, int, int]

HEADER = pygame.Rect(8, 2, 784, 38)
BOARD = pygame.Rect(4, 42, 600, 300)
SIDE = pygame.Rect(612, 42, 184, 300)
PLAYER_H = 30
#: a row with a name in it: one line at the read size (35 px high) and a gap of 1 px: five
#: rows above the die
NAMED_H = 36
#: the players' column headings ("Kärtchen" over the tokens, "Pause" while someone misses),
#: at the right of the turn banner's line (the turn words end before them)
HEADINGS = pygame.Rect(SIDE.x - 6, HEADER.y + 6, SIDE.w + 6, HEADER.h - 4)
DIE = pygame.Rect(612, 222, 48, 52)
DIE_WORDS = pygame.Rect(664, 221, 132, 56)   # two lines at the smallest size
ROLL = pygame.Rect(612, 278, 184, 64)
STATUS = pygame.Rect(8, 344, 784, 70)
#: where a long message may grow: up over the board, clear of the side column's keys
SAY_ROOM = pygame.Rect(8, 60, BOARD.right - 8, STATUS.bottom - 60)
BUTTONS = pygame.Rect(4, 414, 792, 64)

CALM = (226, 204, 160)
WIND1 = (170, 200, 228)
WIND2 = (128, 168, 214)
GRID_LINE = (120, 100, 80)
SCENERY = (150, 96, 60)
SCENERY_EDGE = (90, 56, 32)
CLOUD = (246, 246, 250)
CLOUD_EDGE = (120, 120, 140)
CROWN = (60, 150, 60)
CROWN_EDGE = (20, 60, 20)
STAR = (250, 206, 40)
START = (120, 80, 40)
GOAL = (40, 80, 190)
LIT = (60, 200, 90)
PATH = (250, 150, 30)
PICK = (255, 255, 255)
PROPOSED = (90, 90, 255)


def board_grid() -> BoardGrid:
    """The 24×12 board's cells (rows from the top in the kit, y from the bottom here)."""
    return BoardGrid(BOARD, 12, 24)


def cell_rect(grid: BoardGrid, cell: Cell) -> pygame.Rect:
    x, y = cell
    return grid.rect_of((grid.rows - 1 - y, x))


def cell_centre(grid: BoardGrid, cell: Cell) -> tuple[float, float]:
    x, y = cell
    return grid.center_of((grid.rows - 1 - y, x))


def nearest(grid: BoardGrid, pos: tuple[int, int], cells: Iterable[Cell], reach: float = 2.0) -> Cell | None:
    """The lit cell nearest to a finger, if it is within ``reach`` cells: the board's cells
    are smaller than a fingertip, so a tap need not hit the cell itself.

    >>> g = board_grid()
    >>> nearest(g, (int(cell_centre(g, (5, 5))[0]) + 30, int(cell_centre(g, (5, 5))[1])), [(5, 5), (9, 5)])
    (5, 5)
    """
    best, dist = None, reach * grid.pitch
    for cell in cells:
        cx, cy = cell_centre(grid, cell)
        d = math.hypot(pos[0] - cx, pos[1] - cy)
        if d <= dist:
            best, dist = cell, d
    return best


# -- the board, cached -------------------------------------------------------------------------
def zone_colour(wind: int) -> Colour:
    return {0: CALM, 1: WIND1}.get(wind, WIND2)


def draw_star(surf: pygame.Surface, rect: pygame.Rect, colour: Colour = STAR) -> None:
    cx, cy = rect.center
    r_out, r_in = rect.w * 0.42, rect.w * 0.18
    points = [(cx + (r_out if k % 2 == 0 else r_in) * math.sin(k * math.pi / 5),
               cy - (r_out if k % 2 == 0 else r_in) * math.cos(k * math.pi / 5)) for k in range(10)]
    pygame.draw.polygon(surf, colour, points)
    pygame.draw.polygon(surf, SCENERY_EDGE, points, 1)


def paint_city(surf: pygame.Surface, grid: BoardGrid, box: Any, scenery: Iterable[Cell], clouds: Iterable[Cell],
               stars: Iterable[Cell], origin: tuple[int, int] = (0, 0), trees: Iterable[Cell] = ()) -> None:
    """Zones, grid, podiums, stars, scenery and clouds; ``origin`` is where ``surf`` sits.
    Scenery cells in ``trees`` (a palm, a tree) are drawn as a trunk with a crown on top,
    the rest as houses with windows."""
    ox, oy = origin

    def at(cell: Cell) -> pygame.Rect:
        return cell_rect(grid, cell).move(-ox, -oy)

    if origin == grid.area.topleft and surf.get_size() == grid.area.size:
        surf.blit(ground(grid, box), (0, 0))  # the board's own layer: the ground as painted once
    else:
        paint_ground(surf, grid, box, origin)
    for cell in stars:
        draw_star(surf, at(cell).inflate(-4, -4))
    solid = set(scenery)
    plants = set(trees) & solid
    for cell in plants:
        draw_tree(surf, at(cell), top=(cell[0], cell[1] + 1) not in plants)
    for cell in solid - plants:
        r = at(cell)
        pygame.draw.rect(surf, SCENERY, r)
        # windows: scenery is a picture of houses, not a wall of colour
        pygame.draw.rect(surf, SCENERY_EDGE, r.inflate(-r.w * 0.6, -r.h * 0.5))
        if (cell[0], cell[1] + 1) not in solid:
            pygame.draw.line(surf, SCENERY_EDGE, r.topleft, r.topright, 3)
    for cell in clouds:
        r = at(cell)
        pygame.draw.rect(surf, CLOUD, r.inflate(2, 2), border_radius=8)
        pygame.draw.rect(surf, CLOUD_EDGE, r.inflate(2, 2), 1, border_radius=8)


def draw_tree(surf: pygame.Surface, r: pygame.Rect, top: bool) -> None:
    """One cell of a palm or a tree: its trunk, and on the top cell a crown of fronds (a
    shape, not only a colour, tells it from a house)."""
    trunk = pygame.Rect(0, 0, max(4, r.w // 4), r.h if not top else r.h // 2 + 2)
    trunk.midbottom = r.midbottom
    pygame.draw.rect(surf, SCENERY, trunk)
    pygame.draw.rect(surf, SCENERY_EDGE, trunk, 1)
    if top:
        cx, cy = r.centerx, r.y + r.h // 2
        for dx, dy in ((-1, 0), (1, 0), (-1, -1), (1, -1), (0, -1)):
            tip = (cx + dx * (r.w // 2 - 1), cy + dy * (r.h // 2 - 2) + (4 if dy == 0 else 0))
            pygame.draw.line(surf, CROWN_EDGE, (cx, cy), tip, 5)
            pygame.draw.line(surf, CROWN, (cx, cy), tip, 3)
        pygame.draw.circle(surf, CROWN_EDGE, (cx, cy), 4)


def paint_ground(surf: pygame.Surface, grid: BoardGrid, box: Any, origin: tuple[int, int] = (0, 0)) -> None:
    """What never changes in a game: the wind zones, the grid lines, the two podiums."""
    ox, oy = origin

    def at(cell: Cell) -> pygame.Rect:
        return cell_rect(grid, cell).move(-ox, -oy)

    for y in range(box.height):
        for x in range(box.width):
            pygame.draw.rect(surf, zone_colour(box.wind(y)), at((x, y)))
    for y in range(box.height):
        for x in range(box.width):
            pygame.draw.rect(surf, GRID_LINE, at((x, y)).inflate(2, 2), 1)
    for cell, colour in ((box.start, START), (box.goal, GOAL)):
        r = at(cell)
        pygame.draw.rect(surf, colour, r)
        pygame.draw.rect(surf, theme.INK, r, 2)


class _Ground:
    """The ground of the board for one box, painted once for every table that uses that box
    (some 600 rectangles: the board's layer is painted again at every move, and a new table,
    the one after the city too, would paint it once more)."""

    def __init__(self) -> None:
        self.box: Any = None  #: kept, so that its id in the key is not another box's
        self.layer: Layer | None = None

    def surface(self, grid: BoardGrid, box: Any) -> pygame.Surface:
        if self.layer is None or self.layer.rect != grid.area:
            self.layer = Layer(grid.area, lambda surf: paint_ground(surf, grid, self.box, grid.area.topleft))
        self.box = box
        return self.layer.surface(key=(id(box), tuple(grid.area), grid.cell))


_GROUND = _Ground()


def ground(grid: BoardGrid, box: Any) -> pygame.Surface:
    """The board's wind zones, grid and podiums for ``box`` (see :class:`_Ground`)."""
    return _GROUND.surface(grid, box)


def podium_tray(grid: BoardGrid, box: Any, state: Any) -> pygame.Rect | None:
    """Where the carpets waiting on the start podium are shown, when there are several: the
    podium and the three cells right of and above it, which no scenery may cover (the cell
    right of the start stays free, and scenery above would float), while no carpet is there;
    else the podium and the cell right of it, while that one is free. Six carpets in one
    25 px cell would be 9×4 px chips whose patterns no one can read."""
    sx, sy = box.start
    if len(state.at(box.start)) < 2:
        return None

    def free(cells: list[Cell]) -> bool:
        return all(0 <= x < box.width and 0 <= y < box.height and not state.at((x, y))
                   and (x, y) not in state.scenery and (x, y) not in state.clouds for x, y in cells)

    if free([(sx + 1, sy), (sx, sy + 1), (sx + 1, sy + 1)]):
        return cell_rect(grid, box.start).union(cell_rect(grid, (sx + 1, sy + 1)))
    if free([(sx + 1, sy)]):
        return cell_rect(grid, box.start).union(cell_rect(grid, (sx + 1, sy)))
    return None


def carpet_rects(grid: BoardGrid, box: Any, state: Any) -> dict[int, pygame.Rect]:
    """Where each carpet is drawn: nearly a cell each (23×17 px in 25 px cells); side by side on
    the podium's tray (:func:`podium_tray`), stacks offset upwards."""
    out: dict[int, pygame.Rect] = {}
    done: set[Cell] = set()
    tray = podium_tray(grid, box, state)
    for p in range(state.players):
        cell = state.cells[p]
        if cell in done:
            continue
        done.add(cell)
        here = state.at(cell)
        base = cell_rect(grid, cell)
        if cell == box.start and len(here) > 1:
            area = tray or base
            cols = 3 if area.w > area.h and len(here) > 4 else 2   # the low tray: three abreast
            lines = -(-len(here) // cols)
            w = (area.w - 2 - 2 * cols) // cols
            h = min(17, (area.h - 4 - 2 * (lines - 1)) // lines)
            for k, q in enumerate(here):
                col, line = k % cols, k // cols
                out[q] = pygame.Rect(area.x + 2 + col * (w + 2), area.bottom - 2 - (line + 1) * h - line * 2, w, h)
            continue
        if len(here) == 1:
            out[here[0]] = pygame.Rect(base.x + 1, base.y + 4, grid.cell - 2, grid.cell - 8)
            continue
        for k, q in enumerate(here):  # a blockade or carpets forced down: each one a little higher
            out[q] = pygame.Rect(base.x + 1 + k * 3, base.y + 7 - k * 6, grid.cell - 5, grid.cell - 11)
    return out


def paint_carpets(surf: pygame.Surface, grid: BoardGrid, box: Any, state: Any, colours: Sequence[str],
                  origin: tuple[int, int] = (0, 0)) -> None:
    ox, oy = origin
    tray = podium_tray(grid, box, state)
    if tray is not None:  # the podium widened into a tray for the carpets waiting on it
        pygame.draw.rect(surf, START, tray.move(-ox, -oy), border_radius=4)
        pygame.draw.rect(surf, theme.INK, tray.move(-ox, -oy), 2, border_radius=4)
    rects = carpet_rects(grid, box, state)
    # bottom carpets first, so the one on top is drawn last
    order = sorted(rects, key=lambda p: (state.cells[p], state.at(state.cells[p]).index(p)))
    for p in order:
        r = rects[p].move(-ox, -oy)
        surf.blit(theme.swatch(colours[p], r.w, r.h), r.topleft)
        pygame.draw.rect(surf, theme.INK, r, 1)


def board_layer(paint: Any) -> Layer:
    return Layer(board_grid().area, paint)


# -- what changes with every tap: lit cells, paths, the wind ------------------------------------
def draw_path(surf: pygame.Surface, grid: BoardGrid, path: Sequence[Cell], width: int, colour: Colour = PATH) -> None:
    if len(path) < 2:
        return
    points = [cell_centre(grid, c) for c in path]
    pygame.draw.lines(surf, colour, False, points, width)
    pygame.draw.circle(surf, colour, points[-1], width + 2)


def draw_push(surf: pygame.Surface, grid: BoardGrid, cell: Cell, wind: int) -> None:
    """The wind's push: an arrow to the right from the cell where the sideways leg began,
    as long as the cells it adds, and its strength written beside it."""
    r = cell_rect(grid, cell)
    y = r.top + 5
    x0, x1 = r.centerx, r.centerx + wind * grid.pitch
    pygame.draw.line(surf, (30, 60, 160), (x0, y), (x1, y), 4)
    pygame.draw.polygon(surf, (30, 60, 160), [(x1 + 6, y), (x1 - 3, y - 6), (x1 - 3, y + 6)])
    # the strength left of the arrow, or right of its tip where the board's left edge is near;
    # above the arrow, or below it in the top rows (above, it would run into the turn banner)
    text = f"+{wind}"
    width, height = text_size(text, min_size(True), True)
    below = y - 2 - height < grid.area.top
    ty, v = (y + 4, "top") if below else (y - 2, "bottom")
    if x0 - 2 - width >= grid.area.left:
        draw_text(surf, text, (x0 - 2, ty), min_size(), (20, 40, 140), True, anchor=f"{v}right")
    else:
        draw_text(surf, text, (x1 + 8, ty), min_size(), (20, 40, 140), True, anchor=f"{v}left")


def draw_lit(surf: pygame.Surface, grid: BoardGrid, cells: Iterable[Cell], chosen: Cell | None) -> None:
    for cell in cells:
        r = cell_rect(grid, cell)
        pygame.draw.rect(surf, LIT, r, 3)
    if chosen is not None:
        r = cell_rect(grid, chosen).inflate(6, 6)
        pygame.draw.rect(surf, PICK, r, 3)
        pygame.draw.rect(surf, (0, 0, 0), r.inflate(4, 4), 1)


def draw_clouds_outline(surf: pygame.Surface, grid: BoardGrid, cells: Iterable[Cell]) -> None:
    for cell in cells:
        pygame.draw.rect(surf, PROPOSED, cell_rect(grid, cell), 3, border_radius=6)


#: the city piece being placed changes its glow every half second: two redraws a second, the
#: most the idle loop may wake for
GLOW_STEP_S = 0.5


def glow_step(now: float) -> int:
    """The number of the glow step at ``now`` (the piece's look changes with it)."""
    return int(now / GLOW_STEP_S)


def draw_piece(surf: pygame.Surface, grid: BoardGrid, cells: Iterable[Cell], now: float) -> None:
    """The piece the table places now, blinking gently so it stands out."""
    glow = 250 if glow_step(now) % 2 == 0 else 170
    for cell in cells:
        pygame.draw.rect(surf, (glow, 40, 40), cell_rect(grid, cell).inflate(2, 2), 4)


# -- the special die ---------------------------------------------------------------------------
def draw_die(surf: pygame.Surface, rect: pygame.Rect, picture: str | None, value: int | None) -> None:
    """A face of the special die from its picture name in the box data (an unknown name
    shows the face number)."""
    pygame.draw.rect(surf, theme.INK, rect, border_radius=10)
    pygame.draw.rect(surf, theme.GOLD, rect, 3, border_radius=10)
    if value is None:
        return
    r = rect.inflate(-14, -14)
    dark = (40, 36, 52)
    cx, cy = r.center
    if picture == "sleeping_carpet":
        pygame.draw.rect(surf, (206, 52, 52), (r.x, cy, r.w, r.h // 3))
        for k in range(3):  # z z z
            x, y = r.x + 6 + k * 10, r.y + 12 - k * 4
            pygame.draw.lines(surf, dark, False, [(x, y), (x + 7, y), (x, y + 7), (x + 7, y + 7)], 2)
    elif picture == "cloud_arrows":
        pygame.draw.ellipse(surf, CLOUD_EDGE, (r.x + 4, r.y + 4, r.w - 8, r.h // 2))
        pygame.draw.line(surf, dark, (r.x, r.bottom - 6), (r.right, r.bottom - 6), 3)
        pygame.draw.polygon(surf, dark, [(r.right, r.bottom - 6), (r.right - 7, r.bottom - 12),
                                         (r.right - 7, r.bottom)])
    elif picture == "two_carpets":
        pygame.draw.rect(surf, (52, 100, 214), (r.x, r.y + 4, r.w - 10, r.h // 3))
        pygame.draw.rect(surf, (52, 100, 214), (r.x + 10, cy + 4, r.w - 10, r.h // 3))
    elif picture == "two_tokens":
        pygame.draw.circle(surf, theme.GOLD, (cx - 8, cy), r.w // 4)
        pygame.draw.circle(surf, dark, (cx - 8, cy), r.w // 4, 2)
        pygame.draw.circle(surf, theme.GOLD, (cx + 8, cy), r.w // 4)
        pygame.draw.circle(surf, dark, (cx + 8, cy), r.w // 4, 2)
    elif picture == "crossed_arrows":
        pygame.draw.line(surf, dark, r.topleft, r.bottomright, 4)
        pygame.draw.line(surf, dark, r.bottomleft, r.topright, 4)
    elif picture == "bent_arrow":
        pygame.draw.lines(surf, dark, False, [(r.x, r.bottom), (r.x, r.y + 4), (r.right - 6, r.y + 4)], 4)
        pygame.draw.polygon(surf, dark, [(r.right, r.y + 4), (r.right - 8, r.y - 2), (r.right - 8, r.y + 10)])
    else:
        Label(str(value), r, role="min", color=dark, align="center", bold=True).draw(surf)
        return
    # the face number in a corner: the recorded value, for a table checking the record
    draw_text(surf, str(value), (rect.right - 4, rect.bottom - 2), min_size(), dark, True, anchor="bottomright")


def tumble_face(rng: random.Random, faces: Sequence[Any]) -> Any:
    """A face for the tumbling picture (never the result: that was decided at the press)."""
    return rng.choice(list(faces))


# -- panels ------------------------------------------------------------------------------------
#: the widest count of steering tokens a row keeps room for (the box holds fewer than 100)
WIDEST_COUNT = "88"


def player_rows(count: int) -> list[pygame.Rect]:
    return [pygame.Rect(SIDE.x, SIDE.y + i * PLAYER_H, SIDE.w, PLAYER_H - 2) for i in range(count)]


def row_parts(rect: pygame.Rect, misses: bool, count: str) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect,
                                                                  pygame.Rect]:
    """A player row's parts from the left: the seat's carpet (its colour and pattern, as wide
    as the badge and the widest count leave it, so it keeps its width when a badge comes),
    the badge for turns to miss beside it (room only while there is one), the name's box
    (empty: see :func:`draw_players`) and the count of steering tokens (as wide as its digits)."""
    room = text_size(WIDEST_COUNT, min_size(True), True)[0] + 2 + 2 + 3 + 18 + 3  # count, gaps, badge
    sw, rest = cut(rect, "left", rect.w - room, 3)
    badge, rest = cut(rest, "left", 16, 2) if misses else (pygame.Rect(rest.x, rest.y, 0, rest.h), rest)
    wide = text_size(count, min_size(True), True)[0] + 2
    # the count keeps clear of the current player's frame
    count_box, name_box = cut(pygame.Rect(rest.x, rest.y, rest.w - 3, rest.h), "right", wide, 2)
    return sw, badge, pygame.Rect(name_box.x, name_box.y, 0, name_box.h), count_box


def draw_headings(surf: pygame.Surface, misses: str, tokens: str) -> int:
    """The column headings over the players: the steering tokens' at the right, and left of
    it, with a clear gap, the badges' (only while a badge is shown; it may reach into the
    turn line's room, which then ends before it). Returns where the headings begin."""
    right = HEADINGS.right
    left = right - text_size(tokens, min_size())[0]
    Label(tokens, pygame.Rect(left, HEADINGS.y, right - left, HEADINGS.h), role="min", color=theme.INK_DIM,
          align="right").draw(surf)
    if misses:
        right = left - 16
        left = right - text_size(misses, min_size())[0]
        Label(misses, pygame.Rect(left, HEADINGS.y, right - left, HEADINGS.h), role="min", color=theme.INK_DIM,
              align="right").draw(surf)
    return left


def draw_player_row(surf: pygame.Surface, rect: pygame.Rect, colour: str, tokens: int, misses: int,
                    current: bool) -> None:
    """The seat's carpet in its colour and pattern, a red badge beside it with the turns to
    miss, the steering tokens left. The carpet stays whatever the badge says: it is how a
    colour-blind player finds the seat."""
    if current:
        pygame.draw.rect(surf, theme.PANEL_HI, rect, border_radius=6)
        pygame.draw.rect(surf, theme.GOLD, rect, 2, border_radius=6)
    sw, badge, _name, count_box = row_parts(rect, misses > 0, str(tokens))
    tile = pygame.Rect(sw.x + 3, sw.y + 3, sw.w - 4, rect.h - 6)
    surf.blit(theme.swatch(colour, tile.w, tile.h), tile.topleft)
    pygame.draw.rect(surf, theme.INK, tile, 1)
    if misses:
        mark = badge
        pygame.draw.rect(surf, theme.BAD_FILL, mark, border_radius=4)
        Label(str(misses), mark, role="min", color=theme.INK, bold=True, align="center").draw(surf)
    Label(str(tokens), count_box, role="min", color=theme.GOLD, bold=True, align="right").draw(surf)


def draw_players(surf: pygame.Surface, colours: Sequence[str], tokens: Sequence[int], misses: Sequence[int],
                 current: int | None) -> None:
    """The players' list, by colour and pattern: the turn line names the seat whose turn it
    is, whole, at the read size, and every message names seats whole. Names in the list
    were cut ("Maximili…" at 19 px): six rows of names at 24 px (35 px a line) do not fit
    above the die, and a name of 14 letters (up to 261 px at 24 px) not in the column's
    width beside a board of 25 px cells."""
    for p, rect in enumerate(player_rows(len(colours))):
        draw_player_row(surf, rect, colours[p], tokens[p], misses[p], p == current)


def button_row(weights: Sequence[float]) -> list[pygame.Rect]:
    """The bottom row split by weight (each at least 64 px wide)."""
    return row(BUTTONS, list(weights), 8, touch=True)


__all__ = ["BOARD", "BUTTONS", "DIE", "HEADER", "ROLL", "SIDE", "STATUS", "board_grid", "button_row",
           "cell_centre", "cell_rect", "draw_die", "draw_lit", "draw_path", "draw_players", "draw_push",
           "nearest"]
