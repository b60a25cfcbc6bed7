"""``assets/suleika.toml``: the shipped values, and clear errors for a broken file."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from companion.boxdata import BoxDataError, assets_dir
from companion.games import get_engine
from companion.games.suleika.box_files import load
from companion.games.suleika.rules import make_engine

SHIPPED = (Path(__file__).resolve().parents[2] / "assets" / "suleika.toml").read_text(encoding="utf-8")


def test_shipped_values_match_the_rules_file():
    box = load()
    assert box.omar_start == (3, 3) and box.omar_facing == "N"
    assert box.die_faces == (1, 2, 2, 3, 3, 4)
    assert dict(box.carpets_in_box) == {"red": 15, "blue": 15, "yellow": 15, "green": 12}
    assert box.seats(2) == (("red", "yellow"), ("blue", "green"))
    assert box.seats(3) == (("red",), ("blue",), ("yellow",))
    assert box.seats(4) == (("red",), ("blue",), ("yellow",), ("green",))
    assert [box.carpets_each(n) for n in (2, 3, 4)] == [12, 15, 12]
    assert [box.start_money("suleika", n) for n in (2, 3, 4)] == [60, 40, 30]
    assert [box.start_money("marrakech", n) for n in (2, 3, 4)] == [30, 30, 30]
    assert box.final_tie == "shared"
    assert get_engine("suleika").name == "suleika"


def test_every_key_has_a_comment_for_the_cafe():
    lines = SHIPPED.splitlines()
    for i, line in enumerate(lines):
        if re.match(r"^\s*[a-z_0-9]+\s*=", line) and i and not lines[i - 1].startswith("["):
            if not re.match(r"^(red|blue|yellow|green)\s*=", line):
                assert lines[i - 1].lstrip().startswith("#"), f"line {i + 1} has no comment: {line}"


def _load_with(monkeypatch, tmp_path, old, new):
    assert old in SHIPPED
    (tmp_path / "suleika.toml").write_text(SHIPPED.replace(old, new, 1), encoding="utf-8")
    monkeypatch.setenv("COMPANION_ASSETS", str(tmp_path))
    assert assets_dir() == tmp_path
    return load()


def _line_of(text, needle):
    return next(i for i, t in enumerate(text.splitlines(), 1) if t.startswith(needle))


@pytest.mark.parametrize("old,new,key,words", [
    ("omar_start = [3, 3]", "omar_start = [3, 7]", "omar_start", "from 0 to 6"),
    ('omar_facing = "N"', 'omar_facing = "up"', "omar_facing", '"N", "E", "S" or "W"'),
    ("die_faces = [1, 2, 2, 3, 3, 4]", "die_faces = [1, 2, 0]", "die_faces", "at least 1"),
    ("die_faces = [1, 2, 2, 3, 3, 4]", "die_faces = []", "die_faces", "list the numbers"),
    ('final_tie = "shared"', 'final_tie = "coin"', "final_tie", '"shared" or "none"'),
    ("green = 12", "green = -1", "green", "at least 1"),
    ("green = 12", "green = 10", "seat_colors_2", "only 10 green carpets"),
    ('seat_colors_3 = ["red", "blue", "yellow"]', 'seat_colors_3 = ["red", "blue", "pink"]',
     "seat_colors_3", "'pink' is not in [carpets_in_box]"),
    ('seat_colors_3 = ["red", "blue", "yellow"]', 'seat_colors_3 = ["red", "blue", "red"]',
     "seat_colors_3", "more than one player"),
    ('seat_colors_3 = ["red", "blue", "yellow"]', 'seat_colors_3 = ["red", "blue"]',
     "seat_colors_3", "3 players"),
    ('seat_colors_2 = [["red", "yellow"], ["blue", "green"]]', 'seat_colors_2 = [["red", "yellow"], "blue"]',
     "seat_colors_2", "same number of colours"),
    ("carpets_per_color_3 = 15", 'carpets_per_color_3 = "15"', "carpets_per_color_3", "whole number"),
    ("money_suleika_2 = 60", "money_suleika_2 = 60.5", "money_suleika_2", "whole number"),
    ("money_marrakech_4 = 30", "money_marrakech_4 = -3", "money_marrakech_4", "at least 0"),
    ("money_marrakech_4 = 30", "money_marrakech_4 = 30\nmoney_bonus_4 = 3", "money_bonus_4", "unknown key"),
])
def test_bad_values_name_file_line_and_reason(monkeypatch, tmp_path, old, new, key, words):
    text = SHIPPED.replace(old, new, 1)
    with pytest.raises(BoxDataError) as info:
        _load_with(monkeypatch, tmp_path, old, new)
    err = info.value
    assert err.file.endswith("suleika.toml")
    assert err.line == _line_of(text, key)
    assert words in err.reason and key in err.reason


def test_missing_table_and_syntax_error(monkeypatch, tmp_path):
    with pytest.raises(BoxDataError, match=r"line 40: \[three_playerz\]: unknown key"):
        _load_with(monkeypatch, tmp_path, "[three_players]", "[three_playerz]")
    section = SHIPPED[SHIPPED.index("# Three players"):SHIPPED.index("# Four players")]
    with pytest.raises(BoxDataError, match=r"\[three_players\] is missing"):
        _load_with(monkeypatch, tmp_path, section, "")
    with pytest.raises(BoxDataError, match=r"suleika.toml line \d+: Unclosed array"):
        _load_with(monkeypatch, tmp_path, "omar_start = [3, 3]", "omar_start = [3, 3")


def test_a_changed_box_changes_the_game(monkeypatch, tmp_path):
    box = _load_with(monkeypatch, tmp_path, "money_suleika_3 = 40", "money_suleika_3 = 50")
    engine = make_engine(box)
    state = engine.new_game({"record": 1, "game": "suleika", "players": 3})
    assert state.money == (50, 50, 50)
