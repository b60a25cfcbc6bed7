"""The café's settings: ``settings.toml`` in the data directory, beside the games.

The staff menu changes them; the app applies them at start. The same file holds the staff
PIN's hash (``[staff] pin``, written by the installer through :mod:`companion.staff_pin`); it
is kept exactly as it is whenever the settings are saved. Everything else::

    [screen]
    language = "de"          # "de" or "en"
    volume = 100             # sound volume, 0 to 100 per cent
    staff_timeout = 120      # seconds without a touch before the staff menu locks itself

    [store]
    keep_finished = 500      # ended games kept; older ones are deleted, unfinished ones never

    [options.suleika]        # what the setup screen starts from, per game and option
    corner_loops = "TR_BL"

    [lockout]                # wrong staff PINs, so that pulling the plug does not forgive them
    misses = 0
    lockouts = 0
    until = 0.0              # wall-clock seconds (time.time()) until which the menu is locked

A missing, unreadable or half-edited file never stops the companion: every value that is
missing or not usable falls back to its default. Saving writes a temporary file, syncs it and
moves it into place, so a power cut leaves the old file or the new one, never half of one.

>>> s = Settings()
>>> s.volume, s.language, option_defaults("suleika", s)["corner_loops"]
(100, None, 'TR_BL')
>>> s.options["suleika"] = {"corner_loops": "TL_BR", "rules": "chess"}
>>> option_defaults("suleika", s)["corner_loops"], option_defaults("suleika", s)["rules"]
('TL_BR', 'suleika')
"""

from __future__ import annotations

import json
import math
import os
import tempfile
import time
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from companion.session.store import KEEP_FINISHED

if TYPE_CHECKING:
    from companion.staff_pin import Lockout

#: the settings file's name in the data directory (it also holds the staff PIN's hash)
SETTINGS_FILE = "settings.toml"

__all__ = ["LANGUAGES", "Settings", "data_dir", "load", "lockout", "option_defaults", "save", "save_lockout",
           "settings_path"]

LANGUAGES = ("de", "en")
DEFAULT_VOLUME = 100
#: seconds without a touch or a press after which the staff menu closes (and needs the PIN)
DEFAULT_STAFF_TIMEOUT = 120
#: the ended games the staff may keep: the store prunes the older ones (never an unfinished one)
KEEP_CHOICES = (20, 50, 100, 200, 500, 1000, 2000, 5000, 10000)


def data_dir(store_path: str | os.PathLike[str] | None = None) -> Path:
    """The data directory: the store's folder, else ``$COMPANION_DATA``, else the XDG default.

    >>> data_dir("/var/lib/companion/companion.sqlite3")
    PosixPath('/var/lib/companion')
    """
    if store_path is not None and str(store_path) != ":memory:" and not str(store_path).startswith("file:"):
        return Path(store_path).parent
    from companion.session.store import default_path

    return default_path().parent


def settings_path(folder: str | os.PathLike[str]) -> Path:
    return Path(folder) / SETTINGS_FILE


class LockoutState(NamedTuple):
    """The wrong-PIN count as stored (see :class:`companion.staff_pin.Lockout`); a named tuple,
    as it is read before the first frame."""

    misses: int = 0
    lockouts: int = 0
    until: float = 0.0


class Settings:
    """What the staff can set. ``language`` None: the language the app was started with.

    A plain class, not a data class: it is read before the first frame, and a data class is
    compiled from source when it is defined.
    """

    def __init__(self, language: str | None = None, volume: int = DEFAULT_VOLUME,
                 staff_timeout: int = DEFAULT_STAFF_TIMEOUT, keep_finished: int = KEEP_FINISHED,
                 options: dict[str, dict[str, Any]] | None = None, lock: LockoutState | None = None) -> None:
        self.language = language
        self.volume = volume
        #: seconds the staff menu stays open without a touch (30 to 3600)
        self.staff_timeout = staff_timeout
        #: ended games kept in the store (see KEEP_CHOICES); older ones are pruned
        self.keep_finished = keep_finished
        #: game -> option key -> the value the setup screen starts from
        self.options: dict[str, dict[str, Any]] = {} if options is None else options
        self.lock = LockoutState() if lock is None else lock

    def __eq__(self, other: object) -> bool:
        return type(other) is Settings and vars(self) == vars(other)

    __hash__ = None  # type: ignore[assignment]  # mutable

    def __repr__(self) -> str:
        return f"Settings({', '.join(f'{k}={v!r}' for k, v in vars(self).items())})"


