"""Whole-process figures: start time against a bare pygame window, idle CPU and wake-ups, memory.

The app runs in a child process (``companion.bench.child``) so that its start is a real
interpreter start and its CPU time, wake-ups and memory are its own. The yardstick is
``bare_window.py``, run with ``python -I``: it imports pygame and nothing of the companion.
CPU time, context switches and peak resident memory are read from ``/proc`` (Linux, which is
what the Pi runs).

A wake-up is a context switch of any thread of the process: ``voluntary_ctxt_switches`` (it
went to sleep: a timed wait ran out or something woke it) plus ``nonvoluntary_ctxt_switches``
(the kernel took the core away), summed over ``/proc/<pid>/task/*/status`` before and after
the idle window. Every sleep ends in a wake-up, so this counts how often the process ran.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from companion.bench.table import Figure, Target

#: none: the start's budget is counted in instructions (``callgrind.START_TARGET``, start to
#: first frame ≤ 450 M), which do not wobble; the timed ratio is shown for comparison
START_RATIO_TARGET: Target | None = None
IDLE_TARGET = Target("<", 1.0)
WAKEUP_TARGET = Target("<=", 2.0)
MEMORY_TARGET = Target("<", 80.0)
#: The yardstick script (imports pygame only).
BARE_WINDOW = Path(__file__).with_name("bare_window.py")
CHECKOUT = Path(__file__).resolve().parents[2]


def child_env() -> dict[str, str]:
    """The environment of every bench child: mock pins, no display, no pygame greeting and a
    fixed string hash (so instruction counts repeat)."""
    env = dict(os.environ)
    env.setdefault("GPIOZERO_PIN_FACTORY", "mock")
    env.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    if not env.get("DISPLAY") and not env.get("WAYLAND_DISPLAY"):
        env.setdefault("SDL_VIDEODRIVER", "dummy")
    env["PYTHONHASHSEED"] = "0"
    # bytecode is cached as on the Pi (``companion run`` writes ``__pycache__`` at its first
    # start; the bare window's ``python -I`` ignores this variable anyway): without it every
    # start would compile every module of ours from source, a third of its instructions
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def bare_argv(exit_now: bool = False) -> list[str]:
    return [sys.executable, "-I", str(BARE_WINDOW)] + (["--exit"] if exit_now else [])


def child_argv(mode: str, data: Path, *extra: str) -> list[str]:
    return [sys.executable, "-m", "companion.bench.child", mode, str(data), *extra]


def _spawn(argv: list[str], display: str | None = None) -> subprocess.Popen[str]:
    env = child_env()
    if display is not None:  # a real X window on that server, not SDL's dummy driver
        env["DISPLAY"] = display
        env.pop("SDL_VIDEODRIVER", None)
    return subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            cwd=CHECKOUT, env=env)


@contextlib.contextmanager
def x_server() -> Iterator[str | None]:
    """A private Xvfb display for the X11 figures (``:`` plus a free number), or None where
    Xvfb is not installed (Debian's ``xvfb``)."""
    xvfb = shutil.which("Xvfb")
    if xvfb is None:
        yield None
        return
    number = next(n for n in range(90, 190) if not Path(f"/tmp/.X11-unix/X{n}").exists())
    proc = subprocess.Popen([xvfb, f":{number}", "-screen", "0", "800x480x24", "-nolisten", "tcp"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 10
        while not Path(f"/tmp/.X11-unix/X{number}").exists() and time.monotonic() < deadline:
            time.sleep(0.05)
        yield f":{number}" if proc.poll() is None else None
    finally:
        proc.terminate()
        proc.wait(timeout=10)


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
            fields: dict[str, Any] = json.loads(line)
            return fields
    proc.kill()
    _out, err = proc.communicate()
    argv = [str(a) for a in proc.args] if isinstance(proc.args, (list, tuple)) else [str(proc.args)]
    raise RuntimeError(f"bench child {' '.join(argv[-3:])!r} gave no result: {err.strip()[-800:]}")


def start_seconds(argv: list[str]) -> float:
    """Seconds from just before the process is started to its first flipped frame."""
    t0 = time.monotonic()
    proc = _spawn(argv)
    shown = _line(proc, timeout=60)["shown"]
    proc.communicate(timeout=30)
    return float(shown) - t0


def start_figures(runs: int, data: Path) -> list[Figure]:
    bare = Figure("start.bare_window_s", "start: bare pygame window (python -I, pygame only)", "s")
    app = Figure("start.app_s", "start: companion to first frame", "s", note="companion.root.start: store, app, menu")
    ratio = Figure("start.ratio", "start: companion / bare window", "×", target=START_RATIO_TARGET,
                   note="each run starts both, one after the other")
    start_seconds(bare_argv())  # the first starts read the files from disk and write .pyc files
    start_seconds(child_argv("start", data))
    for _ in range(runs):
        b = start_seconds(bare_argv())
        a = start_seconds(child_argv("start", data))
        bare.samples.append(b)
        app.samples.append(a)
        ratio.samples.append(a / b)
    return [bare, app, ratio]


def _cpu_seconds(pid: int) -> float:
    """User + system CPU time of every thread of ``pid`` (fields 14 and 15 of /proc/pid/stat)."""
    text = Path(f"/proc/{pid}/stat").read_text()
    fields = text[text.rindex(")") + 2:].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def wakeups_by_thread(pid: int) -> dict[str, int]:
    """Context switches, voluntary and not, of every thread of ``pid`` so far, summed per
    thread name (``comm``: "python", "SDLAudioP2", ...); threads that ended are not in it."""
    out: dict[str, int] = {}
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            name = (task / "comm").read_text().strip()
            for line in (task / "status").read_text().splitlines():
                if line.startswith(("voluntary_ctxt_switches:", "nonvoluntary_ctxt_switches:")):
                    out[name] = out.get(name, 0) + int(line.split()[1])
        except OSError:
            pass  # a thread ended while we counted
    return out


def wakeups(pid: int) -> int:
    """Context switches, voluntary and not, of every thread of ``pid`` so far."""
    return sum(wakeups_by_thread(pid).values())


def _threads(pid: int) -> int:
    return len(list(Path(f"/proc/{pid}/task").iterdir()))


def _peak_rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError("no VmHWM in /proc status")


def _watch(argv: list[str], seconds: float, display: str | None = None) -> tuple[float, float, float, str]:
    """Start an idle child, wait for its ready line, watch it ``seconds``: (CPU %, wake-ups/s,
    peak MiB, wake-ups/s per thread name)."""
    proc = _spawn(argv, display)
    try:
        _line(proc, timeout=120)
        time.sleep(0.3)  # the last frame is flipped and any banner timer set
        c0, w0, t0 = _cpu_seconds(proc.pid), wakeups_by_thread(proc.pid), time.monotonic()
        time.sleep(seconds)
        c1, w1, t1 = _cpu_seconds(proc.pid), wakeups_by_thread(proc.pid), time.monotonic()
        secs = t1 - t0
        per = {name: (n - w0.get(name, 0)) / secs for name, n in w1.items()}
        by_thread = ", ".join(f"{name} {rate:.0f}/s" for name, rate in sorted(per.items(), key=lambda kv: -kv[1]))
        return 100.0 * (c1 - c0) / secs, sum(per.values()), _peak_rss_mb(proc.pid), by_thread
    finally:
        proc.kill()
        proc.communicate()


def idle_figures(runs: int, seconds: float, turns: int, data: Path, notes: list[str]) -> list[Figure]:
    """Per run: the menu as ``companion run`` shows it, then a table after ``turns`` demo
    turns, each left alone for ``seconds`` with the GPIO buttons open on mock pins."""
    how = "all threads, voluntary + involuntary context switches"
    m_cpu = Figure("idle.menu.cpu_pct", f"idle in the menu: CPU over {seconds:g} s", "% of a core",
                   target=IDLE_TARGET, note="companion.root.start, buttons on mock pins; /proc/pid/stat")
    m_wake = Figure("idle.menu.wakeups_per_s", "idle in the menu: wake-ups", "/s", target=WAKEUP_TARGET, note=how)
    p_wake = Figure("idle.menu_poll.wakeups_per_s", "idle in the menu, looking every 20 ms: wake-ups", "/s",
                    note="the loop as under a window system nothing wakes it for; " + how)
    x_wake = Figure("idle.menu_x11.wakeups_per_s", "idle in the menu, X11 window (Xvfb): wake-ups", "/s",
                    target=WAKEUP_TARGET, note="a real window; the X socket wakes the loop; " + how)
    from companion.bench.games import table_game, title

    name, bench, _table = table_game()
    at = f"idle at a {title(name)} {bench.players}p table"
    t_cpu = Figure("idle.table.cpu_pct", f"{at}: CPU over {seconds:g} s", "% of a core",
                   target=IDLE_TARGET, note=f"after {turns} demo turns with the store")
    t_wake = Figure("idle.table.wakeups_per_s", f"{at}: wake-ups", "/s",
                    target=WAKEUP_TARGET, note=how)
    mem = Figure("memory.peak_rss_mb", "memory: peak resident (VmHWM)", "MiB", target=MEMORY_TARGET,
                 note=f"table after {turns} turns with the store, then idle")
    x_threads = "no Xvfb"
    with x_server() as display:
        for _ in range(runs):
            cpu, wake, _mb, menu_threads = _watch(child_argv("menu", data), seconds)
            m_cpu.samples.append(cpu)
            m_wake.samples.append(wake)
            _cpu, wake, _mb, poll_threads = _watch(child_argv("menu", data, "--poll"), seconds)
            p_wake.samples.append(wake)
            if display is not None:
                _cpu, wake, _mb, x_threads = _watch(child_argv("menu", data), seconds, display)
                x_wake.samples.append(wake)
            cpu, wake, mb, table_threads = _watch(child_argv("table", data, str(turns)), seconds)
            t_cpu.samples.append(cpu)
            t_wake.samples.append(wake)
            mem.samples.append(mb)
    notes.append(f"idle wake-ups by thread (last run), menu: {menu_threads}; menu, looking every 20 ms: "
                 f"{poll_threads}; menu, X11 window: {x_threads}; table: {table_threads}")
    if display is None:
        notes.append("idle: Xvfb is not installed (Debian's xvfb), so the X11 window figure is left out")
    return [m_cpu, m_wake, p_wake] + ([x_wake] if x_wake.samples else []) + [t_cpu, t_wake, mem]
