"""The games the companion knows: each declared once, here.

A game is one package (engine, box data, table screen) plus one :class:`GameSpec` in
:data:`REGISTRY`. Setup, the end screen, resume, the demo, the bench and the command line read
the registry and name no game themselves. Entry points are ``"module:attr"`` strings, so this
module (and the engines) never import the screens: only the screen layer resolves ``scene``.

>>> spec("suleika").counts
(2, 3, 4)
>>> get_engine("suleika").name
'suleika'
>>> spec("alibaba").header(players=3, seed=1)["game"]
'alibaba'
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any, NamedTuple

from companion.engine.errors import IllegalAction

if TYPE_CHECKING:
    from companion.engine.base import Engine


# Registry entries are named tuples, not frozen data classes: the menu reads them for the
# first frame, and a data class is compiled from source when it is defined.
class OptionSpec(NamedTuple):
    """One header setting a table chooses before the game.

    ``text`` is the i18n key of its label; each choice ``c`` is worded by ``<text>_<c>``
    (``yes``/``no`` for booleans). ``only_for`` limits it to some player counts.
    """

    key: str
    choices: tuple[Any, ...]
    default: Any
    text: str
    only_for: tuple[int, ...] = ()

    def applies(self, players: int) -> bool:
        return not self.only_for or players in self.only_for

    def parse(self, raw: str) -> Any:
        """A command-line value (``--option key=value``) as one of the choices.

        >>> OptionSpec("variant", (False, True), False, "v").parse("true")
        True
        """
        for choice in self.choices:
            if str(choice).lower() == raw.strip().lower():
                return choice
        words = ", ".join(str(c).lower() for c in self.choices)
        raise IllegalAction("bad_option", "option {key} takes one of: {choices}", key=self.key, choices=words)


class GameSpec(NamedTuple):
    """Everything the companion needs to know about one game (OpenSpiel's ``GameType``)."""

    name: str
    counts: tuple[int, ...]
    default_count: int
    #: ``module:attr`` of ``make_engine(box) -> Engine``
    engine: str
    #: ``module:attr`` of ``load() -> box`` (the editable data in ``assets/``); None: no data
    box: str | None
    #: ``module:attr`` of the table screen class (a ``TableScene``); None: no screen yet
    scene: str | None = None
    options: tuple[OptionSpec, ...] = ()
    #: default seat colours, seat i gets ``colors[i]``
    colors: tuple[str, ...] = ("red", "blue", "yellow", "green", "purple", "orange")
    #: ``module:attr`` of ``(players) -> list[list[str]]`` where a seat plays several colours
    colors_for: str | None = None
    #: folder holding ``<name>.de.toml`` and ``<name>.en.toml``; None: ``assets/i18n/``
    texts: str | None = None

    def default_colors(self, players: int) -> list[Any]:
        """The colours each seat plays unless the table chooses others."""
        if self.colors_for:
            return list(resolve(self.colors_for)(players))
        return list(self.colors[:players])

    def header(self, players: int | None = None, seed: int = 0, **options: Any) -> dict[str, Any]:
        """A record header with every option at its default unless given.

        Options that do not apply to the player count are left out.
        """
        n = self.default_count if players is None else players
        h: dict[str, Any] = {"record": 2, "game": self.name, "players": n, "seed": seed}
        for o in self.options:
            if o.applies(n):
                h[o.key] = options.get(o.key, o.default)
        unknown = set(options) - {o.key for o in self.options}
        if unknown:
            raise IllegalAction("unknown_option", "{game} has no option {key}",
                                game=self.name, key=sorted(unknown)[0])
        return h


def resolve(entry: str) -> Any:
    """The object a ``"module:attr"`` string names."""
    module, _, attr = entry.partition(":")
    return getattr(importlib.import_module(module), attr)


REGISTRY: dict[str, GameSpec] = {}
#: Engines built so far (building one reads and checks its box files once).
_ENGINES: dict[str, Engine] = {}


def register(game: GameSpec) -> GameSpec:
    """Add (or replace) a game; the menu lists games in the order they were registered."""
    REGISTRY[game.name] = game
    _ENGINES.pop(game.name, None)
    return game


def unregister(name: str) -> None:
    REGISTRY.pop(name, None)
    _ENGINES.pop(name, None)


register(GameSpec(
    name="suleika", counts=(2, 3, 4), default_count=3,
    engine="companion.engine.suleika:make_engine", box="companion.gamedata.suleika:load",
    scene="companion.ui.scenes.suleika:SuleikaScene",
    options=(
        OptionSpec("rules", ("suleika", "marrakech"), "suleika", "rules"),
        OptionSpec("variant2p", (False, True), False, "variant2p", only_for=(2,)),
        OptionSpec("corner_loops", ("TR_BL", "TL_BR"), "TR_BL", "corner_loops"),
    ),
    colors_for="companion.gamedata.suleika:default_seat_colors",
))
register(GameSpec(
    name="alibaba", counts=(2, 3, 4, 5, 6), default_count=4,
    engine="companion.engine.alibaba:make_engine", box="companion.gamedata.alibaba:load",
    scene="companion.ui.scenes.alibaba:AlibabaScene",
    options=(OptionSpec("variant_free_loot", (False, True), False, "variant_free_loot"),),
))
register(GameSpec(
    name="mutabor", counts=(2, 3, 4), default_count=4,
    engine="companion.engine.mutabor:make_engine", box="companion.gamedata.mutabor:load",
    scene="companion.ui.scenes.mutabor:MutaborScene",
    options=(
        OptionSpec("open_sides", (False, True), False, "mutabor.ui.open_sides", only_for=(2,)),
        OptionSpec("first", (0, 2), 0, "mutabor.ui.first", only_for=(3,)),
        OptionSpec("allow_unreachable", (False, True), False, "mutabor.ui.allow_unreachable"),
    ),
    colors=("red", "blue", "yellow", "green"),
))
register(GameSpec(
    name="teppich", counts=(3, 4, 5, 6), default_count=4,
    engine="companion.engine.teppich:make_engine", box="companion.gamedata.teppich:load",
    scene="companion.ui.scenes.teppich:TeppichScene",
    options=(OptionSpec("special_die", (True, False), True, "teppich.ui.special_die"),),
    colors=("red", "blue", "yellow", "green", "purple", "orange"),
))
#: Games the menu shows before they are built ("coming soon").
COMING: tuple[str, ...] = ()


def spec(name: str) -> GameSpec:
    """The registered game of that name; IllegalAction if there is none."""
    try:
        return REGISTRY[name]
    except KeyError:
        if name in COMING:
            raise IllegalAction("not_built", "the game {game} is not built yet", game=name) from None
        raise IllegalAction("unknown_game", "unknown game {game} (games: {games})",
                            game=name, games=", ".join(REGISTRY)) from None


def menu_games() -> list[str]:
    """Every game the menu lists, registered first, then those still to come."""
    return list(REGISTRY) + [g for g in COMING if g not in REGISTRY]


def playable(name: str) -> bool:
    """True if the game is registered and has a table screen."""
    return name in REGISTRY and REGISTRY[name].scene is not None


def get_engine(name: str) -> Engine:
    """The engine for a game, built once with its box data from ``assets/``.

    Raises IllegalAction for an unknown game, gamedata.BoxDataError for broken box files.
    """
    engine = _ENGINES.get(name)
    if engine is None:
        game = spec(name)
        box = resolve(game.box)() if game.box else None
        engine = _ENGINES[name] = resolve(game.engine)(box)
    return engine

