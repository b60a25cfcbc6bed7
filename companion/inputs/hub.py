"""The one queue every press lands on.

Sources call it from their own threads: :meth:`InputHub.put` for presses they have already
debounced (GPIO edges, the serial box's numbered events), :meth:`InputHub.press` for those the
hub should debounce (the keyboard). The hub puts an :class:`~companion.inputs.events.InputEvent`
on a bounded, thread-safe queue and calls ``wake`` so the screen loop, asleep in
``pygame.event.wait()``, gets up and calls :meth:`InputHub.drain`. Sources also report whether
they can deliver presses (:meth:`InputHub.set_status`), which the screen reads with
:meth:`InputHub.statuses` / :meth:`InputHub.offline`. The hub never imports pygame: the UI
hands in the wake function.

>>> woken = []
>>> with InputHub(wake=lambda: woken.append(1)) as hub:
...     hub.press("roll", "gpio")
...     [e.name for e in hub.drain()], len(woken)
True
(['roll'], 1)
"""

from __future__ import annotations

import logging
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

from .debounce import Debouncer, power_of_ten
from .events import NAMES, InputEvent

__all__ = ["InputHub", "Source", "SourceStatus"]

log = logging.getLogger(__name__)


class Source(Protocol):
    """Anything that feeds the hub and holds a resource to let go of."""

    def close(self) -> None: ...


@dataclass(frozen=True)
class SourceStatus:
    """Whether an input source (the serial box) can be used right now, for the screen.

    ``source`` names it (``"serial"``), ``online`` says whether presses can arrive from it,
    ``detail`` says why not in a few plain words for the log and the admin screen
    (``"unplugged"``, ``"silent"``), ``since`` is ``time.monotonic()`` of the change.
    """

    source: str
    online: bool
    detail: str = ""
    since: float = field(default_factory=time.monotonic)


class InputHub:
    """Debounce presses from any thread, queue them, and wake the screen loop.

    ``wake`` runs on the *source's* thread (gpiozero's callback thread, the serial reader), so
    it must be quick and thread-safe; ``pygame.event.post`` is both. An exception from it is
    logged, never raised into the source's thread, because that would silently kill the serial
    reader or gpiozero's event thread.

    The queue holds at most ``max_queued`` events: a source that floods it (an edge storm, a
    runaway box) loses its newest presses, counted in :attr:`dropped`, instead of growing
    memory or burying the loop. ``wake`` is only called when the queue goes from empty to
    not empty, because the loop drains everything at once: a burst wakes the loop once.
    """

    def __init__(
        self,
        wake: Callable[[], None] | None = None,
        *,
        debouncer: Debouncer | None = None,
        max_queued: int = 64,
    ) -> None:
        self.wake = wake
        self.debouncer = debouncer if debouncer is not None else Debouncer()
        self.max_queued = max_queued
        #: Events refused because the queue was full.
        self.dropped = 0
        self._queue: deque[InputEvent] = deque()
        self._ready = threading.Condition()
        self._sources: list[Source] = []
        self._lock = threading.Lock()
        self._closed = False
        self._wake_failed = False
        self._status: dict[str, SourceStatus] = {}
        #: Goes up by one on every status change; the loop compares it with the last one seen.
        self.status_version = 0
        self._status_listeners: list[Callable[[SourceStatus], None]] = []

    # -- feeding -------------------------------------------------------------------------

    def press(self, name: str, source: str, value: int | None = None) -> bool:
        """Record a press of button ``name`` from ``source``; return False if it was bounce.

        Safe to call from any thread. Passes through :attr:`debouncer` (a press within its
        interval of the last one of the same button is dropped): for sources that do not
        debounce themselves, such as the keyboard. ``value`` carries a die value. Unknown
        button names are a programming error in the source and raise ``ValueError``.
        """
        if name not in NAMES:
            raise ValueError(f"unknown button {name!r}; expected one of {', '.join(NAMES)}")
        if self._closed or not self.debouncer.accept(name):
            return False
        return self._put(InputEvent(name, source, value=value))

    def put(self, name: str, source: str, value: int | None = None) -> bool:
        """Queue a press that its source has already debounced (GPIO edges, the serial box's
        numbered events); False if the hub is closed or the queue is full. Never blocks."""
        if name not in NAMES:
            raise ValueError(f"unknown button {name!r}; expected one of {', '.join(NAMES)}")
        if self._closed:
            return False
        return self._put(InputEvent(name, source, value=value))

    def release(self, name: str) -> None:
        """Note a button's release, for a debouncer that requires one between presses."""
        self.debouncer.release(name)

    def post(self, event: InputEvent) -> bool:
        """Queue a ready-made event (e.g. from the keyboard), debounced like any press."""
        if event.name not in NAMES:
            raise ValueError(f"unknown button {event.name!r}")
        if self._closed or not self.debouncer.accept(event.name):
            return False
        return self._put(event)

    def _put(self, event: InputEvent) -> bool:
        with self._ready:
            if len(self._queue) >= self.max_queued:
                self.dropped += 1
                if power_of_ten(self.dropped):
                    log.warning("input queue full: %d presses dropped so far", self.dropped)
                return False
            was_empty = not self._queue
            self._queue.append(event)
            self._ready.notify()
        if was_empty:
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

    # -- source status -------------------------------------------------------------------

    def set_status(self, source: str, online: bool, detail: str = "") -> None:
        """A source says it can (or cannot) deliver presses now. Safe from any thread.

        On a change the loop is woken (so the screen can show "button box offline" at once)
        and every listener from :meth:`on_status` is called on the source's thread.
        """
        status = SourceStatus(source, online, detail)
        with self._lock:
            old = self._status.get(source)
            if old is not None and (old.online, old.detail) == (online, detail):
                return
            self._status[source] = status
            self.status_version += 1
            listeners = list(self._status_listeners)
        for listener in listeners:
            try:
                listener(status)
            except Exception:
                log.exception("status listener failed")
        self._wake()

    def on_status(self, listener: Callable[[SourceStatus], None]) -> None:
        """Call ``listener(status)`` on every status change (on the source's thread)."""
        with self._lock:
            self._status_listeners.append(listener)

    def statuses(self) -> dict[str, SourceStatus]:
        """The latest status of every source that reported one."""
        with self._lock:
            return dict(self._status)

    def offline(self) -> list[str]:
        """Names of the sources that are offline now, e.g. ``["serial"]``."""
        with self._lock:
            return [s.source for s in self._status.values() if not s.online]

    def noisy(self) -> list[str]:
        """Buttons whose input is muted now because it floats or storms (a loose or unconnected
        wire), from every source that can tell (``noisy()``), for the staff's button test."""
        with self._lock:
            sources = list(self._sources)
        return sorted({name for s in sources for name in (getattr(s, "noisy", lambda: [])())})

    # -- consuming -----------------------------------------------------------------------

    def drain(self) -> list[InputEvent]:
        """Return every queued event, oldest first, without blocking."""
        with self._ready:
            events = list(self._queue)
            self._queue.clear()
        return events

    def get(self, timeout: float | None = None) -> InputEvent | None:
        """Wait up to ``timeout`` seconds for the next event (for ``companion selftest``)."""
        with self._ready:
            if not self._ready.wait_for(lambda: bool(self._queue), timeout):
                return None
            return self._queue.popleft()

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
