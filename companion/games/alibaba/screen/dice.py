"""Ali Baba's dice as dice: the black die (white pips), the white die (black pips) and the
ordinary die, tumbling for a moment after a roll whose result was fixed at the press.

>>> import pygame
>>> s = pygame.Surface((100, 100))
>>> draw_die(s, pygame.Rect(0, 0, 90, 90), 5, "black_die"); tuple(s.get_at((45, 45)))[:3]
(250, 250, 250)
"""

from __future__ import annotations

import random

import pygame

from companion.ui import theme

TUMBLE_S = 0.5       #: how long a die tumbles; its value was decided at the press
FLIP_S = 0.07        #: a new face this often while it tumbles
#: body and pip colours of each die
LOOKS = {
    "black_die": ((22, 22, 26), (250, 250, 250)),
    "white_die": ((246, 244, 236), (20, 20, 20)),
    "die": ((226, 190, 120), (40, 24, 10)),
}
PIPS = {1: [(1, 1)], 2: [(0, 0), (2, 2)], 3: [(0, 0), (1, 1), (2, 2)], 4: [(0, 0), (2, 0), (0, 2), (2, 2)],
        5: [(0, 0), (2, 0), (1, 1), (0, 2), (2, 2)], 6: [(0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)]}


def draw_die(surf: pygame.Surface, rect: pygame.Rect, value: int | None, kind: str, tilt: float = 0.0) -> None:
    """A die showing ``value`` (None: a blank die, nothing rolled yet), tilted by ``tilt`` px."""
    body, pip = LOOKS.get(kind, LOOKS["die"])
    r = pygame.Rect(rect).move(round(tilt), round(-abs(tilt)))
    pygame.draw.rect(surf, body, r, border_radius=r.w // 6)
    pygame.draw.rect(surf, theme.INK_DIM, r, 2, border_radius=r.w // 6)
    if value is None:
        return
    step = r.w / 4
    rad = max(3, r.w // 11)
    for cx, cy in PIPS.get(value, []):
        pygame.draw.circle(surf, pip, (round(r.x + step * (cx + 1)), round(r.y + step * (cy + 1))), rad)


class DieShow:
    """The die on screen: what it showed last, and a short tumble after each roll."""

    def __init__(self) -> None:
        self.value: int | None = None
        self.kind = "die"
        self.started = float("-inf")
        self._faces = random.Random()  # only for the tumbling picture, never for a result

    def rolled(self, value: int, kind: str, now: float) -> None:
        """A roll happened (its value already decided): tumble, then show ``value``."""
        self.value, self.kind, self.started = value, kind, now

    def busy(self, now: float) -> bool:
        return now - self.started < TUMBLE_S

    def stop(self) -> None:
        self.started = float("-inf")

    def draw(self, surf: pygame.Surface, rect: pygame.Rect, now: float, kind: str | None = None,
             at_rest: bool = False) -> None:
        """The die: tumbling faces for ``TUMBLE_S`` after a roll, then the rolled value.
        ``kind`` is the die the game waits for now: it lies blank until it is rolled, never on
        what the previous roll of the same die showed (the next player has not rolled yet).
        ``at_rest``: as it lies once the tumble is over (a picture painted ahead of it)."""
        if self.busy(now) and not at_rest:
            flip = int((now - self.started) / FLIP_S)
            face = random.Random(flip * 7919 + int(self.started * 1000)).randint(1, 6)
            tilt = (1 - (now - self.started) / TUMBLE_S) * (8 if flip % 2 else -8)
            draw_die(surf, rect, face, self.kind, tilt)
        elif kind is not None:
            draw_die(surf, rect, None, kind)
        else:
            draw_die(surf, rect, self.value, self.kind)
