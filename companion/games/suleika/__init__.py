"""Suleika: the game's rules (``rules/``), its box files (``box_files``), its table screen
(``screen/``) and its words (``de.toml``, ``en.toml``), declared to the companion by :data:`SPEC`."""

from __future__ import annotations

from pathlib import Path

from companion.games import GameSpec, OptionSpec

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
    texts=str(Path(__file__).parent),
    order=1,
    cli_aliases=(("--rules", "rules"),),
)
