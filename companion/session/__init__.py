"""The running game: commands to actions, chance, undo, the SQLite store and records.

The names below are found on first use (``from companion.session import Session`` works as
ever), so that opening the store at start does not also load records, sessions and chance:
the first frame needs none of them.
"""

from __future__ import annotations

from companion.lazy import exports

_WHERE = {
    "SeededChance": "chance", "Notice": "notice", "StoreError": "notice",
    "RecordError": "record", "dumps": "record", "parse_record": "record",
    "read_record_file": "record", "replay": "record", "replay_record": "record",
    "Session": "session", "Store": "store",
}

__all__ = ["SeededChance", "Notice", "RecordError", "dumps", "parse_record", "read_record_file", "replay",
           "replay_record", "Session", "Store", "StoreError"]


__getattr__ = exports(__name__, _WHERE)
