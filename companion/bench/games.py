"""What the bench measures of each game, read from the registry (``GameSpec.bench``): no
module of the bench names a game.

>>> Config("race", BenchGames(4, (("rules", "fast"),))).key
'race.4p.fast.one-heading'
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from companion.games import REGISTRY, BenchFrame, BenchGames, BenchSpec, GameSpec, resolve


def title(game: str) -> str:
    """How a game is called in the table: its registry name, capitalised."""
    return game.capitalize()


def benched() -> list[tuple[str, BenchSpec]]:
    """Every registered game that says what the bench measures of it, in the menu's order."""
    return [(name, g.bench) for name, g in REGISTRY.items() if g.bench is not None]


@dataclass(frozen=True)
class Config:
    """One engine workload of one game."""

    game: str
    work: BenchGames

    def header(self, seed: int) -> dict[str, Any]:
        return REGISTRY[self.game].header(self.work.players, seed, **dict(self.work.options))

    @property
    def players(self) -> int:
        return self.work.players

    @property
    def policy(self) -> str:
        return self.work.policy

    @property
    def key(self) -> str:
        options = "".join(f".{value}" for _key, value in self.work.options)
        return f"{self.game}.{self.players}p{options}.{self.policy}"

    @property
    def label(self) -> str:
        options = "".join(f", {value} {key}" for key, value in self.work.options)
        return f"engine: {title(self.game)} {self.players}p{options}, {self.policy}"


def undeclared(game: GameSpec) -> list[str]:
    """What a registered game leaves the bench to guess, in words ([] when nothing): its
    engine workloads; for a game with a table screen, a busy frame counted in instructions
    and the presses a table makes (the scene's ``demo_presses``, which the counted game at its
    table presses: every press, animation frame and the end screen are counted from them)."""
    bench = game.bench
    if bench is None or not bench.games:
        return [f"{game.name} declares no bench workloads (GameSpec.bench.games)"]
    if game.scene is None:
        return []
    out = []
    if not any(frame.counted for frame in bench.frames):
        out.append(f"{game.name} declares no busy frame counted in instructions (GameSpec.bench.frames, counted)")
    from companion.ui.table import TableScene

    if getattr(resolve(game.scene), "demo_presses", None) is TableScene.demo_presses:
        out.append(f"{game.name}'s table makes no presses for the bench (its scene's demo_presses)")
    return out


def table_game() -> tuple[str, BenchSpec, BenchFrame]:
    """The table the one-table figures sit at (press to screen, idle at a table, the store's
    commits): the first game of the menu whose bench declares one."""
    for name, bench in benched():
        if bench.press is not None:
            return name, bench, bench.press
    raise RuntimeError("no registered game declares a table for the bench (GameSpec.bench.press)")


def session_at(game: str, frame: BenchFrame, seed: int, steps: int = 150) -> Any:
    """A session (no store) at the moment ``frame`` describes: where the game's own function
    stops it, else ``steps`` seeded random actions into a game (or at its end)."""
    if frame.session is not None:
        return resolve(frame.session)(frame.players, seed, frame.phase)
    from companion.session.session import Session
    from companion.session.simulate import random_step

    session = Session.new(REGISTRY[game].header(frame.players, seed))
    rng = random.Random(seed)
    for _ in range(steps):
        if session.over:
            break
        session.act(random_step(session.engine, session.state, rng))
    return session
