"""A floating input (an unconnected pin, a wire touching nothing) toggles a few dozen times a
second: far below an edge storm, each gap long enough to pass for a press. It is told by
levels that never settle, muted, and named in the log and the staff's button test."""

from __future__ import annotations

import logging
import random

import pytest

from companion.inputs.debounce import SETTLE_S, EdgeDebouncer
from companion.inputs.gpio import GpioButtons, start_gpio
from tests.inputs.test_edge_debounce import CHATTER, PINS, level, press_and_release

#: mean gap between edges (s) -> presses a 3 s floating pin may make at most, summed over
#: SEEDS runs, with a pin never heard from counted as still for long (``settle_s=0``): its very
#: first edge is a press, taken at once as every press is; after it, a pin floating slowly makes
#: levels a finger makes too (without the detection: about 1, 6 and 11 a run, the 5 ms case
#: being a storm; with unsettled bursts alone, seeds 0-9 gave 10, 13 and 42; with the open
#: levels too short for a finger and the presses that never held, 10, 11 and 19; with the
#: closed levels too short for a finger too, 10, 10 and 18, and 32 and 37 at 100 and 200 ms;
#: ``python -m tests.inputs.floating_table`` gives 100 seeds)
FLOATING = {0.005: 10, 0.02: 10, 0.06: 18, 0.1: 32, 0.2: 37}
SEEDS = range(10)


def floating_edges(edge, clock, seconds: float, mean_gap: float, rng: random.Random) -> None:
    """A pin that floats: edges at random, ``mean_gap`` apart on average."""
    down = False
    end = clock.now + seconds
    while clock.now < end:
        clock.advance(rng.expovariate(1 / mean_gap))
        down = not down
        edge(down)


@pytest.mark.parametrize("mean_gap", sorted(FLOATING))
def test_a_floating_pin_is_muted_after_a_few_phantom_presses(clock, mean_gap: float) -> None:
    presses = found = 0
    for seed in SEEDS:
        d = EdgeDebouncer(0.05, clock=clock)
        made: list[bool] = []

        def edge(down: bool, d: EdgeDebouncer = d, made: list[bool] = made) -> None:
            made.append(d.edge("roll", down))

        floating_edges(edge, clock, 3.0, mean_gap, random.Random(seed))
        presses += made.count(True)
        found += "roll" in d.floating | d.muted
    if mean_gap <= 0.1:
        assert found >= len(SEEDS) - 1  # told within 3 s (a slower float may take longer)
    assert presses <= FLOATING[mean_gap]


@pytest.mark.parametrize("mean_gap", sorted(FLOATING))
def test_a_pin_floating_from_the_start_makes_no_phantom_press(clock, mean_gap: float) -> None:
    """As the kiosk opens its pins (``settle_s``): a pin that floats from the start shows
    levels no finger makes long before it lies still for SETTLE_S, so none of its edges counts
    (with ``settle_s=0`` its very first edge would: see FLOATING)."""
    presses = found = 0
    for seed in range(20):
        d = EdgeDebouncer(0.05, clock=clock, settle_s=SETTLE_S)
        made: list[bool] = []
        floating_edges(lambda down, d=d, made=made: made.append(d.edge("roll", down)), clock, 3.0, mean_gap,
                       random.Random(seed))
        presses += made.count(True)
        found += "roll" in d.floating | d.muted
    assert presses == 0
    if mean_gap <= 0.1:
        assert found == 20  # a slower float may take longer to tell, and makes no press meanwhile


def test_a_closed_level_longer_than_a_bounce_and_shorter_than_a_finger_mutes_at_once(clock) -> None:
    d = EdgeDebouncer(0.05, clock=clock)
    assert d.edge("ok", True)
    clock.advance(0.02)  # closed 20 ms: no bounce lasts so long, no finger lets go so soon
    d.edge("ok", False)
    assert "ok" in d.floating
    clock.advance(0.3)
    assert not d.edge("ok", True)


