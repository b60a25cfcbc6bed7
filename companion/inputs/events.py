"""The one shape every press takes, whatever button, box or key it came from."""

from __future__ import annotations

import time
from typing import NamedTuple

#: The companion's buttons. Every source maps its own keys or pins onto these names.
BUTTONS = ("roll", "left", "straight", "right", "ok", "undo")

#: What holding buttons means (:mod:`companion.inputs.holds`): UNDO held 1.5 s is ``"menu"``
#: (the pause menu), UNDO held on to 4 s ``"call"`` (a table on the café floor calls the staff),
#: UNDO and OK held 3 s ``"staff"`` (the staff menu). The keyboard has keys for the menu and the
#: staff menu too (M, F12).
GESTURES = ("menu", "staff", "call")

#: Every name an :class:`InputEvent` may carry.
NAMES = BUTTONS + GESTURES


class _Fields(NamedTuple):
    name: str
    source: str
    t: float
    value: int | None


class InputEvent(_Fields):
    """A press of one of the companion's buttons, or a gesture made by holding them.

    ``name`` is one of :data:`BUTTONS` or :data:`GESTURES`; ``source`` says where it came
    from (``"gpio"``, ``"serial"``, ``"keyboard"``, ``"touch"``); ``t`` is ``time.monotonic()`` when the event
    was sent (at the press; for UNDO at its release, for a gesture when its hold was long
    enough), used to measure press-to-screen latency; ``value`` carries a typed die value if any.
    Immutable (a named tuple: it is made before the first frame, where a frozen data class
    would be compiled from source).

    >>> InputEvent("roll", "gpio", t=1.5)
    InputEvent(name='roll', source='gpio', t=1.5, value=None)
    """

    __slots__ = ()

    def __new__(cls, name: str, source: str = "keyboard", t: float | None = None,
                value: int | None = None) -> InputEvent:
        return super().__new__(cls, name, source, time.monotonic() if t is None else t, value)
