"""Software debounce for mechanical buttons.

A cheap arcade micro-switch does not close once: it chatters for a few milliseconds, and every
bounce is an edge. gpiozero's own ``bounce_time`` is unreliable here (mock pins ignore it, the
pin libraries each implement it differently, and its software fallback drops short presses), so
buttons are created with ``bounce_time=None`` and every source's presses pass through one
:class:`Debouncer` instead. Keeping it pure (an injectable clock, no threads of its own) lets the
tests prove it with a fake clock.

>>> t = [0.0]
>>> d = Debouncer(interval_s=0.05, clock=lambda: t[0])
>>> d.accept("roll")
True
>>> t[0] = 0.01; d.accept("roll")    # a bounce 10 ms later
False
>>> d.accept("left")                 # other buttons are independent
True
>>> t[0] = 0.06; d.accept("roll")    # a real second press
True
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

__all__ = ["Debouncer"]


class Debouncer:
    """Decide per button whether a press is real or contact bounce.

    A press of a button is accepted only if the previous *accepted* press of the same button
    was at least ``interval_s`` ago. Measuring from the last accepted press (not the last edge)
    means a long burst of chatter cannot postpone a press forever.

    With ``require_release=True`` a press is also refused until :meth:`release` has been seen
    for that button since its last accepted press. That is for sources that report releases
    (GPIO, the serial box's ``BTN x UP``); it stops a button that is held, or a pin that is
    stuck low, from producing more than one press.

    Presses arrive from gpiozero's threads and the serial reader thread at once, so the state
    is guarded by a lock.
    """

    def __init__(
        self,
        interval_s: float = 0.05,
        clock: Callable[[], float] = time.monotonic,
        *,
        require_release: bool = False,
    ) -> None:
        if interval_s < 0:
            raise ValueError(f"interval_s must not be negative, got {interval_s!r}")
        self.interval_s = interval_s
        self.require_release = require_release
        self._clock = clock
        self._lock = threading.Lock()
        self._last: dict[str, float] = {}
        # Buttons whose last accepted press has not yet been followed by a release.
        self._held: set[str] = set()

    def accept(self, name: str) -> bool:
        """Return True if a press of ``name`` now is a real press, and remember it."""
        with self._lock:
            now = self._clock()
            last = self._last.get(name)
            if last is not None and now - last < self.interval_s:
                return False
            if self.require_release and name in self._held:
                return False
            self._last[name] = now
            self._held.add(name)
            return True

    def release(self, name: str) -> None:
        """Note that ``name`` was released (only matters with ``require_release``)."""
        with self._lock:
            self._held.discard(name)

    def reset(self) -> None:
        """Forget every press, e.g. after a source reconnects."""
        with self._lock:
            self._last.clear()
            self._held.clear()
