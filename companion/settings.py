"""The café's settings: ``settings.toml`` in the data directory, beside the games.

One :class:`Settings` holds every table of the file, the staff PIN's hash too, and one writer
puts it back (:func:`save`, through :func:`companion.atomic.atomic_write`: a power cut leaves
the old file or the new one, never half of one; the file is for the companion user alone,
``0600``, at most ``0640``). Whoever changes a value (the staff menu, a wrong PIN, the
installer setting the PIN) does it with :func:`change`, on the file as it is at that moment,
so no writer undoes what another wrote meanwhile::

    [staff]
    pin = "scrypt$..."       # the PIN's hash (python -m companion.staff_pin set, the installer)

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
missing or not usable falls back to its default. Tables and keys this version does not know
are kept as they were read.

>>> s = Settings()
>>> s.volume, s.language, option_defaults("suleika", s)["corner_loops"]
(100, None, 'TR_BL')
>>> s.options["suleika"] = {"corner_loops": "TL_BR", "rules": "chess"}
>>> option_defaults("suleika", s)["corner_loops"], option_defaults("suleika", s)["rules"]
('TL_BR', 'suleika')
"""

from __future__ import annotations

import dataclasses
import json
import math
import os
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.atomic import atomic_write
from companion.paths import data_home

__all__ = ["KEEP_CHOICES", "KEEP_FINISHED", "LANGUAGES", "LockoutState", "SETTINGS_FILE", "Settings", "change",
           "data_dir", "dumps", "folder_of", "load", "option_defaults", "save", "settings_path"]

#: the settings file's name in the data directory (it also holds the staff PIN's hash)
SETTINGS_FILE = "settings.toml"

LANGUAGES = ("de", "en")
DEFAULT_VOLUME = 100
#: seconds without a touch or a press after which the staff menu closes (and needs the PIN)
DEFAULT_STAFF_TIMEOUT = 120
#: ended games kept unless the staff choose otherwise (the store prunes the older ones)
KEEP_FINISHED = 500
#: the ended games the staff may keep: the store prunes the older ones (never an unfinished one)
KEEP_CHOICES = (20, 50, 100, 200, 500, 1000, 2000, 5000, 10000)
#: the tables this version reads into :class:`Settings`; any other is kept as read
OWN_TABLES = ("staff", "screen", "store", "options", "lockout")


def data_dir(store_path: str | os.PathLike[str] | None = None) -> Path:
    """The data directory: the store's folder, else ``$COMPANION_DATA``, else the XDG default.

    >>> data_dir("/var/lib/companion/companion.sqlite3")
    PosixPath('/var/lib/companion')
    """
    if store_path is not None and str(store_path) != ":memory:" and not str(store_path).startswith("file:"):
        return Path(store_path).parent
    return data_home()


def folder_of(app: Any) -> Path:
    """The data directory of a running app: the one it was started with (``app.data_folder``,
    set by :func:`companion.root.start`: a store that fell back to memory still has its
    folder), else its store's folder."""
    given = getattr(app, "data_folder", None)
    if given is not None:
        return Path(given)
    return data_dir(getattr(getattr(app, "store", None), "path", None))


def settings_path(folder: str | os.PathLike[str]) -> Path:
    return Path(folder) / SETTINGS_FILE


@dataclass(frozen=True)
class LockoutState:
    """The wrong-PIN count as stored (see :class:`companion.staff_pin.Lockout`)."""

    misses: int = 0
    lockouts: int = 0
    #: wall-clock seconds (``time.time()``) until which the staff menu is locked
    until: float = 0.0


@dataclass
class Settings:
    """Everything ``settings.toml`` holds. ``language`` None: the language the app was
    started with; ``pin`` None: no staff PIN set."""

    language: str | None = None
    volume: int = DEFAULT_VOLUME
    #: seconds the staff menu stays open without a touch (30 to 3600)
    staff_timeout: int = DEFAULT_STAFF_TIMEOUT
    #: ended games kept in the store (see KEEP_CHOICES); older ones are pruned
    keep_finished: int = KEEP_FINISHED
    #: game -> option key -> the value the setup screen starts from
    options: dict[str, dict[str, Any]] = field(default_factory=dict)
    lock: LockoutState = field(default_factory=LockoutState)
    #: the staff PIN's salted hash (``scrypt$...``, see companion.staff_pin)
    pin: str | None = None
    #: what this version does not know, kept as read: other tables, and other keys of
    #: ``[staff]`` and ``[screen]`` under those names
    others: dict[str, Any] = field(default_factory=dict, repr=False)


