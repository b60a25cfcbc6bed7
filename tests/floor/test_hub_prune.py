"""The hub's store is bounded: the steps of games ended more than ``keep_days`` ago go, every
game's summary and every staff call stay (the history and the statistics do not change), and a
step a table sends again after that is not taken as new."""

from __future__ import annotations

import pytest

from companion.floor.hubstore import KEEP_DAYS, HubStore

DAY = 86400.0
NOW = 1_780_000_000.0


def _game(store: HubStore, gid: str, start: float, steps: int, end: bool) -> None:
    base = {"game_id": gid, "game": "suleika", "started_at": start}
    store.event("t1", {**base, "seq": 0, "kind": "start", "players": 2, "names": ["Ada", "Bo"], "at": start},
                received=start)
    for i in range(steps):
        e = {**base, "seq": i + 1, "kind": "step", "step": i, "action": {"a": i}, "at": start + 60 * (i + 1)}
        if end and i == steps - 1:
            e.update(over=True, winners=[1])
        store.event("t1", e, received=start + 60 * (i + 1))


def _events(store: HubStore, gid: str) -> int:
    return int(store.db.execute("SELECT COUNT(*) FROM events WHERE game_id = ?", (gid,)).fetchone()[0])


def test_prune_keeps_the_summaries_and_drops_old_steps(tmp_path):
    store = HubStore(tmp_path / "hub.sqlite3")
    _game(store, "old", NOW - 40 * DAY, 30, end=True)
    _game(store, "recent", NOW - 3 * DAY, 20, end=True)
    _game(store, "stuck", NOW - 50 * DAY, 5, end=False)  # never ended, nothing for 50 days
    _game(store, "live", NOW - 600, 4, end=False)
    store.event("t1", {"kind": "call", "call_id": "c", "at": NOW - 45 * DAY}, received=NOW - 45 * DAY)
    store.event("t1", {"kind": "call_cleared", "call_id": "c", "at": NOW - 45 * DAY + 180},
                received=NOW - 45 * DAY + 180)
    store.command("old-cmd", "t1", "message", "hallo")
    store.db.execute("UPDATE commands SET sent_at = ?", (NOW - 40 * DAY,))
    history, stats = store.games(), store.stats()

    assert store.prune(KEEP_DAYS, now=NOW) == 31 + 6
    assert _events(store, "old") == 0 and _events(store, "stuck") == 0
    assert _events(store, "recent") == 21 and _events(store, "live") == 5
    assert store.games() == history and store.stats() == stats  # the history and statistics stay
    assert [g["steps"] for g in store.games() if g["game_id"] == "old"] == [30]
    assert store.commands() == []
    assert stats["calls"] == {"cleared": 1, "mean_minutes_to_clear": 3.0}
    # the table of the old game sends a step again (its outbox was never emptied): not new
    assert not store.event("t1", {"game_id": "old", "game": "suleika", "started_at": NOW - 40 * DAY, "seq": 5,
                                  "kind": "step", "step": 4, "at": NOW - 40 * DAY + 300}, received=NOW)
    assert _events(store, "old") == 0 and store.games() == history
    assert store.prune(KEEP_DAYS, now=NOW) == 0  # nothing more


def test_an_older_hub_store_gets_the_pruned_mark(tmp_path):
    import sqlite3

    path = tmp_path / "hub.sqlite3"
    db = sqlite3.connect(str(path))
    db.execute("CREATE TABLE games (table_id TEXT NOT NULL, game_id TEXT NOT NULL, game TEXT NOT NULL, "
               "players INTEGER, names TEXT, started_at REAL, ended_at REAL, how TEXT, winners TEXT, "
               "steps INTEGER NOT NULL DEFAULT 0, last_seq INTEGER NOT NULL DEFAULT -1, last_step_at REAL, "
               "PRIMARY KEY (table_id, game_id))")
    db.execute("INSERT INTO games (table_id, game_id, game, started_at, ended_at, how) VALUES "
               "('t1', 'g', 'suleika', 1.0, 2.0, 'left')")
    db.commit()
    db.close()
    store = HubStore(path)
    assert store.prune(1, now=NOW) == 0
    assert store.db.execute("SELECT pruned FROM games").fetchone()[0] == 1


@pytest.mark.parametrize("days", [0.5, 7])
def test_keep_days_is_the_bound(tmp_path, days):
    store = HubStore(tmp_path / "hub.sqlite3")
    _game(store, "g", NOW - 2 * DAY, 3, end=True)
    store.prune(days, now=NOW)
    assert _events(store, "g") == (0 if days < 2 else 4)
