"""The one way an engine reads an action's name and finds the rule that carries it out.

Every engine keeps a dict of action name → method, built once when the engine is made by
:func:`handlers` from the method-name convention ``_<action>``; ``apply`` reads the name with
:func:`action_name` (one code for a line that is no action, one for an unknown name, the same
in every game) and calls the method.

>>> class Dots:
...     def __init__(self) -> None:
...         self._handlers = handlers(self, ("jump",))
...     def _jump(self, state: int, action: dict[str, object]) -> int:
...         return state + 1
>>> engine = Dots()
>>> engine._handlers[action_name({"action": "jump"}, engine._handlers)](1, {})
2
>>> action_name({"action": "fly"}, engine._handlers)
Traceback (most recent call last):
...
companion.engine.errors.IllegalAction: unknown action "fly" (actions: jump)
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from typing import Any

from companion.engine.errors import IllegalAction

__all__ = ["action_name", "handlers"]


def action_name(action: Any, known: Collection[str]) -> str:
    """The ``"action"`` name of a record line, one of ``known``; IllegalAction
    ``not_an_action`` or ``unknown_action`` (with ``action`` and ``known``) otherwise."""
    if not isinstance(action, dict) or not isinstance(action.get("action"), str):
        raise IllegalAction("not_an_action", 'an action is a JSON object with an "action" name')
    name: str = action["action"]
    if name not in known:
        raise IllegalAction("unknown_action", 'unknown action "{action}" (actions: {known})',
                            action=name, known=", ".join(known))
    return name


def handlers(engine: object, names: Iterable[str]) -> dict[str, Any]:
    """Each action name's method ``engine._<name>``, looked up once (the engine annotates the
    dict with its own method type)."""
    return {name: getattr(engine, f"_{name}") for name in names}
