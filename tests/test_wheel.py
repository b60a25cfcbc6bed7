"""The wheel is complete: built, installed outside the checkout, it finds its assets and pins.

Only an editable install used to work, because ``assets/`` and ``hardware/pins.toml`` were
found by walking up from the source file. Here the wheel is installed into a fresh virtual
environment in a temporary folder (created without pip and without the system's packages);
its third-party dependencies (pygame-ce, gpiozero, pyserial) come from the test environment's
site-packages, placed on ``PYTHONPATH`` *after* the wheel's, so ``companion`` itself can only
come from the wheel. Then ``companion replay`` and ``companion demo`` run from a folder outside
the checkout with ``COMPANION_ASSETS`` and ``COMPANION_PINS`` unset.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
import tomllib
import zipfile
from importlib.metadata import version
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

RECORD = [
    {"record": 1, "game": "suleika", "players": 2, "seed": 1},
    {"action": "face", "dir": "E"},
    {"action": "roll", "value": 2},
]


def _packages_on_disk() -> set[str]:
    """Every folder under companion/ that holds Python files is a package the wheel needs."""
    found = set()
    for init in (ROOT / "companion").rglob("*.py"):
        if "__pycache__" in init.parts:
            continue
        found.add(".".join(init.parent.relative_to(ROOT).parts))
    return found


def test_every_package_is_listed_in_pyproject() -> None:
    """The package list in pyproject.toml is written by hand; a new subpackage must join it."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    listed = set(config["tool"]["setuptools"]["packages"])
    missing = sorted(_packages_on_disk() - listed)
    assert not missing, f"add these to [tool.setuptools] packages in pyproject.toml: {missing}"


def test_a_checkout_uses_its_own_folders_unless_told_otherwise(monkeypatch: pytest.MonkeyPatch) -> None:
    from companion import paths

    monkeypatch.delenv("COMPANION_ASSETS", raising=False)
    monkeypatch.delenv("COMPANION_PINS", raising=False)
    assert paths.assets_dir() == ROOT / "assets"
    assert paths.pins_file() == paths.shipped_pins_file() == ROOT / "hardware" / "pins.toml"
    monkeypatch.setenv("COMPANION_ASSETS", "/srv/box")
    monkeypatch.setenv("COMPANION_PINS", "/etc/companion-pins.toml")
    assert paths.assets_dir() == Path("/srv/box")
    assert paths.pins_file() == Path("/etc/companion-pins.toml")


def _version_at_least(name: str, wanted: tuple[int, ...]) -> bool:
    try:
        parts = tuple(int(p) for p in version(name).split(".")[:len(wanted)])
    except Exception:
        return False
    return parts >= wanted


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Build the wheel from a copy of the checkout (the checkout gets no build/ folder)."""
    work = tmp_path_factory.mktemp("wheel")
    source = work / "src"
    shutil.copytree(ROOT, source, ignore=shutil.ignore_patterns(
        ".git", ".venv", "venv", "build", "dist", "*.egg-info", "__pycache__", ".pytest_cache"))
    command = [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--wheel-dir", str(work / "dist")]
    # setuptools from 70.1 builds wheels by itself: no download needed (the [dev] extra pins one).
    if _version_at_least("setuptools", (70, 1)):
        command.append("--no-build-isolation")
    done = subprocess.run([*command, str(source)], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    (built,) = (work / "dist").glob("companion-*.whl")
    (work / "build.log").write_text(done.stdout + done.stderr, encoding="utf-8")
    return built


@pytest.mark.slow
def test_the_configuration_builds_without_a_warning(wheel: Path) -> None:
    """setuptools warned once for every folder of assets/ ("Package 'companion._assets.alibaba'
    is absent from the `packages` configuration"), about 200 lines in every `make run`."""
    log = (wheel.parent.parent / "build.log").read_text(encoding="utf-8")
    assert "Warning" not in log and "warning" not in log, log


@pytest.mark.slow
def test_wheel_carries_every_asset_and_the_pin_map(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
    expected = {
        "companion/_assets/" + p.relative_to(ROOT / "assets").as_posix()
        for p in (ROOT / "assets").rglob("*") if p.is_file() and "__pycache__" not in p.parts
    }
    assert expected, "assets/ is empty?"
    assert sorted(expected - names) == []
    assert "companion/_hardware/pins.toml" in names
    assert "companion/paths.py" in names


@pytest.fixture(scope="module")
def installed(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, str]]:
    """A fresh venv (no pip, no system packages) holding only the wheel; returns (venv, env)."""
    venv = tmp_path_factory.mktemp("venv") / "env"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, timeout=60)
    python = venv / "bin" / "python"
    done = subprocess.run(
        [sys.executable, "-m", "pip", "--python", str(python), "install", "--quiet", "--no-deps",
         "--no-compile", str(wheel)],
        capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    wheel_site = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        capture_output=True, text=True, check=True).stdout.strip()
    env = {k: v for k, v in os.environ.items()
           if k not in {"COMPANION_ASSETS", "COMPANION_PINS", "PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV"}}
    # The wheel's site-packages first; the test environment's only for pygame-ce and friends:
    # a folder linking to its packages but the companion's own (an editable install) and a race
    # game an older setup may have left installed (its entry point names a module of
    # tests/tinygame, not to be found there).
    deps = tmp_path_factory.mktemp("deps")
    for entry in Path(sysconfig.get_paths()["purelib"]).iterdir():
        if not entry.name.startswith(("companion", "__editable__", "race_game")):
            (deps / entry.name).symlink_to(entry)
    env["PYTHONPATH"] = os.pathsep.join([wheel_site, str(deps)])
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", GPIOZERO_PIN_FACTORY="mock",
               PYGAME_HIDE_SUPPORT_PROMPT="1")
    return venv, env


