"""Engines speak in codes; every code has German and English words, and the words fit.

The engine sources are read with ``ast``: every ``IllegalAction(...)`` names its code as a
string literal, and every code, event reason and ``Chance.kind`` an engine package can produce
has a text in ``assets/i18n/<game>.de.toml`` and ``<game>.en.toml`` using only the call's
parameters as ``{placeholders}``. This runs over whatever engine packages are present, so a
new game is checked the day it arrives.

Then, for Suleika and Ali Baba, every refusal code is met for real (the tables in
``tests/engine/*_helpers.py``), and every refusal, reason and die is worded in both languages
and checked for words of the other language (``tests/language.py``) and for gaps.
"""

from __future__ import annotations

import ast
import importlib
import json
import random
import re
import string
import sys
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

import companion.games
from companion.engine.base import IllegalAction
from companion.ui.i18n import Texts
from tests.language import foreign_words

GAMES_DIR = Path(companion.games.__file__).parent
#: Where a parameter list cannot be read from the source (``**params`` passed on).
UNKNOWN = None


def games() -> list[str]:
    """Every game that comes with the companion: a package under ``companion/games/``."""
    return [path.name for path in sorted(GAMES_DIR.iterdir()) if (path / "rules" / "__init__.py").exists()]


def sources(game: str) -> list[Path]:
    return sorted((GAMES_DIR / game / "rules").rglob("*.py"))


def _name(func: ast.expr) -> str:
    return func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""


def _keywords(call: ast.Call) -> frozenset[str] | None:
    if any(k.arg is None for k in call.keywords):  # **params: not readable here
        return UNKNOWN
    return frozenset(k.arg for k in call.keywords if k.arg is not None)


def _str(node: ast.expr | None) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


@dataclass
class Scan:
    """What one engine's source says it can produce; values are the parameter names per use."""

    refusals: dict[str, list[tuple[str, frozenset[str] | None]]] = field(default_factory=dict)
    not_literal: list[str] = field(default_factory=list)
    reasons: dict[str, list[frozenset[str] | None]] = field(default_factory=dict)
    kinds: set[str] = field(default_factory=set)
    literals: set[str] = field(default_factory=set)


def declared(game: str, name: str) -> tuple[str, ...] | None:
    """The engine package's own list (``REASONS``, ``CHANCE_KINDS``), if it keeps one."""
    module = importlib.import_module(f"companion.games.{game}.rules")
    value = getattr(module, name, None)
    return tuple(value) if value is not None else None


def scan(game: str) -> Scan:
    out = Scan()
    reasons = set(declared(game, "REASONS") or ())
    for path in sources(game):
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        where = f"{path.relative_to(GAMES_DIR.parent.parent)}"
        for node in ast.walk(tree):
            if isinstance(node, ast.Assign) and any(getattr(t, "id", "") in ("REASONS", "CHANCE_KINDS")
                                                    for t in node.targets):
                continue  # the lists themselves do not count as uses
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                out.literals.add(node.value)
            if isinstance(node, ast.Call):
                name = _name(node.func)
                if name == "IllegalAction":
                    code = _str(node.args[0]) if node.args else None
                    if code is None:
                        out.not_literal.append(f"{where}:{node.lineno}")
                    else:
                        out.refusals.setdefault(code, []).append((f"{where}:{node.lineno}", _keywords(node)))
                elif name == "Chance":
                    kind = node.args[2] if len(node.args) > 2 else next(
                        (k.value for k in node.keywords if k.arg == "kind"), None)
                    if _str(kind) is not None:
                        out.kinds.add(_str(kind) or "")
                elif name != "Event":
                    # a helper handed a reason code, e.g. pay(..., "dump_fee", count=2), or a
                    # pair holding one, e.g. passes.append((seat, "sits_out"))
                    for arg in node.args:
                        for item in arg.elts if isinstance(arg, ast.Tuple) else [arg]:
                            if _str(item) in reasons:
                                out.reasons.setdefault(_str(item) or "", []).append(_keywords(node))
            if isinstance(node, ast.Dict):
                keys = {_str(k): v for k, v in zip(node.keys, node.values, strict=True) if k is not None}
                for key in ("reason", "why"):
                    code = _str(keys.get(key))
                    if code is None:
                        continue
                    params = keys.get("params")
                    if params is None:
                        names: frozenset[str] | None = frozenset()
                    elif isinstance(params, ast.Dict) and all(_str(k) for k in params.keys):
                        names = frozenset(_str(k) or "" for k in params.keys)
                    else:
                        names = UNKNOWN
                    out.reasons.setdefault(code, []).append(names)
    return out


