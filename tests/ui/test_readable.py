"""Every screen, in German and in English, with the fewest and the most players: no text under
the minimum (24 px for what the table reads, 18 px for the rest), nothing clipped or running
out of its box, no two controls overlapping, no touch target under 64 px, and no word of the
other language.

Screens come from the registry and the routes, so a new game's screens are checked as soon
as it is registered.
"""

from __future__ import annotations

import random

import pytest

from companion.games import REGISTRY, playable, spec
from companion.session.session import Session
from companion.session.simulate import random_step
from companion.ui.kit import problems, recording
from tests.language import foreign_words


def midgame(game: str, players: int, steps: int = 40, seed: int = 3) -> Session:
    session = Session.new(spec(game).header(players, seed))
    rng = random.Random(seed)
    for _ in range(steps):
        if session.over:
            break
        session.act(random_step(session.engine, session.state, rng))
    return session


def finished(game: str, players: int, seed: int = 3) -> Session:
    session = Session.new(spec(game).header(players, seed))
    rng = random.Random(seed)
    while not session.over:
        session.act(random_step(session.engine, session.state, rng))
    return session


def texts_on(rec) -> list[str]:
    return [t.text for t in rec.texts]


def check(app, scene, lang: str) -> list[str]:
    app.show(scene)
    with recording() as rec:
        scene.draw(app.screen)
    found = problems(rec)
    for text in texts_on(rec):
        if len(text.strip()) < 2:
            continue  # a key of the name keyboard is a letter, not a word
        bad = foreign_words(text, lang, proper=TITLES)
        if bad:
            found.append(f"{text!r} has {bad}")
    return found


#: game titles are the boxes' own names, in German on every screen
TITLES = ("Suleika", "Ali Baba", "Mutabor", "Der fliegende Teppich")
SHELL = ("menu", "menu_waiting", "setup_min", "setup_max", "names", "resume", "pause")


@pytest.fixture(params=("de", "en"))
def lang(request) -> str:
    return request.param


@pytest.mark.slow
@pytest.mark.parametrize("screen", SHELL)
def test_shell_screens_are_readable(app, screen):
    lang = app.texts.lang
    routes = app.routes
    for game in [g for g in REGISTRY if playable(g)]:
        g = spec(game)
        if screen == "menu":
            scene = routes["menu"](app)
        elif screen == "setup_min":
            scene = routes["setup"](app, game=game, players=min(g.counts))
        elif screen == "setup_max":
            scene = routes["setup"](app, game=game, players=max(g.counts))
        elif screen == "names":
            scene = routes["names"](app, name="Scheherazade Alexandra", seat=5, done=lambda n: None, back=None)
        elif screen == "menu_waiting":  # a game left to the menu: the key to go on with it
            s = Session.new(g.header(min(g.counts), 1), app.store)
            s.act(random_step(s.engine, s.state, random.Random(1)))
            scene = routes["menu"](app)
            assert scene.waiting and scene.waiting[0].game == game
            s.abandon()  # the next game of the loop is the one offered
        elif screen == "resume":
            s = Session.new({**g.header(max(g.counts), 1), "names": ["Alexandra-Marie"] * max(g.counts)}, app.store)
            s.act(random_step(s.engine, s.state, random.Random(1)))
            scene = routes["resume"](app, row=app.store.unfinished()[0])
        else:
            scene = routes["pause"](app, table=routes["table"](app, session=midgame(game, min(g.counts))))
        assert check(app, scene, lang) == [], f"{screen} for {game}"


@pytest.mark.slow
@pytest.mark.parametrize("game", [g for g in REGISTRY if playable(g)])
def test_end_screens_are_readable(app, game):
    g = spec(game)
    for players in (min(g.counts), max(g.counts)):
        table = app.routes["table"](app, session=finished(game, players))
        scene = app.routes["end"](app, table=table)
        assert check(app, scene, app.texts.lang) == [], f"{game} {players}p"


@pytest.mark.slow
@pytest.mark.parametrize("game", ["alibaba", "teppich"])
def test_table_screens_are_readable_mid_game(app, game):
    """Ali Baba and Teppich tables at several points of seeded games, fewest and most players
    (Suleika and Mutabor have their own, phase by phase)."""
    g = spec(game)
    for players in (min(g.counts), max(g.counts)):
        for steps in (0, 5, 40, 120):
            table = app.routes["table"](app, session=midgame(game, players, steps=steps))
            assert check(app, table, app.texts.lang) == [], f"{game} {players}p after {steps} steps"
