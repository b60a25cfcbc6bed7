"""The SQLite store: durable settings, one transaction per action, undo kept, full disk."""

from __future__ import annotations

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
    s.append(gid, 0, {"action": "roll", "value": 2}, [Event("pay", {"payer": 0, "payee": 1, "amount": 3, "reason": "carpet"})])
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
