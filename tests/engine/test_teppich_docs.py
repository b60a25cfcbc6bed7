"""The docstring examples stay true, the engine stays pure, and every refusal code, event
reason and chance kind has a German and an English text with the same placeholders."""

from __future__ import annotations

import doctest
import importlib
import json
import re
import string
import tomllib
from pathlib import Path

import pytest
from teppich_helpers import ENGINE, NAMES, REFUSALS, apply_all, fly, new, put

from companion.engine.base import IllegalAction
from companion.ui.i18n import Texts

PACKAGE = Path(__file__).resolve().parents[2] / "companion" / "games" / "teppich" / "rules"
MODULES = ["companion.games.teppich.rules"] + [f"companion.games.teppich.rules.{p.stem}" for p in sorted(PACKAGE.glob("*.py"))
                                          if p.stem != "__init__"] + ["companion.games.teppich.box_files"]
SOURCES = "\n".join(p.read_text(encoding="utf-8") for p in PACKAGE.glob("*.py"))


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module)
    assert result.failed == 0


def test_the_engine_is_pure():
    for banned in ("import random", "import pygame", "import gpiozero", "import serial", "import sqlite3", "open("):
        assert banned not in SOURCES, banned
    for path in PACKAGE.glob("*.py"):
        assert len(path.read_text(encoding="utf-8").splitlines()) <= 400, path.name


def texts(lang: str) -> dict:
    with open(PACKAGE.parent / f"{lang}.toml", "rb") as f:
        return tomllib.load(f)


def fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def test_every_code_reason_and_chance_has_both_texts():
    codes = set(re.findall(r'IllegalAction\(\s*"([a-z_0-9]+)"', SOURCES))
    reasons = set(re.findall(r'"reason": "([a-z_]+)"', SOURCES))
    assert len(codes) > 40 and reasons
    de, en = texts("de"), texts("en")
    for table, keys in (("refusal", codes), ("reason", reasons), ("chance", {"special_die"})):
        assert keys <= set(de[table]) and keys <= set(en[table]), (table, keys - set(de[table]) - set(en[table]))
    for table in ("refusal", "reason", "chance", "ui"):
        assert set(de[table]) == set(en[table]), table
        for key in de[table]:
            assert fields(de[table][key]) == fields(en[table][key]), (table, key)


def test_german_texts_have_no_common_english_words():
    words = re.compile(r"\b(the|and|not|is|must|with|move|carpet|cell|cloud)\b")
    for table, entries in texts("de").items():
        for key, text in entries.items():
            assert not words.search(text), (table, key, text)


def test_summary_and_state_are_plain_json():
    s, _ = apply_all(put(new(3), {0: (5, 3), 1: (5, 6)}), fly(3, 0, then="block"))
    summary = json.loads(json.dumps(ENGINE.summary(s)))
    assert summary["carpets"][0] == {"cell": [5, 6], "tokens": 5, "misses": 0, "on": 1}
    assert summary["pending"] is None and summary["winners"] == []
    assert json.loads(json.dumps(s.to_dict()))["cells"][0] == [5, 6]


def test_every_refusal_code_is_met_and_worded_in_both_languages():
    codes = set(re.findall(r'IllegalAction\(\s*"([a-z_0-9]+)"', SOURCES))
    assert {code for code, _ in REFUSALS} == codes
    langs = {lang: Texts(lang) for lang in ("de", "en")}
    for code, trigger in REFUSALS:
        with pytest.raises(IllegalAction) as info:
            trigger()
        assert info.value.code == code, (code, str(info.value))
        json.dumps(info.value.params)
        for lang, t in langs.items():
            text = t.refusal("teppich", info.value)
            assert "{" not in text and (lang == "en" or text != str(info.value)), (code, lang, text)


def test_a_refusal_that_names_a_seat_says_which_seat():
    """Screens name seats in their own language (``seat_name``): a refusal naming a seat by
    the engine's name for it (by default an English colour, "Red") also carries the seat
    number, so a screen never has to show the engine's name."""
    naming = set()
    for code, trigger in REFUSALS:
        with pytest.raises(IllegalAction) as info:
            trigger()
        if info.value.params.get("name") in NAMES:
            naming.add(code)
            assert NAMES[info.value.params["player"]] == info.value.params["name"], code
    assert naming == {"clouds_shut_in", "no_tokens", "not_your_turn"}
    assert new(3).names == ("Red", "Blue", "Yellow")   # what an unnamed seat would show


def test_the_command_line_names_cells_as_the_table_counts_them():
    """The English words (what ``companion replay`` prints) count columns and rows from 1,
    rows from the bottom, as the screen and the city's steps do; the parameters, which the
    screen fills into its own words, keep the engine's cells from 0."""
    cells = 0
    for code, trigger in REFUSALS:
        with pytest.raises(IllegalAction) as info:
            trigger()
        params, said = info.value.params, str(info.value)
        assert not re.search(r"\(\d+, \d+\)", said), (code, said)
        if "x" in params and "y" in params:
            cells += 1
            assert f"column {params['x'] + 1}, row {params['y'] + 1}" in said, (code, said)
    assert cells >= 10
