"""The store faults found by trying the store from outside: a damaged file header, a zeroed
page of the games table, a damaged ``-last`` counter, a card full at start. Each start keeps
every game that is still on the card and says what it found."""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
from pathlib import Path

import pytest

from companion import cli
from companion.session import pages, recovery, schema
from companion.session.store import Store, read_witness
from companion.session.witness import witness_path
from companion.ui.app import App

HEADER = {"record": 2, "game": "suleika", "players": 2, "seed": 3}
PAGE = 4096


def five_games(path: Path, steps: int = 40) -> dict[int, list[dict]]:
    """Four finished games and one unfinished, each step tagged with its game and number."""
    store = Store(path)
    games = {}
    for g in range(5):
        gid = store.new_game({**HEADER, "seed": g})
        acts = [{"action": "roll", "value": 1 + i % 4, "tag": f"G{gid}S{i}"} for i in range(steps)]
        for i, act in enumerate(acts):
            store.append(gid, i, act, [], over=g < 4 and i == steps - 1)
        games[gid] = acts
    store.close()
    return games


def kept(store: Store) -> dict[int, list[dict]]:
    """Every game in the store, by its header's seed (ids may change in a copy): its steps."""
    out = {}
    for (gid,) in store.db.execute("SELECT id FROM games").fetchall():
        header, acts = store.load(gid)
        out[header["seed"]] = acts
    return out


def by_seed(games: dict[int, list[dict]]) -> dict[int, list[dict]]:
    return {seed: acts for seed, acts in enumerate(games.values())}


def codes(notices) -> list[str]:
    return [n.code for n in notices]


def root_page(path: Path, table: str) -> int:
    db = sqlite3.connect(path)
    try:
        return int(db.execute("SELECT rootpage FROM sqlite_master WHERE name = ?", (table,)).fetchone()[0])
    finally:
        db.close()


def harm(path: Path, at: int, data: bytes) -> None:
    with open(path, "r+b") as f:
        f.seek(at)
        f.write(data)


# -- the file header (its 16 magic bytes) ------------------------------------------------------
def test_a_damaged_file_header_loses_no_game(tmp_path):
    path = tmp_path / "g.sqlite3"
    games = five_games(path)
    harm(path, 0, b"SQLite format 4\0")  # only the magic bytes: every page is intact
    store, notices = Store.open(path)
    assert codes(notices)[0] == "moved_aside_damaged", notices
    recovered = next(n for n in notices if n.code == "games_recovered")
    assert recovered.params["count"] == 5 and "damaged_game" not in codes(notices), notices
    assert kept(store) == by_seed(games)  # 5/5 games, every step
    assert [g.header["seed"] for g in store.unfinished()] == [4]
    assert len(store.history()) == 4 and all(h.end == "finished" for h in store.history())
    assert store.db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"


def test_the_page_reader_finds_every_row_without_the_file_header(tmp_path):
    path = tmp_path / "g.sqlite3"
    games = five_games(path, steps=3)
    harm(path, 0, bytes(100))  # the whole file header gone: page size and all
    found = list(pages.rows(path))
    steps = {(v[0], v[1]) for kind, _r, v in found if kind == "actions"}
    assert steps == {(gid, seq) for gid in games for seq in range(-1, 3)}
    assert sorted(r for kind, r, _v in found if kind == "games") == sorted(games)


# -- a zeroed page of the games table ----------------------------------------------------------
def test_a_zeroed_games_table_page_loses_no_game(tmp_path):
    path = tmp_path / "g.sqlite3"
    games = five_games(path)
    page = root_page(path, "games")  # five headers: all on this one page
    harm(path, (page - 1) * PAGE, bytes(PAGE))
    store, notices = Store.open(path)
    assert codes(notices)[0] == "moved_aside_damaged", notices
    assert "damaged_game" not in codes(notices), notices
    assert kept(store) == by_seed(games)  # every game, rebuilt from its header's copy
    assert [g.header["seed"] for g in store.unfinished()][:1] == [4]


def test_a_game_rebuilt_from_its_header_copy_alone_that_had_ended_is_listed_as_ended(tmp_path):
    """The games row said a game had ended; with the row lost, its steps played again say it
    (before, every game rebuilt from its header's copy was offered as unfinished)."""
    from companion.games import get_engine
    from companion.session.simulate import random_game

    path = tmp_path / "g.sqlite3"
    store = Store(path)
    engine = get_engine(HEADER["game"])
    ended, acts = random_game(engine, HEADER, 5)
    done = store.new_game(HEADER)
    for i, act in enumerate(acts):
        store.append(done, i, act, [], over=i == len(acts) - 1, winners=engine.summary(ended)["winners"])
    going = store.new_game({**HEADER, "seed": 4})
    store.append(going, 0, acts[0], [])
    store.close()
    harm(path, (root_page(path, "games") - 1) * PAGE, bytes(PAGE))
    store, notices = Store.open(path)
    try:
        assert codes(notices)[0] == "moved_aside_damaged", notices
        assert [g.header["seed"] for g in store.unfinished()] == [4]
        rows = store.db.execute("SELECT header, finished, result FROM games WHERE finished IS NOT NULL").fetchall()
        assert [json.loads(h)["seed"] for h, _f, _r in rows] == [3]
        assert json.loads(rows[0][2]) == {"winners": engine.summary(ended)["winners"]}
    finally:
        store.close()


