"""A short café day (``companion soak``): every game through the real screen loop, kills and
resumes, an export, and the figures written. The long run's figures are in the README."""

from __future__ import annotations

import csv
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.slow
def test_a_short_soak_plays_kills_resumes_exports_and_writes_its_figures(tmp_path: Path) -> None:
    out = tmp_path / "soak"
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    done = subprocess.run([sys.executable, "-m", "companion", "soak", "--hours", str(75 / 3600), "--out", str(out),
                           "--every", "5", "--kill-min", "15", "--kill-max", "25", "--export-every", "10"],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
    summary = json.loads((out / "soak.json").read_text())
    assert summary["ok"] and summary["cafe_exit"] == 0  # SIGTERM at the end: left with 0
    assert summary["kills"] >= 2 and summary["lost"] == 0
    assert summary["exports"] >= 1 and list((out / "stick").glob("companion-*.jsonl"))
    assert not list((out / "stick").glob(".*"))  # no half-written export left behind
    rows = list(csv.DictReader((out / "soak.csv").open()))
    assert len(rows) >= 10 and all(float(r["rss_mb"]) > 0 for r in rows)
    assert all(float(r["heap_mb"]) > 0 and r["on_screen"] for r in rows[3:])  # the café process says them
    # the café process played through the games of the registry, one store, none lost
    games = [json.loads(line)["game"] for line in (out / "cafe.log").read_text().splitlines() if '"game"' in line]
    assert len(set(games)) >= 2
    assert "| minutes | rss_mb |" in done.stdout  # the curve as a table, for the README


def test_a_kill_after_a_games_last_step_is_not_counted_lost(tmp_path: Path) -> None:
    """The last frame traced can show a game one step before its end when the kill comes
    between the step that ended it and its frame: nothing waits at the next start, and the
    store holds it ended with every step. Any fewer steps, or not ended, is lost."""
    from companion.games import REGISTRY
    from companion.session.session import Session
    from companion.session.store import Store
    from companion.soak import Soak

    soak = Soak(tmp_path, hours=0.01, every=5, kill_min=1, kill_max=2, export_every=10, seed=1)
    store, _ = Store.open(tmp_path / "killed.sqlite3")
    header = REGISTRY["suleika"].header(2, 7)
    ended = Session.new(header, store)
    while not ended.over:
        step(ended)
    waiting = Session.new(header, store)
    step(waiting)
    store.close()
    steps = len(ended.actions)
    assert soak._ended_whole({"game_id": ended.game_id, "actions": steps - 1})
    assert soak._ended_whole({"game_id": ended.game_id, "actions": steps})
    assert not soak._ended_whole({"game_id": ended.game_id, "actions": steps + 1})
    assert not soak._ended_whole({"game_id": waiting.game_id, "actions": 1})
    assert not soak._ended_whole({"actions": 1})  # a trace without the game's number proves nothing


def step(session: Any) -> None:
    """The die when one is due, else the first legal action."""
    if session.engine.chance(session.state) is not None:
        session.roll()
    else:
        session.act(session.engine.legal_actions(session.state)[0])


#: soak.csv's columns as outside tools read them, by place: new ones may only follow
FIRST_COLUMNS = ["minutes", "rss_mb", "fds", "threads", "store_kb", "wal_kb", "games", "actions", "cache_mb",
                 "exports", "kills", "resumed", "lost"]


def test_a_row_says_what_the_rss_is_made_of_after_the_columns_tools_read(tmp_path: Path) -> None:
    from companion import soak
    from companion.ui.kit import cache

    assert list(soak.COLUMNS[:len(FIRST_COLUMNS)]) == FIRST_COLUMNS
    assert list(soak.COLUMNS[len(FIRST_COLUMNS):]) == ["rss_anon_mb", "rss_file_mb", "heap_mb", "heap_free_mb",
                                                       "on_screen"]
    held = cache.malloc_held()
    if held is not None:  # glibc: what malloc hands out and keeps free
        assert held[0] > 0 and held[1] >= 0
    run = soak.Soak(tmp_path, hours=0.01, every=1, kill_min=1, kill_max=2, export_every=1, seed=1)
    (tmp_path / "cafe.log").write_text(json.dumps({"t": 1, "status": True, "games": 3, "heap_bytes": 25 * 2**20,
                                                   "heap_free_bytes": 2**20, "on_screen": "suleika"}) + "\n"
                                       + json.dumps({"t": 2, "game": "mutabor", "id": 4, "players": 2}) + "\n")
    out = tmp_path / "rows.csv"
    with out.open("w", newline="") as f:
        writer = csv.writer(f)
        writer.writerow(soak.COLUMNS)
        run._sample(os.getpid(), 60.0, writer)
    row = next(csv.DictReader(out.open()))
    assert row["games"] == "3" and row["heap_mb"] == "25.0" and row["heap_free_mb"] == "1.0"
    # the game on screen is the newest one begun, not the one of the last status line
    assert row["on_screen"] == "mutabor"
    # the two parts of the RSS add up to it (RssShmem, the third, is about nothing here)
    assert float(row["rss_anon_mb"]) > 0 and float(row["rss_file_mb"]) > 0
    assert abs(float(row["rss_anon_mb"]) + float(row["rss_file_mb"]) - float(row["rss_mb"])) < 2


def test_the_soaks_player_leaves_the_loop_its_idle_work_before_the_next_press(tmp_path: Path) -> None:
    """At a table seconds pass between two presses, and the loop does its idle work in them
    (a screen's warm-up, letting go of what the screens dropped). A player pressing in every
    pass never left room for it: the soak measured a café where no table ever warmed up or
    tidied."""
    import io
    import random

    from companion.session.store import Store
    from companion.soak import Player

    class App:
        warming = True
        scene = None

        def __init__(self) -> None:
            self.done: list[str] = []

        def inject(self, name: str) -> None:
            self.done.append(name)

        def go(self, route: str, **_kw: object) -> None:
            self.done.append(route)

    app = App()
    store = Store(tmp_path / "s.sqlite3")
    player = Player(app, store, random.Random(1), io.StringIO(), None, 60.0, 1e9, report_s=1e9)
    assert player(app) is True and app.done == []  # the idle work first
    app.warming = False
    assert player(app) is True and app.done == ["table"]  # then on: the next game's table
    store.close()
