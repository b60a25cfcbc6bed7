"""The debouncer on a fake clock."""

from __future__ import annotations

import threading

import pytest

from companion.inputs.debounce import Debouncer


def test_first_press_is_accepted(clock):
    assert Debouncer(0.05, clock=clock).accept("roll")


def test_bounce_within_interval_is_dropped(clock):
    d = Debouncer(0.05, clock=clock)
    assert d.accept("roll")
    for _ in range(4):  # chatter every 10 ms
        clock.advance(0.01)
        assert not d.accept("roll")


def test_interval_is_measured_from_the_last_accepted_press(clock):
    d = Debouncer(0.05, clock=clock)
    assert d.accept("roll")
    clock.advance(0.04)
    assert not d.accept("roll")
    clock.advance(0.02)  # 60 ms after the accepted press, only 20 ms after the bounce
    assert d.accept("roll")


def test_press_after_interval_is_accepted(clock):
    d = Debouncer(0.05, clock=clock)
    assert d.accept("ok")
    clock.advance(0.2)
    assert d.accept("ok")


def test_buttons_are_independent(clock):
    d = Debouncer(0.05, clock=clock)
    assert d.accept("roll")
    assert d.accept("left")
    clock.advance(0.01)
    assert d.accept("right")
    assert not d.accept("roll")
    assert not d.accept("left")


def test_require_release_refuses_a_held_button(clock):
    d = Debouncer(0.05, clock=clock, require_release=True)
    assert d.accept("roll")
    clock.advance(1.0)
    assert not d.accept("roll")  # no release seen: a stuck or held button
    d.release("roll")
    assert d.accept("roll")


def test_release_alone_does_not_beat_the_interval(clock):
    d = Debouncer(0.05, clock=clock, require_release=True)
    assert d.accept("roll")
    clock.advance(0.005)
    d.release("roll")  # the bounce's own release edge
    clock.advance(0.005)
    assert not d.accept("roll")


def test_reset_forgets(clock):
    d = Debouncer(0.05, clock=clock)
    assert d.accept("roll")
    d.reset()
    assert d.accept("roll")


def test_zero_interval_accepts_everything(clock):
    d = Debouncer(0.0, clock=clock)
    assert all(d.accept("roll") for _ in range(5))


def test_negative_interval_is_refused():
    with pytest.raises(ValueError):
        Debouncer(-1)


def test_concurrent_presses_accept_exactly_one(clock):
    # Many threads press at the same (frozen) instant; the lock must let only one through.
    d = Debouncer(0.05, clock=clock)
    start = threading.Barrier(8)
    results: list[bool] = []
    lock = threading.Lock()

    def press() -> None:
        start.wait(timeout=5)
        ok = d.accept("roll")
        with lock:
            results.append(ok)

    threads = [threading.Thread(target=press) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=5)
    assert sorted(results) == [False] * 7 + [True]
