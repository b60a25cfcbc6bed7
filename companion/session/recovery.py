"""Starting the store whatever state the card is in.

:func:`open_store` always returns a store the app can start with, and the notices to show:

* a database that fails ``PRAGMA integrity_check`` (truncated, a zeroed page, not a database), one
  that lost steps (its ``-wal`` file deleted or damaged after a crash: the commit counter is
  behind the ``-last`` file) or one written by a newer companion is *moved aside* (renamed with
  a timestamp, never deleted) and every game that can still be read is copied into a new one;
* the mending survives a power cut: what is being done is written first to a small file beside
  the database (``<name>-recovering``), the new store is built under a temporary name
  (``<name>-new``, begun before anything is moved) and renamed into place only when complete,
  and the next start finishes an interrupted mending (or builds the new store again from the
  file moved aside) and says so, even when the note itself was lost: a ``-new`` file with no
  games file beside it is a mending cut off;
* a ``-last`` file that is damaged, or further ahead of the database than a lost ``-wal`` file
  could ever leave it, is itself the damage: said, written anew, the store kept;
* a card or directory the companion cannot write to: the app runs on a store in memory, with
  the games that can be read copied into it, and says that nothing will be saved; a card too
  full to take a step is said on the first screen too;
* an unfinished game whose header is damaged is closed (reason ``"damaged"``) and named;
* ended games beyond the limit are pruned: the staff's (``keep_finished`` in the settings
  beside the games, see :mod:`companion.settings`), else :data:`KEEP_FINISHED`.

>>> store, notices = open_store(":memory:")
>>> notices
[]
"""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import time
from pathlib import Path
from typing import Any

from companion.session.notice import Notice, StoreError
from companion.session.salvage import salvage
from companion.session.store import KEEP_FINISHED, Store
from companion.session.witness import MAX_LOST, check_witness, witness_path

#: Files SQLite and the store keep beside the database; they move aside together with it.
SUFFIXES = ("", "-wal", "-shm", "-last")
#: Less free space than this on the card at start: new steps cannot be saved (one step writes
#: up to about 25 KB to the card; SQLite needs room for a few pages besides).
MIN_FREE = 128 * 1024


def journal_path(path: Path) -> Path:
    """The note of a mending under way, beside the database."""
    return Path(f"{path}-recovering")


def building_path(path: Path) -> Path:
    """Where the new store is built before it is renamed into place."""
    return Path(f"{path}-new")


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
    journal = read_journal(path)
    if journal is None and building_path(path).exists() and not path.exists():
        journal = _lost_note(path)  # cut off while mending, and the note did not survive the cut
    if journal is not None:  # a start before this one was cut off while mending the games file
        return _mend(path, keep_finished, journal, resumed=True)
    notices: list[Notice] = []
    # before the database: a running writer is never ahead of it
    witness, counter_damaged = check_witness(path)
    if (witness is not None or counter_damaged) and (not path.exists() or path.stat().st_size == 0):
        # an empty or missing file starts afresh; the old count would only call it "lost"
        move_aside(witness_path(path), "empty")
        notices.append(Notice("store_was_empty", "The games file {file} was empty or missing; a new "
                              "one was started.", file=str(path), lost=witness or 0))
        witness, counter_damaged = None, False
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
        bad = _check(store)
        if bad:
            problem = ("damaged", f"the check found: {bad}", {"detail": bad})
        elif witness is not None and store.commits < witness <= store.commits + MAX_LOST:
            lost = witness - store.commits
            problem = ("lost", f"{lost} saved changes are missing (the -wal file was lost or damaged)",
                       {"lost": lost})
        elif counter_damaged or (witness is not None and witness > store.commits + MAX_LOST):
            # more than a lost -wal file could take: the counter is wrong, not the games
            notices.append(Notice("counter_damaged", "The check file {file} beside the games file was "
                                  "damaged (it said {found}, the games file has {commits} changes); the "
                                  "games file is sound and kept, the check file was written anew.",
                                  file=str(witness_path(path)), found=witness, commits=store.commits))
            store._mark()
        if problem is not None:
            store.close()
            store = None
    if problem is not None:
        kind, why, params = problem
        aside = aside_name(path, kind)
        first = Notice(f"moved_aside_{kind}", "The games file {file} was moved to {aside}: {why}.",
                       file=str(path), aside=str(aside), why=why, kind=kind, **params)
        try:
            write_journal(path, {"aside": aside.name, "kind": kind, "stage": "moving", "notices": [first]})
        except OSError as exc:  # the folder takes no new file: nothing can be mended here
            return _in_memory(path, keep_finished, exc.strerror or str(exc))
        return _mend(path, keep_finished, read_journal(path) or {}, resumed=False)
    assert store is not None
    return _ready(path, store, notices)


