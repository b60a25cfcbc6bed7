"""A card that is full or write-protected, and a stored game with a damaged step, met through
the real screens in German: words on the screen, never a traceback, the game as it was."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from companion.games import REGISTRY, playable
from companion.session import schema
from companion.session.session import Session
from companion.session.store import Store
from companion.ui.shell.resume import ResumeScene
from companion.ui.shell.setup import SetupScene
from tests.ui.screen import new_app, press, settle, tap_label

GAMES = [name for name in REGISTRY if playable(name)]


def app_on(store: Store):
    return new_app("de", store)


def fill_the_card(store: Store) -> None:
    """Every page the file may have is used, the games table's too: the next game needs one
    more (``max_page_count`` stands in for the card's size)."""
    pages = store.db.execute("PRAGMA page_count").fetchone()[0]
    store.db.execute(f"PRAGMA max_page_count = {pages + 4}")
    store.db.execute("CREATE TABLE IF NOT EXISTS filler (x BLOB)")
    with pytest.raises(sqlite3.OperationalError, match="full"):
        for _ in range(10_000):
            store.db.execute("INSERT INTO filler VALUES (zeroblob(512))")
    with pytest.raises(sqlite3.OperationalError, match="full"):
        for _ in range(10_000):  # ended games of long ago fill the last free room
            store.db.execute("INSERT INTO games (game, header, started, closed, closed_reason) "
                             "VALUES ('suleika', ?, 0, 0, 'left')", ("{}" + " " * 60,))


def start_from_setup(app, game: str) -> None:
    app.show(SetupScene(app, game, seed=3))
    settle(app)
    press(app, "ok")  # Start


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_a_new_game_on_a_full_card_is_refused_in_words(tmp_path: Path, game: str) -> None:
    store = Store(tmp_path / "g.sqlite3")
    fill_the_card(store)
    before = store.db.execute("SELECT COUNT(*) FROM games").fetchone()[0]
    app = app_on(store)
    try:
        start_from_setup(app, game)
        assert isinstance(app.scene, SetupScene)  # still there: nothing started
        assert app.scene.banner.text == app.texts("store.refusal.card_full")  # German, not the log's English
        assert store.db.execute("SELECT COUNT(*) FROM games").fetchone()[0] == before
    finally:
        app.close()


def test_a_new_game_on_a_write_protected_card_is_refused_in_words(tmp_path: Path) -> None:
    path = tmp_path / "g.sqlite3"
    Store(path).close()
    store = Store(path, uri=f"file:{path}?mode=ro")  # as a card with its write-protect switch on
    app = app_on(store)
    try:
        start_from_setup(app, "suleika")
        assert isinstance(app.scene, SetupScene)
        assert app.scene.banner.text == app.texts("store.refusal.read_only")
    finally:
        app.close()


def played(store: Store, steps: int = 8) -> Session:
    session = Session.new({"game": "suleika", "players": 2, "seed": 5}, store)
    while len(session.actions) < steps:
        if session.engine.chance(session.state) is not None:
            session.roll()
        else:
            session.act(next(a for a in session.engine.legal_actions(session.state) if a["action"] == "place"))
    return session


def damage(store: Store, game_id: int, seq: int, how: str) -> None:
    """Step ``seq`` of a stored game made unusable: one that no longer applies (its checksum
    rewritten to match), or a flipped bit that the checksum catches."""
    text = store.db.execute("SELECT action FROM actions WHERE game_id = ? AND seq = ?", (game_id, seq)).fetchone()[0]
    if how == "illegal":
        action = json.loads(text)
        bad = json.dumps({**action, "action": "place", "cells": [[9, 9], [9, 10]]})
        store.db.execute("UPDATE actions SET action = ?, sum = ? WHERE game_id = ? AND seq = ?",
                         (bad, schema.action_sum(game_id, seq, bad), game_id, seq))
    else:
        flipped = text.replace('"', "'", 1)
        store.db.execute("UPDATE actions SET action = ? WHERE game_id = ? AND seq = ?", (flipped, game_id, seq))


@pytest.mark.parametrize("how", ["illegal", "flipped"])
def test_resume_with_a_damaged_step_shows_the_game_before_it_on_every_restart(tmp_path: Path, how: str) -> None:
    path = tmp_path / "g.sqlite3"
    store = Store(path)
    session = played(store)
    damage(store, session.game_id, 5, how)
    store.close()
    for restart in range(3):  # OK on every restart: never a crash, never less than before
        store, notices = Store.open(path)
        rows = store.unfinished()
        assert [r.id for r in rows] == [session.game_id]
        app = app_on(store)
        try:
            app.show(ResumeScene(app, rows[0]))
            settle(app)
            press(app, "ok")
            table = app.scene
            assert getattr(table, "session", None) is not None, type(table).__name__
            assert table.session.actions == session.actions[:5]
            assert table.session.state == session.states[5]
            if restart == 0 and how == "illegal":  # said once, in German, by the resume screen
                assert table.banner.bad and ".." not in table.banner.text, table.banner.text
                assert table.banner.text.startswith(app.texts("resume_failed", error="").split(":")[0])
                assert app.texts("suleika.refusal.off_board", row=9, col=9).rstrip(".") in table.banner.text
            elif restart == 0:  # the checksum caught it as the store opened: said on the first screen
                assert [n.code for n in notices] == ["damaged_step"] and notices[0].params["step"] == 6
                assert not table.banner.text
            else:
                assert not table.banner.text and not notices
        finally:
            app.close()
            store.close()
    kept = sqlite3.connect(path).execute("SELECT COUNT(*) FROM undone").fetchone()[0]
    assert kept == len(session.actions) - 5  # the damaged step and those after it: kept for the staff


def test_a_teppich_city_on_a_card_that_filled_meanwhile_is_refused_in_words(tmp_path: Path) -> None:
    # Der fliegende Teppich starts its game afresh once the city is built: that new game is a
    # new row too, and a card that filled up in the meantime must say so, not crash.
    store = Store(tmp_path / "g.sqlite3")
    app = app_on(store)
    try:
        start_from_setup(app, "teppich")
        table = app.scene
        assert table.city is not None and table.session.game_id is not None
        first = table.session.game_id
        fill_the_card(store)
        tap_label(app, app.texts("teppich.ui.city_go"))  # the suggested city: start
        assert app.scene is table and table.city is not None  # still building the city
        assert app.texts("store.refusal.card_full") in table.banner.text
        assert [g.id for g in store.unfinished()] == [first]  # the game as it was
    finally:
        app.close()
