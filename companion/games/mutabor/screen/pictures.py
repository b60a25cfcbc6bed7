"""The Mutabor pictures, drawn with pygame: the six card kinds, the face-down centre, the
figures, and the maze as a whole (for the table, the layout view and the end screen).

Every kind differs in shape first and colour second (star, tree, gate, elephant, crab,
stork on cards of different lightness), so colour-blind players tell them apart; figures
carry their player's colour with its pattern (``theme.swatch``).

>>> import pygame
>>> s = pygame.Surface((60, 60))
>>> for kind in reversed(PAINTERS):   # the face-down card first, the Morgenstern last
...     draw_card(s, pygame.Rect(0, 0, 60, 60), kind)
>>> tuple(s.get_at((4, 30)))[:3] == CARD_BG["morgenstern"]
True
"""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame

from companion.ui import theme
from companion.ui.kit.cache import byte_cached, surface_bytes

Colour = tuple[int, int, int]
Point = tuple[float, float]

#: The card's ground: light for the animals and the star, a little darker for the tree and the
#: gate, so even in grey the six kinds stay apart by shape and ground.
CARD_BG: dict[str, Colour] = {
    "morgenstern": (248, 236, 200), "baum": (214, 232, 200), "tor": (206, 214, 236),
    "elefant": (232, 226, 218), "krebs": (250, 222, 210), "storch": (226, 240, 246),
    "hidden": (46, 52, 96),
}
INK: Colour = (30, 26, 22)


def _at(rect: pygame.Rect, fx: float, fy: float) -> Point:
    """A point of the card given as fractions of its size."""
    return (rect.x + fx * rect.w, rect.y + fy * rect.h)


def _star(surf: pygame.Surface, r: pygame.Rect) -> None:
    cx, cy = r.center
    outer, inner = r.w * 0.42, r.w * 0.18
    pts = []
    for k in range(16):
        rad = outer if k % 2 == 0 else inner
        a = math.pi * k / 8 - math.pi / 2
        pts.append((cx + rad * math.cos(a), cy + rad * math.sin(a)))
    pygame.draw.polygon(surf, (236, 176, 20), pts)
    pygame.draw.polygon(surf, INK, pts, 2)
    pygame.draw.circle(surf, (255, 244, 190), (cx, cy), max(2, int(r.w * 0.1)))


