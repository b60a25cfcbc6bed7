"""Engine figures: simulated full games per second, and one legal-moves listing and one apply.

Every run plays the same seeded games, so runs differ only by what the machine did meanwhile.
Every registered game is measured (from the registry) with the ``one-heading`` policy (each
kind of choice at most once before a roll, as a person plays); Suleika in every player count
and both rule sets, the others at their usual player count; Suleika 4p with the ``random``
policy too, for comparison with earlier figures.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from companion.bench.table import Figure, Target
from companion.games import REGISTRY, get_engine
from companion.session.simulate import play_game

#: The earlier promise: Suleika, 4 players, random games per second on the measuring machine.
SULEIKA_4P_TARGET = Target(">=", 2000)


def title(game: str) -> str:
    """How a game is called in the table: its registry name, capitalised."""
    return game.capitalize()


@dataclass(frozen=True)
class Config:
    game: str
    players: int
    rules: str | None = None
    policy: str = "one-heading"

    def header(self, seed: int) -> dict[str, Any]:
        options = {"rules": self.rules} if self.rules else {}
        return REGISTRY[self.game].header(self.players, seed, **options)

    @property
    def key(self) -> str:
        return f"{self.game}.{self.players}p" + (f".{self.rules}" if self.rules else "") + f".{self.policy}"

    @property
    def label(self) -> str:
        rules = f", {self.rules} rules" if self.rules else ""
        return f"engine: {title(self.game)} {self.players}p{rules}, {self.policy}"


def configs(notes: list[str]) -> list[Config]:
    """Every registered game: Suleika in 2, 3 and 4 players under both rule sets, the others
    at their usual player count."""
    out: list[Config] = []
    for name, game in REGISTRY.items():
        if name == "suleika":
            out += [Config("suleika", p, r) for r in ("suleika", "marrakech") for p in game.counts]
            out.append(Config("suleika", 4, "suleika", "random"))
            continue
        config = Config(name, game.default_count)
        try:
            play_game(get_engine(name), config.header(1), 1, config.policy)
        except Exception as exc:  # a game that cannot play through is named, not fatal
            notes.append(f"{title(name)}: does not play a game through ({type(exc).__name__}: {exc}), skipped")
            continue
        out.append(config)
    return out


def games_per_second(config: Config, games: int) -> float:
    """Play ``games`` seeded games (seeds 1..games) and return games per second."""
    engine = get_engine(config.game)
    start = time.perf_counter()
    for seed in range(1, games + 1):
        play_game(engine, config.header(seed), seed, config.policy)
    return games / (time.perf_counter() - start)


def sample_positions(config: Config, games: int) -> list[tuple[Any, dict[str, Any]]]:
    """(state, the action taken there) for every step of ``games`` seeded random games: the
    positions a real game passes through, in the proportions it meets them."""
    engine = get_engine(config.game)
    pairs: list[tuple[Any, dict[str, Any]]] = []
    for seed in range(1, games + 1):
        _final, actions = play_game(engine, config.header(seed), seed, config.policy)
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
        target = SULEIKA_4P_TARGET if config.key == "suleika.4p.suleika.random" else None
        fig = Figure(f"engine.{config.key}.games_per_s", f"{config.label}: games", "games/s",
                     target=target, note=f"{n} seeded games per run")
        games_per_second(config, 1)  # warm the engine's caches and the box data
        for _ in range(runs):
            fig.samples.append(games_per_second(config, n))
        figures.append(fig)
    for config in configs([]):
        usual = 4 if config.game == "suleika" else REGISTRY[config.game].default_count
        if config.rules == "marrakech" or config.players != usual or config.policy != "one-heading":
            continue
        pairs = sample_positions(config, micro_games)
        listing = Figure(f"engine.{config.game}.legal_actions_us",
                         f"engine: {title(config.game)} one legal-moves listing", "µs",
                         note=f"mean over the {len(pairs)} positions of {micro_games} games")
        applying = Figure(f"engine.{config.game}.apply_us", f"engine: {title(config.game)} one apply", "µs",
                          note=listing.note)
        for _ in range(runs):
            lu, au = per_call_us(config, pairs)
            listing.samples.append(lu)
            applying.samples.append(au)
        figures += [listing, applying]
    return figures
