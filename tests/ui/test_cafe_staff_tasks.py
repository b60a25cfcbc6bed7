"""The staff tasks a café needs (finding 12 and 13 of "Every player and every staff member"):
setting the PIN on the keypad, the lock's wording, the keyboard's digits, the date and time, a
game's start and length, unfinished games shown, resumed and deleted."""

from __future__ import annotations

import time
from pathlib import Path

import pygame
import pytest

from companion import settings
from companion.games import spec
from companion.session.session import Session
from companion.staff_pin import check_pin, hash_pin, write_pin_hash
from companion.ui.kit import confirm
from companion.ui.staff import base as staff_base
from companion.ui.staff import system as staff_system
from tests.ui.screen import press, settle, tap_label
from tests.ui.test_staff import PIN, Clock, enter, new_app, shown, type_pin


@pytest.fixture
def data(tmp_path: Path) -> Path:
    folder = tmp_path / "data"
    folder.mkdir()
    return folder


@pytest.fixture
def clock(monkeypatch) -> Clock:
    from companion.ui.staff import scene as staff

    c = Clock()
    monkeypatch.setattr(staff, "CLOCK", c)
    monkeypatch.setattr(staff, "WALL", c)
    return c


@pytest.fixture
def fast_hash(monkeypatch):
    """The PIN's scrypt at a small cost, so a test need not wait for the real one."""
    import companion.staff_pin as sp

    real = sp.hash_pin
    monkeypatch.setattr(sp, "hash_pin", lambda pin, **kw: real(pin, n=2**10))


@pytest.fixture
def app(data: Path, clock: Clock, fast_hash):
    write_pin_hash(data, hash_pin(PIN, n=2**10))
    a = new_app(data)
    yield a
    staff_base.shut(a)
    a.close()


def typed(app, digits: str) -> None:
    """Digits typed on a desktop keyboard: pygame's KEYDOWN and TEXTINPUT, as a window gets them."""
    for d in digits:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.key.key_code(d), unicode=d, mod=0,
                                             scancode=0))
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=d))
        settle(app)


def test_the_pin_is_changed_on_the_keypad_typed_twice(app, data):
    enter(app)
    tap_label(app, "Geheimzahl ändern")
    assert type(app.scene).__name__ == "PinSetPage"
    type_pin(app, "2468")
    assert "noch einmal" in " ".join(shown(app))
    type_pin(app, "2469")  # a slip: start over
    assert "verschieden" in " ".join(shown(app))
    type_pin(app, "2468")
    type_pin(app, "2468")
    settle(app)
    assert type(app.scene).__name__ == "StaffMenu"
    stored = settings.load(data).pin
    assert stored is not None and check_pin("2468", stored) and not check_pin(PIN, stored)
    assert (data / "settings.toml").stat().st_mode & 0o077 == 0


def test_the_first_pin_is_set_from_the_pin_screen_and_the_menu_then_asks_for_it(data, clock, fast_hash):
    app = new_app(data)
    try:
        press(app, "staff")
        tap_label(app, "Geheimzahl festlegen")
        type_pin(app, "12")  # too short
        assert "4 bis 8 Ziffern" in " ".join(shown(app))
        type_pin(app, "97531")
        type_pin(app, "97531")
        settle(app)
        assert type(app.scene).__name__ == "PinScene"  # not in yet: the new PIN is asked for
        type_pin(app, "97531")
        assert type(app.scene).__name__ == "StaffMenu"
    finally:
        staff_base.shut(app)
        app.close()


def test_a_keyboard_types_every_digit_into_the_pin_pad_once(app):
    press(app, "staff")
    typed(app, "0789")
    assert app.scene.pad.digits == "0789"
    app.scene.pad.digits = ""
    typed(app, "2468")  # 1-6 are die keys elsewhere: here each types once
    assert app.scene.pad.digits == "2468"


def test_the_lock_says_seconds_or_minutes_and_no_try_count_after_it_ran_out(app, clock):
    press(app, "staff")
    for pin in ("1111", "2222", "3333"):
        type_pin(app, pin)
    said = " ".join(shown(app))
    assert "noch 1:00 min" in said and "Minuten" not in said
    assert all(not c.enabled for c in app.scene.tappables() if c.label.isdigit())  # the pad is off
    clock.t += 21
    settle(app)
    app.scene.dirty = True
    settle(app)
    assert "noch 39 Sekunden" in " ".join(shown(app))
    clock.t += 40
    settle(app)
    app.scene.dirty = True
    settle(app)
    said = " ".join(shown(app))
    assert "Versuche bis zur Sperre" not in said and "Bitte die Personal-Geheimzahl eingeben" in said
    assert any(c.enabled for c in app.scene.tappables() if c.label.isdigit())


