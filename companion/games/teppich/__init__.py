"""Der fliegende Teppich: the game's rules (``rules/``), its box files (``box_files``), its table screen
(``screen/``) and its words (``de.toml``, ``en.toml``), declared to the companion by :data:`SPEC`."""

from __future__ import annotations

from pathlib import Path

from companion.games import BenchFrame, BenchGames, BenchSpec, GameSpec, OptionSpec

SPEC = GameSpec(
    name="teppich", counts=(3, 4, 5, 6), default_count=4,
    engine="companion.games.teppich.rules:make_engine", box="companion.games.teppich.box_files:load",
    scene="companion.games.teppich.screen.table:TeppichScene",
    options=(OptionSpec("special_die", (True, False), True, "teppich.ui.special_die"),),
    colors=("red", "blue", "yellow", "green", "purple", "orange"),
    titles=(("de", "Der fliegende Teppich"), ("en", "Der fliegende Teppich")),
    texts=str(Path(__file__).parent),
    order=4,
    progress="companion.games.teppich.progress:progress",
    # a long game: a third of the bench's count a run; its table halfway through a game, counted
    # in instructions too (every other frame and press is counted in a whole game at its table)
    bench=BenchSpec(games=(BenchGames(4, fewer=3),), frames=(BenchFrame(4, counted=True),), players=4),
)
