"""Long presses: UNDO held opens the pause menu, UNDO and OK held together the staff menu.

A source that sees both edges of its buttons (the GPIO pins, the serial box's ``DOWN`` and
``UP`` lines) feeds every debounced edge to :class:`HoldGestures`, which decides what to send:

* every button but UNDO is sent at its press, as before (no added latency);
* UNDO is sent at its *release*, once the release is confirmed (the contact stayed open for
  ``release_s``), and only if it was held less than :data:`MENU_HOLD_S`;
* UNDO held for :data:`MENU_HOLD_S` sends ``"menu"`` while it is still held, and nothing at
  its release;
* UNDO and OK held together for :data:`STAFF_HOLD_S` send ``"staff"`` once. OK was already
  sent at its press (it cannot wait: it is the most pressed button of all), but the UNDO of
  that hold sends nothing: not ``"undo"``, not ``"menu"``, even if the two are let go early.

The timing is a one-shot timer started at the press and cancelled at the release, so a
thread exists only while UNDO is held (and for ``release_s`` after it is let go), never while
the buttons rest. The timer factory and the clock are injectable, so the tests run it on a
fake clock.

>>> sent, due = [], []
>>> g = HoldGestures(sent.append, release_s=0.0, clock=lambda: 0.0,
...                  timer=lambda delay, action: due.append(action) or _Never())
>>> g.edge("roll", True, True); g.edge("undo", True, True); sent
['roll']
>>> due[-1](); sent                      # the menu timer runs out while UNDO is held
['roll', 'menu']
>>> g.edge("undo", False, False); sent   # nothing more at the release
['roll', 'menu']
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Protocol

__all__ = ["CALL_HOLD_S", "MENU_HOLD_S", "STAFF_HOLD_S", "HoldGestures", "Timer", "TimerFactory", "thread_timer"]

#: UNDO held this long (seconds) sends ``"menu"`` instead of ``"undo"``.
MENU_HOLD_S = 1.5
#: UNDO and OK held together this long (seconds) send ``"staff"``.
STAFF_HOLD_S = 3.0
#: UNDO held on this long (seconds from its press, after ``"menu"``) sends ``"call"``: a table
#: on the café floor calls the staff.
CALL_HOLD_S = 4.0


class Timer(Protocol):
    """A started one-shot timer that can be called off."""

    def cancel(self) -> None: ...


#: ``timer(delay_s, action)`` starts a one-shot timer that calls ``action()`` once.
TimerFactory = Callable[[float, Callable[[], None]], Timer]


def thread_timer(delay: float, action: Callable[[], None]) -> threading.Timer:
    """The real timer: a daemon :class:`threading.Timer`, whose thread ends when it fires or
    is cancelled (a cancelled one wakes from its wait at once and ends)."""
    timer = threading.Timer(delay, action)
    timer.daemon = True
    timer.name = "input-hold"
    timer.start()
    return timer


class _Never:
    """A timer that never fires by itself (for the doctest)."""

    def cancel(self) -> None:
        pass


class HoldGestures:
    """Turn the debounced edges of one source into presses and hold gestures.

    ``send(name)`` is called with a button name or ``"menu"`` / ``"staff"``, on the thread of
    the edge or of the timer, under a lock (so events keep their order); it must be quick and
    must not block, as :meth:`InputHub.put` is. ``release_s`` is how long the contact must
    stay open before UNDO counts as let go (0 for a source that debounces its releases
    itself, like the serial box); ``clock`` is the clock the source's debouncer uses.
    """

    def __init__(
        self,
        send: Callable[[str], object],
        *,
        release_s: float = 0.05,
        menu_s: float = MENU_HOLD_S,
        staff_s: float = STAFF_HOLD_S,
        call_s: float = CALL_HOLD_S,
        clock: Callable[[], float] = time.monotonic,
        timer: TimerFactory = thread_timer,
    ) -> None:
        if release_s < 0 or menu_s <= 0 or staff_s <= 0:
            raise ValueError("release_s must be >= 0, menu_s and staff_s > 0")
        self.release_s = release_s
        self.menu_s = menu_s
        self.staff_s = staff_s
        self.call_s = call_s
        # this UNDO hold has sent "menu" (so holding on sends "call"), and "call"
        self._menu_sent = self._call_sent = False
        self._send = send
        self._clock = clock
        self._timer = timer
        self._lock = threading.Lock()
        # UNDO: pressed and its release not yet confirmed; its raw contact; when it was pressed;
        # whether this press has already been used up (menu, staff, or joined by OK).
        self._undo_held = False
        self._undo_down = False
        self._undo_at = 0.0
        self._undo_spent = False
        # OK: pressed at least once and not dropped (whether it is still held, only its raw
        # contact tells: OK needs no release timer); its raw contact; when it was pressed.
        self._ok_held = False
        self._ok_down = False
        self._ok_at = 0.0
        # UNDO and OK held together since, and whether this hold has sent "staff" already.
        self._both_since: float | None = None
        self._staff_sent = False
        # The pending hold timer: what it will send and when it is due; the release timer
        # that confirms UNDO's release.
        self._hold: tuple[str, float] | None = None
        self._hold_timer: Timer | None = None
        self._release_timer: Timer | None = None
        # Numbers of the current timers: one that fires while being cancelled (it was already
        # waiting for the lock) finds its number outdated and does nothing.
        self._hold_token = 0
        self._release_token = 0

    # -- edges ---------------------------------------------------------------------------

    def edge(self, name: str, down: bool, press: bool) -> None:
        """One debounced edge of button ``name``: ``down`` for a closing contact, ``press``
        when the source's debouncer took it as a new press (chatter and releases: False)."""
        with self._lock:
            if name == "undo":
                self._undo_edge(down, press)
            elif name == "ok":
                self._ok_edge(down, press)
            elif press:
                self._send(name)

    def drop(self, name: str) -> None:
        """Forget the press of ``name`` without sending anything (its pin went mad)."""
        with self._lock:
            if name == "undo":
                self._forget_undo()
            elif name == "ok":
                self._ok_held = self._ok_down = False
                self._both_since = None
            self._plan()

    def reset(self) -> None:
        """Forget every press and cancel every timer, sending nothing (a box reconnects)."""
        with self._lock:
            self._forget_undo()
            self._ok_held = self._ok_down = False
            self._both_since = None
            self._plan()

    close = reset

    @property
    def pending(self) -> str | None:
        """The gesture whose timer is running (``"menu"``, ``"staff"``) or None."""
        with self._lock:
            return self._hold[0] if self._hold else None

    # -- the two buttons (called under the lock) -----------------------------------------

    def _undo_edge(self, down: bool, press: bool) -> None:
        now = self._clock()
        if press:
            if self._undo_held:
                self._undo_released()  # a new press before our timer saw the old one end
            self._undo_held = self._undo_down = True
            self._undo_at = now
            self._undo_spent = False
            self._menu_sent = self._call_sent = False
            if self._ok_held and self._ok_down:
                self._join(now)
        elif self._undo_held:
            self._undo_down = down
            self._cancel_release()
            if down:
                if self._chatter_joins(now - self._undo_at):
                    self._join(now)
            elif self.release_s == 0:
                self._undo_released()
            else:
                token = self._release_token
                self._release_timer = self._timer(self.release_s, lambda: self._fire_release(token))
        self._plan()

    def _ok_edge(self, down: bool, press: bool) -> None:
        now = self._clock()
        if press:
            self._send("ok")
            self._ok_held = self._ok_down = True
            self._ok_at = now
            if self._undo_held and self._undo_down:
                self._join(now)
        elif self._ok_held:
            self._ok_down = down
            if down and self._chatter_joins(now - self._ok_at):
                self._join(now)
        self._plan()

    def _chatter_joins(self, since_press: float) -> bool:
        """Whether a button closing again by chatter joins the other one into a staff hold.

        The other button was pressed while this one's contact bounced open just after its
        own press: that is pressing both together. Chatter later than ``release_s`` after
        the press is the bounce of a release instead, and must not swallow an UNDO.
        """
        return (self._both_since is None and self._undo_held and self._undo_down
                and self._ok_held and self._ok_down and since_press < self.release_s)

    def _join(self, now: float) -> None:
        """UNDO and OK are now held together: the staff count starts; UNDO sends nothing."""
        self._both_since = now
        self._staff_sent = False
        self._undo_spent = True

    def _undo_released(self) -> None:
        if not self._undo_spent:
            self._send("undo")
        self._forget_undo()

    def _forget_undo(self) -> None:
        self._cancel_release()
        self._undo_held = self._undo_down = False
        self._undo_spent = False
        self._menu_sent = self._call_sent = False
        self._both_since = None

    # -- timers (called under the lock) --------------------------------------------------

    def _plan(self) -> None:
        """Start, keep or cancel the hold timer to match what is held right now."""
        want: tuple[str, float] | None = None
        if self._undo_held and self._undo_down:
            if self._both_since is not None and self._ok_held and self._ok_down:
                if not self._staff_sent:
                    want = ("staff", self._both_since + self.staff_s)
            elif not self._undo_spent:
                want = ("menu", self._undo_at + self.menu_s)
            elif self._menu_sent and not self._call_sent:
                want = ("call", self._undo_at + self.call_s)
        if want == self._hold:
            return
        if self._hold_timer is not None:
            self._hold_timer.cancel()
            self._hold_timer = None
        self._hold_token += 1
        self._hold = want
        if want is not None:
            token = self._hold_token
            delay = max(0.0, want[1] - self._clock())
            self._hold_timer = self._timer(delay, lambda: self._fire_hold(token))

    def _cancel_release(self) -> None:
        self._release_token += 1
        if self._release_timer is not None:
            self._release_timer.cancel()
            self._release_timer = None

    def _fire_hold(self, token: int) -> None:
        with self._lock:
            if token != self._hold_token or self._hold is None:
                return
            gesture = self._hold[0]
            self._hold = self._hold_timer = None
            self._hold_token += 1
            self._send(gesture)
            self._undo_spent = True
            if gesture == "staff":
                self._staff_sent = True
            self._menu_sent = self._menu_sent or gesture == "menu"
            self._call_sent = self._call_sent or gesture == "call"
            self._plan()

    def _fire_release(self, token: int) -> None:
        with self._lock:
            if token != self._release_token or self._release_timer is None:
                return
            self._release_timer = None
            self._release_token += 1
            self._undo_released()
            self._plan()
