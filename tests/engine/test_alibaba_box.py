"""The box files in assets/alibaba: the defaults match the rules, broken files name file and line."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from companion.boxdata import BoxDataError, assets_dir
from companion.games.alibaba.box_files import load

DEFAULT = Path(__file__).resolve().parents[2] / "assets" / "alibaba"


@pytest.fixture
def box_dir(tmp_path, monkeypatch):
    """A copy of the default Ali Baba files to break, used instead of the real ones."""
    shutil.copytree(DEFAULT, tmp_path / "alibaba")
    monkeypatch.setenv("COMPANION_ASSETS", str(tmp_path))
    return tmp_path / "alibaba"


def edit(folder: Path, file: str, old: str, new: str) -> int:
    """Replace ``old`` once in ``file``; returns the line number it is on."""
    path = folder / file
    text = path.read_text(encoding="utf-8")
    assert text.count(old) >= 1, old
    line = text[: text.index(old)].count("\n") + 1
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return line


def broken(folder: Path, file: str, line: int | None, match: str) -> None:
    with pytest.raises(BoxDataError, match=match) as info:
        load()
    assert info.value.file.endswith(f"alibaba/{file}")
    assert info.value.line == line
    assert (f"{file} line {line}:" if line else f"{file}:") in str(info.value)


def test_the_default_box_matches_the_rules_file():
    box = load()
    assert [(g.name, g.value) for g in box.gangs] == [("Schwindler", 20), ("Diebe", 40), ("Betrüger", 80),
                                                      ("Räuber", 160)]
    assert len(box.groups) == 16
    assert box.groups[box.group_index("Schmuggler")].fate == frozenset({1, 7, 18, 26, 31})
    # Higher value, more fate numbers.
    assert sorted({len(g.fate) for g in box.groups if g.gang == 0}) == [2]
    assert sorted({len(g.fate) for g in box.groups if g.gang == 3}) == [8]
    assert box.prices == ((0, 0, 0, 0), (5, 10, 20, 40), (10, 20, 40, 80), (15, 30, 60, 120))
    s = box.settings
    assert (s.start_money, s.round_bonus, s.dump_fee, s.last_chance_fee, s.kadi_bribe) == (2500, 100, 20, 100, 200)
    assert (s.event1_per_pip, s.event2_amount, s.event9_per_card_per_pip) == (50, 200, 10)
    assert (s.poorest_tie, s.final_tie, s.rounds, s.loot_max, s.group_size) == (
        "first_in_seating_order", "shared", 2, 3, 4)
    assert s.four_die_gang == (0, 0, 1, 1, 2, 3)
    assert assets_dir() == DEFAULT.parent


def test_a_fate_number_outside_1_to_36(box_dir):
    line = edit(box_dir, "groups.csv", "Schmuggler,1 7 18 26 31", "Schmuggler,1 7 18 26 37")
    broken(box_dir, "groups.csv", line, "fate number 37 is outside 1..36")


def test_a_group_with_a_gang_that_does_not_exist(box_dir):
    line = edit(box_dir, "groups.csv", "Diebe,Kameldieb", "Piraten,Kameldieb")
    broken(box_dir, "groups.csv", line, "the gang 'Piraten' does not exist")


def test_a_fork_of_unequal_length(box_dir):
    line = edit(box_dir, "board.csv", "fork 2 right,empty\n", "")
    broken(box_dir, "board.csv", line, "fork 2: the left branch has 3 fields but the right branch has 2")


def test_a_missing_event_kind(box_dir):
    edit(box_dir, "board.csv", "road,event 6", "road,empty")
    broken(box_dir, "board.csv", None, "event 6 is missing")


def test_movement_cards_not_summing_to_the_lap(box_dir):
    line = edit(box_dir, "movement.csv", "5,2", "5,1")
    broken(box_dir, "movement.csv", line, "add up to 47 steps, but one lap of board.csv has 52")


def test_an_unknown_field(box_dir):
    line = edit(box_dir, "board.csv", "road,event 5", "road,event 10")
    broken(box_dir, "board.csv", line, "there is no event 10")
    line = edit(box_dir, "board.csv", "road,event 10", "road,oasis")
    broken(box_dir, "board.csv", line, "unknown field 'oasis'")


def test_the_board_must_begin_with_start(box_dir):
    line = edit(box_dir, "board.csv", "road,start", "road,empty")
    broken(box_dir, "board.csv", line, 'the first field must be "road,start"')


def test_a_price_that_is_not_a_number(box_dir):
    line = edit(box_dir, "prices.csv", "3,10,20,40,80", "3,10,20,vierzig,80")
    broken(box_dir, "prices.csv", line, "the Betrüger price must be a whole number, not 'vierzig'")


def test_a_missing_column_points_at_the_header(box_dir):
    line = edit(box_dir, "groups.csv", "gang,group,fate", "gang,group,numbers")
    broken(box_dir, "groups.csv", line, "the column 'fate' is missing")


def test_a_bad_setting_names_its_line(box_dir):
    line = edit(box_dir, "settings.toml", "kadi_bribe = 200", "kadi_bribe = -5")
    broken(box_dir, "settings.toml", line, "arrest.kadi_bribe: must be at least 0")
    edit(box_dir, "settings.toml", "kadi_bribe = -5", "kadi_bribe = 200")
    line = edit(box_dir, "settings.toml", 'final = "shared"', 'final = "coin toss"')
    broken(box_dir, "settings.toml", line, "ties.final: must be one of shared, most_cards")


def test_a_four_die_face_naming_no_gang(box_dir):
    line = edit(box_dir, "settings.toml", '"Betrüger", "Räuber"]', '"Betrüger", "Ritter"]')
    broken(box_dir, "settings.toml", line, "face 6: 'Ritter' is not a gang")


def test_an_edited_box_is_played_by_its_own_numbers(box_dir):
    edit(box_dir, "settings.toml", "kadi_bribe = 200", "kadi_bribe = 250")
    edit(box_dir, "gangs.csv", "Räuber,red,160", "Räuber,red,150")
    box = load()
    assert box.settings.kadi_bribe == 250 and box.gangs[3].value == 150
