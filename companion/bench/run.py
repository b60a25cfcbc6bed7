"""``companion bench``: how fast the companion is on this machine, against its promises.

Each timed figure is measured in several runs that do the same work; the table shows the
median and the spread of the runs. ``--instructions`` adds instruction counts under
valgrind's callgrind (``companion.bench.callgrind``) with the Raspberry Pi Zero 2 W
estimate beside them; where valgrind is not installed the bench says so and shows times
only. ``--store-dir PATH`` times the store's commits in a scratch database in ``PATH`` (put
it on the SD card). ``--quick`` does less work per figure (and watches the idle app for 3 s
instead of 10 s) so it finishes within a minute; it is a smoke check and asserts nothing
about speed. ``COMPANION_BENCH_SCALE=tiny`` shrinks the work further still, for the tests.

>>> SCALES["quick"].idle_s
3.0
"""

from __future__ import annotations

import json
import os
import platform
import shutil
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

# Before pygame is imported anywhere: its greeting would spoil the JSON on stdout, and a
# machine without a display measures on SDL's dummy driver.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from companion.bench import callgrind, engine, process, screen, store  # noqa: E402
from companion.bench.table import Figure, render  # noqa: E402

#: The parts of the bench, in the order of the table (``--only`` picks some).
PARTS = ("engine", "press", "frame", "start", "idle", "store", "instructions")


@dataclass(frozen=True)
class Scale:
    """How much work each figure gets."""

    runs: int
    games: int          # games per run and configuration
    micro_games: int    # games whose positions time one listing and one apply
    presses: int        # presses per run
    press_runs: int
    draws: int          # draws per frame figure and run
    start_runs: int
    idle_runs: int
    idle_s: float
    idle_turns: int
    store_actions: int
    icount_games: int   # games counted under callgrind, per policy
    icount_frames: int
    icount_presses: int
    icount_idle_s: float
    icount_game_presses: int  # presses at each game's table counted one by one (the rest played unseen)


SCALES = {
    "full": Scale(runs=5, games=200, micro_games=20, presses=120, press_runs=3, draws=200,
                  start_runs=5, idle_runs=3, idle_s=10.0, idle_turns=8, store_actions=1000,
                  icount_games=20, icount_frames=20, icount_presses=40, icount_idle_s=10.0,
                  icount_game_presses=100),
    "quick": Scale(runs=3, games=20, micro_games=3, presses=30, press_runs=2, draws=40,
                   start_runs=3, idle_runs=1, idle_s=3.0, idle_turns=4, store_actions=150,
                   icount_games=3, icount_frames=3, icount_presses=8, icount_idle_s=2.0,
                   icount_game_presses=40),
    "tiny": Scale(runs=2, games=2, micro_games=1, presses=4, press_runs=2, draws=3,
                  start_runs=2, idle_runs=1, idle_s=0.5, idle_turns=1, store_actions=10,
                  icount_games=1, icount_frames=1, icount_presses=2, icount_idle_s=1.0,
                  icount_game_presses=8),
}


def machine() -> dict[str, Any]:
    """What the figures were measured on."""
    import pygame

    model = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith(("model name", "Model")):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return {
        "cpu": model, "cores": os.cpu_count(), "arch": platform.machine(),
        "python": platform.python_version(), "pygame_ce": pygame.version.ver,
        "sdl": ".".join(str(x) for x in pygame.get_sdl_version()),
        "video_driver": os.environ.get("SDL_VIDEODRIVER", "default"),
        "system": platform.platform(),
    }


def scale_name(quick: bool) -> str:
    name = os.environ.get("COMPANION_BENCH_SCALE", "")
    if name in SCALES:
        return name
    return "quick" if quick else "full"


