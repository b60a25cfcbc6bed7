"""The route picture of Basra: every field of ``assets/alibaba/board.csv`` (through the
engine's box) on a ring, clockwise from the start at the top left, the three forks as two
lanes (left branch outside, right branch inside, as seen walking clockwise), the four
quarters, Ali Baba's field and the way he just walked. Painted into a cached kit ``Layer``;
it is repainted only when Ali Baba moves.
"""

from __future__ import annotations

from typing import Any

import pygame

from companion.games.alibaba.rules.box import EMPTY, EVENT, FOUR, GANG, START, Board
from companion.games.alibaba.screen.gangs import draw_symbol
from companion.ui import theme
from companion.ui.kit import Label, Layer, read_size
from companion.ui.kit.cache import ByteCache, surface_bytes

#: How far a fork's lanes lie outside / inside the ring, in px.
LANE = 11
#: Where the ring lies inside the picture (room for the outer lane).
MARGIN = 18
EVENT_INK = (20, 20, 20)

#: the route without Ali Baba (:meth:`RoutePicture.ground`), by box and size, kept with its
#: box (so that the box's id is never another box's): the same for every table of a box, and
#: some 3 M instructions to paint, which a new table's first frame would pay again
_GROUNDS: ByteCache[tuple[int, int, int], tuple[Any, pygame.Surface]] = ByteCache(
    "alibaba route grounds", 2 * 470 * 150 * 4, lambda kept: surface_bytes(kept[1]))


def ring_point(ring: pygame.Rect, t: float) -> tuple[float, float, tuple[float, float]]:
    """The point at fraction ``t`` (0..1) of the way round ``ring`` clockwise from its top
    left corner, and the outward normal there."""
    w, h = ring.w, ring.h
    d = (t % 1.0) * 2 * (w + h)
    if d < w:
        return ring.x + d, ring.y, (0.0, -1.0)
    d -= w
    if d < h:
        return ring.right, ring.y + d, (1.0, 0.0)
    d -= h
    if d < w:
        return ring.right - d, ring.bottom, (0.0, 1.0)
    d -= w
    return ring.x, ring.bottom - d, (-1.0, 0.0)


def field_centre(board: Board, ring: pygame.Rect, step: int, branch: str | None) -> tuple[int, int]:
    """Where a field is drawn: on the ring, or on a fork's outer (left) / inner (right) lane."""
    x, y, (nx, ny) = ring_point(ring, (step + 0.5) / board.lap)
    if board.fork_at(step) is not None and branch is not None:
        off = LANE if branch == "left" else -LANE
        x, y = x + nx * off, y + ny * off
    return round(x), round(y)


def walked_steps(board: Board, start: int, end: int, branch_before: str | None,
                 forks: list[str]) -> list[tuple[int, str | None]]:
    """The fields Ali Baba passed moving from ``start`` to ``end``: the branch of each fork
    field is the one chosen for that fork (in order), or the one he already stood on."""
    out: list[tuple[int, str | None]] = []
    if end <= start:
        end = board.lap  # the last card of a round walks home to the start
    choices = list(forks)
    current = branch_before
    for step in range(start + 1, end + 1):
        s = step % board.lap
        fork = board.fork_at(s)
        if fork is None:
            current = None
        elif s == fork.start:
            current = choices.pop(0) if choices else "left"
        out.append((s, current if fork is not None else None))
    return out


