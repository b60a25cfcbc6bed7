"""Starting the store whatever state the card is in.

:func:`open_store` always returns a store the app can start with, and the notices to show:

* a database that fails ``PRAGMA quick_check`` (truncated, a zeroed page, not a database), one
  that lost steps (its ``-wal`` file deleted or damaged after a crash: the commit counter is
  behind the ``-last`` file) or one written by a newer companion is *moved aside* (renamed with
  a timestamp, never deleted) and every game that can still be read is copied into a new one;
* a card or directory the companion cannot write to: the app runs on a store in memory, with
  the games that can be read copied into it, and says that nothing will be saved;
* an unfinished game whose header is damaged is closed (reason ``"damaged"``) and named;
* ended games beyond the limit are pruned.

>>> store, notices = open_store(":memory:")
>>> notices
[]
"""

from __future__ import annotations

import json
import os
import sqlite3
import time
from pathlib import Path
from typing import Any

from companion.session import schema
from companion.session.notice import Notice, StoreError
from companion.session.store import KEEP_FINISHED, Store
from companion.session.witness import read_witness, witness_path

#: Files SQLite and the store keep beside the database; they move aside together with it.
SUFFIXES = ("", "-wal", "-shm", "-last")
#: Probing row by row stops after this many ids in a row that are not there.
PROBE_GAP = 200


def open_store(path: str | Path | None = None, *, keep_finished: int = KEEP_FINISHED
               ) -> tuple[Store, list[Notice]]:
    """The store to start with and what was found on the way (see the module text)."""
    from companion.session.store import default_path

    path = default_path() if path is None else path
    if str(path) == ":memory:":
        return Store(path, keep_finished=keep_finished), []
    path = Path(path)
    notices: list[Notice] = []
    witness = read_witness(path)  # before the database: a running writer is never ahead of it
    if witness and (not path.exists() or path.stat().st_size == 0):
        # an empty or missing file starts afresh; the old count would only call it "lost"
        move_aside(witness_path(path), "empty")
        notices.append(Notice("store_was_empty", "The games file {file} was empty or missing; a new "
                              "one was started.", file=str(path), lost=witness))
        witness = None
    store: Store | None = None
    problem: tuple[str, str, dict[str, Any]] | None = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        store = Store(path, keep_finished=keep_finished)
    except OSError as exc:
        return _in_memory(path, keep_finished, exc.strerror or str(exc))
    except StoreError as exc:
        if exc.code == "newer_store":
            problem = ("newer", str(exc), {k: v for k, v in exc.params.items() if k != "file"})
        elif exc.code == "damaged_store":
            problem = ("damaged", str(exc), {})
        else:
            return _in_memory(path, keep_finished, str(exc))
    if store is not None:
        bad = _quick_check(store)
        if bad:
            problem = ("damaged", f"the check found: {bad}", {"detail": bad})
        elif witness is not None and store.commits < witness:
            lost = witness - store.commits
            problem = ("lost", f"{lost} saved changes are missing (the -wal file was lost or damaged)",
                       {"lost": lost})
        if problem is not None:
            store.close()
            store = None
    if problem is not None:
        kind, why, params = problem
        aside = move_aside(path, kind)
        notices.append(Notice(f"moved_aside_{kind}", "The games file {file} was moved to {aside}: {why}.",
                              file=str(path), aside=str(aside), why=why, kind=kind, **params))
        try:
            store = Store(path, keep_finished=keep_finished)
        except StoreError as exc:
            store, more = _in_memory(path, keep_finished, str(exc), source=aside)
            return store, notices + more
        notices += salvage(aside, store)
    assert store is not None
    try:  # a card that opens but takes no writes (full, or write-protected under us)
        store._write([])
    except StoreError as exc:
        if exc.code != "card_full":
            store.close()
            memory, more = _in_memory(path, keep_finished, str(exc))
            return memory, notices + more
        notices.append(Notice(exc.code, str(exc)))
    notices += close_damaged(store)
    store.prune()
    return store, notices


def _quick_check(store: Store) -> str:
    """'' if SQLite finds the file sound, else its first complaint."""
    try:
        rows = store.db.execute("PRAGMA quick_check").fetchall()
    except sqlite3.Error as exc:
        return str(exc)
    first = str(rows[0][0]) if rows else "no answer"
    return "" if first == "ok" else first


