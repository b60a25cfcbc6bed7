"""A damaged card never stops the app: Store.open moves bad files aside, copies what it can
read, names what it lost, and runs in memory when it cannot write at all."""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from companion.session import recovery
from companion.session.notice import StoreError
from companion.session.session import Session
from companion.session.store import Store, read_witness

HEADER = {"record": 2, "game": "suleika", "players": 2, "seed": 3}


def fill(path: Path, games: int = 12, steps: int = 40, unfinished: bool = True) -> list[int]:
    """A store with ``games`` finished games (and one unfinished) of ``steps`` plain rows."""
    s = Store(path)
    ids = []
    for g in range(games + (1 if unfinished else 0)):
        gid = s.new_game({**HEADER, "seed": g})
        last = g < games
        for i in range(steps):
            s.append(gid, i, {"action": "roll", "value": 1 + i % 4, "tag": f"G{gid:03d}S{i:03d}"}, [],
                     over=last and i == steps - 1)
        ids.append(gid)
    s.close()
    return ids


def codes(notices) -> list[str]:
    return [n.code for n in notices]


def asides(path: Path) -> list[Path]:
    return sorted(p for p in path.parent.iterdir() if p.name.startswith(path.name + ".") and p.suffix != "")


def test_a_zero_byte_file_opens_as_a_fresh_install(tmp_path):
    path = tmp_path / "g.sqlite3"
    path.write_bytes(b"")
    store, notices = Store.open(path)
    assert notices == [] and store.unfinished() == []
    assert store.db.execute("PRAGMA user_version").fetchone()[0] == 3


