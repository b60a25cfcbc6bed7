"""Shared test setup: headless SDL, gpiozero's mock pins, a fresh data directory."""

from __future__ import annotations

import os

# Before pygame or gpiozero are imported anywhere.
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("GPIOZERO_PIN_FACTORY", "mock")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import sys
from pathlib import Path

import pytest

# The race (tests/tinygame) is a game distributed on its own, found as any installed game is:
# by the entry point its distribution's metadata declares (companion_race-*.dist-info, beside
# its package). It is on the path of the tests and of the programs they start (PYTHONPATH),
# never installed in the .venv: the menu of `make run` lists only the real games.
RACE = str(Path(__file__).parent / "tinygame")
if RACE not in sys.path:
    sys.path.append(RACE)
if RACE not in os.environ.get("PYTHONPATH", "").split(os.pathsep):
    os.environ["PYTHONPATH"] = os.pathsep.join(p for p in (os.environ.get("PYTHONPATH"), RACE) if p)


@pytest.fixture(autouse=True)
def _data_dir(tmp_path, monkeypatch):
    """No test ever writes to the real data directory."""
    monkeypatch.setenv("COMPANION_DATA", str(tmp_path / "data"))
    # and whatever a library caches stays in the test's own folder
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))


@pytest.fixture(autouse=True)
def _no_tap_guard(monkeypatch):
    """Scripted taps follow each other faster than a hand can: the double-tap guard is
    switched off, except in the tests that are about it (they set it back)."""
    from companion.ui.app import App

    monkeypatch.setattr(App, "tap_guard_s", 0.0)
