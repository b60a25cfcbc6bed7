"""Reading every game that can still be read out of a damaged games file.

SQLite stops a table scan at the first damaged page. :func:`scan` walks a table in key order
in small batches and, where a batch fails, reads up to the damage one row at a time and then
seeks past it with growing jumps, so every intact page is reached. The actions are read twice:
from the table (the steps themselves) and from its primary-key index (which steps existed), so
a step whose page was lost is noticed even when it was the last one of its game.

Every game is copied up to its first missing or damaged step (checksums are checked); the
steps after it go to the new store's ``undone`` table as they were read, with the old
``undone`` rows, so nothing that could be read is dropped.
"""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from companion.session import schema
from companion.session.notice import Notice, StoreError
from companion.session.store import Store

#: Below every key the store uses (ids and step numbers start at 0 or 1).
LOW = -(1 << 62)
#: Above every key the store uses; SQLite's integers end at 2**63 - 1.
HIGH = 1 << 61
#: Give up on a table after this many failed reads in all.
MAX_FAILURES = 400
BATCH = 64
#: More rows than a card of games can hold: a damaged page is being read in a circle.
MAX_ROWS = 5_000_000


def connect_readonly(path: Path) -> sqlite3.Connection:
    """Open a database for reading only, even on a write-protected card."""
    for query in ("mode=ro", "immutable=1"):
        try:
            db = sqlite3.connect(f"file:{path}?{query}", uri=True, isolation_level=None)
            # a damaged page can make SQLite refuse the whole schema; read it as plain rows
            db.execute("PRAGMA writable_schema = ON")
            db.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()
            return db
        except sqlite3.Error:
            continue
    raise sqlite3.DatabaseError("cannot be opened at all")


def columns(db: sqlite3.Connection, table: str) -> set[str]:
    try:
        return {row[1] for row in db.execute(f"PRAGMA table_info({table})")}
    except sqlite3.Error:
        return set()


def _past(after: tuple[int, ...], streak: int) -> tuple[int, ...]:
    """A key beyond ``after``, further the longer the damage lasts."""
    if len(after) == 1 or streak <= 24:
        return (*after[:-1], max(after[-1], 0) + (1 << min(streak, 61)))
    return (max(after[0], 0) + (1 << min(streak - 24, 61)),) + (LOW,) * (len(after) - 1)


def scan(db: sqlite3.Connection, table: str, key: Sequence[str], cols: str, index: str | None = None
         ) -> tuple[list[tuple[Any, ...]], bool]:
    """Every readable row as (key..., cols...) in key order, and whether nothing was in the way."""
    names = ", ".join(key)
    where = f"({names}) > ({', '.join('?' * len(key))})" if len(key) > 1 else f"{key[0]} > ?"
    sql = (f"SELECT {names}, {cols} FROM {table}" + (f" INDEXED BY {index}" if index else "")
           + f" WHERE {where} ORDER BY {names} LIMIT ?")
    rows: list[tuple[Any, ...]] = []
    after: tuple[int, ...] = (LOW,) * len(key)
    complete, limit, streak, failures = True, BATCH, 0, 0
    while failures < MAX_FAILURES:
        try:
            got = db.execute(sql, (*after, limit)).fetchall()
        except sqlite3.Error:
            complete = False
            failures += 1
            if limit > 1:
                limit = 1  # read up to the damage row by row
            else:
                streak += 1
                after = _past(after, streak)
                if max(after) > HIGH:  # jumped past every key there can be
                    return rows, False
            continue
        if not got:
            return rows, complete
        last = tuple(v if isinstance(v, int) else LOW for v in got[-1][: len(key)])
        if last <= after or len(rows) > MAX_ROWS:  # a damaged page that sorts wrong: never loop
            complete, failures, streak = False, failures + 1, streak + 1
            after = _past(after, streak)
            if max(after) > HIGH:
                return rows, False
            continue
        rows.extend(got)
        after, limit, streak = last, BATCH, 0
    return rows, False


def _good_prefix(gid: int, steps: dict[int, tuple[Any, Any]]) -> list[str]:
    good: list[str] = []
    while len(good) in steps:
        text, check = steps[len(good)]
        if not isinstance(text, str) or (check is not None and check != schema.action_sum(gid, len(good), text)):
            break
        try:
            action = json.loads(text)
        except ValueError:
            break
        if not isinstance(action, dict) or not isinstance(action.get("action"), str):
            break
        good.append(text)
    return good


