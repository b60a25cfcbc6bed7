"""A game that lives only in the tests: two players race to 10 with one die.

It proves that a game is one package plus one registry entry (``SPEC``): the menu, setup,
table, end screen, replay, simulate, demo and the conformance test all reach it through the
registry, and no file of the companion names it.
"""

from __future__ import annotations

from pathlib import Path

from companion.games import BenchFrame, BenchGames, BenchSpec, GameSpec, OptionSpec

SPEC = GameSpec(
    name="race", counts=(2,), default_count=2,
    engine="tests.tinygame.engine:make_engine", box=None,
    scene="tests.tinygame.scene:RaceScene",
    options=(OptionSpec("goal", (10, 20), 10, "race.ui.goal"),),
    titles=(("de", "Wettrennen"), ("en", "Race")),
    texts=str(Path(__file__).parent),
    bench=BenchSpec(games=(BenchGames(2), BenchGames(2, (("goal", 20),))), frames=(BenchFrame(2),), players=2),
)
