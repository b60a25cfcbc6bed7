"""A question asked by one press and answered by another: "Wirklich beenden? Noch einmal drücken."

The first press asks. The second press answers only once the question has been on screen for
``seen_s`` (a double tap or a double OK lands long before that and keeps asking), and only
until ``expire_s`` after it was asked: then the question quietly goes away (the screen redraws
at :meth:`Confirm.wake_at`), and the next press asks afresh.

>>> t = [0.0]
>>> c = Confirm(clock=lambda: t[0])
>>> c.press(), c.armed()          # the first press asks
(False, True)
>>> t[0] = 0.06; c.press()        # the second tap of a double tap: still asking
False
>>> t[0] = 0.8; c.press(), c.armed()   # seen, then pressed again: yes
(True, False)
>>> _ = c.press(); t[0] = 10.0; c.armed()  # asked, then left alone: disarmed
False
"""

from __future__ import annotations

import time
from collections.abc import Callable

SEEN_S = 0.5     #: the question must have been on screen this long before a press answers it
EXPIRE_S = 6.0   #: an unanswered question goes away after this long


class Confirm:
    """One confirmation: ``press()`` is True only for a considered second press."""

    def __init__(self, clock: Callable[[], float] = time.monotonic, seen_s: float = SEEN_S,
                 expire_s: float = EXPIRE_S) -> None:
        self.clock = clock
        self.seen_s = seen_s
        self.expire_s = expire_s
        self.asked_at: float | None = None

    def armed(self, now: float | None = None) -> bool:
        """True while the question stands (asked, not answered, not expired)."""
        now = self.clock() if now is None else now
        return self.asked_at is not None and now - self.asked_at < self.expire_s

    def press(self) -> bool:
        """A press of the control: True when it confirms (act now); False when it asks or is
        too soon after the question appeared."""
        now = self.clock()
        if not self.armed(now):
            self.asked_at = now
            return False
        assert self.asked_at is not None
        if now - self.asked_at < self.seen_s:
            return False
        self.asked_at = None
        return True

    def cancel(self) -> None:
        """Forget the question (the player moved elsewhere)."""
        self.asked_at = None

    def wake_at(self) -> float | None:
        """When the question goes away unanswered (the screen redraws then), or None."""
        return None if self.asked_at is None else self.asked_at + self.expire_s
