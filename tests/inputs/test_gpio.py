"""GPIO buttons through gpiozero's real MockFactory."""

from __future__ import annotations

import logging
import re
import threading

import pytest
from gpiozero import Button
from gpiozero.exc import GPIOPinInUse

from companion.inputs.debounce import SETTLE_S, Debouncer
from companion.inputs.events import BUTTONS
from companion.inputs.gpio import DEFAULT_PINS_PATH, GpioButtons, load_pins, start_gpio
from companion.inputs.hub import InputHub

PINS = {"roll": 17, "left": 27, "straight": 22, "right": 23, "ok": 24, "undo": 25}


@pytest.fixture
def buttons(mock_factory, hub, clock):
    with GpioButtons(hub, PINS, clock=clock, timer=clock.timer) as b:
        yield b


def pin(mock_factory, bcm: int):
    # The factory hands out the same MockPin the Button uses.
    return mock_factory.pin(bcm)


def tap(p, clock=None, hold: float = 0.1) -> None:
    p.drive_low()
    if clock is not None:
        clock.advance(hold)
    p.drive_high()


def test_each_pin_becomes_its_button(mock_factory, buttons, hub, clock):
    for bcm in PINS.values():
        tap(pin(mock_factory, bcm), clock)
    clock.advance(0.1)  # UNDO is sent once its release is sure
    events = hub.drain()
    assert [e.name for e in events] == list(PINS)
    assert {e.source for e in events} == {"gpio"}


def test_callback_only_enqueues_and_wakes(mock_factory, buttons, hub, wakes):
    # MockPin calls back synchronously, so by the time drive_low returns the event is queued
    # and the wake has run on the calling (pin) thread: nothing else happened in between.
    pin(mock_factory, 17).drive_low()
    assert wakes.count == 1
    assert wakes.threads == [threading.current_thread().name]
    assert [e.name for e in hub.drain()] == ["roll"]
    pin(mock_factory, 17).drive_high()


def test_release_does_not_press(mock_factory, buttons, hub, clock):
    p = pin(mock_factory, 17)
    p.drive_low()
    clock.advance(1)
    p.drive_high()
    assert len(hub.drain()) == 1


def test_bounce_is_filtered(mock_factory, buttons, hub, clock):
    p = pin(mock_factory, 17)
    # One press with chatter: low / high / low / high within 15 ms.
    for _ in range(3):
        p.drive_low()
        clock.advance(0.003)
        p.drive_high()
        clock.advance(0.002)
    assert [e.name for e in hub.drain()] == ["roll"]
    # A real second press 100 ms later counts.
    clock.advance(0.1)
    tap(p, clock)
    assert [e.name for e in hub.drain()] == ["roll"]


def test_bounce_on_one_button_does_not_hide_another(mock_factory, buttons, hub, clock):
    roll, ok = pin(mock_factory, 17), pin(mock_factory, 24)
    roll.drive_low()
    ok.drive_low()
    roll.drive_high()
    roll.drive_low()
    assert sorted(e.name for e in hub.drain()) == ["ok", "roll"]
    roll.drive_high()
    ok.drive_high()


def test_stuck_button_presses_once(mock_factory, clock):
    hub = InputHub(debouncer=Debouncer(0.05, clock=clock))
    with GpioButtons(hub, {"roll": 17}, clock=clock):
        p = pin(mock_factory, 17)
        p.drive_low()
        clock.advance(1.0)
        # gpiozero only fires on a change, so a held button cannot repeat; the release
        # reaches the debouncer and allows the next press.
        p.drive_high()
        clock.advance(0.1)
        p.drive_low()
        p.drive_high()
    assert len(hub.drain()) == 2


def test_close_releases_the_pins(mock_factory, hub, clock):
    b = GpioButtons(hub, PINS)
    b.close()
    assert b.closed
    tap(pin(mock_factory, 17), clock)
    assert hub.drain() == []
    # The pins are free again: a new device may claim one.
    with Button(17, pin_factory=mock_factory):
        pass
    b.close()  # twice is harmless


def test_pins_are_reserved_while_open(mock_factory, buttons):
    with pytest.raises(GPIOPinInUse):
        Button(17, pin_factory=mock_factory)


