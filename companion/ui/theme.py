"""Colours, fonts and the player patterns: every player colour also has a pattern, so
colour-blind players can tell carpets apart.

Font sizes here are what goes to ``pygame.font.Font(None, size)``; the bundled font draws
capitals about half that tall. The rules on visible text height (24 px for what the table
reads, 18 px for the rest) and text that fits its box live in :mod:`companion.ui.kit`;
:func:`blit_text` draws through it, so the kit's audit sees every text.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from companion.ui.kit.cache import byte_cached, surface_bytes

#: ``Font(None, size)`` opens pygame-ce's bundled font at this share of ``size`` (its C code does;
#: ``tests/ui/test_kit_text.py`` checks the pixels are the same as ``Font(None, size)``'s)
DEFAULT_FONT_SCALE = 0.6875

SIZE = (800, 480)  # logical screen: the official 7" display; scaled to whatever screen we get

BG = (28, 24, 38)
PANEL = (44, 38, 58)
PANEL_HI = (70, 60, 92)
INK = (240, 236, 226)
INK_DIM = (186, 180, 196)
GOLD = (238, 190, 70)
#: red for words and marks on the background, and behind large text (a table's own banner)
BAD = (230, 80, 74)
#: red behind text of any size: a refusal's banner, "Wirklich beenden?" on its key
BAD_FILL = (168, 40, 40)
GOOD = (110, 200, 120)
BOARD = (214, 182, 130)
BOARD_LINE = (150, 118, 76)
BALCONY = (120, 90, 60)

#: Every pair of theme colours text is drawn in, ink on ground, and whether only large text
#: (24 px capitals and up, the bundled face is bold) is drawn that way. WCAG 2's contrast
#: (:func:`contrast`) of each is at least 4.5:1, 3:1 for large text only; the README lists them.
TEXT_PAIRS: tuple[tuple[str, str, bool], ...] = (
    ("INK", "BG", False), ("INK", "PANEL", False), ("INK", "PANEL_HI", False), ("INK", "BAD_FILL", False),
    ("INK", "BAD", True),
    ("INK_DIM", "BG", False), ("INK_DIM", "PANEL", False), ("INK_DIM", "PANEL_HI", False),
    ("GOLD", "BG", False), ("GOLD", "PANEL", False), ("GOLD", "PANEL_HI", False),
    ("GOOD", "BG", False), ("GOOD", "PANEL", False), ("GOOD", "PANEL_HI", False),
    ("BAD", "BG", False),
)


def luminance(colour: tuple[int, int, int]) -> float:
    """WCAG 2's relative luminance of an sRGB colour (0 black to 1 white)."""
    def channel(v: int) -> float:
        c = v / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(v) for v in colour[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: tuple[int, int, int], b: tuple[int, int, int]) -> float:
    """WCAG 2's contrast ratio of two colours, 1 to 21.

    >>> round(contrast((255, 255, 255), (0, 0, 0)), 1)
    21.0
    """
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


PLAYER_RGB: dict[str, tuple[int, int, int]] = {
    "red": (206, 52, 52),
    "blue": (52, 100, 214),
    "yellow": (236, 200, 40),
    "green": (46, 160, 80),
    "purple": (140, 70, 180),
    "orange": (236, 130, 40),
    "black": (40, 40, 40),
    "white": (235, 235, 235),
}
#: The pattern drawn over each colour: stripes, dots, checks, rings, ...
PLAYER_PATTERN: dict[str, str] = {
    "red": "stripes", "blue": "dots", "yellow": "bars", "green": "checks",
    "purple": "rings", "orange": "cross", "black": "plain", "white": "plain",
}


def rgb(color: str) -> tuple[int, int, int]:
    """The RGB of a player colour name (grey for an unknown one)."""
    return PLAYER_RGB.get(color, (128, 128, 128))