def _tree(surf: pygame.Surface, r: pygame.Rect) -> None:
    trunk = pygame.Rect(0, 0, max(4, r.w // 8), int(r.h * 0.3))
    trunk.midbottom = (r.centerx, int(r.y + r.h * 0.92))
    pygame.draw.rect(surf, (110, 70, 36), trunk)
    for top, bottom, half in ((0.08, 0.48, 0.24), (0.26, 0.66, 0.34)):
        pts = [_at(r, 0.5, top), _at(r, 0.5 - half, bottom), _at(r, 0.5 + half, bottom)]
        pygame.draw.polygon(surf, (40, 130, 60), pts)
        pygame.draw.polygon(surf, INK, pts, 2)


def _gate(surf: pygame.Surface, r: pygame.Rect) -> None:
    body = pygame.Rect(0, 0, int(r.w * 0.76), int(r.h * 0.72))
    body.midbottom = (r.centerx, int(r.y + r.h * 0.9))
    pygame.draw.rect(surf, (70, 90, 160), body, border_top_left_radius=body.w // 2,
                     border_top_right_radius=body.w // 2)
    hole = body.inflate(-body.w // 2, -body.h // 4)
    hole.bottom = body.bottom
    pygame.draw.rect(surf, (20, 20, 40), hole, border_top_left_radius=hole.w // 2,
                     border_top_right_radius=hole.w // 2)
    pygame.draw.rect(surf, INK, body, 2, border_top_left_radius=body.w // 2, border_top_right_radius=body.w // 2)


def _elephant(surf: pygame.Surface, r: pygame.Rect) -> None:
    grey, dark = (128, 128, 136), (70, 70, 78)
    for fx in (0.1, 0.24, 0.44, 0.56):
        pygame.draw.rect(surf, dark, pygame.Rect(_at(r, fx, 0.56), (r.w * 0.11, r.h * 0.34)))
    body = pygame.Rect(_at(r, 0.04, 0.24), (r.w * 0.66, r.h * 0.46))
    pygame.draw.ellipse(surf, grey, body)
    pygame.draw.ellipse(surf, INK, body, 2)
    head = (int(r.x + r.w * 0.74), int(r.y + r.h * 0.34))
    pygame.draw.circle(surf, grey, head, int(r.w * 0.18))
    pygame.draw.circle(surf, INK, head, int(r.w * 0.18), 2)
    ear = pygame.Rect(_at(r, 0.56, 0.2), (r.w * 0.18, r.h * 0.3))
    pygame.draw.ellipse(surf, dark, ear)
    pygame.draw.lines(surf, dark, False, [_at(r, 0.86, 0.4), _at(r, 0.92, 0.62), _at(r, 0.86, 0.84)],
                      max(3, r.w // 12))
    pygame.draw.circle(surf, INK, (int(r.x + r.w * 0.8), int(r.y + r.h * 0.28)), max(1, r.w // 28))


def _crab(surf: pygame.Surface, r: pygame.Rect) -> None:
    red = (206, 60, 40)
    for side in (-1, 1):
        for k in range(3):
            y = 0.56 + k * 0.1
            pygame.draw.line(surf, INK, _at(r, 0.5 + side * 0.2, y), _at(r, 0.5 + side * 0.42, y + 0.12), 2)
        pygame.draw.line(surf, INK, _at(r, 0.5 + side * 0.18, 0.5), _at(r, 0.5 + side * 0.3, 0.26), 3)
        claw = (int(r.x + r.w * (0.5 + side * 0.3)), int(r.y + r.h * 0.22))
        pygame.draw.circle(surf, red, claw, int(r.w * 0.11))
        pygame.draw.circle(surf, INK, claw, int(r.w * 0.11), 2)
        pygame.draw.line(surf, CARD_BG["krebs"], claw, (claw[0], claw[1] - r.h * 0.11), 3)
    body = pygame.Rect(_at(r, 0.24, 0.42), (r.w * 0.52, r.h * 0.3))
    pygame.draw.ellipse(surf, red, body)
    pygame.draw.ellipse(surf, INK, body, 2)


def _stork(surf: pygame.Surface, r: pygame.Rect) -> None:
    orange = (230, 110, 30)
    for fx in (0.42, 0.52):
        pygame.draw.line(surf, orange, _at(r, fx, 0.6), _at(r, fx, 0.94), 3)
    body = pygame.Rect(_at(r, 0.22, 0.36), (r.w * 0.46, r.h * 0.28))
    pygame.draw.ellipse(surf, (250, 250, 250), body)
    pygame.draw.ellipse(surf, INK, body, 2)
    tail = [_at(r, 0.22, 0.44), _at(r, 0.1, 0.56), _at(r, 0.32, 0.58)]
    pygame.draw.polygon(surf, INK, tail)
    pygame.draw.line(surf, INK, _at(r, 0.62, 0.42), _at(r, 0.7, 0.14), 3)
    head = (int(r.x + r.w * 0.7), int(r.y + r.h * 0.14))
    pygame.draw.circle(surf, (250, 250, 250), head, max(3, int(r.w * 0.07)))
    pygame.draw.circle(surf, INK, head, max(3, int(r.w * 0.07)), 1)
    pygame.draw.polygon(surf, orange, [_at(r, 0.74, 0.1), _at(r, 0.96, 0.2), _at(r, 0.74, 0.18)])


def _hidden(surf: pygame.Surface, r: pygame.Rect) -> None:
    step = max(6, r.w // 5)
    for k in range(-r.h, r.w, step):
        pygame.draw.line(surf, (80, 88, 150), (r.x + k, r.bottom), (r.x + k + r.h, r.y), 2)


PAINTERS: dict[str, Callable[[pygame.Surface, pygame.Rect], None]] = {
    "morgenstern": _star, "baum": _tree, "tor": _gate, "elefant": _elephant, "krebs": _crab, "storch": _stork,
    "hidden": _hidden,
}


def draw_card(surf: pygame.Surface, rect: pygame.Rect, kind: str | None, *, frame: Colour = (120, 100, 70),
              picture: pygame.Rect | None = None) -> None:
    """One card: its ground, its picture (in ``picture`` when given, else filling the card),
    a frame. ``None`` draws an empty place (maze entry)."""
    if kind is None:
        pygame.draw.rect(surf, (60, 54, 74), rect, border_radius=4)
        pygame.draw.rect(surf, theme.INK_DIM, rect, 1, border_radius=4)
        return
    pygame.draw.rect(surf, CARD_BG[kind], rect, border_radius=4)
    picture = picture or rect.inflate(-max(4, rect.w // 8), -max(4, rect.h // 8))
    clip = surf.get_clip()
    surf.set_clip(rect)
    PAINTERS[kind](surf, picture)
    surf.set_clip(clip)
    pygame.draw.rect(surf, frame, rect, 2, border_radius=4)


@byte_cached("card pictures", 512 * 1024, surface_bytes)
def card_picture(kind: str | None, size: tuple[int, int], small: bool, ground: Colour) -> pygame.Surface:
    """One card of ``size`` on ``ground`` (its rounded corners show it), with its picture
    ``small`` in the top left (clear of a dealing number) or filling it; made once per kind,
    size and look. A maze is 52 cards of seven kinds: drawing a card costs some 200,000
    instructions, blitting its picture a tenth of that."""
    card = pygame.Surface(size)
    card.fill(ground)
    rect = card.get_rect()
    draw_card(card, rect, kind, picture=pygame.Rect(2, 2, rect.w * 3 // 5, rect.h * 3 // 5) if small else None)
    return card


@byte_cached("figure discs", 256 * 1024, surface_bytes)
def _disc(colour: str, radius: int) -> pygame.Surface:
    """A figure's disc in the player's colour and pattern, made once per colour and size (a
    frame draws every figure on the maze)."""
    d = 2 * radius
    disc = pygame.Surface((d, d), pygame.SRCALPHA)
    disc.blit(theme.swatch(colour, d, d), (0, 0))
    mask = pygame.Surface((d, d), pygame.SRCALPHA)
    pygame.draw.circle(mask, (255, 255, 255, 255), (radius, radius), radius)
    disc.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    return disc


def draw_figure(surf: pygame.Surface, center: Point, radius: int, colour: str, *, lit: bool = False) -> None:
    """A figure: a disc in the player's colour with its pattern, a white rim and a dark ring
    (gold when ``lit``), so it stands out on every card ground."""
    c = radius + 4  # the figure's centre in its picture, which holds the rim whole
    surf.blit(_figure(colour, radius, lit), (int(center[0]) - c, int(center[1]) - c))


@byte_cached("figures", 256 * 1024, surface_bytes)
def _figure(colour: str, radius: int, lit: bool) -> pygame.Surface:
    """A figure on a see-through square, made once per colour, size and ring (its pixels
    are opaque or see-through, so a blit puts down exactly what drawing it there would)."""
    c = radius + 4
    figure = pygame.Surface((2 * c + 1, 2 * c + 1), pygame.SRCALPHA)
    pygame.draw.circle(figure, (250, 250, 250), (c, c), radius + 3)
    figure.blit(_disc(colour, radius), (c - radius, c - radius))
    pygame.draw.circle(figure, theme.GOLD if lit else (20, 20, 20), (c, c), radius + 3, 4 if lit else 2)
    return figure