def salvage(source: Path, store: Store, quiet: bool = False) -> list[Notice]:
    """Copy every game that can be read from ``source`` into ``store``; a notice per damaged
    game or step, and one with the count (left out when ``quiet`` and nothing was copied)."""
    try:
        db = connect_readonly(source)
    except sqlite3.Error as exc:
        return [Notice("nothing_recovered", "No game could be read from {file} ({why}).",
                       file=str(source), why=str(exc))]
    notices: list[Notice] = []
    copied = 0
    try:
        have = columns(db, "games")
        wanted = ["game", "header", "started", "finished", "closed", "header_sum", "closed_reason", "result", "steps"]
        games, _ = scan(db, "games", ("id",), ", ".join(c if c in have else "NULL" for c in wanted))
        acts = "action, " + ("sum" if "sum" in columns(db, "actions") else "NULL")
        steps: dict[int, dict[int, tuple[Any, Any]]] = {}
        # the table by rowid and the index by key: two separate b-trees, so either finds what
        # the damage hid in the other
        for _rowid, gid, seq, text, check in scan(db, "actions", ("rowid",), "game_id, seq, " + acts)[0]:
            if isinstance(gid, int) and isinstance(seq, int):
                steps.setdefault(gid, {})[seq] = (text, check)
        known: dict[int, int] = {gid: max(s) + 1 for gid, s in steps.items()}
        for gid, seq, _one in scan(db, "actions", ("game_id", "seq"), "1", index="sqlite_autoindex_actions_1")[0]:
            if isinstance(gid, int) and isinstance(seq, int):
                known[gid] = max(known.get(gid, 0), seq + 1)
        # steps whose game row is lost: the game cannot be rebuilt without its header; name it
        for gid in sorted(set(known) - {row[0] for row in games}):
            if gid > 0:
                notices.append(Notice("damaged_game", "Game {game} is damaged on the card and cannot be "
                                      "read.", game=gid))
        coded = columns(db, "ledger") >= {"code", "params"}
        ledgers = _by_game(db, "ledger", "seq, payer, payee, amount, "
                           + ("COALESCE(code, reason), params" if coded else "reason, '{}'"))
        undones = _by_game(db, "undone", "seq, action, why, at")
        for gid, _game, text, started, finished, closed, hsum, reason, result, counted in games:
            try:
                header = json.loads(text) if isinstance(text, str) else None
            except ValueError:
                header = None
            if (not isinstance(header, dict) or not isinstance(header.get("game"), str)
                    or (hsum is not None and hsum != schema.header_sum(gid, text))):
                notices.append(Notice("damaged_game", "Game {game} is damaged on the card and cannot be read.",
                                      game=gid))
                continue
            mine = steps.get(gid, {})
            good = _good_prefix(gid, mine)
            lost = max(known.get(gid, 0), counted if isinstance(counted, int) else 0) - len(good)
            if lost:
                notices.append(Notice("damaged_step", "Game {game}: step {step} is damaged on the card; it "
                                      "and the {later} steps after it are set aside, the {kept} before it "
                                      "are kept.", game=gid, step=len(good) + 1, later=lost - 1, kept=len(good)))
                if finished is not None:  # no longer a whole game: listed as damaged, never resumed
                    finished, closed, reason, result = None, closed or time.time(), "damaged", None
            tail = [(seq, t, "damaged on the card", time.time())
                    for seq, (t, _c) in sorted(mine.items()) if seq >= len(good) and isinstance(t, str)]
            ledger = [r for r in ledgers.get(gid, []) if isinstance(r[0], int) and r[0] < len(good)]
            try:
                _copy(store, header, good, ledger, undones.get(gid, []) + tail,
                      (started, finished, closed, reason, result))
            except StoreError as exc:
                notices.append(Notice(exc.code, str(exc), **exc.params))
                break
            copied += 1
    finally:
        db.close()
    if not quiet or copied:
        notices.append(Notice("games_recovered", "{count} games were copied from {file}.",
                              count=copied, file=str(source)))
    return notices


def _by_game(db: sqlite3.Connection, table: str, cols: str) -> dict[int, list[tuple[Any, ...]]]:
    """The readable rows of a per-game table, grouped by game, in the order they were written."""
    out: dict[int, list[tuple[Any, ...]]] = {}
    for row in scan(db, table, ("rowid",), f"game_id, {cols}")[0]:
        out.setdefault(row[1], []).append(row[2:])
    return out


def _copy(store: Store, header: dict[str, Any], actions: list[str], ledger: list[tuple[Any, ...]],
          undone: list[tuple[Any, ...]], times: tuple[Any, Any, Any, Any, Any]) -> None:
    """One game into ``store`` in one transaction, with its payments and its ``undone`` rows."""
    started, finished, closed, reason, result = times
    now = time.time()
    text = json.dumps(header)
    with store._transaction() as db:
        cur = db.execute("INSERT INTO games (game, header, started, finished, closed, closed_reason, result, steps) "
                         "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                         (str(header["game"]), text, started if isinstance(started, (int, float)) else now,
                          finished, closed, reason if closed is not None else None, result, len(actions)))
        gid = int(cur.lastrowid or 0)
        db.execute("UPDATE games SET header_sum = ? WHERE id = ?", (schema.header_sum(gid, text), gid))
        for seq, action in enumerate(actions):
            db.execute("INSERT INTO actions (game_id, seq, action, at, sum) VALUES (?, ?, ?, ?, ?)",
                       (gid, seq, action, now, schema.action_sum(gid, seq, action)))
        for seq, action, why, at in undone:
            db.execute("INSERT INTO undone (game_id, seq, action, why, at) VALUES (?, ?, ?, ?, ?)",
                       (gid, seq, str(action), str(why), at if isinstance(at, (int, float)) else now))
        for seq, payer, payee, amount, code, params in ledger:
            db.execute("INSERT INTO ledger (game_id, seq, payer, payee, amount, reason, code, params) "
                       "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                       (gid, seq, payer, payee, amount, code, code, params if isinstance(params, str) else "{}"))
