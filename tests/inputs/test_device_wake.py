"""The device waker wakes the loop when an input device has data, and sleeps otherwise."""

from __future__ import annotations

import os
import time

from companion.inputs.device_wake import DeviceWaker


def test_data_on_a_device_wakes_the_loop_once_per_burst_and_nothing_else_does():
    r, w = os.pipe()
    wakes: list[float] = []
    waker = DeviceWaker(lambda: wakes.append(time.monotonic()), fds=[r])
    try:
        time.sleep(0.3)
        assert wakes == []  # nothing arrived: no wake-up at all
        os.write(w, b"\0" * 24 * 3)  # three input_event records, as a finger down sends
        assert waker.wait_for_wake(1.0)
        time.sleep(0.1)
        assert len(wakes) == 1
    finally:
        waker.close()
        os.close(w)


def test_an_unplugged_device_is_dropped_without_stopping_the_others():
    r1, w1 = os.pipe()
    r2, w2 = os.pipe()
    wakes: list[int] = []
    waker = DeviceWaker(lambda: wakes.append(1), fds=[r1, r2])
    try:
        os.close(w1)  # end of file: reading gives b"" and the loop goes on without it
        time.sleep(0.2)
        assert wakes == []  # a vanished device is not a touch, and is not watched again
        os.write(w2, b"x")
        assert waker.wait_for_wake(1.0)
        assert wakes == [1]
    finally:
        waker.close()
        os.close(w2)


def test_with_no_readable_device_it_is_inactive():
    waker = DeviceWaker(lambda: None, fds=[])
    assert not waker.active
    waker.close()
