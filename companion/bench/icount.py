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
    for _ in range(warm + n):
        scene.dirty = True  # something changed: the loop draws the next frame
        app.step(block=False)


def presses(warm: int, n: int) -> None:
    from companion.bench.games import session_at, table_game

    name, _bench, table = table_game()
    app = _app()
    scene = app.routes["table"](app, session=session_at(name, table, 3))
    app.show(scene)
    app.step(block=False)  # the first frame of the table
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


def main(argv: list[str]) -> int:
    what, warm, n, rest = argv[0], int(argv[1]), int(argv[2]), argv[3:]
    if what == "games":
        games(warm, n, rest[0], int(rest[1]), rest[2], rest[3:])
    elif what == "frame":
        frames(warm, n, rest[0], int(rest[1]))
    elif what == "press":
        presses(warm, n)
    else:
        print(f"unknown workload {what!r}: games, frame or press", file=sys.stderr)
        return 2
    sys.stdout.flush()
    os._exit(0)


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
