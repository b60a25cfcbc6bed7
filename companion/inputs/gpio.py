"""Arcade buttons on the Raspberry Pi's GPIO header, through gpiozero.

Each button is wired between a GPIO pin and ground and uses the Pi's internal pull-up, so a
press pulls the pin low. The pin map lives in ``hardware/pins.toml`` (BCM numbers), read and
checked by :func:`load_pins`.

gpiozero calls back on its own thread, and a slow callback makes it miss later edges, so the
callbacks here do nothing but debounce (both edges, :class:`EdgeDebouncer`), look for long
presses (:class:`~companion.inputs.holds.HoldGestures`: UNDO is sent at its release, UNDO held
1.5 s is ``"menu"``, UNDO and OK held 3 s ``"staff"``) and :meth:`InputHub.put` (a bounded,
non-blocking enqueue + wake).

Tests and desktops use gpiozero's ``MockFactory``::

    from gpiozero.pins.mock import MockFactory
    hub = InputHub()
    with GpioButtons(hub, {"roll": 17, ...}, pin_factory=MockFactory()) as buttons:
        buttons.buttons["roll"].pin.drive_low()
"""

from __future__ import annotations

import logging
import os
import re
import time
import tomllib
import warnings
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from companion.paths import shipped_pins_file

from .debounce import SETTLE_S, EdgeDebouncer
from .events import BUTTONS
from .holds import MENU_HOLD_S, STAFF_HOLD_S, HoldGestures, TimerFactory, thread_timer
from .hub import InputHub

__all__ = [
    "DEFAULT_PINS_PATH",
    "GpioButtons",
    "PinMapError",
    "load_pins",
    "start_gpio",
]

log = logging.getLogger(__name__)

#: The pin map shipped with the program (``hardware/pins.toml`` in a checkout, a copy inside
#: an installed wheel); ``$COMPANION_PINS`` points elsewhere.
DEFAULT_PINS_PATH = shipped_pins_file()

#: BCM numbers a button may use: 0 and 1 are the HAT ID EEPROM bus, 28+ are not on the header.
MIN_BCM, MAX_BCM = 2, 27


class PinMapError(ValueError):
    """The pin map file is wrong; the message names the file, the line and the problem."""

    def __init__(self, path: Path | str, line: int | None, problem: str) -> None:
        self.path = Path(path)
        self.line = line
        self.problem = problem
        where = f"{self.path}, line {line}" if line else str(self.path)
        super().__init__(f"{where}: {problem}")


def _pins_path(path: Path | str | None) -> Path:
    if path is not None:
        return Path(path)
    env = os.environ.get("COMPANION_PINS")
    return Path(env) if env else DEFAULT_PINS_PATH


def _line_of(text: str, key: str) -> int | None:
    """Find the line where ``key = ...`` is written (tomllib keeps no positions)."""
    pattern = re.compile(rf"""^\s*(?:{re.escape(key)}|"{re.escape(key)}"|'{re.escape(key)}')\s*=""")
    for number, line in enumerate(text.splitlines(), start=1):
        if pattern.match(line):
            return number
    return None


def _section_line(text: str) -> int | None:
    for number, line in enumerate(text.splitlines(), start=1):
        if line.strip().startswith("[buttons]"):
            return number
    return None


