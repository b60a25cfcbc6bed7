"""Fixed workloads for counting instructions: ``python -m companion.bench.icount WHAT WARM N ...``.

Each workload sets itself up, does its unit of work ``WARM`` times (caches, fonts and text
warm, as after the first minute at a table), then ``N`` more times, and ends the process
with ``os._exit`` (no tear-down). ``companion.bench.callgrind`` runs it under callgrind
twice, with ``N = 0`` and ``N = n``; the difference divided by ``n`` is what one unit costs,
everything before (interpreter start, imports, box data, the window) cancels out.

Workloads (each game's ``GameSpec.bench`` says what is counted; no game is named here):

- ``games GAME PLAYERS POLICY [KEY=VALUE ...]``: one seeded game with
  ``companion.session.simulate``'s policy and these options, through the engine's public
  methods; seeds 1, 2, ... after the warm-up games.
- ``frame GAME I``: one frame of the game's ``I``-th busy frame (``GameSpec.bench.frames``),
  as the loop draws it when something changed (``dirty``, then one ``App.step``).
- ``press``: one button press at the bench's table (the first game whose bench declares one,
  stopped where its ``press`` says), without a store, from the press entering the input hub
  (as a GPIO edge puts it there) to the flip of the frame showing it: the presses a table
  makes (``demo_presses``), one loop pass each.
- ``game GAME SEED PRESSES``: a seeded game at the game's table (``GameSpec.bench.players``
  seats) with the store on disk, its first ``PRESSES`` presses made as a table makes them
  (``demo_presses``), the rest played unseen, on a clock of its own: the table's first frame,
  every press to its frame, every frame of the animations a press starts (ten a second), the
  end screen's first step and its redraws. Each loop pass is one *marked* interval (see
  :class:`_Marks`): run under ``callgrind --dump-before=getppid`` every
  pass is dumped and counted on its own (``companion.bench.callgrind.marked``); the labels go
  to stdout, one JSON list, in the order of the dumps.
"""

from __future__ import annotations

import os
import random
import sys
from typing import Any

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def games(warm: int, n: int, game: str, players: int, policy: str, options: list[str]) -> None:
    from companion.games import get_engine, spec
    from companion.session.simulate import play_game

    engine, rules = get_engine(game), spec(game)
    known = {o.key: o for o in rules.options}
    settings = {key: known[key].parse(value) for key, _, value in (o.partition("=") for o in options)}
    for seed in range(-warm, 0):
        play_game(engine, rules.header(players, seed, **settings), seed, policy)
    for seed in range(1, n + 1):
        play_game(engine, rules.header(players, seed, **settings), seed, policy)


def _app() -> Any:
    from companion.root import make_app

    return make_app(lang="en", fullscreen=False, sound=False)


def frames(warm: int, n: int, game: str, index: int) -> None:
    from companion.bench.games import session_at
    from companion.games import spec

    bench = spec(game).bench
    if bench is None:
        raise SystemExit(f"{game} declares nothing for the bench")
    frame = bench.frames[index]
    app = _app()
    scene = app.routes["table"](app, session=session_at(game, frame, 3))
    app.show(scene)
    _warmed(app)
    for _ in range(warm + n):
        scene.dirty = True  # something changed: the loop draws the next frame
        app.step(block=False)


def _warmed(app: Any) -> None:
    """The first frame drawn, then the screen's idle work done (the warm-up's pieces are
    counted on their own, as ``warm`` passes of :func:`game`): what follows is counted as
    frames and presses only."""
    app.step(block=False)
    for _ in range(WARM_PASSES):
        if not app.warming:
            return
        app.step(block=False)


def presses(warm: int, n: int) -> None:
    from companion.bench.games import session_at, table_game

    name, _bench, table = table_game()
    app = _app()
    scene = app.routes["table"](app, session=session_at(name, table, 3))
    app.show(scene)
    _warmed(app)  # the first frame of the table, and its warm-up done
    rng = random.Random(5)
    put = getattr(app.hub, "put", None)  # already debounced, as from a GPIO edge
    plan: list[str] = []
    for _ in range(warm + n):
        if scene.session.over:
            raise RuntimeError("the game ended before the presses did; use fewer")
        if not plan:
            plan = scene.demo_presses(rng)
        name = plan.pop(0)
        if put is not None:
            put(name, "gpio")
        else:
            app.hub.press(name, "gpio")
        app.step(block=False)  # hands the press to the scene and draws the frame showing it


#: the libc function a mark calls: callgrind dumps (and zeroes) its counts before each call
MARK_FUNCTION = "getppid"
#: the clock's step between two frames of an animation (the loop draws at most 60 a second;
#: ten a second see every animation's every phase at a sixth of the counting)
ANIMATION_STEP_S = 0.1
#: the clock's step between two presses: longer than any press guard of the screens
PRESS_GAP_S = 0.6
#: idle passes a screen's warm-up may take before a press at most (it takes a handful)
WARM_PASSES = 200


