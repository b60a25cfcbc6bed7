"""The Teppich board's two layers: the city (ground, stars, scenery, clouds) painted once per
city and cloud layout, the carpets on it at every move; the pictures change exactly when what
they show changes."""

from __future__ import annotations

import random

import pygame

from companion.games.teppich.rules import options
from companion.games.teppich.screen import draw, paint
from tests.ui.screen import press, settle
from tests.ui.test_teppich_screen import act, on_the_star, table, tap_key


def picture(layer) -> bytes:
    return pygame.image.tobytes(layer.surface(), "RGB")


def test_a_move_paints_the_carpets_again_not_the_city(app):
    scene = table(app, 3, clouds=[[12, 9], [13, 9]])
    settle(app)
    city, board = scene.city_layer.renders, scene.layer.renders
    before = picture(scene.layer)
    act(scene, {"action": "fly", "v": 3, "h": 0, "pair": "UR", "arrows": "up_side"})
    assert scene.layer.renders == board + 1 and picture(scene.layer) != before   # the carpet moved
    assert scene.city_layer.renders == city                                        # the city did not
    # the board is the city with the carpets on it, as painted in one go
    whole = pygame.Surface(scene.grid.area.size)
    draw.paint_city(whole, scene.grid, scene.box, scene.state.scenery, scene.state.clouds, scene.state.stars,
                    scene.grid.area.topleft, scene.trees)
    draw.paint_carpets(whole, scene.grid, scene.box, scene.state, [scene.colour(p) for p in range(3)],
                       scene.grid.area.topleft)
    assert pygame.image.tobytes(whole, "RGB") == picture(scene.layer)


def test_the_city_is_painted_again_when_the_clouds_move(app):
    scene = on_the_star(app, clouds=[[10, 8], [11, 8]])
    city = scene.city_layer.renders
    before = picture(scene.city_layer)
    press(app, "roll", 2)   # face 2: the clouds are moved
    assert scene.city_layer.renders == city   # the roll itself moves nothing
    tap_key(app, "clouds_take")
    settle(app)
    assert scene.state.clouds != ((10, 8), (11, 8))
    assert scene.city_layer.renders == city + 1 and picture(scene.city_layer) != before


def fresh_city(scene) -> bytes:
    """The city of ``scene``'s game as painted from scratch."""
    whole = pygame.Surface(scene.grid.area.size)
    st = scene.state
    draw.paint_city(whole, scene.grid, scene.box, st.scenery, st.clouds, st.stars, scene.grid.area.topleft,
                    scene.trees)
    return pygame.image.tobytes(whole, "RGB")


def test_the_game_opens_with_the_city_and_the_moves_its_city_screen_warmed(app, monkeypatch):
    """While the city stands, its warm-up makes the game it starts where nobody sees it: the
    game's table then finds the city under the carpets painted and its first position's legal
    moves listed (one picture and one listing for every table showing them)."""
    from companion.games.teppich.screen import table as teppich_table
    from tests.ui.test_warm_up import setup_shown, warm

    setup_shown(app, "teppich")
    warm(app)
    app.inject("ok")  # the setup's start key: the city
    settle(app)
    city = app.scene
    assert city.city is not None
    listed: list[object] = []
    real = teppich_table.options

    def options(box, state):
        listed.append(state)
        return real(box, state)

    monkeypatch.setattr(teppich_table, "options", options)
    assert warm(app) > 0 and app.warm_failed is None
    assert listed, "the warm-up listed no moves: it did not make the game's table"
    painted = paint._CITY.layer.renders
    listed.clear()
    for name in city.demo_presses(random.Random(1)):  # the pieces one by one, then OK
        app.inject(name)
        app.step(block=False)
    game = app.scene
    assert game is not city and game.city is None and not game.session.actions
    assert paint._CITY.layer.renders == painted, "the city was painted again for the game's first frame"
    assert picture(game.city_layer) == fresh_city(game)
    assert listed == [], "the first position's moves were walked again"
    assert game.all_options() == list(real(game.box, game.state))


def test_tables_of_other_cities_each_show_their_own(app):
    """The city's picture is one for every table: a table showing another city paints it
    again, and the first table, painted again after it, shows its own city."""
    one = table(app, 3, clouds=[[12, 9], [13, 9]])
    settle(app)
    assert picture(one.city_layer) == fresh_city(one)
    other = table(app, 3, clouds=[[4, 10]], scenery=[[8, 0], [8, 1]])
    settle(app)
    assert picture(other.city_layer) == fresh_city(other) != fresh_city(one)
    assert other.all_options() == list(options(other.box, other.state))
    one.layer.invalidate()
    one.draw(app.screen)
    assert picture(one.city_layer) == fresh_city(one)
    assert one.all_options() == list(options(one.box, one.state))