def load_pins(path: Path | str | None = None) -> dict[str, int]:
    """Read and check the button pin map; return ``{button: BCM number}``.

    ``path`` defaults to ``$COMPANION_PINS`` or else ``hardware/pins.toml``. The file has one
    table::

        [buttons]
        roll = 17   # physical pin 11

    Every button in :data:`BUTTONS` must be present, each a BCM number from 2 to 27, and no
    pin may serve two buttons. Anything else raises :class:`PinMapError`.
    """
    file = _pins_path(path)
    try:
        text = file.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise PinMapError(file, None, "file not found") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise PinMapError(file, None, f"cannot read the file ({exc})") from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        # tomllib puts the position in the message: "... (at line 3, column 8)".
        match = re.search(r"at line (\d+)", str(exc))
        line = int(match.group(1)) if match else None
        problem = re.sub(r"\s*\(at line \d+, column \d+\)", "", str(exc))
        raise PinMapError(file, line, f"not valid TOML: {problem}") from None

    table: Any = data.get("buttons")
    if not isinstance(table, dict):
        raise PinMapError(file, None, "missing the [buttons] table (roll = 17, left = 27, ...)")
    section = _section_line(text)

    for key in table:
        if key not in BUTTONS:
            raise PinMapError(
                file,
                _line_of(text, key),
                f"unknown button {key!r}; the buttons are {', '.join(BUTTONS)}",
            )
    missing = [name for name in BUTTONS if name not in table]
    if missing:
        raise PinMapError(file, section, f"no pin given for {', '.join(missing)}")

    pins: dict[str, int] = {}
    used: dict[int, str] = {}
    for name in BUTTONS:
        value = table[name]
        line = _line_of(text, name)
        # bool is an int in Python; `roll = true` is a mistake, not pin 1.
        if not isinstance(value, int) or isinstance(value, bool):
            raise PinMapError(file, line, f"{name}: pin must be a BCM number, got {value!r}")
        if not MIN_BCM <= value <= MAX_BCM:
            raise PinMapError(
                file, line, f"{name}: BCM {value} is not a header GPIO ({MIN_BCM} to {MAX_BCM})"
            )
        if value in used:
            raise PinMapError(
                file, line, f"{name}: BCM {value} is already used by {used[value]}"
            )
        used[value] = name
        pins[name] = value
    return pins


class GpioButtons:
    """One gpiozero ``DigitalInputDevice`` per companion button, feeding an :class:`InputHub`.

    ``pins`` maps button names to BCM numbers (see :func:`load_pins`); ``pin_factory`` is
    passed to every device (None means gpiozero's default). The devices are kept in
    :attr:`buttons` for as long as this object lives: a gpiozero device that is garbage
    collected stops calling back.

    Why not gpiozero's ``Button``: it keeps a hold thread per button that wakes ten times a
    second to look for a held button, which an idle kiosk does not need. A
    ``DigitalInputDevice`` only calls back on edges, and both edges go to one
    :class:`~companion.inputs.debounce.EdgeDebouncer` (``release_s``, ``clock``), so no
    thread of ours runs while nobody presses anything. The debounced edges then go to
    :attr:`gestures` (a :class:`~companion.inputs.holds.HoldGestures` with ``menu_s``,
    ``staff_s`` and ``timer``), whose one-shot timer runs only while UNDO is held.
    ``settle_s`` (0: off) is how long a pin must lie still after the pins open before its
    first press counts; :func:`start_gpio` opens the kiosk's pins with :data:`SETTLE_S`, so a
    pin that floats from the start is muted without a phantom press.
    """

    def __init__(
        self,
        hub: InputHub,
        pins: Mapping[str, int],
        pin_factory: Any = None,
        *,
        release_s: float = 0.05,
        clock: Callable[[], float] = time.monotonic,
        menu_s: float = MENU_HOLD_S,
        staff_s: float = STAFF_HOLD_S,
        timer: TimerFactory = thread_timer,
        settle_s: float = 0.0,
    ) -> None:
        from gpiozero import DigitalInputDevice  # imported here so a desktop without gpiozero runs

        for name in pins:
            if name not in BUTTONS:
                raise ValueError(f"unknown button {name!r}")
        self.hub = hub
        self.pins = dict(pins)
        self.debouncer = EdgeDebouncer(release_s, clock, settle_s=settle_s)
        self.gestures = HoldGestures(
            lambda name: hub.put(name, "gpio"),
            release_s=release_s, menu_s=menu_s, staff_s=staff_s, clock=clock, timer=timer,
        )
        self.buttons: dict[str, Any] = {}
        try:
            for name, pin in self.pins.items():
                # bounce_time=None: gpiozero's debounce differs per pin library (and mock pins
                # ignore it); ours sees both edges (see debounce.py).
                device = DigitalInputDevice(
                    pin, pull_up=True, bounce_time=None, pin_factory=pin_factory
                )
                device.when_activated = self._on_edge(name, True)
                device.when_deactivated = self._on_edge(name, False)
                self.buttons[name] = device
        except BaseException:
            self._close_buttons()
            raise
        hub.attach(self)

    def _on_edge(self, name: str, down: bool) -> Callable[[], None]:
        # A zero-argument closure: gpiozero would pass the device to a one-argument callable.
        # It runs on the pin library's thread and must stay quick: debounce, then at most
        # one non-blocking put on the hub's bounded queue (or starting or cancelling a timer).
        accept = self.debouncer.edge
        muted = self.debouncer.muted
        floating = self.debouncer.floating
        gestures = self.gestures

        def changed() -> None:
            pressed = accept(name, down)
            if pressed or (name not in muted and name not in floating):
                gestures.edge(name, down, pressed)
            else:
                gestures.drop(name)  # a storming or floating pin must not hold a button down

        return changed

    def noisy(self) -> list[str]:
        """Buttons muted now: their pin floats or makes an edge storm (see EdgeDebouncer)."""
        return sorted(self.debouncer.floating | self.debouncer.muted)

    @property
    def closed(self) -> bool:
        return not self.buttons

    def _close_buttons(self) -> None:
        buttons, self.buttons = list(self.buttons.values()), {}
        for button in buttons:
            try:
                button.close()
            except Exception:
                log.exception("error closing the GPIO input on %s", button)

    def close(self) -> None:
        """Release every pin and cancel a pending hold. Safe to call twice."""
        self._close_buttons()
        self.gestures.close()
        self.hub.detach(self)

    def __enter__(self) -> GpioButtons:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        state = "closed" if self.closed else ", ".join(f"{n}={p}" for n, p in self.pins.items())
        return f"<GpioButtons {state}>"


