"""``companion floor-sim``: a whole café on one machine, to see that nothing is lost or doubled.

mosquitto (from PATH, its own configuration, password file and ACL, on a free loopback port),
``companion hub`` as a process of its own (so its memory is its own), and N tables, each with
its own store and its own :class:`~companion.floor.table.TableFloor` (the real outbox and
publisher), playing seeded games of every registered game with the real engines. The broker
is stopped for ``--broker-outage`` seconds in the middle. At the end every step in every table
store is looked up in the hub's store.
"""

from __future__ import annotations

import json
import os
import random
import signal
import socket
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

from companion.floor.broker import Broker, free_port, rss_mb
from companion.floor.table import TableFloor
from companion.floor.topics import FloorConfig
from companion.games import REGISTRY, get_engine, spec
from companion.session.session import Session
from companion.session.store import Store


class SimTable:
    """One table: its store, its floor link and the game it plays."""

    def __init__(self, name: str, folder: Path, broker: Broker, rng: random.Random) -> None:
        self.name = name
        self.rng = rng
        self.store = Store(folder / f"{name}.sqlite3")
        config = FloorConfig("127.0.0.1", broker.port, broker.cafe, name, broker.passwords[name])
        self.floor = TableFloor(config, self.store.path)
        self.floor.attach(self.store)
        self.floor.on_command = self._command
        self.session: Session[Any] | None = None
        self._ended = threading.Event()

    def _command(self, kind: str, payload: dict[str, Any]) -> tuple[bool, str]:
        if kind == "end":
            self._ended.set()  # the player thread closes the game at its next step
        return True, ""

    def new_game(self) -> None:
        names = sorted(REGISTRY)
        game = spec(self.rng.choice(names))
        players = self.rng.choice(game.counts)
        header = game.header(players, self.rng.randrange(1 << 30))
        header["names"] = [f"Gast {i + 1}" for i in range(players)]
        self.session = Session.new(header, self.store)

    def step(self) -> None:
        if self._ended.is_set() and self.session is not None:
            self._ended.clear()
            self.session.abandon("left")
            self.session = None
        if self.session is None or self.session.over:
            self.new_game()
        session = self.session
        assert session is not None
        engine = get_engine(session.engine.name)
        legal = engine.legal_actions(session.state)
        chance = engine.chance(session.state)
        if chance is not None and (not legal or self.rng.random() < 0.6):
            session.roll()
            return
        if not legal:
            session.abandon("abandoned")  # a game a random table cannot go on with
            self.session = None
            return
        hook = getattr(engine, "progress_actions", None)
        toward = hook(session.state) if hook is not None and self.rng.random() < 0.5 else None
        session.act(self.rng.choice(toward or legal))


def _wait_port(port: int, seconds: float) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
            return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError(f"nothing answers on port {port}")


def start_hub(keep: Path, broker: Broker, http_port: int) -> subprocess.Popen[bytes]:
    """``companion hub`` as a process of its own, with the broker's hub password."""
    hub_dir = keep / "hub"
    hub_dir.mkdir(parents=True, exist_ok=True)
    secret = hub_dir / "broker-password"
    fd = os.open(secret, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w") as out:
        out.write(broker.passwords["hub"] + "\n")
    process = subprocess.Popen(
        [sys.executable, "-m", "companion", "hub", "--broker", broker.url, "--data", str(hub_dir),
         "--http", f"127.0.0.1:{http_port}", "--password-file", str(secret), "--token-file",
         str(hub_dir / "api-token"), "--cafe", broker.cafe], stderr=subprocess.DEVNULL)
    _wait_port(http_port, 30)
    return process


def stop_process(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def table_steps(path: Path) -> set[tuple[str, int]]:
    """(game id, step) of every step a table store holds."""
    db = sqlite3.connect(str(path))
    try:
        out = set()
        for header, seq in db.execute("SELECT g.header, a.seq FROM actions a JOIN games g ON g.id = a.game_id "
                                      "WHERE a.seq >= 0"):
            out.add((str(json.loads(header).get("game_id")), int(seq)))
        return out
    finally:
        db.close()


def hub_steps(path: Path) -> list[tuple[str, str, int, float, float]]:
    db = sqlite3.connect(str(path))
    try:
        return [(t, g, s, at, rec) for t, g, s, at, rec in db.execute(
            "SELECT table_id, game_id, step, at, received FROM events WHERE kind = 'step'")]
    finally:
        db.close()


def simulate(tables: int, minutes: float, outage: float, keep: Path, *, seed: int = 1,
             step_every: float = 4.0) -> dict[str, Any]:
    keep.mkdir(parents=True, exist_ok=True)
    # a SIGTERM stops the simulation like ^C: the broker and the hub are stopped too
    signal.signal(signal.SIGTERM, signal.default_int_handler)
    names = [f"t{i + 1:02d}" for i in range(tables)]
    broker = Broker(keep / "broker", "cafe", names)
    broker.start()
    hub = start_hub(keep, broker, free_port())
    rng = random.Random(seed)
    folder = keep / "tables"
    folder.mkdir(exist_ok=True)
    sims = [SimTable(n, folder, broker, random.Random(rng.randrange(1 << 30))) for n in names]
    for t in sims:
        t.floor.start()
    broker_peak = 0.0
    try:
        start = time.monotonic()
        length = minutes * 60
        cut = (length - outage) / 2 if outage else None
        due = [start + rng.uniform(0, step_every) for _ in sims]
        cut_done = False
        while time.monotonic() - start < length:
            now = time.monotonic()
            if cut is not None and not cut_done and now - start >= cut:
                broker_peak = max(broker_peak, broker.rss_mb() or 0.0)
                broker.stop()
                cut_done = True
                threading.Timer(outage, broker.start).start()
            i = min(range(len(sims)), key=due.__getitem__)
            if due[i] > now:
                time.sleep(min(due[i] - now, 0.2))
                continue
            sims[i].step()
            due[i] = now + rng.expovariate(1 / step_every)
        # everything sent? then give the hub a moment to store the last ones
        end = time.monotonic() + 300
        while time.monotonic() < end and any(t.floor.pending() > 0 for t in sims):
            time.sleep(0.5)
        expected = sum(len(table_steps(Path(t.store.path))) for t in sims)
        end = time.monotonic() + 60
        while time.monotonic() < end and len(hub_steps(keep / "hub" / "hub.sqlite3")) < expected:
            time.sleep(0.5)
        time.sleep(1.0)
        hub_peak = rss_mb(hub.pid) or 0.0
        broker_peak = max(broker_peak, broker.rss_mb() or 0.0)
    finally:
        for t in sims:
            t.floor.stop()
            t.store.close()
        stop_process(hub)
        broker.stop()
    sent: set[tuple[str, str, int]] = set()
    for t in sims:
        sent |= {(t.name, g, s) for g, s in table_steps(Path(t.store.path))}
    rows = hub_steps(keep / "hub" / "hub.sqlite3")
    seen: dict[tuple[str, str, int], int] = {}
    delays = []
    for table, gid, step, at, received in rows:
        seen[(table, gid, step)] = seen.get((table, gid, step), 0) + 1
        if at is not None:
            delays.append(max(0.0, received - at))
    delays.sort()
    p95 = delays[int(0.95 * (len(delays) - 1))] if delays else None
    return {"steps_sent": len(sent), "steps_in_hub": len(rows), "lost": len(sent - set(seen)),
            "doubled": sum(n - 1 for n in seen.values()) + len(set(seen) - sent),
            "p95_floor_delay_s": None if p95 is None else round(p95, 2),
            "hub_rss_mb": hub_peak, "broker_rss_mb": broker_peak}
