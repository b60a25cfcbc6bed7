"""The settings file: defaults, a round trip, the PIN's hash kept, broken files survived, and
the lockout as it is stored."""

from __future__ import annotations

import stat
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from companion import settings
from companion.settings import LockoutState, Settings, change, load, option_defaults, save
from companion.staff_pin import hash_pin, read_pin_hash, write_pin_hash


def test_no_file_gives_the_defaults(tmp_path: Path) -> None:
    s = load(tmp_path)
    assert (s.language, s.volume, s.options, s.lock) == (None, 100, {}, LockoutState())


def test_a_round_trip_keeps_every_value(tmp_path: Path) -> None:
    s = Settings(language="en", volume=40, options={"suleika": {"corner_loops": "TL_BR", "variant2p": True}},
                 lock=LockoutState(2, 1, 1234.5))
    save(tmp_path, s)
    assert load(tmp_path) == s


def test_a_change_keeps_the_pin_and_tables_it_does_not_know(tmp_path: Path) -> None:
    stored = hash_pin("2468", n=2**10)
    write_pin_hash(tmp_path, stored)
    (tmp_path / "settings.toml").write_text((tmp_path / "settings.toml").read_text()
                                            + '\n[later]\nx = "y"\n[screen.colours]\nink = "gold"\n')
    assert change(tmp_path, volume=10).volume == 10
    assert read_pin_hash(tmp_path) == stored
    data = tomllib.loads((tmp_path / "settings.toml").read_text())
    assert data["later"] == {"x": "y"} and data["screen"]["colours"] == {"ink": "gold"}
    # and the installer can still set a new PIN in the file the menu wrote
    write_pin_hash(tmp_path, hash_pin("1357", n=2**10))
    assert load(tmp_path).volume == 10


def test_one_model_holds_every_table_the_pin_too(tmp_path: Path) -> None:
    write_pin_hash(tmp_path, "scrypt$n=1024,r=8,p=1$AAAA$BBBB")
    s = load(tmp_path)
    assert s.pin == "scrypt$n=1024,r=8,p=1$AAAA$BBBB"
    s.volume = 20
    save(tmp_path, s)  # the whole model written back: the PIN is one of its values
    assert load(tmp_path) == s and read_pin_hash(tmp_path) == s.pin
    assert (tmp_path / "settings.toml").read_text().index("[staff]") < \
        (tmp_path / "settings.toml").read_text().index("[screen]")  # the PIN's table first


def test_the_file_is_for_the_companion_user_only(tmp_path: Path) -> None:
    path = save(tmp_path / "new", Settings())
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert stat.S_IMODE(path.parent.stat().st_mode) == 0o700  # a folder made for it too
    assert not [p.name for p in path.parent.iterdir() if p.name != "settings.toml"]  # no temporary left
    path.chmod(0o640)  # the unit's group may read it: kept
    save(tmp_path / "new", Settings(volume=5))
    assert stat.S_IMODE(path.stat().st_mode) == 0o640
    path.chmod(0o666)  # a file others could read or write holds the PIN's hash: no longer
    change(tmp_path / "new", volume=6)
    assert stat.S_IMODE(path.stat().st_mode) == 0o640


def test_every_writer_syncs_the_file_and_its_folder(tmp_path: Path, monkeypatch) -> None:
    """The PIN, the staff's choices and the lockout reach the card through one writer: the
    file synced before it is renamed into place, and its folder after."""
    import os

    synced: list[str] = []
    real = os.fsync

    def fsync(fd: int) -> None:
        synced.append("folder" if stat.S_ISDIR(os.fstat(fd).st_mode) else "file")
        real(fd)

    monkeypatch.setattr(os, "fsync", fsync)
    write_pin_hash(tmp_path, hash_pin("2468", n=2**10))
    assert synced == ["file", "folder"]
    change(tmp_path, volume=30)
    assert synced == ["file", "folder"] * 2


def test_the_settings_import_nothing_that_imports_them() -> None:
    """No import cycle: the settings know neither the store, nor the PIN, nor the screens."""
    code = "import sys, companion.settings; print(' '.join(sorted(m for m in sys.modules if m.split('.')[0] == 'companion')))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["companion", "companion.atomic", "companion.paths", "companion.settings"]


@pytest.mark.parametrize("text", [
    "not toml at all [",
    '[screen]\nlanguage = "fr"\nvolume = "loud"\n[lockout]\nmisses = -4\nuntil = "soon"\n',
    '[screen]\nvolume = true\n[options]\nsuleika = 3\n',
])
def test_a_broken_file_falls_back_to_the_defaults(tmp_path: Path, text: str) -> None:
    (tmp_path / "settings.toml").write_text(text)
    s = load(tmp_path)
    assert s.language is None and s.volume == 100 and s.lock.misses == 0 and s.lock.until == 0.0


def test_volume_is_kept_within_0_and_100(tmp_path: Path) -> None:
    (tmp_path / "settings.toml").write_text("[screen]\nvolume = 250\n")
    assert load(tmp_path).volume == 100


def test_option_defaults_come_from_the_registry_unless_set() -> None:
    s = Settings(options={"suleika": {"corner_loops": "TL_BR", "rules": "chess", "variant2p": "yes"}})
    got = option_defaults("suleika", s)
    assert got == {"rules": "suleika", "variant2p": False, "corner_loops": "TL_BR"}
    assert option_defaults("alibaba", s) == {"variant_free_loot": False}


def test_data_dir_follows_the_store_or_the_environment(tmp_path: Path, monkeypatch) -> None:
    assert settings.data_dir(tmp_path / "games.sqlite3") == tmp_path
    monkeypatch.setenv("COMPANION_DATA", str(tmp_path / "elsewhere"))
    assert settings.data_dir(":memory:") == tmp_path / "elsewhere"
    assert settings.data_dir(None) == tmp_path / "elsewhere"


def test_start_applies_the_language_and_the_volume(tmp_path: Path) -> None:
    from companion.root import start
    from companion.session.store import Store

    save(tmp_path, Settings(language="en", volume=30))
    store = Store(tmp_path / "companion.sqlite3")
    app, first, _sources = start(store, lang="de", fullscreen=False, gpio=False)
    try:
        assert app.texts.lang == "en"
        assert app.sounds.volume == pytest.approx(0.3)
        assert "staff" in app.routes
    finally:
        app.close()
        store.close()
