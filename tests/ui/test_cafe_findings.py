"""The screens around the tables and the staff pages as a café owner and English-speaking
players met them (the "Every player and every staff member" findings, and the shell's part of
"At the table"). Each through the real loop on the dummy SDL driver."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from companion import games, root
from companion.games import spec
from companion.paths import assets_dir
from companion.session.session import Session
from companion.session.store import Store
from companion.ui.kit import recording
from tests.ui.screen import press, settle, tap_label


@pytest.fixture
def app(tmp_path):
    a = root.make_app(store=Store(tmp_path / "g.sqlite3"), lang="de", fullscreen=False, sound=False)
    yield a
    a.close()


def shown(app) -> list[str]:
    with recording() as rec:
        app.scene.draw(app.screen)
    return [t.text for t in rec.texts]


def scene_name(app) -> str:
    return type(app.scene).__name__


# -- 24.1 a broken box file is refused at setup, every other game stays playable -----------------
@pytest.mark.parametrize(("lang", "words"), [("de", ("gangs.csv“, Zeile", "Deine Schachtel prüfen")),
                                             ("en", ("gangs.csv”, line", "Check your box"))])
def test_a_game_with_a_broken_box_file_is_refused_at_setup_and_the_others_play(tmp_path, monkeypatch, lang, words):
    mine = tmp_path / "assets"
    shutil.copytree(assets_dir(), mine)
    gangs = mine / "alibaba" / "gangs.csv"
    lines = gangs.read_text(encoding="utf-8").splitlines()
    lines.append("Diebe,green,forty")
    gangs.write_text("\n".join(lines) + "\n", encoding="utf-8")
    monkeypatch.setenv("COMPANION_ASSETS", str(mine))
    monkeypatch.setattr(games, "_ENGINES", {})
    app = root.make_app(store=Store(tmp_path / "g.sqlite3"), lang=lang, fullscreen=False, sound=False)
    try:
        app.go("menu")
        settle(app)
        app.go("setup", game="alibaba")
        settle(app)
        said = " ".join(shown(app))
        assert all(w in said for w in words), said
        assert f"{len(lines)}" in said  # the line of the broken row
        press(app, "ok")  # refused, no black screen, no exit
        assert scene_name(app) == "SetupScene"
        press(app, "roll")
        assert scene_name(app) == "SetupScene"
        assert app.store.unfinished() == []
        app.go("setup", game="suleika")
        settle(app)
        press(app, "ok")
        assert scene_name(app) not in ("SetupScene", "MenuScene")  # Suleika's table
    finally:
        app.close()