def test_after_a_press_that_never_held_the_pin_must_lie_still_again(clock) -> None:
    d = EdgeDebouncer(0.05, clock=clock, settle_s=SETTLE_S)
    clock.advance(SETTLE_S)
    assert d.edge("ok", True)
    clock.advance(0.005)  # closed 5 ms: an edge, not a finger
    d.edge("ok", False)
    clock.advance(0.3)  # open too long to mute it: but no finger was seen
    assert not d.edge("ok", True)
    clock.advance(0.1)
    d.edge("ok", False)
    clock.advance(SETTLE_S)  # still again: the next press counts
    assert d.edge("ok", True)
    assert not d.floating


@pytest.mark.parametrize("settle_s", [0.0, SETTLE_S])
@pytest.mark.parametrize("chatter", ["clean", "short", "long"])
def test_double_taps_and_long_holds_count_once_each(clock, chatter: str, settle_s: float) -> None:
    """Double taps 150 ms press to press (a tap of 40-60 ms), and holds of 3 s, with chatter.
    (Not the "slow" chatter, 30 ms at each edge: a tap bouncing so long leaves the contact open
    for less than the debounce time before the next one, and the two are one press.)"""
    d = EdgeDebouncer(0.05, clock=clock, settle_s=settle_s)
    clock.advance(settle_s)
    presses = []
    rng = random.Random(11)
    for _ in range(50):
        for _tap in range(2):
            start = clock.now
            press_and_release(lambda down: presses.append(d.edge("ok", down)), clock, rng.uniform(0.04, 0.06),
                              CHATTER[chatter])
            clock.advance(0.15 - (clock.now - start))
        clock.advance(rng.uniform(0.5, 2.0))
        press_and_release(lambda down: presses.append(d.edge("ok", down)), clock, 3.0, CHATTER[chatter])
        clock.advance(rng.uniform(0.3, 2.0))
    assert presses.count(True) == 150
    assert not d.floating and not d.floated and not d.muted


@pytest.mark.parametrize("settle_s", [0.0, SETTLE_S])
@pytest.mark.parametrize("chatter", sorted(CHATTER))
def test_a_real_switch_never_counts_as_floating(clock, chatter: str, settle_s: float) -> None:
    d = EdgeDebouncer(0.05, clock=clock, settle_s=settle_s)
    clock.advance(settle_s)
    presses = []
    rng = random.Random(7)
    for _ in range(200):  # presses from 60 ms to 1 s long, quick ones and slow ones
        press_and_release(lambda down: presses.append(d.edge("ok", down)), clock, rng.uniform(0.06, 1.0),
                          CHATTER[chatter])
        clock.advance(rng.uniform(0.1, 2.0))
    assert presses.count(True) == 200
    assert not d.floating and not d.floated


@pytest.mark.parametrize("settle_s", [0.0, SETTLE_S])
@pytest.mark.parametrize("chatter", sorted(CHATTER))
def test_the_quickest_taps_with_any_chatter_never_count_as_floating(clock, chatter: str,
                                                                    settle_s: float) -> None:
    """Runs of eight taps a second, 40 ms down and 85 ms up (the fastest a finger taps; a
    cursor moved across a row), each run begun with a light tap of 30 ms: every one a press."""
    d = EdgeDebouncer(0.05, clock=clock, settle_s=settle_s)
    clock.advance(settle_s)
    presses = []
    for n in range(200):
        press_and_release(lambda down: presses.append(d.edge("right", down)), clock,
                          0.03 if n % 8 == 0 else 0.04, CHATTER[chatter])
        clock.advance(2.0 if n % 8 == 7 else 0.085)
    assert presses.count(True) == 200
    assert not d.floating and not d.floated


