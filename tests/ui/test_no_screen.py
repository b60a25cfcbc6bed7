"""Started where there is no screen (an SSH login to a Pi without its display, a container),
``companion run`` says so in one line and exits non-zero, rather than running on in SDL's
``offscreen`` driver where nobody sees it."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from companion import cli, root
from companion.ui import app as app_module


@pytest.fixture
def no_desktop(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    for name in ("SDL_VIDEODRIVER", "DISPLAY", "WAYLAND_DISPLAY", "COMPANION_KIOSK", "INVOCATION_ID"):
        monkeypatch.delenv(name, raising=False)
    dri = tmp_path / "dri"
    dri.mkdir()
    monkeypatch.setattr(app_module, "DRI", dri)
    return dri


def test_no_desktop_and_no_graphics_device_is_one_line_and_a_failure(no_desktop, tmp_path, capsys) -> None:
    data = tmp_path / "g.sqlite3"
    assert cli.main(["run", "--data", str(data), "--no-gpio"]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("no screen to show the companion on"), err
    assert str(no_desktop) in err[0]
    assert not data.exists()  # nothing was opened


def test_a_graphics_device_without_a_desktop_goes_straight_to_kmsdrm(no_desktop, monkeypatch) -> None:
    (no_desktop / "card1").touch()
    env: dict[str, str] = {}
    assert app_module.find_screen(env) is None
    assert env == {"SDL_VIDEODRIVER": "kmsdrm"}
    env = {"SDL_VIDEODRIVER": "dummy"}
    assert app_module.find_screen(env) is None and env == {"SDL_VIDEODRIVER": "dummy"}


def test_sdl_settling_on_a_driver_nobody_sees_is_refused(no_desktop, monkeypatch, tmp_path, capsys) -> None:
    """A $DISPLAY nobody answers: SDL falls back to a driver that draws nowhere."""
    monkeypatch.setenv("DISPLAY", ":99")
    real_start = root.start

    def start(*args, **kwargs):  # SDL's own fallback, without probing this machine's desktop
        monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
        return real_start(*args, **kwargs)

    monkeypatch.setattr(root, "start", start)
    assert cli.main(["run", "--data", str(tmp_path / "g.sqlite3"), "--no-gpio"]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("no screen to show the companion on"), err
    assert not pygame.display.get_init()

