"""The optional serial button box: a microcontroller with arcade buttons on USB serial.

The line protocol (``hardware/serial-box.md``): ASCII, one message per ``\\n``-terminated line,
at most :data:`MAX_LINE` characters, words separated by spaces, verbs case-insensitive.

Device → host::

    HELLO fw=1 proto=1      on boot (and whenever the firmware likes)
    BTN ROLL DOWN           a debounced press; UP for the release
    DIE 4                   a physical die read or typed at the box: a roll of 4
    PONG                    answer to PING
    ERR <text>              the box complains; logged

Host → device: ``PING`` (the box answers ``PONG``).

Anything else (garbage, an unknown verb, a line that is too long) is counted in
:attr:`SerialBox.bad_lines` and ignored: the reader thread never dies of a bad line. When the
port goes away (USB unplugged) the box is marked offline and reopened every ``retry_s`` seconds
in the background.

>>> from companion.inputs.hub import InputHub
>>> hub = InputHub()
>>> box = SerialBox(hub, "loop://")            # a loopback port echoes what we write
>>> box.wait_online(2.0)
True
>>> box.send("BTN ROLL DOWN")
>>> hub.get(timeout=2.0).name
'roll'
>>> box.close()
"""

from __future__ import annotations

import logging
import threading
import time
from typing import Any

import serial
import serial.threaded

from .events import BUTTONS
from .hub import InputHub

__all__ = ["MAX_LINE", "PROTOCOL_VERSION", "SerialBox"]

log = logging.getLogger(__name__)

#: Longest accepted line in characters, not counting the line ending.
MAX_LINE = 80
#: The protocol version this host speaks (``HELLO ... proto=1``).
PROTOCOL_VERSION = "1"


class _BoxLines(serial.threaded.LineReader):
    """Splits the byte stream into lines and hands each to the :class:`SerialBox`.

    Runs on the ``ReaderThread``. Every exception is caught here, because one escaping
    ``data_received`` ends the reader thread (and the base ``connection_lost`` re-raises it).
    """

    # Arduino's println() ends lines with \r\n, a terminal with \n: split on \n, strip \r.
    TERMINATOR = b"\n"

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


class _Reader(serial.threaded.ReaderThread):
    """pyserial's ReaderThread, also catching an unplug it lets escape.

    ``ReaderThread.run`` guards ``serial.read()`` but not ``serial.in_waiting``, whose ioctl
    raises a plain ``OSError`` (EIO) when a USB serial device or pty disappears. Uncaught, it
    would end the thread without ``connection_lost``, and the box would look online forever.
    """

    def run(self) -> None:
        try:
            super().run()
        except OSError as exc:
            self.alive = False
            protocol, self.protocol = self.protocol, None
            if protocol is not None:
                protocol.connection_lost(exc)


