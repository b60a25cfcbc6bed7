"""Store figures: the latency of one commit, actions per second, bytes written per action.

The store is the real :class:`~companion.session.store.Store` (WAL, ``synchronous=FULL``) in
a scratch database in a fresh folder inside the bench's store directory (``--store-dir``, a
temporary folder by default), deleted afterwards. Point it at the SD card to measure the
card: one commit waits for the card to report its write durable (an ``fsync`` of the WAL),
and that wait is part of every press that changes the game, between the press and its frame.

The actions and their payments come from seeded random games at the bench's table (the first
game whose ``GameSpec.bench`` declares one), appended one transaction each exactly as a
session does. Bytes are read from ``/proc/self/io``: ``wchar``
counts what SQLite hands to ``write()`` (WAL frames and headers); ``write_bytes`` what
reached the block device, which depends on the file system and is often 0 on tmpfs.
"""

from __future__ import annotations

import shutil
import tempfile
import time
from pathlib import Path
from typing import Any

from companion.bench.games import table_game
from companion.bench.table import Figure, percentile
from companion.engine.base import Event
from companion.games import get_engine
from companion.session.simulate import random_game
from companion.session.store import Store


def _io() -> dict[str, int]:
    try:
        lines = Path("/proc/self/io").read_text().splitlines()
    except OSError:
        return {}
    return {k: int(v) for k, v in (line.split(": ") for line in lines)}


def workload(actions: int) -> list[tuple[dict[str, Any], dict[str, Any], list[Event]]]:
    """(header, action, events) for ``actions`` actions of seeded games at the bench's table."""
    name, bench, _table = table_game()
    engine = get_engine(name)
    out: list[tuple[dict[str, Any], dict[str, Any], list[Event]]] = []
    seed = 1
    while len(out) < actions:
        header = {"record": 1, "game": name, "players": bench.players, "seed": seed}
        _final, moves = random_game(engine, header, seed)
        state = engine.new_game(header)
        for action in moves:
            state, events = engine.apply(state, action)
            out.append((header, action, events))
        seed += 1
    return out[:actions]


def file_system(path: Path) -> str:
    """``fstype on device (mount point)`` of the mount holding ``path``, from /proc/mounts.

    >>> file_system(Path("/")).count(" on ") == 1
    True
    """
    best = ("", "?", "?")
    try:
        lines = Path("/proc/mounts").read_text().splitlines()
    except OSError:
        return "unknown file system"
    target = str(path.resolve())
    for line in lines:
        parts = line.split()
        if len(parts) < 3:
            continue
        device, mount, fstype = parts[0], parts[1].replace("\\040", " "), parts[2]
        inside = target == mount or target.startswith(mount.rstrip("/") + "/")
        if inside and len(mount) >= len(best[0]):
            best = (mount, fstype, device)
    return f"{best[1]} on {best[2]} ({best[0] or '?'})"


def one_run(work: list[tuple[dict[str, Any], dict[str, Any], list[Event]]], workdir: Path,
            latencies: list[float] | None = None) -> tuple[float, float, float]:
    """Append every action to a fresh store: (actions/s, bytes written/action, device bytes/action);
    the seconds of each commit are added to ``latencies``."""
    folder = Path(tempfile.mkdtemp(dir=workdir))
    store = Store(folder / "bench.sqlite3")
    try:
        games: dict[int, int] = {}
        seqs: dict[int, int] = {}
        for header, _a, _e in work:  # games are created outside the clock, as at a table
            if header["seed"] not in games:
                games[header["seed"]] = store.new_game(header)
        io0 = _io()
        clock = time.perf_counter
        each: list[float] = []
        start = clock()
        for header, action, events in work:
            gid = games[header["seed"]]
            seq = seqs.get(gid, 0)
            t0 = clock()
            store.append(gid, seq, action, events)
            each.append(clock() - t0)
            seqs[gid] = seq + 1
        secs = clock() - start
        io1 = _io()
        if latencies is not None:
            latencies += each
    finally:
        store.close()
        shutil.rmtree(folder, ignore_errors=True)  # the scratch database, its WAL and side files
    n = len(work)
    wchar = (io1.get("wchar", 0) - io0.get("wchar", 0)) / n
    device = (io1.get("write_bytes", 0) - io0.get("write_bytes", 0)) / n
    return n / secs, wchar, device


def run(runs: int, actions: int, workdir: Path, notes: list[str]) -> list[Figure]:
    work = workload(actions)
    where = file_system(workdir)
    notes.append(f"store: measured in {workdir}, {where}")
    commit = {p: Figure(f"store.commit_p{p}_ms", f"store: one commit (synchronous=FULL), {p}th percentile", "ms",
                        note=f"{actions} commits per run; {where}") for p in (50, 95, 99)}
    rate = Figure("store.actions_per_s", "store: actions committed (synchronous=FULL)", "actions/s",
                  note=f"{actions} actions per run, one transaction each")
    written = Figure("store.bytes_per_action", "store: bytes written per action", "B",
                     note="wchar from /proc/self/io: WAL frames as SQLite writes them")
    device = Figure("store.device_bytes_per_action", "store: bytes reaching the device per action", "B",
                    note="write_bytes from /proc/self/io; depends on the file system")
    for _ in range(runs):
        each: list[float] = []
        r, w, d = one_run(work, workdir, each)
        rate.samples.append(r)
        written.samples.append(w)
        device.samples.append(d)
        for p, fig in commit.items():
            fig.samples.append(percentile(each, p) * 1000)
    return [*commit.values(), rate, written, device]
