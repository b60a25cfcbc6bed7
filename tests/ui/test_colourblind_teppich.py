"""Der fliegende Teppich's largest table (six carpets) as deuteranopia and protanopia see it:
every seat stays distinguishable by its pattern, not by hue alone, in the players' list and
on the board, the six carpets waiting on the start podium included."""

from __future__ import annotations

from itertools import combinations
from typing import Any

import pygame
import pytest

from companion.games.teppich.screen import draw
from tests.ui.test_colour_signs import DEUTERANOPIA, PROTANOPIA, luminance, seen
from tests.ui.test_teppich_screen import act, table

MATRICES = {"deuteranopia": DEUTERANOPIA, "protanopia": PROTANOPIA}


def pattern(surf: pygame.Surface, rect: pygame.Rect, matrix: Any) -> tuple[bool, ...]:
    """The tile as a colour-blind eye sees it, reduced to light and dark against its own
    middle brightness (halfway between its lightest and darkest points): what is left when hue tells nothing."""
    inner = rect.inflate(-2, -2)   # inside the tile's outline
    values = [luminance(seen(tuple(surf.get_at((x, y)))[:3], matrix))
              for y in range(inner.top, inner.bottom) for x in range(inner.left, inner.right)]
    middle = (min(values) + max(values)) / 2
    return tuple(v > middle for v in values)


def apart(a: tuple[bool, ...], b: tuple[bool, ...]) -> float:
    return sum(x != y for x, y in zip(a, b, strict=True)) / len(a)


def assert_all_distinct(tiles: dict[int, tuple[bool, ...]], where: str) -> None:
    for (p, a), (q, b) in combinations(tiles.items(), 2):
        # a fifth of the tile's points at least differ in light and dark (the same pattern in
        # two colours that look alike would differ in none)
        assert apart(a, b) >= 0.2, (where, p, q, apart(a, b))


@pytest.mark.parametrize("matrix", list(MATRICES))
def test_every_seat_of_six_is_told_by_its_pattern_in_the_list_and_on_the_podium(app, matrix):
    scene = table(app, 6)
    scene.draw(app.screen)
    m = MATRICES[matrix]
    rows = draw.player_rows(6)
    swatches = {}
    for p, rect in enumerate(rows):
        sw, _badge, _name, _count = draw.row_parts(rect, False, str(scene.state.tokens[p]))
        swatches[p] = pattern(app.screen, pygame.Rect(sw.x + 3, sw.y + 3, sw.w - 4, rect.h - 6), m)
    assert_all_distinct(swatches, "players' list")
    rects = draw.carpet_rects(scene.grid, scene.box, scene.state)
    assert draw.podium_tray(scene.grid, scene.box, scene.state) is not None
    sizes = {(r.w, r.h) for r in rects.values()}
    assert len(sizes) == 1   # tiles of one size: compared point by point
    (w, h), = sizes
    assert w >= 20 and h >= 14, sizes   # big enough for a pattern to be seen at all
    assert_all_distinct({p: pattern(app.screen, r, m) for p, r in rects.items()}, "start podium")


@pytest.mark.parametrize("matrix", list(MATRICES))
def test_every_seat_of_six_is_told_by_its_pattern_when_flown_out(app, matrix):
    scene = table(app, 6)
    up = [{"action": "fly", "v": v, "h": h, "pair": "UR", "arrows": "up_side"}
          for v, h in ((1, 3), (2, 3), (3, 3), (1, 2), (2, 2), (3, 2))]
    act(scene, *up)                # each carpet alone in its cell
    scene.draw(app.screen)
    rects = draw.carpet_rects(scene.grid, scene.box, scene.state)
    assert len({tuple(scene.state.cells[p]) for p in range(6)}) == 6
    m = MATRICES[matrix]
    assert_all_distinct({p: pattern(app.screen, r, m) for p, r in rects.items()}, "board")


@pytest.mark.parametrize("matrix", list(MATRICES))
def test_the_five_left_on_the_podium_stay_told_apart_when_the_first_flies_just_above(app, matrix):
    """The first flight of a game often ends right above the podium: the tray then lies low,
    the podium and the cell right of it, three carpets abreast."""
    scene = table(app, 6)
    act(scene, {"action": "fly", "v": 1, "h": 0, "pair": "UR", "arrows": "up_side"})
    tray = draw.podium_tray(scene.grid, scene.box, scene.state)
    assert tray is not None and tray.h == scene.grid.cell and tray.w == 2 * scene.grid.cell
    scene.draw(app.screen)
    rects = {p: r for p, r in draw.carpet_rects(scene.grid, scene.box, scene.state).items()
             if scene.state.cells[p] == scene.box.start}
    assert len(rects) == 5 and all(tray.contains(r) for r in rects.values())
    assert all(r.w >= 14 and r.h >= 9 for r in rects.values())
    assert_all_distinct({p: pattern(app.screen, r, MATRICES[matrix]) for p, r in rects.items()}, "low tray")
