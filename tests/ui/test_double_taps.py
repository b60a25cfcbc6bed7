"""One touch, one action, over whole games: an automated family plays every registered game
through the real screen loop twice, once as it should and once with a fifth of its presses and
taps repeated 60 ms later (a double tap, a double OK, a bouncing button). The records must be
the same: the repeats never act.

The family presses the buttons the table's own demo would press, and now and then taps a key on
the screen (any enabled one but the menu's), with the kit's guards at their real values and a
clock that moves 0.7 s between the family's deliberate presses.
"""

from __future__ import annotations

import random
from typing import Any

import pygame
import pytest

from companion.games import REGISTRY, playable, spec
from companion.inputs.events import InputEvent
from companion.session.session import Session
from companion.session.store import Store
from companion.ui import theme
from companion.ui.app import App
from companion.ui.kit import GUARD_S
from companion.ui.table import TableScene
from tests.ui.screen import new_app

GAMES = [name for name in REGISTRY if playable(name)]
MAX_STEPS = 4000
BETWEEN_S = 0.7   #: a family's deliberate presses are this far apart
DOUBLE_S = 0.06   #: the second press of a double tap


class NoWait:
    """A frame clock that does not sleep (the loop waits 1/60 s a frame while it animates)."""

    def tick(self, *_: Any) -> int:
        return 0


def settle(app: App, clock: list[float]) -> None:
    """Run the loop on the family's clock until every animation is over and all is drawn."""
    app.step(block=False)
    for _ in range(5000):
        if not (app.scene.is_busy() or app.scene.dirty):
            return
        clock[0] += 0.02
        app.step(block=False)
    raise AssertionError("the screen never came to rest")


class Family:
    """Plays a table by its demo's presses and by taps, from one seed, doubling some."""

    def __init__(self, app: App, clock: list[float], seed: int, doubles: bool) -> None:
        self.app, self.clock = app, clock
        self.rng = random.Random(seed)        # what the family does: the same in both runs
        self.doubling = random.Random(seed + 1)
        self.doubles = doubles
        self.queue: list[str] = []
        self.repeats = 0
        self.last_key: Any = None

    def double(self) -> bool:
        """Whether this one is repeated (drawn in both runs, so the family's choices match)."""
        yes = self.doubling.random() < 0.2
        return yes and self.doubles

    def press(self, name: str) -> None:
        again = self.double()
        self.app.hub._put(InputEvent(name, "keyboard", t=self.clock[0]))
        self.app.step(block=False)  # the first press is handled and drawn ...
        if again:  # ... and the second comes while what it started is still on its way
            self.repeats += 1
            self.clock[0] += DOUBLE_S
            self.app.hub._put(InputEvent(name, "keyboard", t=self.clock[0]))
        settle(self.app, self.clock)

    def tap(self, pos: tuple[int, int]) -> None:
        again = self.double()
        for _ in range(2 if again else 1):
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos))
            self.app.step(block=False)
            self.clock[0] += 0.03
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos))
            self.app.step(block=False)
            self.clock[0] += 0.03
        settle(self.app, self.clock)
        self.repeats += again

    def step(self, scene: TableScene) -> bool:
        """One deliberate press or tap; False when there is nothing left to do."""
        self.clock[0] += BETWEEN_S
        # any enabled key but the menu's, the one tapped last and one that asks "really?" (a
        # key tapped twice on purpose answers a confirmation: ending the game is not what this
        # family is after)
        keys = [c for c in scene.tappables()
                if c.enabled and c.visible and "menu" not in str(c.key) and c.ident != self.last_key
                and c.color != theme.BAD]
        if keys and self.rng.random() < 0.25:
            key = self.rng.choice(keys)
            self.last_key = key.ident
            self.tap(key.rect.center)
            return True
        self.last_key = None
        if not self.queue:
            self.queue = scene.demo_presses(self.rng)
            if not self.queue:
                return False
        self.press(self.queue.pop(0))
        return True


def play(game: str, store: Store, doubles: bool) -> tuple[list[dict[str, Any]], int]:
    clock = [1000.0]
    app = new_app("de", store)
    app.now = lambda: clock[0]  # type: ignore[method-assign]
    app.clock = NoWait()  # type: ignore[assignment]  # the family's clock, not the wall's
    try:
        family = Family(app, clock, seed=5, doubles=doubles)
        actions: list[dict[str, Any]] = []
        # a short game (the race) is played again with the next seed until there is enough to
        # tell; the rule looks at the record only, so both runs stop at the same game
        for seed in range(11, 31):
            session = Session.new(spec(game).header(seed=seed), store)
            app.go("table", session=session)
            settle(app, clock)
            for _ in range(MAX_STEPS):
                scene = app.scene
                # a table may hand over to a new one of its game (Teppich's city starts the game)
                if not isinstance(scene, TableScene) or scene.session.over or not family.step(scene):
                    break
            actions += scene.session.actions
            if len(actions) > 60:
                break
        return actions, family.repeats
    finally:
        app.close()


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_a_family_with_double_taps_plays_the_same_game(game, tmp_path, monkeypatch):
    monkeypatch.setattr(App, "tap_guard_s", GUARD_S)
    clean, _ = play(game, Store(tmp_path / "clean.sqlite3"), doubles=False)
    doubled, repeats = play(game, Store(tmp_path / "doubled.sqlite3"), doubles=True)
    assert repeats > 10, "the family doubled too few presses to tell anything"
    assert len(clean) > 20
    first = next((i for i, (a, b) in enumerate(zip(clean, doubled)) if a != b), min(len(clean), len(doubled)))
    assert doubled == clean, f"step {first}: {clean[first - 2:first + 2]} vs {doubled[first - 2:first + 2]}"
