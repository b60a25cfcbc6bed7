"""Driving the real screen loop from tests: presses, taps, and waiting until it is drawn."""

from __future__ import annotations

import pygame

from companion.ui.app import App


def settle(app: App) -> None:
    """Run the loop until no animation is left and everything is drawn."""
    app.step(block=False)
    while app.scene.is_busy() or app.scene.dirty:
        app.step(block=False)


def press(app: App, name: str, value: int | None = None) -> None:
    """A button press, as the buttons would send it."""
    app.inject(name, value)
    settle(app)


def tap(app: App, pos: tuple[int, int]) -> None:
    """A touch at a logical screen position: the finger goes down and comes up there."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos))
    settle(app)


def tap_label(app: App, label: str) -> None:
    """Touch the on-screen button with this label."""
    button = next(b for b in app.scene.tappables() if b.label == label)
    tap(app, button.rect.center)
