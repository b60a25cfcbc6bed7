"""The settings file: defaults, a round trip, the PIN's hash kept, broken files survived, and
the lockout as it is stored."""

from __future__ import annotations

import stat
from pathlib import Path

import pytest

from companion import settings
from companion.settings import LockoutState, Settings, load, option_defaults, save
from companion.staff_pin import hash_pin, read_pin_hash, write_pin_hash


def test_no_file_gives_the_defaults(tmp_path: Path) -> None:
    s = load(tmp_path)
    assert (s.language, s.volume, s.options, s.lock) == (None, 100, {}, LockoutState())


def test_a_round_trip_keeps_every_value(tmp_path: Path) -> None:
    s = Settings(language="en", volume=40, options={"suleika": {"corner_loops": "TL_BR", "variant2p": True}},
                 lock=LockoutState(2, 1, 1234.5))
    save(tmp_path, s)
    assert load(tmp_path) == s


def test_saving_keeps_the_pin_and_tables_it_does_not_know(tmp_path: Path) -> None:
    stored = hash_pin("2468", n=2**10)
    write_pin_hash(tmp_path, stored)
    (tmp_path / "settings.toml").write_text((tmp_path / "settings.toml").read_text() + '\n[later]\nx = "y"\n')
    save(tmp_path, Settings(volume=10))
    assert read_pin_hash(tmp_path) == stored
    assert 'x = "y"' in (tmp_path / "settings.toml").read_text()
    # and the installer can still set a new PIN in the file the menu wrote
    write_pin_hash(tmp_path, hash_pin("1357", n=2**10))
    assert load(tmp_path).volume == 10


def test_the_file_is_for_the_companion_user_only(tmp_path: Path) -> None:
    path = save(tmp_path, Settings())
    assert stat.S_IMODE(path.stat().st_mode) == 0o640
    assert not list(tmp_path.glob(".settings-*"))  # no temporary file left behind


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


def test_a_lockout_survives_a_restart_but_never_grows_when_the_clock_goes_back(tmp_path: Path) -> None:
    now = [1000.0]
    gate = settings.lockout(Settings(), lambda: now[0])
    for _ in range(3):
        gate.wrong()
    s = Settings()
    settings.save_lockout(tmp_path, s, gate)
    again = settings.lockout(load(tmp_path), lambda: now[0] + 10)
    assert again.locked_for() == pytest.approx(50.0)
    # a Pi without a clock comes back an hour early: still one minute at most
    early = settings.lockout(load(tmp_path), lambda: now[0] - 3600)
    assert early.locked_for() == pytest.approx(60.0)


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
