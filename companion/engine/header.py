"""Checking a record header against the game's declaration: one checker for every engine.

A game declares its player counts, options and seat colours once, in its ``GameSpec``
(``companion/games/<name>/__init__.py``); its engine hands that spec to :func:`check_header`,
so setup, the command line and the engine agree by construction. Every failure has one code,
the same in every game; the words are in ``assets/i18n/<lang>.toml`` under ``[refusal]``
(a game may word a code its own way in its ``[refusal]`` table):

====================  =================================================================
``header_not_object``  the header is not a JSON object
``wrong_game``         the header names another game
``bad_players``        the player count is not one the game is played by
``bad_seed``           the seed is not a whole number
``bad_option``         an option's value is not one of its choices
``option_players``     an option is set for a player count it does not apply to
``names_count``        the names are not one non-empty text per player
``colors_count``       the colours are not a list with one entry per player
``colors_entry``       a seat's entry is not a colour name or a list of colour names
``colors_per_seat``    a seat has not as many colours as it plays at this player count
``unknown_colour``     a colour the game does not have
``colour_twice``       one colour chosen for two seats (or twice for one)
====================  =================================================================

>>> from typing import NamedTuple
>>> class Opt(NamedTuple):
...     key: str
...     choices: tuple[object, ...]
...     default: object
...     only_for: tuple[int, ...] = ()
...     def applies(self, players: int) -> bool:
...         return not self.only_for or players in self.only_for
>>> class Spec(NamedTuple):
...     name: str
...     counts: tuple[int, ...]
...     options: tuple[Opt, ...]
...     colors: tuple[str, ...]
>>> spec = Spec("dots", (2, 3), (Opt("fast", (False, True), False),), ("red", "blue", "green"))
>>> h = check_header(spec, {"game": "dots", "players": 2, "seed": 4, "colors": ["blue", "red"]})
>>> h.players, h.seed, h.options, h.colors
(2, 4, {'fast': False}, (('blue',), ('red',)))
>>> check_header(spec, {"game": "dots", "players": 2, "colors": ["red", "red"]})
Traceback (most recent call last):
...
companion.engine.errors.IllegalAction: red is chosen more than once
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple, Protocol

from companion.engine.errors import IllegalAction

__all__ = ["Header", "HeaderSpec", "OptionRule", "check_header", "is_whole"]


class OptionRule(Protocol):
    """What the checker reads of one option (``companion.games.OptionSpec`` is one)."""

    @property
    def key(self) -> str: ...
    @property
    def choices(self) -> tuple[Any, ...]: ...
    @property
    def default(self) -> Any: ...
    def applies(self, players: int) -> bool: ...


class HeaderSpec(Protocol):
    """What the checker reads of a game's declaration (``companion.games.GameSpec`` is one)."""

    @property
    def name(self) -> str: ...
    @property
    def counts(self) -> tuple[int, ...]: ...
    @property
    def options(self) -> Sequence[OptionRule]: ...
    @property
    def colors(self) -> tuple[str, ...]: ...


class Header(NamedTuple):
    """A checked header. ``options`` holds every option that applies, at its default unless
    set; ``names`` and ``colors`` are None when the header gives none (the engine then takes
    its defaults); each seat's colours are a tuple, one colour for most games."""

    players: int
    seed: int | None
    options: dict[str, Any]
    names: tuple[str, ...] | None
    colors: tuple[tuple[str, ...], ...] | None


def is_whole(value: Any) -> bool:
    """A whole number as a record writes it (``true`` is not 1 to a player)."""
    return isinstance(value, int) and not isinstance(value, bool)


def _same(value: Any, choice: Any) -> bool:
    # 0 == False and 1 == True to Python, not to a record: the type must match too
    return type(value) is type(choice) and value == choice


