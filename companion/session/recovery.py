"""Starting the store whatever state the card is in.

:func:`open_store` always returns a store the app can start with, and the notices to show:

* a database that fails ``PRAGMA quick_check`` (truncated, a zeroed page, not a database), one
  that lost steps (its ``-wal`` file deleted or damaged after a crash: the commit counter is
  behind the ``-last`` file) or one written by a newer companion is *moved aside* (renamed with
  a timestamp, never deleted) and every game that can still be read is copied into a new one;
* a card or directory the companion cannot write to: the app runs on a store in memory, with
  the games that can be read copied into it, and says that nothing will be saved;
* an unfinished game whose header is damaged is closed (reason ``"damaged"``) and named;
* ended games beyond the limit are pruned: the staff's (``keep_finished`` in the settings
  beside the games, see :mod:`companion.settings`), else :data:`KEEP_FINISHED`.

>>> store, notices = open_store(":memory:")
>>> notices
[]
"""

from __future__ import annotations

import os
import sqlite3
import time
from pathlib import Path
from typing import Any

from companion.session.notice import Notice, StoreError
from companion.session.salvage import salvage
from companion.session.store import KEEP_FINISHED, Store
from companion.session.witness import read_witness, witness_path

#: Files SQLite and the store keep beside the database; they move aside together with it.
SUFFIXES = ("", "-wal", "-shm", "-last")


def open_store(path: str | Path | None = None, *, keep_finished: int | None = None
               ) -> tuple[Store, list[Notice]]:
    """The store to start with and what was found on the way (see the module text)."""
    from companion.session.store import default_path

    path = default_path() if path is None else path
    if str(path) == ":memory:":
        return Store(path, keep_finished=KEEP_FINISHED if keep_finished is None else keep_finished), []
    path = Path(path)
    if keep_finished is None:
        keep_finished = staff_limit(path)
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


def staff_limit(path: Path) -> int:
    """How many ended games the staff keep: ``settings.toml`` beside the games (the staff
    menu's "Games kept"), else KEEP_FINISHED. Every command that opens the store prunes to
    the same number, so ``companion export`` never deletes what the staff chose to keep."""
    from companion import settings

    return settings.load(path.parent).keep_finished


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
