"""The kiosk keeps its console: Ctrl+Alt+F2 (Alt+Right, ``chvt``) switches to nothing.

The kernel switches virtual terminals on Ctrl+Alt+F1..F12 and Alt+Left/Right as long as the
console's keyboard is not muted; SDL mutes it only while it has found a keyboard itself, and
answers every switch with "yes". The installer takes the login prompts off tty2-6, so a
player's Ctrl+Alt+F2 left the table on a blank screen. There is no logind or kernel setting
that forbids switching (``NAutoVTs=0`` only keeps the prompts away; a keymap without console
keys would have to be loaded again at every boot and still leaves ``chvt``).

What the kernel offers is ``VT_PROCESS`` mode: the process owning a terminal is asked, by a
signal, before the terminal is switched away, and may say no (``VT_RELDISP 0``); X servers and
Wayland compositors use it to hand the screen over cleanly. The kiosk asks for it once its
screen is open (after SDL's own request, so the kernel asks the companion) and says no to every
switch; a switch back to it is acknowledged. When the companion ends, the mode goes back to
automatic (the kernel also reverts it by itself when the owner is gone).

Nothing happens where the app's terminal is not a virtual console (a desktop, a terminal
window, ssh, the tests): ``hold`` returns None.
"""

from __future__ import annotations

import fcntl
import os
import signal
import struct
from collections.abc import Callable
from typing import Any

#: linux/vt.h
VT_GETMODE, VT_SETMODE, VT_RELDISP = 0x5601, 0x5602, 0x5605
VT_AUTO, VT_PROCESS, VT_ACKACQ = 0, 1, 2
#: struct vt_mode: char mode, char waitv, short relsig, short acqsig, short frsig
VT_MODE = struct.Struct("bbhhh")

Ioctl = Callable[[int, int, Any], Any]


class Held:
    """The console held in ``VT_PROCESS`` mode; :meth:`release` gives it back."""

    def __init__(self, fd: int, ioctl: Ioctl, signals: tuple[int, int], before: dict[int, Any]) -> None:
        self.fd, self._ioctl, self.signals, self._before = fd, ioctl, signals, before
        #: switches away asked for and refused (the staff's button test could show it)
        self.refused = 0

    def _refuse(self, _signum: int, _frame: Any) -> None:
        self.refused += 1
        self._ioctl(self.fd, VT_RELDISP, 0)

    def _acquire(self, _signum: int, _frame: Any) -> None:
        self._ioctl(self.fd, VT_RELDISP, VT_ACKACQ)

    def release(self) -> None:
        """Switching as before: automatic, the signals' handlers given back."""
        try:
            self._ioctl(self.fd, VT_SETMODE, VT_MODE.pack(VT_AUTO, 0, 0, 0, 0))
        except OSError:
            pass
        for signum, handler in self._before.items():
            signal.signal(signum, handler)
        self._before.clear()
        try:
            os.close(self.fd)
        except OSError:
            pass


def _free_signals() -> tuple[int, int] | None:
    """Two real-time signals nobody handles (SDL takes some for its own terminal handling:
    a handler set in C reads as None here, and is left alone)."""
    free = [s for s in range(signal.SIGRTMIN + 4, signal.SIGRTMAX + 1) if signal.getsignal(s) is signal.SIG_DFL]
    return (free[0], free[1]) if len(free) >= 2 else None


def _terminal(path: str | None) -> int | None:
    """The app's terminal, opened: ``path``, else ``/dev/tty``, else the one its input comes
    from (``StandardInput=tty``: /dev/tty1, which the unit allows by name)."""
    paths = [path] if path else ["/dev/tty"]
    if not path:
        try:
            paths.append(os.ttyname(0))
        except OSError:
            pass
    for p in paths:
        try:
            return os.open(p, os.O_RDWR | os.O_NOCTTY | os.O_CLOEXEC)
        except OSError:
            continue
    return None


def hold(path: str | None = None, ioctl: Ioctl = fcntl.ioctl) -> Held | None:
    """Hold the virtual console of the app's terminal (``TTYPath=/dev/tty1`` in the unit): every
    switch away is refused. None where there is no virtual console to hold, or no signal to
    be asked with; called from the main thread (signal handlers can only be set there)."""
    fd = _terminal(path)
    if fd is None:
        return None  # no terminal at all (a service without one, the tests)
    try:
        ioctl(fd, VT_GETMODE, bytes(VT_MODE.size))  # fails on anything but a virtual console
        signals = _free_signals()
        if signals is None:
            raise OSError("no free signal")
        before = {s: signal.getsignal(s) for s in signals}
        held = Held(fd, ioctl, signals, before)
        signal.signal(signals[0], held._refuse)
        signal.signal(signals[1], held._acquire)
        try:
            ioctl(fd, VT_SETMODE, VT_MODE.pack(VT_PROCESS, 0, signals[0], signals[1], 0))
        except OSError:
            held.release()
            return None
        return held
    except (OSError, ValueError):
        os.close(fd)
        return None
