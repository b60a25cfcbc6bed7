"""Both languages have every key; refusals, reasons and dice read in the screen's language."""

from __future__ import annotations

import tomllib
from pathlib import Path

from companion.boxdata import assets_dir
from companion.engine.base import IllegalAction
from companion.games import REGISTRY
from companion.ui.i18n import Texts


def keys(path) -> set[str]:
    with open(path, "rb") as f:
        data = tomllib.load(f)
    out: set[str] = set()

    def walk(table, prefix=""):
        for k, v in table.items():
            if isinstance(v, dict):
                walk(v, f"{prefix}{k}.")
            else:
                out.add(prefix + k)
    walk(data)
    return out


def test_german_and_english_have_the_same_keys():
    folder = assets_dir() / "i18n"
    assert keys(folder / "de.toml") == keys(folder / "en.toml")
    for de in folder.glob("*.de.toml"):
        en = de.with_name(de.name.replace(".de.toml", ".en.toml"))
        assert keys(de) == keys(en), de.name
    for game in REGISTRY.values():
        assert game.texts, f"{game.name} has no words"
        assert keys(Path(game.texts) / "de.toml") == keys(Path(game.texts) / "en.toml"), game.name


def test_a_refusal_is_worded_with_its_details_and_colours_in_the_language():
    de, en = Texts("de"), Texts("en")
    exc = IllegalAction("nothing_to_roll", "There is nothing to roll right now.")
    assert de.refusal("suleika", exc) == "Jetzt gibt es nichts zu würfeln."
    assert en.refusal("suleika", exc) == "There is nothing to roll right now."
    assert de.words({"color": "green", "list": ["red", "blue"], "flag": True}) == \
        {"color": "Grün", "list": "Rot, Blau", "flag": "ja"}


def test_a_code_without_words_falls_back_to_the_english_message():
    assert Texts("de").refusal("suleika", IllegalAction("no_such_code", "Plain {x}", x=1)) == "Plain 1"
