"""The staff PIN's hash is readable by the companion user alone: one file holds it, mode
0600 (0640 at most, to the unit's group), in a folder of its own, and no copy of it lies in a
cache or anywhere else the companion writes."""

from __future__ import annotations

import os
import re
import stat
from pathlib import Path

import pytest

from companion import cli
from companion.staff_pin import hash_pin, write_pin_hash
from companion.ui.app import App
from companion.ui.staff import base as staff_base
from tests.ui.screen import press, settle, tap_label

UNIT = Path(__file__).resolve().parents[1] / "hardware" / "companion.service"
PIN = "2468"


def test_no_copy_of_the_pin_hash_is_left_anywhere(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    data, home, cache = tmp_path / "data", tmp_path / "home", tmp_path / "cache"
    for name, value in (("HOME", home), ("XDG_CACHE_HOME", cache), ("XDG_STATE_HOME", home / "state"),
                        ("XDG_DATA_HOME", home / "share"), ("COMPANION_DATA", data)):
        monkeypatch.setenv(name, str(value))
    stored = write_pin_hash(data, hash_pin(PIN, n=2**10)).read_text()
    pin_hash = re.search(r'"(scrypt\$[^"]+)"', stored)
    assert pin_hash is not None

    def run(self: App, scene: object) -> None:  # a start, the staff menu opened, a setting changed
        self.show(scene)
        press(self, "staff")
        for digit in PIN:
            tap_label(self, digit)
        tap_label(self, "OK")
        settle(self)
        tap_label(self, "Lautstärke")
        tap_label(self, "− 10")
        staff_base.shut(self)

    monkeypatch.setattr(App, "run", run)
    for _ in range(2):  # twice: a second start may read what the first one kept
        assert cli.main(["run", "--no-gpio", "--no-fullscreen"]) == 0
    holding = [p for p in tmp_path.rglob("*") if p.is_file() and pin_hash.group(1).encode() in p.read_bytes()]
    assert holding == [data / "settings.toml"]
    mode = stat.S_IMODE((data / "settings.toml").stat().st_mode)
    assert mode == 0o600, oct(mode)


def test_a_new_data_folder_is_the_companion_users_alone(tmp_path: Path) -> None:
    path = write_pin_hash(tmp_path / "new" / "data", hash_pin(PIN, n=2**10))
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert stat.S_IMODE(path.parent.stat().st_mode) == 0o700


def test_the_unit_makes_every_file_private() -> None:
    unit = dict(line.split("=", 1) for line in UNIT.read_text().splitlines() if re.match(r"^[A-Za-z]+=", line))
    assert unit["UMask"] == "0077"
    assert unit["CacheDirectoryMode"] == "0700" and unit["RuntimeDirectoryMode"] == "0700"
    assert unit["StateDirectoryMode"] in ("0700", "0750")
    assert os.path.basename(unit["ExecStart"].split()[0]) == "companion"
