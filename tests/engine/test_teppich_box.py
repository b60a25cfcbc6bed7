"""The box data in assets/teppich/: what it holds, and broken files refused with file and line."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from companion.boxdata import BoxDataError, assets_dir
from companion.games.teppich.box_files import load
from companion.games.teppich.rules.box import FACE_EFFECTS


def test_the_shipped_box():
    box = load()
    assert (box.width, box.height, box.start, box.goal) == (24, 12, (0, 0), (23, 0))
    assert [box.wind(y) for y in range(12)] == [0] * 6 + [1] * 3 + [2] * 3
    assert box.sky_from == 6 and box.supply(3) == 30 and box.supply(6) == 15
    assert len(box.pieces) == 12 and {p.kind for p in box.pieces} == {"house", "tower", "tree", "cloud"}
    assert [f.effect for f in box.faces] == list(FACE_EFFECTS)
    assert all(f.words_de and f.words_en and f.picture for f in box.faces)
    assert all(box.on_board(s) for s in box.stars) and len(box.colors) >= 6


@pytest.fixture
def assets(tmp_path, monkeypatch) -> Path:
    shutil.copytree(assets_dir() / "teppich", tmp_path / "teppich")
    monkeypatch.setenv("COMPANION_ASSETS", str(tmp_path))
    return tmp_path / "teppich"


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


@pytest.mark.parametrize("file,old,new,message", [
    ("board.toml", "goal = [23, 0]", "goal = [30, 0]", "board.toml line 10: goal: must be a cell"),
    ("board.toml", "width = 24", "width = 2", "board.toml line 5: width: must be a whole number of at least 4"),
    ("board.toml", "rows = [6, 8]", "rows = [7, 8]", "zone]] number 2, rows: must be [6, highest row]"),
    ("board.toml", "wind = 2", "wind = 0", "[[zone]] number 3, wind: the calm zone lies below"),
    ("board.toml", "stars = [[4, 4]", "stars = [[0, 0]", "stars: a star cell is listed twice or lies on a podium"),
    ("board.toml", "each = 5", "each = 9", "tokens.total: the box must hold 9 tokens"),
    ("board.toml", "city_pieces = 9", "city_pieces = 13", "city_pieces: the box has only 12 pieces"),
    ("board.toml", "width = 24", "width = 24\ndepth = 3", "depth: unknown key"),
    ("pieces.toml", "heights = [6]", "heights = [7]", "[[piece]] number 5, heights: must list column heights"),
    ("pieces.toml", 'kind = "tree"', 'kind = "bush"', "[[piece]] number 7, kind: must be one of"),
    ("pieces.toml", 'id = "tree"', 'id = "palm"', "[[piece]] number 8, id: must be a name used once"),
    ("pieces.toml", "cells = [[0, 0], [1, 0]]", "cells = [[0, 0], [0, 0]]", "[[piece]] number 9, cells"),
    ("die.toml", 'effect = "again"', 'effect = "hop"', '[[face]] number 3, effect: face 3 is "again"'),
    ("die.toml", 'words_en = "Move again"', 'words_en = ""', "[[face]] number 3, words_en: must be a text"),
])
def test_broken_box_files_are_refused_with_their_line(assets, file, old, new, message):
    edit(assets / file, old, new)
    with pytest.raises(BoxDataError) as info:
        load()
    assert message in str(info.value) and file in str(info.value)


def test_a_missing_file(assets):
    (assets / "die.toml").unlink()
    with pytest.raises(BoxDataError, match="die.toml: cannot be read"):
        load()


def test_an_edited_box_is_used(assets):
    edit(assets / "board.toml", "goal = [23, 0]", "goal = [22, 0]")
    edit(assets / "board.toml", "stars = [[4, 4]", "stars = [[4, 5]")
    box = load()
    assert box.goal == (22, 0) and box.stars[0] == (4, 5)


def test_the_box_fingerprint_names_the_box_data_only():
    """Records carry the box's fingerprint (every field of the box, as ``record._plain`` reads
    it): tables worked out from the data for speed (the flights' ways to the edge) must not
    be fields, or every stored game would say it was played with another box."""
    from companion.session.record import _plain

    assert set(_plain(load())) == {"width", "height", "zones", "start", "goal", "stars", "pieces", "faces",
                                "tokens_total", "tokens_each", "city_pieces", "colors", "_wind"}
