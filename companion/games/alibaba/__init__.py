"""Ali Baba: the game's rules (``rules/``), its box files (``box_files``), its table screen
(``screen/``) and its words (``de.toml``, ``en.toml``), declared to the companion by :data:`SPEC`."""

from __future__ import annotations

from pathlib import Path

from companion.games import BenchFrame, BenchGames, BenchSpec, GameSpec, OptionSpec

SPEC = GameSpec(
    name="alibaba", counts=(2, 3, 4, 5, 6), default_count=4,
    engine="companion.games.alibaba.rules:make_engine", box="companion.games.alibaba.box_files:load",
    scene="companion.games.alibaba.screen.table:AlibabaScene",
    options=(OptionSpec("variant_free_loot", (False, True), False, "alibaba.ui.variant_free_loot"),),
    titles=(("de", "Ali Baba"), ("en", "Ali Baba")),
    texts=str(Path(__file__).parent),
    order=2,
    progress="companion.games.alibaba.progress:progress",
    # a long game: a third of the bench's count a run; its table halfway through a game, counted
    # in instructions too (every other frame and press is counted in a whole game at its table)
    bench=BenchSpec(games=(BenchGames(4, fewer=3),), frames=(BenchFrame(4, counted=True),), players=4),
)