class RoutePicture:
    """The route as a cached layer; ``draw(surf, position, branch, walked, where)`` blits it."""

    def __init__(self, rect: pygame.Rect, box: Any) -> None:
        self.box = box
        self.rect = pygame.Rect(rect)
        self.ring = pygame.Rect(0, 0, self.rect.w, self.rect.h).inflate(-2 * MARGIN, -2 * MARGIN)
        self.layer = Layer(self.rect, self.paint)
        #: inside the ring: the field's words on top, room for a short line under them
        self.inner = self.ring.inflate(-2 * (LANE + 14), -2 * (LANE + 6))
        self._now: tuple[Any, ...] = (0, None, (), "")
        self._ground: pygame.Surface | None = None

    def draw(self, surf: pygame.Surface, position: int, branch: str | None,
             walked: tuple[tuple[int, str | None], ...], where: str) -> pygame.Rect:
        self._now = (position, branch, walked, where)
        return self.layer.draw(surf, key=self._now)

    def colour(self, field: Any) -> tuple[int, int, int]:
        if field.kind == GANG:
            return theme.rgb(self.box.gangs[field.gang].color)
        if field.kind == EVENT:
            return theme.INK
        if field.kind == START:
            return theme.GOLD
        if field.kind == EMPTY:
            return (96, 88, 110)
        return theme.PANEL_HI

    def paint_field(self, surf: pygame.Surface, field: Any, centre: tuple[int, int], size: int) -> None:
        r = pygame.Rect(0, 0, size, size)
        r.center = centre
        if field.kind == FOUR:  # the four gang symbols: one quarter of the square each
            half = size // 2
            for k, gang in enumerate(self.box.gangs[:4]):
                q = pygame.Rect(r.x + (k % 2) * half, r.y + (k // 2) * half, size - half if k % 2 else half,
                                size - half if k // 2 else half)
                pygame.draw.rect(surf, theme.rgb(gang.color), q)
        else:
            pygame.draw.rect(surf, self.colour(field), r, border_radius=3)
        if field.kind == EVENT:  # black-and-white event symbol
            pygame.draw.circle(surf, EVENT_INK, centre, max(2, size // 4))
        elif field.kind == GANG:  # the gang's shape: its sign besides the colour
            draw_symbol(surf, field.gang, r.inflate(-max(4, size // 4), -max(4, size // 4)), EVENT_INK)
        pygame.draw.rect(surf, theme.BG, r, 1, border_radius=3)

    def paint(self, surf: pygame.Surface) -> None:
        position, branch, walked, where = self._now
        board = self.box.board
        ring, size = self.ring, self.field_size()
        surf.blit(self.ground(), (0, 0))
        # the way he just walked, then Ali Baba himself
        points = [field_centre(board, ring, s, b) for s, b in walked]
        if len(points) >= 2:
            pygame.draw.lines(surf, theme.GOLD, False, points, 4)
        for p in points[:-1]:
            pygame.draw.circle(surf, theme.GOLD, p, 4)
        here = field_centre(board, ring, position, branch if board.fork_at(position) else None)
        pygame.draw.circle(surf, theme.BG, here, size // 2 + 7)
        pygame.draw.circle(surf, theme.GOLD, here, size // 2 + 5, 4)
        pygame.draw.circle(surf, theme.INK, here, size // 2 - 1)
        # at the read size; a long gang name makes it smaller before anything is cut
        Label(where, self.inner, role="min", size=read_size(True), bold=True, color=theme.GOLD, align="center",
              valign="top").draw(surf)

    def field_size(self) -> int:
        """A field's side in px: the ring's length shared by the lap's steps, a gap between."""
        return max(8, int(2 * (self.ring.w + self.ring.h) / self.box.board.lap) - 5)

    def ground(self) -> pygame.Surface:
        """The route without Ali Baba: the ring and every field, the same for every game of
        the box, painted once (a move paints only his way and himself over it)."""
        if self._ground is None:
            key = (id(self.box), self.rect.w, self.rect.h)
            kept = _GROUNDS.get(key)
            if kept is None or kept[0] is not self.box:
                ground = pygame.Surface(self.rect.size)
                self.paint_ground(ground)
                kept = _GROUNDS.put(key, (self.box, ground))
            self._ground = kept[1]
        return self._ground

    def paint_ground(self, surf: pygame.Surface) -> None:
        board = self.box.board
        surf.fill(theme.PANEL)
        ring, size = self.ring, self.field_size()
        pygame.draw.rect(surf, theme.BG, ring.inflate(4, 4), 3, border_radius=6)
        # the four quarters: a tick across the ring where each begins
        for q in range(4):
            x, y, (nx, ny) = ring_point(ring, q / 4 + 0.0001)
            a = (x + nx * (LANE + 8), y + ny * (LANE + 8))
            b = (x - nx * (LANE + 8), y - ny * (LANE + 8))
            pygame.draw.line(surf, theme.INK_DIM, a, b, 2)
        for step in range(board.lap):
            fork = board.fork_at(step)
            if fork is None:
                self.paint_field(surf, board.field(step, None), field_centre(board, ring, step, None), size)
            else:
                for br in ("left", "right"):
                    self.paint_field(surf, fork.field(step, br), field_centre(board, ring, step, br), size - 3)
