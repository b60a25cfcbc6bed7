"""The staff menu through the real screen loop: the two hidden doors, the PIN and its lockout
(on a fake clock, across a restart), each page doing what it says, and a kiosk nobody leaves."""

from __future__ import annotations

import os
from pathlib import Path

import pygame
import pytest

from companion import settings
from companion.root import make_app
from companion.session.record import dumps
from companion.session.store import Store
from companion.staff_pin import hash_pin, write_pin_hash
from companion.ui.app import App
from companion.ui.kit import recording
from companion.ui.shell.menu import MenuScene
from companion.ui.shell.selftest import SelftestScene
from companion.ui.staff import base as staff_base
from companion.ui.staff import menu as staff_menu
from companion.ui.staff import scene as staff
from companion.ui.staff.menu import StaffMenu
from tests.ui.screen import new_app as app_with_routes
from tests.ui.screen import press, settle, tap_label

PIN = "0815"


class Clock:
    def __init__(self, t: float = 1_000_000.0) -> None:
        self.t = t

    def __call__(self) -> float:
        return self.t


@pytest.fixture
def clock(monkeypatch) -> Clock:
    c = Clock()
    monkeypatch.setattr(staff, "CLOCK", c)
    monkeypatch.setattr(staff, "WALL", c)  # the wall clock runs with it, unless a test sets it
    return c


def new_app(data: Path, lang: str = "de") -> App:
    app = app_with_routes(lang, Store(data / "companion.sqlite3"))
    app.show(app.routes["menu"](app))
    settle(app)
    return app


@pytest.fixture
def app(app: App, data: Path, clock: Clock) -> App:
    """The shared app (tests/ui/conftest.py) on the menu, with a staff PIN set."""
    write_pin_hash(data, hash_pin(PIN, n=2**10))
    app.show(app.routes["menu"](app))
    settle(app)
    return app


def type_pin(app: App, pin: str) -> None:
    for digit in pin:
        tap_label(app, digit)
    tap_label(app, "OK")
    settle(app)


def enter(app: App) -> None:
    press(app, "staff")
    type_pin(app, PIN)
    assert isinstance(app.scene, StaffMenu)


def shown(app: App) -> list[str]:
    with recording() as rec:
        app.scene.draw(app.screen)
    return [t.text for t in rec.texts]


# -- the doors ---------------------------------------------------------------------------------
def test_undo_and_ok_held_opens_the_pin_screen_from_any_screen(app: App) -> None:
    press(app, "staff")
    assert isinstance(app.scene, staff.PinScene)
    press(app, "staff")  # again on the PIN screen: nothing new
    assert isinstance(app.scene, staff.PinScene)
    tap_label(app, "Abbrechen")
    assert isinstance(app.scene, MenuScene)


def test_the_top_left_corner_held_for_five_seconds_opens_it(app: App, monkeypatch) -> None:
    now = Clock(50.0)
    monkeypatch.setattr(App, "now", staticmethod(now))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(10, 10)))
    app.step(block=False)
    now.t += 4.0
    app.step(block=False)
    assert isinstance(app.scene, MenuScene)  # four seconds are not enough
    now.t += 1.0
    app.step(block=False)
    assert isinstance(app.scene, staff.PinScene)


def test_a_corner_tap_or_a_hold_elsewhere_does_not(app: App, monkeypatch) -> None:
    now = Clock(50.0)
    monkeypatch.setattr(App, "now", staticmethod(now))
    for down, up in (((10, 10), (10, 10)), ((100, 10), None)):
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=down))
        if up:
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=up))
        app.step(block=False)
        now.t += 6.0
        app.step(block=False)
        assert isinstance(app.scene, MenuScene)


def test_no_pin_set_says_how_to_set_one_and_stays_shut(data: Path, clock: Clock) -> None:
    app = new_app(data)
    press(app, "staff")
    texts = " ".join(shown(app))
    assert "Geheimzahl festlegen" in texts and "zweimal" in texts  # set here, not on a command line
    assert not [c for c in app.scene.tappables() if c.label == "OK"]
    for n in (2, 4, 6, 8):
        press(app, "roll", n)
    press(app, "ok")
    assert isinstance(app.scene, staff.PinScene)
    app.close()


