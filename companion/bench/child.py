"""Processes the bench starts and watches: ``python -m companion.bench.child MODE DATA_DIR``.

Modes:

- ``bare``: a bare pygame window, opened, filled and flipped: what any pygame program pays.
- ``start``: the companion as ``companion run`` starts it (store, app, GPIO buttons on
  gpiozero's mock pins, the menu) up to its first frame.
- ``idle``: a Suleika table after a few turns of play, then left alone: it prints one line
  when it is ready and sleeps in the real loop until it is killed, so the parent can read
  its CPU time and peak memory from ``/proc``.

Each mode prints one JSON line; ``shown`` is ``time.monotonic()`` (one clock for every
process on Linux) just after the first frame was flipped.
"""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path
from typing import Any

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def _say(**fields: Any) -> None:
    print(json.dumps(fields), flush=True)


def bare() -> None:
    import pygame

    pygame.display.init()
    screen = pygame.display.set_mode((800, 480), pygame.SCALED)
    screen.fill((30, 30, 40))
    pygame.display.flip()
    _say(shown=time.monotonic())
    pygame.display.quit()


class _FirstFrame:
    """Stops the loop as soon as one frame has been flipped and says when."""

    def __init__(self) -> None:
        self.shown: float | None = None

    def __call__(self, app: Any) -> bool:
        if app.frames == 0:
            return True
        self.shown = app.first_frame_at
        return False


def start(data: Path) -> None:
    """``companion run``'s own start-up (companion.root), with the pins on mock pins."""
    from gpiozero.pins.mock import MockFactory

    from companion.session.store import Store
    from companion import root as startup

    store = Store(data / "start.sqlite3")
    app, scene, sources = startup.start(store, fullscreen=False, pin_factory=MockFactory())
    first = _FirstFrame()
    app.driver = first
    app.run(scene)
    _say(shown=first.shown)
    startup.stop(app, sources)
    store.close()


class _Turns:
    """Plays demo turns, then tells the parent the table is ready and leaves the loop alone."""

    def __init__(self, turns: int) -> None:
        from companion.ui.drivers import DemoDriver

        self.demo = DemoDriver(turns, seed=7, watch=False)

    def __call__(self, app: Any) -> bool:
        if self.demo(app):
            return True
        app.driver = None  # from now on nobody presses anything: the idle table
        _say(ready=time.monotonic(), frames=app.frames)
        return True


def idle(data: Path, turns: int) -> None:
    from companion.session.session import Session
    from companion.session.store import Store
    from companion.root import make_app

    store = Store(data / "idle.sqlite3")
    app = make_app(store=store, fullscreen=False)
    session = Session.new({"game": "suleika", "players": 4, "seed": 7}, store)
    app.driver = _Turns(turns)
    app.run(app.routes["table"](app, session=session))  # returns only if the window is closed


def main(argv: list[str]) -> int:
    mode, data = argv[0], Path(argv[1])
    if mode == "bare":
        bare()
    elif mode == "start":
        start(data)
    elif mode == "idle":
        idle(data, int(argv[2]) if len(argv) > 2 else 6)
    else:
        print(f"unknown mode {mode!r}: bare, start or idle", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
