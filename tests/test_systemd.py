"""sd_notify: READY once the first frame is drawn, WATCHDOG from the loop."""

from __future__ import annotations

import socket

from companion.systemd import Notifier


def test_ready_and_watchdog_reach_the_socket(tmp_path, monkeypatch):
    path = str(tmp_path / "notify")
    server = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    server.bind(path)
    server.settimeout(2)
    n = Notifier(env={"NOTIFY_SOCKET": path, "WATCHDOG_USEC": "15000000"})
    assert n.ready() and not n.ready()  # once only
    assert server.recv(64) == b"READY=1"
    assert n.alive(now=100.0)
    assert not n.alive(now=105.0)  # half the interval has not passed
    assert n.alive(now=108.0)
    assert server.recv(64) == b"WATCHDOG=1"
    assert server.recv(64) == b"WATCHDOG=1"


def test_the_app_says_ready_after_its_first_frame(tmp_path, monkeypatch):
    path = str(tmp_path / "notify")
    server = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    server.bind(path)
    server.settimeout(2)
    monkeypatch.setenv("NOTIFY_SOCKET", path)
    from companion.root import make_app
    from companion.ui.shell.menu import MenuScene

    app = make_app(lang="en", fullscreen=False, sound=False)
    try:
        app.show(MenuScene(app))
        app.step(block=False)
        assert server.recv(64) == b"READY=1"
    finally:
        app.close()


def test_without_systemd_nothing_is_sent():
    n = Notifier(env={})
    assert not n.ready() and not n.alive(now=1e9)
