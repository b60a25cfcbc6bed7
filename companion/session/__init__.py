"""The running game: commands to actions, chance, undo, the SQLite store and records."""

from companion.session.chance import SeededChance
from companion.session.record import RecordError, dumps, parse_record, replay
from companion.session.session import Session
from companion.session.store import Store, StoreError

__all__ = ["SeededChance", "RecordError", "dumps", "parse_record", "replay", "Session", "Store", "StoreError"]
