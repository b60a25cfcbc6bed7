"""Long presses through the real sources: gpiozero's MockFactory pins and a serial box on a pty.

The pin tests run on the fake clock (its timers fire as it advances) and, for the threads,
on the real clock with real timers; the serial tests on the real clock over a pty pair.
"""

from __future__ import annotations

import threading
import time

import pytest

from companion.inputs.gpio import GpioButtons
from companion.inputs.hub import InputHub
from companion.inputs.serial_box import SerialBox

PINS = {"roll": 17, "left": 27, "straight": 22, "right": 23, "ok": 24, "undo": 25}
WAIT = 5.0
CHATTER = [0.002, 0.003, 0.001, 0.004, 0.002]  # gaps between the bounces of one contact


def bounce(pin, clock, closing: bool) -> None:
    """The edges of a contact that bounces before it settles, ending closed or open."""
    low = closing
    (pin.drive_low if low else pin.drive_high)()
    for gap in CHATTER:
        clock.advance(gap)
        low = not low
        (pin.drive_low if low else pin.drive_high)()
    if low != closing:
        clock.advance(0.001)
        (pin.drive_low if closing else pin.drive_high)()


@pytest.fixture
def pins(mock_factory, hub, clock):
    with GpioButtons(hub, PINS, clock=clock, timer=clock.timer):
        yield {name: mock_factory.pin(bcm) for name, bcm in PINS.items()}


def names(hub: InputHub) -> list[str]:
    return [e.name for e in hub.drain()]


# -- mock pins on the fake clock ---------------------------------------------------------------


def test_short_undo_with_chatter_is_one_undo_at_the_release(pins, hub, clock):
    bounce(pins["undo"], clock, closing=True)
    clock.advance(0.2)
    assert names(hub) == []  # nothing at the press
    bounce(pins["undo"], clock, closing=False)
    clock.advance(0.06)
    assert names(hub) == ["undo"]
    clock.advance(2.0)
    assert names(hub) == []


def test_undo_held_1_6_s_is_one_menu_and_no_undo(pins, hub, clock):
    bounce(pins["undo"], clock, closing=True)
    clock.advance(1.5)
    assert names(hub) == ["menu"]  # while still held
    clock.advance(0.1)
    bounce(pins["undo"], clock, closing=False)  # chatter on the release
    clock.advance(1.0)
    assert names(hub) == []


def test_undo_and_ok_held_3_s_is_one_staff(pins, hub, clock):
    bounce(pins["undo"], clock, closing=True)
    clock.advance(0.03)
    bounce(pins["ok"], clock, closing=True)
    clock.advance(3.0)
    assert names(hub) == ["ok", "staff"]
    clock.advance(2.0)
    bounce(pins["ok"], clock, closing=False)
    bounce(pins["undo"], clock, closing=False)
    clock.advance(1.0)
    assert names(hub) == []


def test_undo_and_ok_held_2_s_give_only_the_ok_press(pins, hub, clock):
    bounce(pins["ok"], clock, closing=True)
    bounce(pins["undo"], clock, closing=True)
    clock.advance(2.0)
    bounce(pins["undo"], clock, closing=False)
    bounce(pins["ok"], clock, closing=False)
    clock.advance(3.0)
    assert names(hub) == ["ok"]


def test_other_buttons_still_act_at_their_press(pins, hub, clock):
    pins["roll"].drive_low()
    assert names(hub) == ["roll"]
    clock.advance(2.0)
    pins["roll"].drive_high()
    clock.advance(1.0)
    assert names(hub) == []


def test_an_undo_pin_in_an_edge_storm_opens_no_menu(pins, hub, clock):
    for _ in range(500):  # a loose wire on UNDO, ending low
        pins["undo"].drive_low()
        clock.advance(0.00001)
        pins["undo"].drive_high()
        clock.advance(0.00001)
    pins["undo"].drive_low()
    clock.advance(5.0)
    assert "menu" not in names(hub)
    pins["undo"].drive_high()


# -- mock pins on the real clock: threads ------------------------------------------------------


def hold_threads() -> list[threading.Thread]:
    return [t for t in threading.enumerate() if t.name == "input-hold"]


def wait_until(condition, timeout: float = WAIT) -> bool:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.005)
    return True


@pytest.fixture
def real_pins(mock_factory, wakes):
    with InputHub(wake=wakes) as hub, GpioButtons(hub, PINS) as buttons:
        yield hub, {name: buttons.buttons[name].pin for name in PINS}


def test_no_thread_while_no_button_is_held(real_pins):
    hub, pins = real_pins
    before = threading.active_count()
    assert hold_threads() == []
    pins["roll"].drive_low()
    pins["ok"].drive_low()
    assert threading.active_count() == before  # other buttons start no thread
    pins["roll"].drive_high()
    pins["ok"].drive_high()
    assert [e.name for e in hub.drain()] == ["roll", "ok"]
    time.sleep(0.1)
    pins["undo"].drive_low()
    assert len(hold_threads()) == 1 and threading.active_count() == before + 1
    time.sleep(0.2)
    pins["undo"].drive_high()
    event = hub.get(timeout=WAIT)
    assert event is not None and event.name == "undo"
    assert wait_until(lambda: hold_threads() == [])
    assert threading.active_count() == before
    assert hub.drain() == []


