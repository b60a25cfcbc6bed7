"""Wake the screen loop when the touchscreen or a keyboard sends something, without polling.

On the Pi the display runs on kmsdrm and SDL reads touch and keys from the kernel's input
devices (``/dev/input/event*``). The loop sleeps until something wakes it; SDL itself does not
(pygame's ``event.wait`` looks every millisecond). So one thread here blocks in ``select`` on
the same device files (each open file gets its own copy of the events), drains what arrived,
and calls ``wake``: the loop then pumps SDL, which has the same events waiting. Nothing here
wakes while nobody touches anything.

>>> import os
>>> r, w = os.pipe()
>>> woken = []
>>> waker = DeviceWaker(lambda: woken.append(1), fds=[r])
>>> _ = os.write(w, b"x" * 24)
>>> waker.wait_for_wake(1.0)
True
>>> waker.close()
"""

from __future__ import annotations

import glob
import logging
import os
import select
import threading
from collections.abc import Callable, Iterable

log = logging.getLogger(__name__)

__all__ = ["DeviceWaker", "open_input_devices"]


def open_input_devices(pattern: str = "/dev/input/event*") -> list[int]:
    """Read-only, non-blocking descriptors of every input device we may read (none on a
    desktop whose user is not in the ``input`` group: the loop then falls back to looking)."""
    fds: list[int] = []
    for path in sorted(glob.glob(pattern)):
        try:
            fds.append(os.open(path, os.O_RDONLY | os.O_NONBLOCK))
        except OSError:
            continue
    return fds


class DeviceWaker:
    """A thread that calls ``wake`` whenever one of ``fds`` has data (and reads it away)."""

    def __init__(self, wake: Callable[[], None], fds: Iterable[int] | None = None) -> None:
        self.wake = wake
        self.fds = list(open_input_devices() if fds is None else fds)
        for fd in self.fds:
            os.set_blocking(fd, False)  # drained to the end without ever blocking
        self._stop_r, self._stop_w = os.pipe()
        self._woke = threading.Event()
        self._thread: threading.Thread | None = None
        if self.fds:
            self._thread = threading.Thread(target=self._run, name="device-wake", daemon=True)
            self._thread.start()

    @property
    def active(self) -> bool:
        """True when at least one device is watched (the loop need not poll)."""
        return self._thread is not None

    def _run(self) -> None:
        watched = [*self.fds, self._stop_r]
        while True:
            try:
                ready, _, _ = select.select(watched, [], [])
            except (OSError, ValueError):
                return
            if self._stop_r in ready:
                return
            woke = False
            for fd in ready:
                if self._drain(fd):
                    woke = True
                else:  # the device went away (unplugged): stop watching it
                    watched.remove(fd)
                    log.info("input device %d went away", fd)
            if woke:
                self._woke.set()
                self.wake()

    @staticmethod
    def _drain(fd: int) -> bool:
        """Read everything waiting; False when the device is gone (end of file or an error)."""
        got = False
        try:
            while True:
                data = os.read(fd, 4096)
                if not data:
                    return got
                got = True
        except BlockingIOError:
            return True
        except OSError:
            return False

    def wait_for_wake(self, timeout: float) -> bool:
        """For tests: True once the thread has woken the loop."""
        return self._woke.wait(timeout)

    def close(self) -> None:
        if self._thread is not None:
            os.write(self._stop_w, b"x")
            self._thread.join(timeout=1)
        for fd in (self._stop_r, self._stop_w):
            os.close(fd)