def texts(game: str, lang: str) -> dict[str, dict[str, str]]:
    path = GAMES_DIR / game / f"{lang}.toml"
    assert path.exists(), f"{path.name} is missing: {game}'s codes have no words in {lang}"
    with open(path, "rb") as f:
        return tomllib.load(f)


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def one_param_list(uses: list[frozenset[str] | None], what: str) -> frozenset[str] | None:
    known = {u for u in uses if u is not UNKNOWN}
    assert len(known) <= 1, f"{what} is used with different parameters: {sorted(map(sorted, known))}"
    return next(iter(known), UNKNOWN)


# -- the source ---------------------------------------------------------------------------------

def test_every_refusal_names_its_code_as_a_string_literal():
    """Also in engines still being written: the scan below can only see literal codes."""
    bad = [where for game in games() for where in scan(game).not_literal]
    assert bad == [], f"IllegalAction without a literal code at {bad}"


def test_codes_are_short_snake_case():
    pattern = re.compile(r"^[a-z][a-z0-9_]*$")
    for game in games():
        found = scan(game)
        odd = [c for c in [*found.refusals, *found.reasons, *found.kinds] if not pattern.match(c)]
        assert odd == [], f"{game}: {odd}"


@pytest.mark.parametrize("game", games())
@pytest.mark.parametrize("lang", ["de", "en"])
def test_every_refusal_has_words_with_the_same_placeholders(game, lang):
    found = scan(game)
    table = texts(game, lang).get("refusal", {})
    missing = sorted(set(found.refusals) - set(table))
    assert missing == [], f"{game}.{lang}.toml [refusal] lacks {missing}"
    wrong = []
    for code, uses in sorted(found.refusals.items()):
        params = one_param_list([p for _, p in uses], f"{game} refusal {code} ({uses[0][0]})")
        # a text may leave a parameter out (the screen may show it another way, e.g. by
        # lighting the cell), but it may never ask for one the engine does not give
        if params is not UNKNOWN and not placeholders(table[code]) <= params:
            wrong.append(f"{code} ({uses[0][0]}): text has {sorted(placeholders(table[code]))}, call {sorted(params)}")
    assert wrong == [], f"{game}.{lang}.toml asks for parameters the engine does not give:\n" + "\n".join(wrong)
    unused = sorted(set(table) - set(found.refusals))
    assert unused == [], f"{game}.{lang}.toml words refusals the engine never gives: {unused}"


@pytest.mark.parametrize("game", games())
def test_declared_reasons_and_chance_kinds_match_the_source(game):
    found = scan(game)
    reasons, kinds = declared(game, "REASONS"), declared(game, "CHANCE_KINDS")
    if reasons is not None:
        assert sorted(found.reasons) == sorted(reasons), f"{game}: REASONS and the source differ"
    if kinds is not None:
        assert found.kinds <= set(kinds), f"{game}: Chance kinds {found.kinds - set(kinds)} not in CHANCE_KINDS"
        assert set(kinds) <= found.literals, f"{game}: CHANCE_KINDS {set(kinds) - found.literals} never used"


@pytest.mark.parametrize("game", games())
@pytest.mark.parametrize("lang", ["de", "en"])
def test_every_reason_and_chance_kind_has_words(game, lang):
    found = scan(game)
    words = texts(game, lang)
    reasons = words.get("reason", {})
    for code, uses in found.reasons.items():
        assert code in reasons, f"{game}.{lang}.toml [reason] lacks {code}"
        params = one_param_list(uses, f"{game} reason {code}")
        if params is not UNKNOWN:
            assert placeholders(reasons[code]) == params, f"{game}.{lang} reason.{code}: {reasons[code]!r}"
    chances = words.get("chance", {})
    for kind in set(declared(game, "CHANCE_KINDS") or ()) | found.kinds:
        assert kind in chances, f"{game}.{lang}.toml [chance] lacks {kind}"
        assert placeholders(chances[kind]) == set(), f"{game}.{lang} chance.{kind} has placeholders"


