"""Frames draw from cached layers: nothing is painted or asked again while nothing changed,
a change repaints what shows it, the cached screen equals the screen painted from scratch,
and a press of any kind reaches the screen within one pass of the real loop."""

from __future__ import annotations

import time

import pygame
import pytest

from companion.games.suleika import rules as suleika
from companion.games.suleika.bench import midgame
from companion.ui import app as app_module
from companion.ui.kit import controls as kit_controls
from companion.ui.kit import problems, recording
from companion.ui.kit import text as kit_text
from tests.ui.screen import table as show_table
from tests.ui.test_warm_up import warm


def table(app, phase: str, players: int = 4):
    return show_table(app, midgame(players, 3, phase))


def counting(monkeypatch, module, name: str) -> list[int]:
    calls = [0]
    real = getattr(module, name)

    def counted(*args, **kwargs):
        calls[0] += 1
        return real(*args, **kwargs)

    monkeypatch.setattr(module, name, counted)
    return calls


@pytest.mark.parametrize("phase", ["roll", "place"])
def test_a_frame_with_nothing_changed_paints_nothing_and_asks_the_engine_nothing(app, monkeypatch, phase):
    scene = table(app, phase)
    warm(app)  # what the table does while it waits (its end screen drawn unseen) is no frame's
    asked = [counting(monkeypatch, suleika, name) for name in
             ("legal_placements", "hint", "allowed_headings", "visible_cells", "walk")]
    renders = [counting(monkeypatch, kit_text, "render")]
    board, panel, pictures = scene.board_layer.renders, scene.panel_layer.renders, kit_controls.painted
    frames = app.frames
    for _ in range(5):
        scene.dirty = True  # something might have changed: the loop draws
        app.step(block=False)
    assert app.frames == frames + 5
    assert [c[0] for c in asked] == [0, 0, 0, 0, 0]
    assert renders[0][0] == 0
    assert (scene.board_layer.renders, scene.panel_layer.renders, kit_controls.painted) == (board, panel, pictures)


def test_a_change_repaints_the_layers_that_show_it(app):
    scene = table(app, "place")
    board, panel = scene.board_layer.renders, scene.panel_layer.renders
    app.hub.put("right", "gpio")  # the next legal carpet is shown: the board and the status change
    app.step(block=False)
    assert scene.pick == 0
    assert scene.board_layer.renders == board + 1
    assert scene.panel_layer.renders == panel + 1
    app.hub.put("ok", "gpio")  # the carpet is laid: a new state
    app.step(block=False)
    assert scene.board_layer.renders == board + 2


def painted_from_scratch(scene, monkeypatch) -> pygame.Surface:
    """The screen as the drawing code paints it with no cache at all."""
    surf = pygame.Surface(scene.app.screen.get_size())
    monkeypatch.setattr(kit_controls.Control, "draw",
                        lambda self, s: self.paint(s, self.rect) if self.visible else None)
    scene._now = scene.app.now()
    scene.paint_board(surf)
    scene.paint_panel(surf)
    monkeypatch.undo()
    return surf


@pytest.mark.parametrize(("phase", "players", "presses"), [
    ("roll", 4, []), ("place", 4, []), ("place", 4, ["right", "right"]), ("place", 2, ["straight"]),
    ("roll", 3, ["left"])])
def test_the_cached_screen_is_the_screen_painted_from_scratch(app, monkeypatch, phase, players, presses):
    scene = table(app, phase, players)
    for name in presses:
        app.hub.put(name, "gpio")
        app.step(block=False)
    scene.dirty = True
    app.step(block=False)
    cached = pygame.image.tobytes(app.screen, "RGB")
    fresh = pygame.image.tobytes(painted_from_scratch(scene, monkeypatch), "RGB")
    assert cached == fresh


def test_a_cached_frame_still_shows_the_audit_every_text_and_control(app):
    scene = table(app, "place")
    with recording() as rec:
        scene.draw(app.screen)
    assert problems(rec) == []
    texts = [t.text for t in rec.texts]
    assert "OK" in texts and any("Spieler" in t for t in texts)
    assert {c.key for c in rec.controls} >= {"menu", "undo", "ok"}


def test_the_window_is_scaled_only_where_the_screen_is_not_800_by_480(monkeypatch):
    assert app_module.display_flags(False) == 0
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(800, 480)])
    assert app_module.display_flags(True) == pygame.FULLSCREEN
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(1920, 1080)])
    assert app_module.display_flags(True) == pygame.FULLSCREEN | pygame.SCALED


# -- a press of every kind reaches the screen within one loop pass ---------------------------
def shown(app, name: str) -> bool:
    return any(n == name for n, _ in app.latencies)


def test_a_key_reaches_the_screen_in_one_pass(app):
    scene = table(app, "place")
    frames = app.frames
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode="", scancode=0))
    app.step(block=True)
    assert app.frames == frames + 1 and shown(app, "right") and scene.pick == 0


def test_a_touch_reaches_the_screen_in_one_pass(app):
    scene = table(app, "place")
    ok = next(c for c in scene.tappables() if c.key == ("step", "right"))
    frames = app.frames
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, pos=ok.rect.center, button=1, touch=False))
    app.step(block=True)
    assert app.frames == frames + 1 and shown(app, "tap") and scene.pick == 0


def test_a_gpio_press_wakes_the_loop_and_reaches_the_screen_in_one_pass(app):
    from gpiozero.pins.mock import MockFactory

    from companion.inputs.gpio import GpioButtons, load_pins

    scene = table(app, "place")
    factory = MockFactory()
    pins = load_pins()
    buttons = GpioButtons(app.hub, pins, pin_factory=factory)
    try:
        frames = app.frames
        pin = factory.pin(pins["right"])
        pin.drive_low()
        pin.drive_high()
        app.step(block=True)
        assert app.frames == frames + 1 and shown(app, "right") and scene.pick == 0
    finally:
        buttons.close()
        factory.reset()


def test_a_serial_press_wakes_the_loop_and_reaches_the_screen_in_one_pass(app):
    from companion.inputs.serial_box import SerialBox

    scene = table(app, "place")
    box = SerialBox(app.hub, "loop://", retry_s=0.05)
    try:
        assert box.wait_online(5.0)
        frames = app.frames
        box._lines.transport.write(b"BTN RIGHT DOWN\r\n")
        deadline = time.monotonic() + 5.0
        while not shown(app, "right") and time.monotonic() < deadline:
            app.step(block=True)  # the box's own hello and status may take a pass first
        assert shown(app, "right") and scene.pick == 0
        assert app.frames <= frames + 3
    finally:
        box.close()
