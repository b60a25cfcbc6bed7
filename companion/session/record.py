"""Game records: JSON Lines, a header then one action per line (format v2, see docs/records.md).

A record is split on ``\\n`` only (a ``\\r`` before it is dropped, a UTF-8 byte order mark at
the start is skipped), so a name holding U+2028 or U+0085 stays on its line and line numbers
are the ones an editor shows. Every refusal is a :class:`RecordError` naming the line.

>>> header, actions = parse_record(['{"record": 2, "game": "suleika", "players": 2, "seed": 1}',
...                                 '{"action": "roll", "value": 3}'])
>>> header["game"], actions
('suleika', [(2, {'action': 'roll', 'value': 3})])
>>> parse_record(['{"record": true, "game": "suleika", "players": 2, "seed": 1}'])
Traceback (most recent call last):
...
companion.session.record.RecordError: line 1: "record" must be a whole number, not true
"""

from __future__ import annotations

import dataclasses
import enum
import hashlib
import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.engine.base import Action, Engine, Event, IllegalAction
from companion.session.notice import Notice

#: The version this companion writes; every version in READABLE replays.
RECORD_VERSION = 2
READABLE = (1, 2)
#: No record line is longer (a header with six long names is well under 1 KiB).
MAX_LINE = 64 * 1024
BOM = "\ufeff"


class RecordError(ValueError):
    """A record line that cannot be used; ``line`` is 1-based, as an editor shows it.

    ``code`` and ``params`` word it on screen (``store.refusal.<code>``, with ``line`` among
    the params); ``cause`` is the engine's refusal when the rules refused the line.
    """

    def __init__(self, line: int, reason: str, code: str = "bad_line", cause: IllegalAction | None = None,
                 **params: Any) -> None:
        super().__init__(f"line {line}: {reason}")
        self.line = line
        self.reason = reason
        self.code = code
        self.params = {"line": line, "reason": reason, **params}
        self.cause = cause


# -- reading lines ---------------------------------------------------------------------------
def split_lines(text: str) -> list[str]:
    r"""Record text as lines: split on ``\n`` only, a trailing ``\r`` dropped, a BOM skipped.

    >>> split_lines('\ufeff{"a": "x\u2028y"}\r\n{}\n')
    ['{"a": "x\u2028y"}', '{}']
    """
    if text.startswith(BOM):
        text = text[1:]
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return [line[:-1] if line.endswith("\r") else line for line in lines]


def read_record_file(path: str | Path) -> list[str]:
    """A record file's lines, decoded line by line so a bad byte is named by its line.

    Raises RecordError for bytes that are not UTF-8 or a line over :data:`MAX_LINE` bytes,
    OSError if the file cannot be read."""
    data = Path(path).read_bytes()
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    raw = data.split(b"\n")
    if raw and raw[-1] == b"":
        raw.pop()
    lines: list[str] = []
    for number, chunk in enumerate(raw, start=1):
        if len(chunk) > MAX_LINE:
            raise RecordError(number, f"the line is longer than {MAX_LINE // 1024} KiB", "line_too_long",
                              limit=MAX_LINE)
        try:
            text = chunk.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise RecordError(number, f"byte {exc.start + 1} of the line is not UTF-8 text", "not_utf8",
                              byte=exc.start + 1) from None
        lines.append(text[:-1] if text.endswith("\r") else text)
    return lines


def _json_object(text: str, line: int) -> dict[str, Any]:
    if len(text) > MAX_LINE:
        raise RecordError(line, f"the line is longer than {MAX_LINE // 1024} KiB", "line_too_long", limit=MAX_LINE)
    try:
        value = json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(line, f"not valid JSON ({exc.msg} at column {exc.colno})", "not_json",
                          column=exc.colno) from None
    except RecursionError:
        raise RecordError(line, "the line is nested too deeply", "too_deep") from None
    except ValueError:  # Python's limit on the digits of one number
        raise RecordError(line, "a number on this line has too many digits", "number_too_long") from None
    if not isinstance(value, dict):
        raise RecordError(line, "expected a JSON object in braces {...}", "not_object")
    return value


