"""The SQLite store: durable settings, one transaction per action, undo kept, full disk."""

from __future__ import annotations

import json
import sqlite3

import pytest

from companion.engine.base import Event
from companion.session.store import Store, StoreError

HEADER = {"record": 1, "game": "suleika", "players": 2, "seed": 3}


def test_wal_and_full_sync(tmp_path):
    s = Store(tmp_path / "g.sqlite3")
    assert s.db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert s.db.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL


def test_append_load_and_ledger(tmp_path):
    s = Store(tmp_path / "g.sqlite3")
    gid = s.new_game(HEADER)
    s.append(gid, 0, {"action": "roll", "value": 2},
             [Event("pay", {"payer": 0, "payee": 1, "amount": 3, "reason": "carpet"})])
    s.append(gid, 1, {"action": "place", "cells": [[0, 0], [0, 1]]}, [])
    header, actions = s.load(gid)
    assert header == HEADER
    assert [a["action"] for a in actions] == ["roll", "place"]
    assert s.ledger(gid) == [(0, 0, 1, 3, "carpet")]
    assert [g.id for g in s.unfinished()] == [gid]


def test_finished_and_closed_games_are_not_offered(tmp_path):
    s = Store(tmp_path / "g.sqlite3")
    a, b = s.new_game(HEADER), s.new_game(HEADER)
    s.append(a, 0, {"action": "roll", "value": 1}, [], over=True)
    s.close_game(b)
    assert s.unfinished() == []


def test_pop_keeps_a_copy_and_reopens(tmp_path):
    s = Store(tmp_path / "g.sqlite3")
    gid = s.new_game(HEADER)
    s.append(gid, 0, {"action": "roll", "value": 1}, [])
    s.append(gid, 1, {"action": "place", "cells": [[1, 1], [1, 2]]}, [], over=True)
    s.pop(gid, 1)
    assert s.load(gid)[1] == [{"action": "roll", "value": 1}]
    assert s.db.execute("SELECT why FROM undone").fetchall() == [("undo",)]
    assert [g.id for g in s.unfinished()] == [gid]


def test_a_full_disk_is_said_in_words_and_nothing_half_written(tmp_path):
    s = Store(tmp_path / "g.sqlite3")
    gid = s.new_game(HEADER)
    s.append(gid, 0, {"action": "roll", "value": 1}, [])
    pages = s.db.execute("PRAGMA page_count").fetchone()[0]
    s.db.execute(f"PRAGMA max_page_count = {pages}")  # the card is now full
    big = {"action": "place", "cells": [[0, 0], [0, 1]], "note": "x" * 20000}
    with pytest.raises(StoreError, match="full"):
        s.append(gid, 1, big, [Event("pay", {"payer": 0, "payee": 1, "amount": 2, "reason": "carpet"})])
    assert len(s.load(gid)[1]) == 1
    assert s.ledger(gid) == []


def test_survives_reopening(tmp_path):
    path = tmp_path / "g.sqlite3"
    s = Store(path)
    gid = s.new_game(HEADER)
    s.append(gid, 0, {"action": "roll", "value": 4}, [])
    s.close()
    assert Store(path).load(gid)[1] == [{"action": "roll", "value": 4}]


def test_unknown_game_is_a_clear_error(tmp_path):
    with pytest.raises(StoreError, match="no game number 99"):
        Store(tmp_path / "g.sqlite3").load(99)


def test_read_only_database_says_so(tmp_path):
    path = tmp_path / "g.sqlite3"
    Store(path).close()
    s = Store.__new__(Store)
    s.path = path
    s.db = sqlite3.connect(f"file:{path}?mode=ro", uri=True, isolation_level=None)
    with pytest.raises(StoreError, match="write-protected"):
        s._write([("INSERT INTO games (game, header, started) VALUES ('x', '{}', 0)", ())])


# -- versions and migration ------------------------------------------------------------------
#: The schema of store version 1 (no user_version, no checksums), as it shipped.
V1_SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id       INTEGER PRIMARY KEY,
    game     TEXT NOT NULL,
    header   TEXT NOT NULL,
    started  REAL NOT NULL,
    finished REAL,
    closed   REAL
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
    seq     INTEGER NOT NULL,
    payer   INTEGER,
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


