"""Box data errors in the screen's own words: every reason the box loaders can give has a
code with German and English words, and the staff "Your box" page names a broken file's
place and reason in German on a German screen (the command line stays English)."""

from __future__ import annotations

import ast
import shutil
import string
import tomllib
from pathlib import Path

import pytest

from companion import boxdata
from companion.boxdata import BoxDataError, assets_dir
from companion.games import REGISTRY
from companion.session.store import Store
from companion.ui.i18n import Texts
from companion.ui.kit import problems, recording
from companion.ui.staff import base as staff_base
from companion.ui.staff.data import box_reason, check_boxes
from tests.language import foreign_words
from tests.ui.screen import new_app, settle

GAMES = Path(__file__).resolve().parents[2] / "companion" / "games"


def reasons() -> dict[tuple[str, str], tuple[str, set[str]]]:
    """Every Reason(code, template, **params) written in the box loaders, by (game, code); the
    shared loaders' codes (empty, unreadable, bad TOML) under the game ``""``."""
    found: dict[tuple[str, str], tuple[str, set[str]]] = {}
    loaders = [("", Path(boxdata.__file__))] + [(p.parent.name, p) for p in sorted(GAMES.glob("*/box_files.py"))]
    for game, path in loaders:
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "Reason" \
                    and len(node.args) > 1 and isinstance(node.args[0], ast.Constant):
                key = (game, node.args[0].value)
                assert key not in found or found[key][0] == node.args[1].value, f"{key} used for two reasons"
                found[key] = (node.args[1].value, {k.arg for k in node.keywords})
    return found


def test_every_reason_has_words_in_both_languages() -> None:
    found = reasons()
    assert len(found) > 90
    for lang in ("de", "en"):
        texts = Texts(lang)
        for (game, code), (_template, params) in found.items():
            # a game's reasons in its own words, the shared ones in the staff's file
            words = texts._own.get(f"{game}.box.{code}" if game else f"staff.box.{code}")
            assert words, f"{lang}: no words for {game or 'every game'}: {code}"
            used = {f[1] for f in string.Formatter().parse(words) if f[1]}
            assert used <= params, f"{lang} {code}: {used - params} are not given"


def test_the_shared_staff_words_hold_no_game_reason() -> None:
    shared = {code for game, code in reasons() if not game}
    for lang in ("de", "en"):
        staff = tomllib.loads((assets_dir() / "i18n" / f"staff.{lang}.toml").read_text(encoding="utf-8"))
        assert set(staff["box"]) == shared, lang


def test_no_box_error_is_raised_without_a_code() -> None:
    for path in sorted(GAMES.glob("*/box_files.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", "")) in (
                    "BoxDataError", "error", "_entry_error"):
                args = node.args
                reason = args[2] if getattr(node.func, "id", "") == "BoxDataError" and len(args) > 2 else \
                    args[1] if getattr(node.func, "attr", "") == "error" and len(args) > 1 else \
                    args[4] if getattr(node.func, "id", "") == "_entry_error" and len(args) > 4 else None
                if reason is None or isinstance(reason, ast.Name):
                    continue  # a parameter handed on
                assert isinstance(reason, ast.Call) and getattr(reason.func, "id", "") == "Reason", \
                    f"{path.name}:{node.lineno} gives a reason without a code"


BREAKS = [
    # (file, old, new, the words a German screen must show)
    ("alibaba/prices.csv", "3,10,20,40,80", "3,10,20,vierzig,80", "muss eine ganze Zahl sein, nicht 'vierzig'"),
    ("suleika.toml", "die_faces = [1, 2, 2, 3, 3, 4]", "die_faces = [1, 2, 2, 3, 3, 0]",
     "Jede Würfelseite muss eine ganze Zahl ab 1 sein"),
    ("suleika.toml", 'final_tie = "shared"', 'final_tie = "shared', "Schreibweise falsch (TOML)"),
    ("teppich/pieces.toml", "cells = [[0, 0], [1, 0]]", "cells = [[0, 0], [0, 0]]", "verschiedene Felder [dx, dy]"),
    ("mutabor/dealing.csv", "2,3,4", "2,3,vier", "„col“: muss eine ganze Zahl sein"),
]