# -- reading -----------------------------------------------------------------------------------
def _int(value: Any, low: int, high: int, default: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        return default
    return min(high, max(low, value))


def _section(data: dict[str, Any], name: str) -> dict[str, Any]:
    """The TOML table ``[name]``, or an empty one where it is missing or not a table."""
    value = data.get(name)
    return value if isinstance(value, dict) else {}


def _lock(table: dict[str, Any]) -> LockoutState:
    until = table.get("until", 0.0)
    until = float(until) if isinstance(until, (int, float)) and not isinstance(until, bool) else 0.0
    return LockoutState(_int(table.get("misses"), 0, 1000, 0), _int(table.get("lockouts"), 0, 30, 0),
                        until if math.isfinite(until) else 0.0)


def parse(data: dict[str, Any]) -> Settings:
    """The settings in a parsed file (defaults for whatever is missing or broken)."""
    screen, staff, store = _section(data, "screen"), _section(data, "staff"), _section(data, "store")
    lang, pin = screen.get("language"), staff.get("pin")
    others = {k: v for k, v in data.items() if k not in OWN_TABLES}
    for name, table, known in (("staff", staff, ("pin",)),
                               ("screen", screen, ("language", "volume", "staff_timeout"))):
        rest = {k: v for k, v in table.items() if k not in known}
        if rest:
            others[name] = rest
    return Settings(language=lang if lang in LANGUAGES else None,
                    volume=_int(screen.get("volume"), 0, 100, DEFAULT_VOLUME),
                    staff_timeout=_int(screen.get("staff_timeout"), 30, 3600, DEFAULT_STAFF_TIMEOUT),
                    keep_finished=_int(store.get("keep_finished"), KEEP_CHOICES[0], KEEP_CHOICES[-1],
                                       KEEP_FINISHED),
                    options={str(g): dict(v) for g, v in _section(data, "options").items() if isinstance(v, dict)},
                    lock=_lock(_section(data, "lockout")),
                    pin=pin if isinstance(pin, str) else None, others=others)


def load(folder: str | os.PathLike[str]) -> Settings:
    """The settings in ``folder`` (defaults for whatever is missing or broken)."""
    try:
        with open(settings_path(folder), "rb") as f:
            data = tomllib.load(f)
    except (OSError, ValueError):  # missing, unreadable, not UTF-8 or not TOML
        data = {}
    return parse(data)


# -- writing -----------------------------------------------------------------------------------
def save(folder: str | os.PathLike[str], settings: Settings) -> Path:
    """Write ``settings`` whole as ``<folder>/settings.toml``. Raises OSError when the folder
    cannot be written (the old file is then as it was)."""
    return atomic_write(settings_path(folder), dumps(tables(settings)), secret=True)


def change(folder: str | os.PathLike[str], **values: Any) -> Settings:
    """Set ``values`` (fields of :class:`Settings`) in the file as it is now, keep the rest,
    and return what was written. Raises OSError when the folder cannot be written."""
    changed = dataclasses.replace(load(folder), **values)
    save(folder, changed)
    return changed


def tables(settings: Settings) -> dict[str, Any]:
    """``settings`` as the file's tables, in the file's order (the PIN first, as the installer
    writes it)."""
    others = settings.others
    staff = dict(_section(others, "staff"))
    if settings.pin is not None:
        staff["pin"] = settings.pin
    screen: dict[str, Any] = {"volume": settings.volume, "staff_timeout": settings.staff_timeout}
    if settings.language in LANGUAGES:
        screen["language"] = settings.language
    lock = settings.lock
    out: dict[str, Any] = {"staff": staff} if staff else {}
    out |= {"screen": _section(others, "screen") | screen,
            "store": {"keep_finished": settings.keep_finished},
            "options": {g: dict(v) for g, v in settings.options.items() if v},
            "lockout": {"misses": lock.misses, "lockouts": lock.lockouts, "until": float(lock.until)}}
    return out | {k: v for k, v in others.items() if k not in OWN_TABLES}


def _value(v: Any) -> str:
    """A TOML value (strings as JSON strings: TOML's basic strings have the same escapes)."""
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, float)):
        return repr(v)
    if isinstance(v, list):
        return f"[{', '.join(_value(x) for x in v)}]"
    return json.dumps(str(v), ensure_ascii=False)


def _key(k: str) -> str:
    return k if k and all(c.isascii() and (c.isalnum() or c in "_-") for c in k) else json.dumps(k, ensure_ascii=False)


def _table(name: str, table: dict[str, Any], out: list[str]) -> None:
    plain = {k: v for k, v in table.items() if not isinstance(v, dict)}
    nested = {k: v for k, v in table.items() if isinstance(v, dict)}
    if plain or not nested:
        out.append(f"[{name}]")
        out += [f"{_key(k)} = {_value(v)}" for k, v in plain.items()]
        out.append("")
    for k, v in nested.items():
        _table(f"{name}.{_key(k)}", v, out)


def dumps(data: dict[str, Any]) -> str:
    """``data`` (tables of plain values and lists of them) as TOML text.

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
