"""The optional serial button box: a microcontroller with arcade buttons on USB serial.

The line protocol is in ``hardware/serial-box.md`` (parsing in
:mod:`companion.inputs.box_protocol`). In short, protocol 2::

    box -> host   HELLO fw=3 proto=2 boot=812   on start-up and when asked; a new boot id
                                                 makes the host forget the event numbers
                  BTN ROLL DOWN #17        a debounced press, numbered; UP for the release
                  DIE 4 #18                a die read or typed at the box: a roll of 4
                  PING / PONG / ERR <text>
    host -> box   ACK 17                   event 17 arrived (sent for repeats too)
                  HELLO                    on every (re)connect and after a silence
                  PING (every 2 s) / PONG

A number seen recently is never acted on twice; a skipped number is logged. Numbered events
are taken only once the box has answered the ``HELLO`` asked for on connecting (at most
``hello_s``; until then they are left unacknowledged, so the box resends them): its boot id
tells whether it restarted while the port was closed. A number far behind the last asks for
``HELLO`` again, and is refused unless the box restarted. ``UP`` lines
matter: UNDO is sent at its release, UNDO held 1.5 s is ``"menu"`` and UNDO and OK held 3 s
``"staff"`` (:mod:`companion.inputs.holds`); a protocol 1 box that has not sent an ``UP``
on this connection gets UNDO at its press, as before. Lines may end in
``*XX`` (XOR checksum); a line with a wrong checksum, garbage, unknown verbs or more than 80
characters is counted in :attr:`SerialBox.bad_lines` and ignored. Protocol 1 boxes (no
numbers) still work: their repeated ``DOWN`` lines are filtered by the release and by time.

Threads: pyserial's reader thread parses lines and answers at once; a supervisor thread
opens the port (a configured one, or the first with a known USB id), pings the box every
``ping_s`` while connected, marks it offline after ``silent_s`` without a line, and
reconnects. While no box is connected it sleeps until a device node appears (inotify), so
only a connected box makes anything wake periodically. Writes never block: what the box
does not read is kept up to a small limit, and ``PING``/``PONG`` are dropped first.

>>> from companion.inputs.hub import InputHub
>>> hub = InputHub()
>>> box = SerialBox(hub, "loop://")            # a loopback port echoes what we write
>>> box.wait_online(2.0)
True
>>> box.send("BTN ROLL DOWN #1")
>>> hub.get(timeout=2.0).name
'roll'
>>> box.close()
"""

from __future__ import annotations

import logging
import os
import threading
import time
from collections.abc import Iterable

import serial

from .box_buttons import BoxButtons
from .box_protocol import MAX_LINE, PROTOCOL_VERSION, Bad, Line, SeqTracker, parse
from .debounce import power_of_ten
from .holds import MENU_HOLD_S, STAFF_HOLD_S
from .hub import InputHub
from .serial_link import BoxLines, Outbox, Reader
from .serial_ports import DEFAULT_USB_IDS, DeviceWatch, find_port

__all__ = ["MAX_LINE", "PROTOCOL_VERSION", "SerialBox"]

log = logging.getLogger(__name__)