# -- the header --------------------------------------------------------------------------
def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _kind(v: Any) -> str:
    return json.dumps(v) if isinstance(v, (bool, type(None))) else type(v).__name__.replace(
        "str", "text").replace("int", "number").replace("float", "number").replace("dict", "object")


#: Header fields whose JSON type the record format fixes: (check, what it must be).
HEADER_TYPES: dict[str, tuple[Any, str]] = {
    "record": (_is_int, "whole_number"),
    "game": (lambda v: isinstance(v, str), "text"),
    "players": (_is_int, "whole_number"),
    "seed": (_is_int, "whole_number"),
    "names": (lambda v: isinstance(v, list) and all(isinstance(n, str) for n in v), "list_of_names"),
    "colors": (lambda v: isinstance(v, list), "list"),
    "rules_version": (_is_int, "whole_number"),
    "box": (lambda v: isinstance(v, str), "text"),
    "game_id": (lambda v: isinstance(v, str), "text"),
}


def check_header(obj: dict[str, Any], line: int = 1) -> dict[str, Any]:
    """The header's fixed fields checked for their type and the version for being known."""
    for key, (ok, what) in HEADER_TYPES.items():
        if key in obj and not ok(obj[key]):
            words = what.replace("_", " ")
            words = words if words == "text" else ("a " + words)
            raise RecordError(line, f'"{key}" must be {words}, not {_kind(obj[key])}', "wrong_type",
                              field=key, expected=what)
    if obj.get("record") not in READABLE:
        raise RecordError(line, f'the first line must be a header with "record": {RECORD_VERSION} '
                                f'(or an older {", ".join(str(v) for v in READABLE[:-1])})', "not_header")
    if "game" not in obj:
        raise RecordError(line, 'the header does not say which "game" this is', "header_without_game")
    return obj


def parse_record(lines: Iterable[str] | str) -> tuple[dict[str, Any], list[tuple[int, Action]]]:
    """Split a record into its header and (line number, action) pairs. Blank lines are skipped.

    ``lines`` may also be the whole text, which is then split by :func:`split_lines`."""
    if isinstance(lines, str):
        lines = split_lines(lines)
    header: dict[str, Any] | None = None
    actions: list[tuple[int, Action]] = []
    for number, raw in enumerate(lines, start=1):
        if number == 1 and raw.startswith(BOM):
            raw = raw[1:]
        text = raw.strip(" \t\r\n")
        if not text:
            continue
        obj = _json_object(text, number)
        if header is None:
            header = check_header(obj, number)
        else:
            if not isinstance(obj.get("action"), str):
                raise RecordError(number, 'every line after the header needs an "action"', "no_action")
            actions.append((number, obj))
    if header is None:
        raise RecordError(1, "the record is empty", "empty")
    return header, actions


