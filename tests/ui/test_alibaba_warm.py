"""What Ali Baba's table makes once and keeps, or makes while it waits: the route's
ground once per box, the players' rows of a game's opening painted once for the setup's
warm-up and the new table, an arrest and the end screen made while the table waits. Each kept
picture is the one painting it would give, and a change of what it shows paints it anew."""

from __future__ import annotations

import dataclasses

import pygame

from companion.games import get_engine
from companion.games.alibaba.rules.state import DUMP
from companion.games.alibaba.screen import draw as look
from companion.games.alibaba.screen import table as table_module
from companion.games.alibaba.screen.route import RoutePicture
from companion.session.session import Session
from companion.session.store import Store
from companion.ui import warm
from companion.ui.kit import layers
from tests.ui.screen import fake_clock, settle
from tests.ui.test_alibaba_table import game_at, quick, show  # noqa: F401 (quick: the fixture)


def shot(app) -> bytes:
    return pygame.image.tobytes(app.screen, "RGB")


def test_the_route_ground_is_painted_once_per_box_and_anew_for_another_box():
    box = get_engine("alibaba").box
    rect = pygame.Rect(0, 0, 452, 141)
    one, two = RoutePicture(rect, box), RoutePicture(rect, box)
    assert one.ground() is two.ground()  # the second table of the box paints nothing
    gangs = list(box.gangs)
    gangs[0] = dataclasses.replace(gangs[0], color="#102030" if gangs[0].color != "#102030" else "#304050")
    other = RoutePicture(rect, dataclasses.replace(box, gangs=tuple(gangs)))
    assert other.ground() is not one.ground()
    assert pygame.image.tobytes(other.ground(), "RGB") != pygame.image.tobytes(one.ground(), "RGB")


def opening(names: list[str]) -> Session:
    return Session.new({"game": "alibaba", "players": 4, "seed": 7, "names": names}, Store(":memory:"))


def test_the_opening_rows_are_copied_for_the_same_rows_and_painted_for_others(app, monkeypatch):
    table_module._OPENING_ROWS.clear()
    painted = []
    paint = look.paint_players
    monkeypatch.setattr(look, "paint_players", lambda scene, surf: painted.append(1) or paint(scene, surf))
    names = ["Anna", "Ben", "Cem", "Dora"]
    first = show(app, opening(names))
    assert painted == [1]
    picture = pygame.image.tobytes(first.players_layer.surface(), "RGB")
    second = show(app, opening(names))  # the same rows (the setup's warm-up, then the table)
    assert painted == [1]
    assert pygame.image.tobytes(second.players_layer.surface(), "RGB") == picture
    third = show(app, opening(["Anna", "Ben", "Cem", "Emil"]))  # another name: painted
    assert painted == [1, 1]
    assert pygame.image.tobytes(third.players_layer.surface(), "RGB") != picture
    third.roll()  # the deal: other rows, painted
    settle(app)
    assert painted == [1, 1, 1]
    dealt = pygame.image.tobytes(third.players_layer.surface(), "RGB")
    fourth = show(app, opening(["Anna", "Ben", "Cem", "Emil"]))
    fourth.roll()  # the same deal of the same seed: copied, the same pixels
    settle(app)
    assert painted == [1, 1, 1]
    assert pygame.image.tobytes(fourth.players_layer.surface(), "RGB") == dealt
    hands = fourth.state.hands
    fourth.pick_key(fourth._keys[0])  # the first card played: no longer the opening, painted
    settle(app)
    assert fourth.state.hands != hands
    fourth.players_layer.surface(key=look.players_key(fourth, fourth.names()))
    assert len(painted) == 4


def test_the_warmed_arrest_and_end_change_nothing_on_screen(app):
    fake_clock(app)
    session = game_at(4, lambda _session, st: st.phase == DUMP)
    scene = show(app, session)
    before = shot(app)
    grid = scene.fate_layer.renders
    pieces = scene.warm_up()
    assert pieces is not None
    for _ in pieces:
        pass
    assert scene.fate_layer.renders > grid  # the arrests were painted into the layer
    scene.dirty = True
    scene.still.invalidate()
    settle(app)
    assert shot(app) == before  # and the layer shows the arrest of the game again


def test_the_warmed_end_hands_its_canvas_on_to_the_end_screen(app, monkeypatch):
    scene = show(app, opening(["Anna", "Ben", "Cem", "Dora"]))
    layers._SPARE.clear()  # no canvas left over from elsewhere
    for _ in warm.end_screen(app, scene):
        pass
    made = []
    surface = pygame.Surface
    monkeypatch.setattr(layers.pygame, "Surface", lambda *a, **k: made.append(a) or surface(*a, **k))
    end = app.routes["end"](app, table=scene)
    end.draw(pygame.Surface((800, 480)))
    assert ((800, 480), 0) not in made  # a spare canvas, not a new one


def test_the_table_warms_once_and_not_again_after_the_pause_menu(app):
    """The pause menu shows the same table again: its arrests and end are warmed already."""
    fake_clock(app)
    session = game_at(4, lambda _session, st: st.phase == DUMP)
    scene = show(app, session)
    first = scene.warm_up()
    if first is not None:  # not yet run by the loop while the table stood
        for _ in first:
            pass
    assert scene.warm_up() is None