class _Marks:
    """Labels of the marked intervals, in order: ``mark(label)`` ends the interval it names."""

    def __init__(self) -> None:
        self.labels: list[str] = []

    def __call__(self, label: str) -> None:
        self.labels.append(label)
        os.getppid()  # callgrind --dump-before=getppid: this interval's counts are dumped here


def game(game: str, seed: int, presses: int, marks: _Marks) -> None:
    """One game with the store on disk, every loop pass marked (see the module's doc): its
    first ``presses`` presses at the table, the rest of it played by the one-heading policy
    through the session, unstored (a long game would take the counting an hour), then the end
    screen."""
    import json
    import tempfile
    from pathlib import Path

    from companion.games import spec
    from companion.root import make_app
    from companion.session.simulate import OneHeading
    from companion.session.store import Store
    from companion.ui.table import TableScene

    bench = spec(game).bench
    players = bench.players if bench is not None else spec(game).default_count
    store = Store(Path(tempfile.mkdtemp(prefix="companion-icount-")) / "game.sqlite3")
    app = make_app(store=store, lang="de", fullscreen=False, sound=False)
    clock = [1000.0]
    app.now = lambda: clock[0]  # the app's clock, so animations see the same frames on every run
    rng = random.Random(seed)
    app.show(app.routes["menu"](app))
    app.step(block=False)  # the menu first, as at a café: a table is never the first screen
    app.step(block=False)  # and it waits there: the work left for after the first frame is done
    app.scene.open(game)  # the game's key in the menu: its setup, as the menu opens it
    app.scene.seed = seed  # the bench's game, with the bench's seats (the names as the setup has them)
    if app.scene.count != players:
        app.scene.set_count(players)
    marks("setup")
    app.step(block=False)
    marks("setup.first_frame")

    def step(label: str) -> None:
        before = app.scene
        app.step(block=False)
        if isinstance(before, TableScene) and not isinstance(app.scene, TableScene):
            label = "end.first"  # the game ended: this pass went on to the end screen
        elif isinstance(before, TableScene) and isinstance(app.scene, TableScene) and app.scene is not before:
            label = f"{label}.new_table"  # a new table (after a screen that builds the game) in the same pass
        marks(label)

    def idle() -> None:
        """The seconds a table takes before its next press (choosing, setting the board up):
        the loop's idle passes while the screen has warm-up pieces (``Scene.warm_up``), each
        marked "warm", none a press. The loop starts them a tap's guard after the last press."""
        clock[0] += app.tap_guard_s
        for _ in range(WARM_PASSES):
            if not app.warming:
                return
            app.step(block=False)
            marks("warm")
        raise RuntimeError(f"{type(app.scene).__name__}: warm-up not done after {WARM_PASSES} idle passes")

    idle()
    clock[0] += PRESS_GAP_S
    app.inject("ok")  # the setup's start key
    step("table.first_frame")  # the press that opens the table, to the table's first frame
    if not isinstance(app.scene, TableScene):
        raise RuntimeError(f"the setup's start did not open a table: {type(app.scene).__name__}")
    plan: list[str] = []
    pressed = 0
    while isinstance(app.scene, TableScene):
        scene = app.scene
        if scene.session.over or pressed >= presses:
            break
        if not plan:
            plan = scene.demo_presses(rng)
            marks("plan")  # the simulated table thinking: not part of any press
            if not plan:
                break
        idle()
        name = plan.pop(0)
        clock[0] += PRESS_GAP_S
        app.inject(name)
        step(f"press.first.{name}" if pressed == 0 else f"press.{name}")  # the press, to its frame
        pressed += 1
        if app.scene is not scene:
            plan = []  # a new table (after a screen that builds the game) or the end screen
            continue
        while scene.update(clock[0]) or scene.is_busy():
            clock[0] += ANIMATION_STEP_S
            step(f"anim.{name}")
            if app.scene is not scene:
                break
    if isinstance(app.scene, TableScene):  # the rest of the game without the screen
        scene = app.scene
        session = scene.session
        policy = OneHeading(session.engine)
        session.store = None  # and without the store: hundreds of commits would take the counting an hour
        while not session.over:
            session.act(policy.step(session.state, rng))
        session.store = store
        marks("skip")
        idle()
        scene.dirty = True
        clock[0] += PRESS_GAP_S
        step("end.first")
    for _ in range(3):
        idle()  # the end stands for a while: the screens left are let go of meanwhile
        app.scene.dirty = True
        clock[0] += PRESS_GAP_S
        step("end.redraw")
    store.close()
    print(json.dumps(marks.labels))


def main(argv: list[str]) -> int:
    what, warm, n, rest = argv[0], int(argv[1]), int(argv[2]), argv[3:]
    if what == "games":
        games(warm, n, rest[0], int(rest[1]), rest[2], rest[3:])
    elif what == "frame":
        frames(warm, n, rest[0], int(rest[1]))
    elif what == "press":
        presses(warm, n)
    elif what == "game":
        game(rest[0], int(rest[1]), int(rest[2]), _Marks())
    else:
        print(f"unknown workload {what!r}: games, frame, press or game", file=sys.stderr)
        return 2
    sys.stdout.flush()
    os._exit(0)


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
