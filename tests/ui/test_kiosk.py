"""The kiosk as a café runs it: the installed service is a kiosk on any machine (Escape and
closing the window do nothing), a desktop window is not; a table that plays all day keeps no
growing list of press times."""

from __future__ import annotations

import re
from pathlib import Path

import pygame
import pytest

from companion import cli
from companion.session.session import Session
from companion.session.store import Store
from companion.ui import app as app_module
from companion.ui.app import App, kiosk_mode
from companion.ui.shell.menu import MenuScene
from tests.ui.screen import new_app

UNIT = Path(__file__).resolve().parents[2] / "hardware" / "companion.service"
LEAVE = (pygame.event.Event(pygame.QUIT),
         pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="\x1b", scancode=41))


def run_and_try_to_leave(monkeypatch, tmp_path: Path, argv: list[str], env: dict[str, str],
                         pi: bool = False) -> dict[str, object]:
    """``companion run`` as far as its first screen; then QUIT and Escape, one by one, on the
    menu. What the app was started as and whether it was still running after each."""
    for name in ("COMPANION_KIOSK", "INVOCATION_ID"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    monkeypatch.setattr(app_module, "on_a_pi", lambda: pi)
    seen: dict[str, object] = {}

    def run(self: App, scene) -> None:
        seen.update(kiosk=self.kiosk, fullscreen=bool(self.screen.get_flags() & pygame.FULLSCREEN))
        self.show(scene)
        self.running = True
        stayed = []
        for ev in LEAVE:
            pygame.event.post(ev)
            self.step(block=False)
            stayed.append(self.running)
            self.running = True
        seen["stayed"] = stayed
        seen["scene"] = self.scene

    monkeypatch.setattr(App, "run", run)
    assert cli.main(["run", "--data", str(tmp_path / "g.sqlite3"), "--no-gpio", *argv]) == 0
    return seen


@pytest.mark.parametrize("argv, env, pi", [
    ([], {"INVOCATION_ID": "0123abcd"}, False),      # started by systemd, on a mini PC
    ([], {"COMPANION_KIOSK": "1"}, False),            # what the unit sets
    (["--kiosk"], {}, False),
    (["--kiosk"], {}, True),
])
def test_a_kiosk_on_any_machine_is_left_only_through_the_staff_menu(monkeypatch, tmp_path, argv, env, pi) -> None:
    seen = run_and_try_to_leave(monkeypatch, tmp_path, argv, env, pi)
    assert seen["kiosk"] is True and seen["fullscreen"] is True
    assert seen["stayed"] == [True, True] and isinstance(seen["scene"], MenuScene)


@pytest.mark.parametrize("argv, env, pi", [([], {}, False), (["--no-kiosk"], {"INVOCATION_ID": "x"}, False),
                                            ([], {"COMPANION_KIOSK": "0", "INVOCATION_ID": "x"}, False),
                                            ([], {}, True)])  # a Pi started by hand (make run)
def test_a_desktop_window_closes_with_escape_and_the_window(monkeypatch, tmp_path, argv, env, pi) -> None:
    seen = run_and_try_to_leave(monkeypatch, tmp_path, argv, env, pi)
    assert seen["kiosk"] is False and seen["fullscreen"] is False
    assert seen["stayed"] == [False, False]


def test_the_unit_runs_the_companion_as_a_kiosk() -> None:
    env = dict(re.findall(r"^Environment=(\w+)=(.*)$", UNIT.read_text(), re.M))
    assert env.get("COMPANION_KIOSK") == "1"
    assert kiosk_mode(None, env) is True


def test_the_press_times_kept_are_bounded(monkeypatch, tmp_path: Path) -> None:
    monkeypatch.setattr(app_module, "LATENCIES_KEPT", 8)

    app = new_app("de", Store(tmp_path / "g.sqlite3"))
    try:
        session = Session.new({"game": "suleika", "players": 2, "seed": 1}, app.store)
        app.show(app.routes["table"](app, session=session))
        app.step(block=False)
        for i in range(30):  # Omar turns left and right: each press is drawn in its own frame
            app.hub.press("left" if i % 2 else "right", "gpio")
            app.step(block=True)
            app.hub.debouncer.reset()  # the next press comes sooner than a hand could
        assert app.presses_shown == 30
        assert len(app.latencies) == 8  # the newest only
        assert [n for n, _ in app.latencies] == ["right", "left"] * 4
    finally:
        app.close()


def test_an_edge_storm_on_one_pin_neither_floods_nor_freezes_the_loop(tmp_path: Path) -> None:
    """A loose wire on RIGHT toggles its pin 20,000 times (gpiozero's mock pins, on a thread of
    their own, as gpiozero's callbacks are) while a Suleika table is on screen: the loop keeps
    turning, the storm makes at most one press, and ROLL on another pin still plays.

    The pins' debouncer reads a clock that moves 0.1 ms each time it is read: the storm comes at
    10,000 edges a second of that clock however the machine schedules the storm's thread. On
    the real clock a storm thread held up for half a second under load made a quiet pin of the
    storm (the debouncer listens again after ``quiet_s``), and a second phantom press."""
    import itertools
    import threading

    from gpiozero.pins.mock import MockFactory

    from companion.inputs.gpio import GpioButtons, load_pins

    factory = MockFactory()
    app = new_app("de", Store(tmp_path / "g.sqlite3"))
    pins = load_pins()
    ticks = itertools.count()
    buttons = GpioButtons(app.hub, pins, pin_factory=factory, clock=lambda: next(ticks) * 1e-4)
    try:
        session = Session.new({"game": "suleika", "players": 2, "seed": 1}, app.store)
        app.show(app.routes["table"](app, session=session))
        app.step(block=False)
        facing = session.state.facing
        wire = factory.pin(pins["right"])

        def storm() -> None:
            for _ in range(10_000):
                wire.drive_low()
                wire.drive_high()

        thread = threading.Thread(target=storm)
        frames = app.frames
        thread.start()
        steps = 0
        while thread.is_alive():
            app.step(block=False)  # the loop turns all through the storm
            steps += 1
        thread.join()
        app.step(block=False)
        assert steps > 0 and app.frames - frames <= 2  # one phantom press at most, drawn once
        turned = session.state.facing != facing
        assert buttons.debouncer.storms["right"] >= 1 and app.hub.dropped == 0
        roll = factory.pin(pins["roll"])
        roll.drive_low()
        roll.drive_high()
        app.step(block=True)
        assert len(session.actions) == 1 + int(turned) and session.actions[-1]["action"] == "roll"
    finally:
        buttons.close()
        factory.reset()
        app.close()