def _mend(path: Path, keep_finished: int, journal: dict[str, Any], resumed: bool) -> tuple[Store, list[Notice]]:
    """Move the damaged file aside, build the new store from it under a temporary name and
    rename it into place, each step written down first so that a power cut at any moment is
    finished by the next start (``resumed``), which also says so."""
    kind = str(journal.get("kind") or "damaged")
    if isinstance(journal.get("aside"), str):
        aside = path.with_name(journal["aside"])
    else:  # the note itself was damaged: the file at ``path``, else the newest one moved aside
        aside = aside_name(path, kind) if path.exists() else _newest_aside(path) or aside_name(path, kind)
        journal = {**journal, "aside": aside.name, "stage": "moving"}
    notices = _notices(journal.get("notices"))
    later = [Notice("recovery_finished", "The last start was cut off while the games file was being "
                    "mended; the mending was finished now, and every game that could be read is kept.", file=str(path),
                    aside=str(aside))] if resumed else []
    new = building_path(path)
    # built and (being) renamed into place: only the renames are left to do
    built = journal.get("stage") == "built" and (new.exists() or path.exists())
    try:
        if not built:
            # the new store is begun before anything is moved: from the first rename until the
            # last one a ``-new`` file is on the card, so a start that finds it with no note (a
            # card that lost its last writes) still knows that a mending was cut off
            _remove_building(path)
            try:
                fresh = Store(new, keep_finished=keep_finished)
            except StoreError as exc:
                _remove_building(path)
                store, more = _in_memory(path, keep_finished, str(exc), source=aside)
                return store, notices + more + later  # the note stays: the next start tries again
            try:
                _sync_dir(path.parent)
                for suffix in SUFFIXES:  # the renames a cut may have left undone; never over a file
                    src, dst = Path(f"{path}{suffix}"), Path(f"{aside}{suffix}")
                    if src.exists() and not dst.exists():
                        os.replace(src, dst)
                if any(Path(f"{path}{s}").exists() for s in SUFFIXES):
                    move_aside(path, kind)  # (only if someone put a file there in between)
                _sync_dir(path.parent)
                found = salvage(aside, fresh)
            finally:
                fresh.close()  # checkpointed and synced: the new file is whole on the card
            notices += found
            write_journal(path, {**journal, "stage": "built", "notices": notices})
        for suffix in ("-wal", "-shm", "-last", ""):  # the database itself last
            src = Path(f"{new}{suffix}")
            if src.exists():
                os.replace(src, f"{path}{suffix}")
        _sync_dir(path.parent)
    except OSError as exc:
        _remove_building(path)
        store, more = _in_memory(path, keep_finished, exc.strerror or str(exc), source=aside)
        return store, notices + more + later
    try:
        store = Store(path, keep_finished=keep_finished)
    except StoreError as exc:
        store, more = _in_memory(path, keep_finished, str(exc), source=aside)
        return store, notices + more + later
    done = _ready(path, store, notices + later)
    # the very last step, unsynced: a cut before it only has the next start say it all again
    try:
        journal_path(path).unlink(missing_ok=True)
    except OSError:
        pass
    return done


def _ready(path: Path, store: Store, notices: list[Notice]) -> tuple[Store, list[Notice]]:
    """The last checks of a store on the card: it takes writes and has room for them; damaged
    unfinished games closed, old ended ones pruned."""
    try:  # a card that opens but takes no writes (full, or write-protected under us)
        store._write([])
    except StoreError as exc:
        if exc.code != "card_full":
            store.close()
            memory, more = _in_memory(path, store.keep_finished, str(exc))
            return memory, notices + more
        notices.append(_full(path))
    else:
        if free_bytes(path.parent) < MIN_FREE:
            notices.append(_full(path))
    notices += close_damaged(store)
    store.prune()
    return store, notices


def _full(path: Path) -> Notice:
    return Notice("full_at_start", "The card holding {file} is full: new steps cannot be saved until "
                  "some space is freed.", file=str(path))


def free_bytes(folder: Path) -> int:
    """Space on the card the companion may still write to (what an unprivileged user gets)."""
    try:
        return shutil.disk_usage(folder).free
    except OSError:
        return MIN_FREE  # not known: the first write says it if it is full


