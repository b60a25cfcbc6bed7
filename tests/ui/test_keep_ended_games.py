"""The staff set how many ended games the card keeps: the setting, every way the store is
opened (the app, ``companion export``), and the staff page through the real loop. Unfinished
games are never pruned."""

from __future__ import annotations

import json
import sqlite3
import time
from pathlib import Path

import pytest

from companion import cli, settings
from companion.session import schema
from companion.session.session import Session
from companion.session.store import KEEP_FINISHED, Store
from companion.staff_pin import hash_pin, write_pin_hash
from companion.ui.staff import scene as staff
from companion.ui.staff.menu import KeepPage
from tests.ui.screen import press, settle, tap_label

PIN = "0815"


def ended_games(path: Path, count: int, unfinished: int = 1) -> list[int]:
    """``count`` ended games (one step each) and ``unfinished`` open ones, the open ones
    oldest, written in one transaction; their ids, oldest first."""
    Store(path).close()
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("BEGIN")
    ids = []
    for n in range(unfinished + count):
        text = json.dumps({"record": 2, "game": "suleika", "players": 2, "seed": n})
        done = None if n < unfinished else time.time()
        gid = db.execute("INSERT INTO games (game, header, started, finished, steps) VALUES ('suleika', ?, ?, ?, 1)",
                         (text, time.time(), done)).lastrowid
        db.execute("UPDATE games SET header_sum = ? WHERE id = ?", (schema.header_sum(gid, text), gid))
        step = json.dumps({"action": "roll", "value": 2})
        db.execute("INSERT INTO actions (game_id, seq, action, at, sum) VALUES (?, 0, ?, 0, ?)",
                   (gid, step, schema.action_sum(gid, 0, step)))
        ids.append(gid)
    db.execute("COMMIT")
    db.close()
    return ids


def stored(path: Path) -> tuple[int, int]:
    """(ended, unfinished) games in the file."""
    db = sqlite3.connect(path)
    try:
        return db.execute("SELECT SUM(finished IS NOT NULL OR closed IS NOT NULL), "
                          "SUM(finished IS NULL AND closed IS NULL) FROM games").fetchone()
    finally:
        db.close()


def keep(folder: Path, n: int) -> None:
    s = settings.load(folder)
    s.keep_finished = n
    settings.save(folder, s)


# -- the setting -------------------------------------------------------------------------------
def test_the_setting_round_trips_and_stays_within_its_choices(tmp_path: Path) -> None:
    assert settings.load(tmp_path).keep_finished == KEEP_FINISHED == 500
    keep(tmp_path, 2000)
    assert settings.load(tmp_path).keep_finished == 2000
    for text, want in (("[store]\nkeep_finished = 3\n", settings.KEEP_CHOICES[0]),
                       ("[store]\nkeep_finished = 10000000\n", settings.KEEP_CHOICES[-1]),
                       ('[store]\nkeep_finished = "all"\n', KEEP_FINISHED), ("[store]\nkeep_finished = -1\n", 20)):
        (tmp_path / "settings.toml").write_text(text)
        assert settings.load(tmp_path).keep_finished == want, text


# -- every way the store is opened ---------------------------------------------------------------
def test_the_app_s_store_keeps_what_the_staff_set(tmp_path: Path) -> None:
    path = tmp_path / "companion.sqlite3"
    ids = ended_games(path, 30, unfinished=2)
    keep(tmp_path, 20)
    store, _ = Store.open(path)
    try:
        assert store.keep_finished == 20
        assert [h.id for h in store.history()] == ids[-20:][::-1]  # the newest 20
        assert sorted(g.id for g in store.unfinished()) == ids[:2]  # never an unfinished one
    finally:
        store.close()


def test_export_never_prunes_below_what_the_staff_set(tmp_path: Path, capsys) -> None:
    path = tmp_path / "companion.sqlite3"
    ids = ended_games(path, 560)
    keep(tmp_path, 1000)
    assert cli.main(["export", str(ids[-1]), "--data", str(path)]) == 0
    assert json.loads(capsys.readouterr().out.splitlines()[0])["seed"] == len(ids) - 1
    assert stored(path) == (560, 1)  # the default 500 would have deleted 60 games


# -- the staff page ------------------------------------------------------------------------------
@pytest.fixture
def data(tmp_path: Path) -> Path:
    """The games file and the settings of this module's tests sit in tmp_path itself."""
    return tmp_path


@pytest.fixture
def app(app, data: Path, monkeypatch):
    """The shared app (tests/ui/conftest.py) on the menu, with a staff PIN set."""
    monkeypatch.setattr(staff, "CLOCK", lambda: 5000.0)
    write_pin_hash(data, hash_pin(PIN, n=2**10))
    app.show(app.routes["menu"](app))
    settle(app)
    return app


def test_the_staff_page_sets_the_number_and_the_next_ended_game_prunes_to_it(app, tmp_path: Path) -> None:
    store = app.store
    store.close()
    path = tmp_path / "companion.sqlite3"
    ids = ended_games(path, 25)
    app.store = store = Store(path)
    press(app, "staff")
    for digit in PIN:
        tap_label(app, digit)
    tap_label(app, "OK")
    tap_label(app, "Partien aufbewahren")
    assert isinstance(app.scene, KeepPage)
    tap_label(app, "100")
    tap_label(app, "−")  # one step down from 100: 50
    tap_label(app, "−")  # 20, the fewest
    assert not next(b for b in app.scene.tappables() if b.label == "−").enabled
    assert settings.load(tmp_path).keep_finished == 20 and store.keep_finished == 20
    assert stored(path) == (25, 1)  # nothing goes at a tap
    session = Session.resume(store, ids[0])[0]  # the unfinished game (started first of all) ends now
    session.abandon("left")
    assert stored(path) == (20, 0)
    # the 20 that ended last: the game that just ended (though it began first) and the 19 after it
    assert [h.id for h in store.history()] == ids[-19:][::-1] + [ids[0]]


def test_the_games_that_ended_last_are_kept_whenever_they_began(tmp_path: Path) -> None:
    """A long game that began before the others and ended after them is the one the table just
    played: pruning keeps it (it went first when pruning went by when games began)."""
    path = tmp_path / "companion.sqlite3"
    first, second, third = ended_games(path, 3, unfinished=0)
    db = sqlite3.connect(path, isolation_level=None)
    now = time.time()
    for gid, ended in ((first, now), (second, now - 300), (third, now - 200)):  # the first ended last
        db.execute("UPDATE games SET finished = ? WHERE id = ?", (ended, gid))
    db.close()
    store = Store(path)
    try:
        assert store.prune(2) == 1
        left = {row[0] for row in store.db.execute("SELECT id FROM games")}
    finally:
        store.close()
    assert left == {first, third}
