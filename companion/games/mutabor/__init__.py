"""Mutabor: the game's rules (``rules/``), its box files (``box_files``), its table screen
(``screen/``) and its words (``de.toml``, ``en.toml``), declared to the companion by :data:`SPEC`."""

from __future__ import annotations

from pathlib import Path

from companion.games import BenchFrame, BenchGames, BenchSpec, GameSpec, OptionSpec

SPEC = GameSpec(
    name="mutabor", counts=(2, 3, 4), default_count=4,
    engine="companion.games.mutabor.rules:make_engine", box="companion.games.mutabor.box_files:load",
    scene="companion.games.mutabor.screen.table:MutaborScene",
    options=(
        OptionSpec("open_sides", (False, True), False, "mutabor.ui.open_sides", only_for=(2,)),
        OptionSpec("first", (0, 2), 0, "mutabor.ui.first", only_for=(3,)),
        OptionSpec("allow_unreachable", (False, True), False, "mutabor.ui.allow_unreachable"),
    ),
    colors=("red", "blue", "yellow", "green"),
    titles=(("de", "Mutabor"), ("en", "Mutabor")),
    texts=str(Path(__file__).parent),
    order=3,
    progress="companion.games.mutabor.progress:progress",
    # a long game: a third of the bench's count a run; its table halfway through a game, counted
    # in instructions too (every other frame and press is counted in a whole game at its table)
    bench=BenchSpec(games=(BenchGames(4, fewer=3),), frames=(BenchFrame(4, counted=True),), players=4),
)