def read_journal(path: Path) -> dict[str, Any] | None:
    """The note of an unfinished mending, None if there is none (or it cannot be read)."""
    if not journal_path(path).is_file():
        return None
    try:
        data = json.loads(journal_path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {"kind": "damaged"}  # the aside's name is lost: the file at ``path`` is mended again
    return data if isinstance(data, dict) else {"kind": "damaged"}


def write_journal(path: Path, journal: dict[str, Any]) -> None:
    """Write the note of the mending whole or not at all (a new file, synced, renamed)."""
    data = {**journal, "notices": [{"code": n.code, "text": n.template, "params": n.params}
                                   for n in journal.get("notices", []) if isinstance(n, Notice)]}
    tmp = Path(f"{journal_path(path)}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    try:
        os.write(fd, json.dumps(data, default=str).encode("utf-8"))
        os.fsync(fd)
    finally:
        os.close(fd)
    os.replace(tmp, journal_path(path))
    _sync_dir(path.parent)


def _lost_note(path: Path) -> dict[str, Any]:
    """The note of a mending that was cut off and whose note is gone: a ``-new`` file and no
    games file say so (the games file is moved aside only after the new store is begun, and the
    new one takes its place last). The mending is done again from the file moved aside, the
    newest; if there is none, the copy being built is all there is, and is mended from."""
    aside = _newest_aside(path)
    if aside is None:
        aside = aside_name(path, "damaged")
        for suffix in SUFFIXES:
            src = Path(f"{building_path(path)}{suffix}")
            if src.exists():
                os.replace(src, f"{aside}{suffix}")
        _sync_dir(path.parent)
    kind = aside.suffix.lstrip(".")
    return {"kind": kind if kind in ("damaged", "lost", "newer") else "damaged", "aside": aside.name,
            "stage": "moving"}


def _notices(saved: Any) -> list[Notice]:
    """Notices as written into the note (or already Notice objects)."""
    out: list[Notice] = []
    for item in saved if isinstance(saved, list) else []:
        if isinstance(item, Notice):
            out.append(item)
        elif isinstance(item, dict) and isinstance(item.get("code"), str):
            params: dict[str, Any] = item["params"] if isinstance(item.get("params"), dict) else {}
            out.append(Notice(item["code"], str(item.get("text") or ""), **params))
    return out


def _newest_aside(path: Path) -> Path | None:
    """The file most recently moved aside by :func:`move_aside` (its name holds the time)."""
    kinds = ("damaged", "lost", "newer")
    found = sorted(p for p in path.parent.glob(f"{path.name}.*") if p.suffix.lstrip(".") in kinds)
    return found[-1] if found else None


def _remove_building(path: Path) -> None:
    """Remove a half-built new store: it is only ever a copy of the file moved aside."""
    for suffix in SUFFIXES:
        try:
            Path(f"{building_path(path)}{suffix}").unlink(missing_ok=True)
        except OSError:
            pass


def _sync_dir(folder: Path) -> None:
    """Make the renames in ``folder`` survive a power cut."""
    try:
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
    except OSError:
        pass


def staff_limit(path: Path) -> int:
    """How many ended games the staff keep: ``settings.toml`` beside the games (the staff
    menu's "Games kept"), else KEEP_FINISHED. Every command that opens the store prunes to
    the same number, so ``companion export`` never deletes what the staff chose to keep."""
    from companion import settings

    return settings.load(path.parent).keep_finished


def _check(store: Store) -> str:
    """'' if SQLite finds the file sound, else its first complaint. The whole check, not the
    quick one: only it reads every row, and a flipped bit in a row's own header passes the
    quick check but stops every read of that row (about 30 ms for 500 games here, twice the
    quick check)."""
    try:
        rows = store.db.execute("PRAGMA integrity_check(1)").fetchall()
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


def aside_name(path: Path, reason: str) -> Path:
    """A name ``<name>.<time>.<reason>`` that no file (or companion file) has yet."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    aside = path.with_name(f"{path.name}.{stamp}.{reason}")
    n = 1
    while any(Path(f"{aside}{s}").exists() for s in SUFFIXES):
        n += 1
        aside = path.with_name(f"{path.name}.{stamp}-{n}.{reason}")
    return aside


def move_aside(path: Path, reason: str) -> Path:
    """Rename the database and its companion files to ``<name>.<time>.<reason>``; never delete."""
    aside = aside_name(path, reason)
    for suffix in SUFFIXES:
        src = Path(f"{path}{suffix}")
        if src.exists():
            os.replace(src, f"{aside}{suffix}")
    _sync_dir(path.parent)  # the renames must survive a power cut too
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
