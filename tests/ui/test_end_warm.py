"""Every game's table warms the end screen its game ends with while it waits
(``TableScene.warm_up``, ``companion.ui.warm.end_screen``): once per table, in pieces, changing
nothing on screen; the end screen then paints the very picture it paints cold. When the game is
over, the table's screen-sized canvases go to the end screen's picture; while it is played, the
table keeps them."""

from __future__ import annotations

import random

import pygame
import pytest

from companion.games import REGISTRY, playable
from companion.session.session import Session
from companion.session.simulate import random_step
from companion.ui import theme, warm
from companion.ui.kit import cache, layers
from companion.ui.kit.layers import Layer
from companion.ui.table import TableScene
from tests.ui.screen import fake_clock, settle
from tests.ui.test_readable import midgame

GAMES = [name for name in REGISTRY if playable(name) and REGISTRY[name].scene is not None]


def played(game: str, steps: int, seed: int = 3) -> Session:
    """A game of ``game`` at its usual size with ``steps`` seeded random actions played."""
    return midgame(game, REGISTRY[game].default_count, steps, seed)


def play_out(session: Session, seed: int = 3) -> None:
    rng = random.Random(seed)
    while not session.over:
        session.act(random_step(session.engine, session.state, rng))


def shown(app, session: Session) -> TableScene:
    table = app.routes["table"](app, session=session)
    app.show(table)
    settle(app)
    return table


def drain(pieces) -> int:
    n = 0
    for _ in pieces:
        n += 1
    return n


