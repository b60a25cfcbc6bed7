"""The PIN screen's lockout through the real screen loop when the café's day goes wrong: a
clock set back, a data folder that cannot be written, a store fallen back to memory."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion import cli, settings
from companion.session.store import Store
from companion.staff_pin import hash_pin, write_pin_hash
from companion.ui.app import App
from companion.ui.kit import recording
from companion.ui.staff import base as staff_base
from companion.ui.staff import scene as staff
from companion.ui.staff.menu import StaffMenu
from tests.ui.screen import new_app as app_with_routes
from tests.ui.screen import press, settle, tap_label

PIN = "0815"


class Clocks:
    """The monotonic clock of the run and the wall clock, ticking together unless set."""

    def __init__(self) -> None:
        self.mono, self.wall = 100.0, 1_700_000_000.0

    def tick(self, seconds: float) -> None:
        self.mono += seconds
        self.wall += seconds


@pytest.fixture
def clocks(monkeypatch: pytest.MonkeyPatch) -> Clocks:
    c = Clocks()
    monkeypatch.setattr(staff, "CLOCK", lambda: c.mono)
    monkeypatch.setattr(staff, "WALL", lambda: c.wall)
    return c


def new_app(data: Path) -> App:
    app = app_with_routes("de", Store(data / "companion.sqlite3"))
    app.show(app.routes["menu"](app))
    settle(app)
    return app


def shown(app: App) -> str:
    with recording() as rec:
        app.scene.draw(app.screen)
    return " ".join(t.text for t in rec.texts)


def type_pin(app: App, pin: str) -> None:
    for digit in pin:
        tap_label(app, digit)
    tap_label(app, "OK")
    settle(app)


def three_wrong(app: App) -> None:
    press(app, "staff")
    for pin in ("1111", "2222", "3333"):
        type_pin(app, pin)


def test_setting_the_clock_back_does_not_lock_the_menu_again(tmp_path: Path, clocks: Clocks) -> None:
    write_pin_hash(tmp_path, hash_pin(PIN, n=2**10))
    app = new_app(tmp_path)
    try:
        three_wrong(app)
        assert "1:00" in shown(app)
        clocks.tick(50)
        clocks.wall -= 3600  # the clock is set back an hour while the menu is locked
        tap_label(app, "Abbrechen")
        press(app, "staff")  # opening the PIN screen again
        assert "noch 10 Sekunden" in shown(app)
        clocks.tick(10)
        type_pin(app, PIN)
        assert isinstance(app.scene, StaffMenu)
    finally:
        staff_base.shut(app)
        app.close()


def test_a_data_folder_that_cannot_be_written_locks_the_menu_for_the_run(
        tmp_path: Path, clocks: Clocks, monkeypatch: pytest.MonkeyPatch) -> None:
    write_pin_hash(tmp_path, hash_pin(PIN, n=2**10))
    for name in ("RUNTIME_DIRECTORY", "STATE_DIRECTORY", "XDG_RUNTIME_DIR"):
        monkeypatch.delenv(name, raising=False)  # no spare folder either

    def read_only(*_a: object, **_k: object) -> None:
        raise OSError(30, "Read-only file system")

    monkeypatch.setattr(settings, "save", read_only)
    app = new_app(tmp_path)
    try:
        three_wrong(app)
        assert "Gesperrt, bis das Gerät neu gestartet wird" in shown(app)
        clocks.tick(3600)
        settle(app)
        assert not any(c.enabled for c in app.scene.tappables() if c.label.isdigit())
        app.scene.submit(PIN)
        settle(app)
        assert isinstance(app.scene, staff.PinScene)
    finally:
        app.close()


def test_a_lockout_outlasts_a_restart_in_the_runtime_folder(
        tmp_path: Path, clocks: Clocks, monkeypatch: pytest.MonkeyPatch) -> None:
    write_pin_hash(tmp_path, hash_pin(PIN, n=2**10))
    monkeypatch.setenv("RUNTIME_DIRECTORY", str(tmp_path / "run"))
    monkeypatch.setattr(settings, "save", lambda *a, **k: (_ for _ in ()).throw(OSError(30, "Read-only")))
    app = new_app(tmp_path)
    three_wrong(app)
    app.close()
    clocks.tick(20)
    again = new_app(tmp_path)  # pulling the plug gives no fresh tries
    try:
        press(again, "staff")
        assert "noch 40 Sekunden" in shown(again)
    finally:
        again.close()


def test_companion_run_reads_the_pin_from_its_data_folder_when_the_store_is_in_memory(
        tmp_path: Path, clocks: Clocks, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "cafe"
    write_pin_hash(folder, hash_pin(PIN, n=2**10))
    # a games file that cannot be opened (it leads into a folder that is not there): the store
    # runs in memory
    (folder / "companion.sqlite3").symlink_to(tmp_path / "gone" / "companion.sqlite3")
    seen: dict[str, object] = {}

    def run(self: App, scene: object) -> None:
        seen["store"] = str(self.store.path)
        self.show(scene)
        press(self, "staff")
        seen["words"] = shown(self)
        type_pin(self, PIN)
        seen["scene"] = self.scene
        staff_base.shut(self)

    monkeypatch.setattr(App, "run", run)
    assert cli.main(["run", "--data", str(folder / "companion.sqlite3"), "--no-gpio", "--no-fullscreen"]) == 0
    assert seen["store"] == ":memory:"
    assert "Bitte die Personal-Geheimzahl eingeben" in str(seen["words"])  # not "no PIN set"
    assert isinstance(seen["scene"], StaffMenu)
