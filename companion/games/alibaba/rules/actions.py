"""Reading the fields of an action; a wrong one is refused with a code a screen can word.

Actions are JSON objects straight from a record line, so every field is checked for its type
and range here before a rule looks at it. ``bool`` is refused where a number is wanted
(``True`` is an ``int`` to Python, but not a die value to a player). A value that is not what
was asked for is passed on as its JSON text (``"3"`` with quotes for a string), so the
refusal shows exactly what the record holds.

>>> die({"action": "roll", "value": 4})
4
>>> try:
...     die({"action": "roll", "value": 7})
... except IllegalAction as err:
...     print(err.code, err.params)
bad_die_value {'value': 7}
"""

from __future__ import annotations

import json
from typing import Any

from companion.engine.base import Action, IllegalAction
from companion.games.alibaba.rules.box import BRANCHES, Box


def shown(value: Any) -> str:
    """A record value as the record writes it: ``"3"`` for a string, ``2.5``, ``true``."""
    return json.dumps(value, ensure_ascii=False)


def whole(action: Action, key: str) -> int:
    """A whole number field (its range is checked by the callers below)."""
    if key not in action:
        raise IllegalAction("missing_field", 'The "{action}" action needs "{field}".',
                            action=str(action.get("action")), field=key)
    value = action[key]
    if isinstance(value, bool) or not isinstance(value, int):
        raise IllegalAction("not_whole_number", '"{field}" must be a whole number, not {value}.',
                            field=key, value=shown(value))
    return value


def die(action: Action, key: str = "value") -> int:
    """A die value 1..6."""
    value = whole(action, key)
    if not 1 <= value <= 6:
        raise IllegalAction("bad_die_value", "A die shows 1 to 6, not {value}.", value=value)
    return value


def seat(action: Action, key: str, players: int) -> int:
    """A seat number, 0 for the first player."""
    value = whole(action, key)
    if not 0 <= value < players:
        raise IllegalAction("bad_seat", "Seat numbers go from 0 to {last}, not {value}.",
                            last=players - 1, value=value)
    return value


def count(action: Action, key: str = "count") -> int:
    """A number of bandit cards, at least 1."""
    value = whole(action, key)
    if value < 1:
        raise IllegalAction("bad_count", "The number of cards must be at least 1, not {value}.", value=value)
    return value


def card(action: Action, key: str) -> int:
    """The value of a movement card, at least 1 (whether one is left is the caller's check)."""
    value = whole(action, key)
    if value < 1:
        raise IllegalAction("bad_card_value", "Movement cards show 1 or more, not {value}.", value=value)
    return value


def price(action: Action, key: str = "price") -> int:
    """An agreed price in piaster, 0 or more."""
    value = whole(action, key)
    if value < 0:
        raise IllegalAction("bad_price", "A price cannot be below 0 ({value}).", value=value)
    return value


def group(box: Box, action: Action, key: str = "group") -> int:
    """A group name such as ``"Schmuggler"``; the refusal lists the names there are."""
    value = action.get(key)
    if not isinstance(value, str):
        raise IllegalAction("group_missing", 'The "{action}" action needs "{field}": the name of a bandit group.',
                            action=str(action.get("action")), field=key)
    index = box.group_index(value)
    if index is None:
        raise IllegalAction("unknown_group", 'There is no bandit group called "{name}". The groups are: {groups}.',
                            name=value, groups=[g.name for g in box.groups])
    return index


def gang(box: Box, action: Action, key: str = "gang") -> int:
    value = action.get(key)
    if not isinstance(value, str):
        raise IllegalAction("gang_missing", 'The "{action}" action needs "{field}": the name of a gang.',
                            action=str(action.get("action")), field=key)
    index = box.gang_index(value)
    if index is None:
        raise IllegalAction("unknown_gang", 'There is no gang called "{name}". The gangs are: {gangs}.',
                            name=value, gangs=[g.name for g in box.gangs])
    return index


def card_counts(box: Box, action: Action, key: str) -> dict[int, int]:
    """A mapping of group name -> number of cards, e.g. ``{"Schmuggler": 2}``; may be empty."""
    value: Any = action.get(key, {})
    if not isinstance(value, dict):
        raise IllegalAction("bad_card_map", '"{field}" must map group names to numbers of cards.', field=key)
    out: dict[int, int] = {}
    for name, number in value.items():
        g = group(box, {"action": action.get("action"), "group": name})
        if isinstance(number, bool) or not isinstance(number, int) or number < 1:
            raise IllegalAction("bad_card_number", '"{field}": the number of {group} cards must be a whole number '
                                "of at least 1, not {value}.", field=key, group=name, value=shown(number))
        out[g] = out.get(g, 0) + number
    return out


def branches(action: Action) -> list[str]:
    """The fork choices of a move, in the order Ali Baba meets the forks."""
    value: Any = action.get("forks", [])
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise IllegalAction("bad_forks", '"forks" must list the branches taken, like ["left"].')
    out = [v.strip().lower() for v in value]
    for v in out:
        if v not in BRANCHES:
            raise IllegalAction("bad_branch", 'A branch is "left" or "right", not "{value}".', value=v)
    return out
