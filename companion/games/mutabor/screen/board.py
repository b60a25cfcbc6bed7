"""The Mutabor maze on screen: where each cell is, the cached card layer, the side marks, the
figures and the lit cells. Geometry and drawing only; the scene decides what is lit.

The 8×8 grid is a kit :class:`BoardGrid` whose missing cells are the corners that are no
cell of the maze. Each border side is marked with the colours of the player who starts there
(a band along its outer edge and a square beside it) and of the player whose goal it is (a
flag beside it); in a 2-player game with closed sides the side borders are hatched.

>>> g = make_grid()
>>> g.cell, g.cell_at(g.center_of((7, 3))), g.cell_at(g.center_of((0, 0)))
(56, (7, 3), None)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import pygame

from companion.games.mutabor.rules.geometry import CELLS, CENTRE, OPPOSITE, SIDE_CELLS, SIZE, START, Cell
from companion.games.mutabor.rules.state import Grid
from companion.games.mutabor.screen.pictures import card_picture, draw_figure
from companion.ui import theme
from companion.ui.kit import BoardGrid, Label, audit
from companion.ui.kit.cache import byte_cached, surface_bytes

BOARD = pygame.Rect(6, 16, 448, 448)
MISSING = frozenset((r, c) for r in range(SIZE) for c in range(SIZE)) - CELLS
#: The two missing cells at the ends of each border side: the start square and the goal flag.
FLANKS: dict[str, tuple[Cell, Cell]] = {
    "bottom": ((7, 1), (7, 6)), "top": ((0, 6), (0, 1)), "left": ((6, 0), (1, 0)), "right": ((1, 7), (6, 7)),
}
#: Which way is "outwards" for each side (row, col step).
OUTWARD: dict[str, Cell] = {"bottom": (1, 0), "top": (-1, 0), "left": (0, -1), "right": (0, 1)}

Colour = tuple[int, int, int]


def make_grid(rect: pygame.Rect = BOARD) -> BoardGrid:
    """The maze's cells laid out in ``rect`` (the table: 56 px cells)."""
    return BoardGrid(rect, SIZE, SIZE, missing=MISSING)


def side_of(cell: Cell) -> str | None:
    for side, cells in SIDE_CELLS.items():
        if cell in cells:
            return side
    return None


def paint_maze(surf: pygame.Surface, grid: BoardGrid, maze: Grid | dict[Cell, str], *,
               numbers: dict[Cell, int] | None = None, hide_centre: bool = True, offset: Cell = (0, 0),
               ground: Colour = theme.BG) -> None:
    """Every card of ``maze`` (a grid, or the cells entered so far) into ``surf``, whose
    ``ground`` shows round the cards' rounded corners; with ``numbers`` each card also shows
    its dealing number. ``offset`` moves the picture (a layer paints in its own coordinates).
    Each kind is drawn once per size (``card_picture``) and blitted onto its cells."""
    small = bool(numbers)  # with its number the picture keeps to the top left, clear of the badge
    for cell in grid.cells():
        rect = grid.rect_of(cell).move(*offset).inflate(-2, -2)
        kind = maze.get(cell) if isinstance(maze, dict) else maze[cell[0]][cell[1]]
        shown = "hidden" if cell in CENTRE and hide_centre else kind
        surf.blit(card_picture(shown, rect.size, small, ground), rect)
    if numbers:
        paint_numbers(surf, grid, numbers, offset)


#: a number badge's size, and a colour it never paints (its rounded corners stay see-through)
BADGE = (36, 30)
_SEE_THROUGH = (1, 254, 3)


def paint_numbers(surf: pygame.Surface, grid: BoardGrid, numbers: dict[Cell, int], offset: Cell = (0, 0)) -> None:
    """Each card's dealing number in its corner (the layout view: "lay card 17 here"), a
    badge blitted from its picture (:func:`badge`); an audit sees its number as if drawn here."""
    for cell, number in numbers.items():
        rect = grid.rect_of(cell).move(*offset).inflate(-2, -2)
        box = pygame.Rect((0, 0), BADGE)
        box.bottomright = (rect.right - 1, rect.bottom - 1)
        picture, marks = badge(number)
        surf.blit(picture, box)
        if audit.active():
            audit.replay(marks, box.topleft, surf.get_rect())


