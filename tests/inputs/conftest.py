"""Fixtures for the input tests: gpiozero's mock pins, a fake clock, a hub."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from gpiozero import Device
from gpiozero.pins.mock import MockFactory

from companion.inputs.debounce import Debouncer
from companion.inputs.hub import InputHub


class FakeClock:
    """A clock the test moves by hand: ``clock.advance(0.01)``."""

    def __init__(self, start: float = 1000.0) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def mock_factory() -> Iterator[MockFactory]:
    """gpiozero's own pattern: a MockFactory as the default, reset afterwards.

    Pins and reservations live at class level in gpiozero's local factories, so without
    ``reset()`` a pin reserved in one test would still be "in use" in the next.
    """
    saved = Device.pin_factory
    Device.pin_factory = MockFactory()
    try:
        yield Device.pin_factory
    finally:
        Device.pin_factory.reset()
        Device.pin_factory = saved


class Wakes:
    """A wake function that counts calls and remembers the thread that made them."""

    def __init__(self) -> None:
        self.count = 0
        self.threads: list[str] = []

    def __call__(self) -> None:
        import threading

        self.count += 1
        self.threads.append(threading.current_thread().name)


@pytest.fixture
def wakes() -> Wakes:
    return Wakes()


@pytest.fixture
def hub(clock: FakeClock, wakes: Wakes) -> Iterator[InputHub]:
    """A hub with the default 50 ms debounce on the fake clock."""
    with InputHub(wake=wakes, debouncer=Debouncer(0.05, clock=clock)) as h:
        yield h


@pytest.fixture
def free_hub(wakes: Wakes) -> Iterator[InputHub]:
    """A hub that accepts every press (no debounce), for protocol tests."""
    with InputHub(wake=wakes, debouncer=Debouncer(0.0)) as h:
        yield h
