"""The hub's own SQLite store: every event of every table, once, and what the floor page reads.

An event is stored with ``INSERT OR IGNORE`` on (table, game id, sequence number), so a step
that a table sent again (it never learnt that the broker had it) changes nothing. The table's
name is always the one in the topic (the broker's ACL lets a table write only its own topics),
never one a payload claims.

Times are the hub's own: an event is dated ``received - age`` (``age`` is how long ago the table
made it, measured on the table's monotonic clock), so a table whose clock is hours off or jumps
shifts no duration, no "playing for", no expected end and no statistic. The table's wall clock
(``at``) is used only by a table that sends no ``age`` (one from before it), and for a
difference within one game (the start of a game whose start event the hub never got).

The store is bounded (:meth:`HubStore.prune`): the steps of games ended more than ``keep_days``
ago are deleted, their games' summaries (title, players, steps, times, how, winners) and the
staff calls are kept for the history and the statistics.

>>> s = HubStore(":memory:")
>>> s.event("t1", {"game_id": "g", "seq": 0, "kind": "start", "game": "suleika", "players": 2,
...                "started_at": 1000.0, "at": 1000.0})
True
>>> s.event("t1", {"game_id": "g", "seq": 1, "kind": "step", "step": 0, "game": "suleika",
...                "started_at": 1000.0, "action": {"action": "roll"}, "at": 1001.0})
True
>>> s.event("t1", {"game_id": "g", "seq": 1, "kind": "step", "step": 0, "game": "suleika",
...                "started_at": 1000.0, "action": {"action": "roll"}, "at": 1001.0})
False
>>> s.steps_in("t1", "g")
1
"""

from __future__ import annotations

import json
import sqlite3
import statistics
import threading
import time
from pathlib import Path
from typing import Any

TABLES = """
CREATE TABLE IF NOT EXISTS events (
    table_id TEXT NOT NULL, game_id TEXT NOT NULL, seq INTEGER NOT NULL, kind TEXT NOT NULL,
    step INTEGER, payload TEXT NOT NULL, at REAL, received REAL NOT NULL,
    PRIMARY KEY (table_id, game_id, seq));
CREATE TABLE IF NOT EXISTS games (
    table_id TEXT NOT NULL, game_id TEXT NOT NULL, game TEXT NOT NULL, players INTEGER,
    names TEXT, started_at REAL, ended_at REAL, how TEXT, winners TEXT,
    steps INTEGER NOT NULL DEFAULT 0, last_seq INTEGER NOT NULL DEFAULT -1, last_step_at REAL,
    PRIMARY KEY (table_id, game_id));
CREATE INDEX IF NOT EXISTS games_started ON games (started_at);
CREATE TABLE IF NOT EXISTS tables (
    table_id TEXT PRIMARY KEY, status TEXT, status_at REAL, state TEXT, state_at REAL);
CREATE TABLE IF NOT EXISTS calls (
    table_id TEXT NOT NULL, call_id TEXT NOT NULL, called_at REAL, cleared_at REAL, cleared_by TEXT,
    PRIMARY KEY (table_id, call_id));
CREATE TABLE IF NOT EXISTS commands (
    id TEXT PRIMARY KEY, table_id TEXT NOT NULL, kind TEXT NOT NULL, text TEXT, sent_at REAL NOT NULL,
    acked_at REAL, ok INTEGER, reason TEXT);
CREATE TABLE IF NOT EXISTS pictures (
    table_id TEXT PRIMARY KEY, at REAL NOT NULL, mime TEXT NOT NULL, data BLOB NOT NULL);
"""
#: added to an older hub store's ``games``: 1 once the game's steps were pruned
PRUNED_COLUMN = "ALTER TABLE games ADD COLUMN pruned INTEGER NOT NULL DEFAULT 0"

#: the keys of ``GET /api/tables``, exactly as documented for the café's tools
API_TABLE_KEYS = ("table", "status", "game", "players", "step", "started_at", "last_step_at", "expected_end",
                  "calls_staff")
#: a game that ended this recently shows as "finished" on the floor, later as "free"
FINISHED_FOR = 600.0
#: a command not acknowledged within this many seconds shows as "not reached"
ACK_WAIT = 30.0
#: the steps of an ended game are kept this many days by default (``companion hub --keep-days``)
KEEP_DAYS = 30.0
#: an ``age`` beyond this (a year) is not believed
AGE_MAX = 366 * 86400.0
#: what a board picture may be: JPEG or PNG, at most this big
PICTURE_MAX = 120_000
PICTURE_TYPES = {b"\xff\xd8\xff": "image/jpeg", b"\x89PNG": "image/png"}


