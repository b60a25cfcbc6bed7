"""Finger and mouse events as DOWN/UP at logical screen positions, for ``Controls``.

The app turns each pygame event into at most one ``("down" | "up", pos)`` and hands it to
the scene's ``Controls.down``/``up``. Touch screens also send a mouse event for every finger
event (``ev.touch`` is then True); once real finger events have been seen those copies are
dropped, so one touch is never two taps.

>>> import pygame
>>> pointer(pygame.event.Event(pygame.FINGERDOWN, x=0.5, y=0.25, finger_id=0, touch_id=0))
('down', (400, 120))
>>> pointer(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=(10, 20), touch=False))
('up', (10, 20))
>>> pointer(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=3, pos=(10, 20), touch=False)) is None
True
"""

from __future__ import annotations

import pygame

from companion.ui import theme

Pointer = tuple[str, tuple[int, int]]


def pointer(ev: pygame.event.Event, fingers_seen: bool = True, size: tuple[int, int] = theme.SIZE) -> Pointer | None:
    """``("down", pos)``, ``("up", pos)`` or None for any other event. Finger positions come
    normalised (0..1) and are scaled to ``size``; ``fingers_seen`` drops the mouse copies of
    finger events."""
    w, h = size
    if ev.type in (pygame.FINGERDOWN, pygame.FINGERUP):
        pos = (min(w - 1, int(ev.x * w)), min(h - 1, int(ev.y * h)))
        return ("down" if ev.type == pygame.FINGERDOWN else "up"), pos
    if ev.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and ev.button == 1:
        if getattr(ev, "touch", False) and fingers_seen:
            return None
        return ("down" if ev.type == pygame.MOUSEBUTTONDOWN else "up"), tuple(ev.pos)
    return None
