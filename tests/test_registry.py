"""A game is one installed distribution: the race (``tests/tinygame``, distribution
``companion-race``, on the tests' path by their conftest) declares its game in the entry
point group ``companion.games`` and plays through the menu, setup, its table, the end screen,
``replay``, ``simulate`` and ``demo`` without any file of the companion knowing it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tomllib
from importlib.metadata import distribution
from pathlib import Path

import pytest
from race_game import SPEC
from race_game.scene import RaceScene

import companion
from companion import cli
from companion.games import GROUP, REGISTRY
from companion.session.store import Store
from companion.ui.i18n import Texts, title
from companion.ui.shell.end import EndScene
from companion.ui.shell.setup import SetupScene
from tests.ui.screen import new_app, press, settle, tap_label


@pytest.fixture
def race():
    """The race as the registry found it: installed, never registered by a test."""
    assert REGISTRY["race"] is SPEC
    return SPEC


@pytest.fixture
def app(tmp_path, race):
    a = new_app("de", Store(tmp_path / "g.sqlite3"))
    yield a
    a.close()


def test_the_race_is_an_installed_distribution_the_registry_found_by_its_entry_point():
    dist = distribution("companion-race")
    (point,) = [p for p in dist.entry_points if p.group == GROUP]
    assert point.name == "race" and point.value == "race_game:SPEC"
    assert point.load() is REGISTRY["race"] is SPEC
    # its code and words live in its own folder, not in the companion's
    package = Path(SPEC.texts)
    assert (package / "de.toml").is_file() and (package / "en.toml").is_file()
    assert Path(companion.__file__).parent not in package.parents
    # and no file of the companion names it
    for path in Path(companion.__file__).parent.rglob("*"):
        if path.suffix in (".py", ".toml"):
            text = path.read_text(encoding="utf-8")
            assert "race_game" not in text and "companion-race" not in text and "tinygame" not in text, path


def test_the_race_plays_from_the_menu_to_the_end_screen_in_german(app):
    app.show(app.routes["menu"](app))
    settle(app)
    tap_label(app, "Wettrennen")  # the title its spec gives
    assert isinstance(app.scene, SetupScene)
    assert [b.label for b in app.scene.buttons if b.label.startswith("Ziel")] == ["Ziel: 10"]
    tap_label(app, "Los")
    assert isinstance(app.scene, RaceScene)
    for _ in range(200):
        if isinstance(app.scene, EndScene):
            break
        press(app, "roll")
    assert isinstance(app.scene, EndScene)
    session = app.scene.session
    assert session.over and session.header["game"] == "race"
    winner = session.engine.summary(session.state)["winners"][0]
    assert app.scene.table.seat_name(winner) == f"Spieler {winner + 1}"
    # the rematch keeps the game and goes back to its setup
    press(app, "ok")
    assert isinstance(app.scene, SetupScene) and app.scene.game == "race"


def test_a_game_whose_package_is_imported_before_the_registry_is_found_whole():
    """The race's package imports the registry for its GameSpec: imported first, it must still
    be found (discovery waits for the registry's first reading, when the package is whole)."""
    code = ("import race_game\n"
            "from companion.games import BROKEN, REGISTRY\n"
            "print(REGISTRY.get('race') is race_game.SPEC, BROKEN)\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.split() == ["True", "{}"], done.stdout + done.stderr[-2000:]


def test_the_race_is_on_the_tests_path_only_never_installed_in_the_venv():
    """A developer's menu (``make run``) never lists the tests' game: it is found through the
    path the tests give themselves, with the metadata its pyproject.toml would give it."""
    folder = Path(__file__).parent / "tinygame"
    assert Path(str(distribution("companion-race").locate_file(""))) == folder
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    bare = subprocess.run([sys.executable, "-c", "from companion.games import REGISTRY; print(sorted(REGISTRY))"],
                          capture_output=True, text=True, timeout=60, env=env, cwd=Path(__file__).parents[1])
    assert bare.returncode == 0 and "race" not in bare.stdout and "suleika" in bare.stdout, bare.stdout + bare.stderr
    project = tomllib.loads((folder / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    dist = distribution("companion-race")
    assert (dist.metadata["Name"], dist.version) == (project["name"], project["version"])
    assert {(p.group, p.name, p.value) for p in dist.entry_points} == \
        {(g, n, v) for g, points in project["entry-points"].items() for n, v in points.items()}


@pytest.mark.parametrize("lang", ["de", "en"])
def test_every_registered_game_has_a_title_of_its_own(race, lang):
    """The menu, setup, resume, the staff pages and the history name a game by the title its
    spec gives in each language; a game without one would show its bare registry name."""
    texts = Texts(lang)
    for name, game in REGISTRY.items():
        assert dict(game.titles).get(lang), f"{name} has no title in {lang}"
        assert title(texts, name) == dict(game.titles)[lang]


def test_a_refusal_of_the_race_is_worded_in_german(app):
    app.show(app.routes["setup"](app, game="race"))
    settle(app)
    tap_label(app, "Los")
    press(app, "ok")  # "stop" before any six
    assert app.scene.banner.text == "Aufhören darf man nur nach einer Sechs."


def test_replay_simulate_and_demo_reach_the_race_through_the_registry(race, tmp_path, capsys):
    record = tmp_path / "race.jsonl"
    lines = [{"record": 2, "game": "race", "players": 2, "seed": 1},
             {"action": "roll", "value": 6}]
    record.write_text("\n".join(json.dumps(x) for x in lines) + "\n")
    assert cli.main(["replay", str(record), "--json", "--legal"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["players"][0]["position"] == 6 and out["legal"] == [{"action": "stop"}]

    assert cli.main(["simulate", "--game", "race", "--games", "5", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["games"] == 5

    assert cli.main(["simulate", "--game", "race", "--games", "2", "--option", "goal=20", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["options"] == {"goal": 20}

    shot = tmp_path / "race.png"
    assert cli.main(["demo", "--game", "race", "--turns", "500", "--screenshot", str(shot)]) == 0
    assert "on the end screen" in capsys.readouterr().out and shot.exists()


def test_an_unknown_option_is_refused_in_words(race, capsys):
    assert cli.main(["simulate", "--game", "race", "--option", "speed=3"]) == 2
    assert "race has no option speed" in capsys.readouterr().err


def test_a_game_that_cannot_be_loaded_is_left_out_and_every_other_game_stays(monkeypatch):
    """A distribution whose entry point fails to import must not take the companion down."""
    import importlib.metadata

    import companion.games as games

    broken = importlib.metadata.EntryPoint("broken", "no_such_module_anywhere:SPEC", games.GROUP)
    wrong = importlib.metadata.EntryPoint("wrong", "companion.games:GROUP", games.GROUP)
    real = list(importlib.metadata.entry_points(group=games.GROUP))
    monkeypatch.setattr(importlib.metadata, "entry_points", lambda group: [broken, *real, wrong])
    monkeypatch.setattr(games, "REGISTRY", {})
    monkeypatch.setattr(games, "BROKEN", {})
    games._discover()
    assert set(games.BROKEN) == {"broken", "wrong"}
    assert "ModuleNotFoundError" in games.BROKEN["broken"]
    assert set(games.REGISTRY) == {p.name for p in real}