class SerialBox:
    """Read the button box on ``url`` and feed its presses into ``hub``.

    ``url`` is anything ``serial.serial_for_url`` opens: ``/dev/ttyACM0``,
    ``/dev/serial/by-id/usb-...``, ``loop://`` for tests. The port is opened on a background
    thread, so a box that is not plugged in yet does not delay start-up; :attr:`online` says
    whether it is connected now.

    ``timeout`` is the port's read timeout. None (block until data) keeps an idle companion
    asleep; ``ReaderThread`` still stops at once because pyserial's ports can cancel a read.
    """

    def __init__(
        self,
        hub: InputHub,
        url: str,
        *,
        baudrate: int = 115200,
        timeout: float | None = None,
        retry_s: float = 3.0,
    ) -> None:
        self.hub = hub
        self.url = url
        self.baudrate = baudrate
        self.timeout = timeout
        self.retry_s = retry_s
        #: Lines that were ignored: garbage, unknown verbs, over-long, bad arguments.
        self.bad_lines = 0
        #: Fields of the last ``HELLO`` line, e.g. ``{"fw": "1", "proto": "1"}``.
        self.hello: dict[str, str] = {}
        #: ``time.monotonic()`` of the last ``PONG``, or None.
        self.last_pong: float | None = None
        #: Why the last connection or open attempt failed, for the admin screen.
        self.last_error: str | None = None

        self._state = threading.Condition()
        self._online = False
        self._lines: _BoxLines | None = None
        self._reader: serial.threaded.ReaderThread | None = None
        self._pong = threading.Event()
        self._stop = threading.Event()
        # Set when the reader ends or close() is called, to wake the supervisor.
        self._changed = threading.Event()
        self._thread = threading.Thread(
            target=self._supervise, name=f"serial-box {url}", daemon=True
        )
        hub.attach(self)
        self._thread.start()

    # -- status --------------------------------------------------------------------------

    @property
    def online(self) -> bool:
        """True while the port is open and being read."""
        return self._online

    def wait_online(self, timeout: float | None = None) -> bool:
        """Wait until the box is connected; return :attr:`online`."""
        with self._state:
            self._state.wait_for(lambda: self._online or self._stop.is_set(), timeout)
            return self._online

    def wait_offline(self, timeout: float | None = None) -> bool:
        """Wait until the box is disconnected; return ``not online``."""
        with self._state:
            self._state.wait_for(lambda: not self._online, timeout)
            return not self._online

    def _set_online(self, online: bool) -> None:
        with self._state:
            self._online = online
            self._state.notify_all()

    # -- talking to the box --------------------------------------------------------------

    def send(self, line: str) -> None:
        """Write one line to the box. Raises ``serial.SerialException`` when offline."""
        lines = self._lines
        if lines is None or lines.transport is None:
            raise serial.SerialException(f"serial box {self.url} is offline")
        lines.transport.write(line.encode("ascii", "replace") + b"\n")

    def ping(self, timeout: float = 1.0) -> bool:
        """Send ``PING`` and wait for ``PONG``; False if offline or no answer in time."""
        self._pong.clear()
        try:
            self.send("PING")
        except serial.SerialException:
            return False
        return self._pong.wait(timeout)

    # -- the protocol (called on the reader thread) --------------------------------------

    def _bad(self, why: str) -> None:
        self.bad_lines += 1
        log.debug("serial box: ignored a line (%s)", why)

    def _handle_line(self, line: str) -> None:
        line = line.strip()
        if not line:
            return  # blank lines are harmless (a box printing \r\n\r\n)
        if len(line) > MAX_LINE:
            self._bad("over-long line")
            return
        words = line.split()
        verb, args = words[0].upper(), words[1:]
        if verb == "BTN":
            self._on_button(args, line)
        elif verb == "DIE":
            self._on_die(args, line)
        elif verb == "HELLO":
            self._on_hello(args)
        elif verb == "PONG":
            self.last_pong = time.monotonic()
            self._pong.set()
        elif verb == "PING":
            # The box may check the host is alive, too.
            self.send("PONG")
        elif verb == "ERR":
            log.warning("serial box reports: %s", " ".join(args))
        else:
            self._bad(f"unknown verb in {line!r}")

    def _on_button(self, args: list[str], line: str) -> None:
        # BTN <NAME> DOWN|UP [extra fields, ignored for forward compatibility]
        if len(args) < 2:
            self._bad(f"BTN needs a name and DOWN/UP: {line!r}")
            return
        name, action = args[0].lower(), args[1].upper()
        if name not in BUTTONS:
            self._bad(f"unknown button in {line!r}")
        elif action == "DOWN":
            self.hub.press(name, "serial")
        elif action == "UP":
            self.hub.release(name)
        else:
            self._bad(f"BTN action must be DOWN or UP: {line!r}")

    def _on_die(self, args: list[str], line: str) -> None:
        if len(args) != 1 or not args[0].isdigit() or not 1 <= int(args[0]) <= 6:
            self._bad(f"DIE needs one value 1-6: {line!r}")
            return
        self.hub.press("roll", "serial", value=int(args[0]))

    def _on_hello(self, args: list[str]) -> None:
        fields = dict(arg.split("=", 1) for arg in args if "=" in arg)
        self.hello = fields
        proto = fields.get("proto")
        if proto != PROTOCOL_VERSION:
            log.warning(
                "serial box speaks protocol %s, this companion speaks %s; trying anyway",
                proto, PROTOCOL_VERSION,
            )
        else:
            log.info("serial box says hello: %s", " ".join(args))

    # -- connection handling -------------------------------------------------------------

    def _connected(self, lines: _BoxLines) -> None:
        self._lines = lines
        self.last_error = None
        self._set_online(True)
        log.info("serial box online on %s", self.url)

    def _disconnected(self, exc: BaseException | None) -> None:
        self._lines = None
        was_online = self._online
        self._set_online(False)
        if exc is not None:
            self.last_error = str(exc)
            if not self._stop.is_set():
                log.warning("serial box on %s lost: %s", self.url, exc)
        elif was_online and not self._stop.is_set():
            log.warning("serial box on %s closed", self.url)
        self._changed.set()

    def _open(self) -> serial.SerialBase | None:
        try:
            return serial.serial_for_url(self.url, baudrate=self.baudrate, timeout=self.timeout)
        except (serial.SerialException, OSError, ValueError) as exc:
            message = str(exc)
            if message != self.last_error:
                # One line per kind of failure, not one every retry_s all day long.
                log.warning("serial box on %s not available: %s", self.url, message)
            self.last_error = message
            return None

    def _supervise(self) -> None:
        """Open the port, read until it fails, wait, repeat; until close()."""
        while not self._stop.is_set():
            port = self._open()
            if port is None:
                self._stop.wait(self.retry_s)
                continue
            self._changed.clear()
            if self._stop.is_set():  # close() came between the loop test and the clear
                port.close()
                break
            reader = _Reader(port, lambda: _BoxLines(self))
            self._reader = reader
            reader.start()
            # Sleep until the reader ends (unplug) or close() is called.
            self._changed.wait()
            self._shutdown_reader(reader)
            self._reader = None
            if not self._stop.is_set():
                self._stop.wait(self.retry_s)

    @staticmethod
    def _shutdown_reader(reader: serial.threaded.ReaderThread) -> None:
        try:
            reader.close()  # stops the thread (if still running) and closes the port
        except Exception:
            log.debug("serial box: error closing the port", exc_info=True)

    def close(self) -> None:
        """Stop reading and close the port. Safe to call twice."""
        self._stop.set()
        self._changed.set()
        with self._state:
            self._state.notify_all()
        if self._thread.is_alive() and self._thread is not threading.current_thread():
            self._thread.join(timeout=5)
        self.hub.detach(self)

    def __enter__(self) -> SerialBox:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"<SerialBox {self.url} {'online' if self._online else 'offline'}>"