def _in_memory(path: Path, keep_finished: int, why: str, source: Path | None = None
               ) -> tuple[Store, list[Notice]]:
    """A store in memory with whatever games can be read from the file: the app still starts."""
    store = Store(":memory:", keep_finished=keep_finished)
    notices = [Notice("memory_only", "The games cannot be saved on the card ({why}); this session "
                      "runs in memory only and is lost when the companion is switched off.",
                      file=str(path), why=why)]
    src = source or path
    if src.exists() and src.stat().st_size > 0:
        notices += salvage(src, store, quiet=True)
    notices += close_damaged(store)
    return store, notices


def move_aside(path: Path, reason: str) -> Path:
    """Rename the database and its companion files to ``<name>.<time>.<reason>``; never delete."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    aside = path.with_name(f"{path.name}.{stamp}.{reason}")
    n = 1
    while any(Path(f"{aside}{s}").exists() for s in SUFFIXES):
        n += 1
        aside = path.with_name(f"{path.name}.{stamp}-{n}.{reason}")
    for suffix in SUFFIXES:
        src = Path(f"{path}{suffix}")
        if src.exists():
            os.replace(src, f"{aside}{suffix}")
    try:  # the renames must survive a power cut too
        fd = os.open(path.parent, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
    except OSError:
        pass
    return aside


def _connect_readonly(path: Path) -> sqlite3.Connection:
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


def _columns(db: sqlite3.Connection, table: str) -> set[str]:
    try:
        return {row[1] for row in db.execute(f"PRAGMA table_info({table})")}
    except sqlite3.Error:
        return set()


def _game_rows(db: sqlite3.Connection, cols: list[str]) -> list[tuple[Any, ...]]:
    """Every readable games row: one scan, or id by id when a damaged page breaks the scan."""
    sql = f"SELECT {', '.join(cols)} FROM games"
    try:
        return db.execute(sql + " ORDER BY id").fetchall()
    except sqlite3.Error:
        pass
    rows, gid, gap = [], 0, 0
    while gap < PROBE_GAP:
        gid += 1
        try:
            row = db.execute(sql + " WHERE id = ?", (gid,)).fetchone()
        except sqlite3.Error:
            row = None
        gap = 0 if row else gap + 1
        if row:
            rows.append(row)
    return rows


def _action_rows(db: sqlite3.Connection, gid: int, has_sum: bool) -> list[tuple[Any, ...]]:
    cols = "seq, action, " + ("sum" if has_sum else "NULL")
    for sql in (f"SELECT {cols} FROM actions WHERE game_id = ? ORDER BY seq",
                f"SELECT {cols} FROM actions NOT INDEXED WHERE game_id = ? ORDER BY seq"):
        try:
            return db.execute(sql, (gid,)).fetchall()
        except sqlite3.Error:
            continue
    rows = []
    for seq in range(100_000):  # both the index and the table scan are broken: step by step
        try:
            row = db.execute(f"SELECT {cols} FROM actions WHERE game_id = ? AND seq = ?", (gid, seq)).fetchone()
        except sqlite3.Error:
            row = None
        if row is None:
            break
        rows.append(row)
    return rows


def _good_prefix(gid: int, rows: list[tuple[Any, ...]]) -> list[str]:
    good: list[str] = []
    for seq, text, check in rows:
        if seq != len(good) or not isinstance(text, str):
            break
        if check is not None and check != schema.action_sum(gid, seq, text):
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
    """Copy every game that can be read from ``source`` into ``store``, each up to its first
    damaged step; returns a notice per damaged or lost game and one with the count."""
    notices: list[Notice] = []
    try:
        db = _connect_readonly(source)
    except sqlite3.Error as exc:
        return [Notice("nothing_recovered", "No game could be read from {file} ({why}).",
                       file=str(source), why=str(exc))]
    copied = 0
    try:
        have = _columns(db, "games")
        wanted = ["id", "game", "header", "started", "finished", "closed", "header_sum", "closed_reason", "result"]
        cols = [c if c in have else "NULL" for c in wanted]
        has_sum = "sum" in _columns(db, "actions")
        for gid, _game, text, started, finished, closed, hsum, reason, result in _game_rows(db, cols):
            try:
                header = json.loads(text) if isinstance(text, str) else None
            except ValueError:
                header = None
            if (not isinstance(header, dict) or not isinstance(header.get("game"), str)
                    or (hsum is not None and hsum != schema.header_sum(gid, text))):
                notices.append(Notice("damaged_game", "Game {game} is damaged on the card and cannot be read.",
                                      game=gid))
                continue
            rows = _action_rows(db, gid, has_sum)
            good = _good_prefix(gid, rows)
            lost = len(rows) - len(good)
            if lost:
                notices.append(Notice("damaged_step", "Game {game}: step {step} is damaged on the card; it "
                                      "and the {later} steps after it are set aside, the {kept} before it "
                                      "are kept.", game=gid, step=len(good) + 1, later=lost - 1, kept=len(good)))
            try:
                _copy(store, db, gid, header, good, started, finished if not lost else None,
                      closed if closed is not None or not (lost and finished) else time.time(),
                      reason if not (lost and finished) else "damaged", result if not lost else None)
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


def _copy(store: Store, src: sqlite3.Connection, old_id: int, header: dict[str, Any], actions: list[str],
          started: Any, finished: Any, closed: Any, reason: Any, result: Any) -> None:
    """One game into ``store`` in one transaction, with its payments where they can be read."""
    try:
        ledger = src.execute("SELECT seq, payer, payee, amount, reason FROM ledger WHERE game_id = ? AND seq < ? "
                             "ORDER BY id", (old_id, len(actions))).fetchall()
    except sqlite3.Error:
        ledger = []
    extra = _columns(src, "ledger") >= {"code", "params"}
    if extra:
        try:
            ledger = src.execute("SELECT seq, payer, payee, amount, COALESCE(code, reason), params FROM ledger "
                                 "WHERE game_id = ? AND seq < ? ORDER BY id", (old_id, len(actions))).fetchall()
        except sqlite3.Error:
            pass
    text = json.dumps(header)
    with store._transaction() as db:
        cur = db.execute("INSERT INTO games (game, header, started, finished, closed, closed_reason, result) "
                         "VALUES (?, ?, ?, ?, ?, ?, ?)",
                         (str(header["game"]), text, started if isinstance(started, (int, float)) else time.time(),
                          finished, closed, reason if closed is not None else None, result))
        gid = int(cur.lastrowid or 0)
        db.execute("UPDATE games SET header_sum = ? WHERE id = ?", (schema.header_sum(gid, text), gid))
        for seq, action in enumerate(actions):
            db.execute("INSERT INTO actions (game_id, seq, action, at, sum) VALUES (?, ?, ?, ?, ?)",
                       (gid, seq, action, time.time(), schema.action_sum(gid, seq, action)))
        for row in ledger:
            seq, payer, payee, amount, code = row[:5]
            params = row[5] if len(row) > 5 and isinstance(row[5], str) else "{}"
            db.execute("INSERT INTO ledger (game_id, seq, payer, payee, amount, reason, code, params) "
                       "VALUES (?, ?, ?, ?, ?, ?, ?, ?)", (gid, seq, payer, payee, amount, code, code, params))


def close_damaged(store: Store) -> list[Notice]:
    """Close every unfinished game whose header or steps cannot be read, and name it. A
    damaged step only sets the rest aside (the game stays resumable up to it)."""
    notices: list[Notice] = []
    try:
        rows = store._read("SELECT id FROM games WHERE finished IS NULL AND closed IS NULL")
    except StoreError as exc:
        return [Notice(exc.code, str(exc), **exc.params)]
    for (gid,) in rows:
        try:
            loaded = store.load_checked(gid)
        except StoreError as exc:
            notices.append(Notice(exc.code, str(exc), **exc.params))
            try:
                store.close_game(gid, "damaged")
            except StoreError:
                pass
            continue
        if loaded.damaged_at is not None:
            notices += loaded.notices
            try:
                store.set_aside(gid, loaded.damaged_at, "damaged on the card")
            except StoreError:
                pass
    return notices
