"""The kit and the texts load what is used, and everything stays reachable as before."""

from __future__ import annotations

import subprocess
import sys

import companion.ui.kit as kit
from companion.games import REGISTRY
from companion.ui.i18n import Texts, Words, load_language


def test_every_kit_name_is_still_importable():
    for name in kit.__all__:
        assert getattr(kit, name) is not None
    namespace: dict = {}
    exec("from companion.ui.kit import *", namespace)
    assert set(kit.__all__) <= set(namespace)


def test_importing_the_kit_alone_does_not_import_its_groups():
    code = ("import sys, companion.ui.kit as k; k.Label; "
            "print(sorted(m for m in sys.modules if m.startswith('companion.ui.kit.')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert "companion.ui.kit.text" in out
    assert "companion.ui.kit.choices" not in out and "companion.ui.kit.pads" not in out


def test_a_games_words_are_read_on_first_use_and_equal_the_whole_language():
    for lang in ("de", "en"):
        words = Words(lang)
        assert words.loaded() == {""}
        whole = load_language(lang)
        for key, value in whole.items():
            assert words.get(key) == value, key
        assert {name for name, game in REGISTRY.items() if game.texts} <= words.loaded()


def test_english_is_read_only_for_a_missing_german_text():
    t = Texts("de")
    assert t("turn_of", name="Anna") == "Anna ist am Zug"
    assert t._english is None
    t("no.such.key")
    assert t._english is not None
