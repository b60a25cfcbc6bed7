"""Finding the serial button box, and sleeping until a device appears.

The box is found by its USB vendor and product id (``serial.tools.list_ports``) or by a
port the café configured. While no box is there, :class:`DeviceWatch` sleeps until a new
device node appears (Linux inotify on the folders where it would show up) instead of trying
the port every few seconds: an idle companion without a box plugged in does not wake at all.
Where inotify is missing it falls back to a plain timeout.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import logging
import os
import select
import struct
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

__all__ = ["DEFAULT_USB_IDS", "DeviceWatch", "find_port"]

log = logging.getLogger(__name__)

#: (vendor id, product id or None for any) of the boards the shipped firmware runs on:
#: the Raspberry Pi Pico with MicroPython, and Arduino boards with the maker's own USB ids.
#: Boards with a generic USB-serial chip (CH340, FTDI) are too common to guess: give their
#: port instead (``--serial /dev/serial/by-id/...``).
DEFAULT_USB_IDS: tuple[tuple[int, int | None], ...] = (
    (0x2E8A, 0x0005),  # Raspberry Pi Pico, MicroPython
    (0x2E8A, 0x000A),  # Raspberry Pi Pico, arduino-pico core
    (0x2341, None),    # Arduino SA (Uno, Micro, Leonardo, Nano Every, ...)
    (0x2A03, None),    # Arduino Srl (arduino.org boards)
)


def find_port(
    ids: Iterable[tuple[int, int | None]] = DEFAULT_USB_IDS,
    comports: Callable[[], Sequence[Any]] | None = None,
) -> str | None:
    """The device path of the first connected port whose USB ids match ``ids``, or None.

    ``comports`` defaults to ``serial.tools.list_ports.comports`` (tests pass their own).
    Ports are tried in the order of ``ids``, then by device name, so the choice is stable.
    """
    if comports is None:
        from serial.tools import list_ports

        comports = list_ports.comports
    ports = sorted(comports(), key=lambda p: str(p.device))
    for vid, pid in ids:
        for port in ports:
            if port.vid == vid and (pid is None or port.pid == pid):
                return str(port.device)
    return None


# inotify(7) event bits: a name created in, moved into, or having its attributes changed in a
# watched folder (udev creates the node, then sets its owner and mode).
_IN_ATTRIB, _IN_MOVED_TO, _IN_CREATE = 0x004, 0x080, 0x100
_IN_NONBLOCK, _IN_CLOEXEC = 0o4000, 0o2000000


class DeviceWatch:
    """Wait until a device node may have appeared for ``path`` (or any port, if None).

    Watches the nearest existing folder of ``path`` (``/dev/serial/by-id`` does not exist
    while nothing is plugged in, so ``/dev/serial`` or ``/dev``), the folder its link
    pointed into, and ``/dev``. :meth:`wait` returns True when something was created there,
    False on ``timeout``. Close it when done.
    """

    def __init__(self, path: str | None) -> None:
        self._fd = -1
        libc_name = ctypes.util.find_library("c")
        try:
            libc = ctypes.CDLL(libc_name, use_errno=True) if libc_name else None
        except OSError:
            libc = None
        if libc is None or not hasattr(libc, "inotify_init1"):
            return
        fd = libc.inotify_init1(_IN_NONBLOCK | _IN_CLOEXEC)
        if fd < 0:
            return
        self._fd = fd
        for folder in self._folders(path):
            mask = _IN_CREATE | _IN_MOVED_TO | _IN_ATTRIB
            if libc.inotify_add_watch(fd, os.fsencode(folder), mask) < 0:
                log.debug("cannot watch %s for new devices", folder)

    @property
    def works(self) -> bool:
        """False where inotify is not available; :meth:`wait` then only times out."""
        return self._fd >= 0

    @staticmethod
    def _folders(path: str | None) -> list[str]:
        folders = {"/dev"} if os.path.isdir("/dev") else set()
        if path and "://" not in path:
            folder = Path(path).parent
            while not folder.is_dir() and folder != folder.parent:
                folder = folder.parent
            folders.add(str(folder))
            real = Path(os.path.realpath(path)).parent
            if real.is_dir():
                folders.add(str(real))
        return sorted(folders)

    def wait(self, timeout: float | None, stop_fd: int | None = None) -> bool:
        """Sleep until a device may have appeared (True), ``timeout`` passed or ``stop_fd``
        became readable (False)."""
        fds = [fd for fd in (self._fd, stop_fd) if fd is not None and fd >= 0]
        if not fds:
            return False
        ready, _, _ = select.select(fds, [], [], timeout)
        if self._fd in ready:
            try:
                data = os.read(self._fd, 4096)
            except BlockingIOError:
                return False
            # Each event: wd, mask, cookie, name length, name.
            return len(data) >= struct.calcsize("iIII")
        return False

    def close(self) -> None:
        if self._fd >= 0:
            os.close(self._fd)
            self._fd = -1
