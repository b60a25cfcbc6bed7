"""The one queue every press lands on.

Sources (GPIO buttons, the serial box) call :meth:`InputHub.press` from their own threads; the
hub debounces, puts an :class:`~companion.inputs.events.InputEvent` on a thread-safe queue and
calls ``wake`` so the screen loop, asleep in ``pygame.event.wait()``, gets up and calls
:meth:`InputHub.drain`. The hub never imports pygame: the UI hands in the wake function.

>>> woken = []
>>> with InputHub(wake=lambda: woken.append(1)) as hub:
...     hub.press("roll", "gpio")
...     [e.name for e in hub.drain()], len(woken)
True
(['roll'], 1)
"""

from __future__ import annotations

import logging
import queue
import threading
from collections.abc import Callable
from typing import Protocol

from .debounce import Debouncer
from .events import BUTTONS, InputEvent

__all__ = ["InputHub", "Source"]

log = logging.getLogger(__name__)


class Source(Protocol):
    """Anything that feeds the hub and holds a resource to let go of."""

    def close(self) -> None: ...


class InputHub:
    """Debounce presses from any thread, queue them, and wake the screen loop.

    ``wake`` runs on the *source's* thread (gpiozero's callback thread, the serial reader), so
    it must be quick and thread-safe; ``pygame.event.post`` is both. An exception from it is
    logged, never raised into the source's thread, because that would silently kill the serial
    reader or gpiozero's event thread.
    """

    def __init__(
        self,
        wake: Callable[[], None] | None = None,
        *,
        debouncer: Debouncer | None = None,
    ) -> None:
        self.wake = wake
        self.debouncer = debouncer if debouncer is not None else Debouncer()
        self._queue: queue.Queue[InputEvent] = queue.Queue()
        self._sources: list[Source] = []
        self._lock = threading.Lock()
        self._closed = False
        self._wake_failed = False

    # -- feeding -------------------------------------------------------------------------

    def press(self, name: str, source: str, value: int | None = None) -> bool:
        """Record a press of button ``name`` from ``source``; return False if it was bounce.

        Safe to call from any thread. ``value`` carries a die value read or typed at the
        source (the serial box's ``DIE 4``). Unknown button names are a programming error in
        the source and raise ``ValueError``.
        """
        if name not in BUTTONS:
            raise ValueError(f"unknown button {name!r}; expected one of {', '.join(BUTTONS)}")
        if self._closed or not self.debouncer.accept(name):
            return False
        self._queue.put(InputEvent(name, source, value=value))
        self._wake()
        return True

    def release(self, name: str) -> None:
        """Note a button's release, for a debouncer that requires one between presses."""
        self.debouncer.release(name)

    def post(self, event: InputEvent) -> bool:
        """Queue a ready-made event (e.g. from the keyboard), debounced like any press."""
        if event.name not in BUTTONS:
            raise ValueError(f"unknown button {event.name!r}")
        if self._closed or not self.debouncer.accept(event.name):
            return False
        self._queue.put(event)
        self._wake()
        return True

    def _wake(self) -> None:
        if self.wake is None:
            return
        try:
            self.wake()
        except Exception:
            # Log the first failure with its traceback, then stay quiet: a wake that fails
            # once (display not up yet) will usually fail on every press.
            if not self._wake_failed:
                self._wake_failed = True
                log.exception("could not wake the screen loop; presses stay queued")

    # -- consuming -----------------------------------------------------------------------

    def drain(self) -> list[InputEvent]:
        """Return every queued event, oldest first, without blocking."""
        events: list[InputEvent] = []
        while True:
            try:
                events.append(self._queue.get_nowait())
            except queue.Empty:
                return events

    def get(self, timeout: float | None = None) -> InputEvent | None:
        """Wait up to ``timeout`` seconds for the next event (for ``companion selftest``)."""
        try:
            return self._queue.get(timeout=timeout)
        except queue.Empty:
            return None

    # -- sources and lifetime ------------------------------------------------------------

    def attach(self, source: Source) -> None:
        """Let the hub close ``source`` when it closes itself."""
        with self._lock:
            if source not in self._sources:
                self._sources.append(source)

    def detach(self, source: Source) -> None:
        """Forget ``source`` (it was closed on its own)."""
        with self._lock:
            if source in self._sources:
                self._sources.remove(source)

    @property
    def closed(self) -> bool:
        return self._closed

    def close(self) -> None:
        """Close every attached source, newest first; later presses are ignored."""
        with self._lock:
            self._closed = True
            sources, self._sources = self._sources[::-1], []
        for source in sources:
            try:
                source.close()
            except Exception:
                # One stuck source must not keep the others (and the pins) held.
                log.exception("error closing input source %r", source)

    def __enter__(self) -> InputHub:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
