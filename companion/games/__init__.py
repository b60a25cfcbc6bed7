"""The games the companion knows, found through the entry point group ``companion.games``.

A game is one package, ``companion/games/<name>/`` for the four that come with the companion
or any installed distribution for others: its rules, its box data reader, its table screen and
its words (``de.toml``, ``en.toml``), declared by one :class:`GameSpec`. Each distribution
names its games in its ``pyproject.toml``::

    [project.entry-points."companion.games"]
    dice = "dice_game:SPEC"

Setup, the end screen, resume, the demo, the bench and the command line read :data:`REGISTRY`
and name no game themselves. A spec's references are ``"module:attr"`` strings, so this module
(and the engines) never import the screens: only the screen layer resolves ``scene``.

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


class BenchGames(NamedTuple):
    """Seeded games ``companion bench`` plays through the engine: ``players`` seats, these
    options (the rest at their defaults), simulated players of this policy."""

    players: int
    options: tuple[tuple[str, Any], ...] = ()
    policy: str = "one-heading"
    #: games per run: the bench's count divided by this (fewer of a long game, so every game
    #: takes the bench about as long)
    fewer: int = 1
    #: games per second promised on the measuring machine; None: no promise
    target: float | None = None
    #: counted in instructions too (``--instructions``): the budget of one game in millions of
    #: instructions, 0 for none; None: timed only
    instructions: float | None = None


class BenchFrame(NamedTuple):
    """A busy moment of the game's table: a frame the bench draws, or the table it presses on."""

    players: int
    #: the frame's name in the figure's key (``frame.<game>.<players>p.<name>_ms``), "" for none
    name: str = ""
    #: what it shows, in the figure's label
    words: str = "mid-game"
    #: ``module:attr`` of ``(players, seed, phase) -> Session``: a game stopped where this
    #: frame is busiest; None: 150 seeded random steps into a game
    session: str | None = None
    phase: str = ""
    #: counted in instructions too (``--instructions``), against the frame budget
    counted: bool = False
    #: that budget, in millions of instructions (every frame of every screen: 4 M)
    instructions: float = 4.0


class BenchSpec(NamedTuple):
    """What ``companion bench`` measures of a game; the bench reads it from the registry."""

    #: the engine workloads (``engine.…games_per_s``); the first one at ``players`` seats with
    #: the one-heading policy also times one legal-moves listing and one apply
    games: tuple[BenchGames, ...]
    #: the busiest frames of its table screen
    frames: tuple[BenchFrame, ...] = ()
    #: the table the one-table figures sit at (press to screen, idle at a table, the store's
    #: commits, memory): the first game of the menu that declares one; its ``session`` is
    #: where the counted presses start
    press: BenchFrame | None = None
    #: seats at that table; the timed presses are made with the store at ``press_players``
    players: int = 4
    press_players: int | None = None


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
    #: folder holding the game's words, ``de.toml`` and ``en.toml``
    texts: str | None = None
    #: the game's name on the screens, per language (``("de", …), ("en", …)``): here rather than
    #: in its word files, so the menu's first frame parses no game's words (four word files
    #: read with tomllib cost the start about 55 M instructions)
    titles: tuple[tuple[str, str], ...] = ()
    #: where the menu lists the game: lower first, then by name
    order: int = 100
    #: command-line shortcuts for options of this game, ``(flag, option key)``:
    #: ``("--rules", "rules")`` makes ``demo``/``simulate --rules X`` short for ``--option rules=X``
    cli_aliases: tuple[tuple[str, str], ...] = ()
    #: what ``companion bench`` measures of the game (a test fails a game without it)
    bench: BenchSpec | None = None
    #: ``module:attr`` of ``(state) -> float``, how far a game has come (0.0 to 1.0): the
    #: café floor's expected end; None: the floor estimates from the history alone
    progress: str | None = None

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