# -- the PIN -----------------------------------------------------------------------------------
def test_the_right_pin_opens_the_menu_and_is_shown_as_dots_only(app: App) -> None:
    press(app, "staff")
    for digit in PIN:
        tap_label(app, digit)
    assert not any(PIN in t or "815" in t for t in shown(app))
    tap_label(app, "OK")
    settle(app)
    assert isinstance(app.scene, StaffMenu)


def test_a_leading_zero_counts_and_the_die_keys_type_too(data: Path, clock: Clock) -> None:
    write_pin_hash(data, hash_pin("0123", n=2**10))  # 0 only on the pad
    app = new_app(data)
    press(app, "staff")
    tap_label(app, "0")
    for n in (1, 2, 3):
        press(app, "roll", n)
    press(app, "ok")
    assert isinstance(app.scene, StaffMenu)
    staff_base.shut(app)
    app.close()


def test_three_wrong_pins_lock_for_a_minute_and_a_restart_keeps_it(app: App, data: Path, clock: Clock) -> None:
    press(app, "staff")
    type_pin(app, "1111")
    type_pin(app, "2222")
    assert "Versuche bis zur Sperre: 1" in " ".join(shown(app))
    type_pin(app, "3333")
    assert "1:00" in " ".join(shown(app))
    # locked: the keys are off, and even the right PIN is not looked at
    assert not any(c.enabled for c in app.scene.tappables() if c.label.isdigit())
    app.scene.submit(PIN)
    settle(app)
    assert isinstance(app.scene, staff.PinScene)
    clock.t += 30
    settle(app)
    app.scene.dirty = True
    settle(app)
    assert "noch 30 Sekunden" in " ".join(shown(app))
    # pulling the plug: a new app on the same data directory is still locked
    app.close()
    again = new_app(data)
    press(again, "staff")
    assert "noch 30 Sekunden" in " ".join(shown(again))
    assert not any(c.enabled for c in again.scene.tappables() if c.label.isdigit())
    # a minute after the third wrong PIN: one may try again; three more wrong ones lock for two
    clock.t += 30
    settle(again)
    for pin in ("1111", "2222", "3333"):
        type_pin(again, pin)
    assert "2:00" in " ".join(shown(again))
    assert settings.load(data).lock.lockouts == 2
    clock.t += 120
    settle(again)
    type_pin(again, PIN)
    assert isinstance(again.scene, StaffMenu)
    assert settings.load(data).lock == settings.LockoutState()  # the right PIN forgives
    staff_base.shut(again)
    again.close()


def test_pages_are_not_reached_without_the_pin(app: App) -> None:
    app.go("staff", page="system", action="poweroff")
    assert isinstance(app.scene, staff.PinScene)


# -- the pages ---------------------------------------------------------------------------------
def test_language_counts_at_once_and_is_stored(app: App, data: Path) -> None:
    table = None
    enter(app)
    tap_label(app, "Sprache")
    tap_label(app, "English")
    assert app.texts.lang == "en" and settings.load(data).language == "en"
    tap_label(app, "Back")
    tap_label(app, "Done")
    assert isinstance(app.scene, MenuScene) and app.scene.t.lang == "en"
    assert table is None


def test_volume_is_stored_and_applied(app: App, data: Path) -> None:
    enter(app)
    tap_label(app, "Lautstärke")
    tap_label(app, "50 %")
    tap_label(app, "− 10")
    assert settings.load(data).volume == 40
    assert app.sounds.volume == pytest.approx(0.4)
    tap_label(app, "Ton probieren")  # plays (silently here) without failing


def test_board_and_options_become_what_setup_starts_from(app: App, data: Path) -> None:
    enter(app)
    tap_label(app, "Spielregeln und Varianten")  # one page serves every game's options
    tap_label(app, "oben links + unten rechts")
    tap_label(app, "Marrakech")
    defaults = settings.option_defaults("suleika", settings.load(data))
    assert defaults["corner_loops"] == "TL_BR" and defaults["rules"] == "marrakech"