def shot(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGB")


@pytest.mark.parametrize("game", GAMES)
def test_every_games_table_warms_its_end_screen_once_changing_nothing_on_screen(app, game, monkeypatch):
    fake_clock(app)
    table = shown(app, played(game, 1))
    assert table.leads_to() is None  # a game's table (not one that builds its board first)
    before = shot(app.screen)
    made = []
    route = app.routes["end"]
    monkeypatch.setitem(app.routes, "end", lambda a, **kw: made.append(a) or route(a, **kw))
    pieces = table.warm_up()
    if pieces is None:  # the loop ran them already while the table settled: a new table does
        table = shown(app, played(game, 1))
        before = shot(app.screen)
        pieces = table.warm_up()
    assert pieces is not None
    assert drain(pieces) >= 2  # the end made, then painted: not all in one idle pass
    assert len(made) == 1 and made[0] is not app  # made for a stand-in that shows nothing
    assert app.scene is table and not table.session.over
    assert table.warm_up() is None  # once per table (the pause menu shows it again)
    table.dirty = True
    settle(app)
    assert shot(app.screen) == before


@pytest.mark.parametrize("game", GAMES)
def test_the_warmed_end_screen_paints_what_a_cold_one_paints(app, game, monkeypatch):
    fake_clock(app)
    session = played(game, 1)
    table = shown(app, session)
    layers._SPARE.clear()  # no canvas left over from elsewhere
    drain(warm.end_screen(app, table))
    play_out(session)
    made = []
    surface = pygame.Surface
    monkeypatch.setattr(layers.pygame, "Surface", lambda *a, **k: made.append(a[0]) or surface(*a, **k))
    end = app.routes["end"](app, table=table)
    end.draw(app.screen)
    monkeypatch.setattr(layers.pygame, "Surface", surface)
    assert tuple(theme.SIZE) not in made  # its picture on a kept canvas, not a new one
    warmed = shot(app.screen)
    cache.clear_all()  # as in a fresh process: no text, measure or key kept
    layers._SPARE.clear()
    cold = app.routes["end"](app, table=app.routes["table"](app, session=session))
    cold.draw(app.screen)
    assert shot(app.screen) == warmed


class Still(TableScene):
    """A table with a screen-sized layer, as a table keeps its still picture."""

    def __init__(self, app, session: Session) -> None:
        super().__init__(app, session)
        self.still = Layer(pygame.Rect((0, 0), theme.SIZE), lambda surf: surf.fill((1, 2, 3)))
        self.small = Layer(pygame.Rect(0, 0, 100, 100), lambda surf: surf.fill((4, 5, 6)))

    def draw(self, surf: pygame.Surface) -> None:
        self.still.draw(surf)
        self.small.draw(surf)


def test_the_end_of_a_game_takes_the_tables_screen_sized_canvas_and_a_warm_up_does_not(app):
    session = played(GAMES[0], 3)
    table = Still(app, session)
    table.draw(pygame.Surface(theme.SIZE))
    canvas, small = table.still._canvas, table.small._canvas
    layers._SPARE.clear()
    app.routes["end"](app, table=table)  # the game is still played: as the warm-up makes it
    assert table.still._canvas is canvas
    assert layers._SPARE.get((tuple(theme.SIZE), 0, 0)) is None
    play_out(session)
    end = app.routes["end"](app, table=table)
    assert table.still._canvas is None and table.small._canvas is small  # only the screen-sized one
    end.draw(pygame.Surface(theme.SIZE))
    assert end.picture._canvas is canvas


@pytest.mark.parametrize("game", GAMES)
def test_the_end_keys_are_one_picture_with_the_pixels_of_each_key_and_another_for_other_words(app, game):
    from companion.ui.kit import recording
    from companion.ui.shell import end as end_module

    session = played(game, 1)
    play_out(session)
    end = app.routes["end"](app, table=app.routes["table"](app, session=session))
    end_module._KEYS.clear()
    end.draw(app.screen)
    once = shot(app.screen)
    area, picture, _marks = end_module.keys_picture(end.buttons)
    assert end_module.keys_picture(end.buttons)[1] is picture  # kept: painted once
    with recording() as rec:  # an audit sees each key and its words where it stands
        end.draw(app.screen)
    assert [(c.rect, c.label) for c in rec.controls] == [(b.rect, b.label) for b in end.buttons]
    assert {b.label for b in end.buttons} <= {t.text for t in rec.texts}
    app.screen.fill((0, 0, 0))
    end.picture.draw(app.screen)
    for b in end.buttons:  # the pixels of each key drawn on its own over the result
        b.draw(app.screen)
    assert shot(app.screen) == once
    end.buttons[0].label = "Anderes Wort"  # other words: another picture
    assert end_module.keys_picture(end.buttons)[1] is not picture
    end.draw(app.screen)
    assert shot(app.screen) != once


def test_the_soak_counts_the_end_screens_the_loop_shows_not_the_ones_tables_warm(app):
    """``companion soak``'s "games": each game that reached its end screen, once; a table's
    warm-up makes its end screen for a stand-in of the app, and that game has not ended."""
    from companion import soak

    class Counter:
        played = 0

        def count_ended(self) -> None:
            self.played += 1

    counter = Counter()
    soak.count_ends(app, counter)
    session = played(GAMES[0], 1)
    table = shown(app, session)
    drain(warm.end_screen(app, table))
    assert counter.played == 0
    play_out(session)
    app.go("end", table=table)
    assert counter.played == 1 and type(app.scene).__name__ == "EndScene"


@pytest.mark.parametrize("game", GAMES)
def test_a_warm_up_the_pause_menu_cut_short_is_begun_again(app, game):
    """The app closes a screen's warm-up when it shows another (the pause menu); the table
    shown again has not warmed its end screen yet, and does then."""
    fake_clock(app)
    table = app.routes["table"](app, session=played(game, 1))
    table.draw(app.screen)
    pieces = table.warm_up()
    assert pieces is not None
    next(iter(pieces))
    pieces.close()  # as ``App._drop_warm_up`` does
    again = table.warm_up()
    assert again is not None
    assert drain(again) >= 2
    assert table.warm_up() is None


@pytest.mark.parametrize("game", GAMES)
def test_a_tables_warm_up_lets_go_of_its_stand_ins_when_it_is_done(app, game, monkeypatch):
    """The end screen made for a stand-in is a cycle (its keys call its bound methods): left
    to the collector, it and what the table's own pieces drew where nobody sees it stayed
    resident for the first minutes of every game (Ali Baba: about 5 MB). The warm-up's last
    piece lets go of them."""
    import gc
    import weakref

    fake_clock(app)
    table = shown(app, played(game, 1))
    made = []
    route = app.routes["end"]
    monkeypatch.setitem(app.routes, "end", lambda a, **kw: made.append(weakref.ref(route(a, **kw))) or made[-1]())
    table = shown(app, played(game, 1))  # a new table: its warm-up not begun
    pieces = table.warm_up()
    assert pieces is not None
    was_enabled = gc.isenabled()
    gc.disable()  # only the warm-up's own collection may free the stand-in's end screen
    try:
        drain(pieces)
        assert len(made) == 1 and made[0]() is None, "the stand-in's end screen is still held"
    finally:
        if was_enabled:
            gc.enable()
