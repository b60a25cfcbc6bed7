"""A café of 20 tables in mixed states, written straight into a hub's store (for the page and API tests)."""

from __future__ import annotations

import random
import time
from pathlib import Path

from companion.floor.hubstore import HubStore
from companion.games import REGISTRY, spec

NAMES = ["Ada", "Bo", "Cem", "Dana", "Emil", "Fritzi"]


def _game(store: HubStore, table: str, gid: str, game: str, players: int, start: float, steps: int,
          end: float | None = None, how: str = "finished") -> None:
    names = NAMES[:players]
    store.event(table, {"game_id": gid, "seq": 0, "kind": "start", "game": game, "players": players, "names": names,
                        "started_at": start, "at": start})
    for i in range(steps):
        at = start + (i + 1) * ((end or time.time()) - start) / (steps + 1)
        e = {"game_id": gid, "seq": i + 1, "kind": "step", "step": i, "game": game, "started_at": start,
             "action": {"action": "x"}, "at": at}
        if end is not None and how == "finished" and i == steps - 1:
            e.update(over=True, winners=[0], at=end)
        store.event(table, e, received=at)
    if end is not None and how != "finished":
        store.event(table, {"game_id": gid, "seq": steps + 1, "kind": "closed", "game": game, "how": how,
                            "started_at": start, "at": end})


def fill(path: Path, now: float | None = None) -> HubStore:
    now = time.time() if now is None else now
    rng = random.Random(5)
    store = HubStore(path)
    games = sorted(REGISTRY)
    # the history: three weeks of ended games
    for n in range(160):
        game = games[n % len(games)]
        players = rng.choice(spec(game).counts)
        start = now - rng.uniform(1, 21) * 86400
        length = {0: 25, 1: 45, 2: 35, 3: 20}[games.index(game) % 4] * 60 * rng.uniform(0.7, 1.4)
        table = f"t{rng.randrange(1, 21):02d}"
        _game(store, table, f"h{n}", game, players, start, 10, start + length,
              "finished" if n % 9 else rng.choice(["left", "staff"]))
    means = store.durations()
    for i in range(1, 21):
        t = f"t{i:02d}"
        game = games[i % len(games)]
        players = spec(game).counts[0]
        mean = means.get((game, players), [30.0])
        avg = sum(mean) / len(mean)
        if i <= 8 or i >= 19:  # playing (19, 20 call the staff)
            start = now - avg * 60 * (0.2 + 0.08 * i % 0.7)
            _game(store, t, f"live{i}", game, players, start, 12 + i)
            store.state(t, {"table": t, "game_id": f"live{i}", "game": game, "step": 12 + i,
                            "progress": round(0.15 + 0.08 * (i % 8), 2),
                            "players": [{"name": n, "color": c, "money": 100 - 7 * k}
                                        for k, (n, c) in enumerate(zip(NAMES[:players],
                                                                       ["red", "blue", "yellow", "green"]))],
                            "calls_staff": i >= 19, "call_since": now - 240 if i >= 19 else None})
            if i >= 19:
                store.event(t, {"kind": "call", "call_id": f"c{i}", "at": now - 240})
        elif i <= 10:  # running long
            _game(store, t, f"live{i}", game, players, now - avg * 60 * 2.2, 80)
        elif i <= 12:  # just finished
            _game(store, t, f"done{i}", game, players, now - 50 * 60, 60, now - 180)
        elif i <= 16:  # free
            pass
        if i in (17, 18):  # offline
            _game(store, t, f"live{i}", game, players, now - 20 * 60, 15)
            store.status(t, "offline")
        elif i not in (17, 18):
            store.status(t, "online")
    # a few cleared calls for the statistics
    for k in range(5):
        store.event("t03", {"kind": "call", "call_id": f"old{k}", "at": now - 86400 * (k + 1)})
        store.event("t03", {"kind": "call_cleared", "call_id": f"old{k}", "at": now - 86400 * (k + 1) + 60 * (k + 2)})
    return store
