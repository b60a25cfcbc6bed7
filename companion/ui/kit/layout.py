"""Splitting the screen into rects, once, in a screen's ``layout()`` (never in ``draw()``).

Every splitter returns ``pygame.Rect`` s that tile the given rect exactly (rounding spread
over the pieces). With ``touch=True`` each piece is a touch target and must be at least
``MIN_TOUCH`` px both ways, else a :class:`LayoutError` says which split failed and why.

>>> import pygame
>>> [tuple(r) for r in row(pygame.Rect(0, 0, 300, 64), 3, gap=6, touch=True)]
[(0, 0, 96, 64), (102, 0, 96, 64), (204, 0, 96, 64)]
>>> [r.h for r in column(pygame.Rect(0, 0, 100, 200), [1, 3])]
[50, 150]
>>> row(pygame.Rect(0, 0, 300, 64), 5, touch=True)  # doctest: +IGNORE_EXCEPTION_DETAIL
Traceback (most recent call last):
...
companion.ui.kit.layout.LayoutError: row of 5 in 300×64 at (0, 0): pieces of 60×64 px, touch targets need 64×64 px
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from companion.ui.kit.sizes import MIN_TOUCH

Weights = int | Sequence[float]


class LayoutError(ValueError):
    """A layout that cannot work on the screen (too small for a finger, or no room)."""


def _sizes(total: int, weights: Weights, gap: int, what: str, rect: pygame.Rect) -> list[int]:
    ws = [1.0] * weights if isinstance(weights, int) else [float(w) for w in weights]
    if not ws or any(w < 0 for w in ws) or sum(ws) <= 0:
        raise LayoutError(f"{what}: weights {weights!r} must be a positive count or non-negative numbers")
    room = total - gap * (len(ws) - 1)
    if room < 0:
        raise LayoutError(f"{what} of {len(ws)} in {rect.w}×{rect.h}: the gaps alone need {gap * (len(ws) - 1)} px")
    # cumulative rounding: the pieces add up to exactly ``room``
    out, acc, done = [], 0.0, 0
    for w in ws:
        acc += w
        end = round(room * acc / sum(ws))
        out.append(end - done)
        done = end
    return out


def _check(pieces: list[pygame.Rect], touch: bool, what: str, rect: pygame.Rect) -> list[pygame.Rect]:
    if touch:
        small = [p for p in pieces if p.w < MIN_TOUCH or p.h < MIN_TOUCH]
        if small:
            dims = sorted({f"{p.w}×{p.h}" for p in small})
            raise LayoutError(f"{what} in {rect.w}×{rect.h} at {rect.topleft}: pieces of {', '.join(dims)} px, "
                              f"touch targets need {MIN_TOUCH}×{MIN_TOUCH} px")
    return pieces


def row(rect: pygame.Rect, weights: Weights, gap: int = 0, *, touch: bool = False) -> list[pygame.Rect]:
    """Side by side, left to right: ``weights`` is a count of equal pieces or their shares."""
    n = weights if isinstance(weights, int) else len(weights)
    x, out = rect.x, []
    for w in _sizes(rect.w, weights, gap, f"row of {n}", rect):
        out.append(pygame.Rect(x, rect.y, w, rect.h))
        x += w + gap
    return _check(out, touch, f"row of {n}", rect)


def column(rect: pygame.Rect, weights: Weights, gap: int = 0, *, touch: bool = False) -> list[pygame.Rect]:
    """Stacked, top to bottom: ``weights`` is a count of equal pieces or their shares."""
    n = weights if isinstance(weights, int) else len(weights)
    y, out = rect.y, []
    for h in _sizes(rect.h, weights, gap, f"column of {n}", rect):
        out.append(pygame.Rect(rect.x, y, rect.w, h))
        y += h + gap
    return _check(out, touch, f"column of {n}", rect)


def grid(rect: pygame.Rect, rows: int, cols: int, gap: int = 0, *, touch: bool = False) -> list[pygame.Rect]:
    """``rows``×``cols`` equal cells, row by row (index ``r * cols + c``)."""
    cells = [cell for line in column(rect, rows, gap) for cell in row(line, cols, gap)]
    return _check(cells, touch, f"grid of {rows}×{cols}", rect)


def inset(rect: pygame.Rect, dx: int, dy: int | None = None) -> pygame.Rect:
    """``rect`` shrunk by ``dx`` px left and right and ``dy`` (default ``dx``) top and bottom.

    >>> tuple(inset(pygame.Rect(0, 0, 100, 50), 8))
    (8, 8, 84, 34)
    """
    dy = dx if dy is None else dy
    r = pygame.Rect(rect.x + dx, rect.y + dy, rect.w - 2 * dx, rect.h - 2 * dy)
    if r.w < 0 or r.h < 0:
        raise LayoutError(f"inset of {dx}/{dy} px leaves nothing of {rect.w}×{rect.h}")
    return r


def cut(rect: pygame.Rect, side: str, px: int, gap: int = 0) -> tuple[pygame.Rect, pygame.Rect]:
    """A strip of ``px`` from ``side`` ("top", "bottom", "left", "right") and the rest.

    >>> [tuple(r) for r in cut(pygame.Rect(0, 0, 800, 480), "top", 64, gap=8)]
    [(0, 0, 800, 64), (0, 72, 800, 408)]
    """
    along = rect.h if side in ("top", "bottom") else rect.w
    if px + gap > along:
        raise LayoutError(f"cannot cut {px} px (+{gap} gap) from the {side} of {rect.w}×{rect.h}")
    rest = along - px - gap
    if side == "top":
        return pygame.Rect(rect.x, rect.y, rect.w, px), pygame.Rect(rect.x, rect.y + px + gap, rect.w, rest)
    if side == "bottom":
        return pygame.Rect(rect.x, rect.bottom - px, rect.w, px), pygame.Rect(rect.x, rect.y, rect.w, rest)
    if side == "left":
        return pygame.Rect(rect.x, rect.y, px, rect.h), pygame.Rect(rect.x + px + gap, rect.y, rest, rect.h)
    if side == "right":
        return pygame.Rect(rect.right - px, rect.y, px, rect.h), pygame.Rect(rect.x, rect.y, rest, rect.h)
    raise LayoutError(f"no side {side!r}: top, bottom, left or right")


def fitting(length: int, gap: int = 0, least: int = MIN_TOUCH) -> int:
    """How many pieces of at least ``least`` px fit into ``length`` px with ``gap`` between.

    >>> fitting(400, 6)
    5
    """
    return max(0, (length + gap) // (least + gap))
