"""Processes the bench starts and watches: ``python -m companion.bench.child MODE DATA_DIR [...]``.

This module imports the standard library only; everything else is imported where a mode
needs it, so a mode pays for what ``companion run`` would pay and no more. The bench runs
it with ``GPIOZERO_PIN_FACTORY=mock``: the buttons are real gpiozero ``Button`` objects (with
their threads) on mock pins, opened after the first frame exactly as ``companion run`` does.

Modes:

- ``start [--exit]``: ``companion run`` (``companion.cli.main``: its command line, the store,
  ``companion.root.start``, the menu) up to its first frame. ``--exit`` ends the process right after that
  frame, so an instruction count covers exactly start to first frame.
- ``menu [--poll]``: the same start, then left alone in the menu once the buttons are open.
  ``--poll`` makes the loop look at SDL's queue every ``TOUCH_POLL_S`` by itself, as it does
  under a window system that nothing wakes it for (see ``companion.ui.display_wake``); without
  it the loop sleeps as ``companion.root.start`` chose for the video driver in use.
- ``table TURNS``: the same start, then the bench's table (the first game whose
  ``GameSpec.bench`` declares one, at its size) plays ``TURNS`` demo turns and is left alone,
  idle once the audio device the turns' sounds opened has closed again.

``menu`` and ``table`` print one line when they are idle and sleep in the real loop until
they are killed, so the parent can read CPU time, context switches and memory from
``/proc``. With ``--exit-after SECONDS`` they end themselves that long after that line
(for counting instructions per idle second). Every mode prints JSON lines; ``shown`` and
``ready`` are ``time.monotonic()`` (one clock for every process on Linux).
"""

from __future__ import annotations

import json
import os
import sys
import threading
import time
from pathlib import Path
from typing import Any

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def _say(**fields: Any) -> None:
    print(json.dumps(fields), flush=True)


class _FirstFrame:
    """Stops the loop as soon as one frame has been flipped and says when."""

    def __init__(self, exit_now: bool) -> None:
        self.exit_now = exit_now
        self.shown: float | None = None

    def __call__(self, app: Any) -> bool:
        if app.frames == 0:
            return True
        self.shown = app.first_frame_at
        if self.exit_now:
            _say(shown=self.shown)
            os._exit(0)  # no tear-down: the count stops at the first frame
        return False


def _started(data: Path, name: str) -> tuple[Any, Any, list[Any], Any]:
    """``companion run``'s own start-up (``Store.open``, then ``companion.root.start``) on the
    store ``data/<name>.sqlite3``: made by the first start, opened as it is by the later ones,
    as at a café."""
    from companion import root
    from companion.session.store import Store

    path = data / f"{name}.sqlite3"
    opener = getattr(Store, "open", None)
    store, notices = opener(path) if opener is not None else (Store(path), [])
    extra = {"notices": notices} if notices else {}
    app, scene, sources = root.start(store, fullscreen=False, **extra)
    return app, scene, sources, store


def start(data: Path, exit_now: bool) -> None:
    """``companion run`` itself, its command line included, up to its first frame: the only
    change is that the app it starts gets the first-frame watcher as its driver."""
    from companion import root

    first = _FirstFrame(exit_now)
    real_start = root.start

    def start_and_watch(*args: Any, **kwargs: Any) -> tuple[Any, Any, list[Any]]:
        app, scene, sources = real_start(*args, **kwargs)
        app.driver = first
        return app, scene, sources

    root.start = start_and_watch  # cmd_run imports it when it runs, so it finds this one
    from companion.cli import main

    main(["run", "--data", str(data / "start.sqlite3"), "--no-kiosk", "--no-fullscreen"])
    _say(shown=first.shown)


def _when_idle(app: Any, exit_after: float | None) -> None:
    """Once the inputs are open: say so, and end the process ``exit_after`` seconds later."""

    def ready() -> None:
        _say(ready=time.monotonic(), frames=app.frames, threads=threading.active_count())
        if exit_after is not None:
            threading.Timer(exit_after, os._exit, (0,)).start()

    app.after_first_frame(ready)  # runs after root.start's own hook, which opens the buttons


def menu(data: Path, exit_after: float | None, poll: bool) -> None:
    app, scene, _sources, _store = _started(data, "menu")
    if poll:
        from companion.ui.app import TOUCH_POLL_S

        app.poll_s = TOUCH_POLL_S
    _when_idle(app, exit_after)
    app.run(scene)  # returns only if the window is closed


class _Turns:
    """Plays demo turns, then leaves the loop alone (the idle table)."""

    def __init__(self, turns: int, exit_after: float | None) -> None:
        from companion.ui.drivers import DemoDriver

        self.demo = DemoDriver(turns, seed=7, watch=False)
        self.exit_after = exit_after

    def __call__(self, app: Any) -> bool:
        if self.demo(app):
            return True
        import pygame

        if pygame.mixer.get_init():
            # the last turns' sounds keep the audio device open (and SDL's mixing thread waking
            # ~90 times a second) until it has been quiet a few seconds (ui.sound.CLOSE_AFTER_S):
            # part of the presses, not of the table left alone
            return True
        app.driver = None  # from now on nobody presses anything
        _when_idle(app, self.exit_after)  # runs on the first pass that draws nothing
        return True


def table(data: Path, turns: int, exit_after: float | None) -> None:
    from companion.bench.games import table_game
    from companion.session.session import Session

    app, _menu, _sources, store = _started(data, f"table-{os.getpid()}")
    name, bench, _table = table_game()
    session = Session.new({"game": name, "players": bench.players, "seed": 7}, store)
    app.driver = _Turns(turns, exit_after)
    app.run(app.routes["table"](app, session=session))


def main(argv: list[str]) -> int:
    args = list(argv)
    exit_after: float | None = None
    if "--exit-after" in args:
        i = args.index("--exit-after")
        exit_after = float(args[i + 1])
        del args[i:i + 2]
    mode, data = args[0], Path(args[1])
    if mode == "start":
        start(data, "--exit" in args[2:])
    elif mode == "menu":
        menu(data, exit_after, "--poll" in args[2:])
    elif mode == "table":
        table(data, int(args[2]) if len(args) > 2 else 6, exit_after)
    else:
        print(f"unknown mode {mode!r}: start, menu or table", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
