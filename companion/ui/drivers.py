"""Scripted presses through the real screen loop: the demo (attract mode), a record played
back on screen, and the selftest."""

from __future__ import annotations

import random
import time
from typing import Any

from companion.ui.app import App
from companion.ui.table import TableScene


class DemoDriver:
    """Plays ``turns`` turns with the presses a table would make, then stops."""

    def __init__(self, turns: int, seed: int, watch: bool = True) -> None:
        #: False: press on without waiting for animations (a press ends them), for tests
        self.waits = watch
        self.turns = turns
        self.rng = random.Random(seed)
        self.queue: list[str] = []

    def __call__(self, app: App) -> bool:
        scene: Any = app.scene
        if self.queue:
            app.inject(self.queue.pop(0))
            return True
        if not isinstance(scene, TableScene) or scene.session.over:
            return False
        if scene.turns_played() >= self.turns:
            return False
        self.queue = scene.demo_presses(self.rng)
        if not self.queue:
            return False
        app.inject(self.queue.pop(0))
        return True


class RecordDriver:
    """Plays a record's actions, one per idle frame, through the table screen's session, so
    the real loop draws each of them (``companion demo --record``)."""

    waits = True

    def __init__(self, actions: list[dict[str, Any]]) -> None:
        self.actions = list(actions)
        self.error: str | None = None

    def __call__(self, app: App) -> bool:
        scene: Any = app.scene
        if not self.actions or not isinstance(scene, TableScene):
            return False
        action = self.actions.pop(0)
        try:
            scene.session.act(action)
        except Exception as exc:  # noqa: BLE001 - shown to the user by the command line
            self.error = str(exc)
            return False
        scene.shown_action()
        return True


class MockSelftestDriver:
    """Presses each button the selftest asks for through gpiozero mock pins, then waits until
    the press has been drawn (or ``timeout`` seconds have passed)."""

    def __init__(self, factory: Any, pins: dict[str, int], timeout: float = 2.0) -> None:
        self.factory, self.pins, self.timeout = factory, pins, timeout
        self.pressed: str | None = None
        self.since = 0.0

    def __call__(self, app: App) -> bool:
        scene: Any = app.scene
        asking = scene.asking
        shown = {name for name, _ in app.latencies}
        if self.pressed is not None and self.pressed not in shown and time.monotonic() - self.since < self.timeout:
            return True  # wait for the frame
        if asking is None:
            return False
        if self.pressed == asking:  # pressed but never arrived: give up on it
            scene.index += 1
            return True
        pin = self.factory.pin(self.pins[asking])
        self.pressed, self.since = asking, time.monotonic()
        pin.drive_low()   # gpiozero calls the Button back on this thread, as a real edge would
        pin.drive_high()
        return True


class WaitDriver:
    """Real buttons: waits for a person to press each one, ``timeout`` seconds per button;
    then the result stays on screen until OK (or the back key) leaves it, or ``result_s``
    seconds have passed."""

    result_s = 120.0

    def __init__(self, timeout: float = 15.0) -> None:
        self.timeout = timeout
        self.asked: str | None = None
        self.since = 0.0
        self.done_at: float | None = None  # when the last button came (or was given up on)

    def __call__(self, app: App) -> bool:
        scene: Any = app.scene
        if scene.asking is None:
            if self.done_at is None:
                self.done_at = time.monotonic()
            return time.monotonic() - self.done_at < self.result_s
        if scene.asking != self.asked:
            self.asked, self.since = scene.asking, time.monotonic()
        elif time.monotonic() - self.since > self.timeout:
            scene.index += 1
            scene.dirty = True
        return True