def test_done_goes_back_to_the_table_it_was_opened_from(app: App) -> None:
    from companion.session.session import Session

    session = Session.new({"game": "suleika", "players": 3, "seed": 1}, app.store)
    table = app.go("table", session=session)
    settle(app)
    enter(app)
    tap_label(app, "Fertig")
    assert app.scene is table


def test_the_button_test_and_back_without_the_pin(app: App) -> None:
    table = app.scene
    enter(app)
    tap_label(app, "Tastentest")
    assert isinstance(app.scene, SelftestScene)
    press(app, "staff")
    assert isinstance(app.scene, StaffMenu)
    tap_label(app, "Fertig")
    assert app.scene is table


def test_the_box_check_names_file_line_and_reason(app: App, tmp_path: Path, monkeypatch) -> None:
    import shutil

    from companion.boxdata import assets_dir

    enter(app)
    tap_label(app, "Deine Schachtel prüfen")
    assert "Suleika: alle Dateien in Ordnung" in shown(app)
    mine = tmp_path / "assets"
    shutil.copytree(assets_dir(), mine)
    text = (mine / "suleika.toml").read_text()
    (mine / "suleika.toml").write_text(text.replace("die_faces", "die_faces_typo", 1))
    monkeypatch.setenv("COMPANION_ASSETS", str(mine))
    tap_label(app, "Zurück")
    tap_label(app, "Deine Schachtel prüfen")
    words = " ".join(shown(app))
    assert "Suleika: Fehler in" in words and "suleika.toml" in words


def finished_game(store: Store) -> int:
    import random

    from companion.session.session import Session
    from companion.session.simulate import random_step

    session = Session.new({"game": "suleika", "players": 2, "seed": 5, "names": ["Anna", "Ben"]}, store)
    rng = random.Random(5)
    while not session.over:
        session.act(random_step(session.engine, session.state, rng))
    return session.game_id


def exported(app: App) -> None:
    """Wait for the export's own thread, then let the page show what it did."""
    export = app.scene.export
    if export is not None:
        export.thread.join(30)
    app.step(block=False)


def test_history_lists_a_game_and_saves_it_to_a_usb_stick(app: App, tmp_path: Path, monkeypatch) -> None:
    from companion.session.record import dumps
    from companion.ui.staff import usb as staff_usb

    gid = finished_game(app.store)
    stick = tmp_path / "stick"
    stick.mkdir()
    monkeypatch.setattr(staff_usb, "sticks", lambda: [])
    enter(app)
    tap_label(app, "Gespielte Partien")
    line = next(c.label for c in app.scene.tappables() if "Suleika" in c.label)
    assert "2 Spieler" in line and "Schritte" in line and ("Anna" in line or "Ben" in line)
    tap_label(app, line)
    tap_label(app, "Auf USB-Speicher sichern")
    exported(app)
    assert "Kein USB-Stick gefunden" in " ".join(shown(app))
    monkeypatch.setattr(staff_usb, "sticks", lambda: [staff_usb.Stick("/dev/sda1", "/dev/sda", "KASSE", str(stick))])
    tap_label(app, "Auf USB-Speicher sichern")
    exported(app)
    written = (stick / f"companion-{gid}.jsonl").read_text()
    assert written == dumps(*app.store.load(gid))  # what `companion export` writes
    assert f"Gesichert als companion-{gid}.jsonl auf dem USB-Stick „KASSE“" in " ".join(shown(app))


def test_a_record_as_a_qr_code(app: App) -> None:
    from companion.ui.staff.data import QR_SIDE, qr_picture
    from companion.ui.staff.qr import decode

    picture = qr_picture("CR1:1/1:NCFWTLQF5S$91:5YEAPHA9RLHB0KQ4QO0", QR_SIDE)
    assert picture.get_width() <= QR_SIDE
    gid = finished_game(app.store)
    enter(app)
    app.go("staff", page="qr", game_id=gid)
    settle(app)
    assert app.scene.picture is not None
    assert decode(app.scene.parts) == dumps(*app.store.load(gid))


