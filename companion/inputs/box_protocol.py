"""The serial button box's line protocol, as pure functions (``hardware/serial-box.md``).

Parsing and numbering live here, apart from the threads and the port in
:mod:`companion.inputs.serial_box`, so that every rule can be tested with plain strings.

A line is ASCII text of at most :data:`MAX_LINE` characters. It may end in ``*XX``, a
checksum: the XOR of every byte before the ``*``, as two hexadecimal digits (as in NMEA).
Protocol 2 numbers each event with a last word ``#<n>`` (``n`` from 1 to 65535, then 1
again); the host answers ``ACK <n>``.

>>> parse("BTN ROLL DOWN #17")
Line(verb='BTN', args=('ROLL', 'DOWN'), seq=17)
>>> parse("btn ok down*" + checksum("btn ok down"))
Line(verb='BTN', args=('ok', 'down'), seq=None)
>>> parse("BTN OK DOWN*00")
Bad(reason='bad checksum')
>>> parse("DIE \\u0664")          # an Arabic-Indic four is not an ASCII digit
Bad(reason='not ASCII text')
>>> die_value(Line("DIE", ("\\u0664",))) is None
True
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from dataclasses import dataclass

__all__ = [
    "MAX_LINE",
    "MAX_SEQ",
    "PROTOCOL_VERSION",
    "Bad",
    "Line",
    "RepeatFilter",
    "SeqTracker",
    "ack_number",
    "checksum",
    "die_value",
    "event_number",
    "parse",
    "with_checksum",
]

#: Longest accepted line in characters, not counting the line ending.
MAX_LINE = 80
#: Event numbers run from 1 to MAX_SEQ, then start again at 1.
MAX_SEQ = 65535
#: The protocol version this host speaks (``HELLO ... proto=2``); protocol 1 boxes still work.
PROTOCOL_VERSION = "2"

# ASCII digits only: str.isdigit() and \d also accept "٤" (ARABIC-INDIC DIGIT FOUR) and
# other scripts' digits, which int() happily turns into 4.
_SEQ = re.compile(r"#([0-9]{1,5})")
_HEX2 = re.compile(r"[0-9A-Fa-f]{2}")
_DIE = re.compile(r"[1-6]")
_NUMBER = re.compile(r"[0-9]{1,5}")


@dataclass(frozen=True)
class Line:
    """A well-formed line: the verb in upper case, the other words, the event number."""

    verb: str
    args: tuple[str, ...]
    seq: int | None = None


@dataclass(frozen=True)
class Bad:
    """A line that is ignored, and why (for the count and the debug log)."""

    reason: str


def checksum(body: str) -> str:
    """XOR of the bytes of ``body`` as two upper-case hex digits.

    >>> checksum("PING")
    '10'
    """
    value = 0
    for byte in body.encode("ascii"):
        value ^= byte
    return f"{value:02X}"


def with_checksum(body: str) -> str:
    """``body`` with its ``*XX`` suffix, as the box may send it.

    >>> with_checksum("ACK 17")
    'ACK 17*6F'
    """
    return f"{body}*{checksum(body)}"


def parse(text: str) -> Line | Bad | None:
    """Parse one line (without its ``\\n``); None for a blank line, :class:`Bad` if unusable.

    Only the form is checked here (ASCII, length, checksum, the ``#n`` number); whether the
    verb and its words make sense is for the caller, which knows the verbs.
    """
    text = text.strip()
    if not text:
        return None
    if len(text) > MAX_LINE:
        return Bad("over-long line")
    if not text.isascii() or not text.isprintable():
        return Bad("not ASCII text")
    star = text.rfind("*")
    if star >= 0:
        body, given = text[:star], text[star + 1 :]
        if not _HEX2.fullmatch(given):
            return Bad("malformed checksum")
        if given.upper() != checksum(body):
            return Bad("bad checksum")
        text = body.strip()
    words = text.split()
    if not words:
        return Bad("empty line with a checksum")
    seq: int | None = None
    if len(words) > 1 and words[-1].startswith("#"):
        match = _SEQ.fullmatch(words[-1])
        if match is None or not 1 <= int(match.group(1)) <= MAX_SEQ:
            return Bad("bad event number")
        seq = int(match.group(1))
        words = words[:-1]
    return Line(words[0].upper(), tuple(words[1:]), seq)


def event_number(word: str) -> int | None:
    """An event number written as a word: 1 to 5 ASCII digits, 1 to :data:`MAX_SEQ`.

    >>> event_number("17"), event_number("017"), event_number("0"), event_number("99999")
    (17, 17, None, None)
    """
    if not _NUMBER.fullmatch(word):
        return None
    value = int(word)
    return value if 1 <= value <= MAX_SEQ else None


def ack_number(line: Line) -> int | None:
    """The number of an ``ACK <n>`` line (further words ignored), or None.

    The boxes read the companion's ``ACK`` by this same rule (``hardware/serial-box.md``,
    "Reading a line").

    >>> ack_number(Line("ACK", ("17", "x"))), ack_number(Line("ACK", ("17x",)))
    (17, None)
    """
    if line.verb != "ACK" or not line.args:
        return None
    return event_number(line.args[0])


def die_value(line: Line) -> int | None:
    """The face of a ``DIE <1-6>`` line, or None if the value is anything else.

    >>> die_value(Line("DIE", ("4",)))
    4
    >>> die_value(Line("DIE", ("04",))) is None
    True
    """
    if len(line.args) != 1 or not _DIE.fullmatch(line.args[0]):
        return None
    return int(line.args[0])


class SeqTracker:
    """Which numbered events are new, which are repeats, and which are too far behind.

    A box resends an event until it sees ``ACK n`` (the ACK can be lost, or the port
    reopened before it arrived), for two seconds at most, and keeps at most 8 events for
    resending. So, measured from the last number taken:

    - a number ahead (by less than half the range) is new; the numbers it skips were lost on
      the way and are counted in :attr:`missed`;
    - a number at most :attr:`window` behind is a repeat if it was seen (acknowledged again,
      never acted on twice), else a late event that is new;
    - a number further behind is never taken (:meth:`behind`): either the box restarted,
      which its ``HELLO`` with a new boot id tells (then :meth:`reset`), or it is refused.

    >>> t = SeqTracker()
    >>> t.check(1), t.check(2), t.check(2), t.check(5), t.missed
    (True, True, False, True, 2)
    >>> t.check(200), t.behind(200 - 130), t.behind(190), t.check(70), t.refused
    (True, True, False, False, 1)
    """

    def __init__(self, window: int = 64) -> None:
        self.window = window
        self._seen: set[int] = set()  # numbers seen, at most `window` behind the last
        self._last: int | None = None
        #: Events whose number was skipped (lost between the box and here).
        self.missed = 0
        #: Repeated events that were ignored.
        self.repeats = 0
        #: Events refused because their number was far behind and the box had not restarted.
        self.refused = 0
        #: How many events the last :meth:`check` found missing before it (0 if none).
        self.gap = 0

    @property
    def last(self) -> int | None:
        """The highest number taken since the last :meth:`reset`, or None."""
        return self._last

    def _back(self, seq: int) -> int:
        """How far ``seq`` is behind the last number (0 for the same, MAX_SEQ // 2 or more
        means ahead)."""
        assert self._last is not None
        return (self._last - seq) % MAX_SEQ

    def behind(self, seq: int) -> bool:
        """True if ``seq`` is further behind the last number than the window: not a resend."""
        if self._last is None:
            return False
        back = self._back(seq)
        return self.window < back <= MAX_SEQ // 2

    def check(self, seq: int) -> bool:
        """True if event ``seq`` is new (act on it), False if it is a repeat or refused."""
        self.gap = 0
        if self.behind(seq):
            self.refused += 1
            return False
        if seq in self._seen:
            self.repeats += 1
            return False
        self._seen.add(seq)
        if self._last is None or self._back(seq) > MAX_SEQ // 2:
            if self._last is not None:
                self.gap = (seq - self._last) % MAX_SEQ - 1
                self.missed += self.gap
            self._last = seq
            self._seen = {n for n in self._seen if self._back(n) <= self.window}
        elif self.missed:
            self.missed -= 1  # a late one, counted as missing when a later number came first
        return True

    def reset(self) -> None:
        """Forget the numbers: the box restarted (a ``HELLO`` with a new boot id)."""
        self._seen.clear()
        self._last = None


class RepeatFilter:
    """Tells new presses from repeated lines for a box without event numbers (protocol 1).

    A box that reports releases must send ``UP`` between two presses of a button. For a
    box that never sends ``UP``, a ``DOWN`` counts if the last ``DOWN`` line of that button
    came at least ``repeat_s`` earlier, measured from the last *line*, so a long flood of
    one line acts once.

    >>> t = [0.0]
    >>> f = RepeatFilter(clock=lambda: t[0])
    >>> f.down("ok"), f.down("ok")
    (True, False)
    >>> f.up("ok"); f.down("ok")           # released in between: a new press at once
    True
    >>> t[0] = 1.0; f.down("ok")           # this box sends UP, so no UP means a repeat
    False
    """

    def __init__(self, repeat_s: float = 0.05, clock: Callable[[], float] = time.monotonic) -> None:
        self.repeat_s = repeat_s
        self._clock = clock
        self._last_down: dict[str, float] = {}
        self._released: set[str] = set()
        self._reports_up = False

    def down(self, name: str) -> bool:
        """A ``DOWN`` line for ``name`` arrived; True if it is a new press."""
        now = self._clock()
        last = self._last_down.get(name)
        self._last_down[name] = now
        if name in self._released:
            self._released.discard(name)
            return True
        if self._reports_up and last is not None:
            return False
        return last is None or now - last >= self.repeat_s

    @property
    def reports_up(self) -> bool:
        """True once this box has sent an ``UP`` line (since the last :meth:`reset`)."""
        return self._reports_up

    def up(self, name: str) -> None:
        """An ``UP`` line for ``name`` arrived."""
        self._reports_up = True
        self._released.add(name)

    def reset(self) -> None:
        self._last_down.clear()
        self._released.clear()
        self._reports_up = False