@pytest.mark.parametrize(("file", "old", "new", "words"), BREAKS)
def test_the_box_page_says_in_german_where_and_why(tmp_path: Path, monkeypatch, file: str, old: str, new: str,
                                                    words: str) -> None:
    mine = tmp_path / "assets"
    shutil.copytree(assets_dir(), mine)
    text = (mine / file).read_text(encoding="utf-8")
    assert old in text
    line = text[: text.index(old)].count("\n") + 1
    (mine / file).write_text(text.replace(old, new, 1), encoding="utf-8")
    monkeypatch.setenv("COMPANION_ASSETS", str(mine))
    broken = [p for _g, p in check_boxes() if p is not None]
    assert len(broken) == 1 and isinstance(broken[0], BoxDataError)
    error = broken[0]
    assert error.code and error.line == line
    game = [g for g, p in check_boxes() if p is not None][0]
    assert foreign_words(box_reason(Texts("en"), error, game), "en", proper=["vierzig", "vier"]) == []

    data = tmp_path / "data"
    data.mkdir()
    app = new_app("de", Store(data / "companion.sqlite3"))
    try:
        staff_base.open_for(app)
        app.go("staff", page="box")
        settle(app)
        with recording() as rec:
            app.scene.draw(app.screen)
        assert problems(rec) == []
        shown = [t.text for t in rec.texts]
        said = " ".join(shown)
        assert f"{file.split('/')[-1]}“, Zeile {line}" in said
        assert words in said, said
        assert str(error.reason) not in said  # not the English sentence
        for text in shown:
            assert foreign_words(text, "de", proper=["Suleika", "Ali Baba", "Mutabor", "Der fliegende Teppich",
                                                     "TOML"]) == [], text
    finally:
        staff_base.shut(app)
        app.close()


def longest_fault(texts: Texts, game: str) -> BoxDataError:
    """The game's longest box reason in ``texts``' language, at a line of a file, with a key."""
    from companion.boxdata import Reason

    codes = [code for g, code in reasons() if g == game] or [code for g, code in reasons() if not g]
    code = max(codes, key=lambda c: len(texts.first(f"{game}.box.{c}", f"staff.box.{c}")))
    words = texts.first(f"{game}.box.{code}", f"staff.box.{code}")
    params = {f[1]: "[[0, 0], [0, 0]]" for f in string.Formatter().parse(words) if f[1]}
    return BoxDataError(f"assets/{game}/pieces.toml", 49, Reason(code, "reason", **params),
                        key="[[piece]] 9, cells", key_en="[[piece]] number 9, cells")


@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize("broken", [1, 2, 3, 4])
def test_many_broken_games_fit_page_by_page(tmp_path: Path, monkeypatch, lang: str, broken: int) -> None:
    from companion.ui.staff import data as staff_data

    games = list(REGISTRY)
    texts = Texts(lang)
    faults = [longest_fault(texts, g) for g in games]
    monkeypatch.setattr(staff_data, "check_boxes",
                        lambda: [(g, faults[i] if i < broken else None) for i, g in enumerate(games)])
    data = tmp_path / "data"
    data.mkdir()
    app = new_app(lang, Store(data / "companion.sqlite3"))
    try:
        staff_base.open_for(app)
        app.go("staff", page="box")
        seen = 0
        while True:
            settle(app)
            with recording() as rec:
                app.scene.draw(app.screen)
            assert problems(rec) == [], (broken, app.scene.page_no)
            words = " ".join(t.text for t in rec.texts)
            seen += words.count("pieces.toml")
            arrows = [c for c in app.scene.tappables() if c.icon == "right" and c.enabled]
            if not arrows:
                break
            arrows[0].tap()
        assert seen == broken  # every broken game shown once, on some page
    finally:
        staff_base.shut(app)
        app.close()
