"""Protocol 2 of the serial box against a simulated box on a pty pair.

Numbered events and ACKs, repeats and gaps, checksums, the heartbeat, a silent box, a box
that stops reading, several presses in one read, bursts, unplugging mid-line.
"""

from __future__ import annotations

import logging
import random
import time
from collections.abc import Iterator

import pytest
from box_firmware import host_meaning, parsing_cases

from companion.inputs.box_protocol import MAX_SEQ, Bad, SeqTracker, checksum, parse, with_checksum
from companion.inputs.debounce import Debouncer
from companion.inputs.hub import InputHub
from companion.inputs.serial_box import SerialBox
from companion.inputs.serial_ports import find_port

WAIT = 5.0


def wait_until(condition, timeout: float = WAIT) -> bool:
    """Poll ``condition`` until it holds or ``timeout`` passes (other threads' effects)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.005)
    return condition()


@pytest.fixture
def big_hub(wakes) -> Iterator[InputHub]:
    with InputHub(wake=wakes, debouncer=Debouncer(0.0), max_queued=5000) as h:
        yield h


@pytest.fixture
def box(device, big_hub) -> Iterator[SerialBox]:
    with SerialBox(big_hub, device.path, ping_s=0.2, silent_s=1.0) as b:
        assert b.wait_online(WAIT)
        yield b


def names(hub: InputHub, count: int) -> list[str]:
    got: list[str] = []
    deadline = time.monotonic() + WAIT
    while len(got) < count and time.monotonic() < deadline:
        event = hub.get(timeout=0.05)
        if event is not None:
            got.append(event.name)
    return got


def settle(hub: InputHub, box: SerialBox, device) -> None:
    """Wait until everything sent so far has been read: send a marker line and wait for it."""
    reports = box.box_errors
    device.send("ERR settle")
    assert wait_until(lambda: box.box_errors > reports)


# -- numbered events -----------------------------------------------------------------------


def test_numbered_press_is_acknowledged(box, device, big_hub):
    device.send("BTN ROLL DOWN #17")
    assert names(big_hub, 1) == ["roll"]
    assert wait_until(lambda: "ACK 17" in device.received)


def test_a_repeated_number_acts_once_but_is_acknowledged_again(box, device, big_hub):
    for _ in range(3):
        device.send("BTN OK DOWN #5")
    assert wait_until(lambda: device.received.count("ACK 5") == 3)
    assert [e.name for e in big_hub.drain()] == ["ok"]
    assert box.seq.repeats == 2


def test_a_missing_number_is_logged(box, device, big_hub, caplog):
    with caplog.at_level(logging.WARNING, logger="companion.inputs.serial_box"):
        device.send("BTN LEFT DOWN #1")
        device.send("BTN RIGHT DOWN #4")
        assert names(big_hub, 2) == ["left", "right"]
    assert box.seq.missed == 2
    assert any("2 event(s) missing before #4" in r.getMessage() for r in caplog.records)


def test_hello_starts_the_numbers_again(box, device, big_hub):
    device.send("BTN LEFT DOWN #1")
    device.send("HELLO fw=2 proto=2")
    device.send("BTN LEFT DOWN #1")  # the box restarted: this is a new press
    assert names(big_hub, 2) == ["left", "left"]
    assert box.hello == {"fw": "2", "proto": "2"}


def test_two_presses_in_one_read(box, device, big_hub):
    # Both presses of one button, with its release, arrive in a single read.
    device.send_raw(b"BTN ROLL DOWN #1\r\nBTN ROLL UP #2\r\nBTN ROLL DOWN #3\r\n")
    assert names(big_hub, 2) == ["roll", "roll"]


def test_two_presses_in_one_read_protocol_1(device, free_hub):
    # An old box without numbers: DOWN, UP, DOWN in one read is two presses too.
    with SerialBox(free_hub, device.path) as b:
        assert b.wait_online(WAIT)
        device.send_raw(b"BTN ROLL DOWN\r\nBTN ROLL UP\r\nBTN ROLL DOWN\r\n")
        assert names(free_hub, 2) == ["roll", "roll"]


@pytest.mark.parametrize("line", ["BTN ROLL DOWN", "BTN ROLL DOWN #7"])
def test_a_thousand_identical_lines_act_once(device, big_hub, line):
    with SerialBox(big_hub, device.path) as b:
        assert b.wait_online(WAIT)
        device.send_raw((line + "\r\n").encode() * 1000)
        settle(big_hub, b, device)
        assert [e.name for e in big_hub.drain()] == ["roll"]


def test_high_rate_every_event_arrives_once(box, device, big_hub):
    buttons = ["roll", "left", "straight", "right", "ok", "undo"]
    lines, expected = [], []
    for seq in range(1, 1201, 2):
        name = buttons[(seq // 2) % 6]
        lines += [f"BTN {name.upper()} DOWN #{seq}", f"BTN {name.upper()} UP #{seq + 1}"]
        expected.append(name)
    device.send_raw("".join(line + "\n" for line in lines).encode())
    assert names(big_hub, len(expected)) == expected
    assert box.seq.missed == 0 and box.bad_lines == 0


def test_non_ascii_digits_are_refused(box, device, big_hub):
    device.send_raw("DIE \u0664\r\n".encode())  # ARABIC-INDIC DIGIT FOUR
    device.send_raw("DIE \uff14 #3\r\n".encode())  # FULLWIDTH DIGIT FOUR
    device.send("DIE 4 #4")
    events = [big_hub.get(timeout=WAIT)]
    assert [(e.name, e.value) for e in events if e] == [("roll", 4)]
    assert box.bad_lines == 2
    assert big_hub.drain() == []


def test_non_ascii_digit_on_loop(free_hub):
    with SerialBox(free_hub, "loop://") as b:
        assert b.wait_online(WAIT)
        b._lines.transport.write("DIE \u0664\r\nBTN OK DOWN\r\n".encode())
        assert names(free_hub, 1) == ["ok"]
        assert b.bad_lines == 1


# -- checksums and garbage -----------------------------------------------------------------


def test_good_checksum_is_accepted_and_bad_is_counted(box, device, big_hub):
    device.send(with_checksum("BTN OK DOWN #1"))
    device.send("BTN LEFT DOWN #2*00")
    device.send(with_checksum("BTN RIGHT DOWN #3").lower())  # hex digits in either case
    assert names(big_hub, 2) == ["ok", "right"]
    assert box.bad_lines == 1
    assert "ACK 2" not in device.received  # a broken line is not acknowledged: it is resent


def test_garbage_long_lines_and_unknown_words_are_counted(box, device, big_hub):
    rng = random.Random(7)
    noise = bytes(rng.randrange(256) for _ in range(3000)).replace(b"\n", b"")
    device.send_raw(noise + b"\r\n")
    device.send_raw(b"x" * 500 + b"\r\n")
    device.send("JUMP HIGH #9")
    device.send("WOBBLE")
    device.send("BTN ROLL DOWN #10")
    assert names(big_hub, 1) == ["roll"]
    assert box.bad_lines == 4
    assert box.online


# -- heartbeat, silence, a box that does not read ------------------------------------------


def test_heartbeat_pings_while_connected(box, device):
    assert wait_until(lambda: device.received.count("PING") >= 4)
    assert box.online


def test_default_heartbeat_shows_offline_within_5_seconds(device, free_hub):
    with SerialBox(free_hub, device.path) as b:
        assert (b.ping_s, b.silent_s) == (2.0, 4.0)


def test_a_silent_box_is_shown_offline(make_device, big_hub):
    quiet = make_device(answer_ping=False)
    seen = []
    big_hub.on_status(seen.append)
    with SerialBox(big_hub, quiet.path, ping_s=0.1, silent_s=0.4, retry_s=0.1) as b:
        # Opening the port empties its input, so speak once the host has pinged.
        assert wait_until(lambda: "PING" in quiet.received)
        quiet.send("HELLO fw=2 proto=2")
        assert b.wait_online(WAIT)
        assert b.wait_offline(WAIT)
        assert big_hub.offline() == ["serial"]
        assert big_hub.statuses()["serial"].detail == "silent"
        assert [s.online for s in seen][-2:] == [True, False]
        pings = len(quiet.received)
        assert wait_until(lambda: len(quiet.received) > pings)  # reconnected and pinging
        quiet.send("HELLO fw=2 proto=2")  # it speaks again: back online
        assert b.wait_online(WAIT)
        assert big_hub.offline() == []


def test_a_box_that_stops_reading_never_blocks_the_reader(box, device, big_hub):
    device.hung = True
    time.sleep(0.1)
    # The box floods PINGs (the host answers each with PONG) and numbered presses (each
    # answered with ACK), far more than the pty can buffer while nobody reads it.
    device.send_raw(b"PING\r\n" * 20000)
    for seq in range(1, 401):
        device.send(f"BTN {'OK' if seq % 2 else 'LEFT'} DOWN #{seq}")
    got = names(big_hub, 400)
    assert len(got) == 400
    assert box.dropped_writes > 0
    assert box.online


# -- unplugging, replugging, finding the box -----------------------------------------------


def test_unplug_in_the_middle_of_a_line(tmp_path, make_device, big_hub):
    link = tmp_path / "box"
    first = make_device()
    link.symlink_to(first.path)
    with SerialBox(big_hub, str(link), retry_s=0.05) as b:
        assert b.wait_online(WAIT)
        first.send_raw(b"BTN ROLL DO")
        time.sleep(0.05)
        first.unplug()
        assert b.wait_offline(WAIT)
        assert big_hub.statuses()["serial"].detail == "unplugged"
        second = make_device()
        link.unlink()
        link.symlink_to(second.path)
        second.send_raw(b"WN\r\n")  # the rest of the old line must not make a press
        assert b.wait_online(WAIT) or True
        second.send("BTN OK DOWN #1")
        assert names(big_hub, 1) == ["ok"]
        assert big_hub.drain() == []


@pytest.mark.slow
def test_replug_many_times(tmp_path, make_device, big_hub):
    link = tmp_path / "box"
    with SerialBox(big_hub, str(link), retry_s=0.05) as b:
        for cycle in range(15):
            d = make_device()
            if link.is_symlink():
                link.unlink()
            link.symlink_to(d.path)
            assert b.wait_online(WAIT), cycle
            d.send(f"BTN OK DOWN #{cycle + 1}")
            assert names(big_hub, 1) == ["ok"], cycle
            d.unplug()
            assert b.wait_offline(WAIT), cycle


class _Port:
    def __init__(self, device: str, vid: int | None, pid: int | None) -> None:
        self.device, self.vid, self.pid = device, vid, pid


def test_find_port_by_usb_id():
    ports = [_Port("/dev/ttyS0", None, None), _Port("/dev/ttyACM1", 0x2341, 0x8037),
             _Port("/dev/ttyACM0", 0x2E8A, 0x0005)]
    assert find_port(comports=lambda: ports) == "/dev/ttyACM0"  # the Pico comes first
    assert find_port([(0x2341, None)], comports=lambda: ports) == "/dev/ttyACM1"
    assert find_port([(0x1234, 1)], comports=lambda: ports) is None


def test_box_found_by_usb_id(monkeypatch, device, big_hub):
    import serial.tools.list_ports as list_ports

    monkeypatch.setattr(list_ports, "comports", lambda: [_Port(device.path, 0x2E8A, 0x0005)])
    with SerialBox(big_hub) as b:
        assert b.wait_online(WAIT)
        assert b.port == device.path
        device.send("BTN STRAIGHT DOWN #1")
        assert names(big_hub, 1) == ["straight"]


def test_no_box_waits_without_polling(tmp_path, big_hub, monkeypatch):
    # While nothing is plugged in, the supervisor sleeps until a device node appears: after
    # its few quick tries it does not try to open the port again and again.
    attempts = []
    original = SerialBox._open_port

    def counting(self):
        attempts.append(time.monotonic())
        return original(self)

    monkeypatch.setattr(SerialBox, "_open_port", counting)
    with SerialBox(big_hub, str(tmp_path / "box"), retry_s=0.02):
        time.sleep(0.6)
    assert len(attempts) <= 5
    assert big_hub.statuses()["serial"].online is False


# -- the pure protocol ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, reason",
    [
        ("BTN OK DOWN*zz", "malformed checksum"),
        ("BTN OK DOWN*1", "malformed checksum"),
        ("BTN OK DOWN #0", "bad event number"),
        (f"BTN OK DOWN #{MAX_SEQ + 1}", "bad event number"),
        ("BTN OK DOWN #\u0661\u0662", "not ASCII text"),
        ("BTN OK DOWN #x", "bad event number"),
        ("x" * 81, "over-long line"),
        ("BTN\tOK\x07", "not ASCII text"),
    ],
)
def test_parse_refuses(text, reason):
    assert parse(text) == Bad(reason)


def test_checksum_is_xor_of_the_bytes_before_the_star():
    body = "BTN ROLL DOWN #17"
    value = 0
    for ch in body:
        value ^= ord(ch)
    assert checksum(body) == f"{value:02X}"
    assert parse(f"{body}*{value:02X}").seq == 17


def test_seq_tracker_wraps_and_restarts():
    t = SeqTracker()
    assert t.check(MAX_SEQ - 1) and t.check(MAX_SEQ) and t.check(1)
    assert t.missed == 0
    assert t.check(2) and not t.check(MAX_SEQ)  # still in the recent window: a repeat
    t2 = SeqTracker(window=4)
    for n in range(100, 110):
        t2.check(n)
    assert t2.check(106) is False and t2.repeats == 1  # within the window: a resend
    assert t2.check(1) is False and t2.refused == 1  # far behind: never replayed ...
    t2.reset()  # ... unless a HELLO with a new boot id says the box counts from 1 again
    assert t2.check(1)


def test_what_the_box_says_cannot_flood_the_log(box, device, big_hub, caplog):
    # A broken box can send ERR lines and skip numbers as fast as the line allows: the log
    # (and the card it lives on) gets the 1st, 10th and 100th of each, not one line per line.
    with caplog.at_level(logging.WARNING, logger="companion.inputs.serial_box"):
        device.send_raw(b"".join(b"ERR sensor %d\r\n" % i for i in range(150)))
        device.send_raw(b"".join(b"BTN LEFT DOWN #%d\r\nBTN LEFT UP #%d\r\n" % (4 * i + 1, 4 * i + 3)
                                 for i in range(150)))
        assert wait_until(lambda: box.box_errors == 150 and box.gaps >= 299)
    said = [r.getMessage() for r in caplog.records]
    assert len([m for m in said if "reports" in m]) == 3
    assert len([m for m in said if "missing before" in m]) == 3


# -- HELLO on every connect, the boot id, numbers far behind -------------------------------


def reconnect(b: SerialBox, dev) -> None:
    """Make the companion close and reopen the port: the box is silent for a moment."""
    dev.answer_ping = False
    assert b.wait_offline(WAIT)
    dev.answer_ping = True
    asked = dev.received.count("HELLO")
    assert wait_until(lambda: dev.received.count("HELLO") > asked)  # asked again on reopening
    assert b.wait_online(WAIT)


@pytest.mark.parametrize(("boot_after", "acted"), [("7", ["ok", "ok"]), ("8", ["ok", "ok", "ok"])])
def test_the_boot_id_tells_a_resend_across_a_reconnect_from_a_restart(make_device, big_hub, boot_after, acted):
    dev = make_device(boot="7")
    with SerialBox(big_hub, dev.path, ping_s=0.1, silent_s=0.4, retry_s=0.1) as b:
        assert b.wait_online(WAIT) and wait_until(lambda: b.hello.get("boot") == "7")
        dev.send("BTN OK DOWN #5")
        assert names(big_hub, 1) == ["ok"]
        dev.boot = boot_after  # "7": the same run of the box, "8": it restarted meanwhile
        reconnect(b, dev)
        assert wait_until(lambda: b.hello.get("boot") == boot_after)
        dev.send("BTN OK DOWN #5")  # resent (ACK lost) or, after a restart, a new #5
        dev.send("BTN OK DOWN #6")
        settle(big_hub, b, dev)
        assert [e.name for e in big_hub.drain()] == acted[1:]
        assert wait_until(lambda: dev.received.count("ACK 6") == 1)


def test_numbers_far_behind_are_refused_unless_the_box_restarted(box, device, big_hub):
    for n in range(1, 201, 2):
        device.send(f"BTN LEFT DOWN #{n}")
        device.send(f"BTN LEFT UP #{n + 1}")
    settle(big_hub, box, device)
    assert len(big_hub.drain()) == 100
    asked = device.received.count("HELLO")
    for _ in range(2):  # the box resends what it did not see acknowledged
        for n in range(1, 136, 2):  # 65 to 200 behind the last
            device.send(f"BTN LEFT DOWN #{n}")
        settle(big_hub, box, device)
    assert big_hub.drain() == []  # never replayed
    # What the companion wrote back reaches the device's reader in its own time.
    assert wait_until(lambda: device.received.count("HELLO") > asked)  # asked; the same boot id came back
    assert box.seq.refused > 0
    assert wait_until(lambda: "ACK 135" in device.received)
    device.boot = "2"  # the box restarted and its HELLO was lost
    device.send("BTN LEFT DOWN #10")  # far behind #200: who is there?
    assert wait_until(lambda: box.hello.get("boot") == "2")
    device.send("BTN LEFT DOWN #10")  # the box's resend, now the first press of its new run
    assert names(big_hub, 1) == ["left"]


def test_hello_is_asked_on_connecting_and_fills_hello(device, big_hub):
    # A box that does not reset when the port opens: its start-up HELLO went to nobody.
    with SerialBox(big_hub, device.path, ping_s=0.2, silent_s=1.0) as b:
        assert wait_until(lambda: b.hello == {"fw": "3", "proto": "2", "boot": "1"})
        assert device.received[0] == "HELLO"


def test_the_companion_parses_the_protocols_table_of_lines_as_the_boxes_do():
    cases = parsing_cases()
    assert len(cases) >= 20
    assert {line: host_meaning(line) for line, _ in cases} == dict(cases)
    assert host_meaning("ACK 0") == host_meaning("ACK 99999") == "nothing"


def test_a_line_after_a_silence_asks_for_hello(make_device, big_hub):
    dev = make_device()
    with SerialBox(big_hub, dev.path, ping_s=0.2, silent_s=3.0) as b:  # a silence: over 1.6 s
        assert wait_until(lambda: b.hello.get("boot") == "1")
        dev.answer_ping = False
        time.sleep(2.0)  # quiet, but not yet long enough to be shown offline
        assert b.online
        asked = dev.received.count("HELLO")
        dev.answer_ping = True
        dev.send("PONG")
        assert wait_until(lambda: dev.received.count("HELLO") == asked + 1)


def test_a_box_that_does_not_answer_hello_has_its_numbers_taken_after_hello_s(make_device, big_hub):
    dev = make_device(boot=None)
    with SerialBox(big_hub, dev.path, ping_s=0.2, silent_s=1.0, hello_s=0.3) as b:
        assert b.wait_online(WAIT)
        dev.send("BTN ROLL DOWN #1")  # within hello_s: left unacknowledged ...
        assert wait_until(lambda: b.held >= 1)
        time.sleep(0.4)
        dev.send("BTN ROLL DOWN #1")  # ... so the box sends it again, and then it is taken
        assert names(big_hub, 1) == ["roll"]
        assert wait_until(lambda: dev.received.count("ACK 1") == 1)
