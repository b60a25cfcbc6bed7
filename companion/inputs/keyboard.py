"""Keyboard stand-ins for the arcade buttons, as data.

The screen loop looks a key up by the name pygame gives it (``pygame.key.name(ev.key)``), so
this module needs no pygame import and stays testable anywhere.

>>> key_to_event("space").name
'roll'
>>> key_to_event("4").value
4
>>> key_to_event("m").name
'menu'
>>> key_to_event("f1") is None
True
"""

from __future__ import annotations

from .events import InputEvent

__all__ = ["DIE_KEYS", "KEYS", "key_to_event"]

#: pygame key name → button or gesture name. Arrows and WASD for the three direction buttons;
#: M stands for holding UNDO (the pause menu), C for holding it on (call the staff, on the café
#: floor), F12 for holding UNDO and OK (the staff menu),
#: at once, since a desktop has keys to spare.
KEYS: dict[str, str] = {
    "space": "roll",
    "r": "roll",
    "left": "left",
    "a": "left",
    "up": "straight",
    "w": "straight",
    "right": "right",
    "d": "right",
    "return": "ok",
    "enter": "ok",  # the keypad's Enter
    "backspace": "undo",
    "u": "undo",
    "m": "menu",
    "f12": "staff",
    "c": "call",
}

#: pygame key name → die face, for a table that rolls a real die and types what it shows.
#: Keypad digits are named "[1]" .. "[6]" by pygame.
DIE_KEYS: dict[str, int] = {
    **{str(n): n for n in range(1, 7)},
    **{f"[{n}]": n for n in range(1, 7)},
}


def key_to_event(name: str, t: float | None = None) -> InputEvent | None:
    """Turn a pygame key name into a press, or None if the key means nothing here.

    A digit 1-6 is a typed die value: ``InputEvent("roll", value=n)``. ``t`` overrides the
    press time (defaults to now).
    """
    key = name.strip().lower()
    if key in DIE_KEYS:
        event = InputEvent("roll", "keyboard", value=DIE_KEYS[key])
    elif key in KEYS:
        event = InputEvent(KEYS[key], "keyboard")
    else:
        return None
    return event if t is None else event._replace(t=t)