def _int(value: Any, low: int, high: int, default: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        return default
    return min(high, max(low, value))


def _read(path: Path) -> dict[str, Any]:
    try:
        with open(path, "rb") as f:
            return tomllib.load(f)
    except (OSError, ValueError):  # unreadable, not UTF-8 or not TOML
        return {}


def _section(data: dict[str, Any], name: str) -> dict[str, Any]:
    """The TOML table ``[name]``, or an empty one where it is missing or not a table."""
    value = data.get(name)
    return value if isinstance(value, dict) else {}


def load(folder: str | os.PathLike[str]) -> Settings:
    """The settings in ``folder`` (defaults for whatever is missing or broken)."""
    data = _read(settings_path(folder))
    screen = _section(data, "screen")
    lang = screen.get("language")
    options = {str(g): dict(v) for g, v in _section(data, "options").items() if isinstance(v, dict)}
    raw_lock = _section(data, "lockout")
    until = raw_lock.get("until", 0.0)
    until = float(until) if isinstance(until, (int, float)) and not isinstance(until, bool) else 0.0
    lock = LockoutState(_int(raw_lock.get("misses"), 0, 1000, 0), _int(raw_lock.get("lockouts"), 0, 30, 0),
                        until if math.isfinite(until) else 0.0)
    store = _section(data, "store")
    return Settings(language=lang if lang in LANGUAGES else None,
                    volume=_int(screen.get("volume"), 0, 100, DEFAULT_VOLUME),
                    staff_timeout=_int(screen.get("staff_timeout"), 30, 3600, DEFAULT_STAFF_TIMEOUT),
                    keep_finished=_int(store.get("keep_finished"), KEEP_CHOICES[0], KEEP_CHOICES[-1],
                                       KEEP_FINISHED),
                    options=options, lock=lock)


# -- writing -----------------------------------------------------------------------------------
def _value(v: Any) -> str:
    """A TOML value (strings as JSON strings: the same escapes)."""
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, float)):
        return repr(v)
    return json.dumps(str(v), ensure_ascii=False)


def _key(k: str) -> str:
    return k if k and all(c.isalnum() or c in "_-" for c in k) else json.dumps(k, ensure_ascii=False)


def _table(name: str, table: dict[str, Any], out: list[str]) -> None:
    plain = {k: v for k, v in table.items() if not isinstance(v, dict)}
    nested = {k: v for k, v in table.items() if isinstance(v, dict)}
    if plain or not nested:
        out.append(f"[{name}]")
        for k, v in plain.items():
            if isinstance(v, list):
                out.append(f"{_key(k)} = [{', '.join(_value(x) for x in v)}]")
            else:
                out.append(f"{_key(k)} = {_value(v)}")
        out.append("")
    for k, v in nested.items():
        _table(f"{name}.{_key(k)}", v, out)


def dumps(data: dict[str, Any]) -> str:
    """``data`` (tables of plain values) as TOML text.

    >>> print(dumps({"screen": {"volume": 50}, "options": {"suleika": {"x": True}}}).strip())
    # The companion's settings; the staff menu writes this file (the installer the PIN).
    <BLANKLINE>
    [screen]
    volume = 50
    <BLANKLINE>
    [options.suleika]
    x = true
    """
    out = ["# The companion's settings; the staff menu writes this file (the installer the PIN).", ""]
    for name, table in data.items():
        if isinstance(table, dict):
            _table(_key(name), table, out)
    return "\n".join(out)


def save(folder: str | os.PathLike[str], settings: Settings) -> Path:
    """Write ``settings`` into ``<folder>/settings.toml``, keeping the PIN and unknown tables."""
    path = settings_path(folder)
    data = _read(path)
    screen: dict[str, Any] = {"volume": settings.volume, "staff_timeout": settings.staff_timeout}
    if settings.language in LANGUAGES:
        screen["language"] = settings.language
    data["screen"] = screen
    data["store"] = {"keep_finished": settings.keep_finished}
    data["options"] = {g: dict(v) for g, v in settings.options.items() if v}
    lock = settings.lock
    data["lockout"] = {"misses": lock.misses, "lockouts": lock.lockouts, "until": float(lock.until)}
    # the PIN's table first, as the installer writes it
    ordered = {k: data[k] for k in ("staff",) if k in data} | {k: v for k, v in data.items() if k != "staff"}
    return _write(path, dumps(ordered))


def _write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, temp = tempfile.mkstemp(dir=path.parent, prefix=".settings-")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.chmod(temp, 0o640)  # it holds the PIN's hash: the companion user and root only
        os.replace(temp, path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise
    try:  # the rename itself must reach the card too
        dfd = os.open(path.parent, os.O_RDONLY)
        try:
            os.fsync(dfd)
        finally:
            os.close(dfd)
    except OSError:
        pass
    return path


# -- what the settings mean to the rest of the app ---------------------------------------------
def option_defaults(game: str, settings: Settings) -> dict[str, Any]:
    """Every option of ``game`` (from the registry) at the café's default: the stored value
    when it is one of the option's choices, else the registry's default."""
    from companion.games import spec

    stored = settings.options.get(game, {})
    out: dict[str, Any] = {}
    for option in spec(game).options:
        value = stored.get(option.key, option.default)
        out[option.key] = value if value in option.choices and type(value) is type(option.default) \
            else option.default
    return out


def lockout(settings: Settings, clock: Callable[[], float] = time.time) -> Lockout:
    """The PIN lockout as it was left, on a wall clock. A clock set back (a Pi without a
    real-time clock restores an older time after a power cut) never makes a lockout longer
    than the lockout itself was."""
    from companion.staff_pin import Lockout

    lock = settings.lock
    gate = Lockout(clock=clock, misses=lock.misses, lockouts=lock.lockouts, until=lock.until)
    if gate.lockouts:
        longest = gate.first * 2 ** (gate.lockouts - 1)
        gate.until = min(gate.until, clock() + longest)
    return gate


def save_lockout(folder: str | os.PathLike[str], settings: Settings, gate: Lockout) -> Path:
    """Store the lockout's count right away (a wrong PIN must survive pulling the plug)."""
    settings.lock = LockoutState(gate.misses, gate.lockouts, gate.until)
    return save(folder, settings)
