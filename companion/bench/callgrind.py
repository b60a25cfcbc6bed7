"""Instruction counts under valgrind's callgrind, and the Raspberry Pi Zero 2 W estimate.

Times on a shared machine wobble; the number of instructions a piece of work executes does
not (the children run with ``PYTHONHASHSEED=0``). Every count is one child process run as
``valgrind --tool=callgrind --callgrind-out-file=FILE python ...``; the total (``totals:``
line of FILE, all threads) is read back.

How only the measured region is counted: by subtracting a baseline run. Each workload
(``companion.bench.icount``) runs twice, once stopping right before the region (``N = 0``)
and once doing the region ``n`` times; (count(n) − count(0)) / n is one unit. Start-up
figures need no baseline: the child ends itself (``os._exit``) right after its first frame,
so the whole process is the region. Idle figures subtract a short idle window from a long
one. (callgrind's ``--toggle-collect`` needs a C function around the region, which Python
code does not have; the subtraction works with any Python build, stripped or not.)

The Pi estimate: instructions / (IPC × clock), with the Cortex-A53 at 1 GHz and CPython
running at 0.5–0.8 instructions per cycle there (an assumption, see docs/performance.md), and the
assumption that an AArch64 build needs about as many instructions as this machine's.

>>> pi_seconds(8e6)
(0.01, 0.016)
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from companion.bench import process
from companion.bench.table import Figure, Target

#: Cortex-A53 of the Zero 2 W, one core.
PI_HZ = 1.0e9
#: Instructions per cycle CPython reaches there: the README's stated assumption.
PI_IPC = (0.5, 0.8)

FRAME_TARGET = Target("<=", 4.0)      # M instructions, every frame of every screen
PRESS_TARGET = Target("<=", 3.0)      # M instructions, one press to its frame at the bench's table, no store
PRESS_MAX_TARGET = Target("<=", 12.0)   # M instructions, the heaviest press of a game, store on disk
PRESS_MEAN_TARGET = Target("<=", 4.0)   # M instructions, the mean press of a game, store on disk
START_TARGET = Target("<=", 450.0)    # M instructions, companion run to its first frame
# a frame's own budget where it has a tighter one (GameSpec.bench.frames[...].instructions)
# a game's budget in M instructions is its own (GameSpec.bench.games[...].instructions)


def valgrind() -> str | None:
    """The valgrind program, or None where it is not installed (or does not run)."""
    path = shutil.which("valgrind")
    if path is None:
        return None
    try:
        ok = subprocess.run([path, "--version"], capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired):
        return None
    return path if ok.returncode == 0 else None


def pi_seconds(instructions: float) -> tuple[float, float]:
    """(fastest, slowest) seconds on the Zero 2 W for this many instructions."""
    return (round(instructions / (PI_IPC[1] * PI_HZ), 6), round(instructions / (PI_IPC[0] * PI_HZ), 6))


def count(argv: list[str], timeout: float = 1800) -> int:
    """Instructions executed by the process ``argv`` (every thread), under callgrind."""
    vg = valgrind()
    if vg is None:
        raise RuntimeError("valgrind is not installed")
    with tempfile.TemporaryDirectory(prefix="companion-callgrind-") as tmp:
        out = Path(tmp) / "callgrind.out"
        cmd = [vg, "--tool=callgrind", f"--callgrind-out-file={out}", "--dump-instr=no", "--dump-line=no", *argv]
        done = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout,
                              cwd=process.CHECKOUT, env=process.child_env())
        if done.returncode != 0 or not out.exists():
            raise RuntimeError(f"callgrind run {' '.join(argv[-4:])!r} failed: {done.stderr.strip()[-800:]}")
        for line in out.read_text().splitlines():
            if line.startswith(("totals:", "summary:")):
                return int(line.split()[1])
    raise RuntimeError("no totals in the callgrind output")


def marked(argv: list[str], timeout: float = 3600) -> tuple[list[int], str]:
    """Instructions of each marked interval of the process ``argv`` (see
    ``companion.bench.icount``: a mark calls ``getppid``, before which callgrind dumps and
    zeroes its counts), in order, and what the process printed."""
    from companion.bench.icount import MARK_FUNCTION

    vg = valgrind()
    if vg is None:
        raise RuntimeError("valgrind is not installed")
    with tempfile.TemporaryDirectory(prefix="companion-callgrind-") as tmp:
        out = Path(tmp) / "callgrind.out"
        cmd = [vg, "--tool=callgrind", f"--callgrind-out-file={out}", "--dump-instr=no", "--dump-line=no",
               f"--dump-before={MARK_FUNCTION}", *argv]
        done = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout,
                              cwd=process.CHECKOUT, env=process.child_env())
        if done.returncode != 0:
            raise RuntimeError(f"callgrind run {' '.join(argv[-4:])!r} failed: {done.stderr.strip()[-800:]}")
        counts: list[int] = []
        for k in range(1, 1_000_000):
            part = Path(f"{out}.{k}")
            if not part.exists():
                break
            counts.append(_total(part))
            part.unlink()  # one file per pass: a game's passes would fill the disk
        return counts, done.stdout


def _total(path: Path) -> int:
    with path.open() as f:
        for line in f:
            if line.startswith(("totals:", "summary:")):
                return int(line.split()[1])
    raise RuntimeError(f"no totals in {path.name}")


def per_unit(workload: list[str], warm: int, n: int) -> float:
    """Instructions of one unit of an ``icount`` workload: (count(n) − count(0)) / n."""
    base = [sys.executable, "-m", "companion.bench.icount", workload[0], str(warm)]
    # once without counting: it writes the bytecode of every module the workload imports, so
    # that neither count pays for compiling (a fresh checkout's first count(0) did, and the
    # difference came out smaller than one unit costs: 7.0 M for a game of 7.6 M)
    subprocess.run(base + ["0", *workload[1:]], capture_output=True, timeout=600, cwd=process.CHECKOUT,
                   env=process.child_env())
    zero = count(base + ["0", *workload[1:]])
    many = count(base + [str(n), *workload[1:]])
    return (many - zero) / n


def game_figures(game: str, presses: int, notes: list[str], seed: int = 1) -> list[Figure]:
    """A seeded game at the table of ``game`` counted pass by pass (``icount game``): the
    table's first frame (the setup's start key, after the setup's warm-up), the first press,
    every press's p50, mean and p100 (the press that ends the game included), the heaviest
    frame of each animation, the end screen's first step and its heaviest redraw."""
    import json

    from companion.bench.games import title

    argv = [sys.executable, "-m", "companion.bench.icount", "game", "0", "0", game, str(seed), str(presses)]
    subprocess.run(argv, capture_output=True, timeout=600, cwd=process.CHECKOUT, env=process.child_env())
    counts, printed = marked(argv)
    labels: list[str] = json.loads(printed.strip().splitlines()[-1])
    if len(labels) != len(counts):
        raise RuntimeError(f"{game}: {len(labels)} marks but {len(counts)} counts")
    passes = list(zip(labels, counts, strict=True))
    who = title(game)
    key = f"instr.game.{game}"
    out: list[Figure] = []
    first = [c for label, c in passes if label == "table.first_frame"]
    out.append(_fig(f"{key}.first_frame", f"instructions: {who} a new table's first frame", first[0],
                    "the setup's start key to the table's first frame, after the setup's warm-up",
                    PRESS_MAX_TARGET))
    pressed = [(label, c) for label, c in passes if label.startswith("press.") or label == "end.first"]
    first_press = next(c for label, c in pressed if label.startswith("press.first."))
    out.append(_fig(f"{key}.press_first", f"instructions: {who} the first press at a new table", first_press,
                    "from the press to its frame, store on disk", PRESS_MAX_TARGET))
    values = sorted(float(c) for _label, c in pressed)
    heaviest = max(pressed, key=lambda lc: lc[1])
    from companion.bench.table import percentile

    note = f"{len(values)} presses of seed {seed}, store on disk"
    out.append(_fig(f"{key}.press_p50", f"instructions: {who} press, median", percentile(values, 50), note))
    out.append(_fig(f"{key}.press_mean", f"instructions: {who} press, mean", sum(values) / len(values), note,
                    PRESS_MEAN_TARGET))
    out.append(_fig(f"{key}.press_p100", f"instructions: {who} press, heaviest", heaviest[1],
                    f"{note}; the heaviest: {heaviest[0]}", PRESS_MAX_TARGET))
    kinds = sorted({label for label, _c in passes if label.startswith("anim.")})
    for kind in kinds:
        frames = [c for label, c in passes if label == kind]
        out.append(_fig(f"{key}.{kind.replace('.', '_')}", f"instructions: {who} animation after {kind[5:]}, "
                        "heaviest frame", max(frames), f"{len(frames)} frames, ten a second", FRAME_TARGET))
    ends = [c for label, c in passes if label == "end.first"]
    redraws = [c for label, c in passes if label == "end.redraw"]
    if ends:
        out.append(_fig(f"{key}.end_first", f"instructions: {who} end screen, its first step", ends[-1],
                        "the pass that goes from the ended table to the end screen", PRESS_MAX_TARGET))
    if redraws:
        out.append(_fig(f"{key}.end_redraw", f"instructions: {who} end screen, a redraw", max(redraws),
                        f"the heaviest of {len(redraws)}", FRAME_TARGET))
    if not ends:
        notes.append(f"instructions: {who}'s counted game never reached its end screen")
    return out


