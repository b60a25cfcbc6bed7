"""Game records: JSON Lines, a header then one action per line (format v1, see README).

>>> header, actions = parse_record(['{"record": 1, "game": "suleika", "players": 2, "seed": 1}',
...                                 '{"action": "roll", "value": 3}'])
>>> header["game"], actions
('suleika', [(2, {'action': 'roll', 'value': 3})])
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from companion.games import get_engine
from companion.engine.base import Action, Engine, IllegalAction

RECORD_VERSION = 1


class RecordError(ValueError):
    """A record line that cannot be used; ``line`` is 1-based, as an editor shows it."""

    def __init__(self, line: int, reason: str) -> None:
        super().__init__(f"line {line}: {reason}")
        self.line = line
        self.reason = reason


def _json_object(text: str, line: int) -> dict[str, Any]:
    try:
        value = json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(line, f"not valid JSON ({exc.msg} at column {exc.colno})") from None
    if not isinstance(value, dict):
        raise RecordError(line, "expected a JSON object in braces {...}")
    return value


def parse_record(lines: Iterable[str]) -> tuple[dict[str, Any], list[tuple[int, Action]]]:
    """Split a record into its header and (line number, action) pairs. Blank lines are skipped."""
    header: dict[str, Any] | None = None
    actions: list[tuple[int, Action]] = []
    for number, raw in enumerate(lines, start=1):
        text = raw.strip()
        if not text:
            continue
        obj = _json_object(text, number)
        if header is None:
            if obj.get("record") != RECORD_VERSION:
                raise RecordError(number, f'the first line must be a header with "record": {RECORD_VERSION}')
            if "game" not in obj:
                raise RecordError(number, 'the header does not say which "game" this is')
            header = obj
        else:
            if not isinstance(obj.get("action"), str):
                raise RecordError(number, 'every line after the header needs an "action"')
            actions.append((number, obj))
    if header is None:
        raise RecordError(1, "the record is empty")
    return header, actions


def replay(lines: Iterable[str]) -> tuple[Engine, Any, list[Action]]:
    """Rebuild a game from a record; RecordError names the first line that fails."""
    header, numbered = parse_record(lines)
    try:
        engine = get_engine(str(header["game"]))
        state = engine.new_game(header)
    except IllegalAction as exc:
        raise RecordError(1, str(exc)) from None
    actions: list[Action] = []
    for number, action in numbered:
        try:
            state, _events = engine.apply(state, action)
        except IllegalAction as exc:
            raise RecordError(number, str(exc)) from None
        actions.append(action)
    return engine, state, actions


def dumps(header: dict[str, Any], actions: Iterable[Action]) -> str:
    """The record text for a header and its actions, one compact JSON object per line."""
    out = [json.dumps(header, separators=(", ", ": "))]
    out += [json.dumps(a, separators=(", ", ": ")) for a in actions]
    return "\n".join(out) + "\n"
