"""What the serial box's ``BTN`` and ``DIE`` lines do: presses, releases and holds.

Kept apart from the port and its threads in :mod:`companion.inputs.serial_box`, so the
meaning of a line can be tested with parsed lines and a fake clock. The box debounces its own
contacts, so a ``DOWN`` line is a press and an ``UP`` line a release; UNDO is sent at its
``UP`` and holding turns into ``"menu"`` and ``"staff"`` (:mod:`companion.inputs.holds`).

>>> sent = []
>>> buttons = BoxButtons(lambda name, value: sent.append((name, value)))
>>> buttons.event(Line("BTN", ("ROLL", "DOWN"), 1), numbered=True)
>>> buttons.event(Line("BTN", ("UNDO", "DOWN"), 2), numbered=True)
>>> buttons.event(Line("BTN", ("UNDO", "UP"), 3), numbered=True)
>>> buttons.event(Line("DIE", ("9",), 4), numbered=True)
'DIE needs one value 1-6'
>>> sent
[('roll', None), ('undo', None)]
"""

from __future__ import annotations

import time
from collections.abc import Callable

from .box_protocol import Line, RepeatFilter, die_value
from .events import BUTTONS
from .holds import MENU_HOLD_S, STAFF_HOLD_S, HoldGestures, TimerFactory, thread_timer

__all__ = ["BoxButtons"]


class BoxButtons:
    """Turn the box's event lines into calls of ``put(name, value)`` (``value``: a die face).

    ``put`` runs on the caller's thread (the serial reader) or on a hold timer's thread;
    ``clock`` and ``timer`` are for :class:`~companion.inputs.holds.HoldGestures`.
    """

    def __init__(
        self,
        put: Callable[[str, int | None], object],
        *,
        menu_s: float = MENU_HOLD_S,
        staff_s: float = STAFF_HOLD_S,
        clock: Callable[[], float] = time.monotonic,
        timer: TimerFactory = thread_timer,
    ) -> None:
        self._put = put
        #: Protocol 1 boxes (no event numbers): repeated DOWN lines are filtered here.
        self.repeats = RepeatFilter()
        #: Long presses; the box debounces its releases itself, so an UP line is final.
        self.gestures = HoldGestures(
            lambda name: put(name, None), release_s=0.0, menu_s=menu_s, staff_s=staff_s,
            clock=clock, timer=timer,
        )

    def event(self, line: Line, *, numbered: bool) -> str | None:
        """Act on a ``BTN`` or ``DIE`` line (a new one, if ``numbered``); return why a line
        is unusable, or None."""
        if line.verb == "DIE":
            value = die_value(line)
            if value is None:
                return "DIE needs one value 1-6"
            if numbered or self.repeats.down("die"):
                self._put("roll", value)
            return None
        # BTN <NAME> DOWN|UP [extra words, ignored for forward compatibility]
        if len(line.args) < 2:
            return "BTN needs a name and DOWN/UP"
        name, action = line.args[0].lower(), line.args[1].upper()
        if name not in BUTTONS:
            return "unknown button"
        if action == "DOWN":
            if numbered or self.repeats.down(name):
                if name == "undo" and not numbered and not self.repeats.reports_up:
                    self._put(name, None)  # a protocol 1 box may never say UP: act now
                else:
                    self.gestures.edge(name, True, True)
        elif action == "UP":
            self.repeats.up(name)
            self.gestures.edge(name, False, False)
        else:
            return "BTN action must be DOWN or UP"
        return None

    def reset(self) -> None:
        """Forget what is held and what was seen: a new connection, or the box restarted."""
        self.repeats.reset()
        self.gestures.reset()

    def close(self) -> None:
        """Cancel a pending hold."""
        self.gestures.close()
