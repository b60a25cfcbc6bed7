"""Optional outputs on the GPIO header: an RGB LED for whose turn it is, a buzzer for rolls.

Both are optional entries of the pin map's ``[outputs]`` table (``hardware/pins.toml``,
wiring in ``hardware/WIRING.md``); without them every call here does nothing, so the screen
can call them unconditionally. The composition root builds :class:`Outputs` and hands its
methods to the screen as callbacks; this module knows no games and no screens::

    outputs = start_outputs()              # reads [outputs]; Outputs() with nothing wired
    outputs.show_turn("red")               # the colour of the player whose turn it is
    outputs.die_rolled()                   # a short double beep, returns at once
    outputs.close()

Neither output runs a thread while idle: the LED is switched on or off per colour channel
(no software PWM unless ``led_pwm = true``), and the buzzer's pattern runs on gpiozero's
blink thread, which ends with the pattern.

>>> from gpiozero.pins.mock import MockFactory
>>> light = TurnLight(5, 6, 26, pin_factory=MockFactory())
>>> light.show("yellow"); light.value
(1, 1, 0)
>>> light.off(); light.value
(0, 0, 0)
>>> light.close()
"""

from __future__ import annotations

import logging
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .gpio import MAX_BCM, MIN_BCM, PinMapError, _line_of, _pins_path, load_pins

__all__ = ["COLOURS", "DieBuzzer", "OutputPins", "Outputs", "TurnLight", "load_outputs", "start_outputs"]

log = logging.getLogger(__name__)

#: Player colours as an RGB LED shows them (0..1 per channel). A plain RGB LED's green and
#: red are far brighter than its blue, so "yellow" and "orange" are not the screen's values.
COLOURS: dict[str, tuple[float, float, float]] = {
    "red": (1.0, 0.0, 0.0),
    "green": (0.0, 1.0, 0.0),
    "blue": (0.0, 0.0, 1.0),
    "yellow": (1.0, 0.7, 0.0),
    "orange": (1.0, 0.25, 0.0),
    "purple": (0.6, 0.0, 1.0),
    "pink": (1.0, 0.2, 0.5),
    "cyan": (0.0, 1.0, 1.0),
    "white": (1.0, 1.0, 1.0),
    "black": (0.0, 0.0, 0.0),
}


class TurnLight:
    """An RGB LED (three GPIO pins, gpiozero ``RGBLED``) showing a colour by name.

    Without PWM (the default) each channel is on or off, so colours are rounded: orange
    shows red, purple shows magenta. ``common_anode=True`` for LEDs whose shared leg goes
    to 3.3 V. An unknown colour name is logged and shows nothing, never raises: a typo in a
    game's colour list must not stop the table.
    """

    def __init__(
        self,
        red: int,
        green: int,
        blue: int,
        *,
        pin_factory: Any = None,
        pwm: bool = False,
        common_anode: bool = False,
    ) -> None:
        from gpiozero import RGBLED

        self.pwm = pwm
        self._led = RGBLED(
            red, green, blue, active_high=not common_anode, pwm=pwm, pin_factory=pin_factory
        )
        #: The colour name shown now, or None when off.
        self.colour: str | None = None

    def show(self, colour: str) -> None:
        """Show ``colour`` (a name from :data:`COLOURS`, case-insensitive). Never blocks."""
        rgb = COLOURS.get(colour.strip().lower())
        if rgb is None:
            log.warning("turn light: no LED colour for %r; light off", colour)
            self.off()
            return
        if not self.pwm:
            rgb = tuple(1.0 if c >= 0.5 else 0.0 for c in rgb)  # type: ignore[assignment]
        self._led.value = rgb
        self.colour = colour

    def off(self) -> None:
        self._led.off()
        self.colour = None

    @property
    def value(self) -> tuple[float, float, float]:
        """The channel values now, e.g. ``(1, 1, 0)``."""
        red, green, blue = self._led.value
        return (red, green, blue)

    def close(self) -> None:
        self._led.close()


class DieBuzzer:
    """A buzzer (an *active* buzzer module, gpiozero ``Buzzer``) with a "die rolled" pattern."""

    #: On and off times in seconds and how often: a short double beep.
    ROLLED = (0.04, 0.06, 2)

    def __init__(self, pin: int, *, pin_factory: Any = None) -> None:
        from gpiozero import Buzzer

        self._buzzer = Buzzer(pin, pin_factory=pin_factory)

    def rolled(self) -> None:
        """Beep the "die rolled" pattern on gpiozero's blink thread; returns at once.

        A roll during the last pattern cuts it short and starts again.
        """
        on, off, n = self.ROLLED
        self._buzzer.beep(on_time=on, off_time=off, n=n, background=True)

    @property
    def is_active(self) -> bool:
        return bool(self._buzzer.is_active)

    def close(self) -> None:
        self._buzzer.close()


@dataclass(frozen=True)
class OutputPins:
    """The ``[outputs]`` table: BCM numbers, None where nothing is wired."""

    led: tuple[int, int, int] | None = None
    led_pwm: bool = False
    led_common_anode: bool = False
    buzzer: int | None = None