# -- the box fingerprint ---------------------------------------------------------------------
def _plain(value: Any) -> Any:
    """A canonical plain form of box data: dataclasses by field, sets sorted, tuples as lists."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, enum.Enum):
        return _plain(value.value)
    if isinstance(value, dict):
        return [[_plain(k), _plain(v)] for k, v in sorted(value.items(), key=lambda kv: repr(_plain(kv[0])))]
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, (set, frozenset)):
        return sorted((_plain(v) for v in value), key=repr)
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    return repr(value)


#: the fingerprints worked out, by the box they name, kept with the box (so that its id is
#: never another box's): a game's box is loaded once per process and frozen, and every new
#: game's header asks for its fingerprint (the largest box: some 5 M instructions to spell out)
_FINGERPRINTS: dict[int, tuple[Any, str]] = {}
_FINGERPRINTS_KEPT = 8  #: boxes remembered at most (one per game; tests load more)


def box_fingerprint(engine: Engine[Any]) -> str:
    """16 hex digits naming the box data the engine was built with (files' comments and
    layout do not change it, any value does); worked out once per box.

    >>> from companion.games import get_engine
    >>> len(box_fingerprint(get_engine("suleika")))
    16
    """
    box = getattr(engine, "box", None)
    kept = _FINGERPRINTS.get(id(box))
    if kept is not None and kept[0] is box:
        return kept[1]
    text = json.dumps(_plain(box), sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    fingerprint = hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]
    while len(_FINGERPRINTS) >= _FINGERPRINTS_KEPT:
        del _FINGERPRINTS[next(iter(_FINGERPRINTS))]
    _FINGERPRINTS[id(box)] = (box, fingerprint)
    return fingerprint


def rules_version(engine: Engine[Any]) -> int:
    return int(getattr(engine, "rules_version", 1))


def header_stamp(engine: Engine[Any]) -> dict[str, Any]:
    """What a v2 header says about the rules and the box it was played with."""
    return {"rules_version": rules_version(engine), "box": box_fingerprint(engine)}


def stamp_warnings(header: dict[str, Any], engine: Engine[Any]) -> list[Notice]:
    """Warnings (not errors) when a record was played with other rules or another box."""
    out: list[Notice] = []
    if "rules_version" in header and header["rules_version"] != rules_version(engine):
        out.append(Notice("other_rules", "This record was played under rules version {then}; this "
                          "companion has version {now}. It replays as far as the rules allow.",
                          then=header["rules_version"], now=rules_version(engine)))
    if "box" in header and header["box"] != box_fingerprint(engine):
        out.append(Notice("other_box", "This record was played with other box data ({then}) than "
                          "the box in use ({now}). It replays as far as the data allows.",
                          then=header["box"], now=box_fingerprint(engine)))
    return out


# -- replaying -------------------------------------------------------------------------------
@dataclass
class Replayed:
    """A game rebuilt from a record: everything the command line and the screens need."""

    engine: Engine[Any]
    state: Any
    actions: list[Action] = field(default_factory=list)
    #: events[i]: what action i caused
    events: list[list[Event]] = field(default_factory=list)
    #: said, not fatal: other rules or box data than the record's
    warnings: list[Notice] = field(default_factory=list)
    header: dict[str, Any] = field(default_factory=dict)


def replay_record(lines: Iterable[str] | str) -> Replayed:
    """Rebuild a game from a record; RecordError names the first line that fails."""
    from companion.games import get_engine

    header, numbered = parse_record(lines)
    try:
        engine = get_engine(str(header["game"]))
        state = engine.new_game(header)
    except IllegalAction as exc:
        raise RecordError(1, str(exc), "bad_header", cause=exc) from None
    out = Replayed(engine, state, header=header, warnings=stamp_warnings(header, engine))
    for number, action in numbered:
        try:
            out.state, events = engine.apply(out.state, action)
        except IllegalAction as exc:
            raise RecordError(number, str(exc), "does_not_replay", cause=exc) from None
        except (TypeError, KeyError, AttributeError, IndexError) as exc:  # a value of a shape the rules never see
            raise RecordError(number, f"the line cannot be used ({type(exc).__name__})", "does_not_replay") from None
        out.actions.append(action)
        out.events.append(events)
    return out


def replay(lines: Iterable[str] | str) -> tuple[Engine[Any], Any, list[Action]]:
    """Rebuild a game from a record: (engine, state, actions). See :func:`replay_record`."""
    done = replay_record(lines)
    return done.engine, done.state, done.actions


def dumps(header: dict[str, Any], actions: Iterable[Action]) -> str:
    """The record text for a header and its actions, one compact JSON object per line."""
    out = [json.dumps(header, separators=(", ", ": "))]
    out += [json.dumps(a, separators=(", ", ": ")) for a in actions]
    return "\n".join(out) + "\n"
