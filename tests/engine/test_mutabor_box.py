"""``assets/mutabor/``: the shipped values, and clear errors for a broken file."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.boxdata import BoxDataError, assets_dir
from companion.games.mutabor.box_files import load
from companion.games.mutabor.rules.geometry import CELLS, CENTRE

FOLDER = Path(__file__).resolve().parents[2] / "assets" / "mutabor"
TOML = (FOLDER / "box.toml").read_text(encoding="utf-8")
CSV = (FOLDER / "dealing.csv").read_text(encoding="utf-8")

#: The rulebook's picture of the maze: the dealing number on each cell (0: no cell).
PICTURE = [
    [0, 0, 41, 42, 43, 44, 0, 0],
    [0, 21, 22, 23, 24, 25, 26, 0],
    [40, 20, 7, 8, 9, 10, 27, 45],
    [39, 19, 6, 1, 2, 11, 28, 46],
    [38, 18, 5, 4, 3, 12, 29, 47],
    [37, 17, 16, 15, 14, 13, 30, 48],
    [0, 36, 35, 34, 33, 32, 31, 0],
    [0, 0, 52, 51, 50, 49, 0, 0],
]


def test_shipped_values_match_the_rules_file():
    box = load()
    assert dict(box.cards) == {"morgenstern": 10, "baum": 10, "tor": 10, "elefant": 10, "krebs": 10, "storch": 2}
    assert box.total == 52 and box.max_deals >= 1
    for r, row in enumerate(PICTURE):
        for c, number in enumerate(row):
            if number:
                assert box.cell_of(number) == (r, c)
    assert set(box.dealing) == CELLS and set(box.dealing[:4]) == CENTRE


def _load_with(monkeypatch, tmp_path, toml=TOML, csv=CSV):
    (tmp_path / "mutabor").mkdir()
    (tmp_path / "mutabor" / "box.toml").write_text(toml, encoding="utf-8")
    (tmp_path / "mutabor" / "dealing.csv").write_text(csv, encoding="utf-8")
    monkeypatch.setenv("COMPANION_ASSETS", str(tmp_path))
    assert assets_dir() == tmp_path
    return load()


def _line_of(text, needle):
    return next(i for i, t in enumerate(text.splitlines(), 1) if t.startswith(needle))


@pytest.mark.parametrize("old,new,line_of,words", [
    ("krebs = 10", "krebs = -1", "krebs", "at least 0"),
    ("krebs = 10", "krebs = 9.5", "krebs", "whole number"),
    ("krebs = 10", "drache = 10", "drache", "not a card kind"),
    ("krebs = 10", "krebs = 11", "[cards]", "add up to 53"),
    ("max_deals = 1000", "max_deals = 0", "max_deals", "at least 1"),
    ("max_deals = 1000", "max_tries = 5", "max_tries", "unknown key"),
])
def test_a_broken_box_toml_names_the_line(monkeypatch, tmp_path, old, new, line_of, words):
    broken = TOML.replace(old, new, 1)
    with pytest.raises(BoxDataError) as info:
        _load_with(monkeypatch, tmp_path, toml=broken)
    assert info.value.file.endswith("box.toml") and info.value.line == _line_of(broken, line_of)
    assert words in info.value.reason


def test_a_missing_kind_is_named(monkeypatch, tmp_path):
    with pytest.raises(BoxDataError) as info:
        _load_with(monkeypatch, tmp_path, toml=TOML.replace("storch = 2\n", ""))
    assert "needs storch" in str(info.value)


@pytest.mark.parametrize("old,new,words", [
    ("7,2,2\n", "7,2,x\n", "col must be a whole number"),
    ("7,2,2\n", "7,0,0\n", "not a cell of the maze"),
    ("7,2,2\n", "7,3,3\n", "already card 1"),
    ("7,2,2\n", "6,2,2\n", "card 6 is listed twice"),
    ("7,2,2\n", "70,2,2\n", "from 1 to 52"),
    ("1,3,3\n", "1,5,5\n", "centre"),
])
def test_a_broken_dealing_table_names_the_line(monkeypatch, tmp_path, old, new, words):
    broken = CSV.replace(old, new, 1)
    assert broken != CSV
    with pytest.raises(BoxDataError) as info:
        _load_with(monkeypatch, tmp_path, csv=broken)
    assert info.value.file.endswith("dealing.csv") and words in info.value.reason
    assert info.value.line == _line_of(broken, new.strip())


def test_a_missing_card_place_is_named(monkeypatch, tmp_path):
    with pytest.raises(BoxDataError) as info:
        _load_with(monkeypatch, tmp_path, csv=CSV.replace("52,7,2\n", ""))
    assert "card 52 is missing" in str(info.value)


def test_every_setting_has_a_comment_for_the_cafe():
    lines = TOML.splitlines()
    assert lines[lines.index("[cards]") + 1].startswith("#")
    assert lines[lines.index("[dealer]") + 1].startswith("#")
    assert CSV.lstrip().startswith("#")
