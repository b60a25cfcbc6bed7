"""The staff PIN: salted scrypt hashes, the settings file, and the lockout on a fake clock."""

from __future__ import annotations

import io
import stat
import tomllib
from pathlib import Path

import pytest

from companion import staff_pin
from companion.staff_pin import Lockout, PinError, check_pin, hash_pin, read_pin_hash, write_pin_hash


def test_a_hash_accepts_its_pin_and_nothing_else() -> None:
    stored = hash_pin("2468")
    assert check_pin("2468", stored)
    assert not check_pin("2469", stored)
    assert not check_pin("", stored)
    assert "2468" not in stored


def test_the_hash_names_its_parameters() -> None:
    stored = hash_pin("2468")
    assert stored.startswith("scrypt$n=16384,r=8,p=1$")
    # cheaper parameters are read back from the text, not assumed
    cheap = hash_pin("2468", n=2**10, r=4, p=1)
    assert cheap.startswith("scrypt$n=1024,r=4,p=1$") and check_pin("2468", cheap)


def test_every_hash_has_its_own_salt() -> None:
    first, second = hash_pin("2468"), hash_pin("2468")
    assert first != second
    assert first.split("$")[2] != second.split("$")[2]
    assert check_pin("2468", first) and check_pin("2468", second)


def test_a_fixed_salt_gives_a_fixed_hash() -> None:
    assert hash_pin("2468", salt=b"0" * 16) == hash_pin("2468", salt=b"0" * 16)


@pytest.mark.parametrize("pin", ["", "123", "123456789", "12a4", " 1234", "１２３４"])
def test_only_4_to_8_digits_make_a_pin(pin: str) -> None:
    with pytest.raises(PinError):
        hash_pin(pin)


@pytest.mark.parametrize("stored", [
    "", "2468", "scrypt$n=16384,r=8,p=1$AAAA", "bcrypt$n=16384,r=8,p=1$AAAA$AAAA",
    "scrypt$n=1000,r=8,p=1$AAAA$AAAA",          # not a power of two
    "scrypt$n=1073741824,r=8,p=1$AAAA$AAAA",    # would need 128 GiB: refused, not computed
    "scrypt$n=16384,r=8,p=1$!!!!$AAAA",
])
def test_a_broken_stored_text_matches_nothing(stored: str) -> None:
    assert not check_pin("2468", stored)


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_three_wrong_pins_lock_for_one_then_two_then_four_minutes() -> None:
    clock, stored = Clock(), hash_pin("2468", n=2**10)
    lock = Lockout(clock=clock)
    for expected in (60.0, 120.0, 240.0):
        assert lock.attempt("1111", stored) is False
        assert lock.attempt("1111", stored) is False
        assert lock.locked_for() == 0.0
        assert lock.attempt("1111", stored) is False
        assert lock.locked_for() == expected
        # while locked even the right PIN is not looked at, and nothing is counted
        clock.now += expected - 1
        assert lock.attempt("2468", stored) is None
        assert lock.locked_for() == 1.0
        clock.now += 1
        assert lock.locked_for() == 0.0


def test_a_right_pin_forgives() -> None:
    clock, stored = Clock(), hash_pin("2468", n=2**10)
    lock = Lockout(clock=clock)
    for _ in range(3):
        lock.attempt("0000", stored)
    clock.now += 60
    assert lock.attempt("0000", stored) is False
    assert lock.attempt("2468", stored) is True
    assert lock.misses == 0
    for _ in range(3):
        lock.attempt("0000", stored)
    assert lock.locked_for() == 60.0  # back to one minute, not two


def test_settings_file_is_created_and_read(tmp_path: Path) -> None:
    stored = hash_pin("2468")
    path = write_pin_hash(tmp_path / "data", stored)
    assert path == tmp_path / "data" / "settings.toml"
    assert tomllib.loads(path.read_text())["staff"]["pin"] == stored
    assert read_pin_hash(tmp_path / "data") == stored
    assert stat.S_IMODE(path.stat().st_mode) == 0o640
    assert [p.name for p in path.parent.iterdir()] == ["settings.toml"]  # no temporary left


def test_setting_a_pin_keeps_the_rest_of_the_settings(tmp_path: Path) -> None:
    (tmp_path / "settings.toml").write_text(
        '# the café\'s settings\n[screen]\nlang = "en"\n\n[staff]\npin = "old"\ntimeout = 30\n\n[sound]\non = true\n')
    write_pin_hash(tmp_path, hash_pin("13579"))
    data = tomllib.loads((tmp_path / "settings.toml").read_text())
    assert data["screen"] == {"lang": "en"} and data["sound"] == {"on": True}
    assert data["staff"]["timeout"] == 30 and check_pin("13579", data["staff"]["pin"])
    (tmp_path / "settings.toml").write_text('[screen]\nlang = "de"\n[staff]\ntimeout = 5\n')
    write_pin_hash(tmp_path, hash_pin("2468"))
    data = tomllib.loads((tmp_path / "settings.toml").read_text())
    assert data["staff"]["timeout"] == 5 and check_pin("2468", data["staff"]["pin"])
    assert data["screen"] == {"lang": "de"}


def test_no_settings_file_means_no_pin(tmp_path: Path) -> None:
    assert read_pin_hash(tmp_path) is None
    (tmp_path / "settings.toml").write_text("[staff\n")
    assert read_pin_hash(tmp_path) is None


def test_command_line_reads_the_pin_from_standard_input(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("2468\n"))
    assert staff_pin.main(["set", "--data", str(tmp_path)]) == 0
    assert "2468" not in capsys.readouterr().out
    monkeypatch.setattr("sys.stdin", io.StringIO("2468\n"))
    assert staff_pin.main(["check", "--data", str(tmp_path)]) == 0
    monkeypatch.setattr("sys.stdin", io.StringIO("1111\n"))
    assert staff_pin.main(["check", "--data", str(tmp_path)]) == 1
    monkeypatch.setattr("sys.stdin", io.StringIO("12\n"))
    assert staff_pin.main(["set", "--data", str(tmp_path)]) == 2


def test_setting_a_new_pin_lifts_a_lockout(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A forgotten PIN: the installer sets a new one, and the wrong guesses before it are forgiven."""
    from companion import settings

    s = settings.load(tmp_path)
    s.options["suleika"] = {"rules": "marrakech"}
    s.lock = settings.LockoutState(misses=2, lockouts=3, until=10**12)
    settings.save(tmp_path, s)
    monkeypatch.setattr("sys.stdin", io.StringIO("97531\n"))
    assert staff_pin.main(["set", "--data", str(tmp_path)]) == 0
    after = settings.load(tmp_path)
    assert after.lock == settings.LockoutState()
    assert settings.lockout(after).locked_for() == 0.0
    assert after.options == {"suleika": {"rules": "marrakech"}}  # nothing else changed
    stored = read_pin_hash(tmp_path)
    assert stored is not None and check_pin("97531", stored)