@pytest.mark.slow
def test_real_short_press_and_real_long_hold(real_pins):
    hub, pins = real_pins
    before = threading.active_count()
    pins["undo"].drive_low()
    time.sleep(0.1)
    pins["undo"].drive_high()
    event = hub.get(timeout=WAIT)
    assert event is not None and event.name == "undo" and event.source == "gpio"
    time.sleep(0.1)  # the next press is well apart from the last release
    pins["undo"].drive_low()
    event = hub.get(timeout=WAIT)
    assert event is not None and event.name == "menu"  # after 1.5 s, while held
    time.sleep(0.1)
    pins["undo"].drive_high()
    assert wait_until(lambda: hold_threads() == [])
    time.sleep(0.1)
    assert hub.drain() == []
    assert threading.active_count() == before


@pytest.mark.slow
def test_real_undo_and_ok_held_3_s(real_pins):
    hub, pins = real_pins
    pins["undo"].drive_low()
    pins["ok"].drive_low()
    started = time.monotonic()
    assert hub.get(timeout=WAIT).name == "ok"
    event = hub.get(timeout=WAIT)
    assert event is not None and event.name == "staff"
    assert time.monotonic() - started >= 2.9
    pins["ok"].drive_high()
    pins["undo"].drive_high()
    assert wait_until(lambda: hold_threads() == [])
    time.sleep(0.1)
    assert hub.drain() == []


def test_closing_the_buttons_cancels_a_hold(mock_factory, wakes):
    with InputHub(wake=wakes) as hub:
        buttons = GpioButtons(hub, PINS)
        buttons.buttons["undo"].pin.drive_low()
        assert len(hold_threads()) == 1
        buttons.close()
        assert wait_until(lambda: hold_threads() == [])
        time.sleep(0.1)
        assert hub.drain() == []


# -- the serial box over a pty -----------------------------------------------------------------


@pytest.fixture
def box(device, free_hub):
    with SerialBox(free_hub, device.path) as b:
        assert b.wait_online(WAIT)
        device.send("HELLO fw=2 proto=2")
        yield b


def acked(device, n: int) -> bool:
    return wait_until(lambda: f"ACK {n}" in device.received)


def test_serial_short_undo_is_one_undo_at_the_up_line(box, device, free_hub):
    device.send("BTN UNDO DOWN #1")
    assert acked(device, 1)
    assert free_hub.get(timeout=0.2) is None  # not at the press
    device.send("BTN UNDO UP #2")
    event = free_hub.get(timeout=WAIT)
    assert event is not None and (event.name, event.source) == ("undo", "serial")
    device.send("BTN UNDO UP #2")  # the box resends a line whose ACK it missed
    assert wait_until(lambda: box.seq.repeats >= 1)
    assert free_hub.get(timeout=0.1) is None


@pytest.mark.slow
def test_serial_hold_1_6_s_is_one_menu(box, device, free_hub):
    device.send("BTN UNDO DOWN #1")
    event = free_hub.get(timeout=WAIT)
    assert event is not None and event.name == "menu"
    time.sleep(0.1)
    device.send("BTN UNDO UP #2")
    assert acked(device, 2)
    assert free_hub.get(timeout=0.2) is None


@pytest.mark.slow
def test_serial_undo_and_ok_held_3_s_is_one_staff(box, device, free_hub):
    device.send("BTN OK DOWN #1")
    device.send("BTN UNDO DOWN #2")
    assert free_hub.get(timeout=WAIT).name == "ok"
    event = free_hub.get(timeout=WAIT)
    assert event is not None and event.name == "staff"
    device.send("BTN UNDO UP #3")
    device.send("BTN OK UP #4")
    assert acked(device, 4)
    assert free_hub.get(timeout=0.2) is None


@pytest.mark.slow
def test_serial_undo_and_ok_held_2_s_give_only_the_ok(box, device, free_hub):
    device.send("BTN UNDO DOWN #1")
    device.send("BTN OK DOWN #2")
    assert free_hub.get(timeout=WAIT).name == "ok"
    time.sleep(1.9)
    device.send("BTN OK UP #3")
    device.send("BTN UNDO UP #4")
    assert acked(device, 4)
    assert free_hub.get(timeout=1.5) is None  # the 1.5 s menu and the 3 s staff both missed


@pytest.mark.slow
def test_serial_unplug_during_a_hold_sends_nothing(box, device, free_hub):
    device.send("BTN UNDO DOWN #1")
    assert acked(device, 1)
    device.unplug()
    assert box.wait_offline(WAIT)
    assert free_hub.get(timeout=1.7) is None
    assert wait_until(lambda: hold_threads() == [])


def test_serial_box_that_never_says_up_gets_undo_at_the_press(device, free_hub):
    with SerialBox(free_hub, device.path) as b:  # protocol 1, no UP lines
        assert b.wait_online(WAIT)
        device.send("BTN UNDO DOWN")
        event = free_hub.get(timeout=WAIT)
        assert event is not None and event.name == "undo"
        assert hold_threads() == []
