"""Screen figures, measured in this process on the real loop and the real scenes.

Press to screen: gpiozero ``MockFactory`` pins drive :class:`GpioButtons` into a running
:class:`App` showing a table with a real store (of the game whose ``GameSpec.bench`` declares
the bench's table, see :func:`companion.bench.games.table_game`). A presser thread waits a moment (so
the loop is asleep in ``pygame.event.wait``, as at a real table), then pulls a pin low; the
app records the time from the :class:`InputEvent` to the flip of the frame showing it.

Frame: the busiest frames of each game screen, as each game's ``GameSpec.bench.frames``
declares them, each drawn many times as the loop draws a frame when something changed: the
scene marked dirty, then one ``App.step``.
"""

from __future__ import annotations

import queue
import random
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from companion.bench.games import benched, session_at, table_game, title
from companion.bench.table import Figure, Target, percentile
from companion.ui.kit.controls import GUARD_S
from companion.ui.table import TableScene

PRESS_P95_TARGET = Target("<=", 16.7)
FRAME_TARGET = Target("<", 4.0)
#: Seconds between a frame and the next press: longer than the app's guard against a double
#: press (``GUARD_S``, which also covers the hub's 50 ms debounce), so a button pressed twice
#: in a row counts both times, and long enough for the loop to sleep.
PRESS_GAP_S = (GUARD_S + 0.01, GUARD_S + 0.05)
#: A press that has not reached the screen after this long is counted as lost.
LOST_AFTER_S = 2.0


class _Presser(threading.Thread):
    """Presses mock pins on its own thread, as gpiozero's edge callbacks run on theirs."""

    def __init__(self, factory: Any, pins: dict[str, int], seed: int) -> None:
        super().__init__(daemon=True, name="bench-presser")
        self.factory, self.pins = factory, pins
        self.rng = random.Random(seed)
        self.todo: queue.Queue[str | None] = queue.Queue()

    def run(self) -> None:
        while (name := self.todo.get()) is not None:
            time.sleep(self.rng.uniform(*PRESS_GAP_S))
            pin = self.factory.pin(self.pins[name])
            pin.drive_low()
            pin.drive_high()


class _PressDriver:
    """Asks for the next press a player would make once the last one is on screen."""

    def __init__(self, presser: _Presser, presses: int, seed: int, new_table: Any) -> None:
        self.presser, self.presses = presser, presses
        self.rng = random.Random(seed)
        self.new_table = new_table
        self.plan: list[str] = []
        self.sent = 0
        self.since = 0.0
        self.lost = 0

    def __call__(self, app: Any) -> bool:
        if self.sent > app.presses_shown + self.lost:
            if time.monotonic() - self.since < LOST_AFTER_S:
                return True  # in flight: the loop goes back to sleep in event.wait
            self.lost += 1
        if self.sent >= self.presses:
            return False
        scene = app.scene
        if not isinstance(scene, TableScene) or scene.session.over:
            app.show(self.new_table(app))  # the game ended: the next table sits down
            self.plan = []
            return True
        if not self.plan:
            self.plan = scene.demo_presses(self.rng)
            if not self.plan:
                app.show(self.new_table(app))
                return True
        self.presser.todo.put(self.plan.pop(0))
        self.sent += 1
        self.since = time.monotonic()
        return True


def press_latencies(presses: int, seed: int, workdir: Path) -> tuple[list[float], int]:
    """Seconds from press to screen for ``presses`` presses at the bench's table (with the
    store), and how many presses never reached the screen."""
    from gpiozero.pins.mock import MockFactory

    from companion.inputs.gpio import GpioButtons, load_pins
    from companion.root import make_app
    from companion.session.session import Session
    from companion.session.store import Store

    name, bench, _table = table_game()
    players = bench.press_players or bench.players
    store = Store(Path(tempfile.mkdtemp(dir=workdir)) / "press.sqlite3")
    app = make_app(store=store, lang="en", fullscreen=False, sound=False)
    app.routes.pop("end")  # a finished game goes straight on to the next table
    factory = MockFactory()
    pins = load_pins()
    buttons = GpioButtons(app.hub, pins, pin_factory=factory)
    presser = _Presser(factory, pins, seed)
    games = iter(range(seed, seed + 1000))

    def new_table(app: Any) -> Any:
        session = Session.new({"game": name, "players": players, "seed": next(games)}, store)
        return app.routes["table"](app, session=session)

    driver = _PressDriver(presser, presses, seed, new_table)
    app.driver = driver
    presser.start()
    try:
        app.run(new_table(app))
    finally:
        presser.todo.put(None)
        presser.join(timeout=1)
        buttons.close()
        factory.reset()
        app.close()
        store.close()
    return [secs for name, secs in app.latencies if name != "tap"], driver.lost


def press_figures(runs: int, presses: int, workdir: Path, notes: list[str]) -> list[Figure]:
    name, bench, _table = table_game()
    table = f"{title(name)} {bench.press_players or bench.players}p"
    median = Figure("press.median_ms", "press to screen: median", "ms",
                    note=f"{presses} GPIO mock presses per run, {table} with the store")
    p95 = Figure("press.p95_ms", "press to screen: 95th percentile", "ms", target=PRESS_P95_TARGET, note=median.note)
    lost_total = 0
    for k in range(runs):
        secs, lost = press_latencies(presses, seed=11 + k, workdir=workdir)
        lost_total += lost
        ms = [s * 1000 for s in secs]
        median.samples.append(percentile(ms, 50))
        p95.samples.append(percentile(ms, 95))
    if lost_total:
        notes.append(f"press to screen: {lost_total} presses never reached the screen")
    return [median, p95]


# -- frames ------------------------------------------------------------------------------------
def frame_scenes(app: Any, notes: list[str]) -> list[tuple[str, str, Any]]:
    """(key, label, scene) for the busiest frames every game declares, of every game screen
    that exists."""
    from companion.games import REGISTRY

    table = app.routes["table"]
    out: list[tuple[str, str, Any]] = []
    for name, bench in benched():
        if REGISTRY[name].scene is None:
            continue
        for frame in bench.frames:
            what = f"{title(name)} {frame.players}p mid-game" + (f", {frame.words}" if frame.name else "")
            try:
                scene = table(app, session=session_at(name, frame, 3))
                scene.draw(app.screen)
            except Exception as exc:  # a screen that cannot draw is named, not fatal
                notes.append(f"frame: {what} cannot draw ({type(exc).__name__}: {exc}), skipped")
                continue
            key = f"frame.{name}.{frame.players}p" + (f".{frame.name}" if frame.name else "") + "_ms"
            out.append((key, f"frame: {what}", scene))
    return out


def frame_figures(runs: int, draws: int, notes: list[str]) -> list[Figure]:
    """Median milliseconds of one frame (dirty, one loop pass) of each busy screen, per run."""
    from companion.root import make_app

    app = make_app(lang="en", fullscreen=False, sound=False)
    figures: list[Figure] = []
    try:
        for key, label, scene in frame_scenes(app, notes):
            fig = Figure(key, label, "ms", target=FRAME_TARGET, note=f"median of {draws} frames per run")
            app.show(scene)
            app.step(block=False)  # fonts and text caches warm, as after the first frame
            for _ in range(runs):
                times = []
                for _ in range(draws):
                    start = time.perf_counter()
                    scene.dirty = True  # something changed: the loop draws the next frame
                    app.step(block=False)
                    times.append((time.perf_counter() - start) * 1000)
                fig.samples.append(percentile(times, 50))
            figures.append(fig)
    finally:
        app.close()
    return figures
