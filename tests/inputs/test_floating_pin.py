"""A floating input (an unconnected pin, a wire touching nothing) toggles a few dozen times a
second: far below an edge storm, each gap long enough to pass for a press. It is told by
levels that never settle, muted, and named in the log and the staff's button test."""

from __future__ import annotations

import logging
import random

import pytest

from companion.inputs.debounce import EdgeDebouncer
from companion.inputs.gpio import GpioButtons
from tests.inputs.test_edge_debounce import CHATTER, PINS, level, press_and_release

#: mean gap between edges (s) -> presses a 3 s floating pin may make at most, summed over
#: SEEDS runs (without the detection: about 1, 6 and 11 a run, the 5 ms case being a storm; with
#: it, seeds 0-9 give 10, 13 and 42)
FLOATING = {0.005: 10, 0.02: 20, 0.06: 50}
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
    assert found >= len(SEEDS) - 1  # told within 3 s (a slow float may take a little longer)
    assert presses <= FLOATING[mean_gap]


@pytest.mark.parametrize("chatter", sorted(CHATTER))
def test_a_real_switch_never_counts_as_floating(clock, chatter: str) -> None:
    d = EdgeDebouncer(0.05, clock=clock)
    presses = []
    rng = random.Random(7)
    for _ in range(200):  # presses from 60 ms to 1 s long, quick ones and slow ones
        press_and_release(lambda down: presses.append(d.edge("ok", down)), clock, rng.uniform(0.06, 1.0),
                          CHATTER[chatter])
        clock.advance(rng.uniform(0.1, 2.0))
    assert presses.count(True) == 200
    assert not d.floating and not d.floated


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