def check_header(spec: HeaderSpec, header: Any, seats: Callable[[int], Sequence[int]] | None = None,
                 palette: Sequence[str] | None = None) -> Header:
    """``header`` checked against ``spec``; IllegalAction with one of the module's codes.

    ``seats(players)`` gives how many colours each seat plays (one each unless given);
    ``palette`` the colours a table may choose (the spec's ``colors`` unless given: a game
    whose box holds other colours names them).
    """
    if not isinstance(header, dict):
        raise IllegalAction("header_not_object", "the header must be a JSON object")
    game = header.get("game", spec.name)
    if game != spec.name:
        raise IllegalAction("wrong_game", "this header is for {game}, not {expected}",
                            game=str(game), expected=spec.name)
    players = header.get("players")
    if not is_whole(players) or players not in spec.counts:
        raise IllegalAction("bad_players", "{game} is played by {counts} players, not {players}",
                            game=spec.name, counts=_counts(spec.counts), players=_shown(players))
    seed = header.get("seed")
    if "seed" in header and not is_whole(seed):
        raise IllegalAction("bad_seed", "seed must be a whole number, not {value}", value=_shown(seed))
    return Header(players, seed, _options(spec, header, players), _names(header.get("names"), players),
                  _colours(header.get("colors"), seats(players) if seats else (1,) * players,
                          spec.colors if palette is None else palette))


def _options(spec: HeaderSpec, header: dict[str, Any], players: int) -> dict[str, Any]:
    chosen: dict[str, Any] = {}
    for option in spec.options:
        value = header.get(option.key, option.default)
        if not any(_same(value, c) for c in option.choices):
            raise IllegalAction("bad_option", "{key} takes one of: {choices}, not {value}", key=option.key,
                                choices=", ".join(_shown(c) for c in option.choices), value=_shown(value))
        if option.applies(players):
            chosen[option.key] = value
        elif not _same(value, option.default):
            counts = [n for n in spec.counts if option.applies(n)]
            raise IllegalAction("option_players", "{key} may be set only with {counts} players",
                                key=option.key, counts=_counts(counts))
    return chosen


def _names(raw: Any, players: int) -> tuple[str, ...] | None:
    if raw is None:
        return None
    if (not isinstance(raw, list) or len(raw) != players
            or not all(isinstance(n, str) and n.strip() for n in raw)):
        raise IllegalAction("names_count", "names must list {players} names", players=players)
    return tuple(n.strip() for n in raw)


def _colours(raw: Any, seats: Sequence[int], palette: Sequence[str]) -> tuple[tuple[str, ...], ...] | None:
    if raw is None:
        return None
    players = len(seats)
    if not isinstance(raw, list) or len(raw) != players:
        raise IllegalAction("colors_count", "colors must list one entry per player ({players})", players=players)
    chosen: list[tuple[str, ...]] = []
    for want, entry in zip(seats, raw, strict=True):
        colours = (entry,) if isinstance(entry, str) else entry
        if not isinstance(colours, (list, tuple)) or not all(isinstance(c, str) for c in colours):
            raise IllegalAction("colors_entry", "each entry of colors must be a colour name or a list of colour names")
        if len(colours) != want:
            raise IllegalAction("colors_per_seat", "with {players} players each player plays {want} colours",
                                players=players, want=want)
        chosen.append(tuple(colours))
    used: list[str] = []
    for colour in (c for seat in chosen for c in seat):
        if colour not in palette:
            raise IllegalAction("unknown_colour", "there is no colour {color} (colours: {colors})",
                                color=colour, colors=", ".join(palette))
        if colour in used:
            raise IllegalAction("colour_twice", "{color} is chosen more than once", color=colour)
        used.append(colour)
    return tuple(chosen)


def _counts(counts: Sequence[int]) -> str:
    """Player counts in words of no language: ``2–4``, ``3``, ``2, 4``."""
    runs: list[list[int]] = []
    for n in sorted(counts):
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    return ", ".join(str(r[0]) if len(r) == 1 else f"{r[0]}–{r[-1]}" for r in runs)


def _shown(value: Any) -> str:
    """A record value as a record writes it: ``"3"`` with quotes for a text, ``true``, ``null``."""
    return json.dumps(value, ensure_ascii=False)
