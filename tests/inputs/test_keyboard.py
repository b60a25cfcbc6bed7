"""Keyboard stand-ins."""

from __future__ import annotations

import subprocess
import sys

import pytest

from companion.inputs.events import NAMES
from companion.inputs.keyboard import DIE_KEYS, KEYS, key_to_event


@pytest.mark.parametrize(
    "key, button",
    [
        ("space", "roll"), ("r", "roll"),
        ("left", "left"), ("a", "left"),
        ("up", "straight"), ("w", "straight"),
        ("right", "right"), ("d", "right"),
        ("return", "ok"), ("enter", "ok"),
        ("backspace", "undo"), ("u", "undo"),
        ("m", "menu"), ("f12", "staff"),  # what holding UNDO, or UNDO and OK, does
    ],
)
def test_keys_map_to_buttons(key, button):
    event = key_to_event(key)
    assert event is not None
    assert (event.name, event.source, event.value) == (button, "keyboard", None)


@pytest.mark.parametrize("n", range(1, 7))
def test_digits_are_typed_die_values(n):
    for key in (str(n), f"[{n}]"):
        event = key_to_event(key)
        assert (event.name, event.value) == ("roll", n)


@pytest.mark.parametrize("key", ["0", "7", "escape", "f1", "", "q"])
def test_other_keys_mean_nothing(key):
    assert key_to_event(key) is None


def test_every_button_and_gesture_has_a_key():
    assert set(KEYS.values()) == set(NAMES)


def test_gesture_keys_reach_the_queue(hub):
    # The screen loop hands a key's event to hub.press; the gestures are names it accepts.
    for key in ("m", "f12"):
        event = key_to_event(key)
        assert hub.press(event.name, "keyboard", event.value)
    assert [e.name for e in hub.drain()] == ["menu", "staff"]


def test_case_and_time():
    event = key_to_event("Space", t=12.5)
    assert (event.name, event.t) == ("roll", 12.5)


# key_code/name work from SDL's tables without pygame.init(); the warning is only a caution.
@pytest.mark.filterwarnings("ignore:pygame.init")
def test_key_names_are_pygames_own():
    # The screen loop passes pygame.key.name(ev.key); every name here must round-trip.
    pygame = pytest.importorskip("pygame")
    for name in [*KEYS, *DIE_KEYS]:
        code = pygame.key.key_code(name)
        assert pygame.key.name(code) == name


def test_inputs_never_import_pygame():
    code = (
        "import sys\n"
        "import companion.inputs, companion.inputs.gpio, companion.inputs.serial_box\n"
        "print('pygame' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
