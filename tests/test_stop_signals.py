"""SIGTERM and SIGINT end ``companion run`` with 0 and a closed store, in every mode, the kiosk
too (``systemctl stop``, a reboot, the staff's shutdown): a real process, told it is up by the
same readiness message systemd waits for."""

from __future__ import annotations

import os
import signal
import socket
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _started(tmp_path: Path, *flags: str) -> tuple[subprocess.Popen[bytes], socket.socket]:
    listen = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    address = str(tmp_path / "notify")
    listen.bind(address)
    listen.settimeout(120)  # a bound so a broken start fails the test instead of hanging it
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", GPIOZERO_PIN_FACTORY="mock",
               NOTIFY_SOCKET=address, COMPANION_DATA=str(tmp_path))
    env.pop("INVOCATION_ID", None)
    proc = subprocess.Popen([sys.executable, "-m", "companion", "run", "--data", str(tmp_path / "games.sqlite3"),
                             "--no-gpio", *flags], cwd=ROOT, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    while True:  # READY=1 once the first frame is on screen
        message = listen.recv(256)
        if message == b"READY=1":
            return proc, listen


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT])
@pytest.mark.parametrize("mode", ["--kiosk", "--no-kiosk"])
def test_a_stop_signal_closes_the_store_and_exits_with_0(tmp_path: Path, signum: int, mode: str) -> None:
    proc, listen = _started(tmp_path, mode)
    try:
        proc.send_signal(signum)
        try:
            out, err = proc.communicate(timeout=60)  # without the fix: a kiosk never ends by itself
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.communicate()
            pytest.fail("the companion did not end on the signal")
    finally:
        listen.close()
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 0, err.decode()
    assert b"Traceback" not in err
    # closed cleanly: SQLite folds the write-ahead log back and removes it at the last close
    assert not (tmp_path / "games.sqlite3-wal").exists()
    with sqlite3.connect(tmp_path / "games.sqlite3") as db:
        assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)


def test_the_app_gives_the_handlers_back_when_it_closes() -> None:
    from companion.root import make_app

    before = signal.getsignal(signal.SIGTERM)
    app = make_app(sound=False, kiosk=True, fullscreen=False)
    assert signal.getsignal(signal.SIGTERM) == app._stop_signal
    app.close()
    assert signal.getsignal(signal.SIGTERM) == before


def test_a_close_or_escape_is_still_ignored_in_kiosk_mode() -> None:
    import pygame

    from companion.root import make_app

    app = make_app(sound=False, kiosk=True, fullscreen=False)
    try:
        app.show(app.routes["menu"](app))
        app.running = True
        pygame.event.post(pygame.event.Event(pygame.QUIT))
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, unicode="", mod=0, scancode=41))
        app.step(block=False)
        assert app.running and app.stopped_by is None
    finally:
        app.close()