def _num(v: Any) -> float | None:
    return float(v) if isinstance(v, (int, float)) and not isinstance(v, bool) else None


def api_rows(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """``GET /api/tables``: exactly the documented keys of every table."""
    return [{k: row[k] for k in API_TABLE_KEYS} for row in rows]


def when(e: dict[str, Any], received: float) -> float | None:
    """When an event happened, on the hub's clock: ``received - age``; the table's own clock
    (``at``) only for a table that sends no ``age``.

    >>> when({"at": 5.0, "age": 2.5}, 1000.0)  # the table's clock is far off: not used
    997.5
    >>> when({"at": 5.0}, 1000.0)
    5.0
    """
    age = _num(e.get("age"))
    if age is not None and 0.0 <= age <= AGE_MAX:
        return received - age
    return _num(e.get("at"))


class HubStore:
    """The hub's games. One connection, used from the MQTT thread and the web server's, under a lock."""

    def __init__(self, path: str | Path) -> None:
        if str(path) != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        self.db = sqlite3.connect(str(path), isolation_level=None, check_same_thread=False)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")
        self.db.executescript(TABLES)
        if "pruned" not in {r[1] for r in self.db.execute("PRAGMA table_info(games)")}:
            self.db.execute(PRUNED_COLUMN)
        self.lock = threading.Lock()

    def close(self) -> None:
        self.db.close()

    # -- what the tables send ----------------------------------------------------------------
    def event(self, table: str, e: dict[str, Any], received: float | None = None, waited: float = 0.0) -> bool:
        """Store one event of ``table``; False if it was known already or cannot be used.
        ``waited``: how long it waited at the broker (for the hub) before it was received."""
        received = time.time() if received is None else received
        sent = received - waited  # when the table sent it, on the hub's clock
        kind = e.get("kind")
        if kind in ("call", "call_cleared"):
            return self._call(table, e, when(e, sent))
        gid, seq = e.get("game_id"), e.get("seq")
        if not isinstance(gid, str) or not isinstance(seq, int) or isinstance(seq, bool) \
                or kind not in ("start", "step", "closed") or not isinstance(e.get("game"), str):
            return False
        step = e.get("step") if isinstance(e.get("step"), int) else None
        at = when(e, sent)
        with self.lock:
            self.db.execute("BEGIN")
            try:
                pruned = self.db.execute("SELECT pruned FROM games WHERE table_id = ? AND game_id = ?",
                                         (table, gid)).fetchone()
                if pruned is not None and pruned[0]:  # sent again after its steps were pruned
                    self.db.execute("COMMIT")
                    return False
                cur = self.db.execute(
                    "INSERT OR IGNORE INTO events (table_id, game_id, seq, kind, step, payload, at, received) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                    (table, gid, seq, kind, step, json.dumps(e), at, received))
                if cur.rowcount == 1:
                    self._game(table, gid, seq, kind, step, e, at)
                self.db.execute("COMMIT")
            except BaseException:
                self.db.execute("ROLLBACK")
                raise
        return cur.rowcount == 1

    def _game(self, table: str, gid: str, seq: int, kind: str, step: int | None, e: dict[str, Any],
              at: float | None) -> None:
        # a game first heard of by a later event: its start by the table's clock's difference
        own_at, own_start = _num(e.get("at")), _num(e.get("started_at"))
        guess = at
        if at is not None and own_at is not None and own_start is not None:
            guess = at - (own_at - own_start)
        self.db.execute("INSERT OR IGNORE INTO games (table_id, game_id, game, started_at) VALUES (?, ?, ?, ?)",
                        (table, gid, e["game"], guess))
        key = (table, gid)
        if kind == "start":
            names = e.get("names") if isinstance(e.get("names"), list) else None
            self.db.execute("UPDATE games SET players = ?, names = ?, started_at = COALESCE(?, started_at) "
                            "WHERE table_id = ? AND game_id = ?",
                            (e.get("players") if isinstance(e.get("players"), int) else None,
                             json.dumps([str(n) for n in names]) if names else None, at, *key))
        elif kind == "step" and step is not None:
            # the newest event says how many steps the game has (an undo makes it fewer)
            self.db.execute("UPDATE games SET steps = ?, last_seq = ?, last_step_at = ? "
                            "WHERE table_id = ? AND game_id = ? AND last_seq < ?",
                            (step + 1, seq, at, *key, seq))
            if e.get("over"):
                winners = e.get("winners") if isinstance(e.get("winners"), list) else []
                self.db.execute("UPDATE games SET ended_at = ?, how = 'finished', winners = ? "
                                "WHERE table_id = ? AND game_id = ?", (at, json.dumps(winners), *key))
        elif kind == "closed":
            self.db.execute("UPDATE games SET ended_at = ?, how = ? WHERE table_id = ? AND game_id = ? "
                            "AND ended_at IS NULL", (at, str(e.get("how", "left")), *key))

    def _call(self, table: str, e: dict[str, Any], at: float | None) -> bool:
        call_id = e.get("call_id")
        if not isinstance(call_id, str):
            return False
        with self.lock:
            if e["kind"] == "call":
                cur = self.db.execute("INSERT OR IGNORE INTO calls (table_id, call_id, called_at) VALUES (?, ?, ?)",
                                      (table, call_id, at))
            else:
                self.db.execute("INSERT OR IGNORE INTO calls (table_id, call_id) VALUES (?, ?)", (table, call_id))
                cur = self.db.execute("UPDATE calls SET cleared_at = ?, cleared_by = ? WHERE table_id = ? "
                                      "AND call_id = ? AND cleared_at IS NULL",
                                      (at, str(e.get("by", "")), table, call_id))
        return cur.rowcount == 1

    def status(self, table: str, status: str) -> None:
        with self.lock:
            self.db.execute("INSERT INTO tables (table_id, status, status_at) VALUES (?, ?, ?) ON CONFLICT "
                            "(table_id) DO UPDATE SET status = excluded.status, status_at = excluded.status_at",
                            (table, status, time.time()))

    def state(self, table: str, state: dict[str, Any]) -> None:
        with self.lock:
            self.db.execute("INSERT INTO tables (table_id, state, state_at) VALUES (?, ?, ?) "
                            "ON CONFLICT (table_id) DO UPDATE SET state = excluded.state, state_at = excluded.state_at",
                            (table, json.dumps(state), time.time()))

    def picture(self, table: str, image: bytes, received: float | None = None) -> bool:
        """The newest picture of a table's board (JPEG or PNG, at most PICTURE_MAX bytes), dated
        when it came; an empty message takes it away."""
        received = time.time() if received is None else received
        with self.lock:
            if not image:
                return self.db.execute("DELETE FROM pictures WHERE table_id = ?", (table,)).rowcount == 1
            mime = next((m for magic, m in PICTURE_TYPES.items() if image.startswith(magic)), None)
            if mime is None or len(image) > PICTURE_MAX:
                return False
            self.db.execute("INSERT OR REPLACE INTO pictures (table_id, at, mime, data) VALUES (?, ?, ?, ?)",
                            (table, received, mime, image))
        return True

    def board(self, table: str) -> tuple[str, bytes] | None:
        """(type, bytes) of the picture of the game now played at ``table``, if the table sent one
        since that game began."""
        rows = self._rows("SELECT p.mime, p.data FROM pictures p JOIN games g ON g.table_id = p.table_id "
                          "WHERE p.table_id = ? AND g.ended_at IS NULL AND p.at >= g.started_at "
                          "AND g.started_at = (SELECT MAX(started_at) FROM games h WHERE h.table_id = ?)",
                          (table, table))
        return (str(rows[0][0]), bytes(rows[0][1])) if rows else None

    def command(self, cid: str, table: str, kind: str, text: str | None) -> None:
        with self.lock:
            self.db.execute("INSERT INTO commands (id, table_id, kind, text, sent_at) VALUES (?, ?, ?, ?, ?)",
                            (cid, table, kind, text, time.time()))

    def ack(self, table: str, a: dict[str, Any]) -> bool:
        """A table's answer to a command; only the table the command went to can answer it."""
        if not isinstance(a.get("id"), str):
            return False
        with self.lock:
            cur = self.db.execute("UPDATE commands SET acked_at = ?, ok = ?, reason = ? WHERE id = ? "
                                  "AND table_id = ? AND acked_at IS NULL",
                                  (time.time(), 1 if a.get("ok") else 0, str(a.get("reason") or ""), a["id"], table))
        return cur.rowcount == 1

    # -- reading ---------------------------------------------------------------------------
    def _rows(self, sql: str, args: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        with self.lock:
            return self.db.execute(sql, args).fetchall()

    def steps_in(self, table: str, gid: str) -> int:
        return int(self._rows("SELECT COUNT(*) FROM events WHERE table_id = ? AND game_id = ? AND kind = 'step'",
                              (table, gid))[0][0])

    def durations(self) -> dict[tuple[str, int], list[float]]:
        """Minutes of every game played to its end, per (title, player count)."""
        out: dict[tuple[str, int], list[float]] = {}
        for game, players, start, end in self._rows(
                "SELECT game, players, started_at, ended_at FROM games WHERE how = 'finished' "
                "AND started_at IS NOT NULL AND ended_at > started_at"):
            out.setdefault((game, players or 0), []).append((end - start) / 60)
        return out

    def tables(self, now: float | None = None) -> list[dict[str, Any]]:
        """Every table the hub has heard of, by name: the API's keys and what the floor page
        shows besides (the detail, the progress, the call's start, the picture's date)."""
        now = time.time() if now is None else now
        means = {k: statistics.fmean(v) for k, v in self.durations().items()}
        known = {r[0]: r[1:] for r in self._rows("SELECT table_id, status, state, state_at FROM tables")}
        pictures = {r[0]: r[1] for r in self._rows("SELECT table_id, at FROM pictures")}
        latest = {r[0]: r[1:] for r in self._rows(
            "SELECT table_id, game_id, game, players, names, started_at, ended_at, how, steps, last_step_at "
            "FROM games g WHERE started_at = (SELECT MAX(started_at) FROM games h WHERE h.table_id = g.table_id)")}
        calls = {r[0]: r[1] for r in self._rows(
            "SELECT table_id, MIN(called_at) FROM calls WHERE cleared_at IS NULL AND called_at IS NOT NULL "
            "GROUP BY table_id")}
        out = []
        for table in sorted(set(known) | set(latest)):
            status_word, state_text, state_at = known.get(table, (None, None, None))
            state: dict[str, Any] = json.loads(state_text) if state_text else {}
            game = latest.get(table)
            # the table's own times (in its state) may be hours off: only the hub's clock is used
            row: dict[str, Any] = {"table": table, "status": "free", "game": None, "players": [], "step": 0,
                                   "started_at": None, "last_step_at": None, "expected_end": None,
                                   "calls_staff": table in calls or bool(state.get("calls_staff")),
                                   "call_since": calls.get(table) or (state_at if state.get("calls_staff") else None),
                                   "progress": None, "detail": None, "picture_at": None}
            if game is not None:
                gid, title, players, names, started, ended, how, steps, last = game
                same = state.get("game_id") == gid
                row.update(game=title, game_id=gid, step=max(steps, state.get("step", 0) if same else 0),
                           started_at=started, last_step_at=last if last is not None else started,
                           players=json.loads(names) if names else [f"{i + 1}" for i in range(players or 0)])
                if same:
                    row["detail"] = state.get("players")
                    row["progress"] = state.get("progress")
                shot = pictures.get(table)
                if ended is None and shot is not None and started is not None and shot >= started:
                    row["picture_at"] = shot
                if ended is not None:
                    row.update(status="finished" if now - ended < FINISHED_FOR else "free", how=how, ended_at=ended)
                else:
                    mean = means.get((title, players or 0))
                    row["expected_end"] = expected_end(started, row["progress"], mean, now)
                    long = mean is not None and started is not None and now - started > 1.5 * mean * 60
                    late = row["expected_end"] is not None and now > row["expected_end"] + 600
                    row["status"] = "running_long" if long or late else "playing"
            if status_word == "offline":
                row["status"] = "offline"
            out.append(row)
        return out

    def prune(self, keep_days: float = KEEP_DAYS, now: float | None = None) -> int:
        """Delete the steps of games that ended (or saw no step) more than ``keep_days`` ago, and
        the staff commands as old; keep every game's summary and every staff call. The game is
        marked, so a step a table sends again after that is not taken as new. Returns the
        number of events deleted."""
        now = time.time() if now is None else now
        cutoff = now - keep_days * 86400
        with self.lock:
            self.db.execute("BEGIN")
            try:
                self.db.execute("UPDATE games SET pruned = 1 WHERE pruned = 0 AND "
                                "COALESCE(ended_at, last_step_at, started_at) < ?", (cutoff,))
                gone = self.db.execute("DELETE FROM events WHERE (table_id, game_id) IN "
                                       "(SELECT table_id, game_id FROM games WHERE pruned = 1)").rowcount
                self.db.execute("DELETE FROM commands WHERE sent_at < ?", (cutoff,))
                self.db.execute("COMMIT")
            except BaseException:
                self.db.execute("ROLLBACK")
                raise
        return int(gone)

    def games(self, table: str | None = None, since: float | None = None, limit: int = 500) -> list[dict[str, Any]]:
        """``GET /api/games``: the ended games, newest first."""
        sql = ("SELECT table_id, game_id, game, players, names, steps, started_at, ended_at, how, winners "
               "FROM games WHERE ended_at IS NOT NULL")
        args: list[Any] = []
        if table:
            sql += " AND table_id = ?"
            args.append(table)
        if since is not None:
            sql += " AND ended_at >= ?"
            args.append(since)
        sql += " ORDER BY ended_at DESC LIMIT ?"
        args.append(limit)
        out = []
        for t, gid, game, players, names, steps, started, ended, how, winners in self._rows(sql, tuple(args)):
            out.append({"table": t, "game_id": gid, "game": game,
                        "players": json.loads(names) if names else [f"{i + 1}" for i in range(players or 0)],
                        "steps": steps, "started_at": started, "ended_at": ended, "how": how,
                        "winners": json.loads(winners) if winners else []})
        return out

    def stats(self) -> dict[str, Any]:
        """``GET /api/stats``: per title and player count, per hour of day, per table, staff calls."""
        titles = []
        for (game, players), minutes in sorted(self.durations().items()):
            titles.append({"game": game, "players": players, "games": len(minutes),
                           "mean_minutes": round(statistics.fmean(minutes), 1),
                           "median_minutes": round(statistics.median(minutes), 1)})
        hours = [0] * 24
        for (started,) in self._rows("SELECT started_at FROM games WHERE started_at IS NOT NULL"):
            hours[time.localtime(started).tm_hour] += 1
        tables = [{"table": t, "games": n, "minutes": round(m or 0, 1)} for t, n, m in self._rows(
            "SELECT table_id, COUNT(*), SUM((COALESCE(ended_at, last_step_at, started_at) - started_at) / 60) "
            "FROM games GROUP BY table_id ORDER BY table_id")]
        waits = [r[0] for r in self._rows("SELECT (cleared_at - called_at) / 60 FROM calls "
                                          "WHERE cleared_at IS NOT NULL AND called_at IS NOT NULL")]
        copies = [{"game": g, "games": n} for g, n in self._rows(
            "SELECT game, COUNT(*) FROM games GROUP BY game ORDER BY COUNT(*) DESC")]
        return {"titles": titles, "hours": [{"hour": h, "games": n} for h, n in enumerate(hours)],
                "tables": tables, "copies": copies,
                "calls": {"cleared": len(waits), "mean_minutes_to_clear":
                          round(statistics.fmean(waits), 1) if waits else None}}

    def commands(self, table: str | None = None, now: float | None = None) -> list[dict[str, Any]]:
        now = time.time() if now is None else now
        rows = self._rows("SELECT id, table_id, kind, text, sent_at, acked_at, ok, reason FROM commands "
                          + ("WHERE table_id = ? " if table else "") + "ORDER BY sent_at DESC LIMIT 50",
                          (table,) if table else ())
        out = []
        for cid, t, kind, text, sent, acked, ok, reason in rows:
            result = ("done" if ok else "refused") if acked is not None else (
                "not_reached" if now - sent > ACK_WAIT else "waiting")
            out.append({"id": cid, "table": t, "kind": kind, "text": text, "sent_at": sent, "acked_at": acked,
                        "result": result, "reason": reason})
        return out


def expected_end(started: float | None, progress: Any, mean_minutes: float | None, now: float) -> float | None:
    """When a running game will likely end: the history's mean for its title and player count,
    blended with what its own pace so far says once it has come some way.

    >>> expected_end(0.0, 0.5, 40.0, 1200.0)  # half way after 20 min, history says 40 min
    2400.0
    >>> expected_end(0.0, None, None, 60.0) is None
    True
    """
    if started is None:
        return None
    elapsed = now - started
    frac = _num(progress)
    pace = elapsed / frac if frac is not None and frac >= 0.1 else None
    history = mean_minutes * 60 if mean_minutes else None
    total: float | None
    if pace is not None and history is not None and frac is not None:
        # the further the game, the more its own pace counts
        total = pace * frac + history * (1 - frac)
    else:
        total = pace if pace is not None else history
    if total is None:
        return None
    return started + max(total, elapsed + 60)
