"""The Arduino sketch (hardware/serial-box/serial-box.ino) itself, compiled for this PC with a
small stand-in for the Arduino core (``arduino_host/``) and talking over a pty to the real
``SerialBox``: it says hello, answers PING, debounces chattering buttons into one numbered
press each, resends an event until it is acknowledged (for two seconds at most), and every
line it sends carries a good checksum. What cannot be tried here: the real board's USB serial
and its pins (see the README's list)."""

from __future__ import annotations

import os
import select
import shutil
import subprocess
import time
import tty
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.inputs.box_protocol import Line, parse, with_checksum
from companion.inputs.debounce import Debouncer
from companion.inputs.hub import InputHub
from companion.inputs.serial_box import SerialBox

ROOT = Path(__file__).resolve().parents[2]
SKETCH = ROOT / "hardware" / "serial-box" / "serial-box.ino"
HOST = Path(__file__).with_name("arduino_host")
PINS = {"roll": 2, "left": 3, "straight": 4, "right": 5, "ok": 6, "undo": 7}
WAIT = 5.0


@pytest.fixture(scope="module")
def program(tmp_path_factory: pytest.TempPathFactory) -> Path:
    compiler = shutil.which("g++") or shutil.which("c++")
    if compiler is None:
        pytest.skip("no C++ compiler here to build the sketch for this PC")
    out = tmp_path_factory.mktemp("sketch") / "serial-box"
    done = subprocess.run([compiler, "-std=c++17", "-O1", "-Wall", "-Werror", f"-I{HOST}", "-x", "c++", str(SKETCH),
                           "-x", "c++", str(HOST / "harness.cpp"), "-o", str(out)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr  # the sketch compiles without a warning
    return out


class Board:
    """The compiled sketch on the far side of a pty; ``press``/``release`` move its pins."""

    def __init__(self, program: Path) -> None:
        self.master, self.slave = os.openpty()
        tty.setraw(self.master)
        tty.setraw(self.slave)
        self.path = os.ttyname(self.slave)
        read, self.control = os.pipe()
        self.proc = subprocess.Popen([str(program), str(read)], stdin=self.master, pass_fds=(read,))
        os.close(read)

    def pin(self, name: str, down: bool) -> None:
        os.write(self.control, f"{'D' if down else 'U'} {PINS[name]}\n".encode())

    def press(self, name: str, hold: float = 0.1, chatter: int = 3) -> None:
        """A press with contact chatter on both edges (2 ms apart), held ``hold`` seconds."""
        for i in range(chatter * 2 + 1):
            self.pin(name, i % 2 == 0)
            time.sleep(0.002)
        time.sleep(hold)
        for i in range(chatter * 2 + 1):
            self.pin(name, i % 2 == 1)
            time.sleep(0.002)

    def close(self) -> None:
        try:
            os.write(self.control, b"Q\n")
        except OSError:
            pass
        try:
            self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        for fd in (self.control, self.master, self.slave):
            os.close(fd)


@pytest.fixture
def board(program: Path) -> Iterator[Board]:
    b = Board(program)
    yield b
    b.close()


@pytest.fixture
def hub(wakes) -> Iterator[InputHub]:
    with InputHub(wake=wakes, debouncer=Debouncer(0.0), max_queued=1000) as h:
        yield h


def names(hub: InputHub, count: int, timeout: float = WAIT) -> list[str]:
    got: list[str] = []
    deadline = time.monotonic() + timeout
    while len(got) < count and time.monotonic() < deadline:
        event = hub.get(timeout=0.05)
        if event is not None:
            got.append(event.name)
    return got


def test_the_sketch_says_hello_answers_ping_and_each_chattering_press_counts_once(board: Board, hub) -> None:
    with SerialBox(hub, board.path, ping_s=0.2, silent_s=1.0) as box:
        assert box.wait_online(WAIT)
        assert box.ping()
        for name in PINS:
            board.press(name)
        assert names(hub, len(PINS)) == list(PINS)
        assert names(hub, 1, timeout=1.0) == []  # no second press from any release chatter
        assert box.bad_lines == 0 and box.seq.repeats == 0 and box.seq.missed == 0  # acked in time
        box.send("HELLO")  # its start-up HELLO went before the port was open: ask again
        deadline = time.monotonic() + WAIT
        while not box.hello and time.monotonic() < deadline:
            time.sleep(0.01)
        assert box.hello == {"fw": "2", "proto": "2"}


def read_lines(fd: int, seconds: float) -> list[tuple[float, str]]:
    """What the board sends for ``seconds``: (time, line) pairs."""
    out: list[tuple[float, str]] = []
    buffer = b""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        ready, _, _ = select.select([fd], [], [], 0.02)
        if ready:
            buffer += os.read(fd, 4096)
            while b"\n" in buffer:
                line, buffer = buffer.split(b"\n", 1)
                out.append((time.monotonic(), line.decode().strip()))
    return out


def test_an_unacknowledged_press_is_resent_for_two_seconds_then_dropped(board: Board) -> None:
    # The host side without a companion: nobody acknowledges.
    read_lines(board.slave, 0.3)  # HELLO
    board.press("ok", hold=0.05)
    sent = read_lines(board.slave, 3.0)
    downs = [t for t, text in sent if text.startswith("BTN OK DOWN #1*")]
    ups = [t for t, text in sent if text.startswith("BTN OK UP #2*")]
    assert 5 <= len(downs) <= 8, sent  # first send, then every 0.3 s for 2 s
    assert downs[-1] - downs[0] <= 2.1 and ups
    for _t, text in sent:  # every line checks out with the companion's own parser
        assert isinstance(parse(text), Line), text
    os.write(board.slave, b"ACK 1\r\nACK 2\r\n")
    assert read_lines(board.slave, 0.8) == []  # acknowledged (or too old): quiet


def test_an_acknowledged_press_is_not_resent(board: Board) -> None:
    read_lines(board.slave, 0.3)
    board.press("roll", hold=0.05)
    first = read_lines(board.slave, 0.1)
    assert [text.split("*")[0] for _t, text in first][:1] == ["BTN ROLL DOWN #1"]
    os.write(board.slave, b"ACK 1\n")
    rest = [text for _t, text in read_lines(board.slave, 1.0)]
    assert not any(text.startswith("BTN ROLL DOWN") for text in rest)
    os.write(board.slave, b"PING*00\nPING\n")  # a damaged PING is ignored, a good one answered
    assert [text for _t, text in read_lines(board.slave, 0.5) if text.startswith("PONG")] == [with_checksum("PONG")]