def _discover() -> None:
    """Register every game an installed distribution declares, in the menu's order."""
    from importlib.metadata import entry_points

    found = []
    for point in entry_points(group=GROUP):
        # a game installed beside the companion that cannot be loaded is left out (and said
        # so in the log): every other game stays playable
        try:
            game = point.load()
        except Exception as exc:  # noqa: BLE001 - any error of a foreign package
            _broken(point.name, f"{point.value}: {type(exc).__name__}: {exc}")
            continue
        if not isinstance(game, GameSpec):
            _broken(point.name, f"{point.value} is not a GameSpec")
            continue
        found.append(game)
    for game in sorted(found, key=lambda g: (g.order, g.name)):
        register(game)


#: Games an installed distribution declares that could not be loaded: name -> why (known once
#: the registry has been read).
BROKEN: dict[str, str] = {}


def _broken(name: str, why: str) -> None:
    import logging  # only when it happens: the first frame loads no logging

    BROKEN[name] = why
    logging.getLogger(__name__).error("game %s cannot be loaded: %s", name, why)


#: The entry point group games are declared in.
GROUP = "companion.games"


def resolve(entry: str) -> Any:
    """The object a ``"module:attr"`` string names."""
    module, _, attr = entry.partition(":")
    return getattr(importlib.import_module(module), attr)


#: Every game found, by name, in the menu's order. It is filled the first time it is read (see
#: :func:`__getattr__`), not when this module is imported.
REGISTRY: dict[str, GameSpec]
#: Engines built so far (building one reads and checks its box files once).
_ENGINES: dict[str, Engine[Any]] = {}


def __getattr__(name: str) -> dict[str, GameSpec]:
    """``REGISTRY``, read for the first time: the installed games are found now.

    Not on import: a game distributed on its own imports this module for :class:`GameSpec`,
    and its package may be imported first (``from dice_game import SPEC``); found during that
    import, its entry point would name a module half made, and the game would be left out.
    """
    if name == "REGISTRY":
        return _registry()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _registry() -> dict[str, GameSpec]:
    """The registry, its games found once (a game's import during the search sees it filling)."""
    found: dict[str, GameSpec] | None = globals().get("REGISTRY")
    if found is None:
        global REGISTRY
        found = REGISTRY = {}
        _discover()
    return found


def register(game: GameSpec) -> GameSpec:
    """Add (or replace) a game; the menu lists games in the order they were registered."""
    _registry()[game.name] = game
    _ENGINES.pop(game.name, None)
    return game


def unregister(name: str) -> None:
    _registry().pop(name, None)
    _ENGINES.pop(name, None)



#: Games the menu shows before they are built ("coming soon").
COMING: tuple[str, ...] = ()


def spec(name: str) -> GameSpec:
    """The registered game of that name; IllegalAction if there is none."""
    try:
        return _registry()[name]
    except KeyError:
        if name in COMING:
            raise IllegalAction("not_built", "the game {game} is not built yet", game=name) from None
        raise IllegalAction("unknown_game", "unknown game {game} (games: {games})",
                            game=name, games=", ".join(_registry())) from None


def first_game() -> str:
    """The game the menu lists first: what the command line plays when no ``--game`` is given."""
    registry = _registry()
    if not registry:
        raise IllegalAction("unknown_game", "unknown game {game} (games: {games})", game="", games="none")
    return next(iter(registry))


def cli_aliases() -> dict[str, str]:
    """Every option shortcut a registered game offers on the command line, flag by flag: the
    flag and the destination ``argparse`` stores its value under (one flag, one argument, even
    where two games offer it)."""
    flags = [flag for g in _registry().values() for flag, _key in g.cli_aliases]
    return {flag: "alias_" + flag.lstrip("-").replace("-", "_") for flag in flags}


def menu_games() -> list[str]:
    """Every game the menu lists, registered first, then those still to come."""
    registry = _registry()
    return list(registry) + [g for g in COMING if g not in registry]


def playable(name: str) -> bool:
    """True if the game is registered and has a table screen."""
    game = _registry().get(name)
    return game is not None and game.scene is not None


def get_engine(name: str) -> Engine[Any]:
    """The engine for a game, built once with its box data from ``assets/``.

    Raises IllegalAction for an unknown game, boxdata.BoxDataError for broken box files.
    """
    engine = _ENGINES.get(name)
    if engine is None:
        game = spec(name)
        box = resolve(game.box)() if game.box else None
        engine = _ENGINES[name] = resolve(game.engine)(box)
    return engine