@byte_cached("number badges", 512 * 1024, lambda kept: 2 * surface_bytes(kept[0]))
def badge(number: int) -> tuple[pygame.Surface, audit.Record]:
    """A dealing number on its dark rounded badge, and the text painted into it; made once
    per number. The layout view shows all 52 numbers at a new table's first frame: drawing
    them cost some 3.8 M instructions, blitting their pictures a tenth of that. The number
    is blended onto the badge's own opaque ground either way, so the pixels are those drawn
    in place; the corners are a colour key, run-length encoded (counted twice: SDL keeps the
    encoded copy beside the pixels), as the kit's keys are."""
    picture = pygame.Surface(BADGE)
    picture.fill(_SEE_THROUGH)
    box = picture.get_rect()
    pygame.draw.rect(picture, (20, 20, 30), box, border_radius=6)
    with audit.capture() as marks:
        Label(str(number), box, role="min", color=theme.INK, align="center").draw(picture)
    picture.set_colorkey(_SEE_THROUGH, pygame.RLEACCEL)
    return picture, marks


def paint_sides(surf: pygame.Surface, grid: BoardGrid, sides: Sequence[str], colours: Sequence[str], *,
                closed: Iterable[str] = (), offset: Cell = (0, 0), seats: bool = False) -> None:
    """The start band and square of each seat's side and the flag of his goal side; hatching
    over side borders nobody may enter. With ``seats`` each start square carries its seat's
    number (the layout view: which colour sits on which side)."""
    band = max(4, grid.cell // 9)
    for seat, side in enumerate(sides):
        dr, dc = OUTWARD[side]
        tile = theme.swatch(colours[seat], grid.cell, grid.cell)
        for cell in START[side]:
            r = grid.rect_of(cell).move(*offset)
            strip = pygame.Rect(r)
            if dr:
                strip.h = band
                strip.y = r.bottom - band if dr > 0 else r.y
            else:
                strip.w = band
                strip.x = r.right - band if dc > 0 else r.x
            surf.blit(tile, strip, pygame.Rect(0, 0, strip.w, strip.h))
        start_flank, _ = FLANKS[side]
        square = grid.rect_of(start_flank).move(*offset).inflate(-grid.cell // 3, -grid.cell // 3)
        surf.blit(theme.swatch(colours[seat], square.w, square.h), square)
        pygame.draw.rect(surf, theme.INK, square, 2)
        if seats:
            plate = pygame.Rect(0, 0, square.w - 10, square.h - 6)
            plate.center = square.center
            pygame.draw.rect(surf, (20, 20, 30), plate, border_radius=5)
            Label(str(seat + 1), plate, role="min", color=theme.INK, align="center").draw(surf)
        _, flag_flank = FLANKS[OPPOSITE[side]]
        flag(surf, grid.rect_of(flag_flank).move(*offset), colours[seat])
    for side in closed:
        for cell in SIDE_CELLS[side]:
            hatch(surf, grid.rect_of(cell).move(*offset).inflate(-2, -2))


def hatch(surf: pygame.Surface, r: pygame.Rect) -> None:
    """The hatching of a closed side cell (also the sample beside its words in the panel)."""
    clip = surf.get_clip()
    surf.set_clip(r)
    for k in range(-r.h, r.w, 10):
        pygame.draw.line(surf, (60, 50, 60), (r.x + k, r.bottom), (r.x + k + r.h, r.y), 3)
    surf.set_clip(clip)


def flag(surf: pygame.Surface, rect: pygame.Rect, colour: str) -> None:
    """A goal flag on a pole, the cloth in the goal player's colour and pattern."""
    pole_x = rect.x + rect.w // 4
    pygame.draw.line(surf, theme.INK, (pole_x, rect.y + rect.h // 8), (pole_x, rect.bottom - rect.h // 8), 3)
    cloth = pygame.Rect(pole_x + 2, rect.y + rect.h // 8, rect.w // 2, rect.h * 3 // 8)
    surf.blit(theme.swatch(colour, cloth.w, cloth.h), cloth)
    pygame.draw.rect(surf, theme.INK, cloth, 2)


def draw_figures(surf: pygame.Surface, grid: BoardGrid, figures: Sequence[Sequence[Cell]],
                 colours: Sequence[str], lit: Cell | None = None) -> None:
    """Every figure on its cell (the chosen one ringed in gold)."""
    for seat, cells in enumerate(figures):
        for cell in cells:
            draw_figure_at(surf, grid, cell, colours[seat], lit=cell == lit)


def draw_figure_at(surf: pygame.Surface, grid: BoardGrid, cell: Cell, colour: str, lit: bool = False) -> None:
    """One figure on its cell (drawn again over one already there: it covers it whole)."""
    draw_figure(surf, grid.center_of(cell), max(6, grid.cell * 2 // 7), colour, lit=lit)


def ring(surf: pygame.Surface, grid: BoardGrid, cell: Cell, colour: Colour, width: int = 5,
         strong: bool = False) -> None:
    """A frame round a cell (a lit target, the cursor, a capture choice); ``strong`` edges it
    in black as well, so it shows on light and dark cards alike."""
    rect = grid.rect_of(cell).inflate(-1, -1)
    if strong:
        pygame.draw.rect(surf, (10, 10, 10), rect.inflate(2, 2), width + 4, border_radius=7)
    pygame.draw.rect(surf, colour, rect, width, border_radius=6)


def dot(surf: pygame.Surface, grid: BoardGrid, cell: Cell, colour: Colour) -> None:
    """A target mark in the middle of an empty cell, seen from across the table."""
    x, y = grid.center_of(cell)
    pygame.draw.circle(surf, (20, 20, 20), (int(x), int(y)), grid.cell // 6 + 2)
    pygame.draw.circle(surf, colour, (int(x), int(y)), grid.cell // 6)


def corners(surf: pygame.Surface, grid: BoardGrid, cell: Cell, colour: Colour) -> None:
    """A target's mark by shape, not colour alone: a triangle in each corner of the cell,
    edged in black (it leaves the middle free for a figure to be captured); the words name
    it ("mit Eckmarken")."""
    r = grid.rect_of(cell).inflate(-4, -4)
    k = max(8, grid.cell // 4)
    for (cx, cy), (dx, dy) in (((r.left, r.top), (1, 1)), ((r.right, r.top), (-1, 1)),
                               ((r.left, r.bottom), (1, -1)), ((r.right, r.bottom), (-1, -1))):
        points = [(cx, cy), (cx + dx * k, cy), (cx, cy + dy * k)]
        pygame.draw.polygon(surf, colour, points)
        pygame.draw.polygon(surf, (10, 10, 10), points, 2)


def target(surf: pygame.Surface, grid: BoardGrid, cell: Cell, colour: Colour, *, dot_too: bool) -> None:
    """A lit target: its ring, its corner marks and, on an empty cell (``dot_too``), its dot,
    blitted from a picture made once per cell size and colour (a frame shows every target of
    the chosen figure: one blit each instead of ten shapes)."""
    surf.blit(_target(grid.cell, colour, dot_too), grid.rect_of(cell))


@byte_cached("target marks", 256 * 1024, surface_bytes)
def _target(size: int, colour: Colour, dot_too: bool) -> pygame.Surface:
    """The marks of a lit target on a see-through cell of ``size`` (they keep inside it)."""
    picture = pygame.Surface((size, size), pygame.SRCALPHA)
    one = BoardGrid(pygame.Rect(0, 0, size, size), 1, 1)
    ring(picture, one, (0, 0), colour, 5)
    corners(picture, one, (0, 0), colour)
    if dot_too:
        dot(picture, one, (0, 0), colour)
    return picture


def cross(surf: pygame.Surface, grid: BoardGrid, cell: Cell) -> None:
    """A goal cell no card leads to: a thick cross edged in black, a shape that needs no
    colour to be seen (the words say "mit Kreuz")."""
    r = grid.rect_of(cell).inflate(-grid.cell // 6, -grid.cell // 6)  # its arms show round a figure
    for a, b in ((r.topleft, r.bottomright), (r.bottomleft, r.topright)):
        pygame.draw.line(surf, (10, 10, 10), a, b, 11)
    for a, b in ((r.topleft, r.bottomright), (r.bottomleft, r.topright)):
        pygame.draw.line(surf, theme.BAD, a, b, 5)