_PIN_KEYS = ("led_red", "led_green", "led_blue", "buzzer")
_BOOL_KEYS = ("led_pwm", "led_common_anode")


def load_outputs(path: Path | str | None = None) -> OutputPins:
    """Read the optional ``[outputs]`` table of the pin map (same file as :func:`load_pins`).

    Pins are BCM numbers from 2 to 27, used once, and not by a button; the LED needs all
    three of ``led_red``, ``led_green``, ``led_blue`` or none. Mistakes raise
    :class:`PinMapError` with the file and line.
    """
    file = _pins_path(path)
    buttons = load_pins(file)  # the same checks for the file as a whole, and the buttons' pins
    text = file.read_text(encoding="utf-8")
    table: Any = tomllib.loads(text).get("outputs", {})
    if not isinstance(table, dict):
        raise PinMapError(file, _line_of(text, "outputs"), "[outputs] must be a table")
    for key in table:
        if key not in _PIN_KEYS + _BOOL_KEYS:
            raise PinMapError(file, _line_of(text, key), f"unknown output {key!r}; the outputs are "
                              f"{', '.join(_PIN_KEYS + _BOOL_KEYS)}")
    used = {pin: f"the {name} button" for name, pin in buttons.items()}
    pins: dict[str, int] = {}
    for key in _PIN_KEYS:
        if key not in table:
            continue
        value, line = table[key], _line_of(text, key)
        if not isinstance(value, int) or isinstance(value, bool):
            raise PinMapError(file, line, f"{key}: pin must be a BCM number, got {value!r}")
        if not MIN_BCM <= value <= MAX_BCM:
            raise PinMapError(file, line, f"{key}: BCM {value} is not a header GPIO ({MIN_BCM} to {MAX_BCM})")
        if value in used:
            raise PinMapError(file, line, f"{key}: BCM {value} is already used by {used[value]}")
        used[value] = key
        pins[key] = value
    for key in _BOOL_KEYS:
        if key in table and not isinstance(table[key], bool):
            raise PinMapError(file, _line_of(text, key), f"{key} must be true or false")
    led_keys = [k for k in _PIN_KEYS[:3] if k in pins]
    if led_keys and len(led_keys) != 3:
        missing = [k for k in _PIN_KEYS[:3] if k not in pins]
        raise PinMapError(file, _line_of(text, led_keys[0]), f"the LED needs {', '.join(missing)} too")
    return OutputPins(
        led=(pins["led_red"], pins["led_green"], pins["led_blue"]) if led_keys else None,
        led_pwm=bool(table.get("led_pwm", False)),
        led_common_anode=bool(table.get("led_common_anode", False)),
        buzzer=pins.get("buzzer"),
    )


class Outputs:
    """What the screen may call, whatever is wired: missing outputs do nothing."""

    def __init__(self, light: TurnLight | None = None, buzzer: DieBuzzer | None = None) -> None:
        self.light = light
        self.buzzer = buzzer

    def show_turn(self, colour: str | None) -> None:
        """Light the LED in the colour of the player whose turn it is; None turns it off."""
        if self.light is None:
            return
        try:
            self.light.off() if colour is None else self.light.show(colour)
        except Exception:
            log.exception("turn light failed")  # a broken LED must not stop the game

    def die_rolled(self) -> None:
        """A short beep pattern; returns at once."""
        if self.buzzer is None:
            return
        try:
            self.buzzer.rolled()
        except Exception:
            log.exception("buzzer failed")

    def close(self) -> None:
        for device in (self.light, self.buzzer):
            if device is not None:
                try:
                    device.close()
                except Exception:
                    log.exception("error closing %r", device)
        self.light = self.buzzer = None

    def __enter__(self) -> Outputs:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def start_outputs(
    pins: OutputPins | None = None, pin_factory: Any = None, *, path: Path | str | None = None
) -> Outputs:
    """Build the outputs the pin map names; an :class:`Outputs` that does nothing where
    gpiozero or a pin library is missing (a desktop). A wrong ``[outputs]`` table raises
    :class:`PinMapError`."""
    if pins is None:
        pins = load_outputs(path)
    if pins.led is None and pins.buzzer is None:
        return Outputs()
    try:
        from gpiozero.exc import BadPinFactory
    except ImportError:
        log.info("gpiozero is not installed; the LED and buzzer are off")
        return Outputs()
    light = buzzer = None
    try:
        if pins.led is not None:
            light = TurnLight(*pins.led, pin_factory=pin_factory, pwm=pins.led_pwm,
                              common_anode=pins.led_common_anode)
        if pins.buzzer is not None:
            buzzer = DieBuzzer(pins.buzzer, pin_factory=pin_factory)
    except BadPinFactory:
        log.info("no GPIO pin library here; the LED and buzzer are off")
        Outputs(light, buzzer).close()
        return Outputs()
    return Outputs(light, buzzer)