def test_the_clock_page_sets_date_and_time_with_timedatectl(app, monkeypatch):
    ran = []

    class Done:
        returncode, stderr = 0, ""

    monkeypatch.setattr(staff_system.subprocess, "run", lambda cmd, **kw: ran.append(cmd) or Done())
    enter(app)
    tap_label(app, "Datum und Uhrzeit")
    app.scene.values = {"day": 31, "month": 1, "year": 2027, "hour": 9, "minute": 5}
    app.scene.layout()
    settle(app)
    up_hour = next(c for c in app.scene.tappables() if c.key == ("staff", ("up", "hour")))
    up_hour.tap()
    tap_label(app, "Uhr stellen")
    assert ran == [["timedatectl", "--no-ask-password", "set-time", "2027-01-31 10:05:00"]]
    assert "Die Uhr ist gestellt." in shown(app)


@pytest.mark.parametrize(("said", "code"), [("Failed to set time: Automatic time synchronization is enabled", "ntp"),
                                            ("Failed to set time: Access denied", "not_allowed")])
def test_the_clock_page_says_why_the_system_refused(said, code):
    class Refused:
        returncode, stderr = 1, said

    assert staff_system.set_clock("2027-01-31 10:05:00", run=lambda cmd, **kw: Refused()) == code


def test_the_touch_page_says_how_to_calibrate(app):
    enter(app)
    tap_label(app, "Bildschirm kalibrieren")
    assert "LIBINPUT_CALIBRATION_MATRIX" in " ".join(shown(app))


def test_history_lists_unfinished_games_with_start_length_and_result_and_one_is_deleted(app):
    store = app.store
    ended = Session.new(spec("suleika").header(2, 1), store)
    ended.roll(3)
    store.db.execute("UPDATE games SET started = ? WHERE id = ?", (time.time() - 47 * 60, ended.game_id))
    store.db.commit()
    store.close_game(ended.game_id, "abandoned")
    waiting = Session.new(spec("alibaba").header(3, 2), store)
    waiting.roll()
    enter(app)
    tap_label(app, "Gespielte Partien")
    lines = [b.label for b in app.scene.tappables() if isinstance(b.key, tuple) and isinstance(b.key[1], int)]
    assert len(lines) == 2
    assert "nicht beendet" in lines[0] and "begonnen " in lines[0]
    assert "abgebrochen" in lines[1] and "47 Minuten" in lines[1] and "1 Schritt" in lines[1]
    tap_label(app, "Zurück")
    tap_label(app, "Nicht beendete Partien")
    lines = [b.label for b in app.scene.tappables() if isinstance(b.key, tuple) and isinstance(b.key[1], int)]
    assert len(lines) == 1 and lines[0].startswith("Ali Baba")
    tap_label(app, lines[0])
    assert type(app.scene).__name__ == "GamePage"
    t = [1000.0]
    app.scene.deleting.clock = lambda: t[0]
    tap_label(app, "Löschen")
    assert store.unfinished()  # asked, not done
    t[0] += confirm.SEEN_S + 0.1
    tap_label(app, "Wirklich löschen? Noch einmal drücken.")
    assert store.unfinished() == []
    assert waiting.game_id not in [r.id for r in store.history()]


def test_an_unfinished_game_is_played_on_from_its_staff_page(app):
    waiting = Session.new(spec("alibaba").header(3, 2), app.store)
    waiting.roll()
    enter(app)
    tap_label(app, "Nicht beendete Partien")
    line = next(b for b in app.scene.tappables() if isinstance(b.key, tuple) and isinstance(b.key[1], int))
    tap_label(app, line.label)
    tap_label(app, "Weiterspielen")
    assert type(app.scene).__name__ == "ResumeScene" and app.scene.row.id == waiting.game_id
    assert not staff_base.is_open(app)


def test_deleting_a_game_asks_and_the_question_goes_away_by_itself(app):
    waiting = Session.new(spec("alibaba").header(3, 2), app.store)
    waiting.roll()
    enter(app)
    app.go("staff", page="game", back=None, game_id=waiting.game_id)
    settle(app)
    t = [1000.0]
    app.scene.deleting.clock = lambda: t[0]
    tap_label(app, "Löschen")
    assert "Wirklich löschen? Noch einmal drücken." in shown(app)
    t[0] += confirm.EXPIRE_S + 0.1  # left alone: the question disarms, visibly
    settle(app)
    app.step(block=False)
    assert "Wirklich löschen? Noch einmal drücken." not in shown(app) and "Löschen" in shown(app)
    assert app.store.unfinished()