def font(size: int, bold: bool = False) -> pygame.font.Font:
    """The bundled font at ``size``, shared (cached); callers must not keep it modified.

    pygame-ce's bundled face is a bold one already, for every text. ``bold`` marks a title
    (the audit and the callers keep it apart) but adds no SDL_ttf emboldening on top: that
    thickens every stroke by a pixel or two each way and runs the two dots of ä, ö and ü into
    one bar from about 26 px up ("Menū", "prūfen"), which a German table cannot read. So a
    title and a line of the same size share one opened face.
    """
    return _face(size)


def face_bytes(face: pygame.font.Font) -> int:
    """About what an opened face holds in C memory: FreeType's face and SDL_ttf's cache of up
    to 256 rendered glyphs, each about a line high and half as wide (a size-47 face: ~0.4 MB)."""
    line = face.get_height()
    return 64 * 1024 + 128 * line * line


@byte_cached("font faces", 8 * 1024 * 1024, face_bytes)  # labels try several sizes while shrinking
def _face(size: int) -> pygame.font.Font:
    if not pygame.font.get_init():
        pygame.font.init()
    return pygame.font.Font(bundled_font_path(), max(1, int(size * DEFAULT_FONT_SCALE)))


@lru_cache(maxsize=1)
def bundled_font_path() -> str:
    """The file of pygame-ce's bundled font (``Font(None, size)``'s face). Opened by its name,
    SDL reads it itself; ``Font(None, ...)`` reads it through a Python file object, one
    Python call per seek and read (about 1,100 of them for each size opened)."""
    import os

    return os.path.join(os.path.dirname(pygame.__file__), pygame.font.get_default_font())


@byte_cached("texts", 4 * 1024 * 1024, surface_bytes)
def text(s: str, size: int = 24, color: tuple[int, int, int] = INK, bold: bool = False) -> pygame.Surface:
    """Rendered text, cached: the same label is drawn every frame."""
    return font(size, bold).render(s, True, color)


def blit_text(surf: pygame.Surface, s: str, pos: tuple[int, int], size: int = 24,
              color: tuple[int, int, int] = INK, bold: bool = False, anchor: str = "topleft", *,
              role: str = "min", width: int | None = None) -> pygame.Rect:
    """Draw one line with its ``anchor`` at ``pos``; returns the rect it covers.
    ``role="read"`` marks text read from across the table for the audit; ``width`` shortens
    the line with "…" to that many px. New screens use ``kit.Label`` (a box, shrinking,
    wrapping) instead."""
    from companion.ui.kit.text import draw_text  # the kit imports this module: import late
    return draw_text(surf, s, pos, size, color, bold, anchor, role=role, width=width)


@byte_cached("swatches", 1024 * 1024, surface_bytes)
def swatch(color: str, w: int, h: int) -> pygame.Surface:
    """A tile of the player's colour with its pattern, cached per size."""
    base = rgb(color)
    s = pygame.Surface((w, h))
    s.fill(base)
    dark = tuple(max(0, c - 80) for c in base)
    light = tuple(min(255, c + 70) for c in base)
    kind = PLAYER_PATTERN.get(color, "plain")
    step = max(8, min(w, h) // 4)
    if kind == "stripes":
        for x in range(-h, w, step):
            pygame.draw.line(s, dark, (x, h), (x + h, 0), 3)
    elif kind == "dots":
        for y in range(step // 2, h, step):
            for x in range(step // 2, w, step):
                pygame.draw.circle(s, light, (x, y), max(2, step // 5))
    elif kind == "bars":
        for y in range(step // 2, h, step):
            pygame.draw.line(s, dark, (0, y), (w, y), 3)
    elif kind == "checks":
        for y in range(0, h, step):
            for x in range(0, w, step):
                if (x // step + y // step) % 2:
                    s.fill(dark, (x, y, step, step))
    elif kind == "rings":
        for y in range(step // 2, h, step):
            for x in range(step // 2, w, step):
                pygame.draw.circle(s, light, (x, y), max(3, step // 3), 2)
    elif kind == "cross":
        for x in range(-h, w, step):
            pygame.draw.line(s, dark, (x, h), (x + h, 0), 2)
            pygame.draw.line(s, dark, (x, 0), (x + h, h), 2)
    return s
