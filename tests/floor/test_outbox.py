"""The outbox: written in the step's own transaction, a game id in every new header, old
records unchanged."""

from __future__ import annotations

import json
import sqlite3

import pytest

from companion.floor.table import TableFloor
from companion.floor.topics import FloorConfig, FloorError, load_config, parse_url
from companion.session.notice import StoreError
from companion.session.record import dumps, replay
from companion.session.session import Session
from companion.session.store import Store

CONFIG = FloorConfig("127.0.0.1", 1, "cafe", "t1")


def _outbox(store: Store) -> list[dict]:
    return [json.loads(p) for (p,) in store.db.execute("SELECT payload FROM outbox ORDER BY id")]


def _floor_store(tmp_path) -> tuple[Store, TableFloor]:
    store = Store(tmp_path / "games.sqlite3")
    floor = TableFloor(CONFIG, store.path)
    floor.attach(store)
    return store, floor


def test_every_step_writes_one_outbox_row_with_the_game_id_and_its_sequence(tmp_path):
    store, _ = _floor_store(tmp_path)
    session = Session.new({"game": "suleika", "players": 2, "seed": 3}, store)
    session.roll()
    rows = _outbox(store)
    assert [r["kind"] for r in rows] == ["start", "step"]
    assert {r["game_id"] for r in rows} == {session.header["game_id"]}
    assert [r["seq"] for r in rows] == [0, 1]
    assert rows[1]["step"] == 0 and rows[1]["action"] == session.actions[0]
    assert all(r["table"] == "t1" for r in rows)


def test_a_step_the_store_refuses_leaves_no_outbox_row(tmp_path):
    store, _ = _floor_store(tmp_path)
    session = Session.new({"game": "suleika", "players": 2, "seed": 3}, store)
    before = len(_outbox(store))
    real = store.floor
    assert real is not None

    def then_fail(db, kind, game_id, data):
        real(db, kind, game_id, data)  # the step's rows are made, then the card is full
        raise sqlite3.OperationalError("database or disk is full")
    store.floor = then_fail
    with pytest.raises(StoreError):
        session.roll()
    assert len(_outbox(store)) == before
    assert store.db.execute("SELECT COUNT(*) FROM actions WHERE seq >= 0").fetchone()[0] == 0


def test_an_undone_step_played_again_is_a_new_event(tmp_path):
    store, _ = _floor_store(tmp_path)
    session = Session.new({"game": "suleika", "players": 2, "seed": 3}, store)
    while session.engine.chance(session.state) is not None:
        session.roll()
    session.act(session.engine.legal_actions(session.state)[0])
    session.undo()
    session.act(session.engine.legal_actions(session.state)[-1])
    rows = _outbox(store)
    seqs = [r["seq"] for r in rows]
    assert len(seqs) == len(set(seqs)), "every event has its own sequence number"
    assert rows[-1]["step"] == rows[-2]["step"] and rows[-1]["seq"] > rows[-2]["seq"]


def test_closing_a_game_is_an_event(tmp_path):
    store, _ = _floor_store(tmp_path)
    session = Session.new({"game": "suleika", "players": 2, "seed": 3}, store)
    session.roll()
    store.close_game(session.game_id, "staff")
    assert _outbox(store)[-1]["kind"] == "closed" and _outbox(store)[-1]["how"] == "staff"


def test_a_table_off_the_floor_writes_no_outbox_rows(tmp_path):
    store = Store(tmp_path / "games.sqlite3")
    session = Session.new({"game": "suleika", "players": 2, "seed": 3}, store)
    session.roll()
    tables = {name for (name,) in store.db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert "outbox" not in tables  # a store off the floor is laid out as before


def test_new_headers_carry_a_game_id_and_old_records_replay_as_before():
    a = Session.new({"game": "suleika", "players": 2, "seed": 3})
    b = Session.new({"game": "suleika", "players": 2, "seed": 3})
    assert a.header["game_id"] != b.header["game_id"]
    a.roll()
    old_header = {k: v for k, v in a.header.items() if k != "game_id"}
    _, state_new, _ = replay(a.record())
    _, state_old, _ = replay(dumps(old_header, a.actions))
    assert state_new == state_old
    with pytest.raises(ValueError, match='"game_id" must be text'):
        replay(dumps({**old_header, "game_id": 5}, a.actions))


def test_floor_settings(tmp_path):
    assert load_config(tmp_path) is None
    (tmp_path / "settings.toml").write_text('[floor]\nbroker = "mqtt://hub:1884"\ncafe = "mokka"\ntable = "t3"\n')
    assert load_config(tmp_path) == FloorConfig("hub", 1884, "mokka", "t3", None)
    assert load_config(tmp_path, "mqtt://other", "t9").table == "t9"
    with pytest.raises(FloorError, match="mqtt://HOST:PORT"):
        parse_url("http://hub")
    with pytest.raises(FloorError, match="table name"):
        load_config(tmp_path, None, "t/1")
    with pytest.raises(FloorError, match="table name"):
        load_config(tmp_path, None, "hub")