def _fig(key: str, label: str, instructions: float, note: str, target: Target | None = None,
         pi_unit: str = "ms") -> Figure:
    low, high = pi_seconds(instructions)
    scale = {"ms": 1e3, "s": 1.0}[pi_unit]
    fig = Figure(key, label, "M instr", [instructions / 1e6], target=target, note=note)
    fig.pi = f"{low * scale:.3g}–{high * scale:.3g} {pi_unit}"
    return fig


def figures(s: Any, data: Path, notes: list[str], say: Callable[[str], None]) -> list[Figure]:
    """Every instruction figure of the issue, against its budget; ``s`` is a ``run.Scale``."""
    out: list[Figure] = []
    say_ = say

    from companion.bench.games import benched, table_game, title

    say_("instructions: games")
    for name, bench in benched():
        for work in bench.games:
            if work.instructions is None:
                continue
            n = s.icount_games
            options = [f"{key}={value}" for key, value in work.options]
            per = per_unit(["games", name, str(work.players), work.policy, *options], 1, n)
            budget = Target("<=", work.instructions) if work.instructions else None
            out.append(_fig(f"instr.engine.{name}.{work.players}p.{work.policy}",
                            f"instructions: one {title(name)} {work.players}p game, {work.policy} policy",
                            per, f"mean of {n} seeded games, public engine API", budget))

    say_("instructions: frames")
    n = s.icount_frames
    frames: list[Figure] = []
    for name, bench in benched():
        for i, frame in enumerate(bench.frames):
            if not frame.counted:
                continue
            per = per_unit(["frame", name, str(i)], 2, n)
            frames.append(_fig(f"instr.frame.{name}.{frame.players}p.{frame.phase or frame.name or i}",
                               f"instructions: {title(name)} {frame.players}p frame, {frame.words}", per,
                               f"mean of {n} frames (dirty, one App.step)", Target("<=", frame.instructions)))
    out += frames
    if frames:
        busiest = max(frames, key=lambda f: f.median)
        out.append(_fig("instr.frame.busiest", "instructions: busiest frame", busiest.median * 1e6,
                        f"the largest of the {len(frames)} above ({busiest.key.split('.', 2)[2]})", FRAME_TARGET))

    say_("instructions: press to frame")
    n = s.icount_presses
    per = per_unit(["press"], 8, n)
    name, bench, table = table_game()
    out.append(_fig("instr.press", "instructions: one press to its frame, no store", per,
                    f"mean of {n} presses, {title(name)} {table.players}p mid-game, hub to flip", PRESS_TARGET))

    say_("instructions: whole games at each table, pass by pass")
    from companion.games import REGISTRY

    for name, _bench in benched():
        if REGISTRY[name].scene is not None:
            out += game_figures(name, s.icount_game_presses, notes)

    say_("instructions: start")
    # .pyc files and the parsed TOML copies (companion.toml_files) written before counting
    process.start_seconds(process.bare_argv(True))
    process.start_seconds(process.child_argv("start", data, "--exit"))
    bare = count(process.bare_argv(True))
    app = count(process.child_argv("start", data, "--exit"))
    out.append(_fig("instr.start.bare", "instructions: bare pygame window to first frame", bare,
                    "python -I bare_window.py, whole process", pi_unit="s"))
    out.append(_fig("instr.start.app", "instructions: companion to first frame", app,
                    "companion run (its command line, the store, the menu), whole process", START_TARGET, pi_unit="s"))
    ratio = Figure("instr.start.ratio", "instructions: companion start / bare window", "×", [app / bare],
                   note="by instructions, for comparison")
    out.append(ratio)

    say_("instructions: idle in the menu")
    short, long_ = 1.0, 1.0 + s.icount_idle_s
    for key, extra, what in (("menu", (), "idle in the menu"),
                             ("menu_poll", ("--poll",), "idle in the menu, looking every 20 ms")):

        def idle_for(secs: float, extra: tuple[str, ...] = extra) -> list[str]:
            return process.child_argv("menu", data, *extra, "--exit-after", f"{secs:g}")

        per_s = (count(idle_for(long_)) - count(idle_for(short))) / (long_ - short)
        idle = Figure(f"instr.idle.{key}", f"instructions: {what}, per second", "M instr/s", [per_s / 1e6],
                      note=f"{long_:g} s window − {short:g} s window, all threads, under valgrind")
        low, high = pi_seconds(per_s)
        idle.pi = f"{low * 100:.2g}–{high * 100:.2g} % of a core"
        out.append(idle)
    notes.append("instructions: counted under callgrind, (work × n − work × 0) / n, see companion/bench/callgrind.py; "
                 f"Pi Zero 2 W estimate = instructions / ({PI_IPC[0]}–{PI_IPC[1]} per cycle × 1 GHz)")
    return out
