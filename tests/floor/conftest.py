"""The floor's tests start a real mosquitto (Debian's) on a free loopback port."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from companion.floor.broker import APT_LINE, Broker, mosquitto_path

TABLES = ["t1", "t2"]


def wait_for(check: Callable[[], object], seconds: float = 20.0, what: str = "it") -> None:
    """Poll until ``check()`` is true; fail the test (not a timing assertion: a deadline for
    something that must happen) when it never is."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        try:
            if check():
                return
        except Exception as exc:  # a page element redrawn by the live updates under the look
            if type(exc).__name__ != "StaleElementReferenceException":
                raise
        time.sleep(0.05)
    raise AssertionError(f"{what} did not happen within {seconds} s")


@pytest.fixture
def broker(tmp_path: Path) -> Iterator[Broker]:
    if mosquitto_path() is None:
        pytest.skip(f"mosquitto is not installed: {APT_LINE}")
    b = Broker(tmp_path / "broker", "cafe", TABLES)
    b.start()
    try:
        yield b
    finally:
        b.stop()