# -- the words, for real -----------------------------------------------------------------------

sys.path.insert(0, str(Path(__file__).parent / "engine"))  # the engine tests' helpers
import alibaba_helpers  # noqa: E402
import suleika_helpers  # noqa: E402

HELPERS = {"suleika": suleika_helpers, "alibaba": alibaba_helpers}
LANGS = {lang: Texts(lang) for lang in ("de", "en")}
PLACEHOLDER = re.compile(r"\{[a-z_]+\}")
#: Sample values for reason parameters, where a number would not read right.
SAMPLES: dict[str, Any] = {"color": "red", "cards": "2 Hehler", "give": "1 Hehler", "take": "1 Bettler",
                           "complete": ["Hehler"], "group": "Hehler"}


def proper_nouns(game: str) -> list[str]:
    helpers = HELPERS[game]
    names = list(helpers.NAMES)
    if game == "alibaba":
        names += [g.name for g in helpers.BOX.groups] + [g.name for g in helpers.BOX.gangs]
    return names


def check_words(game: str, lang: str, text: str, what: str) -> None:
    assert not PLACEHOLDER.search(text), f"{what} ({lang}) leaves a gap: {text!r}"
    assert foreign_words(text, lang, proper_nouns(game)) == [], f"{what} ({lang}): {text!r}"


def random_events(game: str, seeds: range) -> tuple[list[Any], set[str]]:
    """Events and Chance kinds of a few seeded random games (the engines' own choices)."""
    engine = HELPERS[game].ENGINE
    events, kinds = [], set()
    for seed in seeds:
        rng = random.Random(seed)
        state = engine.new_game({"record": 1, "game": game, "players": 3, "seed": seed})
        for _ in range(5000):
            if engine.is_over(state):
                break
            chance = engine.chance(state)
            if chance is not None:
                kinds.add(chance.kind)
                action = {"action": chance.action, "value": rng.choice(chance.faces)}
            else:
                action = rng.choice(engine.legal_actions(state))
            state, new = engine.apply(state, action)
            events += new
    return events, kinds


@pytest.mark.parametrize("game", ["suleika", "alibaba"])
def test_the_table_meets_every_refusal_code_the_source_has(game):
    assert {code for code, _ in HELPERS[game].REFUSALS} == set(scan(game).refusals)


@pytest.mark.parametrize("game", ["suleika", "alibaba"])
def test_every_refusal_reads_in_german_and_in_english(game):
    for code, trigger in HELPERS[game].REFUSALS:
        with pytest.raises(IllegalAction) as info:
            trigger()
        exc = info.value
        assert exc.code == code, (code, str(exc))
        json.dumps(exc.params)  # plain JSON values only
        for lang, t in LANGS.items():
            text = t.refusal(game, exc)
            assert text != str(exc) or lang == "en", f"{code}: no German words"
            check_words(game, lang, text, f"{game} refusal {code}")


@pytest.mark.parametrize("game", ["suleika", "alibaba"])
def test_every_reason_and_die_reads_in_german_and_in_english(game):
    found = scan(game)
    for code, uses in found.reasons.items():
        params = {name: SAMPLES.get(name, 3) for name in one_param_list(uses, code) or ()}
        for lang, t in LANGS.items():
            check_words(game, lang, t.reason(game, code, params), f"{game} reason {code}")
    events, kinds = random_events(game, range(3))
    assert kinds <= set(declared(game, "CHANCE_KINDS") or ())
    for kind in kinds | set(declared(game, "CHANCE_KINDS") or ()):
        for lang, t in LANGS.items():
            check_words(game, lang, t.chance(game, kind), f"{game} chance {kind}")
    seen = [(e.data.get("reason", e.data.get("why")), e.data.get("params", {})) for e in events
            if "reason" in e.data or "why" in e.data]
    assert seen and {code for code, _ in seen} <= set(found.reasons)
    for code, params in seen:
        json.dumps(params)
        for lang, t in LANGS.items():
            check_words(game, lang, t.reason(game, code, params), f"{game} reason {code} {params}")
