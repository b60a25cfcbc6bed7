"""The SQLite store: every game, every action, every movement of money.

One transaction per action, in WAL mode with ``synchronous=FULL``, so an action the screen
has shown survives a power cut. Undo removes the action's row and keeps a copy in ``undone``
so that nothing a table did is ever lost.

>>> s = Store(":memory:")
>>> gid = s.new_game({"record": 1, "game": "suleika", "players": 2, "seed": 7})
>>> s.append(gid, 0, {"action": "roll", "value": 2}, [])
>>> s.load(gid)[1]
[{'action': 'roll', 'value': 2}]
"""

from __future__ import annotations

import json
import os
import sqlite3
import time
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.engine.base import Action, Event

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id       INTEGER PRIMARY KEY,
    game     TEXT NOT NULL,
    header   TEXT NOT NULL,
    started  REAL NOT NULL,
    finished REAL,            -- set when the game ended
    closed   REAL             -- set when the table abandoned it
);
CREATE TABLE IF NOT EXISTS actions (
    game_id INTEGER NOT NULL REFERENCES games(id),
    seq     INTEGER NOT NULL,
    action  TEXT NOT NULL,
    at      REAL NOT NULL,
    PRIMARY KEY (game_id, seq)
);
CREATE TABLE IF NOT EXISTS ledger (
    id      INTEGER PRIMARY KEY,
    game_id INTEGER NOT NULL,
    seq     INTEGER NOT NULL,  -- the action that moved the money
    payer   INTEGER,           -- player index, NULL for the bank
    payee   INTEGER,
    amount  INTEGER NOT NULL,
    reason  TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS undone (
    id      INTEGER PRIMARY KEY,
    game_id INTEGER NOT NULL,
    seq     INTEGER NOT NULL,
    action  TEXT NOT NULL,
    why     TEXT NOT NULL,
    at      REAL NOT NULL
);
"""


class StoreError(RuntimeError):
    """The store could not write; the message says what to do. The game state is unchanged."""


def default_path() -> Path:
    """Where the companion keeps its games: $COMPANION_DATA, else the XDG data directory."""
    base = os.environ.get("COMPANION_DATA")
    if base:
        return Path(base) / "companion.sqlite3"
    xdg = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(xdg) / "companion" / "companion.sqlite3"


@dataclass(frozen=True)
class GameRow:
    id: int
    game: str
    header: dict[str, Any]
    started: float
    actions: int


def _words(exc: sqlite3.Error) -> str:
    text = str(exc).lower()
    if "full" in text:
        return "The memory card is full, so this step was not saved. Free some space and try again."
    if "readonly" in text or "read-only" in text:
        return "The memory card is write-protected, so this step was not saved."
    return f"This step could not be saved ({exc}). The game is as it was."


class Store:
    """Games on disk. Every method either completes in one transaction or raises StoreError."""

    def __init__(self, path: str | Path | None = None) -> None:
        path = default_path() if path is None else path
        if str(path) != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        self.path = path
        # isolation_level=None: we open every transaction ourselves, one per action.
        self.db = sqlite3.connect(str(path), isolation_level=None, check_same_thread=False)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=FULL")
        self.db.executescript(SCHEMA)

    def close(self) -> None:
        self.db.close()

    def _write(self, statements: Iterable[tuple[str, tuple[Any, ...]]]) -> None:
        try:
            self.db.execute("BEGIN IMMEDIATE")
            try:
                for sql, args in statements:
                    self.db.execute(sql, args)
                self.db.execute("COMMIT")
            except BaseException:
                # SQLite may already have rolled back (a full disk at COMMIT does that)
                if self.db.in_transaction:
                    self.db.execute("ROLLBACK")
                raise
        except sqlite3.Error as exc:
            raise StoreError(_words(exc)) from exc

    def new_game(self, header: dict[str, Any]) -> int:
        try:
            cur = self.db.execute(
                "INSERT INTO games (game, header, started) VALUES (?, ?, ?)",
                (str(header["game"]), json.dumps(header), time.time()),
            )
        except sqlite3.Error as exc:
            raise StoreError(_words(exc)) from exc
        return int(cur.lastrowid or 0)

    def append(self, game_id: int, seq: int, action: Action, events: list[Event], over: bool = False) -> None:
        """Commit one action with its payments; ``over`` marks the game finished."""
        now = time.time()
        statements: list[tuple[str, tuple[Any, ...]]] = [
            ("INSERT INTO actions (game_id, seq, action, at) VALUES (?, ?, ?, ?)",
             (game_id, seq, json.dumps(action), now)),
        ]
        for ev in events:
            if ev.kind == "pay" and ev.data.get("amount"):
                d = ev.data
                statements.append((
                    "INSERT INTO ledger (game_id, seq, payer, payee, amount, reason) VALUES (?, ?, ?, ?, ?, ?)",
                    (game_id, seq, d.get("payer"), d.get("payee"), int(d["amount"]), str(d.get("reason", ""))),
                ))
        if over:
            statements.append(("UPDATE games SET finished = ? WHERE id = ?", (now, game_id)))
        self._write(statements)

    def pop(self, game_id: int, seq: int, why: str = "undo") -> None:
        """Take back action ``seq`` (the last one); a copy stays in ``undone``."""
        row = self.db.execute(
            "SELECT action FROM actions WHERE game_id = ? AND seq = ?", (game_id, seq)).fetchone()
        if row is None:
            return
        self._write([
            ("INSERT INTO undone (game_id, seq, action, why, at) VALUES (?, ?, ?, ?, ?)",
             (game_id, seq, row[0], why, time.time())),
            ("DELETE FROM actions WHERE game_id = ? AND seq >= ?", (game_id, seq)),
            ("DELETE FROM ledger WHERE game_id = ? AND seq >= ?", (game_id, seq)),
            ("UPDATE games SET finished = NULL WHERE id = ?", (game_id,)),
        ])

    def set_aside(self, game_id: int, from_seq: int, why: str) -> None:
        """Move actions from ``from_seq`` on into ``undone`` (a record that no longer replays)."""
        rows = self.db.execute(
            "SELECT seq, action FROM actions WHERE game_id = ? AND seq >= ? ORDER BY seq",
            (game_id, from_seq)).fetchall()
        now = time.time()
        self._write(
            [("INSERT INTO undone (game_id, seq, action, why, at) VALUES (?, ?, ?, ?, ?)",
              (game_id, seq, text, why, now)) for seq, text in rows]
            + [("DELETE FROM actions WHERE game_id = ? AND seq >= ?", (game_id, from_seq)),
               ("DELETE FROM ledger WHERE game_id = ? AND seq >= ?", (game_id, from_seq))])

    def close_game(self, game_id: int) -> None:
        """The table left this game unfinished on purpose: it is no longer offered for resuming."""
        self._write([("UPDATE games SET closed = ? WHERE id = ?", (time.time(), game_id))])

    def load(self, game_id: int) -> tuple[dict[str, Any], list[Action]]:
        row = self.db.execute("SELECT header FROM games WHERE id = ?", (game_id,)).fetchone()
        if row is None:
            raise StoreError(f"There is no game number {game_id}.")
        actions = [json.loads(a) for (a,) in self.db.execute(
            "SELECT action FROM actions WHERE game_id = ? ORDER BY seq", (game_id,))]
        return json.loads(row[0]), actions

    def unfinished(self) -> list[GameRow]:
        """Games neither finished nor closed, newest first: the ones to offer for resuming."""
        rows = self.db.execute(
            "SELECT g.id, g.game, g.header, g.started, "
            "(SELECT COUNT(*) FROM actions a WHERE a.game_id = g.id) "
            "FROM games g WHERE g.finished IS NULL AND g.closed IS NULL ORDER BY g.id DESC").fetchall()
        return [GameRow(r[0], r[1], json.loads(r[2]), r[3], r[4]) for r in rows]

    def ledger(self, game_id: int) -> list[tuple[int, int | None, int | None, int, str]]:
        """(seq, payer, payee, amount, reason) for every movement of money, in order."""
        return list(self.db.execute(
            "SELECT seq, payer, payee, amount, reason FROM ledger WHERE game_id = ? ORDER BY id", (game_id,)))
