"""The frames round Suleika's cells (where a carpet may go, the area just paid for) are
pictures painted once per look and blitted: the same pixels as drawing them, and another
look (colour, width, kind) another picture."""

from __future__ import annotations

import pygame

from companion.games.suleika.screen import board
from companion.ui import theme


def drawn(fn) -> bytes:
    surf = pygame.Surface((480, 480))
    surf.fill((90, 40, 160))   # a carpet's colour under the frames
    fn(surf)
    return pygame.image.tobytes(surf, "RGB")


def test_an_outline_blitted_is_the_outline_drawn():
    rect = board.cell_rect(2, 3).inflate(-2, -2).move(-board.cell_rect(2, 3).x + 10, -board.cell_rect(2, 3).y + 10)

    def by_hand(surf: pygame.Surface, colour=theme.GOOD, width=4) -> None:
        pygame.draw.rect(surf, board.DARK, rect, width + 4, border_radius=5)
        pygame.draw.rect(surf, colour, rect.inflate(-4, -4), width, border_radius=4)

    assert drawn(lambda s: board.outline(s, rect, theme.GOOD)) == drawn(by_hand)
    assert drawn(lambda s: board.outline(s, rect, board.LIGHT, 6)) == drawn(lambda s: by_hand(s, board.LIGHT, 6))
    assert drawn(lambda s: board.outline(s, rect, board.LIGHT, 6)) != drawn(lambda s: board.outline(s, rect, theme.GOOD))


def test_a_paid_cell_blitted_is_the_paid_cell_drawn():
    cell = (1, 1)
    r = board.cell_rect(*cell).inflate(-2, -2)

    def by_hand(surf: pygame.Surface) -> None:
        pygame.draw.rect(surf, board.DARK, r, 3, border_radius=4)
        pygame.draw.rect(surf, board.LIGHT, r.inflate(-6, -6), 3, border_radius=3)
        pygame.draw.rect(surf, board.DARK, r.inflate(-12, -12), 1, border_radius=2)

    assert drawn(lambda s: board.draw_payment(s, [cell])) == drawn(by_hand)
    assert board.frame(("paid", r.w, r.h)) is board.frame(("paid", r.w, r.h))   # painted once
