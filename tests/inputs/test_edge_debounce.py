"""Debouncing both edges: on a fake clock, and through gpiozero's MockFactory pins."""

from __future__ import annotations

import random
import threading

import pytest

from companion.inputs.debounce import EdgeDebouncer
from companion.inputs.gpio import GpioButtons

HOLDS = [0.06, 0.08, 0.1, 0.2, 0.35, 0.5, 0.75, 1.0]
#: Chatter patterns: gaps in seconds between successive edges after the first one.
CHATTER = {
    "clean": [],
    "short": [0.001, 0.001],
    "long": [0.002, 0.003, 0.001, 0.004, 0.002, 0.005],
    "slow": [0.008, 0.006, 0.009, 0.007],
}


def press_and_release(edge, clock, hold: float, chatter: list[float]) -> None:
    """One physical press: down with chatter, held, up with chatter. ``edge(down)``."""
    down = True
    edge(down)
    for gap in chatter:
        clock.advance(gap)
        down = not down
        edge(down)
    if not down:  # chatter ended open: close it for the hold
        clock.advance(0.001)
        edge(True)
    clock.advance(hold)
    up = False
    edge(up)
    for gap in chatter:
        clock.advance(gap)
        up = not up
        edge(up)
    if up:  # make sure the contact ends open
        clock.advance(0.001)
        edge(False)


@pytest.mark.parametrize("hold", HOLDS)
@pytest.mark.parametrize("chatter", list(CHATTER))
def test_one_press_whatever_the_hold_and_chatter(clock, hold, chatter):
    d = EdgeDebouncer(0.05, clock=clock)
    presses = []
    for _trial in range(20):
        press_and_release(lambda down: presses.append(d.edge("ok", down)), clock, hold, CHATTER[chatter])
        clock.advance(0.3)  # the player's hand moves away and comes back
    assert presses.count(True) == 20


def test_press_is_taken_on_the_first_edge(clock):
    d = EdgeDebouncer(0.05, clock=clock)
    assert d.edge("roll", True)  # no waiting: the press shows within the frame


def test_fast_taps_still_count(clock):
    d = EdgeDebouncer(0.05, clock=clock)
    results = []
    for _ in range(5):  # eight taps a second, 40 ms down and 85 ms up
        results.append(d.edge("right", True))
        clock.advance(0.04)
        results.append(d.edge("right", False))
        clock.advance(0.085)
    assert results.count(True) == 5


def test_a_bounce_after_a_short_release_is_not_a_press(clock):
    d = EdgeDebouncer(0.05, clock=clock)
    assert d.edge("undo", True)
    clock.advance(0.3)
    d.edge("undo", False)
    clock.advance(0.03)  # open for less than release_s
    assert not d.edge("undo", True)
    assert d.is_held("undo")


def test_is_held_ends_after_a_stable_release(clock):
    d = EdgeDebouncer(0.05, clock=clock)
    d.edge("ok", True)
    d.edge("ok", False)
    assert d.is_held("ok")
    clock.advance(0.06)
    assert not d.is_held("ok")


def test_buttons_are_independent(clock):
    d = EdgeDebouncer(0.05, clock=clock)
    assert d.edge("roll", True)
    assert d.edge("left", True)
    d.edge("roll", False)
    clock.advance(0.001)
    assert not d.edge("roll", True)
    assert d.edge("right", True)


def random_edges(edge, clock, seconds: float, rng: random.Random, gaps=(0.0001, 0.008)) -> None:
    down = False
    end = clock.now + seconds
    while clock.now < end:
        clock.advance(rng.uniform(*gaps))
        down = not down
        edge(down)


def test_floating_pin_gives_at_most_one_phantom_press(clock):
    d = EdgeDebouncer(0.05, clock=clock)
    presses = []
    random_edges(lambda down: presses.append(d.edge("left", down)), clock, 1.0, random.Random(1))
    assert presses.count(True) <= 1
    assert "left" in d.muted  # hundreds of edges a second: treated as a loose wire


def test_a_muted_pin_comes_back_after_quiet(clock):
    d = EdgeDebouncer(0.05, clock=clock, quiet_s=0.5)
    random_edges(lambda down: d.edge("left", down), clock, 1.0, random.Random(2))
    d.edge("left", False)
    assert "left" in d.muted
    clock.advance(0.2)
    assert not d.edge("left", True)  # not quiet long enough yet
    d.edge("left", False)
    clock.advance(0.6)
    assert d.edge("left", True)  # quiet for 0.6 s: a real press again
    assert "left" not in d.muted


def test_slower_noise_makes_no_stream_of_presses(clock):
    # Edges every 5 to 40 ms: slower than chatter, but the contact is never open for 50 ms,
    # so after the first edge nothing counts (the old debouncer made 20 presses a second).
    d = EdgeDebouncer(0.05, clock=clock)
    presses = []
    random_edges(lambda down: presses.append(d.edge("ok", down)), clock, 3.0, random.Random(3),
                 gaps=(0.005, 0.04))
    assert presses.count(True) <= 1


