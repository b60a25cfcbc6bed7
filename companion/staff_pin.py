"""The staff PIN: stored only as a salted scrypt hash, and a lockout after wrong guesses.

The PIN guards the staff menu (end a game, export, language, shut down). It is a few digits,
so the hash is deliberately slow (scrypt from the standard library, about 16 MiB and a few
hundred milliseconds on a Pi Zero 2 W) and wrong guesses lock the menu: three wrong PINs lock
it for a minute, the next three for two minutes, then four, and so on; a right PIN forgives.

The stored text names its own parameters, so they can be raised later without breaking the
PINs already set::

    scrypt$n=16384,r=8,p=1$<salt, base64>$<hash, base64>

>>> stored = hash_pin("2468")
>>> check_pin("2468", stored), check_pin("1357", stored), "2468" in stored
(True, False, False)

The installer sets it through the installed program, with the PIN on standard input (never
on a command line that ``ps`` would show)::

    echo 2468 | python -m companion.staff_pin set --data /var/lib/companion
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import hmac
import math
import os
import re
import secrets
import sys
import time
import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path

from companion import settings
from companion.atomic import atomic_write

__all__ = ["KeptLockout", "Lockout", "PinError", "check_pin", "hash_pin", "read_pin_hash", "spare_files", "valid_pin",
           "write_pin_hash"]

#: scrypt's cost: 2**14 × 8 × 128 bytes = 16 MiB of memory per check.
N, R, P = 2**14, 8, 1
SALT_BYTES, KEY_BYTES = 16, 32
#: A stored hash asking for more than this is refused rather than computed (a broken or
#: hostile settings file must not make the companion swap itself to death).
MAX_N = 2**20
PIN_PATTERN = re.compile(r"[0-9]{4,8}")


class PinError(ValueError):
    """A PIN that cannot be used (not 4 to 8 digits)."""


def valid_pin(pin: str) -> bool:
    """A staff PIN is 4 to 8 digits (typed on the die keypad).

    >>> valid_pin("0815"), valid_pin("12"), valid_pin("12a4")
    (True, False, False)
    """
    return PIN_PATTERN.fullmatch(pin) is not None


def _b64(data: bytes) -> str:
    return base64.b64encode(data).decode("ascii")


def hash_pin(pin: str, *, salt: bytes | None = None, n: int = N, r: int = R, p: int = P) -> str:
    """The salted scrypt hash of ``pin``, parameters included; a new random salt by default."""
    if not valid_pin(pin):
        raise PinError("the staff PIN must be 4 to 8 digits")
    salt = secrets.token_bytes(SALT_BYTES) if salt is None else salt
    key = hashlib.scrypt(pin.encode("ascii"), salt=salt, n=n, r=r, p=p, maxmem=_maxmem(n, r), dklen=KEY_BYTES)
    return f"scrypt$n={n},r={r},p={p}${_b64(salt)}${_b64(key)}"


def _maxmem(n: int, r: int) -> int:
    # OpenSSL needs a little more than 128·n·r bytes; its default cap is 32 MiB.
    return 128 * n * r + 4 * 1024 * 1024


def check_pin(pin: str, stored: str) -> bool:
    """Whether ``pin`` matches ``stored``; a malformed stored text matches nothing."""
    match = re.fullmatch(r"scrypt\$n=(\d+),r=(\d+),p=(\d+)\$([A-Za-z0-9+/=]+)\$([A-Za-z0-9+/=]+)", stored.strip())
    if match is None or not valid_pin(pin):
        return False
    n, r, p = (int(match.group(i)) for i in (1, 2, 3))
    if not (2 <= n <= MAX_N and n & (n - 1) == 0 and 1 <= r <= 32 and 1 <= p <= 16):
        return False
    try:
        salt, key = base64.b64decode(match.group(4), validate=True), base64.b64decode(match.group(5), validate=True)
        computed = hashlib.scrypt(pin.encode("ascii"), salt=salt, n=n, r=r, p=p,
                                  maxmem=_maxmem(n, r), dklen=len(key))
    except (ValueError, MemoryError):
        return False
    return hmac.compare_digest(computed, key)


@dataclass
class Lockout:
    """Counts wrong PINs: every third wrong one locks for ``first`` seconds, doubling each time.

    ``clock`` runs on within one run of the companion and is never set back (the monotonic
    clock); :meth:`restore` and :meth:`saved` turn the lock into a wall-clock deadline for the
    settings file and back. The clock is injected, so tests need no waiting:

    >>> now = [0.0]
    >>> lock = Lockout(clock=lambda: now[0])
    >>> [lock.wrong() for _ in range(3)]
    [0.0, 0.0, 60.0]
    >>> lock.locked_for()
    60.0
    >>> now[0] = 60.0; lock.locked_for()
    0.0
    """

    clock: Callable[[], float]
    tries: int = 3
    first: float = 60.0
    misses: int = 0
    lockouts: int = 0
    until: float = 0.0
    #: the lockout cannot be kept anywhere: a lock lasts until the companion is restarted
    for_the_run: bool = False

    def longest(self) -> float:
        """How long the last lock was (0.0 before the first)."""
        return self.first * 2 ** (self.lockouts - 1) if self.lockouts else 0.0

    def locked_for(self) -> float:
        """Seconds until a PIN may be tried again (0.0: now; ``inf``: not in this run)."""
        return max(0.0, self.until - self.clock())

    def wrong(self) -> float:
        """Note a wrong PIN; returns how long the menu is now locked (0.0 if not yet)."""
        self.misses += 1
        if self.misses < self.tries:
            return 0.0
        self.misses = 0
        self.until = math.inf if self.for_the_run else self.clock() + self.first * 2**self.lockouts
        self.lockouts += 1
        return self.locked_for()

    def right(self) -> None:
        """A right PIN forgives everything before it."""
        self.misses = self.lockouts = 0
        self.until = 0.0

    def hold_for_the_run(self) -> None:
        """Nothing can keep the count over a restart: from now on a lock, and the one running
        now, lasts until the companion is restarted (a restart gives three tries, no more)."""
        self.for_the_run = True
        if self.locked_for() > 0:
            self.until = math.inf

    def attempt(self, pin: str, stored: str) -> bool | None:
        """Try ``pin``: True (right), False (wrong), None (locked: not even looked at)."""
        if self.locked_for() > 0:
            return None
        if check_pin(pin, stored):
            self.right()
            return True
        self.wrong()
        return False

    @classmethod
    def restore(cls, saved: settings.LockoutState, wall: float, clock: Callable[[], float]) -> Lockout:
        """The lockout as it was saved, on ``clock`` from now (``wall`` is the wall clock now).
        A wall clock set back or forward since (a Pi without a real-time clock restores an
        older time after a power cut) shortens the lock running then, or makes it whole
        again, never longer than it was."""
        gate = cls(clock=clock, misses=saved.misses, lockouts=saved.lockouts)
        left = min(max(0.0, saved.until - wall), gate.longest())
        gate.until = gate.clock() + left if left > 0 else 0.0
        return gate

    def saved(self, wall: float) -> settings.LockoutState:
        """The count to save, its lock as a wall-clock deadline (``wall``: the wall clock now)."""
        left = self.locked_for()
        return settings.LockoutState(self.misses, self.lockouts,
                                     wall + min(left, self.longest()) if left > 0 else 0.0)


# -- the settings file in the data directory ---------------------------------------------------
def read_pin_hash(data_dir: Path | str) -> str | None:
    """The stored hash from ``<data>/settings.toml`` (``[staff] pin = "scrypt$..."``), if any."""
    return settings.load(data_dir).pin


def write_pin_hash(data_dir: Path | str, stored: str) -> Path:
    """Put ``stored`` into ``<data>/settings.toml``, keeping everything else in the file
    (written whole or not at all, see :func:`companion.settings.save`)."""
    settings.change(data_dir, pin=stored)
    return settings.settings_path(data_dir)


# -- the lockout of a run, kept over restarts -----------------------------------------------------
#: the lockout's own file, in a spare folder, where ``settings.toml`` cannot be written
LOCKOUT_FILE = "lockout.toml"


def spare_files(data_dir: Path | str, env: Mapping[str, str] | None = None) -> list[Path]:
    """Where the lockout is kept when ``settings.toml`` cannot be written (a write-protected
    card, a data folder on a read-only mount): the service's state and runtime folders
    (systemd's ``$STATE_DIRECTORY`` and ``$RUNTIME_DIRECTORY``, the companion user's alone),
    else the login session's (``$XDG_RUNTIME_DIR/companion``); never the data folder itself,
    and never a folder others may write (such as ``/tmp``)."""
    env = os.environ if env is None else env
    folders = [Path(p) for p in env.get("STATE_DIRECTORY", "").split(":") if p]
    folders += [Path(p) for p in env.get("RUNTIME_DIRECTORY", "").split(":") if p]
    if env.get("XDG_RUNTIME_DIR"):
        folders.append(Path(env["XDG_RUNTIME_DIR"]) / "companion")
    here = os.path.abspath(data_dir)
    return [f / LOCKOUT_FILE for f in folders if os.path.abspath(f) != here]


def _spare_lock(path: Path) -> settings.LockoutState:
    try:
        with open(path, "rb") as f:
            return settings.parse(tomllib.load(f)).lock
    except (OSError, ValueError):
        return settings.LockoutState()


class KeptLockout:
    """The PIN lockout of one run of the companion, kept after every try so that neither
    pulling the plug nor setting the clock back forgives a wrong PIN.

    Within the run it counts on the monotonic clock (``clock``); the deadline is saved on the
    wall clock (``wall``) in ``settings.toml``, else in a spare folder (:func:`spare_files`),
    else nowhere: then a lock lasts for the rest of the run (:meth:`Lockout.hold_for_the_run`).
    At start the strictest of what was kept counts.
    """

    def __init__(self, data_dir: Path | str, clock: Callable[[], float] = time.monotonic,
                 wall: Callable[[], float] = time.time, env: Mapping[str, str] | None = None) -> None:
        self.folder = Path(data_dir)
        self.wall = wall
        self.spares = spare_files(self.folder, env)
        kept = [settings.load(self.folder).lock, *(_spare_lock(p) for p in self.spares if p.exists())]
        strictest = settings.LockoutState(max(k.misses for k in kept), max(k.lockouts for k in kept),
                                          max(k.until for k in kept))
        self.gate = Lockout.restore(strictest, wall(), clock)
        #: where the count went the last time: the settings file, a spare file, or nowhere (None)
        self.kept_in: Path | None = settings.settings_path(self.folder)

    def attempt(self, pin: str, stored: str) -> bool | None:
        """Try ``pin`` (see :meth:`Lockout.attempt`) and keep the count at once."""
        right = self.gate.attempt(pin, stored)
        self.keep()
        return right

    def keep(self) -> Path | None:
        """Save the count: the settings file, else the first spare file that can be written,
        else nothing (and the lock holds for the run). Returns where it went."""
        state = self.gate.saved(self.wall())
        try:
            settings.change(self.folder, lock=state)
        except OSError:
            pass
        else:
            for spare in self.spares:  # the settings file counts again: an old spare must not
                try:
                    spare.unlink(missing_ok=True)
                except OSError:
                    pass
            self.kept_in = settings.settings_path(self.folder)
            return self.kept_in
        text = settings.dumps({"lockout": {"misses": state.misses, "lockouts": state.lockouts,
                                           "until": float(state.until)}})
        for spare in self.spares:
            try:
                self.kept_in = atomic_write(spare, text)
                return self.kept_in
            except OSError:
                continue
        self.kept_in = None
        self.gate.hold_for_the_run()
        return None


def main(argv: list[str] | None = None) -> int:
    """``set``: hash the PIN read from standard input into the settings; ``check``: exit 0 if right."""
    parser = argparse.ArgumentParser(prog="python -m companion.staff_pin", description=main.__doc__)
    parser.add_argument("command", choices=["set", "check"])
    parser.add_argument("--data", required=True, help="the data directory holding settings.toml")
    args = parser.parse_args(argv)
    pin = sys.stdin.readline().strip()
    if args.command == "check":
        stored = read_pin_hash(args.data)
        return 0 if stored is not None and check_pin(pin, stored) else 1
    if not valid_pin(pin):
        print("the staff PIN must be 4 to 8 digits", file=sys.stderr)
        return 2
    # whoever may set the PIN may also forgive the wrong guesses made with the old one
    settings.change(args.data, pin=hash_pin(pin), lock=settings.LockoutState())
    for spare in spare_files(args.data):
        try:
            spare.unlink(missing_ok=True)
        except OSError:
            pass  # another user's runtime folder: it ends with that run
    print(f"staff PIN stored in {settings.settings_path(args.data)}; any lockout lifted")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
