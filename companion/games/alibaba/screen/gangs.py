"""Each gang's sign besides its colour: a shape (diamond, triangle, ring, cross, in the order of
``gangs.csv``), drawn wherever a gang is shown (a field of the route, a column of the players'
list, a key naming one of its groups), so that a player who cannot tell the colours apart still
tells the gangs apart, as every seat has its pattern.

>>> import pygame
>>> s = pygame.Surface((20, 20)); _ = s.fill((0, 0, 0))
>>> draw_symbol(s, 0, pygame.Rect(0, 0, 20, 20), (255, 255, 255)); tuple(s.get_at((10, 10)))[:3]
(255, 255, 255)
"""

from __future__ import annotations

import pygame

Colour = tuple[int, int, int]

#: the shapes, one per gang in the order of ``gangs.csv`` (a fifth gang repeats them, filled)
SHAPES = ("diamond", "triangle", "ring", "cross")


def shape_of(gang: int) -> str:
    return SHAPES[gang % len(SHAPES)]


def draw_symbol(surf: pygame.Surface, gang: int, rect: pygame.Rect, ink: Colour, edge: Colour | None = None) -> None:
    """Gang ``gang``'s shape filling the square ``rect`` in ``ink``; with ``edge``, outlined in
    it first (so that it stands out on any fill)."""
    side = min(rect.w, rect.h)
    box = pygame.Rect(0, 0, side, side)
    box.center = rect.center
    if edge is not None:
        _shape(surf, shape_of(gang), box, edge, grow=2)
    _shape(surf, shape_of(gang), box, ink, grow=0)


def _shape(surf: pygame.Surface, kind: str, box: pygame.Rect, colour: Colour, grow: int) -> None:
    r = box.inflate(2 * grow, 2 * grow)
    cx, cy = r.center
    thick = max(2, box.w // 5) + 2 * grow
    if kind == "diamond":
        pygame.draw.polygon(surf, colour, [(cx, r.top), (r.right - 1, cy), (cx, r.bottom - 1), (r.left, cy)])
    elif kind == "triangle":
        pygame.draw.polygon(surf, colour, [(cx, r.top), (r.right - 1, r.bottom - 1), (r.left, r.bottom - 1)])
    elif kind == "ring":
        pygame.draw.circle(surf, colour, (cx, cy), r.w // 2, max(2, box.w // 4) + 2 * grow)
    else:  # a cross: two thick bars, corner to corner
        inner = box.inflate(-max(2, box.w // 6), -max(2, box.w // 6))
        pygame.draw.line(surf, colour, inner.topleft, inner.bottomright, thick)
        pygame.draw.line(surf, colour, inner.bottomleft, inner.topright, thick)
