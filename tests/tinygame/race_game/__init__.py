"""A game distributed on its own: two players race to 10 with one die.

It proves that a game is one installed distribution declaring its ``SPEC`` in the entry point
group ``companion.games``: the menu, setup, table, end screen, replay, simulate, demo and the
conformance test all reach it through the registry, and no file of the companion names it.
"""

from __future__ import annotations

from pathlib import Path

from companion.games import BenchFrame, BenchGames, BenchSpec, GameSpec, OptionSpec

SPEC = GameSpec(
    name="race", counts=(2,), default_count=2,
    engine="race_game.engine:make_engine", box=None,
    scene="race_game.scene:RaceScene",
    options=(OptionSpec("goal", (10, 20), 10, "race.ui.goal"),),
    titles=(("de", "Wettrennen"), ("en", "Race")),
    texts=str(Path(__file__).parent),
    bench=BenchSpec(games=(BenchGames(2), BenchGames(2, (("goal", 20),))), frames=(BenchFrame(2, counted=True),),
                     players=2),
)