def measure(scale: Scale, workdir: Path, store_dir: Path, parts: tuple[str, ...], notes: list[str],
            say: Callable[[str], None]) -> list[Figure]:
    """Every figure of ``parts``, in the order of the table; ``say`` reports progress. A part
    that fails is named in ``notes`` (starting with ``FAILED``) and the others still run."""
    steps: dict[str, tuple[str, Callable[[], list[Figure]]]] = {
        "engine": ("engine", lambda: engine.run(scale.runs, scale.games, scale.micro_games, notes)),
        "press": ("press to screen", lambda: screen.press_figures(scale.press_runs, scale.presses, workdir, notes)),
        "frame": ("frames", lambda: screen.frame_figures(scale.runs, scale.draws, notes)),
        "start": ("start", lambda: process.start_figures(scale.start_runs, workdir)),
        "idle": (f"idle ({scale.idle_s:g} s per run, menu and table) and memory",
                 lambda: process.idle_figures(scale.idle_runs, scale.idle_s, scale.idle_turns, workdir, notes)),
        "store": (f"store in {store_dir}", lambda: store.run(scale.runs, scale.store_actions, store_dir, notes)),
        "instructions": ("instructions (callgrind)", lambda: _instructions(scale, workdir, notes, say)),
    }
    figures: list[Figure] = []
    for part in parts:
        what, measure_part = steps[part]
        say(what)
        try:
            figures += measure_part()
        except Exception as exc:  # noqa: BLE001 - one broken part must not hide the others
            notes.append(f"FAILED {part}: {type(exc).__name__}: {str(exc)[-600:]}")
    return figures


def _instructions(scale: Scale, workdir: Path, notes: list[str], say: Callable[[str], None]) -> list[Figure]:
    if callgrind.valgrind() is None:
        notes.append("valgrind is not installed here: no instruction counts and no Pi estimates, "
                     "times only (install valgrind to count them)")
        return []
    return callgrind.figures(scale, workdir, notes, lambda what: say(what + " (callgrind, slow)"))


def main(quick: bool = False, as_json: bool = False, instructions: bool = False,
         store_dir: str | None = None, only: list[str] | None = None) -> int:
    """Measure, print the table (or JSON); 0 unless a measurement failed (1), 2 for a bad
    store dir or part name."""
    name = scale_name(quick)
    scale = SCALES[name]
    notes: list[str] = []
    if name != "full":
        notes.append(f"{name} run: less work per figure and the idle app watched for {scale.idle_s:g} s, "
                     "not 10 s; for smoke checks, not for the README")
    unknown = sorted(set(only or ()) - set(PARTS))
    if unknown:
        print(f"--only {','.join(unknown)}: no such part (parts: {', '.join(PARTS)})", file=sys.stderr)
        return 2
    wanted = set(only) if only else set(PARTS) - {"instructions"}
    parts = tuple(p for p in PARTS if p in wanted or (p == "instructions" and instructions))
    if not instructions and not only:
        notes.append("instruction counts and the Pi Zero 2 W estimate: companion bench --instructions")

    def say(what: str) -> None:
        print(f"bench: {what} …", file=sys.stderr, flush=True)

    base = store_dir or os.environ.get("COMPANION_BENCH_DIR")  # the store is timed on this file system
    if base is not None and not Path(base).is_dir():
        print(f"--store-dir {base}: not a folder", file=sys.stderr)
        return 2
    workdir = Path(tempfile.mkdtemp(prefix="companion-bench-"))
    scratch = Path(tempfile.mkdtemp(prefix="companion-bench-store-", dir=base))
    began = time.monotonic()
    try:
        figures = measure(scale, workdir, scratch, parts, notes, say)
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
        shutil.rmtree(scratch, ignore_errors=True)
    info = machine()
    seconds = time.monotonic() - began
    if as_json:
        print(json.dumps({"scale": name, "settings": asdict(scale), "machine": info, "seconds": round(seconds, 1),
                          "instructions": "instructions" in parts and callgrind.valgrind() is not None,
                          "figures": [f.to_json() for f in figures], "notes": notes}, ensure_ascii=False))
    else:
        head = [f"companion bench ({name}, {seconds:.0f} s) on {info['cpu']}, {info['cores']} cores, "
                f"Python {info['python']}, pygame-ce {info['pygame_ce']} (SDL {info['sdl']}), "
                f"video driver {info['video_driver']}", ""]
        print(render(figures, head, notes))
    return 1 if any(n.startswith("FAILED") for n in notes) else 0
