"""The Mutabor docstring examples stay true; every refusal code and event reason has a German
and an English text with the same blanks; the engine stays pure."""

from __future__ import annotations

import doctest
import importlib
import json
import re
import string
import tomllib
from pathlib import Path

import pytest
from mutabor_helpers import ENGINE, new

ROOT = Path(__file__).resolve().parents[2]
ENGINE_DIR = ROOT / "companion" / "games" / "mutabor" / "rules"
SOURCES = {p.name: p.read_text(encoding="utf-8") for p in sorted(ENGINE_DIR.glob("*.py"))}
MODULES = ["companion.games.mutabor.rules"] + [f"companion.games.mutabor.rules.{p[:-3]}" for p in SOURCES
                                          if p != "__init__.py"] + ["companion.games.mutabor.box_files"]


def texts(lang: str) -> dict:
    with open(ENGINE_DIR.parent / f"{lang}.toml", "rb") as f:
        return tomllib.load(f)


def blanks(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    result = doctest.testmod(importlib.import_module(name))
    assert result.failed == 0


def test_modules_are_small_and_pure():
    for name, text in SOURCES.items():
        assert len(text.splitlines()) <= 400, name
        for word in ("import random", "from random", "pygame", "gpiozero", "serial", "sqlite3", "open("):
            assert word not in text, (name, word)


def test_every_refusal_code_is_a_literal_with_texts_in_both_languages():
    codes: dict[str, set[str]] = {}
    for name, text in SOURCES.items():
        for call in re.finditer(r"IllegalAction\(", text):
            literal = re.match(r"""IllegalAction\(\s*"([a-z_]+)",\s*((?:"[^"]*"\s*|'[^']*'\s*)+)""",
                               text[call.start():])
            assert literal, f"{name}: IllegalAction without a code literal and template near {call.start()}"
            template = "".join(a or b for a, b in re.findall(r""""([^"]*)"|'([^']*)'""", literal.group(2)))
            codes[literal.group(1)] = blanks(template)
    assert len(codes) >= 30  # the header and action-name codes are the kit's (companion/engine)
    en, de = texts("en")["refusal"], texts("de")["refusal"]
    assert set(en) == set(de) == set(codes)
    for code, params in codes.items():
        assert blanks(en[code]) <= params and blanks(de[code]) <= params, code


def test_both_languages_have_the_same_keys_and_blanks():
    en, de = texts("en"), texts("de")
    assert set(en) == set(de) == {"refusal", "reason", "chance", "ui", "box"}
    for table in en:
        assert set(en[table]) == set(de[table]), table
        for key in en[table]:
            assert blanks(en[table][key]) == blanks(de[table][key]), (table, key)
    assert set(en["reason"]) == {"no_move", "sits_out", "no_moves", "agreed", "all_home"}
    reasons = set(re.findall(r'"reason": "([a-z_]+)"', "".join(SOURCES.values())))
    reasons |= set(re.findall(r'\(seat, "([a-z_]+)"\)', "".join(SOURCES.values())))  # passes
    assert reasons == set(en["reason"])


def test_english_texts_name_no_german_card():
    for table in ("refusal", "reason"):
        for text in texts("en")[table].values():
            assert not re.search(r"Krebs|Storch|Baum|Morgenstern|Elefant|Tor\b", text), text


def test_state_summary_and_events_are_plain_json():
    state = new(3, seed=4)
    data = json.loads(json.dumps(state.to_dict()))
    assert data["figures"][1] == [[2, 0], [3, 0], [4, 0], [5, 0]] and data["turn"] == 0
    summary = ENGINE.summary(state)
    assert set(summary) == {"maze", "figures", "turn", "over", "winners", "draw", "unreachable", "may_swap"}
    assert json.loads(json.dumps(summary)) == summary
    assert len(summary["maze"]) == 8 and all(len(row) == 8 for row in summary["maze"])
    _, events = ENGINE.apply(state, ENGINE.legal_actions(state)[0])
    assert json.loads(json.dumps([e.data for e in events])) == [e.data for e in events]
    assert ENGINE.chance(state) is None and ENGINE.chance_actions == frozenset()