def start_gpio(
    hub: InputHub,
    pins: Mapping[str, int] | None = None,
    pin_factory: Any = None,
    *,
    path: Path | str | None = None,
    clock: Callable[[], float] = time.monotonic,
) -> GpioButtons | None:
    """Start the GPIO buttons, or return None where there is no pin library (a desktop).

    ``pins`` defaults to :func:`load_pins` (``path``); ``clock`` is the buttons' clock (a test's
    fake one); a wrong pin map raises
    :class:`PinMapError`, because a miswired kiosk should be noticed, not silently run on
    touch alone. When gpiozero cannot find any pin library it logs one line and returns None,
    so the keyboard and touch screen take over. The pins open with :data:`SETTLE_S`: each must
    lie still for it before its first press counts, so an unconnected pin that floats from the
    start makes no phantom press.
    """
    try:
        from gpiozero.exc import BadPinFactory, PinFactoryFallback
    except ImportError:
        log.info("gpiozero is not installed; GPIO buttons are off, use the keyboard")
        return None
    if pins is None:
        pins = load_pins(path)
    with warnings.catch_warnings(record=True) as fallbacks:
        # gpiozero warns once per pin library it fails to load before giving up; on a desktop
        # that is four warnings for one fact. Collect them and say it once.
        warnings.simplefilter("always", PinFactoryFallback)
        try:
            buttons = GpioButtons(hub, pins, pin_factory=pin_factory, clock=clock, settle_s=SETTLE_S)
        except BadPinFactory:
            log.info("no GPIO pin library here; GPIO buttons are off, use the keyboard")
            for warning in fallbacks:
                log.debug("%s", warning.message)
            return None
    for warning in fallbacks:
        # Buttons work, but gpiozero had to fall back (say lgpio missing in the venv).
        log.warning("%s", warning.message)
    return buttons
