"""Suleika: the game's rules (``rules/``), its box files (``box_files``), its table screen
(``screen/``) and its words (``de.toml``, ``en.toml``), declared to the companion by :data:`SPEC`."""

from __future__ import annotations

from pathlib import Path

from companion.games import BenchFrame, BenchGames, BenchSpec, GameSpec, OptionSpec

_MIDGAME = "companion.games.suleika.bench:midgame"

SPEC = GameSpec(
    name="suleika", counts=(2, 3, 4), default_count=3,
    engine="companion.games.suleika.rules:make_engine", box="companion.games.suleika.box_files:load",
    scene="companion.games.suleika.screen.table:SuleikaScene",
    options=(
        OptionSpec("rules", ("suleika", "marrakech"), "suleika", "suleika.ui.rules"),
        OptionSpec("variant2p", (False, True), False, "suleika.ui.variant2p", only_for=(2,)),
        OptionSpec("corner_loops", ("TR_BL", "TL_BR"), "TR_BL", "suleika.ui.corner_loops"),
    ),
    colors_for="companion.games.suleika.box_files:default_seat_colors",
    titles=(("de", "Suleika"), ("en", "Suleika")),
    texts=str(Path(__file__).parent),
    order=1,
    progress="companion.games.suleika.progress:progress",
    cli_aliases=(("--rules", "rules"),),
    bench=BenchSpec(
        # every player count under both rule sets, and the random player the first promise was
        # made for (2,000 games a second); the usual table's game counted in instructions
        games=(
            *(BenchGames(p, (("rules", r),), instructions=8.0 if (p, r) == (4, "suleika") else None)
              for r in ("suleika", "marrakech") for p in (2, 3, 4)),
            BenchGames(4, (("rules", "suleika"),), "random", target=2000, instructions=0),
        ),
        # the board mid-game with the hint showing, and placing with every legal spot lit
        frames=tuple(BenchFrame(p, name, words, _MIDGAME, phase, counted=p == 4, instructions=2.0)
                     for p in (4, 2) for name, words, phase in (("hint", "hint showing", "roll"),
                                                                ("place", "spots lit", "place"))),
        press=BenchFrame(4, session=_MIDGAME, phase="roll"),
        players=4, press_players=3,
    ),
)
