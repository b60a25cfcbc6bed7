"""Engine figures: random full games per second, and one legal-moves listing and one apply.

Every run plays the same seeded games, so runs differ only by what the machine did meanwhile.
Ali Baba is measured only once its engine is present and plays a game through; until then it
is skipped with the reason in the notes.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from companion.bench.table import Figure, Target
from companion.games import get_engine, is_built
from companion.session.simulate import random_game

#: The issue's promise: Suleika, 4 players, random games per second on the measuring machine.
SULEIKA_4P_TARGET = Target(">=", 2000)
#: How the games are called in the table.
TITLES = {"suleika": "Suleika", "alibaba": "Ali Baba"}


@dataclass(frozen=True)
class Config:
    game: str
    players: int
    rules: str | None = None

    def header(self, seed: int) -> dict[str, Any]:
        h: dict[str, Any] = {"record": 1, "game": self.game, "players": self.players, "seed": seed}
        if self.rules:
            h["rules"] = self.rules
        return h

    @property
    def key(self) -> str:
        return f"{self.game}.{self.players}p" + (f".{self.rules}" if self.rules else "")

    @property
    def label(self) -> str:
        rules = f", {self.rules} rules" if self.rules else ""
        return f"engine: {TITLES.get(self.game, self.game)} {self.players}p{rules}"


def configs(notes: list[str]) -> list[Config]:
    """Every built game, with Suleika in 2, 3 and 4 players under both rule sets."""
    out = [Config("suleika", p, r) for r in ("suleika", "marrakech") for p in (2, 3, 4)]
    if not is_built("alibaba"):
        notes.append("Ali Baba: engine not built yet, skipped")
        return out
    alibaba = Config("alibaba", 4)
    try:
        random_game(get_engine("alibaba"), alibaba.header(1), 1)
    except Exception as exc:  # an engine under construction must not stop the bench
        notes.append(f"Ali Baba: engine does not play a game through yet ({type(exc).__name__}: {exc}), skipped")
        return out
    out.append(alibaba)
    return out


def games_per_second(config: Config, games: int) -> float:
    """Play ``games`` seeded random games (seeds 1..games) and return games per second."""
    engine = get_engine(config.game)
    start = time.perf_counter()
    for seed in range(1, games + 1):
        random_game(engine, config.header(seed), seed)
    return games / (time.perf_counter() - start)


def sample_positions(config: Config, games: int) -> list[tuple[Any, dict[str, Any]]]:
    """(state, the action taken there) for every step of ``games`` seeded random games: the
    positions a real game passes through, in the proportions it meets them."""
    engine = get_engine(config.game)
    pairs: list[tuple[Any, dict[str, Any]]] = []
    for seed in range(1, games + 1):
        _final, actions = random_game(engine, config.header(seed), seed)
        state = engine.new_game(config.header(seed))
        for action in actions:
            pairs.append((state, action))
            state, _events = engine.apply(state, action)
    return pairs


def per_call_us(config: Config, pairs: list[tuple[Any, dict[str, Any]]]) -> tuple[float, float]:
    """Mean microseconds of one ``legal_actions`` and of one ``apply`` over ``pairs``."""
    engine = get_engine(config.game)
    legal = engine.legal_actions
    apply = engine.apply
    start = time.perf_counter()
    for state, _action in pairs:
        legal(state)
    listing = time.perf_counter() - start
    start = time.perf_counter()
    for state, action in pairs:
        apply(state, action)
    applying = time.perf_counter() - start
    n = len(pairs)
    return listing / n * 1e6, applying / n * 1e6


def run(runs: int, games: int, micro_games: int, notes: list[str]) -> list[Figure]:
    figures: list[Figure] = []
    for config in configs(notes):
        # Ali Baba games are longer; fewer of them keep its share of the bench time alike.
        n = games if config.game == "suleika" else max(1, games // 3)
        target = SULEIKA_4P_TARGET if config.game == "suleika" and config.players == 4 else None
        fig = Figure(f"engine.{config.key}.games_per_s", f"{config.label}: random games", "games/s",
                     target=target, note=f"{n} seeded games per run")
        games_per_second(config, 1)  # warm the engine's caches and the box data
        for _ in range(runs):
            fig.samples.append(games_per_second(config, n))
        figures.append(fig)
    for config in configs([]):
        if config.players != 4 or config.rules == "marrakech":
            continue
        pairs = sample_positions(config, micro_games)
        listing = Figure(f"engine.{config.game}.legal_actions_us", f"engine: {TITLES.get(config.game, config.game)} one legal-moves listing",
                         "µs", note=f"mean over the {len(pairs)} positions of {micro_games} games")
        applying = Figure(f"engine.{config.game}.apply_us", f"engine: {TITLES.get(config.game, config.game)} one apply", "µs",
                          note=listing.note)
        for _ in range(runs):
            lu, au = per_call_us(config, pairs)
            listing.samples.append(lu)
            applying.samples.append(au)
        figures += [listing, applying]
    return figures
