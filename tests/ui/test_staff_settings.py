"""The staff side of the café: the menu locks itself after a while without a touch (fake
clock), setup starts from the staff's options, the volume reaches the sounds and outlives a
restart, the button test has a way back, and ``companion run`` hands the store's start
notices to the staff menu."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from companion import cli, settings
from companion.root import start
from companion.session.notice import Notice
from companion.session.store import Store
from companion.staff_pin import hash_pin, write_pin_hash
from companion.ui.app import App
from companion.ui.shell.menu import MenuScene
from companion.ui.shell.selftest import SelftestScene
from companion.ui.staff import base as staff_base
from companion.ui.staff import scene as staff
from companion.ui.staff.menu import StaffMenu, VolumePage
from companion.ui.staff.scene import PinScene
from tests.ui.screen import new_app as app_with_routes
from tests.ui.screen import press, settle, tap_label

PIN = "2468"


class Clock:
    def __init__(self, t: float = 5000.0) -> None:
        self.t = t

    def __call__(self) -> float:
        return self.t


@pytest.fixture
def data(tmp_path: Path) -> Path:
    folder = tmp_path / "data"
    folder.mkdir()
    write_pin_hash(folder, hash_pin(PIN, n=2**10))
    return folder


@pytest.fixture
def clock(monkeypatch) -> Clock:
    c = Clock()
    monkeypatch.setattr(staff, "CLOCK", lambda: 1_000_000.0)
    return c


def new_app(data: Path, clock: Clock, lang: str = "de") -> App:
    app = app_with_routes(lang, Store(data / "companion.sqlite3"))
    app.now = clock  # the scenes' clock
    app.show(app.routes["menu"](app))
    settle(app)
    return app


def enter(app: App) -> None:
    press(app, "staff")
    for digit in PIN:
        tap_label(app, digit)
    tap_label(app, "OK")
    settle(app)
    assert isinstance(app.scene, StaffMenu)



# -- 5. the staff menu locks itself -----------------------------------------------------------
def test_two_minutes_without_a_touch_lock_the_menu_again(data: Path, clock: Clock) -> None:
    app = new_app(data, clock)
    enter(app)
    tap_label(app, "Lautstärke")
    clock.t += 119
    settle(app)
    assert isinstance(app.scene, VolumePage)
    tap_label(app, "+ 10") if app.scene.settings.volume < 100 else tap_label(app, "− 10")  # a touch: two more minutes
    clock.t += 100
    settle(app)
    assert isinstance(app.scene, VolumePage)
    press(app, "left")  # a button counts too
    clock.t += 119
    settle(app)
    assert isinstance(app.scene, VolumePage)
    assert app.scene.wake_at() == pytest.approx(clock.t + 1)  # the idle loop wakes for it
    clock.t += 1
    settle(app)
    assert isinstance(app.scene, MenuScene) and not staff_base.is_open(app)
    press(app, "staff")
    assert isinstance(app.scene, PinScene)  # locked again: the PIN is needed
    clock.t += 120  # and the PIN screen left alone goes back as well
    settle(app)
    assert isinstance(app.scene, MenuScene)
    app.close()


def test_the_timeout_is_a_setting(data: Path, clock: Clock) -> None:
    s = settings.load(data)
    s.staff_timeout = 45
    settings.save(data, s)
    assert "staff_timeout = 45" in (data / "settings.toml").read_text()
    app = new_app(data, clock)
    enter(app)
    clock.t += 44
    settle(app)
    assert isinstance(app.scene, StaffMenu)
    clock.t += 1
    settle(app)
    assert isinstance(app.scene, MenuScene)
    app.close()
    (data / "settings.toml").write_text((data / "settings.toml").read_text().replace("= 45", "= 5"))
    assert settings.load(data).staff_timeout == 30  # never so short the staff cannot work


# -- 6. setup starts from the staff's options --------------------------------------------------
def test_setup_starts_from_the_staff_options(data: Path, clock: Clock) -> None:
    app = new_app(data, clock)
    app.go("setup", game="suleika")
    assert app.scene.values["corner_loops"] == "TR_BL" and app.scene.values["rules"] == "suleika"
    s = settings.load(data)
    s.options["suleika"] = {"corner_loops": "TL_BR", "rules": "marrakech"}
    settings.save(data, s)
    app.go("setup", game="suleika")
    assert app.scene.values["corner_loops"] == "TL_BR" and app.scene.values["rules"] == "marrakech"
    header = app.scene.header()
    assert header["corner_loops"] == "TL_BR" and header["rules"] == "marrakech"
    # what the table chose on the way (back from the names screen) still wins
    app.go("setup", game="suleika", options={"rules": "suleika"})
    assert app.scene.values["rules"] == "suleika" and app.scene.values["corner_loops"] == "TL_BR"
    app.close()


def test_the_staff_choice_through_the_screens_reaches_a_new_game(data: Path, clock: Clock) -> None:
    app = new_app(data, clock)
    enter(app)
    tap_label(app, "Spielregeln und Varianten")
    tap_label(app, "Marrakech")
    app.go("setup", game="suleika")
    assert app.scene.header()["rules"] == "marrakech"
    app.close()


# -- 7. the volume ---------------------------------------------------------------------------
@pytest.fixture
def mixer():
    try:
        pygame.mixer.init()
    except pygame.error:
        pytest.fail("the dummy audio driver should open a mixer")
    pygame.mixer.quit()
    yield
    pygame.mixer.quit()


def test_the_volume_reaches_every_sound_and_outlives_a_restart(data: Path, clock: Clock, mixer) -> None:
    from companion.ui.sound import Sounds
    from companion.ui.staff.menu import apply_volume

    app = app_with_routes("de", Store(data / "companion.sqlite3"), sound=True)
    app.now = clock
    app.show(app.routes["menu"](app))
    settle(app)
    assert isinstance(app.sounds, Sounds)
    app.sounds.play("click")  # loaded at full volume
    assert app.sounds._sounds and all(s.get_volume() == pytest.approx(1.0) for s in app.sounds._sounds.values())
    enter(app)
    tap_label(app, "Lautstärke")
    tap_label(app, "50 %")
    tap_label(app, "− 10")
    assert settings.load(data).volume == 40
    assert all(s.get_volume() == pytest.approx(0.4, abs=0.01) for s in app.sounds._sounds.values())
    pygame.mixer.stop()
    app.sounds.rest(now=10**9)  # the device closes after a quiet while; the sounds reload
    assert not pygame.mixer.get_init()
    app.sounds.play("roll")
    assert all(s.get_volume() == pytest.approx(0.4, abs=0.01) for s in app.sounds._sounds.values())
    app.store.close()
    app.close()

    # a restart: the composition root reads settings.toml
    store = Store(data / "companion.sqlite3")
    again, first, _sources = start(store, lang="de", fullscreen=False, gpio=False)
    assert again.sounds.volume == pytest.approx(0.4)
    again.sounds.play("click")
    assert all(s.get_volume() == pytest.approx(0.4, abs=0.01) for s in again.sounds._sounds.values())
    apply_volume(again, 0)
    pygame.mixer.quit()
    again.sounds._sounds = {}
    again.sounds.play("click")  # silent: not even the device is opened
    assert not pygame.mixer.get_init()
    store.close()
    again.close()


# -- 8. the button test's way back ------------------------------------------------------------
def test_the_button_test_has_a_back_key_and_a_button_way_back(data: Path, clock: Clock) -> None:
    from companion.ui.kit import problems, recording

    app = new_app(data, clock)
    enter(app)
    tap_label(app, "Tastentest")
    assert isinstance(app.scene, SelftestScene)
    back = next(c for c in app.scene.tappables() if c.label == "Fertig")
    assert back.rect.w >= 64 and back.rect.h >= 64
    for lang in ("de", "en"):
        app.set_language(lang)
        app.scene.t = app.texts
        for step in range(7):
            app.scene.index = step
            with recording() as rec:
                app.scene.draw(app.screen)
            assert problems(rec) == [], (lang, step)
    app.set_language("de")
    app.scene.t = app.texts
    app.scene.index = 0
    tap_label(app, "Fertig")
    assert isinstance(app.scene, StaffMenu)  # without the PIN
    tap_label(app, "Tastentest")
    press(app, "roll", 3)
    app.inject("menu")  # UNDO held: the way back with the buttons alone
    settle(app)
    assert isinstance(app.scene, StaffMenu)
    tap_label(app, "Tastentest")
    for name in ("roll", "left", "straight", "right", "ok", "undo"):
        press(app, name, 4 if name == "roll" else None)
    assert app.scene.asking is None
    press(app, "ok")  # every button tested: OK goes back
    assert isinstance(app.scene, StaffMenu)
    tap_label(app, "Tastentest")
    clock.t += 121  # the staff walked away: the game menu, locked
    settle(app)
    assert isinstance(app.scene, MenuScene) and not staff_base.is_open(app)
    app.close()


# -- 9. `companion run` hands the start notices to the staff menu -------------------------------
def test_companion_run_gives_the_staff_page_the_start_notices(data: Path, monkeypatch) -> None:
    notices = [Notice("games_recovered", count=3, file="old.sqlite3")]
    real_open = Store.open
    monkeypatch.setattr(Store, "open", classmethod(lambda cls, path=None, **kw: (real_open(path)[0], notices)))
    seen = {}

    def run(self, scene):
        seen["app"], seen["banner"] = self, scene.banner.text
        seen["notices"] = list(getattr(self, "store_notices", []))
        staff_base.open_for(self)
        self.show(scene)
        self.go("staff", page="store")
        from companion.ui.kit import recording
        with recording() as rec:
            self.scene.draw(self.screen)
        seen["words"] = " ".join(t.text for t in rec.texts)
        staff_base.shut(self)

    monkeypatch.setattr(App, "run", run)
    assert cli.main(["run", "--data", str(data / "companion.sqlite3"), "--no-gpio", "--no-fullscreen"]) == 0
    assert seen["notices"] == notices
    said = seen["app"].texts.refusal("store", notices[0])
    assert said and said in seen["banner"]  # the first screen told it
    assert "Beim Start gefunden (1)" in seen["words"] and said in seen["words"]  # and the staff page shows it
