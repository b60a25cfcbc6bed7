"""The optional RGB turn light and die buzzer, on gpiozero's mock pins."""

from __future__ import annotations

import re
import threading
import time

import pytest
from gpiozero.pins.mock import MockFactory, MockPWMPin

from companion.inputs.gpio import DEFAULT_PINS_PATH, PinMapError, load_pins
from companion.inputs.outputs import (
    COLOURS,
    DieBuzzer,
    OutputPins,
    Outputs,
    TurnLight,
    load_outputs,
    start_outputs,
)

BUTTONS = """\
[buttons]
roll = 17
left = 27
straight = 22
right = 23
ok = 24
undo = 25
"""
OUTPUTS = """\
[outputs]
led_red = 5
led_green = 6
led_blue = 26
buzzer = 16
"""


def write(tmp_path, text: str):
    path = tmp_path / "pins.toml"
    path.write_text(text)
    return path


@pytest.mark.parametrize(
    "colour, value",
    [("red", (1, 0, 0)), ("Blue", (0, 0, 1)), ("yellow", (1, 1, 0)), ("green", (0, 1, 0)),
     ("purple", (1, 0, 1)), ("orange", (1, 0, 0)), ("white", (1, 1, 1))],
)
def test_turn_light_shows_colours_by_name(mock_factory, colour, value):
    with_light = TurnLight(5, 6, 26)
    try:
        with_light.show(colour)
        assert with_light.value == value
        assert [mock_factory.pin(n).state for n in (5, 6, 26)] == list(value)
        with_light.off()
        assert with_light.value == (0, 0, 0) and with_light.colour is None
    finally:
        with_light.close()


def test_turn_light_common_anode_inverts_the_pins(mock_factory):
    light = TurnLight(5, 6, 26, common_anode=True)
    light.show("red")
    assert [mock_factory.pin(n).state for n in (5, 6, 26)] == [0, 1, 1]
    light.close()


def test_turn_light_with_pwm_mixes(mock_factory):
    factory = MockFactory(pin_class=MockPWMPin)
    try:
        light = TurnLight(5, 6, 26, pin_factory=factory, pwm=True)
        light.show("orange")
        assert light.value == COLOURS["orange"]
        light.close()
    finally:
        factory.reset()


def test_unknown_colour_turns_the_light_off_and_does_not_raise(mock_factory, caplog):
    light = TurnLight(5, 6, 26)
    light.show("red")
    light.show("mauve-ish")
    assert light.value == (0, 0, 0)
    assert "mauve-ish" in caplog.text
    light.close()


def test_buzzer_pattern_never_blocks_the_caller(mock_factory):
    buzzer = DieBuzzer(16)
    pin = mock_factory.pin(16)
    buzzer.rolled()
    # Back before the pattern is over: it plays on gpiozero's own thread.
    assert len(pin.states) < 5
    deadline = time.monotonic() + 5
    while len(pin.states) < 5 and time.monotonic() < deadline:
        time.sleep(0.01)
    assert [bool(s.state) for s in pin.states] == [False, True, False, True, False]
    buzzer.close()


def test_buzzer_thread_ends_with_the_pattern(mock_factory):
    before = threading.active_count()
    buzzer = DieBuzzer(16)
    buzzer.rolled()
    buzzer.rolled()  # a second roll restarts the pattern
    deadline = time.monotonic() + 5
    while threading.active_count() > before and time.monotonic() < deadline:
        time.sleep(0.01)
    assert threading.active_count() == before  # nothing left running while idle
    buzzer.close()


def test_outputs_do_nothing_when_nothing_is_wired():
    outputs = Outputs()
    outputs.show_turn("red")
    outputs.die_rolled()
    outputs.close()


def test_start_outputs_from_the_pin_map(mock_factory, tmp_path):
    path = write(tmp_path, BUTTONS + OUTPUTS)
    with start_outputs(path=path) as outputs:
        assert outputs.light is not None and outputs.buzzer is not None
        outputs.show_turn("green")
        assert mock_factory.pin(6).state == 1
        outputs.show_turn(None)
        assert mock_factory.pin(6).state == 0
        outputs.die_rolled()


def test_shipped_pin_map_has_no_outputs_switched_on():
    assert load_outputs(DEFAULT_PINS_PATH) == OutputPins()
    assert start_outputs(path=DEFAULT_PINS_PATH).light is None


def test_shipped_output_suggestions_are_free_header_pins(mock_factory):
    # The commented-out suggestions must be real GPIOs, not used by a button, not on I2C,
    # SPI0, UART or PWM audio, and their physical pin numbers must be right.
    header = mock_factory.board_info.headers["J8"].pins
    text = DEFAULT_PINS_PATH.read_text()
    buttons = set(load_pins(DEFAULT_PINS_PATH).values())
    found = re.findall(r"^# (led_red|led_green|led_blue|buzzer)\s*=\s*(\d+)\s*# physical pin (\d+)", text, re.M)
    assert len(found) == 4
    for _key, bcm, physical in found:
        assert header[int(physical)].name == f"GPIO{bcm}"
        assert int(bcm) not in buttons | {2, 3, 7, 8, 9, 10, 11, 12, 13, 14, 15, 18, 19}
    uncommented = re.sub(r"^# (?=\[outputs\]|led_|buzzer)", "", text, flags=re.M)
    # Uncommented, the suggestions form a valid table.
    assert load_outputs(write_text(uncommented)).led == (5, 6, 26)


def write_text(text: str):
    import tempfile
    from pathlib import Path

    path = Path(tempfile.mkdtemp()) / "pins.toml"
    path.write_text(text)
    return path


@pytest.mark.parametrize(
    "extra, problem",
    [
        ("led_red = 17\n", "already used by the roll button"),
        ("buzzer = 30\n", "2 to 27"),
        ("buzzer = true\n", "BCM number"),
        ("led_red = 5\n", "needs led_green, led_blue"),
        ("lamp = 5\n", "unknown output 'lamp'"),
        ("led_pwm = 1\n", "true or false"),
        ("led_red = 5\nled_green = 5\nled_blue = 6\n", "already used by led_red"),
    ],
)
def test_bad_outputs_table(tmp_path, extra, problem):
    path = write(tmp_path, BUTTONS + "[outputs]\n" + extra)
    with pytest.raises(PinMapError) as info:
        load_outputs(path)
    assert problem in info.value.problem
    assert info.value.line is not None and info.value.line >= 9
