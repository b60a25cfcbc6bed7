"""Engine figures: simulated full games per second, and one legal-moves listing and one apply.

Every run plays the same seeded games, so runs differ only by what the machine did meanwhile.
Every registered game is measured with the workloads its ``GameSpec.bench`` declares (player
counts, options, the ``one-heading`` policy: each kind of choice at most once before a roll,
as a person plays; or the ``random`` one), read from the registry.
"""

from __future__ import annotations

import time
from typing import Any

from companion.bench.games import Config, benched, title
from companion.bench.table import Figure, Target
from companion.games import BenchSpec, get_engine
from companion.session.simulate import play_game


def configs(notes: list[str]) -> list[Config]:
    """Every engine workload every registered game declares (``GameSpec.bench.games``); a
    game that cannot play a game through is named in the notes and left out."""
    out: list[Config] = []
    for name, bench in benched():
        for work in bench.games:
            config = Config(name, work)
            try:
                play_game(get_engine(name), config.header(1), 1, config.policy)
            except Exception as exc:  # a game that cannot play through is named, not fatal
                notes.append(f"{config.label}: does not play a game through ({type(exc).__name__}: {exc}), skipped")
                continue
            out.append(config)
    return out


def micro_config(name: str, bench: BenchSpec) -> Config | None:
    """The workload that times one legal-moves listing and one apply: the first at the
    bench's table size with the one-heading policy."""
    for work in bench.games:
        if work.players == bench.players and work.policy == "one-heading":
            return Config(name, work)
    return None


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
        n = max(1, games // config.work.fewer)
        target = Target(">=", config.work.target) if config.work.target is not None else None
        fig = Figure(f"engine.{config.key}.games_per_s", f"{config.label}: games", "games/s",
                     target=target, note=f"{n} seeded games per run")
        games_per_second(config, 1)  # warm the engine's caches and the box data
        for _ in range(runs):
            fig.samples.append(games_per_second(config, n))
        figures.append(fig)
    playable = {c.key for c in configs([])}
    for name, bench in benched():
        micro = micro_config(name, bench)
        if micro is None or micro.key not in playable:
            continue
        pairs = sample_positions(micro, micro_games)
        listing = Figure(f"engine.{name}.legal_actions_us", f"engine: {title(name)} one legal-moves listing", "µs",
                         note=f"mean over the {len(pairs)} positions of {micro_games} games")
        applying = Figure(f"engine.{name}.apply_us", f"engine: {title(name)} one apply", "µs",
                          note=listing.note)
        for _ in range(runs):
            lu, au = per_call_us(micro, pairs)
            listing.samples.append(lu)
            applying.samples.append(au)
        figures += [listing, applying]
    return figures
