"""Face 5 of the special die, "swap places with whom?": a key for each other seat, over the board.

The bottom row had room for five keys of some 130 px: a name of 14 letters ("Bartholomäus M")
showed at 19 px and broke inside a word ("Bartholo / mäus M"). Here each key is as wide as
half the board, or the whole board, or half of the board and the players' list beside it,
as the widest name needs, and shows the seat's carpet in its colour and pattern (as the list
beside the board does: a colour-blind player finds the seat by its pattern) over the name,
whole and at the read size. The question stands under the board as at every step, and a
heading over the keys says what they are for while there is room for it.

One touch, one action: the keys stay clear of the ROLL key, which rolled the 5 (a second tap
of that roll finds no key there), and of the bottom row and the board's cells, where the next
player's keys and taps are once the swap is made (a second tap on a swap key finds nothing
to act on there).

>>> import pygame; pygame.font.init()
>>> title, keys = arrangement([246, 245, 248, 255, 261])
>>> [tuple(k) for k in keys[:4]]
[(4, 82, 296, 72), (4, 162, 296, 72), (4, 242, 296, 72), (308, 82, 296, 72)]
>>> title is not None and all(draw.BOARD.contains(k) for k in keys)
True
>>> [tuple(k) for k in arrangement([246, 245, 248, 255, 318])[1][3:]]
[(404, 42, 392, 72), (404, 122, 392, 72)]
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import TYPE_CHECKING, Any

import pygame

from companion.games.teppich.screen import draw
from companion.ui import theme
from companion.ui.kit import Control, Label
from companion.ui.kit.controls import CORNER
from companion.ui.kit.text import read_size, text_size
from companion.ui.widgets import Button

if TYPE_CHECKING:
    from companion.games.teppich.screen.table import TeppichScene

KEY_H = 72   #: a key: the carpet (20 px) over the name (one line at the read size, 35 px)
BAND_H = 20  #: the carpet across the top of a key, as high as the list's tiles
PAD = 8      #: the carpet and the name keep this far from a key's edges
GAP = 8      #: between keys
TITLE_H = 40  #: the heading over the keys: one line at the read size
#: the least of the board left in view under the keys (two rows of cells), else none is
LEFT_H = 2 * 25
#: the board and the players' list beside it, down to the ROLL key (never over it: the tap
#: that rolled the 5 may come twice)
WIDE = pygame.Rect(draw.BOARD.x, draw.BOARD.y, draw.SIDE.right - draw.BOARD.x, draw.ROLL.top - 4 - draw.BOARD.y)


def name_width(name: str) -> int:
    """How wide a name is at the read size, in px."""
    return text_size(name, read_size())[0]


def arrangement(widths: Sequence[int]) -> tuple[pygame.Rect | None, list[pygame.Rect]]:
    """The heading's rect (None when there is no room for it) and one key per name of
    ``widths`` px at the read size, in seat order down the first column, then the second.

    Tried in turn, the first in which every name fits whole: two columns over the board
    (one for a single name), one column over the board (at most three keys), two columns
    over the board and the players' list. None fits only a name wider than the widest key
    (some 376 px, more than 14 capitals "M"): the last is used, and the name is cut."""
    n = max(1, len(widths))
    widest = max(widths, default=0)
    tries = [(draw.BOARD, 1 if n == 1 else 2), (draw.BOARD, 1), (WIDE, 2)]
    for k, (area, cols) in enumerate(tries):
        rows = -(-n // cols)
        col_w = (area.w - (cols - 1) * GAP) // cols
        keys_h = rows * KEY_H + (rows - 1) * GAP
        if (widest > col_w - 2 * PAD or keys_h > area.h) and k < len(tries) - 1:
            continue
        title = None
        top = area.y
        if keys_h + TITLE_H <= area.h:
            title = pygame.Rect(area.x + PAD, area.y, area.w - 2 * PAD, TITLE_H)
            top += TITLE_H
        rects = [pygame.Rect(area.x + (i // rows) * (col_w + GAP), top + (i % rows) * (KEY_H + GAP), col_w, KEY_H)
                 for i in range(len(widths))]
        return title, rects
    raise AssertionError("unreachable: the last arrangement is always taken")


class SwapKey(Button):
    """A seat's key: its carpet (colour and pattern) across the top, the name whole under it
    at the read size; gold-edged while it has the focus (LEFT / RIGHT, OK)."""

    def __init__(self, rect: pygame.Rect, label: str, on_tap: Any, carpet: str, **kwargs: Any) -> None:
        super().__init__(rect, label, on_tap, role="read", size=read_size(), **kwargs)
        self.carpet = carpet

    def look(self) -> tuple[Hashable, ...]:
        return (*super().look(), self.carpet)

    def paint(self, surf: pygame.Surface, rect: pygame.Rect) -> None:
        pygame.draw.rect(surf, self.fill(), rect, border_radius=CORNER)
        band = pygame.Rect(rect.x + PAD, rect.y + PAD - 2, rect.w - 2 * PAD, BAND_H)
        surf.blit(theme.swatch(self.carpet, band.w, band.h), band.topleft)
        pygame.draw.rect(surf, theme.INK, band, 1)
        name = pygame.Rect(band.x, band.bottom + 2, band.w, rect.bottom - 4 - band.bottom - 2)
        ink = theme.INK if self.enabled else theme.INK_DIM
        Label(self.label, name, role="read", size=read_size(), color=ink, align="center").draw(surf)
        border = theme.GOLD if self.selected else theme.INK_DIM
        pygame.draw.rect(surf, border, rect, 3 if self.selected else 1, border_radius=CORNER)


def others(s: TeppichScene) -> list[int]:
    """The seats the mover may swap with, in seat order."""
    st = s.state
    return [p for p in range(st.players) if p != st.current]


def arranged(s: TeppichScene) -> tuple[pygame.Rect | None, list[pygame.Rect]]:
    """The heading's rect and the keys' (:func:`arrangement`) for the names of ``others(s)``."""
    return arrangement([name_width(s.seat_name(p)) for p in others(s)])


def controls(s: TeppichScene) -> list[Control]:
    """A key per other seat (``("swap", seat)``): tapped, the mover swaps places with it."""
    _title, rects = arranged(s)
    return [SwapKey(rect, s.seat_name(p), _swap(s, p), s.colour(p), key=("swap", p))
            for rect, p in zip(rects, others(s), strict=True)]


def _swap(s: TeppichScene, player: int) -> Any:
    return lambda: s.act({"action": "swap_with", "player": player})


def covers_list(rects: Sequence[pygame.Rect]) -> bool:
    """Whether keys at ``rects`` lie over the players' list too (four or five names too wide
    for half the board): its column headings then stand over nothing, and are left out."""
    return any(r.right > draw.BOARD.right for r in rects)


def draw_panel(s: TeppichScene, surf: pygame.Surface,
               keys: tuple[pygame.Rect | None, list[pygame.Rect]]) -> None:
    """What the keys lie on: a plain panel over the part of the board (and list) they take,
    and the heading over them (the keys are drawn with the other controls). ``keys``: the
    frame's :func:`arranged`."""
    title, rects = keys
    area = rects[0].unionall(rects[1:])
    if title is not None:
        area = area.union(title)
    wide = WIDE if area.right > draw.BOARD.right else draw.BOARD
    bottom = area.bottom + GAP
    if wide.bottom - bottom < LEFT_H:
        bottom = wide.bottom   # a strip of the board under the keys would show nothing whole
    panel = pygame.Rect(wide.x, wide.y, wide.w, bottom - wide.y)
    pygame.draw.rect(surf, theme.BG, panel)
    pygame.draw.rect(surf, theme.INK_DIM, panel, 1)
    if title is not None:
        Label(s.t("teppich.ui.swap_title"), title, role="read", size=read_size(), color=theme.GOLD,
              bold=True).draw(surf)


__all__ = ["SwapKey", "arranged", "arrangement", "controls", "covers_list", "draw_panel"]
