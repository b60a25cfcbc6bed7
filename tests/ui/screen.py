"""Driving the real screen loop from tests: making an app, showing a table, presses, taps,
and waiting until it is drawn."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from companion.root import make_app
from companion.session.session import Session
from companion.session.store import Store
from companion.ui.app import App
from companion.ui.scene import Scene


def new_app(lang: str = "de", store: Store | None = None, **kwargs: Any) -> App:
    """An app with every route on the dummy driver: a window, no sound (the fixture ``app`` in
    ``tests/ui/conftest.py`` makes its apps with this and closes them after the test)."""
    kwargs.setdefault("fullscreen", False)
    kwargs.setdefault("sound", False)
    app: App = make_app(store=store, lang=lang, **kwargs)
    return app


def table(app: App, session: Session | None = None, /, **header: Any) -> Scene:
    """A game's table shown and settled: the session given, or a new game of ``header``
    (``game``, ``players``, ``seed`` and any options) kept in memory."""
    if session is None:
        session = Session.new(header, Store(":memory:"))
    scene: Scene = app.routes["table"](app, session=session)
    app.show(scene)
    settle(app)
    return scene


#: one frame of fake time
FRAME_S = 1 / 30


class FakeClock:
    """A clock that moves only when a test moves it: the animations, the tap guard and the
    banner of an app on it never wait on, or race, the machine's load."""

    def __init__(self, t: float = 1000.0) -> None:
        self.t = t

    def __call__(self) -> float:
        return self.t

    def advance(self, seconds: float) -> None:
        self.t += seconds


def fake_clock(app: App) -> FakeClock:
    """Put the app, and every screen made on it from now on, on a fake clock."""
    clock = FakeClock()
    app.now = clock  # type: ignore[method-assign]
    return clock


def run_until(app: App, done: Callable[[], bool], seconds: float = 5.0) -> None:
    """Move the app's fake clock a frame at a time, one pass of the loop each, until ``done()``
    holds (checked before each pass); fail after ``seconds`` of fake time."""
    clock = app.now
    assert isinstance(clock, FakeClock), "run_until needs an app on fake_clock()"
    for _ in range(int(seconds / FRAME_S)):
        if done():
            return
        clock.advance(FRAME_S)
        if done():
            return
        app.step(block=False)
    assert done(), f"not done after {seconds} s of fake time"


def settle(app: App) -> None:
    """Run the loop until no animation is left and everything is drawn (on a fake clock, the
    clock moves a frame each pass)."""
    app.step(block=False)
    while app.scene.is_busy() or app.scene.dirty:
        if isinstance(app.now, FakeClock):
            app.now.advance(FRAME_S)
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
