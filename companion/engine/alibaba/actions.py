"""Reading the fields of an action, with messages a player can read when one is wrong.

Actions are JSON objects straight from a record line, so every field is checked for its type
and range here before a rule looks at it. ``bool`` is refused where a number is wanted
(``True`` is an ``int`` to Python, but not a die value to a player).
"""

from __future__ import annotations

from typing import Any

from companion.engine.base import Action, IllegalAction
from companion.engine.alibaba.box import BRANCHES, Box


def whole(action: Action, key: str, low: int, high: int | None = None, what: str | None = None) -> int:
    """A whole number field between ``low`` and ``high`` (inclusive)."""
    what = what or key
    if key not in action:
        raise IllegalAction(f'The "{action.get("action")}" action needs "{key}" ({what}).')
    value = action[key]
    if isinstance(value, bool) or not isinstance(value, int):
        raise IllegalAction(f'"{key}" must be a whole number, not {value!r}.')
    if value < low or (high is not None and value > high):
        span = f"from {low} to {high}" if high is not None else f"at least {low}"
        raise IllegalAction(f"{what.capitalize()} must be {span}, not {value}.")
    return value


def die(action: Action, key: str = "value") -> int:
    """A die value 1..6."""
    return whole(action, key, 1, 6, "a die value")


def seat(action: Action, key: str, players: int) -> int:
    return whole(action, key, 0, players - 1, f"a seat number (0 to {players - 1})")


def group(box: Box, action: Action, key: str = "group") -> int:
    """A group name such as ``"Schmuggler"``; the message lists the names there are."""
    value = action.get(key)
    if not isinstance(value, str):
        raise IllegalAction(f'The "{action.get("action")}" action needs "{key}": the name of a bandit group.')
    index = box.group_index(value)
    if index is None:
        names = ", ".join(g.name for g in box.groups)
        raise IllegalAction(f"There is no bandit group called {value!r}. The groups are: {names}.")
    return index


def gang(box: Box, action: Action, key: str = "gang") -> int:
    value = action.get(key)
    if not isinstance(value, str):
        raise IllegalAction(f'The "{action.get("action")}" action needs "{key}": the name of a gang.')
    index = box.gang_index(value)
    if index is None:
        names = ", ".join(g.name for g in box.gangs)
        raise IllegalAction(f"There is no gang called {value!r}. The gangs are: {names}.")
    return index


def card_counts(box: Box, action: Action, key: str) -> dict[int, int]:
    """A mapping of group name -> number of cards, e.g. ``{"Schmuggler": 2}``; may be empty."""
    value: Any = action.get(key, {})
    if not isinstance(value, dict):
        raise IllegalAction(f'"{key}" must map group names to numbers of cards, like {{"Schmuggler": 1}}.')
    out: dict[int, int] = {}
    for name, count in value.items():
        g = group(box, {"action": action.get("action"), "group": name})
        if isinstance(count, bool) or not isinstance(count, int) or count < 1:
            raise IllegalAction(f'"{key}": the number of {name} cards must be a whole number of at least 1.')
        out[g] = out.get(g, 0) + count
    return out


def branches(action: Action) -> list[str]:
    """The fork choices of a move, in the order Ali Baba meets the forks."""
    value: Any = action.get("forks", [])
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise IllegalAction('"forks" must list the branches taken, like ["left"].')
    out = [v.strip().lower() for v in value]
    for v in out:
        if v not in BRANCHES:
            raise IllegalAction(f'A branch is "left" or "right", not {v!r}.')
    return out
