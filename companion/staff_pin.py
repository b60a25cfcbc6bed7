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

import os
import re
import sys
import tempfile
import tomllib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from companion.settings import SETTINGS_FILE

__all__ = ["Lockout", "PinError", "check_pin", "hash_pin", "read_pin_hash", "valid_pin", "write_pin_hash"]

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


# hashlib (OpenSSL), hmac, secrets and base64 are imported where a PIN is hashed or checked:
# the settings read at every start need none of them, and OpenSSL alone costs the first frame
# more than the menu's whole drawing.


def _b64(data: bytes) -> str:
    import base64

    return base64.b64encode(data).decode("ascii")


def hash_pin(pin: str, *, salt: bytes | None = None, n: int = N, r: int = R, p: int = P) -> str:
    """The salted scrypt hash of ``pin``, parameters included; a new random salt by default."""
    if not valid_pin(pin):
        raise PinError("the staff PIN must be 4 to 8 digits")
    import hashlib
    import secrets

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
    import base64
    import hashlib
    import hmac

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

    The clock is injected, so tests need no waiting:

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

    def locked_for(self) -> float:
        """Seconds until a PIN may be tried again (0.0: now)."""
        return max(0.0, self.until - self.clock())

    def wrong(self) -> float:
        """Note a wrong PIN; returns how long the menu is now locked (0.0 if not yet)."""
        self.misses += 1
        if self.misses < self.tries:
            return 0.0
        self.misses = 0
        self.until = self.clock() + self.first * 2**self.lockouts
        self.lockouts += 1
        return self.locked_for()

    def right(self) -> None:
        """A right PIN forgives everything before it."""
        self.misses = self.lockouts = 0
        self.until = 0.0

    def attempt(self, pin: str, stored: str) -> bool | None:
        """Try ``pin``: True (right), False (wrong), None (locked: not even looked at)."""
        if self.locked_for() > 0:
            return None
        if check_pin(pin, stored):
            self.right()
            return True
        self.wrong()
        return False


# -- the settings file in the data directory ---------------------------------------------------
_STAFF_PIN_LINE = re.compile(r"^[ \t]*pin[ \t]*=.*$", re.MULTILINE)


def read_pin_hash(data_dir: Path | str) -> str | None:
    """The stored hash from ``<data>/settings.toml`` (``[staff] pin = "scrypt$..."``), if any."""
    path = Path(data_dir) / SETTINGS_FILE
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError):
        return None
    staff = data.get("staff")
    pin = staff.get("pin") if isinstance(staff, dict) else None
    return pin if isinstance(pin, str) else None


def write_pin_hash(data_dir: Path | str, stored: str) -> Path:
    """Put ``stored`` into ``<data>/settings.toml``, keeping everything else in the file.

    Written to a temporary file first and moved into place, so a power cut leaves either the
    old or the new file, never half of one.
    """
    path = Path(data_dir) / SETTINGS_FILE
    old = path.read_text(encoding="utf-8") if path.exists() else ""
    line = f'pin = "{stored}"'
    section = re.search(r"^\[staff\][ \t]*$", old, re.MULTILINE)
    if section is None:
        text = (old.rstrip("\n") + "\n\n" if old.strip() else "") + f"[staff]\n{line}\n"
    else:
        start = section.end()
        following = re.search(r"^\[", old[start:], re.MULTILINE)
        end = start + following.start() if following else len(old)
        body = old[start:end]
        if _STAFF_PIN_LINE.search(body):
            body = _STAFF_PIN_LINE.sub(lambda _: line, body, count=1)
        else:
            body = f"\n{line}" + body
        text = old[:start] + body + old[end:]
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, temp = tempfile.mkstemp(dir=path.parent, prefix=".settings-")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.chmod(temp, 0o640)
        os.replace(temp, path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise
    return path


def main(argv: list[str] | None = None) -> int:
    """``set``: hash the PIN read from standard input into the settings; ``check``: exit 0 if right."""
    import argparse

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
    path = write_pin_hash(args.data, hash_pin(pin))
    # whoever may set the PIN may also forgive the wrong guesses made with the old one
    from companion import settings

    kept = settings.load(args.data)
    if kept.lock != settings.LockoutState():
        kept.lock = settings.LockoutState()
        settings.save(args.data, kept)
    print(f"staff PIN stored in {path}; any lockout lifted")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
