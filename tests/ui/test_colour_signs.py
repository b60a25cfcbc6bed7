"""Colour is never the only sign: Mutabor's targets carry a shape (a triangle in each corner)
that stays as dark-edged as before under deuteranopia and protanopia, and the words that ask
for a tap name the shape, never a colour."""

from __future__ import annotations

import pytest

from companion.games.mutabor.rules.moves import targets
from companion.root import make_app
from companion.session.store import Store
from tests.ui.screen import settle, tap
from tests.ui.test_mutabor_screen import new_session, play_until

#: colour-blind simulation matrices (Machado et al. 2009, severity 1.0), linear in sRGB as
#: colour-blindness checkers apply them
DEUTERANOPIA = ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881))
PROTANOPIA = ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998))

COLOUR_WORDS = {"de": ("grün", "gelb", "rot", "blau"), "en": ("green", "yellow", "red", "blue")}


def seen(rgb: tuple[int, int, int], matrix) -> tuple[int, int, int]:
    return tuple(max(0, min(255, round(sum(m * c for m, c in zip(row, rgb, strict=True))))) for row in matrix)


def luminance(rgb: tuple[int, int, int]) -> float:
    r, g, b = rgb
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


@pytest.fixture(params=("de", "en"))
def app(request, tmp_path):
    a = make_app(store=Store(tmp_path / "g.sqlite3"), lang=request.param, fullscreen=False, sound=False)
    yield a
    a.close()


def test_mutabor_targets_are_marked_by_shape_and_asked_for_without_a_colour(app):
    session = play_until(new_session(4), lambda s: len(s.actions) >= 4)
    scene = app.routes["table"](app, session=session, view="play")
    app.show(scene)
    settle(app)
    figure = next(c for c in scene.movable() if targets(session.state, c))
    tap(app, scene.grid.center_of(figure))               # through the loop: the figure is chosen
    assert scene.sel == figure
    said = scene.t("mutabor.ui.pick_target")
    assert not any(w in said.lower() for w in COLOUR_WORDS[app.texts.lang]), said
    scene.draw(app.screen)
    lit = scene.lit()
    assert lit
    for cell in lit:
        r = scene.grid.rect_of(cell).inflate(-4, -4)
        inside = app.screen.get_at((r.left + 4, r.top + 2))[:3]     # the corner triangle's fill
        edge = app.screen.get_at((r.left + 1, r.top + scene.grid.cell // 8))[:3]  # its black edge
        for matrix in (DEUTERANOPIA, PROTANOPIA):
            # the shape stays: a dark outline against its fill whatever the colour looks like
            assert luminance(seen(edge, matrix)) < 40, (cell, edge)
            assert luminance(seen(inside, matrix)) - luminance(seen(edge, matrix)) > 60, (cell, inside)
