"""The Arduino sketch (hardware/serial-box/serial-box.ino) as it goes onto the board: built
with Debian's Arduino AVR core for the Uno (and the Micro), run on an emulated ATmega328P in
simavr through a small bridge of ours (arduino_host/bridge.c), and played through the
companion's real ``SerialBox``: HELLO with its boot id, ping, presses with chatter, all six at
once, a restart while the port is closed, a reset on every opening of the port, the wrap of
the event numbers, and the protocol's table of how the box reads the companion's lines.

Needs gcc-avr, avr-libc, arduino-core-avr and libsimavr-dev (CI installs them); skipped where
they are missing. What cannot be tried here: the Micro's USB serial (simavr has none) and
real contacts.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from box_firmware import (
    ROOT,
    SimavrBox,
    box_meanings,
    case_hello_ping_presses_chatter_all_six,
    case_reset_on_open,
    case_restart_with_the_port_closed,
    case_sequence_wrap,
    parsing_cases,
)

from companion.inputs.debounce import Debouncer
from companion.inputs.hub import InputHub

pytestmark = pytest.mark.firmware

BUILD = ROOT / "hardware" / "serial-box" / "build.sh"
BRIDGE = Path(__file__).with_name("arduino_host") / "bridge.c"
MISSING = [what for what, there in (
    ("gcc-avr", shutil.which("avr-gcc")),
    ("avr-libc", Path("/usr/lib/avr/include/avr/io.h").exists()),
    ("arduino-core-avr", Path("/usr/share/arduino/hardware/arduino/avr/cores/arduino/Arduino.h").exists()),
    ("libsimavr-dev", Path("/usr/include/simavr/sim_avr.h").exists()),
    ("gcc", shutil.which("gcc")),
) if not there]


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> dict[str, object]:
    if MISSING:
        pytest.skip("to build and emulate the sketch install " + " ".join(MISSING))
    out = tmp_path_factory.mktemp("firmware")
    done = subprocess.run(["sh", str(BUILD), str(out)], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr  # builds with -Wall -Wextra -Werror
    bridge = out / "bridge"
    made = subprocess.run(["gcc", "-O2", "-Wall", "-Wextra", "-Werror", str(BRIDGE), "-o", str(bridge),
                           "-lsimavr", "-lelf"], capture_output=True, text=True)
    assert made.returncode == 0, made.stderr
    symbols = subprocess.run(["avr-nm", str(out / "serial-box.uno.elf")], capture_output=True, text=True).stdout
    seq = re.search(r"^([0-9a-f]+) b _ZL3seq$", symbols, re.M)
    assert seq is not None, "no seq variable in the firmware"
    return {"out": out, "report": done.stdout, "bridge": bridge, "seq": int(seq.group(1), 16) - 0x800000}


@pytest.fixture
def hub() -> Iterator[InputHub]:
    with InputHub(debouncer=Debouncer(0.0), max_queued=1000) as h:
        yield h


def make_box(built: dict[str, object], tmp_path: Path, reset_on_open: bool = False) -> SimavrBox:
    out = built["out"]
    assert isinstance(out, Path)
    return SimavrBox(built["bridge"], out / "serial-box.uno.elf", tmp_path / "uno", built["seq"],  # type: ignore[arg-type]
                     reset_on_open=reset_on_open)


@pytest.fixture
def uno(built: dict[str, object], tmp_path: Path) -> Iterator[SimavrBox]:
    box = make_box(built, tmp_path)
    yield box
    box.close()


def test_the_sketch_builds_for_the_uno_and_the_micro_and_fits(built: dict[str, object]) -> None:
    report = str(built["report"])
    for board in ("uno", "micro"):
        line = next(line for line in report.splitlines() if line.startswith(board))
        flash, ram = (int(n) for n in re.findall(r"\((\s*\d+) %\)", line))
        assert flash < 50 and ram < 50, line  # room left on the chip for the stack and more
        assert (Path(str(built["out"])) / f"serial-box.{board}.hex").stat().st_size > 0


def test_hello_ping_presses_chatter_and_all_six_at_once(uno: SimavrBox, hub: InputHub) -> None:
    counts = case_hello_ping_presses_chatter_all_six(uno, hub)
    assert counts == {"pings": 5, "presses": 6 + 15, "events": 12 + 36}


def test_a_restart_while_the_port_is_closed_loses_no_press(uno: SimavrBox, hub: InputHub) -> None:
    assert case_restart_with_the_port_closed(uno, hub) == {"before": 10, "after": 5}


def test_a_box_that_resets_when_the_port_opens(built: dict[str, object], tmp_path: Path, hub: InputHub) -> None:
    box = make_box(built, tmp_path, reset_on_open=True)
    try:
        assert case_reset_on_open(box, hub) == {"presses": 2}
        assert box.resets >= 1
    finally:
        box.close()


def test_the_event_numbers_wrap_at_65535(uno: SimavrBox, hub: InputHub) -> None:
    assert case_sequence_wrap(uno, hub) == {"presses": 4}


def test_the_sketch_reads_the_companions_lines_as_the_protocol_says(uno: SimavrBox) -> None:
    cases = parsing_cases()
    assert box_meanings(uno, cases) == dict(cases)
