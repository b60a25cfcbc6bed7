"""The running game: commands to actions, chance, undo, the SQLite store and records."""

from companion.session.chance import SeededChance
from companion.session.notice import Notice, StoreError
from companion.session.record import RecordError, dumps, parse_record, read_record_file, replay, replay_record
from companion.session.session import Session
from companion.session.store import Store

__all__ = ["SeededChance", "Notice", "RecordError", "dumps", "parse_record", "read_record_file", "replay",
           "replay_record", "Session", "Store", "StoreError"]
