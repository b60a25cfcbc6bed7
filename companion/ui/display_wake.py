"""Wake the screen loop when the window system has something for us, without polling.

pygame's ``event.wait`` looks at SDL's queue every millisecond, so an idle loop sleeps on its
own ``threading.Event`` instead; something must wake it when a touch, a key or a window event
arrives. Which something depends on SDL's video driver:

- ``kmsdrm`` (the Pi's console): SDL reads the kernel's input devices, and
  ``companion.inputs.device_wake.DeviceWaker`` blocks on the same devices;
- ``x11`` (a desktop, or the Pi's desktop): everything the X server sends comes down one
  socket, and ``X11Waker`` blocks in ``select`` on it;
- ``dummy`` and ``offscreen``: no window system at all, so nothing but the companion's own
  input threads (which wake the loop themselves) can have anything for it;
- anything else: no waker; the loop looks at SDL's queue every ``TOUCH_POLL_S``.

The X socket is read by SDL on the loop's thread; the waker only waits until it is readable,
wakes the loop, and then waits until the loop has pumped SDL (``pumped``) before it waits on
the socket again, so one burst of events wakes the loop once and never spins.

>>> import os
>>> r, w = os.pipe()
>>> woken = []
>>> waker = X11Waker(lambda: woken.append(1), fd=r)
>>> _ = os.write(w, b"x")
>>> waker.wait_for_wake(1.0)
True
>>> waker.close()
"""

from __future__ import annotations

import os
import select
import threading
from collections.abc import Callable
from typing import Any

__all__ = ["X11Waker", "NO_WINDOW_SYSTEM", "x11_connection_fd"]

#: SDL video drivers with no window system: only the companion's own threads post events.
NO_WINDOW_SYSTEM = frozenset({"dummy", "offscreen"})


def x11_connection_fd(wm_info: dict[str, Any]) -> int | None:
    """The X server connection's socket of the window in ``pygame.display.get_wm_info()``,
    or None where it cannot be found (no libX11, not an X window)."""
    capsule = wm_info.get("display")
    if capsule is None:
        return None
    import ctypes  # here, not at the top: ctypes.util alone brings subprocess into the start
    import ctypes.util

    try:
        get = ctypes.pythonapi.PyCapsule_GetPointer
        get.restype, get.argtypes = ctypes.c_void_p, [ctypes.py_object, ctypes.c_char_p]
        display = capsule if isinstance(capsule, int) else get(capsule, b"display")
        xlib = ctypes.CDLL(ctypes.util.find_library("X11") or "libX11.so.6")
        xlib.XConnectionNumber.argtypes, xlib.XConnectionNumber.restype = [ctypes.c_void_p], ctypes.c_int
        fd = int(xlib.XConnectionNumber(display))
    except (OSError, ValueError, TypeError, AttributeError):
        return None
    return fd if fd >= 0 else None


class X11Waker:
    """A thread that calls ``wake`` when ``fd`` (the X connection) has data for SDL."""

    def __init__(self, wake: Callable[[], None], fd: int) -> None:
        self.wake = wake
        self.fd = fd
        self._pumped = threading.Event()
        self._pumped.set()
        self._woke = threading.Event()
        self._stop_r, self._stop_w = os.pipe()
        self._thread = threading.Thread(target=self._run, name="x11-wake", daemon=True)
        self._thread.start()

    active = True

    def pumped(self) -> None:
        """The loop has read SDL's events: the socket is worth waiting on again."""
        self._pumped.set()

    def _run(self) -> None:
        while True:
            self._pumped.wait()
            try:
                ready, _, _ = select.select([self.fd, self._stop_r], [], [])
            except (OSError, ValueError):
                return
            if self._stop_r in ready:
                return
            self._pumped.clear()  # before waking: the loop's pump may come at once
            self._woke.set()
            self.wake()

    def wait_for_wake(self, timeout: float) -> bool:
        """For tests: True once the thread has woken the loop."""
        return self._woke.wait(timeout)

    def close(self) -> None:
        os.write(self._stop_w, b"x")
        self._pumped.set()
        self._thread.join(timeout=1)
        for fd in (self._stop_r, self._stop_w):
            os.close(fd)
