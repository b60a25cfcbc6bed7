"""``companion bench --quick --json`` runs and reports every figure; its speed is not judged
here (a shared test machine is too noisy for that, see ARCHITECTURE.md)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from companion.bench.table import Figure, Target, percentile, render

KINDS = ("engine.", "press.", "frame.", "start.", "idle.", "memory.", "store.")


def test_quick_json_has_every_figure():
    # tiny: the quick run's shape with less work, so this test stays well under 30 s
    env = {**os.environ, "COMPANION_BENCH_SCALE": "tiny"}
    done = subprocess.run([sys.executable, "-m", "companion", "bench", "--quick", "--json"],
                          capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["scale"] == "tiny"
    assert {"cpu", "cores", "python", "pygame_ce", "sdl"} <= set(out["machine"])
    keys = {f["key"] for f in out["figures"]}
    for kind in KINDS:
        assert any(k.startswith(kind) for k in keys), kind
    for key in ("engine.suleika.4p.suleika.games_per_s", "engine.suleika.2p.marrakech.games_per_s",
                "press.p95_ms", "frame.suleika.4p.hint_ms", "start.ratio", "idle.cpu_pct",
                "memory.peak_rss_mb", "store.actions_per_s", "store.bytes_per_action"):
        assert key in keys, key
    for f in out["figures"]:
        assert f["runs"] == len(f["samples"]) >= 1
        assert f["min"] <= f["median"] <= f["max"]
        if f["key"].startswith(("idle.", "store.device")):
            assert f["median"] >= 0, f  # an idle app may use no measurable CPU at all
        else:
            assert f["median"] > 0, f
        assert (f["target"] is None) == (f["met"] is None)


def test_table_and_statistics():
    fig = Figure("x", "engine: x", "games/s", [3.0, 1.0, 2.0], Target(">=", 2))
    assert (fig.median, fig.low, fig.high, fig.met) == (2.0, 1.0, 3.0, True)
    assert fig.spread_pct == 100.0
    assert percentile([1, 2, 3, 4, 5], 50) == 3 and percentile([0, 10], 95) == 9.5
    text = render([fig], ["head"], ["a note"])
    assert "engine: x" in text and ">= 2 games/s" in text and "met" in text and "note: a note" in text
