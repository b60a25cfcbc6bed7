"""The serial button box over pyserial's loop:// and a pty pair as a fake device."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
import serial

from companion.inputs.hub import InputHub
from companion.inputs.serial_box import MAX_LINE, SerialBox

WAIT = 5.0  # generous upper bound; every wait returns as soon as its condition holds


@pytest.fixture
def loop_box(free_hub: InputHub) -> Iterator[SerialBox]:
    """A box on loop://: whatever the host writes comes back as if the box had sent it."""
    box = SerialBox(free_hub, "loop://", retry_s=0.05)
    assert box.wait_online(WAIT)
    assert box.ping(timeout=WAIT)  # the HELLO and PING of connecting have come back and settled
    yield box
    box.close()


def feed(box: SerialBox, *lines: bytes) -> None:
    """Write raw bytes into the loopback port, as the box would send them."""
    for line in lines:
        box._lines.transport.write(line)


def next_event(hub: InputHub):
    event = hub.get(timeout=WAIT)
    assert event is not None, "no event arrived"
    return event


# -- loop:// -------------------------------------------------------------------------------


def test_button_line_becomes_a_press(loop_box, free_hub, wakes):
    loop_box.send("BTN ROLL DOWN")
    event = next_event(free_hub)
    assert (event.name, event.source, event.value) == ("roll", "serial", None)
    assert wakes.count >= 1  # status changes (connecting, online) wake the loop too


def test_names_and_verbs_are_case_insensitive(loop_box, free_hub):
    feed(loop_box, b"btn Straight down\r\n", b"Btn UNDO Down\n")
    assert next_event(free_hub).name == "straight"
    assert next_event(free_hub).name == "undo"


def test_every_button(loop_box, free_hub):
    for name in ("roll", "left", "straight", "right", "ok", "undo"):
        loop_box.send(f"BTN {name.upper()} DOWN")
        assert next_event(free_hub).name == name


def test_up_is_a_release_not_a_press(loop_box, free_hub):
    feed(loop_box, b"BTN OK UP\r\n", b"BTN LEFT DOWN\r\n")
    assert next_event(free_hub).name == "left"
    assert free_hub.drain() == []
    assert loop_box.bad_lines == 0


def test_die_line_is_a_roll_with_a_value(loop_box, free_hub):
    loop_box.send("DIE 4")
    event = next_event(free_hub)
    assert (event.name, event.value) == ("roll", 4)


def test_hello_is_remembered(loop_box, free_hub):
    feed(loop_box, b"HELLO fw=1 proto=1\r\n", b"BTN OK DOWN\r\n")
    next_event(free_hub)  # lines are handled in order, so HELLO is done
    assert loop_box.hello == {"fw": "1", "proto": "1"}
    assert loop_box.bad_lines == 0


def test_a_line_split_across_reads(loop_box, free_hub):
    feed(loop_box, b"BTN RI", b"GHT D", b"OWN\r", b"\n")
    assert next_event(free_hub).name == "right"


@pytest.mark.parametrize(
    "garbage",
    [
        b"JUMP\r\n",                # unknown verb
        b"BTN JUMP DOWN\r\n",       # unknown button
        b"BTN ROLL\r\n",            # missing action
        b"BTN ROLL SIDEWAYS\r\n",   # bad action
        b"DIE 7\r\n",               # not a die face
        b"DIE 0\r\n",
        b"DIE four\r\n",
        b"DIE\r\n",
        b"\xff\xfe\x00\x01\r\n",    # not text at all
    ],
)
def test_garbage_is_counted_and_ignored(loop_box, free_hub, garbage):
    feed(loop_box, garbage, b"BTN OK DOWN\r\n")
    assert next_event(free_hub).name == "ok"  # the reader survived
    assert free_hub.drain() == []
    assert loop_box.bad_lines == 1


def test_blank_lines_are_harmless(loop_box, free_hub):
    feed(loop_box, b"\r\n\n   \r\n", b"BTN OK DOWN\r\n")
    next_event(free_hub)
    assert loop_box.bad_lines == 0


