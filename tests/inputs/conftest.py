"""Fixtures for the input tests: gpiozero's mock pins, a fake clock, a hub, a fake serial box."""

from __future__ import annotations

import os
import select
import threading
import tty
from collections.abc import Callable, Iterator

import pytest
from gpiozero import Device
from gpiozero.pins.mock import MockFactory

from companion.inputs.debounce import Debouncer
from companion.inputs.hub import InputHub

# The firmware tests' cases live in box_firmware.py: show their failed asserts in full.
pytest.register_assert_rewrite("box_firmware")


class FakeTimer:
    """A one-shot timer on a :class:`FakeClock`: fires when the clock is advanced past it."""

    def __init__(self, due: float, action: Callable[[], None]) -> None:
        self.due, self.action = due, action
        self.cancelled = False

    def cancel(self) -> None:
        self.cancelled = True


class FakeClock:
    """A clock the test moves by hand: ``clock.advance(0.01)``.

    ``clock.timer`` is a timer factory for :class:`~companion.inputs.holds.HoldGestures`:
    timers fire, in order and on the test's thread, as :meth:`advance` passes their time.
    """

    def __init__(self, start: float = 1000.0) -> None:
        self.now = start
        self.timers: list[FakeTimer] = []

    def __call__(self) -> float:
        return self.now

    def timer(self, delay: float, action: Callable[[], None]) -> FakeTimer:
        t = FakeTimer(self.now + delay, action)
        self.timers.append(t)
        return t

    def pending(self) -> list[FakeTimer]:
        """Timers that are started and neither fired nor cancelled."""
        return [t for t in self.timers if not t.cancelled]

    def advance(self, seconds: float) -> None:
        end = self.now + seconds
        while True:
            due = [t for t in self.pending() if t.due <= end]
            if not due:
                break
            first = min(due, key=lambda t: t.due)
            self.timers.remove(first)
            self.now = max(self.now, first.due)
            first.action()
        self.timers = self.pending()
        self.now = end


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def mock_factory() -> Iterator[MockFactory]:
    """gpiozero's own pattern: a MockFactory as the default, reset afterwards.

    Pins and reservations live at class level in gpiozero's local factories, so without
    ``reset()`` a pin reserved in one test would still be "in use" in the next.
    """
    saved = Device.pin_factory
    Device.pin_factory = MockFactory()
    try:
        yield Device.pin_factory
    finally:
        Device.pin_factory.reset()
        Device.pin_factory = saved


class Wakes:
    """A wake function that counts calls and remembers the thread that made them."""

    def __init__(self) -> None:
        self.count = 0
        self.threads: list[str] = []

    def __call__(self) -> None:
        import threading

        self.count += 1
        self.threads.append(threading.current_thread().name)


@pytest.fixture
def wakes() -> Wakes:
    return Wakes()


@pytest.fixture
def hub(clock: FakeClock, wakes: Wakes) -> Iterator[InputHub]:
    """A hub with the default 50 ms debounce on the fake clock."""
    with InputHub(wake=wakes, debouncer=Debouncer(0.05, clock=clock)) as h:
        yield h


@pytest.fixture
def free_hub(wakes: Wakes) -> Iterator[InputHub]:
    """A hub that accepts every press (no debounce), for protocol tests."""
    with InputHub(wake=wakes, debouncer=Debouncer(0.0)) as h:
        yield h


class FakeDevice:
    """The microcontroller's side of a pty: answers PING and HELLO, sends what the test asks.

    ``answer_ping=False`` makes a box that has gone silent; ``hung=True`` one that stops
    reading what the host writes (its input fills up, the host's writes would block).
    ``boot`` is the boot id of its HELLO answer (None: a box that does not answer HELLO).
    """

    def __init__(self, *, answer_ping: bool = True, boot: str | None = "1") -> None:
        self.boot = boot
        self.master, self.slave = os.openpty()
        # Raw mode: no echo of what the host writes, no newline translation.
        tty.setraw(self.master)
        tty.setraw(self.slave)
        self.path = os.ttyname(self.slave)
        self.received: list[str] = []
        self.answer_ping = answer_ping
        self.hung = False
        self.unplugged = False
        # A blocked os.read() would keep the master open after close(), so the reader also
        # watches a pipe that unplug() writes to.
        self._stop_r, self._stop_w = os.pipe()
        self._thread = threading.Thread(target=self._serve, daemon=True)
        self._thread.start()

    def _serve(self) -> None:
        buffer = b""
        while True:
            watch = [self._stop_r] if self.hung else [self.master, self._stop_r]
            ready, _, _ = select.select(watch, [], [], 0.05)
            if self._stop_r in ready:
                return
            if self.master not in ready:
                continue
            try:
                data = os.read(self.master, 4096)
            except OSError:
                return
            if not data:
                return
            buffer += data
            while b"\n" in buffer:
                line, buffer = buffer.split(b"\n", 1)
                text = line.decode(errors="replace").strip()
                self.received.append(text)
                if text == "PING" and self.answer_ping:
                    self.send("PONG")
                elif text == "HELLO" and self.answer_ping and self.boot is not None:
                    self.send(f"HELLO fw=3 proto=2 boot={self.boot}")

    def send(self, line: str) -> None:
        self.send_raw(line.encode() + b"\r\n")  # like Arduino's println()

    def send_raw(self, data: bytes) -> None:
        view = memoryview(data)
        while view:
            view = view[os.write(self.master, view):]

    def unplug(self) -> None:
        # Only once: the descriptor numbers may already belong to the next fake device.
        if self.unplugged:
            return
        self.unplugged = True
        if self._thread.is_alive():
            os.write(self._stop_w, b"x")
            self._thread.join(timeout=5)
        for fd in (self.master, self.slave, self._stop_r, self._stop_w):
            try:
                os.close(fd)
            except OSError:
                pass  # already unplugged


@pytest.fixture
def device() -> Iterator[FakeDevice]:
    d = FakeDevice()
    yield d
    d.unplug()


@pytest.fixture
def make_device() -> Iterator[Callable[..., FakeDevice]]:
    """Plug in fake boxes (``make_device(answer_ping=False)``); all unplugged at the end."""
    made: list[FakeDevice] = []

    def make(**options: bool) -> FakeDevice:
        made.append(FakeDevice(**options))
        return made[-1]

    yield make
    for d in made:
        d.unplug()
