"""The serial box's link layer: lines in on pyserial's reader thread, lines out without blocking.

Used by :class:`companion.inputs.serial_box.SerialBox`; nothing here knows the verbs.
"""

from __future__ import annotations

import fcntl
import logging
import os
import threading
from typing import TYPE_CHECKING, Any

import serial.threaded

from .box_protocol import MAX_LINE

if TYPE_CHECKING:
    from .serial_box import SerialBox

__all__ = ["OUTBOX_LIMIT", "BoxLines", "Outbox", "Reader"]

log = logging.getLogger(__name__)

#: Most bytes kept for a box that does not read; beyond it ACKs are dropped too.
OUTBOX_LIMIT = 256


class Outbox:
    """Non-blocking writes to the box, so that a box that stops reading cannot stall us.

    pyserial's own ``write`` either blocks or, with a write timeout, spins on the
    non-blocking descriptor until the timeout; both would hold the reader thread. Here a
    line is written as far as the port takes it now; the rest waits in :attr:`pending`
    (a line is never cut, or the box would read two lines run together). While something
    is pending, droppable lines (PING, PONG) are dropped and counted.
    """

    def __init__(self, port: Any) -> None:
        self.port = port
        self.pending = bytearray()
        self.dropped = 0
        self._lock = threading.Lock()
        fd = getattr(port, "fd", None)
        self._fd: int | None = fd if isinstance(fd, int) and fd >= 0 else None
        if self._fd is not None:
            flags = fcntl.fcntl(self._fd, fcntl.F_GETFL)
            fcntl.fcntl(self._fd, fcntl.F_SETFL, flags | os.O_NONBLOCK)

    def send(self, data: bytes, droppable: bool) -> bool:
        """Write ``data`` now or keep it for later; False if it was dropped."""
        with self._lock:
            self._flush()
            if self.pending:
                if droppable or len(self.pending) + len(data) > OUTBOX_LIMIT:
                    self.dropped += 1
                    return False
                self.pending += data
                return True
            written = self._write(data)
            if written < len(data):
                self.pending += data[written:]
            return True

    def flush(self) -> None:
        with self._lock:
            self._flush()

    def _flush(self) -> None:
        if self.pending:
            del self.pending[: self._write(bytes(self.pending))]

    def _write(self, data: bytes) -> int:
        if self._fd is None:
            self.port.write(data)  # loop:// and other URL ports queue in memory
            return len(data)
        try:
            return os.write(self._fd, data)
        except BlockingIOError:
            return 0


class BoxLines(serial.threaded.LineReader):  # type: ignore[misc]  # pyserial has no stubs
    """Splits the byte stream into lines and hands each to the :class:`SerialBox`.

    Runs on the ``ReaderThread``. Every exception is caught here, because one escaping
    ``data_received`` ends the reader thread (and the base ``connection_lost`` re-raises it).
    """

    # Arduino's println() ends lines with \r\n, a terminal with \n: split on \n, strip \r.
    TERMINATOR = b"\n"
    transport: Any  # the Reader while connected, None after

    def __init__(self, box: SerialBox) -> None:
        super().__init__()
        self.box = box
        # True while skipping the rest of an over-long line that was already counted.
        self._discarding = False

    def connection_made(self, transport: Any) -> None:
        super().connection_made(transport)
        self.box._connected(self)

    def data_received(self, data: bytes) -> None:
        # The base Packetizer's buffer grows without bound on a stream with no newline
        # (wrong baud rate, line noise), so guard it.
        self.buffer.extend(data)
        while True:
            end = self.buffer.find(self.TERMINATOR)
            if end < 0:
                break
            packet = bytes(self.buffer[:end])
            del self.buffer[: end + 1]
            if self._discarding:
                self._discarding = False
                continue
            self.handle_packet(packet)
        if len(self.buffer) > MAX_LINE + 1:  # +1 for a trailing \r
            self.buffer.clear()
            if not self._discarding:
                self._discarding = True
                self.box._bad("over-long line")

    def handle_line(self, line: str) -> None:
        try:
            self.box._handle_line(line)
        except Exception:
            log.exception("serial box: error handling %r", line)
            self.box._bad("error handling line")

    def connection_lost(self, exc: BaseException | None) -> None:
        # Deliberately not calling super(): it would re-raise exc on the reader thread.
        self.transport = None
        self.box._disconnected(exc)


class Reader(serial.threaded.ReaderThread):  # type: ignore[misc]
    """pyserial's ReaderThread, also catching an unplug it lets escape.

    ``ReaderThread.run`` guards ``serial.read()`` but not ``serial.in_waiting``, whose ioctl
    raises a plain ``OSError`` (EIO) when a USB serial device or pty disappears. Uncaught, it
    would end the thread without ``connection_lost``, and the box would look online forever.
    """

    protocol: Any

    def run(self) -> None:
        try:
            super().run()
        except OSError as exc:
            self.alive = False
            protocol, self.protocol = self.protocol, None
            if protocol is not None:
                protocol.connection_lost(exc)
