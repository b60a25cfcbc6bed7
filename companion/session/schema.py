"""The store's tables, their versions (``PRAGMA user_version``) and the checksums of its rows.

Version 1 had no version number (``user_version`` 0) and no checksums. Version 2 adds a
checksum to every game header and action row (so a flipped bit on the card is noticed, not
replayed), a commit counter (so a lost ``-wal`` file is noticed), the reason a game was closed,
the winners of finished games, each game's number of steps (so a lost page of steps is noticed),
and the ledger's reason code with its parameters as JSON. Version 3 keeps each game's header
a second time, as the first row of its steps (``seq`` -1, :data:`HEADER_SEQ`), so a damaged page
of the games table (all headers of a small store share one page) loses no game: the copy is
read back from the steps, which lie on other pages.

>>> action_sum(1, 0, '{"action": "roll", "value": 3}')
'bd742fb1'
"""

from __future__ import annotations

import json
import sqlite3
import zlib

#: The version this code writes. A store with a higher number was written by a newer companion.
VERSION = 3
#: The step number of the header's copy among a game's steps: before the first step (0).
HEADER_SEQ = -1

TABLES = """
CREATE TABLE IF NOT EXISTS games (
    id            INTEGER PRIMARY KEY,
    game          TEXT NOT NULL,
    header        TEXT NOT NULL,
    started       REAL NOT NULL,
    finished      REAL,            -- set when the game ended
    closed        REAL,            -- set when the table stopped it unfinished
    header_sum    TEXT,            -- checksum of (id, header)
    closed_reason TEXT,            -- "left" or "abandoned"
    result        TEXT,            -- JSON {"winners": [...]} once finished
    steps         INTEGER          -- how many actions it has, to notice lost ones
);
CREATE TABLE IF NOT EXISTS actions (
    game_id INTEGER NOT NULL REFERENCES games(id),
    seq     INTEGER NOT NULL,
    action  TEXT NOT NULL,
    at      REAL NOT NULL,
    sum     TEXT,                  -- checksum of (game_id, seq, action)
    PRIMARY KEY (game_id, seq)
);
CREATE TABLE IF NOT EXISTS ledger (
    id      INTEGER PRIMARY KEY,
    game_id INTEGER NOT NULL,
    seq     INTEGER NOT NULL,      -- the action that moved the money
    payer   INTEGER,               -- player index, NULL for the bank
    payee   INTEGER,
    amount  INTEGER NOT NULL,
    reason  TEXT NOT NULL,         -- the reason code (older stores: English words)
    code    TEXT,                  -- the reason code
    params  TEXT NOT NULL DEFAULT '{}'  -- its parameters, JSON
);
CREATE TABLE IF NOT EXISTS undone (
    id      INTEGER PRIMARY KEY,
    game_id INTEGER NOT NULL,
    seq     INTEGER NOT NULL,
    action  TEXT NOT NULL,
    why     TEXT NOT NULL,
    at      REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS meta (
    key   TEXT PRIMARY KEY,
    value INTEGER NOT NULL
);
INSERT OR IGNORE INTO meta (key, value) VALUES ('commits', 0);
""" + "\n"

#: What a table has still to send to the café's floor (companion.floor): written in the step's
#: own transaction, deleted once the broker acknowledged it. Made when a table joins the floor
#: (``IF NOT EXISTS``), so a store off the floor is laid out as before.
OUTBOX = """
CREATE TABLE IF NOT EXISTS outbox (
    id      INTEGER PRIMARY KEY AUTOINCREMENT,  -- never reused: the publisher sends in id order
    topic   TEXT NOT NULL,
    payload TEXT NOT NULL,
    at      REAL NOT NULL
)"""


#: Columns added by version 2 to tables that version 1 already had.
_ADDED = (
    ("games", "header_sum", "TEXT"),
    ("games", "closed_reason", "TEXT"),
    ("games", "result", "TEXT"),
    ("games", "steps", "INTEGER"),
    ("actions", "sum", "TEXT"),
    ("ledger", "code", "TEXT"),
    ("ledger", "params", "TEXT NOT NULL DEFAULT '{}'"),
)


def _sum(text: str) -> str:
    return f"{zlib.crc32(text.encode('utf-8')):08x}"


def action_sum(game_id: int, seq: int, action: str) -> str:
    """Checksum of one stored action; the place is part of it, so a moved row fails too."""
    return _sum(f"{game_id}/{seq}/{action}")


def header_sum(game_id: int, header: str) -> str:
    """Checksum of one stored game header."""
    return _sum(f"{game_id}/{header}")


def version(db: sqlite3.Connection) -> int:
    return int(db.execute("PRAGMA user_version").fetchone()[0])


def _columns(db: sqlite3.Connection, table: str) -> set[str]:
    return {row[1] for row in db.execute(f"PRAGMA table_info({table})")}


def migrate(db: sqlite3.Connection) -> int:
    """Bring the store to :data:`VERSION` in one transaction; returns the version found.

    The caller checks for a *newer* version first: this never downgrades.
    """
    found = version(db)
    if found >= VERSION:
        return found
    db.execute("BEGIN IMMEDIATE")
    try:
        had_games = "games" in {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        if had_games:  # version 1: add the new columns, then fill them for the rows it holds
            for table, column, kind in _ADDED:
                if column not in _columns(db, table):
                    db.execute(f"ALTER TABLE {table} ADD COLUMN {column} {kind}")
        for statement in TABLES.split(";"):
            if statement.strip():
                db.execute(statement)
        if had_games and found < 2:
            _fill_v2(db)
        if had_games:
            _fill_v3(db)
        db.execute(f"PRAGMA user_version = {VERSION}")
        db.execute("COMMIT")
    except BaseException:
        if db.in_transaction:
            db.execute("ROLLBACK")
        raise
    return found


def _fill_v2(db: sqlite3.Connection) -> None:
    """Checksums for rows written before there were any; ledger reasons become codes."""
    for gid, header in db.execute("SELECT id, header FROM games WHERE header_sum IS NULL").fetchall():
        db.execute("UPDATE games SET header_sum = ? WHERE id = ?", (header_sum(gid, header), gid))
    rows = db.execute("SELECT rowid, game_id, seq, action FROM actions WHERE sum IS NULL").fetchall()
    for rowid, gid, seq, action in rows:
        db.execute("UPDATE actions SET sum = ? WHERE rowid = ?", (action_sum(gid, seq, action), rowid))
    db.execute("UPDATE games SET steps = (SELECT COUNT(*) FROM actions a WHERE a.game_id = games.id "
               "AND a.seq >= 0) WHERE steps IS NULL")
    db.execute("UPDATE ledger SET code = reason WHERE code IS NULL")
    db.execute("UPDATE games SET closed_reason = 'left' WHERE closed IS NOT NULL AND closed_reason IS NULL")


def _fill_v3(db: sqlite3.Connection) -> None:
    """Each game's header copied among its steps, for the games stored before version 3."""
    rows = db.execute("SELECT id, header, started FROM games g WHERE NOT EXISTS "
                      "(SELECT 1 FROM actions a WHERE a.game_id = g.id AND a.seq = ?)", (HEADER_SEQ,)).fetchall()
    for gid, header, started in rows:
        db.execute("INSERT INTO actions (game_id, seq, action, at, sum) VALUES (?, ?, ?, ?, ?)",
                   (gid, HEADER_SEQ, header, started, action_sum(gid, HEADER_SEQ, header)))


def dumps_params(params: object) -> str:
    """Ledger parameters as compact JSON (plain values only; anything else as text)."""
    return json.dumps(params if isinstance(params, dict) else {}, separators=(",", ":"), default=str)
