"""The idle loop sleeps until something has input for it: the X socket's waker wakes it once a
burst and waits for the loop's pump; with no window system nothing needs looking at; a press
still reaches the screen within one pass of the sleeping loop."""

from __future__ import annotations

import os
import tempfile
import threading
import time
from pathlib import Path

import pygame

from companion import root
from companion.session.store import Store
from companion.ui.display_wake import X11Waker, x11_connection_fd


def test_the_x_socket_wakes_the_loop_once_a_burst_and_again_only_after_the_pump():
    r, w = os.pipe()
    wakes: list[float] = []
    second = threading.Event()
    waker = X11Waker(lambda: (wakes.append(time.monotonic()), len(wakes) > 1 and second.set()), fd=r)
    try:
        time.sleep(0.2)
        assert wakes == []  # nothing from the server: no wake-up at all
        os.write(w, b"x" * 32)  # the waker never reads: SDL does, on the loop's thread
        assert waker.wait_for_wake(1.0)
        time.sleep(0.2)
        assert len(wakes) == 1  # still readable, but the loop has not pumped yet: no spinning
        os.read(r, 64)  # the loop's pump reads what came
        waker.pumped()
        time.sleep(0.2)
        assert len(wakes) == 1  # nothing new since the pump
        os.write(w, b"y")
        assert second.wait(30)  # a bound for a thread that never came, not a measurement
        assert len(wakes) == 2
    finally:
        waker.close()
        os.close(r)
        os.close(w)


def test_a_window_without_an_x_display_has_no_x_socket():
    assert x11_connection_fd({}) is None
    assert x11_connection_fd({"display": "not a display"}) is None


def _started():
    store = Store(Path(tempfile.mkdtemp()) / "s.sqlite3")
    app, scene, sources = root.start(store, fullscreen=False, gpio=False)
    app.show(scene)
    app.step(block=False)
    return app, scene, sources


def test_with_no_window_system_the_idle_loop_sleeps_until_a_press_and_shows_it_in_that_pass():
    app, scene, sources = _started()
    try:
        assert pygame.display.get_driver() == "dummy"
        assert app.poll_s is None  # nothing outside the companion can post to SDL's queue here
        frames, looks = app.frames, []
        # the loop's sleep, watched: the button's thread presses once the loop sleeps, and the
        # sleep says whether the press ended it (rather than its timeout)
        sleeping, woken_by = threading.Event(), []
        real_wait = app._woken.wait

        def wait(timeout: float | None = None) -> bool:
            sleeping.set()
            woke = real_wait(timeout)
            woken_by.append(woke)
            return woke

        app._woken.wait = wait
        real_get = pygame.event.get
        pygame.event.get = lambda *a, **k: looks.append(1) or real_get(*a, **k)
        button = threading.Thread(target=lambda: sleeping.wait(30) and app.hub.put("right", "gpio"))
        try:
            button.start()
            app.step()  # sleeps until the press from the button's thread
        finally:
            pygame.event.get = real_get
            button.join()
        assert woken_by == [True]  # one sleep, ended by the press
        assert len(looks) <= 3  # one look before sleeping, one after the wake, not one per 20 ms
        assert app.frames == frames + 1  # the press is on screen in the pass it woke
    finally:
        root.stop(app, sources)
