"""Software debounce for mechanical buttons.

A cheap arcade micro-switch does not close once: it chatters for a few milliseconds, and every
bounce is an edge. gpiozero's own ``bounce_time`` is unreliable here (mock pins ignore it, the
pin libraries each implement it differently, and its software fallback drops short presses), so
buttons are created with ``bounce_time=None`` and every source's presses pass through one
:class:`Debouncer` instead. Keeping it pure (an injectable clock, no threads of its own) lets the
tests prove it with a fake clock.

>>> t = [0.0]
>>> d = Debouncer(interval_s=0.05, clock=lambda: t[0])
>>> d.accept("roll")
True
>>> t[0] = 0.01; d.accept("roll")    # a bounce 10 ms later
False
>>> d.accept("left")                 # other buttons are independent
True
>>> t[0] = 0.06; d.accept("roll")    # a real second press
True
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable

__all__ = ["CHATTER_S", "RELEASE_S", "SETTLE_S", "TOUCH_S", "Debouncer", "EdgeDebouncer"]

log = logging.getLogger(__name__)

# What a switch and a finger do, in seconds (the defaults of EdgeDebouncer; the tests and
# ``python -m tests.inputs.floating_table`` measure them against floating pins and real presses).
#: The contact must stay open this long before a press counts as over (the debounce time).
RELEASE_S = 0.05
#: The longest level a bouncing contact holds: longer than this, a level was "meant".
CHATTER_S = 0.015
#: The shortest a finger holds a button down: a lighter tap still closes the contact for 30 ms.
TOUCH_S = 0.025
#: How long a pin must lie still (no edge) before a press counts, when nothing yet tells that a
#: finger works it: after the program opens its pins, and after a "press" that never stayed
#: closed as a finger holds it (see ``settle_s``). A floating pin at a mean gap of up to 200 ms
#: shows itself long before it lies still so long; nobody presses a button in the first 1.5 s.
SETTLE_S = 1.5


class Debouncer:
    """Decide per button whether a press is real or contact bounce.

    A press of a button is accepted only if the previous *accepted* press of the same button
    was at least ``interval_s`` ago. Measuring from the last accepted press (not the last edge)
    means a long burst of chatter cannot postpone a press forever.

    With ``require_release=True`` a press is also refused until :meth:`release` has been seen
    for that button since its last accepted press. That is for sources that report releases
    (GPIO, the serial box's ``BTN x UP``); it stops a button that is held, or a pin that is
    stuck low, from producing more than one press.

    Presses arrive from gpiozero's threads and the serial reader thread at once, so the state
    is guarded by a lock.
    """

    def __init__(
        self,
        interval_s: float = 0.05,
        clock: Callable[[], float] = time.monotonic,
        *,
        require_release: bool = False,
    ) -> None:
        if interval_s < 0:
            raise ValueError(f"interval_s must not be negative, got {interval_s!r}")
        self.interval_s = interval_s
        self.require_release = require_release
        self._clock = clock
        self._lock = threading.Lock()
        self._last: dict[str, float] = {}
        # Buttons whose last accepted press has not yet been followed by a release.
        self._held: set[str] = set()

    def accept(self, name: str) -> bool:
        """Return True if a press of ``name`` now is a real press, and remember it."""
        with self._lock:
            now = self._clock()
            last = self._last.get(name)
            if last is not None and now - last < self.interval_s:
                return False
            if self.require_release and name in self._held:
                return False
            self._last[name] = now
            self._held.add(name)
            return True

    def release(self, name: str) -> None:
        """Note that ``name`` was released (only matters with ``require_release``)."""
        with self._lock:
            self._held.discard(name)

    def reset(self) -> None:
        """Forget every press, e.g. after a source reconnects."""
        with self._lock:
            self._last.clear()
            self._held.clear()


class EdgeDebouncer:
    """Turn the raw edges of switches into presses, looking at both edges.

    Feed it every edge with :meth:`edge` (``down=True`` when the contact closes). A press is
    accepted on a falling edge only while the button is *up*, and the button counts as up
    again only after its contact has stayed open for ``release_s`` without a single edge. So:

    * chatter while pressing is one press (the first edge is taken, at once, with no delay);
    * chatter on release never makes a second press, however long the button was held,
      because the short closings it makes come before the contact has been open for
      ``release_s``;
    * a pin that keeps toggling (a broken wire acting as an aerial, a floating input) gives at
      most the one press of its first edge; if it makes more than ``storm_edges`` edges
      faster than ``storm_rate`` a second it is muted, and only comes back after ``quiet_s``
      without an edge;
    * a pin that floats more slowly (an unconnected input, a wire touching nothing: edges a
      few dozen milliseconds apart, far below a storm, each gap long enough to pass for a
      press) is told by its *unsettled bursts*: a run of edges, each less than ``release_s``
      after the last, in which a level was held twice for longer than a bounce
      (``chatter_s``) yet shorter than ``release_s``. A switch never does that: it bounces
      for a few milliseconds and then stays where the finger put it; even a 40 ms tap holds
      one such level, not two. ``noisy_bursts`` of them within
      ``noisy_window_s`` mute the pin as *floating* until it has been quiet (no edge) for
      ``floating_quiet_s``; :attr:`floating` names it for the staff's button test, the log
      says it once. Two things no switch and no finger ever do mute it at once: the contact
      opening for longer than a bounce yet shorter than ``release_s`` (a bounce is over within
      ``chatter_s``, a finger lifts for longer than ``release_s`` before it presses again), and
      a press whose contact never stayed closed for ``touch_s`` (the shortest a finger holds a
      button down) followed, within ``lift_s``, by the contact opening for longer than a
      bounce and closing again, and the contact closing for longer than a bounce yet shorter
      than ``touch_s`` (no bounce lasts so long, no finger lets go so soon);
    * a press is taken at its first edge, at once, so the first edge of a pin that has lain
      still looks exactly like a finger and counts. With ``settle_s`` a pin that has made no
      edge since the debouncer began listening counts as pressed only after lying still for
      ``settle_s``: an input that floats from the start (an unconnected pin) makes its
      telltale levels before it ever lies still that long, and is muted without one phantom
      press. After a "press" that never stayed closed for ``touch_s`` and was not followed
      closely enough to mute the pin, the next press too needs ``settle_s`` of stillness.
      ``settle_s=0`` (the default) counts a pin never heard from as still for long.
      ``python -m tests.inputs.floating_table`` gives the figures.

    "Up for ``release_s``" is checked lazily, when the next edge arrives: nothing needs a
    timer or a thread, so an idle button costs nothing. :meth:`edge` is O(1) and never
    blocks beyond a short lock, as gpiozero's callback thread requires.

    >>> t = [0.0]
    >>> d = EdgeDebouncer(release_s=0.05, clock=lambda: t[0])
    >>> d.edge("ok", True)                    # pressed
    True
    >>> t[0] = 0.5; d.edge("ok", False)       # released after a long hold ...
    False
    >>> t[0] = 0.502; d.edge("ok", True)      # ... with chatter: not a new press
    False
    >>> t[0] = 0.503; d.edge("ok", False)
    False
    >>> t[0] = 0.7; d.edge("ok", True)        # a real second press
    True
    """

    def __init__(
        self,
        release_s: float = RELEASE_S,
        clock: Callable[[], float] = time.monotonic,
        *,
        storm_edges: int = 100,
        storm_rate: float = 50.0,
        quiet_s: float = 0.5,
        noisy_bursts: int = 2,
        noisy_window_s: float = 3.0,
        chatter_s: float = CHATTER_S,
        floating_quiet_s: float = 5.0,
        touch_s: float = TOUCH_S,
        lift_s: float = 0.1,
        settle_s: float = 0.0,
    ) -> None:
        if release_s < 0 or quiet_s < 0 or storm_edges < 1 or storm_rate <= 0:
            raise ValueError("release_s and quiet_s must be >= 0, storm_edges and storm_rate > 0")
        self.release_s = release_s
        self.storm_edges = storm_edges
        self.storm_rate = storm_rate
        self.quiet_s = quiet_s
        self.noisy_bursts, self.noisy_window_s = noisy_bursts, noisy_window_s
        self.chatter_s, self.floating_quiet_s = chatter_s, floating_quiet_s
        self.touch_s, self.lift_s = touch_s, lift_s
        self.settle_s = settle_s
        self._clock = clock
        # when the debouncer began listening: a pin's first press needs settle_s of stillness
        # counted from here (the clock is not asked without settle_s: some tests count its calls)
        self._since = clock() if settle_s > 0 else 0.0
        self._lock = threading.Lock()
        self._pins: dict[str, _PinState] = {}
        #: Edges seen and presses accepted per button, for the admin screen and the tests.
        self.edges: dict[str, int] = {}
        self.presses: dict[str, int] = {}
        #: Buttons muted right now because their pin made an edge storm.
        self.muted: set[str] = set()
        #: How many edge storms each button's pin has made.
        self.storms: dict[str, int] = {}
        #: Buttons muted right now because their pin floats (see the class's words).
        self.floating: set[str] = set()
        #: How many times each button's pin was found floating (the staff's button test).
        self.floated: dict[str, int] = {}

    def edge(self, name: str, down: bool) -> bool:
        """Note an edge of ``name``; return True if it is a new press."""
        with self._lock:
            now = self._clock()
            pin = self._pins.get(name)
            if pin is None:
                pin = self._pins[name] = self._new_pin(now)
            self.edges[name] = self.edges.get(name, 0) + 1
            quiet_for = now - pin.last_edge
            pin.last_edge = now
            if self._unsettled(name, pin, now, quiet_for, down):
                return False
            # A token bucket of edges: a real press, chatter included, spends a few tokens;
            # only a pin that keeps toggling runs out of them.
            pin.tokens = min(self.storm_edges, pin.tokens + quiet_for * self.storm_rate) - 1
            if name in self.muted:
                if quiet_for < self.quiet_s:
                    pin.down = down
                    return False
                self.muted.discard(name)
                pin.tokens = self.storm_edges - 1
                if power_of_ten(self.storms[name]):
                    log.warning("input %s is quiet again; listening to it", name)
            elif pin.tokens < 0:
                self.muted.add(name)
                pin.held = True  # a press needs a clean release after the storm
                pin.down = down
                self.storms[name] = self.storms.get(name, 0) + 1
                if power_of_ten(self.storms[name]):  # 1st, 10th, 100th: a flaky wire must not flood the log
                    log.warning("input %s makes an edge storm (loose wire?); ignoring it (storm %d)",
                                name, self.storms[name])
                return False
            was_down, pin.down = pin.down, down
            if down and not was_down and quiet_for >= self.settle_s:
                pin.settled = True  # it lay still long enough to tell a finger from a float
            if down:
                if pin.held and not was_down and quiet_for >= self.release_s:
                    pin.held = False  # the open contact was stable: the last press is over
                    if not pin.touched and quiet_for < self.settle_s:
                        # ... but it never stayed closed as a finger holds it: no finger
                        # pressed, so the next press counts only after the pin lay still again
                        pin.settled = False
                if pin.held or not pin.settled:
                    return False
                pin.held = True
                pin.touched = False
                self.presses[name] = self.presses.get(name, 0) + 1
                return True
            return False

    def _unsettled(self, name: str, pin: _PinState, now: float, quiet_for: float, down: bool) -> bool:
        """Follow ``name``'s bursts of edges; True while it is muted as floating (then the
        edge is no press). Called with the lock held."""
        if quiet_for >= self.release_s:
            pin.unsettled = 0  # the level before this edge was stable: a new burst begins
        elif quiet_for >= self.chatter_s:
            # a level held longer than a bounce and shorter than the debounce time: once is a
            # quick tap, twice in one burst is a level that never settles (and every second
            # one after that: a burst that goes on and on counts again and again)
            pin.unsettled += 1
            if pin.unsettled % 2 == 0:
                pin.noisy.append(now)
            if down:  # open too long for a bounce, too short for a finger lifted: floating
                pin.noisy += [now] * self.noisy_bursts
        if not down and quiet_for >= self.touch_s:
            pin.touched = True  # closed as long as a finger holds: the press was one
        elif not down and quiet_for >= self.chatter_s:
            # closed longer than a bounce, let go sooner than a finger does: floating
            pin.noisy += [now] * self.noisy_bursts
        if down and pin.held and not pin.touched and self.chatter_s <= quiet_for < self.lift_s:
            # the last press was an edge, not a finger: it never stayed closed, and the pin
            # closes again sooner than a hand comes back
            pin.noisy += [now] * self.noisy_bursts
        while pin.noisy and now - pin.noisy[0] > self.noisy_window_s:
            pin.noisy.pop(0)
        if name in self.floating:
            if quiet_for < self.floating_quiet_s:
                pin.down = down
                return True
            self.floating.discard(name)  # quiet long enough: a person may have fixed it
            pin.noisy.clear()
            if power_of_ten(self.floated[name]):
                log.warning("input %s is quiet again; listening to it", name)
            return False
        if len(pin.noisy) >= self.noisy_bursts:
            self.floating.add(name)
            self.floated[name] = self.floated.get(name, 0) + 1
            pin.held = True  # a press needs a clean release once it is back
            pin.down = down
            if power_of_ten(self.floated[name]):
                log.warning("input %s floats (edges that never settle: unconnected or loose wire?); "
                            "ignoring it (time %d)", name, self.floated[name])
            return True
        return False

    def _new_pin(self, now: float) -> _PinState:
        """The state of a pin heard from for the first time, at ``now``."""
        if self.settle_s > 0:
            # it has lain still since we began listening, and no longer as far as we know
            return _PinState(last_edge=self._since, tokens=self.storm_edges, settled=False)
        # a pin never heard from has been quiet for long (not just release_s: a rounding
        # error would make that a level held shorter than the debounce time)
        return _PinState(last_edge=now - self.release_s - 1.0, tokens=self.storm_edges, settled=True)

    def is_held(self, name: str) -> bool:
        """True while ``name`` counts as pressed (its release is not yet confirmed)."""
        with self._lock:
            pin = self._pins.get(name)
            if pin is None or not pin.held:
                return False
            if not pin.down and self._clock() - pin.last_edge >= self.release_s:
                return False
            return True

    def reset(self) -> None:
        """Forget every button (with ``settle_s``, each must lie still again before it counts)."""
        with self._lock:
            if self.settle_s > 0:
                self._since = self._clock()
            self._pins.clear()
            self.muted.clear()
            self.floating.clear()


def power_of_ten(n: int) -> bool:
    """Whether to log the ``n``-th of a repeating problem: the 1st, 10th, 100th, ...

    >>> [n for n in range(1, 1001) if power_of_ten(n)]
    [1, 10, 100, 1000]
    """
    return n > 0 and str(n).strip("0") == "1"


class _PinState:
    """What :class:`EdgeDebouncer` remembers of one pin."""

    __slots__ = ("down", "held", "last_edge", "noisy", "settled", "tokens", "touched", "unsettled")

    def __init__(self, last_edge: float, tokens: float, *, settled: bool) -> None:
        self.down = False      # raw level at the last edge
        self.held = False      # a press was accepted and its release is not confirmed
        self.last_edge = last_edge
        self.tokens = float(tokens)
        self.unsettled = 0            # levels held longer than a bounce in the burst under way
        self.touched = True           # the contact stayed closed for touch_s since the last press
        self.noisy: list[float] = []  # when the recent unsettled bursts were seen
        self.settled = settled        # it lay still for settle_s once: its presses may count