class SerialBox:
    """Read the button box and feed its presses into ``hub``.

    ``url`` is anything ``serial.serial_for_url`` opens (``/dev/ttyACM0``,
    ``/dev/serial/by-id/usb-...``, ``loop://`` for tests); None finds the box by its USB ids
    (``usb_ids``, default :data:`~companion.inputs.serial_ports.DEFAULT_USB_IDS`) each time
    it connects. The port is opened on a background thread, so a box that is not plugged in
    yet does not delay start-up.

    :attr:`online` is True while the box answers (a line within ``silent_s``); every change
    is also reported to ``hub.set_status("serial", online, detail)``, which wakes the loop.
    """

    def __init__(
        self,
        hub: InputHub,
        url: str | None = None,
        *,
        usb_ids: Iterable[tuple[int, int | None]] = DEFAULT_USB_IDS,
        baudrate: int = 115200,
        retry_s: float = 3.0,
        ping_s: float = 2.0,
        silent_s: float = 4.0,
        hello_s: float = 1.0,
        menu_s: float = MENU_HOLD_S,
        staff_s: float = STAFF_HOLD_S,
    ) -> None:
        self.hub = hub
        self.url = url
        self.usb_ids = tuple(usb_ids)
        self.baudrate = baudrate
        self.retry_s = retry_s
        self.ping_s = ping_s
        self.silent_s = silent_s
        #: How long numbered events wait for the box's answer to HELLO before they are taken
        #: without it (a box that does not answer HELLO).
        self.hello_s = hello_s
        #: A line after this long without one asks for HELLO again (between the pings' pace
        #: and ``silent_s``): the box may have restarted in between.
        self.quiet_s = (ping_s + silent_s) / 2
        #: Numbered lines left unacknowledged while waiting for HELLO (the box resends them).
        self.held = 0
        #: Lines that were ignored: garbage, bad checksums, unknown verbs, over-long, bad words.
        self.bad_lines = 0
        #: Fields of the last ``HELLO`` line, e.g. ``{"fw": "3", "proto": "2", "boot": "812"}``.
        self.hello: dict[str, str] = {}
        #: ``time.monotonic()`` of the last ``PONG``, or None.
        self.last_pong: float | None = None
        #: Why the last connection or open attempt failed, for the admin screen.
        self.last_error: str | None = None
        #: The port in use or last used (useful when it was found by USB id).
        self.port: str | None = url
        #: Event numbers of protocol 2: repeats and missing ones are counted here.
        self.seq = SeqTracker()
        #: Lines to the box that were dropped because it did not read them.
        self.dropped_writes = 0
        #: ``ERR`` lines from the box, and runs of missing event numbers: what the box says
        #: decides how often these come, so only the 1st, 10th, 100th ... reaches the log
        self.box_errors = 0
        self.gaps = 0

        self._state = threading.Condition()
        self._online = False
        self._open = False
        self._lines: BoxLines | None = None
        self._outbox: Outbox | None = None
        self._last_heard = 0.0
        self._why_closed = ""
        # While set (a time.monotonic()), numbered events wait for the box's HELLO.
        self._hello_due: float | None = None
        self._hello_asked = 0.0
        # Numbers far behind that HELLO was asked about (once each): a resend of one after a
        # HELLO that kept the numbers is refused; another one asks again.
        self._asked_about: set[int] = set()
        self._pong = threading.Event()
        self._stop = threading.Event()
        self._stop_r, self._stop_w = os.pipe()
        # Set when the reader ends or close() is called, to wake the supervisor.
        self._changed = threading.Event()
        #: What BTN and DIE lines do: repeats of protocol 1, UNDO at its UP, holds.
        self.buttons = BoxButtons(
            lambda name, value: hub.put(name, "serial", value=value), menu_s=menu_s, staff_s=staff_s
        )
        self._thread = threading.Thread(
            target=self._supervise, name=f"serial-box {url or 'usb'}", daemon=True
        )
        hub.attach(self)
        hub.set_status("serial", False, "connecting")
        self._thread.start()

    # -- status --------------------------------------------------------------------------

    @property
    def online(self) -> bool:
        """True while the box is connected and has spoken within ``silent_s``."""
        return self._online

    def wait_online(self, timeout: float | None = None) -> bool:
        """Wait until the box is online; return :attr:`online`."""
        with self._state:
            self._state.wait_for(lambda: self._online or self._stop.is_set(), timeout)
            return self._online

    def wait_offline(self, timeout: float | None = None) -> bool:
        """Wait until the box is offline; return ``not online``."""
        with self._state:
            self._state.wait_for(lambda: not self._online, timeout)
            return not self._online

    def _set_online(self, online: bool, detail: str) -> None:
        with self._state:
            self._online = online
            self._state.notify_all()
        self.hub.set_status("serial", online, detail)

    # -- talking to the box --------------------------------------------------------------

    def send(self, line: str, *, droppable: bool = False) -> None:
        """Write one line to the box without blocking. Raises ``SerialException`` when the
        port is closed; a line the box has no room for is dropped (and counted)."""
        outbox = self._outbox
        if outbox is None or not self._open:
            raise serial.SerialException(f"serial box {self.port} is offline")
        try:
            sent = outbox.send(line.encode("ascii", "replace") + b"\n", droppable)
        except (OSError, serial.SerialException) as exc:
            raise serial.SerialException(f"serial box {self.port}: {exc}") from exc
        if not sent:
            self.dropped_writes += 1
            if power_of_ten(self.dropped_writes):  # 1, 10, 100, ...: not a line per drop
                log.warning("serial box does not read: %d lines dropped", self.dropped_writes)

    def _reply(self, line: str, droppable: bool) -> None:
        try:
            self.send(line, droppable=droppable)
        except serial.SerialException:
            log.debug("serial box: could not send %r", line, exc_info=True)

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

    def _handle_line(self, text: str) -> None:
        line = parse(text)
        if line is None:
            return  # blank lines are harmless (a box printing \r\n\r\n)
        if isinstance(line, Bad):
            self._bad(f"{line.reason}: {text[:MAX_LINE]!r}")
            return
        now = time.monotonic()
        if self._last_heard and now - self._last_heard > self.quiet_s:
            self._ask_hello()  # heard nothing for a while: it may have restarted meanwhile
        self._last_heard = now
        if not self._online:
            self.last_error = None
            self._set_online(True, "online")
        verb = line.verb
        if line.seq is not None:
            self._numbered(line, text)
        elif verb in ("BTN", "DIE"):
            self._event(line, text, numbered=False)
        elif verb == "HELLO":
            self._on_hello(line.args)
        elif verb == "PONG":
            self.last_pong = time.monotonic()
            self._pong.set()
        elif verb == "PING":
            self._reply("PONG", droppable=True)  # the box may check the host is alive, too
        elif verb == "ERR":
            self.box_errors += 1
            if power_of_ten(self.box_errors):
                log.warning("serial box reports: %s (report %d)", " ".join(line.args), self.box_errors)
        elif verb == "ACK":
            pass  # reserved for a box acknowledging the host; loop:// echoes ours back
        else:
            self._bad(f"unknown verb in {text!r}")

    def _ask_hello(self) -> None:
        """Ask the box who it is; numbered events wait for the answer (at most ``hello_s``)."""
        now = time.monotonic()
        self._hello_due = now + self.hello_s
        self._hello_asked = now
        self._reply("HELLO", droppable=False)

    def _waiting_for_hello(self, seq: int) -> bool:
        """True while numbered events must wait for HELLO; the event is then left
        unacknowledged, so the box sends it again."""
        if self._hello_due is None:
            return False
        now = time.monotonic()
        if now >= self._hello_due:
            self._hello_due = None
            log.info("serial box on %s did not answer HELLO; taking its numbers as they come", self.port)
            return False
        self.held += 1
        log.debug("serial box: event #%d waits for HELLO", seq)
        if now - self._hello_asked >= min(0.25, self.hello_s / 2):
            self._hello_asked = now  # the question may have been lost: ask once more
            self._reply("HELLO", droppable=False)
        return True

    def _numbered(self, line: Line, text: str) -> None:
        seq = line.seq
        assert seq is not None
        if line.verb not in ("BTN", "DIE"):
            self._bad(f"only events are numbered: {text!r}")
            return
        if self._waiting_for_hello(seq):
            return
        if self.seq.behind(seq) and seq not in self._asked_about:
            # Not a resend (those are recent): a box that restarted unseen, or a stray line.
            # Its HELLO tells which; until then the event stays unacknowledged.
            if len(self._asked_about) >= self.seq.window:
                self._asked_about.clear()  # bounded, whatever a broken box sends
            self._asked_about.add(seq)
            self._ask_hello()
            self.held += 1
            return
        # Acknowledge even repeats, refusals and bad events: the box resends until it sees
        # the ACK, and resending would not mend them.
        self._reply(f"ACK {seq}", droppable=False)
        if not self.seq.check(seq):
            if self.seq.behind(seq):
                log.warning("serial box: event #%d is far behind #%s and the box did not restart; refused",
                            seq, self.seq.last)
            else:
                log.debug("serial box: event #%d again, ignored", seq)
            return
        self._asked_about.clear()
        if self.seq.gap:
            self.gaps += 1
            if power_of_ten(self.gaps):
                log.warning("serial box: %d event(s) missing before #%d (gap %d, %d missing in all)",
                            self.seq.gap, seq, self.gaps, self.seq.missed)
        self._event(line, text, numbered=True)

    def _event(self, line: Line, text: str, *, numbered: bool) -> None:
        why = self.buttons.event(line, numbered=numbered)
        if why is not None:
            self._bad(f"{why}: {text!r}")

    def _on_hello(self, args: tuple[str, ...]) -> None:
        fields = dict(arg.split("=", 1) for arg in args if "=" in arg)
        boot = fields.get("boot")
        self._hello_due = None
        if boot is not None and boot == self.hello.get("boot"):
            # The same run of the box (the HELLO was asked for): keep the numbers, so an
            # event resent across a reconnect counts once.
            self.hello = fields
            return
        self.hello = fields
        self._asked_about.clear()
        self.seq.reset()  # the box (re)started and counts from 1 again
        self.buttons.gestures.reset()  # and whatever it held is no longer held
        proto = self.hello.get("proto")
        if proto not in ("1", PROTOCOL_VERSION):
            log.warning("serial box speaks protocol %s, this companion speaks 1 and %s; "
                        "trying anyway", proto, PROTOCOL_VERSION)
        else:
            log.info("serial box says hello: %s", " ".join(args))

    # -- connection handling -------------------------------------------------------------

    def _connected(self, lines: BoxLines) -> None:
        self._lines = lines
        self._outbox = Outbox(lines.transport.serial)
        self._open = True
        # Before the first line is read: numbered events wait for the HELLO asked for below.
        self._hello_due = time.monotonic() + self.hello_s
        self._hello_asked = time.monotonic()
        self.buttons.reset()  # repeat filtering and holds start afresh on every connection
        log.info("serial box port %s open", self.port)

    def _disconnected(self, exc: BaseException | None) -> None:
        self._open = False
        self._lines = None
        self.buttons.gestures.reset()  # a hold cut short by unplugging sends nothing
        if exc is not None:
            self.last_error = str(exc)
            if not self._stop.is_set():
                log.warning("serial box on %s lost: %s", self.port, exc)
        detail = self._why_closed or ("closed" if self._stop.is_set() else "unplugged")
        self._set_online(False, detail)
        self._changed.set()

    def _open_port(self) -> serial.SerialBase | None:
        path = self.url or find_port(self.usb_ids)
        if path is None:
            self._fail("no box with a known USB id is plugged in")
            return None
        self.port = path
        try:
            return serial.serial_for_url(path, baudrate=self.baudrate, timeout=None)
        except (serial.SerialException, OSError, ValueError) as exc:
            self._fail(str(exc))
            return None

    def _fail(self, message: str) -> None:
        if message != self.last_error:
            # One line per kind of failure, not one every retry all day long.
            log.warning("serial box on %s not available: %s", self.url or "USB", message)
        self.last_error = message
        if not self._online:
            self.hub.set_status("serial", False, "not found")

    def _supervise(self) -> None:
        """Open the port, keep the box alive until it fails, wait for a device, repeat."""
        # After an unplug or a device event, a few quick tries: udev creates the node first
        # and its /dev/serial/by-id link and permissions a moment later.
        quick = [min(d, self.retry_s) for d in (0.1, 0.5, 1.0, 3.0)]
        tries = list(quick)
        while not self._stop.is_set():
            watch = DeviceWatch(self.url)  # before trying, so no appearance is missed
            try:
                port = self._open_port()
                if port is not None:
                    started = time.monotonic()
                    self._connection(port)
                    if self._why_closed == "silent":
                        # A box is plugged in but mute: keep reopening it (an Uno restarts
                        # on open), at the retry pace, as long as it stays plugged in.
                        self._stop.wait(self.retry_s)
                        continue
                    if time.monotonic() - started >= 1.0:
                        tries = list(quick)  # it worked for a while: after an unplug, be quick
                        continue
                    # A port that opens but fails at once falls through and backs off, so a
                    # broken device cannot make us spin.
                if tries:
                    self._stop.wait(tries.pop(0))
                elif watch.works:
                    if watch.wait(None, self._stop_r):
                        tries = list(quick)
                else:
                    self._stop.wait(self.retry_s)
            finally:
                watch.close()

    def _connection(self, port: serial.SerialBase) -> None:
        """Read, ping every ``ping_s``, and end after ``silent_s`` without a line."""
        self._changed.clear()
        self._why_closed = ""
        if self._stop.is_set():
            port.close()
            return
        opened = time.monotonic()
        self._last_heard = 0.0
        reader = Reader(port, lambda: BoxLines(self))
        reader.start()
        try:
            reader.connect()  # waits until connection_made has run
        except Exception:
            pass
        # Who is there? A box that restarted while the port was closed said HELLO to nobody;
        # one that does not restart when the port opens says nothing by itself.
        self._reply("HELLO", droppable=False)
        self._reply("PING", droppable=True)
        next_ping = opened + self.ping_s
        while True:
            silent_at = max(self._last_heard, opened) + self.silent_s
            timeout = max(0.0, min(next_ping, silent_at) - time.monotonic())
            if self._changed.wait(timeout):
                break
            now = time.monotonic()
            if now >= max(self._last_heard, opened) + self.silent_s:
                self._why_closed = "silent"
                message = f"no answer for {self.silent_s:g} s"
                if self.last_error != message:  # once, not on every reconnect
                    log.warning("serial box on %s is silent; reconnecting until it answers", self.port)
                self.last_error = message
                break
            if now >= next_ping:
                if self._outbox is not None:
                    self._outbox.flush()
                self._reply("PING", droppable=True)
                next_ping = now + self.ping_s
        try:
            reader.close()  # stops the thread (if still running) and closes the port
        except Exception:
            log.debug("serial box: error closing the port", exc_info=True)
        if self._open or self._online:  # the reader ended without connection_lost
            self._disconnected(None)

    def close(self) -> None:
        """Stop reading and close the port. Safe to call twice."""
        self._stop.set()
        self._changed.set()
        with self._state:
            if self._stop_w >= 0:
                os.write(self._stop_w, b"x")  # wakes a supervisor waiting for a device
        with self._state:
            self._state.notify_all()
        if self._thread.is_alive() and self._thread is not threading.current_thread():
            self._thread.join(timeout=5)
        self.hub.detach(self)
        self.buttons.close()
        if not self._thread.is_alive():
            with self._state:
                for fd in (self._stop_r, self._stop_w):
                    if fd >= 0:
                        os.close(fd)
                self._stop_r = self._stop_w = -1

    def __enter__(self) -> SerialBox:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"<SerialBox {self.port or 'USB'} {'online' if self._online else 'offline'}>"