def test_a_contact_open_too_long_for_a_bounce_and_too_short_for_a_finger_mutes_at_once(clock) -> None:
    d = EdgeDebouncer(0.05, clock=clock)
    assert d.edge("ok", True)
    clock.advance(0.1)
    d.edge("ok", False)
    clock.advance(0.03)  # open 30 ms: no bounce lasts so long, no finger comes back so soon
    assert not d.edge("ok", True)
    assert "ok" in d.floating


def test_a_press_that_never_held_and_comes_again_at_once_mutes(clock) -> None:
    d = EdgeDebouncer(0.05, clock=clock)
    assert d.edge("ok", True)
    clock.advance(0.01)  # closed 10 ms: an edge, not a finger
    d.edge("ok", False)
    clock.advance(0.07)  # open long enough to end a press, and closing again 70 ms on
    assert not d.edge("ok", True)
    assert "ok" in d.floating


def test_a_floating_pin_comes_back_after_five_quiet_seconds(clock) -> None:
    d = EdgeDebouncer(0.05, clock=clock)
    floating_edges(lambda down: d.edge("left", down), clock, 3.0, 0.02, random.Random(1))
    d.edge("left", False)
    assert "left" in d.floating
    clock.advance(2.0)
    assert not d.edge("left", True)  # not quiet long enough
    d.edge("left", False)
    clock.advance(5.1)
    assert d.edge("left", True)  # fixed: a real press again
    assert "left" not in d.floating


def test_through_mock_pins_it_is_named_in_the_log_and_the_other_buttons_work(mock_factory, hub, clock,
                                                                            caplog) -> None:
    caplog.set_level(logging.WARNING, "companion.inputs.debounce")
    with GpioButtons(hub, PINS, clock=clock) as buttons:
        floating_edges(level(mock_factory.pin(PINS["roll"])), clock, 3.0, 0.06, random.Random(3))
        assert len(hub.drain()) <= 5
        assert buttons.noisy() == ["roll"] and hub.noisy() == ["roll"]
        assert [r.getMessage() for r in caplog.records if "floats" in r.getMessage()] == [
            "input roll floats (edges that never settle: unconnected or loose wire?); ignoring it (time 1)"]
        clock.advance(0.2)
        press_and_release(level(mock_factory.pin(PINS["ok"])), clock, 0.1, [])
        assert [e.name for e in hub.drain()] == ["ok"]


def test_an_unconnected_pin_at_start_gpio_makes_no_press_and_is_named(mock_factory, hub, clock, caplog) -> None:
    caplog.set_level(logging.WARNING, "companion.inputs.debounce")
    buttons = start_gpio(hub, PINS, clock=clock)
    assert buttons is not None
    try:
        floating_edges(level(mock_factory.pin(PINS["roll"])), clock, 3.0, 0.06, random.Random(3))
        assert hub.drain() == []
        assert buttons.noisy() == ["roll"] and hub.noisy() == ["roll"]
        assert [r.getMessage() for r in caplog.records if "floats" in r.getMessage()] == [
            "input roll floats (edges that never settle: unconnected or loose wire?); ignoring it (time 1)"]
        press_and_release(level(mock_factory.pin(PINS["ok"])), clock, 0.1, [])  # OK lay still: a finger
        assert [e.name for e in hub.drain()] == ["ok"]
    finally:
        buttons.close()


def test_the_button_test_names_a_floating_button(mock_factory, clock) -> None:
    import pygame

    from companion.root import make_app

    app = make_app(sound=False, kiosk=False, fullscreen=False)
    try:
        with GpioButtons(app.hub, PINS, clock=clock):
            scene = app.routes["selftest"](app)
            app.show(scene)
            floating_edges(level(mock_factory.pin(PINS["straight"])), clock, 3.0, 0.02, random.Random(2))
            scene.update(app.now())
            assert scene.noisy == ["straight"] and scene.dirty
            scene.draw(pygame.Surface((800, 480)))
            said = app.texts("selftest_noisy", buttons=app.texts("straight"))
            assert app.texts("straight") in said and "{" not in said
    finally:
        app.close()
