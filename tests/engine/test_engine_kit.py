"""The engine kit (``companion/engine/``): every game that comes with the companion checks its
header with the one checker and reads an action's name the one way, so one failure gives one
code in every game, worded once in ``assets/i18n/<lang>.toml``; the one seeded generator and
the one way to copy a state behave as documented."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

import companion.games
from companion.engine.base import Engine, IllegalAction
from companion.engine.rng import SplitMix64
from companion.engine.state import Plain, evolve
from companion.games import get_engine, spec
from companion.ui.i18n import Texts
from tests.language import foreign_words

GAMES_DIR = Path(companion.games.__file__).parent
GAMES = [p.name for p in sorted(GAMES_DIR.iterdir()) if (p / "rules" / "__init__.py").exists()]
LANGS = {lang: Texts(lang) for lang in ("de", "en")}


def header(game: str, players: int | None = None, **extra: Any) -> dict[str, Any]:
    g = spec(game)
    return {**g.header(players if players is not None else g.default_count, seed=3), **extra}


def code_of(game: str, what: Any) -> IllegalAction:
    engine = get_engine(game)
    with pytest.raises(IllegalAction) as info:
        engine.new_game(what) if not callable(what) else what(engine)
    exc = info.value
    json.dumps(exc.params)  # plain values only
    for lang, t in LANGS.items():
        text = t.refusal(game, exc)
        assert text != str(exc) or lang == "en", f"{exc.code}: no German words"
        assert "{" not in text, f"{game} {exc.code} ({lang}) leaves a gap: {text!r}"
        assert foreign_words(text, lang) == [], f"{game} {exc.code} ({lang}): {text!r}"
    return exc


def one_colour(game: str, players: int) -> list[Any]:
    """Every seat in the first seat's first colour, shaped as the game seats its players."""
    seats = spec(game).default_colors(players)
    first = seats[0] if isinstance(seats[0], str) else seats[0][0]
    return [first if isinstance(s, str) else [first] * len(s) for s in seats]


@pytest.mark.parametrize("game", GAMES)
def test_every_game_refuses_a_bad_header_with_the_kits_codes(game):
    g = spec(game)
    other = next(name for name in GAMES if name != game)
    low, high = min(g.counts), max(g.counts)
    assert code_of(game, [1, 2]).code == "header_not_object"
    assert code_of(game, "players: 3").code == "header_not_object"
    assert code_of(game, {**header(game), "game": other}).code == "wrong_game"
    # another game's own header, with a player count this game is played by
    both = sorted(set(g.counts) & set(spec(other).counts))
    assert code_of(game, header(other, both[0] if both else None)).code == "wrong_game"
    for players in (high + 1, low - 1, True, str(low), None):
        assert code_of(game, {"game": game, "players": players, "seed": 1}).code == "bad_players"
    assert code_of(game, header(game, seed="x")).code == "bad_seed"
    assert code_of(game, header(game, seed=1.5)).code == "bad_seed"
    assert code_of(game, header(game, names=["Anna"])).code == "names_count"
    for option in g.options:
        assert code_of(game, header(game, **{option.key: "nonsense"})).code == "bad_option"
        other_counts = [n for n in g.counts if not option.applies(n)]
        if other_counts:
            wrong = next(c for c in option.choices if c != option.default)
            exc = code_of(game, header(game, other_counts[0], **{option.key: wrong}))
            assert exc.code == "option_players" and exc.params["key"] == option.key


@pytest.mark.parametrize("game", GAMES)
def test_every_game_checks_the_colours(game):
    """Colours that are none, and every seat in one colour, are refused by every game."""
    for players in spec(game).counts:
        assert code_of(game, header(game, players, colors=([["nope"], 5, None, {}] * 2)[:players])).code in (
            "colors_entry", "colors_per_seat")
        assert code_of(game, header(game, players, colors="red")).code == "colors_count"
        assert code_of(game, header(game, players, colors=one_colour(game, players))).code == "colour_twice"
    players = spec(game).default_count
    nope = ["nope" if isinstance(s, str) else ["nope"] * len(s) for s in spec(game).default_colors(players)]
    assert code_of(game, header(game, players, colors=nope)).code == "unknown_colour"
    engine = get_engine(game)
    chosen = spec(game).default_colors(players)[::-1]
    assert engine.new_game(header(game, players, colors=chosen)) is not None  # the table's own order


@pytest.mark.parametrize("game", GAMES)
def test_every_game_reads_an_action_name_the_same_way(game):
    engine = get_engine(game)
    state = engine.new_game(header(game))
    for bad in (["roll"], "roll", None, {"value": 3}, {"action": 3}):
        assert code_of(game, lambda e, bad=bad: e.apply(state, bad)).code == "not_an_action"
    exc = code_of(game, lambda e: e.apply(state, {"action": "teleport"}))
    assert exc.code == "unknown_action" and exc.params["action"] == "teleport"


@pytest.mark.parametrize("game", GAMES)
def test_every_engine_has_the_one_shape(game):
    engine = get_engine(game)
    assert isinstance(engine, Engine)
    state = engine.new_game(header(game))
    assert isinstance(state, Plain) and json.loads(json.dumps(state.to_dict())) == state.to_dict()
    assert isinstance(engine.REASONS, tuple) and isinstance(engine.CHANCE_KINDS, tuple)


def test_the_generator_gives_the_published_numbers():
    r = SplitMix64(0)
    assert [r.next64() for _ in range(3)] == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F]
    assert SplitMix64(-1).state == (1 << 64) - 1
    with pytest.raises(ValueError):
        SplitMix64(1).below(0)


def test_evolve_copies_and_refuses_unknown_fields():
    @dataclass(frozen=True)
    class Dot(Plain):
        x: int
        y: tuple[int, ...] = ()

    d = Dot(1, (2,))
    e = evolve(d, x=4)
    assert (e, d) == (Dot(4, (2,)), Dot(1, (2,))) and e.__dict__ is not d.__dict__
    with pytest.raises(TypeError, match="no field 'z'"):
        evolve(d, z=1)
