"""Every frame draws the keys of the state it shows, from a screen's very first frame on.

The Suleika table drew the keys of the frame before: a new table showed no keys at all until
something was pressed, and after a roll the heading arrows stayed up while carpets were laid.
"""

from __future__ import annotations

import pytest

from companion.games import REGISTRY, playable, spec
from companion.session.session import Session
from companion.ui.kit import audit
from tests.ui.screen import settle


def drawn_keys(app, block: bool = False) -> list:
    """The keys of the controls drawn by one pass of the loop that draws."""
    app.scene.dirty = True
    with audit.recording() as rec:
        app.step(block=block)
    return [mark.key for mark in rec.controls]


def shown_keys(app) -> list:
    return [c.ident for c in app.scene.tappables() if c.visible]


@pytest.mark.parametrize("route", ["menu", "setup"])
def test_a_shell_screen_shows_its_keys_in_its_first_frame(app, route):
    kwargs = {"game": "suleika"} if route == "setup" else {}
    app.go(route, **kwargs)
    keys = drawn_keys(app)
    assert keys, f"the first frame of {route} drew no keys"
    assert set(keys) >= set(shown_keys(app))


@pytest.mark.parametrize("game", [name for name in REGISTRY if playable(name)])
def test_a_table_shows_its_own_keys_in_its_first_frame(app, game):
    session = Session.new(spec(game).header(seed=3), app.store)
    app.go("table", session=session)
    keys = drawn_keys(app)
    assert any("menu" in str(k) for k in keys), f"{game}: the first frame has no menu key: {keys}"
    assert set(keys) >= set(shown_keys(app))


def test_after_a_roll_the_placing_keys_show_in_the_frame_that_shows_the_walk_end(app):
    session = Session.new(spec("suleika").header(players=3, seed=3), app.store)
    app.go("table", session=session)
    settle(app)
    assert ("turn", "left") in shown_keys(app)
    app.inject("roll", 3)
    settle(app)
    keys = drawn_keys(app)
    assert session.state.phase == "place"
    assert ("turn", "left") not in keys and "ok" in keys