def test_longest_line_is_accepted_and_one_more_is_not(loop_box, free_hub):
    ok = b"BTN OK DOWN " + b"x" * (MAX_LINE - 12)
    assert len(ok) == MAX_LINE
    feed(loop_box, ok + b"\r\n", ok + b"y\r\n", b"BTN LEFT DOWN\n")
    assert next_event(free_hub).name == "ok"
    assert next_event(free_hub).name == "left"
    assert loop_box.bad_lines == 1


def test_endless_line_does_not_grow_the_buffer(loop_box, free_hub):
    # Line noise with no newline at all (wrong baud rate): the buffer must stay bounded and
    # the whole run counts as one bad line.
    for _ in range(50):
        feed(loop_box, b"z" * 100)
    feed(loop_box, b"tail of the noise\r\n", b"BTN UNDO DOWN\r\n")
    assert next_event(free_hub).name == "undo"
    assert loop_box.bad_lines == 1
    assert len(loop_box._lines.buffer) == 0


def test_ping_pong(loop_box):
    # On loop:// our PING comes back as the box's PING; the box answers PONG, which comes
    # back too: a full round trip through the protocol.
    assert loop_box.ping(timeout=WAIT)
    assert loop_box.last_pong is not None


def test_presses_are_debounced_like_any_source(clock):
    from companion.inputs.debounce import Debouncer

    hub = InputHub(debouncer=Debouncer(0.05, clock=clock))
    with SerialBox(hub, "loop://") as box:
        assert box.wait_online(WAIT)
        feed(box, b"BTN ROLL DOWN\r\n", b"BTN ROLL DOWN\r\n", b"BTN OK DOWN\r\n")
        assert next_event(hub).name == "roll"
        assert next_event(hub).name == "ok"  # the second roll (same instant) was bounce
        assert hub.drain() == []


def test_close_goes_offline_and_hub_close_closes_the_box(free_hub):
    box = SerialBox(free_hub, "loop://")
    assert box.wait_online(WAIT)
    free_hub.close()
    assert not box.online
    assert not box._thread.is_alive()
    with pytest.raises(serial.SerialException):
        box.send("PING")
    assert not box.ping(timeout=0.01)


# -- a pty pair as a fake device -----------------------------------------------------------


def test_pty_device_presses_and_hello(device, free_hub):
    with SerialBox(free_hub, device.path) as box:
        assert box.wait_online(WAIT)
        device.send("HELLO fw=1 proto=1")
        device.send("BTN ROLL DOWN")
        device.send("DIE 6")
        assert next_event(free_hub).name == "roll"
        assert next_event(free_hub).value == 6
        assert box.hello["proto"] == "1"


def test_pty_ping_reaches_the_device(device, free_hub):
    with SerialBox(free_hub, device.path) as box:
        assert box.wait_online(WAIT)
        assert box.ping(timeout=WAIT)
        # HELLO and PING on connecting, one PING from ping()
        assert device.received == ["HELLO", "PING", "PING"]


def test_unplug_goes_offline_and_replug_comes_back(tmp_path, free_hub, make_device):
    # The box is addressed by a stable name (like /dev/serial/by-id/...); re-plugging makes
    # it point at a new device node.
    link = tmp_path / "box"
    box = SerialBox(free_hub, str(link), retry_s=0.02)
    try:
        assert not box.wait_online(0.05)  # not plugged in yet: offline, no exception
        assert box.last_error is not None

        first = make_device()
        link.symlink_to(first.path)
        assert box.wait_online(WAIT)
        first.send("BTN LEFT DOWN")
        assert next_event(free_hub).name == "left"

        first.unplug()
        assert box.wait_offline(WAIT)
        assert box._thread.is_alive()  # still trying

        second = make_device()
        link.unlink()
        link.symlink_to(second.path)
        assert box.wait_online(WAIT)
        second.send("BTN RIGHT DOWN")
        assert next_event(free_hub).name == "right"
        second.unplug()
    finally:
        box.close()
    assert not box._thread.is_alive()