def v1_store(path) -> None:
    db = sqlite3.connect(path)
    db.executescript(V1_SCHEMA)
    db.execute("PRAGMA journal_mode=WAL")
    db.execute("INSERT INTO games (id, game, header, started, finished, closed) VALUES "
               "(1, 'suleika', ?, 1.0, 2.0, NULL), (2, 'suleika', ?, 3.0, NULL, 4.0), "
               "(3, 'suleika', ?, 5.0, NULL, NULL)",
               tuple(json.dumps({**HEADER, "seed": i}) for i in (1, 2, 3)))
    db.executemany("INSERT INTO actions (game_id, seq, action, at) VALUES (?, ?, ?, 0)",
                   [(g, i, json.dumps({"action": "roll", "value": i + 1})) for g in (1, 2, 3) for i in range(3)])
    db.execute("INSERT INTO ledger (game_id, seq, payer, payee, amount, reason) VALUES (3, 1, 0, 1, 4, 'carpet')")
    db.commit()
    db.close()


def test_a_version_1_store_is_migrated_in_place(tmp_path):
    path = tmp_path / "g.sqlite3"
    v1_store(path)
    store, notices = Store.open(path)
    assert notices == []
    assert store.db.execute("PRAGMA user_version").fetchone()[0] == 3
    assert [g.id for g in store.unfinished()] == [3]
    assert store.load(3)[1] == [{"action": "roll", "value": v} for v in (1, 2, 3)]
    assert store.load_checked(1).notices == []  # checksums were filled in for the old rows
    assert store.ledger(3) == [(1, 0, 1, 4, "carpet")]
    assert store.ledger_rows(3)[0].params == {}
    assert [(h.id, h.end) for h in store.history()] == [(2, "left"), (1, "finished")]
    store.append(3, 3, {"action": "roll", "value": 4}, [])
    store.close()
    again, notices = Store.open(path)
    assert notices == [] and len(again.load(3)[1]) == 4


def test_migration_checks_the_old_rows_too(tmp_path):
    path = tmp_path / "g.sqlite3"
    v1_store(path)
    Store(path).close()
    db = sqlite3.connect(path)
    db.execute("UPDATE actions SET action = '{\"action\": \"roll\", \"value\": 6}' WHERE game_id = 1 AND seq = 1")
    db.commit()
    db.close()
    loaded = Store(path).load_checked(1)
    assert loaded.damaged_at == 1 and loaded.notices[0].params["game"] == 1


def test_the_ledger_keeps_reason_codes_and_their_params(tmp_path):
    s = Store(tmp_path / "g.sqlite3")
    gid = s.new_game(HEADER)
    s.append(gid, 0, {"action": "roll", "value": 2},
             [Event("pay", {"payer": 0, "payee": None, "amount": 40, "reason": "sell", "params": {"group": "Hehler"}})])
    row = s.ledger_rows(gid)[0]
    assert (row.code, row.params, row.payee) == ("sell", {"group": "Hehler"}, None)
    assert s.ledger(gid) == [(0, 0, None, 40, "sell")]


def test_every_commit_is_counted_beside_the_database(tmp_path):
    from companion.session.store import read_witness

    path = tmp_path / "g.sqlite3"
    s = Store(path)
    gid = s.new_game(HEADER)
    s.append(gid, 0, {"action": "roll", "value": 2}, [])
    assert read_witness(path) == s.commits == s.db.execute("SELECT value FROM meta").fetchone()[0]


def test_store_errors_carry_a_code(tmp_path):
    with pytest.raises(StoreError) as err:
        Store(tmp_path / "g.sqlite3").load(99)
    assert err.value.code == "no_game" and err.value.params == {"game": 99}


def test_sqlite_s_page_cache_is_held_small(tmp_path):
    """SQLite's default 2 MB page cache filled as the file grew over a café day and stayed
    resident; the store asks for CACHE_KIB."""
    from companion.session.store import CACHE_KIB

    store = Store(tmp_path / "g.sqlite3")
    try:
        assert store.db.execute("PRAGMA cache_size").fetchone()[0] == -CACHE_KIB
    finally:
        store.close()