def test_hub_close_closes_the_buttons(mock_factory, clock):
    hub = InputHub(debouncer=Debouncer(0.05, clock=clock))
    b = GpioButtons(hub, PINS)
    hub.close()
    assert b.closed


def test_failed_start_releases_what_it_took(mock_factory, hub):
    with Button(25, pin_factory=mock_factory):  # undo's pin is taken
        with pytest.raises(GPIOPinInUse):
            GpioButtons(hub, PINS)
    # roll .. ok were claimed before the failure and must have been let go.
    with GpioButtons(hub, PINS):
        pass


def test_explicit_pin_factory(mock_factory, hub, clock):
    with GpioButtons(hub, {"ok": 24}, pin_factory=mock_factory, clock=clock) as b:
        assert b.buttons["ok"].pin_factory is mock_factory
        tap(pin(mock_factory, 24), clock)
    assert [e.name for e in hub.drain()] == ["ok"]


def test_unknown_button_name(mock_factory, hub):
    with pytest.raises(ValueError):
        GpioButtons(hub, {"jump": 5})


def test_buttons_use_pull_up_and_no_gpiozero_bounce(mock_factory, buttons):
    button = buttons.buttons["roll"]
    assert button.pull_up is True
    assert button.pin.bounce is None


# -- start_gpio -----------------------------------------------------------------------------


def test_start_gpio_with_mock_pins(mock_factory, hub, clock):
    b = start_gpio(hub, PINS, clock=clock)
    assert isinstance(b, GpioButtons)
    clock.advance(SETTLE_S)  # the pins lie still after they open, as they do while the screen comes up
    tap(pin(mock_factory, 23), clock)
    assert [e.name for e in hub.drain()] == ["right"]
    b.close()


def test_start_gpio_counts_a_press_only_once_the_pin_lay_still(mock_factory, hub, clock):
    b = start_gpio(hub, PINS, clock=clock)
    assert b is not None and b.debouncer.settle_s == SETTLE_S
    clock.advance(SETTLE_S / 2)
    tap(pin(mock_factory, 23), clock)  # nothing yet tells a finger from a floating pin
    assert hub.drain() == []
    clock.advance(SETTLE_S)  # still for SETTLE_S since: a finger
    tap(pin(mock_factory, 23), clock)
    assert [e.name for e in hub.drain()] == ["right"]
    b.close()


def test_start_gpio_reads_the_pin_map(mock_factory, hub):
    b = start_gpio(hub)
    assert b is not None and b.pins == load_pins()
    b.close()


def test_start_gpio_without_a_pin_library(monkeypatch, hub, caplog):
    # What a desktop sees: gpiozero cannot load any pin factory.
    from gpiozero import Device

    monkeypatch.setattr(Device, "pin_factory", None)
    monkeypatch.setenv("GPIOZERO_PIN_FACTORY", "no-such-pin-library")
    with caplog.at_level(logging.INFO, logger="companion.inputs.gpio"):
        assert start_gpio(hub, PINS) is None
    lines = [r for r in caplog.records if r.levelno >= logging.INFO]
    assert len(lines) == 1 and "keyboard" in lines[0].getMessage()


# -- the shipped pin map -------------------------------------------------------------------


def test_shipped_pin_map_is_valid():
    pins = load_pins(DEFAULT_PINS_PATH)
    assert set(pins) == set(BUTTONS)


def test_shipped_comments_match_the_header(mock_factory):
    # Each line says "physical pin N; GND on pin M": check both against gpiozero's own
    # header table, so the wiring guide cannot drift from the numbers.
    header = mock_factory.board_info.headers["J8"].pins
    pins = load_pins(DEFAULT_PINS_PATH)
    text = DEFAULT_PINS_PATH.read_text()
    for name, bcm in pins.items():
        line = next(row for row in text.splitlines() if re.match(rf"{name}\s*=", row))
        physical, ground = map(int, re.search(r"physical pin (\d+); GND on pin (\d+)", line).groups())
        assert header[physical].name == f"GPIO{bcm}", line
        assert header[ground].name == "GND", line
        # Buttons keep off I2C, SPI0, UART and PWM audio pins.
        assert not {"i2c", "pwm"} & set(header[physical].interfaces), line
        assert bcm not in (7, 8, 9, 10, 11, 14, 15), line
