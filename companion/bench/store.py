"""Store figures: actions committed per second with ``synchronous=FULL``, bytes written each.

The actions and their payments come from seeded random Suleika games, appended one
transaction each exactly as a session does. Bytes are read from ``/proc/self/io``: ``wchar``
counts what SQLite hands to ``write()`` (WAL frames and headers); ``write_bytes`` what
reached the block device, which depends on the file system and is often 0 on tmpfs.
"""

from __future__ import annotations

import tempfile
import time
from pathlib import Path
from typing import Any

from companion.bench.table import Figure
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
    """(header, action, events) for ``actions`` actions of seeded 4-player Suleika games."""
    engine = get_engine("suleika")
    out: list[tuple[dict[str, Any], dict[str, Any], list[Event]]] = []
    seed = 1
    while len(out) < actions:
        header = {"record": 1, "game": "suleika", "players": 4, "seed": seed}
        _final, moves = random_game(engine, header, seed)
        state = engine.new_game(header)
        for action in moves:
            state, events = engine.apply(state, action)
            out.append((header, action, events))
        seed += 1
    return out[:actions]


def one_run(work: list[tuple[dict[str, Any], dict[str, Any], list[Event]]], workdir: Path) -> tuple[float, float, float]:
    """Append every action to a fresh store: (actions/s, bytes written/action, device bytes/action)."""
    folder = Path(tempfile.mkdtemp(dir=workdir))
    store = Store(folder / "bench.sqlite3")
    try:
        games: dict[int, int] = {}
        seqs: dict[int, int] = {}
        for header, _a, _e in work:  # games are created outside the clock, as at a table
            if header["seed"] not in games:
                games[header["seed"]] = store.new_game(header)
        io0 = _io()
        start = time.perf_counter()
        for header, action, events in work:
            gid = games[header["seed"]]
            seq = seqs.get(gid, 0)
            store.append(gid, seq, action, events)
            seqs[gid] = seq + 1
        secs = time.perf_counter() - start
        io1 = _io()
    finally:
        store.close()
    n = len(work)
    wchar = (io1.get("wchar", 0) - io0.get("wchar", 0)) / n
    device = (io1.get("write_bytes", 0) - io0.get("write_bytes", 0)) / n
    return n / secs, wchar, device


def run(runs: int, actions: int, workdir: Path) -> list[Figure]:
    work = workload(actions)
    rate = Figure("store.actions_per_s", "store: actions committed (synchronous=FULL)", "actions/s",
                  note=f"{actions} actions per run, one transaction each, in {workdir}")
    written = Figure("store.bytes_per_action", "store: bytes written per action", "B",
                     note="wchar from /proc/self/io: WAL frames as SQLite writes them")
    device = Figure("store.device_bytes_per_action", "store: bytes reaching the device per action", "B",
                    note="write_bytes from /proc/self/io; depends on the file system")
    for _ in range(runs):
        r, w, d = one_run(work, workdir)
        rate.samples.append(r)
        written.samples.append(w)
        device.samples.append(d)
    return [rate, written, device]
