"""Making the engine's events cheaply: one or two after every action.

``Event`` is a frozen dataclass; its generated ``__init__`` sets each field through
``object.__setattr__``, which costs about as much again as the event's data. An Event of
plain fields is fully described by its instance dict, so :func:`event` fills that dict in one
step, giving an Event equal to ``Event(kind, data)`` in every way (equality, pickling, JSON).
Should ``Event`` ever gain slots, a ``__post_init__`` or other fields, :func:`event` simply
calls the constructor.

>>> from companion.engine.base import Event
>>> event("face", {"seat": 0, "dir": "E"}) == Event("face", {"seat": 0, "dir": "E"})
True
"""

from __future__ import annotations

from typing import Any

from companion.engine.base import Event

_PLAIN = (tuple(getattr(Event, "__dataclass_fields__", ())) == ("kind", "data")
          and not hasattr(Event, "__slots__") and not hasattr(Event, "__post_init__"))


def _filled(kind: str, data: dict[str, Any]) -> Event:
    new = _new(Event)
    _set(new, "__dict__", {"kind": kind, "data": data})
    return new


_new, _set = object.__new__, object.__setattr__


def _constructed(kind: str, data: dict[str, Any]) -> Event:
    return Event(kind, data)


#: ``event(kind, data)``: the same as ``Event(kind, data)``.
event = _filled if _PLAIN else _constructed
