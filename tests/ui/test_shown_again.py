"""A screen shown again takes a double tap as a new screen does: the second tap of a double
tap on the name keyboard's OK does not start the game by "Los" beneath it on the setup it
returns to; a deliberate tap a moment later does. Through the real loop, with the kit's guard
at its real value."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from companion.ui.app import App
from companion.ui.kit import GUARD_S
from tests.ui.screen import new_app
from tests.ui.test_double_taps import DOUBLE_S, NoWait, settle


@pytest.fixture
def looped(tmp_path, monkeypatch):
    from companion.session.store import Store

    monkeypatch.setattr(App, "tap_guard_s", GUARD_S)
    clock = [1000.0]
    app = new_app("de", Store(tmp_path / "g.sqlite3"))
    app.now = lambda: clock[0]  # type: ignore[method-assign]
    app.clock = NoWait()  # type: ignore[assignment]
    yield app, clock
    app.close()


def tap(app: Any, clock: list[float], pos: tuple[int, int], times: int = 1) -> None:
    """Taps at ``pos``, each 60 ms after the one before (a double tap when ``times`` is 2)."""
    for _ in range(times):
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos))
        app.step(block=False)
        clock[0] += DOUBLE_S / 2
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos))
        app.step(block=False)
        clock[0] += DOUBLE_S / 2
    settle(app, clock)


def open_keyboard(app: Any, clock: list[float], players: int) -> None:
    """The setup of a Teppich game, then the name keyboard of its first seat."""
    app.go("setup", game="teppich", players=players)
    settle(app, clock)
    clock[0] += 1.0
    tap(app, clock, key(app, ("name", 0)).center)
    assert type(app.scene).__name__ == "NameScene"


def key(app: Any, ident: Any) -> pygame.Rect:
    return next(c for c in app.scene.tappables() if c.key == ident).rect


def test_a_double_tap_on_the_name_keyboards_ok_does_not_start_the_game(looped):
    app, clock = looped
    open_keyboard(app, clock, 6)
    for ch in "Anna":
        clock[0] += 0.4
        app.scene.on_text(ch)
    clock[0] += 0.7
    ok = key(app, "ok")
    assert key_at_setup_under(app, ok)
    tap(app, clock, ok.center, times=2)
    assert type(app.scene).__name__ == "SetupScene", type(app.scene).__name__
    assert app.store.unfinished() == []
    clock[0] += 0.7                                  # a deliberate tap a moment later starts it
    tap(app, clock, key(app, "start").center)
    assert type(app.scene).__name__ != "SetupScene"


def key_at_setup_under(app: Any, ok: pygame.Rect) -> bool:
    """The setup's "Los" lies under the keyboard's OK (else this test would prove nothing)."""
    return next(c for c in app.scene.back.tappables() if c.key == "start").rect.collidepoint(ok.center)


def test_the_same_letter_tapped_twice_types_twice_and_a_double_tap_once(looped):
    """"Anna" is typed by two taps on N; a double tap (60 ms) on a letter is still one letter."""
    app, clock = looped
    open_keyboard(app, clock, 3)
    for ch, pause in (("A", 0.7), ("N", 0.35), ("N", 0.35), ("A", 0.35)):
        clock[0] += pause
        tap(app, clock, key(app, ("key", ch)).center)
    assert app.scene.name == "Anna"
    clock[0] += 0.7
    tap(app, clock, key(app, ("key", "S")).center, times=2)
    assert app.scene.name == "Annas"
    clock[0] += 0.35
    tap(app, clock, key(app, "del").center)
    clock[0] += 0.35
    tap(app, clock, key(app, "del").center)  # not a letter: the spot stays dead a while longer
    assert app.scene.name == "Anna"