def test_store_health_shows_path_games_check_and_notices(app: App) -> None:
    from companion.session.notice import Notice

    app.store_notices = [Notice("games_recovered", "", count=3, file="old.sqlite3")]
    enter(app)
    tap_label(app, "Spielstände-Datei")
    words = " ".join(shown(app))
    assert "data/companion.sqlite3" in words and "Prüfung der Datei: in Ordnung" in words
    assert "3 Partien" in words or "old.sqlite3" in words


def test_restart_leaves_with_exit_status_3(app: App) -> None:
    enter(app)
    tap_label(app, "Neu starten")
    tap_label(app, "Jetzt neu starten")
    with pytest.raises(SystemExit) as leaving:
        tap_label(app, "Wirklich neu starten? Noch einmal drücken.")
    assert leaving.value.code == 3


def test_shut_down_asks_twice_and_runs_the_allowed_command(app: App, monkeypatch) -> None:
    import subprocess

    from tests.language import foreign_words

    calls = []

    def fake(cmd, **kw):
        calls.append(cmd)
        return subprocess.CompletedProcess(cmd, 1, "", "Call to PowerOff failed: Access denied")

    monkeypatch.setattr(staff_menu, "run", fake)
    enter(app)
    tap_label(app, "Ausschalten")
    tap_label(app, "Jetzt ausschalten")
    assert calls == []
    tap_label(app, "Wirklich ausschalten? Noch einmal drücken.")
    # through logind (polkit allows it), no sudo: the unit keeps NoNewPrivileges=yes
    assert calls == [["systemctl", "--no-ask-password", "poweroff"]]
    words = " ".join(shown(app))
    assert "Ausschalten ging nicht: Das System erlaubt es dem Programm nicht." in words
    assert "polkit-Regel" in words and "Access denied" not in words
    assert foreign_words(app.scene.failure, "de") == []

    def missing(cmd, **kw):
        raise FileNotFoundError(2, "No such file or directory", cmd[0])

    monkeypatch.setattr(staff_menu, "run", missing)
    tap_label(app, "Jetzt ausschalten")
    tap_label(app, "Wirklich ausschalten? Noch einmal drücken.")
    assert "Der Systembefehl systemctl fehlt" in " ".join(shown(app))


def test_reboot_asks_twice_and_an_accepted_command_says_nothing_bad(app: App, monkeypatch) -> None:
    import subprocess

    calls = []
    monkeypatch.setattr(staff_menu, "run", lambda cmd, **kw: calls.append(cmd) or subprocess.CompletedProcess(cmd, 0))
    enter(app)
    tap_label(app, "Gerät neu starten")
    tap_label(app, "Gerät jetzt neu starten")
    tap_label(app, "Wirklich das Gerät neu starten? Noch einmal drücken.")
    assert calls == [["systemctl", "--no-ask-password", "reboot"]]
    assert app.scene.failure == ""


# -- the kiosk ---------------------------------------------------------------------------------
def test_in_kiosk_mode_escape_and_closing_the_window_do_nothing(data: Path) -> None:
    app = App(store=Store(data / "k.sqlite3"), fullscreen=False, kiosk=True, sound=False,
              routes=make_app.__globals__["routes"]())
    app.show(app.routes["menu"](app))
    app.running = True
    for ev in (pygame.event.Event(pygame.QUIT),
               pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="\x1b", scancode=41)):
        pygame.event.post(ev)
        app.step(block=False)
        assert app.running
    assert isinstance(app.scene, MenuScene)
    app.close()


def test_usb_drives_are_mounted_writable_folders(monkeypatch, tmp_path: Path) -> None:
    from companion.ui.staff import usb as staff_usb

    (tmp_path / "pi" / "STICK").mkdir(parents=True)
    monkeypatch.setattr(staff_usb, "USB_GLOBS", (str(tmp_path / "*" / "*"),))
    monkeypatch.setattr(os.path, "ismount", lambda p: str(p).endswith("STICK"))
    assert staff_usb.usb_drives() == [tmp_path / "pi" / "STICK"]
