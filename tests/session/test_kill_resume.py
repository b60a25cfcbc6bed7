"""Pull the plug at any moment: the game resumes to exactly what the screen last showed.

The demo plays through the real loop with a store and writes, after every frame, the state it
showed (COMPANION_TRACE). We kill it with SIGKILL at a random frame and resume from the store.
An action is committed before it is drawn, so the store may hold at most the one action whose
frame had not been drawn yet.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import time

import pytest

from companion.session.session import Session
from companion.session.store import Store


def read_trace(path) -> list[dict]:
    out = []
    for line in path.read_text().splitlines():
        try:
            out.append(json.loads(line))
        except json.JSONDecodeError:
            break  # the line being written when the process died
    return out


@pytest.mark.parametrize("trial", range(4))
def test_kill_9_resumes_to_the_state_last_shown(tmp_path, trial):
    rng = random.Random(trial)
    db, trace = tmp_path / "games.sqlite3", tmp_path / "trace.jsonl"
    env = {**os.environ, "COMPANION_TRACE": str(trace), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    proc = subprocess.Popen(
        [sys.executable, "-m", "companion", "demo", "--data", str(db), "--turns", "1000",
         "--players", str(2 + trial % 3), "--seed", str(trial)],
        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    target = rng.randrange(5, 120)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and proc.poll() is None:
        if trace.exists() and trace.read_text().count("\n") >= target:
            break
        time.sleep(0.005)
    assert proc.poll() is None, proc.stderr.read().decode()
    proc.kill()
    proc.wait()
    shown = read_trace(trace)[-1]
    store = Store(db)
    rows = store.unfinished()
    assert len(rows) == 1
    session, error = Session.resume(store, rows[0].id)
    assert error is None
    n = shown["actions"]
    assert n <= len(session.actions) <= n + 1
    assert session.engine.summary(session.states[n]) == shown["summary"]
