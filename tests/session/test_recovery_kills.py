"""A power cut while the store mends itself: no game lost, and the next start says so.

A store of five games with one page of steps zeroed (every game still readable) is started by
``recovery_worker.py``, which is SIGKILLed at each fsync of that start in turn: ``strace``
injects the kill at the N-th ``fsync`` and, in a second sweep, at the N-th ``fdatasync`` (what
SQLite uses) of the main thread, for N = 1, 2, ... until a start runs through. After every kill
the store is started again as the app starts it; it must hold exactly the games an
uninterrupted start keeps, and the mending must have been told (by the killed start before it
died, or by this one), and only once. Where ``strace`` is missing, the worker kills itself at
each ``os.fsync`` and each SQL ``COMMIT``.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

from companion.session.store import Store

ROOT = Path(__file__).resolve().parents[2]
WORKER = Path(__file__).with_name("recovery_worker.py")
HEADER = {"record": 2, "game": "suleika", "players": 2, "seed": 3}
#: A start does far fewer; more means the sweep never ends.
MAX_KILLS = 200
TOLD = {"moved_aside_damaged", "recovery_finished"}


def damaged_store(path: Path) -> None:
    """Five games of 40 steps (four finished), one page of steps zeroed."""
    store = Store(path)
    for g in range(5):
        gid = store.new_game({**HEADER, "seed": g})
        for i in range(40):
            store.append(gid, i, {"action": "roll", "value": 1 + i % 4, "tag": f"G{gid}S{i}"}, [],
                         over=g < 4 and i == 39)
    store.close()
    with open(path, "r+b") as f:
        f.seek(4096 * 6)  # page 7: steps of the second and third game
        f.write(bytes(4096))


def content(store: Store) -> dict[int, tuple[int, list[str], int]]:
    """Each game by its seed: how many steps, their tags, and the steps set aside."""
    out = {}
    for (gid,) in store.db.execute("SELECT id FROM games").fetchall():
        header, acts = store.load(gid)
        undone = store.db.execute("SELECT COUNT(*) FROM undone WHERE game_id = ?", (gid,)).fetchone()[0]
        out[header["seed"]] = (len(acts), [a["tag"] for a in acts], undone)
    return out


def start(db: Path, kill: tuple[str, int] | None) -> tuple[int, list[str]]:
    """Run the worker's start, killed at the given moment; its return code and what it showed."""
    cmd = [sys.executable, str(WORKER), str(db)]
    if kill is not None:
        call, n = kill
        if call == "python":
            cmd += ["--die", str(n)]
        else:  # the main thread only (no -f): the side file's helper thread syncs on its own
            cmd = ["strace", "-qq", "-o", "/dev/null", "-e", f"trace={call}",
                   "-e", f"inject={call}:signal=KILL:when={n}", *cmd]
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=120,
                          env={**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ["PYTHONPATH"]])})
    shown = json.loads(done.stdout.splitlines()[0]) if done.stdout.strip() else []
    return done.returncode, shown


def _mended_whole(tmp_path: Path) -> tuple[Path, list]:
    """A damaged store (every game readable) and what a whole, uncut start makes of it."""
    image = tmp_path / "image.sqlite3"
    damaged_store(image)
    whole = tmp_path / "whole" / "g.sqlite3"
    whole.parent.mkdir()
    shutil.copy(image, whole)
    rc, shown = start(whole, None)
    assert rc == 0 and shown[0] == "moved_aside_damaged", shown
    store = Store(whole)
    expected = content(store)
    store.close()
    assert len(expected) == 5  # every game readable
    return image, expected


def _killed_starts(tmp_path: Path, image: Path) -> Iterator[tuple[str, int, Path, list[str]]]:
    """A copy of ``image`` started and killed at the n-th sync, for n = 1, 2, ... until a start
    runs whole: (the call, n, the copy, what the start said before it died)."""
    calls = ["fsync", "fdatasync"] if shutil.which("strace") else ["python"]
    for call in calls:
        for n in range(1, MAX_KILLS):
            folder = tmp_path / f"{call}{n}"
            folder.mkdir()
            db = folder / "g.sqlite3"
            shutil.copy(image, db)
            rc, shown = start(db, (call, n))
            if rc == 0:
                break  # the whole start ran before the n-th call: every one was hit
            assert rc in (-signal.SIGKILL, 128 + signal.SIGKILL), (call, n, rc)
            yield call, n, db, shown
        else:
            raise AssertionError(f"a start kept calling {call} after {MAX_KILLS} kills")


def _left_over(db: Path) -> list[str]:
    return [p.name for p in db.parent.iterdir() if p.name.endswith(("-new", "-recovering"))]


def test_a_recovery_killed_at_every_fsync_loses_no_game_and_is_told(tmp_path):
    image, expected = _mended_whole(tmp_path)
    tally = {"kills": 0, "told_before_dying": 0, "told_at_next_start": 0}
    for call, n, db, shown in _killed_starts(tmp_path, image):
        tally["kills"] += 1
        store, notices = Store.open(db)
        try:
            told = TOLD & {x.code for x in notices}
            assert told or TOLD & set(shown), (call, n, shown, notices)
            tally["told_at_next_start" if told else "told_before_dying"] += 1
            assert content(store) == expected, (call, n, notices)  # no game lost, none doubled
            assert store.db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        finally:
            store.close()
        again, notices = Store.open(db)
        again.close()
        assert notices == [], (call, n, notices)  # said once
        assert not _left_over(db)
    print(f"\nrecovery killed: {json.dumps(tally)}")
    assert tally["kills"] >= 9


def test_a_recovery_killed_at_every_fsync_with_its_note_lost_loses_no_game(tmp_path):
    """The same cuts, and the card loses the ``-recovering`` note as well (its last writes
    never reached the flash). The ``-new`` file, begun before anything is moved, still tells a
    mending was cut off: it is done again from the file moved aside. Before, a games file
    moved aside with no note beside it meant a new, empty store: every game was left out of
    sight in the file moved aside."""
    image, expected = _mended_whole(tmp_path)
    tally = {"kills": 0, "note_lost": 0, "told": 0}
    for call, n, db, shown in _killed_starts(tmp_path, image):
        tally["kills"] += 1
        for note in db.parent.glob("*-recovering*"):
            note.unlink()
            tally["note_lost"] += 1
        store, notices = Store.open(db)
        try:
            tally["told"] += bool(TOLD & ({x.code for x in notices} | set(shown)))
            assert content(store) == expected, (call, n, notices)  # no game lost, none doubled
            assert store.db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        finally:
            store.close()
        assert not _left_over(db)
    print(f"\nrecovery killed, note lost: {json.dumps(tally)}")
    assert tally["note_lost"] >= 9
