"""Every store and record problem has words in German and English, in that language only,
filled in from the parameters the code gives (``assets/i18n/store.<lang>.toml``)."""

from __future__ import annotations

import re
import string
import tomllib
from pathlib import Path

import pytest

import companion.session
from companion.boxdata import assets_dir
from companion.session.notice import Notice
from companion.ui.i18n import Texts
from tests.language import foreign_words

SESSION_DIR = Path(companion.session.__file__).parent

#: Every code the store, the recovery and the records give, with sample parameters.
CODES: dict[str, dict[str, object]] = {
    "card_full": {}, "read_only": {}, "write_failed": {"detail": "disk I/O error"}, "store_failed": {},
    "cannot_open": {"file": "/data/g.sqlite3", "detail": "x"}, "damaged_store": {"detail": "x"},
    "newer_store": {"file": "g", "found": 3, "known": 2}, "no_game": {"game": 4}, "damaged_game": {"game": 4},
    "does_not_start": {"game": 4, "reason": "x"},
    "moved_aside_damaged": {"file": "g", "aside": "g.1.damaged", "why": "x", "kind": "damaged", "detail": "x"},
    "moved_aside_lost": {"file": "g", "aside": "g.1.lost", "why": "x", "kind": "lost", "lost": 3},
    "moved_aside_newer": {"file": "g", "aside": "g.1.newer", "why": "x", "kind": "newer", "found": 3, "known": 2},
    "store_was_empty": {"file": "g", "lost": 3},
    "games_recovered": {"count": 12, "file": "g.1.damaged"}, "nothing_recovered": {"file": "g", "why": "x"},
    "memory_only": {"file": "g", "why": "x"},
    "damaged_step": {"game": 4, "step": 18, "later": 22, "kept": 17},
    "other_box": {"then": "0123456789abcdef", "now": "fedcba9876543210"}, "other_rules": {"then": 1, "now": 2},
    "full_at_start": {"file": "g"}, "counter_damaged": {"file": "g-last", "found": 99999, "commits": 209},
    "recovery_finished": {"file": "g", "aside": "g.1.damaged"},
    "bad_line": {"line": 3, "reason": "x"}, "empty": {"line": 1, "reason": "x"},
    "line_too_long": {"line": 3, "reason": "x", "limit": 65536}, "not_utf8": {"line": 3, "reason": "x", "byte": 7},
    "not_json": {"line": 3, "reason": "x", "column": 9}, "too_deep": {"line": 3, "reason": "x"},
    "number_too_long": {"line": 3, "reason": "x"}, "not_object": {"line": 3, "reason": "x"},
    "wrong_type": {"line": 1, "reason": "x", "field": "names", "expected": "list_of_names"},
    "not_header": {"line": 1, "reason": "x"}, "header_without_game": {"line": 1, "reason": "x"},
    "no_action": {"line": 3, "reason": "x"}, "bad_header": {"line": 1, "reason": "x"},
    "does_not_replay": {"line": 3, "reason": "x"},
}


def table(lang: str) -> dict[str, str]:
    with open(assets_dir() / "i18n" / f"store.{lang}.toml", "rb") as f:
        return tomllib.load(f)["refusal"]


def test_every_code_in_the_sources_is_listed():
    found: set[str] = set()
    for path in SESSION_DIR.glob("*.py"):
        text = path.read_text(encoding="utf-8")
        found |= set(re.findall(r'(?:Notice|StoreError)\(\s*"([a-z_]+)"', text))
        found |= set(re.findall(r'RecordError\([^()]*?(?:\([^()]*\)[^()]*?)*,\s*"([a-z_]+)"', text, re.S))
    found |= {f"moved_aside_{k}" for k in ("damaged", "lost", "newer")}
    found -= {"moved_aside", "a", "some"}  # the docstring examples
    assert found - set(CODES) == set()


@pytest.mark.parametrize("lang", ["de", "en"])
def test_every_code_has_words_with_the_right_gaps(lang):
    words = table(lang)
    assert set(words) == set(CODES)
    for code, text in words.items():
        gaps = {name for _, name, _, _ in string.Formatter().parse(text) if name}
        assert gaps <= set(CODES[code]), f"{code}: {text!r} asks for {gaps - set(CODES[code])}"


@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_words_are_in_one_language(lang):
    texts = Texts(lang)
    for code, params in CODES.items():
        shown = texts.refusal("store", Notice(code, "English", **params))
        assert shown != "English" and "{" not in shown
        assert foreign_words(shown, lang) == [], f"{code} ({lang}): {shown!r}"