def test_a_version_2_store_gets_the_header_copies_when_brought_up_to_date(tmp_path):
    path = tmp_path / "g.sqlite3"
    games = five_games(path, steps=5)
    db = sqlite3.connect(path)  # as version 2 stored it: no copies
    db.execute("DELETE FROM actions WHERE seq = ?", (schema.HEADER_SEQ,))
    db.execute("PRAGMA user_version = 2")
    db.commit()
    db.close()
    store, notices = Store.open(path)
    assert notices == [] and store.db.execute("PRAGMA user_version").fetchone()[0] == 3
    copies = store.db.execute("SELECT COUNT(*) FROM actions WHERE seq = ?", (schema.HEADER_SEQ,)).fetchone()[0]
    assert copies == 5 and kept(store) == by_seed(games)
    assert [len(store.load(g.id)[1]) for g in store.unfinished()] == [5]
    store.close()
    harm(path, (root_page(path, "games") - 1) * PAGE, bytes(PAGE))
    store, notices = Store.open(path)
    assert kept(store) == by_seed(games), notices


# -- the -last counter -------------------------------------------------------------------------
@pytest.mark.parametrize("text", [b"99999", b"00000000000000000219 00000000\n", b"\xff\xfe junk"])
def test_a_damaged_counter_file_keeps_the_store_and_says_so(tmp_path, text):
    path = tmp_path / "g.sqlite3"
    games = five_games(path, steps=5)
    commits = read_witness(path)
    witness_path(path).write_bytes(text)
    store, notices = Store.open(path)
    assert codes(notices) == ["counter_damaged"], notices
    assert store.path == path and not list(tmp_path.glob("g.sqlite3.*"))  # nothing moved aside
    assert kept(store) == by_seed(games)
    store.close()
    assert read_witness(path) == commits + 1  # written anew (and one commit more: the start's check)
    assert Store.open(path)[1] == []  # said once


# -- a full card at start ----------------------------------------------------------------------
def test_a_full_card_at_start_is_said(tmp_path, monkeypatch):
    path = tmp_path / "g.sqlite3"
    five_games(path, steps=2)
    monkeypatch.setattr(recovery, "free_bytes", lambda folder: 4096)
    store, notices = Store.open(path)
    assert codes(notices) == ["full_at_start"] and store.path == path
    assert len(store.unfinished()) == 1  # the games are all there; only new steps may fail


def test_a_full_card_is_said_on_the_first_screen(tmp_path, monkeypatch, capsys):
    path = tmp_path / "data" / "companion.sqlite3"
    path.parent.mkdir()
    five_games(path, steps=2)
    monkeypatch.setattr(recovery, "free_bytes", lambda folder: 0)
    seen: dict[str, str] = {}

    def run(self: App, scene) -> None:
        self.show(scene)
        self.step(block=False)
        seen.update(banner=scene.banner.text, words=self.texts.refusal("store", self.store_notices[0]))

    monkeypatch.setattr(App, "run", run)
    assert cli.main(["--lang", "de", "run", "--data", str(path), "--no-gpio", "--no-kiosk"]) == 0
    assert "Speicherkarte ist voll" in seen["words"] and "nicht gespeichert" in seen["words"]
    assert seen["words"] in seen["banner"]
    assert "full" in capsys.readouterr().err


def test_sqlite_s_own_recovery_is_used_where_it_works(tmp_path, monkeypatch):
    """Debian 12's ``sqlite3`` program cannot ``.recover`` (it is built without the page table
    it needs), so a stand-in gives what a working one prints (SQL statements that rebuild the
    tables): with the page reader silenced, every game comes from it."""
    path = tmp_path / "g.sqlite3"
    games = five_games(path, steps=4)
    sound = tmp_path / "sound.sqlite3"
    sound.write_bytes(path.read_bytes())
    real = shutil.which("sqlite3")
    if real is None:  # the stand-in prints what the real program's .dump prints
        db = sqlite3.connect(sound)
        (tmp_path / "dump.sql").write_text("\n".join(db.iterdump()) + "\n")
        db.close()
        body = f'cat "{tmp_path / "dump.sql"}"'
    else:
        body = f'exec "{real}" "{sound}" .dump'
    tool = tmp_path / "bin" / "sqlite3"
    tool.parent.mkdir()
    tool.write_text(f"#!/bin/sh\n{body}\n")
    tool.chmod(0o755)
    monkeypatch.setenv("PATH", f"{tool.parent}{os.pathsep}{os.environ.get('PATH', '')}")
    monkeypatch.setattr(pages, "rows", lambda source: iter(()))
    harm(path, 0, b"SQLite format 4\0")
    store, notices = Store.open(path)
    assert codes(notices)[0] == "moved_aside_damaged" and kept(store) == by_seed(games), notices
    monkeypatch.setenv("PATH", "")  # no program at all: the page reader alone would be left
    assert pages.sqlite_recover(path) is None
