"""Whole-process figures: start time against a bare pygame window, idle CPU, peak memory.

The app runs in a child process (``companion.bench.child``) so that its start is a real
interpreter start and its CPU time and memory are its own. CPU time and peak resident memory
are read from ``/proc/<pid>`` (Linux, which is what the Pi runs).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from companion.bench.table import Figure, Target

START_RATIO_TARGET = Target("<", 1.5)
IDLE_TARGET = Target("<", 1.0)
MEMORY_TARGET = Target("<", 80.0)


def _child(mode: str, data: Path, *extra: str) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "companion.bench.child", mode, str(data), *extra],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            cwd=Path(__file__).resolve().parents[2])


def _line(proc: subprocess.Popen[str], timeout: float) -> dict[str, Any]:
    """The child's next JSON line; its stderr in the error if it dies or says nothing."""
    assert proc.stdout is not None
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        line = proc.stdout.readline()
        if not line:
            break
        line = line.strip()
        if line.startswith("{"):
            return json.loads(line)
    proc.kill()
    _out, err = proc.communicate()
    raise RuntimeError(f"bench child {proc.args[3]!r} gave no result: {err.strip()[-800:]}")


def start_seconds(mode: str, data: Path) -> float:
    """Seconds from just before the process is started to its first flipped frame."""
    t0 = time.monotonic()
    proc = _child(mode, data)
    shown = _line(proc, timeout=60)["shown"]
    proc.communicate(timeout=30)
    return float(shown) - t0


def start_figures(runs: int, data: Path) -> list[Figure]:
    bare = Figure("start.bare_window_s", "start: bare pygame window", "s")
    app = Figure("start.app_s", "start: companion to first frame", "s", note="store, app, mock GPIO, menu")
    ratio = Figure("start.ratio", "start: companion / bare window", "×", target=START_RATIO_TARGET,
                   note="each run starts both, one after the other")
    start_seconds("bare", data)  # the first start of all reads the files from disk; later ones do not
    for _ in range(runs):
        b = start_seconds("bare", data)
        a = start_seconds("start", data)
        bare.samples.append(b)
        app.samples.append(a)
        ratio.samples.append(a / b)
    return [bare, app, ratio]


def _cpu_seconds(pid: int) -> float:
    """User + system CPU time of every thread of ``pid`` (fields 14 and 15 of /proc/pid/stat)."""
    text = Path(f"/proc/{pid}/stat").read_text()
    fields = text[text.rindex(")") + 2:].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _wakeups(pid: int) -> int:
    """Voluntary context switches of every thread: how often the process went to sleep."""
    total = 0
    for status in Path(f"/proc/{pid}/task").glob("*/status"):
        try:
            for line in status.read_text().splitlines():
                if line.startswith("voluntary_ctxt_switches:"):
                    total += int(line.split()[1])
        except OSError:
            pass  # a thread ended while we counted
    return total


def _peak_rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError("no VmHWM in /proc status")


def idle_figures(runs: int, seconds: float, turns: int, data: Path) -> list[Figure]:
    """Per run: a table plays ``turns`` demo turns, then is left alone for ``seconds``."""
    cpu = Figure("idle.cpu_pct", f"idle: CPU in {seconds:g} s with no input", "% of a core",
                 target=IDLE_TARGET, note="Suleika 4p table after a few turns, /proc/pid/stat")
    wake = Figure("idle.wakeups_per_s", "idle: times the app woke up", "/s",
                  note="voluntary context switches, all threads")
    mem = Figure("memory.peak_rss_mb", "memory: peak resident (VmHWM)", "MiB", target=MEMORY_TARGET,
                 note=f"after {turns} turns with the store, then idle")
    for _ in range(runs):
        proc = _child("idle", data, str(turns))
        try:
            _line(proc, timeout=120)
            time.sleep(0.3)  # the last frame of the play is flipped and any banner timer set
            c0, w0, t0 = _cpu_seconds(proc.pid), _wakeups(proc.pid), time.monotonic()
            time.sleep(seconds)
            c1, w1, t1 = _cpu_seconds(proc.pid), _wakeups(proc.pid), time.monotonic()
            cpu.samples.append(100.0 * (c1 - c0) / (t1 - t0))
            wake.samples.append((w1 - w0) / (t1 - t0))
            mem.samples.append(_peak_rss_mb(proc.pid))
        finally:
            proc.kill()
            proc.communicate()
    return [cpu, wake, mem]