@pytest.mark.slow
def test_a_truncated_file_is_moved_aside_and_what_can_be_read_is_kept(tmp_path):
    path = tmp_path / "g.sqlite3"
    fill(path)
    size = path.stat().st_size
    with open(path, "r+b") as f:
        f.truncate(size // 2)
    store, notices = Store.open(path)
    assert "moved_aside_damaged" in codes(notices), notices
    moved = next(n for n in notices if n.code == "moved_aside_damaged")
    assert moved.params["kind"] == "damaged" and Path(moved.params["aside"]).stat().st_size == size // 2
    recovered = next(n for n in notices if n.code == "games_recovered")
    assert recovered.params["count"] >= 1
    kept = store.db.execute("SELECT COUNT(*) FROM actions WHERE seq >= 0").fetchone()[0]
    lost = sum(n.params["later"] + 1 for n in notices if n.code == "damaged_step")
    assert 0 < kept < 13 * 40 and kept + lost == 13 * 40  # every step kept or named
    assert store.db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    for row in store.db.execute("SELECT id FROM games").fetchall():
        store.load_checked(row[0])  # every copied game reads back with valid checksums


@pytest.mark.slow
def test_a_zeroed_page_is_moved_aside_and_the_other_games_copied(tmp_path):
    path = tmp_path / "g.sqlite3"
    fill(path, games=30)
    with open(path, "r+b") as f:
        f.seek(4096 * 5)
        f.write(b"\0" * 4096)
    store, notices = Store.open(path)
    assert codes(notices)[0] == "moved_aside_damaged"
    copied = store.db.execute("SELECT COUNT(*) FROM games").fetchone()[0]
    assert 20 <= copied <= 31
    kept = store.db.execute("SELECT COUNT(*) FROM actions WHERE seq >= 0").fetchone()[0]
    lost = sum(n.params["later"] + 1 for n in notices if n.code == "damaged_step")
    whole = sum(40 for n in notices if n.code == "damaged_game")
    assert kept + lost + whole == 31 * 40  # every step kept, or named with its game


def flip(path: Path, needle: bytes) -> None:
    data = bytearray(path.read_bytes())
    at = data.index(needle)
    data[at] ^= 0x01
    path.write_bytes(bytes(data))


def test_a_flipped_bit_in_a_finished_game_is_named_and_the_rest_kept(tmp_path):
    path = tmp_path / "g.sqlite3"
    ids = fill(path)
    flip(path, f"G{ids[2]:03d}S017".encode())
    store, notices = Store.open(path)
    assert notices == []  # SQLite's own check sees nothing wrong: only our checksum does
    loaded = store.load_checked(ids[2])
    assert len(loaded.actions) == 17 and loaded.damaged_at == 17
    assert loaded.notices[0].code == "damaged_step"
    assert loaded.notices[0].params == {"game": ids[2], "step": 18, "later": 22, "kept": 17}
    assert all(len(store.load(g)[1]) == 40 for g in ids if g != ids[2])


def test_a_flipped_bit_in_the_unfinished_game_sets_the_tail_aside_and_resume_works(tmp_path):
    path = tmp_path / "g.sqlite3"
    s = Store(path)
    session = Session.new({"game": "suleika", "players": 2, "seed": 9}, s)
    for _ in range(6):
        session.roll()
        session.act(next(a for a in session.engine.legal_actions(session.state) if a["action"] == "place"))
    s.close()
    flip(path, b'"place"')  # one of the placements
    store, notices = Store.open(path)
    assert codes(notices) == ["damaged_step"]
    kept = notices[0].params["step"] - 1
    assert session.actions[kept]["action"] == "place"
    again, error = Session.resume(store, session.game_id)
    assert error is None and again.actions == session.actions[:kept]
    assert store.db.execute("SELECT COUNT(*) FROM undone").fetchone()[0] == 12 - kept


def test_a_damaged_header_closes_that_game_only(tmp_path):
    path = tmp_path / "g.sqlite3"
    ids = fill(path, games=2)
    data = bytearray(path.read_bytes())
    # the unfinished game's header ends with its seed: 2; it is kept twice (the games table
    # and the first row of its steps), and both copies are hit
    at = -1
    for _ in range(2):
        at = data.index(b'"seed": 2}', at + 1)
        data[at + 8] ^= 0x01
    path.write_bytes(bytes(data))
    store, notices = Store.open(path)
    assert codes(notices) == ["damaged_game"] and notices[0].params == {"game": ids[2]}
    assert store.unfinished() == []
    assert [h.end for h in store.history()] == ["damaged", "finished", "finished"]
    with pytest.raises(StoreError) as err:
        store.load(ids[2])
    assert err.value.code == "damaged_game"


@pytest.mark.parametrize("copy", [0, 1])
def test_a_header_damaged_in_one_of_its_two_copies_is_read_from_the_other(tmp_path, copy):
    path = tmp_path / "g.sqlite3"
    ids = fill(path, games=2, steps=5)
    data = bytearray(path.read_bytes())
    at = data.index(b'"seed": 2}')
    if copy:
        at = data.index(b'"seed": 2}', at + 1)
    data[at + 8] ^= 0x01
    path.write_bytes(bytes(data))
    store, notices = Store.open(path)
    assert notices == [] and [g.id for g in store.unfinished()] == [ids[2]]
    assert store.load(ids[2]) == ({**HEADER, "seed": 2}, [{"action": "roll", "value": 1 + i % 4,
                                                             "tag": f"G{ids[2]:03d}S{i:03d}"} for i in range(5)])


def crash_image(path: Path, into: Path, wal: bool) -> Path:
    """The files as a power cut would leave them while ``path`` is open (the WAL optional)."""
    into.mkdir()
    for suffix in ("", "-wal", "-shm", "-last"):
        src = Path(f"{path}{suffix}")
        if src.exists() and (wal or suffix != "-wal"):
            shutil.copy(src, into / f"{path.name}{suffix}")
    return into / path.name


@pytest.mark.parametrize("how", ["deleted", "damaged"])
def test_a_lost_wal_file_is_noticed_not_hidden(tmp_path, how):
    path = tmp_path / "g.sqlite3"
    ids = fill(path, games=3, steps=10, unfinished=False)  # closed cleanly: all in the main file
    s = Store(path)
    gid = s.new_game(HEADER)
    for i in range(20):
        s.append(gid, i, {"action": "roll", "value": 2}, [])
    image = crash_image(path, tmp_path / "image", wal=how == "damaged")
    s.close()
    if how == "damaged":
        wal = Path(f"{image}-wal")
        data = bytearray(wal.read_bytes())
        data[len(data) // 2] ^= 0xFF
        wal.write_bytes(bytes(data))
    assert read_witness(image) is not None
    store, notices = Store.open(image)
    moved = next(n for n in notices if n.code == "moved_aside_lost")
    assert moved.params["kind"] == "lost" and moved.params["lost"] >= 1
    assert store.db.execute("SELECT COUNT(*) FROM games").fetchone()[0] >= len(ids)
    assert all(len(store.load(g)[1]) == 10 for g in ids)
    store.close()
    assert Store.open(image)[1] == []  # said once


def test_a_store_from_a_newer_companion_is_kept_untouched(tmp_path):
    path = tmp_path / "g.sqlite3"
    ids = fill(path, games=2, steps=3)
    db = sqlite3.connect(path)
    db.execute("PRAGMA user_version = 99")
    db.close()
    store, notices = Store.open(path)
    moved = notices[0]
    assert moved.code == "moved_aside_newer" and moved.params["kind"] == "newer" and moved.params["found"] == 99
    aside = sqlite3.connect(moved.params["aside"])
    assert aside.execute("PRAGMA user_version").fetchone()[0] == 99
    assert [g.id for g in store.unfinished()] and len(store.history()) == 2
    assert sorted(len(store.load(g.id)[1]) for g in store.history()) == [3, 3]
    assert store.unfinished()[0].actions == 3 and ids


def test_a_directory_that_cannot_be_made_runs_in_memory(tmp_path):
    blocker = tmp_path / "card"
    blocker.write_text("not a directory")
    store, notices = Store.open(blocker / "companion" / "g.sqlite3")
    assert codes(notices) == ["memory_only"]
    Session.new(HEADER, store).roll()  # the app plays on


def test_a_write_protected_card_runs_in_memory_with_the_games_it_can_read(tmp_path, monkeypatch):
    path = tmp_path / "g.sqlite3"
    fill(path, games=1, steps=5)
    real = sqlite3.connect

    def read_only(target, *args, **kwargs):  # as a card with its write-protect switch on
        if str(target) == str(path):
            target, kwargs["uri"] = f"file:{path}?mode=ro", True
        return real(target, *args, **kwargs)

    monkeypatch.setattr("companion.session.store.sqlite3.connect", read_only)
    store, notices = Store.open(path)
    assert codes(notices)[0] == "memory_only" and "games_recovered" in codes(notices)
    assert store.path == ":memory:" and len(store.unfinished()) == 1
    assert store.unfinished()[0].actions == 5
    assert not asides(path)


#: The user the read-only test runs as when the tests run as root (CI does): root writes into
#: any directory, the companion's service user does not.
NOBODY = 65534


def as_service_user(fn: Callable[[], dict[str, Any]]) -> dict[str, Any]:
    """``fn()`` in a forked child that, when we are root, first drops to an unprivileged user
    (``setgroups``, ``setgid``, ``setuid``: no way back), so file modes bind it as they bind the
    service user. Its result comes back as JSON; an exception comes back as its text."""
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: never returns into pytest
        os.close(read)
        try:
            if os.geteuid() == 0:
                os.setgroups([])
                os.setgid(NOBODY)
                os.setuid(NOBODY)
            out = {"result": fn()}
        except BaseException as exc:  # noqa: BLE001 - reported to the parent
            out = {"error": f"{type(exc).__name__}: {exc}"}
        with os.fdopen(write, "w") as f:
            f.write(json.dumps(out))
        os._exit(0)
    os.close(write)
    with os.fdopen(read) as f:
        text = f.read()
    _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0 and text, text
    out = json.loads(text)
    assert "error" not in out, out["error"]
    return out["result"]


def test_a_read_only_directory_runs_in_memory():
    # A folder under /tmp (any user can reach it), the store in it owned by the service user,
    # the folder itself read-only for that user: as a data directory the installer got wrong.
    base = Path(tempfile.mkdtemp(prefix="companion-ro-"))
    folder = base / "ro"
    try:
        folder.mkdir()
        fill(folder / "g.sqlite3", games=1, steps=2)
        if os.geteuid() == 0:
            base.chmod(0o755)
            for p in (folder, *folder.iterdir()):
                os.chown(p, NOBODY, NOBODY)
        folder.chmod(0o500)
        # the interpreter may sit where the service user cannot read (root's home): everything
        # the child needs is imported here, before it drops its rights
        Session.new(HEADER, Store.open(":memory:")[0]).roll()

        def body() -> dict[str, Any]:
            try:
                (folder / "probe").write_bytes(b"")
                writable = True
            except PermissionError:
                writable = False
            store, notices = Store.open(folder / "g.sqlite3")
            session = Session.new(HEADER, store)
            session.roll()  # the app plays on
            return {"uid": os.geteuid(), "writable": writable, "codes": codes(notices), "path": str(store.path),
                    "unfinished": [g.actions for g in store.unfinished()], "file": notices[0].params.get("file")}

        seen = as_service_user(body)
        assert seen["uid"] != 0 and not seen["writable"]  # the test itself is sound
        assert seen["codes"][0] == "memory_only" and seen["path"] == ":memory:", seen
        assert "games_recovered" in seen["codes"] and sorted(seen["unfinished"]) == [1, 2], seen
        assert seen["file"] == str(folder / "g.sqlite3")
        assert sorted(p.name for p in folder.iterdir()) == ["g.sqlite3", "g.sqlite3-last"]  # nothing moved
    finally:
        folder.chmod(0o700)
        shutil.rmtree(base)


def test_a_full_card_refuses_in_words_and_keeps_the_game(tmp_path):
    store, notices = Store.open(tmp_path / "g.sqlite3")
    session = Session.new(HEADER, store)
    session.roll(2)
    pages = store.db.execute("PRAGMA page_count").fetchone()[0]
    store.db.execute(f"PRAGMA max_page_count = {pages}")
    before = session.state
    for _ in range(50):  # until a new page is needed
        try:
            session.act({**next(a for a in session.engine.legal_actions(session.state) if a["action"] == "place")})
            session.roll(2)
        except StoreError as exc:
            assert exc.code == "card_full" and "full" in str(exc)
            break
    else:
        pytest.fail("the card never filled")
    n = len(session.actions)
    assert store.load(session.game_id)[1] == session.actions and session.state is not before
    with pytest.raises(StoreError) as err:
        Session.new({**HEADER, "players": 3, "note": "x" * 9000}, store)
    assert err.value.code == "card_full" and len(session.actions) == n


def test_pruning_keeps_the_newest_ended_games_and_every_unfinished_one(tmp_path):
    path = tmp_path / "g.sqlite3"
    ids = fill(path, games=8, steps=2)
    store, _ = Store.open(path, keep_finished=3)
    assert [h.id for h in store.history()] == ids[5:8][::-1]
    assert [g.id for g in store.unfinished()] == [ids[8]]
    assert store.db.execute("SELECT COUNT(*) FROM actions WHERE seq >= 0").fetchone()[0] == 4 * 2
    assert store.ended_count() == 3  # what the staff page counts


def test_move_aside_never_overwrites(tmp_path):
    path = tmp_path / "g.sqlite3"
    for _ in range(3):
        path.write_bytes(b"junk")
        recovery.move_aside(path, "damaged")
    assert len(asides(path)) == 3


def test_a_file_emptied_by_a_power_cut_starts_afresh_and_says_so(tmp_path):
    path = tmp_path / "g.sqlite3"
    fill(path, games=1, steps=3)
    path.write_bytes(b"")  # what ext4 can leave of a file after a power cut
    for suffix in ("-wal", "-shm"):
        Path(f"{path}{suffix}").unlink(missing_ok=True)
    store, notices = Store.open(path)
    assert codes(notices) == ["store_was_empty"] and store.unfinished() == []
    Session.new(HEADER, store).roll()
    store.close()
    assert Store.open(path)[1] == []


@pytest.mark.slow
@pytest.mark.parametrize("harm", ["zero", "flip", "truncate"])
def test_whatever_page_is_hit_every_step_is_kept_or_named(tmp_path, harm):
    """Each page of a store in turn zeroed, given flipped bits, or cut off where it starts:
    Store.open never fails, and every step of every game is either copied or named in a
    notice (its game, or its step and the number after it). Only a file cut off after its
    first page loses everything at once; that is said too ("0 games copied")."""
    import random

    src = tmp_path / "src.sqlite3"
    fill(src, games=10, steps=20)
    data = src.read_bytes()
    total = 11 * 20
    for page in range(1, len(data) // 4096):
        bad = bytearray(data)
        at = page * 4096
        if harm == "zero":
            bad[at:at + 4096] = bytes(4096)
        elif harm == "flip":
            rng = random.Random(page)
            for _ in range(5):
                bad[at + rng.randrange(4096)] ^= 1 << rng.randrange(8)
        else:
            del bad[at:]
        path = tmp_path / f"{harm}{page}" / "g.sqlite3"
        path.parent.mkdir()
        path.write_bytes(bytes(bad))
        store, notices = Store.open(path)
        kept = store.db.execute("SELECT COUNT(*) FROM actions WHERE seq >= 0").fetchone()[0]
        named = sum(n.params["later"] + 1 for n in notices if n.code == "damaged_step")
        named += 20 * sum(1 for n in notices if n.code == "damaged_game")
        if harm == "truncate" and page == 1:  # nothing but the file's header is left
            assert codes(notices) == ["moved_aside_damaged", "games_recovered"]
            assert notices[1].params["count"] == 0
        else:
            assert kept + named == total, (harm, page, kept, named, notices)
        store.close()
