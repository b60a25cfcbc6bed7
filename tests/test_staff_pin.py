"""The staff PIN: salted scrypt hashes, the settings file, and the lockout on a fake clock."""

from __future__ import annotations

import io
import stat
import tomllib
from pathlib import Path

import pytest

from companion import settings, staff_pin
from companion.staff_pin import (
    KeptLockout,
    Lockout,
    PinError,
    check_pin,
    hash_pin,
    read_pin_hash,
    spare_files,
    write_pin_hash,
)


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
    assert stat.S_IMODE(path.stat().st_mode) == 0o600  # the companion user's alone
    assert [p.name for p in path.parent.iterdir()] == ["settings.toml"]  # no temporary left


def test_setting_a_pin_keeps_the_rest_of_the_settings(tmp_path: Path) -> None:
    (tmp_path / "settings.toml").write_text(
        '# the café\'s settings\n[screen]\nlang = "en"\n\n[staff]\npin = "old"\ntimeout = 30\n\n[sound]\non = true\n')
    write_pin_hash(tmp_path, hash_pin("13579"))
    data = tomllib.loads((tmp_path / "settings.toml").read_text())
    assert data["screen"]["lang"] == "en" and data["sound"] == {"on": True}
    assert data["staff"]["timeout"] == 30 and check_pin("13579", data["staff"]["pin"])
    (tmp_path / "settings.toml").write_text('[screen]\nlang = "de"\n[staff]\ntimeout = 5\n')
    write_pin_hash(tmp_path, hash_pin("2468"))
    data = tomllib.loads((tmp_path / "settings.toml").read_text())
    assert data["staff"]["timeout"] == 5 and check_pin("2468", data["staff"]["pin"])
    assert data["screen"]["lang"] == "de"


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
    s = settings.load(tmp_path)
    s.options["suleika"] = {"rules": "marrakech"}
    s.lock = settings.LockoutState(misses=2, lockouts=3, until=10**12)
    settings.save(tmp_path, s)
    monkeypatch.setattr("sys.stdin", io.StringIO("97531\n"))
    assert staff_pin.main(["set", "--data", str(tmp_path)]) == 0
    after = settings.load(tmp_path)
    assert after.lock == settings.LockoutState()
    assert Lockout.restore(after.lock, 10**12 - 5, lambda: 0.0).locked_for() == 0.0
    assert after.options == {"suleika": {"rules": "marrakech"}}  # nothing else changed
    stored = read_pin_hash(tmp_path)
    assert stored is not None and check_pin("97531", stored)


# -- the lockout of a run, kept over restarts and clock jumps ------------------------------------
class Clocks:
    """A monotonic clock and a wall clock that run together unless a test sets one."""

    def __init__(self) -> None:
        self.mono, self.wall = 500.0, 1_000_000.0

    def tick(self, seconds: float) -> None:
        self.mono += seconds
        self.wall += seconds


def kept(folder: Path, c: Clocks, env: dict[str, str] | None = None) -> KeptLockout:
    return KeptLockout(folder, clock=lambda: c.mono, wall=lambda: c.wall, env=env or {})


def lock_out(k: KeptLockout, stored: str) -> None:
    for _ in range(3):
        assert k.attempt("1111", stored) is False


def test_a_lockout_survives_a_restart_but_never_grows_when_the_clock_goes_back(tmp_path: Path) -> None:
    c, stored = Clocks(), hash_pin("2468", n=2**10)
    lock_out(kept(tmp_path, c), stored)
    c.tick(10)
    assert kept(tmp_path, c).gate.locked_for() == pytest.approx(50.0)  # a restart keeps it
    # a Pi without a clock comes back an hour early: one minute at most, never the hour
    c.wall -= 3600
    assert kept(tmp_path, c).gate.locked_for() == pytest.approx(60.0)
    # and a clock an hour ahead forgives at most the lock that was running
    c.wall += 7200
    assert kept(tmp_path, c).gate.locked_for() == 0.0


def test_setting_the_clock_back_within_a_run_does_not_lock_again(tmp_path: Path) -> None:
    """The wall clock jumps back an hour while the menu is locked: the lock still ends a minute
    after it began (the run counts on the monotonic clock), and what is saved then is no
    longer than what was left."""
    c, stored = Clocks(), hash_pin("2468", n=2**10)
    k = kept(tmp_path, c)
    lock_out(k, stored)
    c.tick(50)
    c.wall -= 3600  # NTP, or the staff, set the clock back
    assert k.gate.locked_for() == pytest.approx(10.0)
    assert k.attempt("2468", stored) is None  # still locked, and the count is saved again
    assert settings.load(tmp_path).lock.until == pytest.approx(c.wall + 10.0)
    c.tick(10)
    assert k.attempt("2468", stored) is True


def test_a_lockout_is_kept_in_a_spare_folder_when_the_data_folder_cannot_be_written(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    c, stored = Clocks(), hash_pin("2468", n=2**10)
    data, runtime = tmp_path / "data", tmp_path / "run"
    write_pin_hash(data, stored)

    def read_only(*_a: object, **_k: object) -> None:
        raise OSError(30, "Read-only file system")

    monkeypatch.setattr(settings, "save", read_only)
    env = {"RUNTIME_DIRECTORY": str(runtime)}
    k = kept(data, c, env)
    lock_out(k, stored)
    assert k.kept_in == runtime / "lockout.toml" and k.gate.locked_for() == 60.0
    c.tick(30)
    again = kept(data, c, env)  # the companion restarted: 30 s left, not three fresh tries
    assert again.gate.locked_for() == pytest.approx(30.0)
    c.tick(30)
    assert again.attempt("1111", stored) is False
    assert again.attempt("1111", stored) is False
    assert again.attempt("1111", stored) is False
    assert again.gate.locked_for() == 120.0  # the second lock, as if the card had taken it
    # the card is writable again: the settings file takes the count, the spare goes
    monkeypatch.undo()
    c.tick(120)
    assert kept(data, c, env).attempt("2468", stored) is True
    assert not (runtime / "lockout.toml").exists()
    assert kept(data, c, env).gate.lockouts == 0


def test_with_nowhere_to_keep_the_lockout_a_lock_lasts_the_whole_run(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    c, stored = Clocks(), hash_pin("2468", n=2**10)
    write_pin_hash(tmp_path, stored)
    monkeypatch.setattr(settings, "save", lambda *a, **k: (_ for _ in ()).throw(OSError(30, "Read-only")))
    k = kept(tmp_path, c)
    lock_out(k, stored)
    assert k.kept_in is None and k.gate.locked_for() == float("inf")
    c.tick(24 * 3600)
    assert k.attempt("2468", stored) is None  # not even the right PIN, until the next start


def test_spare_folders_are_the_services_own_never_the_data_folder(tmp_path: Path) -> None:
    env = {"STATE_DIRECTORY": str(tmp_path / "data"), "RUNTIME_DIRECTORY": "/run/companion",
           "XDG_RUNTIME_DIR": "/run/user/1000"}
    assert spare_files(tmp_path / "data", env) == [Path("/run/companion/lockout.toml"),
                                                    Path("/run/user/1000/companion/lockout.toml")]
    assert spare_files(tmp_path / "data", {}) == []
