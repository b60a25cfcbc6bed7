"""The Teppich board's two layers: the city (ground, stars, scenery, clouds) painted once per
city and cloud layout, the carpets on it at every move; the pictures change exactly when what
they show changes."""

from __future__ import annotations

import pygame

from companion.games.teppich.screen import draw
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