def _run(venv: Path, env: dict[str, str], cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """Run a program of the fresh venv from ``cwd`` (outside the checkout)."""
    assert Path(args[0]).is_relative_to(venv)
    return subprocess.run(list(args), cwd=cwd, env=env, capture_output=True, text=True, timeout=60)


@pytest.mark.slow
def test_installed_wheel_finds_its_own_files(installed: tuple[Path, dict[str, str]], tmp_path: Path) -> None:
    venv, env = installed
    probe = (
        "import json, companion, companion.boxdata as g, companion.inputs.gpio as p\n"
        "print(json.dumps({'package': companion.__file__, 'assets': str(g.assets_dir()),\n"
        "                  'pins': str(p.DEFAULT_PINS_PATH), 'map': p.load_pins()}))\n"
    )
    done = _run(venv, env, tmp_path, str(venv / "bin" / "python"), "-c", probe)
    assert done.returncode == 0, done.stderr
    found = json.loads(done.stdout)
    inside = str(venv.resolve())
    for key in ("package", "assets", "pins"):
        assert str(Path(found[key]).resolve()).startswith(inside), (key, found[key])
        assert not str(Path(found[key]).resolve()).startswith(str(ROOT)), (key, found[key])
    assert found["map"]["roll"] == 17

    # the overrides still win over the wheel's own copies
    pins = tmp_path / "pins.toml"
    pins.write_text("[buttons]\nroll = 5\nleft = 6\nstraight = 13\nright = 16\nok = 20\nundo = 21\n")
    done = _run(venv, {**env, "COMPANION_PINS": str(pins), "COMPANION_ASSETS": str(tmp_path)}, tmp_path,
                str(venv / "bin" / "python"), "-c", probe)
    assert done.returncode == 0, done.stderr
    found = json.loads(done.stdout)
    assert found["assets"] == str(tmp_path) and found["map"]["roll"] == 5


@pytest.mark.slow
def test_installed_wheel_replays_a_record(installed: tuple[Path, dict[str, str]], tmp_path: Path) -> None:
    venv, env = installed
    record = tmp_path / "game.jsonl"
    record.write_text("".join(json.dumps(line) + "\n" for line in RECORD), encoding="utf-8")
    done = _run(venv, env, tmp_path, str(venv / "bin" / "companion"), "replay", str(record), "--json")
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout)
    assert summary["over"] is False
    assert [p["money"] for p in summary["players"]] == [60, 60]


@pytest.mark.slow
def test_installed_wheel_plays_the_demo(installed: tuple[Path, dict[str, str]], tmp_path: Path) -> None:
    venv, env = installed
    env = {**env, "COMPANION_DATA": str(tmp_path / "data")}
    done = _run(venv, env, tmp_path, str(venv / "bin" / "companion"),
                "demo", "--game", "suleika", "--turns", "2", "--screenshot", "x.png")
    assert done.returncode == 0, done.stdout + done.stderr
    assert (tmp_path / "x.png").stat().st_size > 1000
