"""Every kind of damaged games file, met as the café meets it: ``companion run`` reaches its
first screen and says what it found in German, and ``companion export`` answers in words;
neither prints a traceback (under the unit that was a restart loop with a black screen)."""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from companion import cli
from companion.session.store import Store
from companion.ui.app import App
from companion.ui.shell.menu import MenuScene
from companion.ui.shell.resume import ResumeScene

ROOT = Path(__file__).resolve().parents[2]
HEADER = {"record": 2, "game": "suleika", "players": 2, "seed": 3}


def fill(path: Path, games: int = 8) -> None:
    store = Store(path)
    for g in range(games + 1):
        gid = store.new_game({**HEADER, "seed": g})
        for i in range(30):
            store.append(gid, i, {"action": "roll", "value": 1 + i % 6}, [], over=g < games and i == 29)
    store.close()


def truncated(path: Path) -> None:
    fill(path)
    with open(path, "r+b") as f:
        f.truncate(path.stat().st_size // 2)


def zeroed_page(path: Path) -> None:
    fill(path)
    with open(path, "r+b") as f:
        f.seek(4096 * 3)
        f.write(bytes(4096))


def not_a_database(path: Path) -> None:
    path.write_bytes(b"these are not the games you are looking for\n" * 100)


def damaged_header(path: Path) -> None:
    fill(path)
    data = bytearray(path.read_bytes())
    at = -1
    for _ in range(2):  # the header and its copy among the steps
        at = data.index(b'"seed": 8}', at + 1)
        data[at + 8] ^= 0x01
    path.write_bytes(bytes(data))


def newer(path: Path) -> None:
    fill(path)
    db = sqlite3.connect(path)
    db.execute("PRAGMA user_version = 99")
    db.close()


def lost_wal(path: Path) -> None:
    fill(path)
    store = Store(path)
    gid = store.unfinished()[0].id
    for i in range(30, 50):
        store.append(gid, i, {"action": "roll", "value": 2}, [])
    image = path.parent / "image"
    image.mkdir()
    for suffix in ("", "-shm", "-last"):  # the power cut took the -wal file
        if Path(f"{path}{suffix}").exists():
            shutil.copy(f"{path}{suffix}", image / f"{path.name}{suffix}")
    store.close()
    for suffix in ("", "-wal", "-shm", "-last"):
        Path(f"{path}{suffix}").unlink(missing_ok=True)
        if (image / f"{path.name}{suffix}").exists():
            shutil.move(image / f"{path.name}{suffix}", f"{path}{suffix}")


def emptied(path: Path) -> None:
    fill(path)
    path.write_bytes(b"")
    for suffix in ("-wal", "-shm"):
        Path(f"{path}{suffix}").unlink(missing_ok=True)


def no_directory(path: Path) -> None:
    path.parent.rmdir()
    path.parent.write_text("a file where the data directory should be")


FAULTS: dict[str, tuple[Callable[[Path], None], str]] = {
    "truncated": (truncated, "moved_aside_damaged"),
    "zeroed page": (zeroed_page, "moved_aside_damaged"),
    "not a database": (not_a_database, "moved_aside_damaged"),
    "damaged header": (damaged_header, "damaged_game"),
    "newer companion": (newer, "moved_aside_newer"),
    "lost -wal": (lost_wal, "moved_aside_lost"),
    "emptied by a power cut": (emptied, "store_was_empty"),
    "no data directory": (no_directory, "memory_only"),
}


@pytest.mark.slow
@pytest.mark.parametrize("fault", list(FAULTS))
def test_run_reaches_its_first_screen_and_says_what_it_found(tmp_path: Path, monkeypatch, capsys,
                                                             fault: str) -> None:
    path = tmp_path / "data" / "companion.sqlite3"
    path.parent.mkdir()
    harm, code = FAULTS[fault]
    harm(path)
    seen: dict[str, object] = {}

    def run(self: App, scene) -> None:
        self.show(scene)
        self.step(block=False)
        seen.update(scene=scene, banner=scene.banner.text, notices=list(self.store_notices),
                    words=self.texts.refusal("store", self.store_notices[0]) if self.store_notices else "")

    monkeypatch.setattr(App, "run", run)
    assert cli.main(["--lang", "de", "run", "--data", str(path), "--no-gpio", "--no-kiosk"]) == 0
    notices = seen["notices"]
    assert isinstance(notices, list) and code in [n.code for n in notices], notices
    assert seen["words"] and seen["words"] in seen["banner"]  # the first screen says it, in German
    assert isinstance(seen["scene"], (MenuScene, ResumeScene))
    logged = capsys.readouterr().err  # standard error: the journal, under the unit
    assert all(f"store: {n}" in logged for n in notices), logged
    if path.parent.is_dir():
        names = [p.name for p in path.parent.iterdir()]
        assert all(not n.endswith(".deleted") for n in names)
        if code.startswith("moved_aside"):
            assert any(n.startswith("companion.sqlite3.") for n in names)  # kept, never deleted


@pytest.mark.slow
@pytest.mark.parametrize("fault", list(FAULTS))
def test_export_answers_in_words(tmp_path: Path, fault: str) -> None:
    path = tmp_path / "data" / "companion.sqlite3"
    path.parent.mkdir()
    FAULTS[fault][0](path)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ["PYTHONPATH"]])}
    done = subprocess.run([sys.executable, "-m", "companion", "export", "--data", str(path)],
                          capture_output=True, text=True, timeout=60, env=env)
    assert "Traceback" not in done.stderr, done.stderr
    assert done.returncode in (0, 1)
    assert done.stdout or done.stderr.strip()