def test_lively_play_is_never_muted(clock):
    # Eight presses a second for a minute, each with release chatter.
    d = EdgeDebouncer(0.05, clock=clock)
    presses = 0
    for _ in range(8 * 60):
        presses += d.edge("roll", True)
        clock.advance(0.04)
        for down in (False, True, False):
            d.edge("roll", down)
            clock.advance(0.002)
        clock.advance(0.079)
    assert presses == 8 * 60
    assert not d.muted


def test_concurrent_edges_accept_exactly_one(clock):
    d = EdgeDebouncer(0.05, clock=clock)
    start = threading.Barrier(8)
    results: list[bool] = []
    lock = threading.Lock()

    def edge() -> None:
        start.wait(timeout=5)
        ok = d.edge("roll", True)
        with lock:
            results.append(ok)

    threads = [threading.Thread(target=edge) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=5)
    assert sorted(results) == [False] * 7 + [True]


def test_bad_settings_are_refused():
    with pytest.raises(ValueError):
        EdgeDebouncer(-0.1)
    with pytest.raises(ValueError):
        EdgeDebouncer(storm_edges=0)


# -- through gpiozero's mock pins ----------------------------------------------------------

PINS = {"roll": 17, "left": 27, "straight": 22, "right": 23, "ok": 24, "undo": 25}


def level(pin):
    def edge(down: bool) -> None:
        if down:
            pin.drive_low()  # pull-up: a press pulls the pin to ground
        else:
            pin.drive_high()

    return edge


@pytest.mark.parametrize("hold", HOLDS)
def test_mock_pins_one_press_per_chattering_press(mock_factory, hub, clock, hold):
    # UNDO is sent at its release, 50 ms after the chatter ends; the 0.3 s pause covers it.
    with GpioButtons(hub, PINS, clock=clock, timer=clock.timer):
        for name in ("ok", "undo", "right"):
            pin = mock_factory.pin(PINS[name])
            for _trial in range(20):
                press_and_release(level(pin), clock, hold, CHATTER["long"])
                clock.advance(0.3)
            assert [e.name for e in hub.drain()] == [name] * 20, (name, hold)


def test_mock_pin_floating_gives_no_stream_of_presses(mock_factory, hub, clock):
    with GpioButtons(hub, PINS, clock=clock) as buttons:
        pin = mock_factory.pin(PINS["left"])
        random_edges(level(pin), clock, 1.0, random.Random(4))
        assert len(hub.drain()) <= 1
        assert "left" in buttons.debouncer.muted
        # The other buttons still work.
        press_and_release(level(mock_factory.pin(PINS["ok"])), clock, 0.1, [])
        assert [e.name for e in hub.drain()] == ["ok"]


def test_mock_pin_edge_storm_wakes_the_loop_at_most_once(mock_factory, hub, clock, wakes):
    with GpioButtons(hub, PINS, clock=clock) as buttons:
        pin = mock_factory.pin(PINS["roll"])
        for _ in range(5000):  # 10,000 edges, 10 microseconds apart
            pin.drive_low()
            clock.advance(0.00001)
            pin.drive_high()
            clock.advance(0.00001)
        assert len(hub.drain()) == 1
        assert wakes.count == 1
        assert buttons.debouncer.edges["roll"] == 10000


def test_gpio_buttons_start_no_threads(mock_factory, hub, clock):
    before = threading.active_count()
    with GpioButtons(hub, PINS, clock=clock) as buttons:
        assert threading.active_count() == before  # no hold threads, no poll threads
        assert not any(hasattr(b, "hold_time") for b in buttons.buttons.values())



def test_wakeup_counter_sees_a_waking_thread():
    # The tool behind the idle figures: a thread that wakes every 10 ms must be counted.
    from companion.inputs.idle import wakeups_per_second

    stop = threading.Event()
    ticker = threading.Thread(target=lambda: [stop.wait(0.01) for _ in range(1000) if not stop.is_set()])
    ticker.start()
    try:
        rate, threads = wakeups_per_second(0.3, settle=0.0)
    finally:
        stop.set()
        ticker.join()
    assert threads >= 1 and rate >= 20


def test_repeated_storms_do_not_flood_the_log(clock, caplog):
    d = EdgeDebouncer(0.05, clock=clock, quiet_s=0.5)
    rng = random.Random(5)
    for _ in range(30):
        random_edges(lambda down: d.edge("straight", down), clock, 1.0, rng)
        clock.advance(0.6)
        d.edge("straight", False)  # quiet again
    assert d.storms["straight"] == 30
    storms = [r for r in caplog.records if "edge storm" in r.getMessage()]
    assert len(storms) == 2  # the 1st and the 10th
