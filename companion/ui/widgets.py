"""Touch buttons and the message banner, drawn through the kit (:mod:`companion.ui.kit`).

``Button`` is a kit :class:`~companion.ui.kit.Control` with the old defaults (font size 28);
its size is not checked here, since older screens still lay out small ones, but the kit's
audit reports every button under 64 px. ``Banner`` text is read from across the table: it
uses the read size, wraps, and grows into the room it is given rather than end in "…".
"""

from __future__ import annotations

import pygame

from companion.ui import theme
from companion.ui.kit.controls import Control
from companion.ui.kit.layout import inset
from companion.ui.kit.text import Label, read_size, room_for


class Button(Control):
    """A tappable rectangle. ``on_tap`` runs when it is tapped and ``enabled``.

    >>> import pygame
    >>> b = Button(pygame.Rect(0, 0, 120, 64), "OK", lambda: None)
    >>> b.hit((10, 10)), b.size
    (True, 28)
    """

    default_size = 28


class Banner:
    """One line of feedback: what happened, or what was wrong and why nothing changed."""

    def __init__(self, text: str = "", bad: bool = False, until: float = 0.0) -> None:
        self.text, self.bad, self.until = text, bad, until
        #: where it was last drawn (None: not on screen)
        self.shown: pygame.Rect | None = None

    def show(self, text: str, now: float, bad: bool = False, seconds: float = 4.0) -> None:
        self.text, self.bad, self.until = text, bad, now + seconds

    def active(self, now: float) -> bool:
        return bool(self.text) and now < self.until

    def close(self) -> None:
        """Take the message off the screen."""
        self.text, self.shown = "", None

    def draw(self, surf: pygame.Surface, rect: pygame.Rect, now: float, room: pygame.Rect | None = None) -> None:
        """The message in ``rect`` at the read size, wrapped; a message longer than ``rect``
        holds grows into ``room`` (see :func:`~companion.ui.kit.text.room_for`) rather than
        end in "…" (the audit reports a message that is still cut)."""
        if not self.active(now):
            self.shown = None
            return
        if room is not None:
            rect = room_for(self.text, rect, room)
        self.shown = rect
        pygame.draw.rect(surf, theme.BAD_FILL if self.bad else theme.PANEL_HI, rect, border_radius=8)
        # a banner given room is held to "never cut" (role "say"); the others are read text
        role = "say" if room is not None else "read"
        Label(self.text, inset(rect, 8, 4), role=role, size=read_size(), color=theme.INK, wrap=True).draw(surf)
