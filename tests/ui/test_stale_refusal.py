"""A refusal speaks of the moment it was said ("Jetzt wird nicht gewürfelt: Spieler 2 darf noch
3 Karten nehmen"). It stayed its 4 s after the next step was taken, and then told the table
something no longer true. A table takes it off once a step is taken or undone; a look that
changes nothing (a move tried by the rules without being made) leaves it."""

from __future__ import annotations

import random

import pytest

from companion.engine.errors import IllegalAction
from companion.games import REGISTRY, playable
from companion.session.simulate import random_step
from tests.ui.screen import fake_clock, settle
from tests.ui.test_readable import midgame

GAMES = [name for name in REGISTRY if playable(name) and REGISTRY[name].scene is not None]


def refused_at_a_table(app, game: str):
    """A table of ``game`` a step into its game, with a refusal on screen."""
    fake_clock(app)
    session = midgame(game, REGISTRY[game].default_count, 1)
    table = app.routes["table"](app, session=session)
    app.show(table)
    settle(app)
    table.refuse(IllegalAction("not_now", "not now"))
    return table, session


@pytest.mark.parametrize("game", GAMES)
def test_a_refusal_goes_once_a_step_is_taken_and_stays_while_nothing_changes(app, game):
    table, session = refused_at_a_table(app, game)
    said = table.banner.text
    assert table.banner.bad and table.banner.active(app.now())

    step = random_step(session.engine, session.state, random.Random(5))
    table.attempt(session.engine.apply, session.state, step)  # tried, not made: nothing changed
    assert table.banner.text == said and table.banner.active(app.now())

    assert table.attempt(session.act, step) is not None
    assert not table.banner.active(app.now()), "the refusal still speaks of the step before"
    settle(app)
    assert table.banner.shown is None  # and the frame drawn since shows none


@pytest.mark.parametrize("game", GAMES)
def test_a_new_refusal_of_a_refused_step_is_shown(app, game):
    table, session = refused_at_a_table(app, game)

    def refused() -> None:
        raise IllegalAction("other", "no such move")

    table.attempt(refused)
    assert table.banner.bad and table.banner.active(app.now())
