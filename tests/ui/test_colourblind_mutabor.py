"""Mutabor's largest table (four players) seen through deuteranopia and protanopia: every seat
stays apart from every other by its pattern, not by hue alone, on the players' list, on the
figures on the maze, on the start squares of the layout and beside the names on the end
screen.

A seat's sign is sampled from the drawn screen, passed through the colour-blind matrices of
``test_colour_signs``, and reduced to its pattern: each pixel light or dark against the
sign's own middle. Two seats are told apart when their patterns differ in at least a fifth
of the pixels, and a pattern counts only where its light and dark parts stay apart in
brightness, so that a pattern drowned in its colour does not pass."""

from __future__ import annotations

import pygame
import pytest

from companion.games.mutabor.screen import board, panel
from companion.root import make_app
from companion.session.store import Store
from tests.ui.screen import settle
from tests.ui.test_colour_signs import DEUTERANOPIA, PROTANOPIA, luminance, seen
from tests.ui.test_mutabor_screen import new_session, play_until

MATRICES = {"deuteranopia": DEUTERANOPIA, "protanopia": PROTANOPIA}


@pytest.fixture(params=("de", "en"))
def app(request, tmp_path):
    a = make_app(store=Store(tmp_path / "g.sqlite3"), lang=request.param, fullscreen=False, sound=False)
    yield a
    a.close()


def pattern(surf: pygame.Surface, rect: pygame.Rect, matrix) -> tuple[list[bool], float]:
    """The sign in ``rect`` as a colour-blind eye sees it: each pixel lighter than the sign's
    middle brightness or not, and how far its lightest and darkest parts lie apart."""
    lum = [luminance(seen(tuple(surf.get_at((x, y)))[:3], matrix))
           for y in range(rect.top, rect.bottom) for x in range(rect.left, rect.right)]
    ordered = sorted(lum)
    low, high = ordered[len(ordered) // 10], ordered[-len(ordered) // 10 - 1]
    middle = (low + high) / 2
    return [v > middle for v in lum], high - low


def apart(signs: dict[int, pygame.Rect], surf: pygame.Surface, where: str) -> None:
    """Every two seats' signs differ by pattern under both matrices."""
    for name, matrix in MATRICES.items():
        seen_as = {seat: pattern(surf, rect, matrix) for seat, rect in signs.items()}
        for seat, (_mask, contrast) in seen_as.items():
            assert contrast >= 30, f"{where}, {name}: seat {seat + 1}'s pattern fades into its colour ({contrast:.0f})"
        for a in seen_as:
            for b in seen_as:
                if a < b:
                    ma, mb = seen_as[a][0], seen_as[b][0]
                    differ = sum(x != y for x, y in zip(ma, mb, strict=True)) / len(ma)
                    assert differ >= 0.2, f"{where}, {name}: seats {a + 1} and {b + 1} differ only in hue ({differ:.0%})"


def four_player_table(app):
    session = play_until(new_session(4, 3), lambda s: len(s.actions) >= 8)
    scene = app.routes["table"](app, session=session, view="play")
    app.show(scene)
    settle(app)
    scene.draw(app.screen)
    return session, scene


def test_the_players_list_tells_every_seat_by_pattern(app):
    session, scene = four_player_table(app)
    signs = {seat: pygame.Rect(panel.PLAYERS.x + 4, panel.PLAYERS.y + seat * panel.ROW_H + 6, 24, 24)
             for seat in range(4)}
    apart(signs, app.screen, "players' list")


def test_the_figures_on_the_maze_tell_every_seat_by_pattern(app):
    session, scene = four_player_table(app)
    radius = max(6, scene.grid.cell * 2 // 7)
    signs = {}
    for seat, cells in enumerate(session.state.figures):
        x, y = scene.grid.center_of(cells[0])
        # the square inside the disc (the pattern, not the rim), at the same place in each disc
        signs[seat] = pygame.Rect(int(x) - radius + 4, int(y) - radius + 4, 2 * radius - 8, 2 * radius - 8)
    apart(signs, app.screen, "figures")


def test_the_layout_flags_tell_every_seat_by_pattern(app):
    session = new_session(4, 3)
    scene = app.routes["table"](app, session=session)
    app.show(scene)
    settle(app)
    scene.draw(app.screen)
    assert scene.view == "layout"
    signs = {}
    for seat, side in enumerate(session.state.sides):  # each seat's goal flag, its cloth inside the edge
        _, flag_flank = board.FLANKS[board.OPPOSITE[side]]
        r = scene.grid.rect_of(flag_flank)
        signs[seat] = pygame.Rect(r.x + r.w // 4 + 4, r.y + r.h // 8 + 2, r.w // 2 - 4, r.h * 3 // 8 - 4)
    apart(signs, app.screen, "goal flags")


def test_the_end_screen_tells_every_seat_by_pattern(app):
    session = new_session(4, 3)
    session.act({"action": "draw"})
    table = app.routes["table"](app, session=session)
    end = app.routes["end"](app, table=table)
    app.show(end)
    settle(app)
    end.draw(app.screen)
    why_h = 74 if table.end_reason() else 0
    rect = table.end_picture_rect()
    side = min(rect.w, rect.h - why_h)
    grid = board.make_grid(pygame.Rect(rect.centerx - side // 2, rect.y + why_h, side, side))
    radius = max(6, grid.cell * 2 // 7)
    signs = {}
    for seat, cells in enumerate(session.state.figures):
        x, y = grid.center_of(cells[0])
        signs[seat] = pygame.Rect(int(x) - radius + 3, int(y) - radius + 3, radius, radius)
    apart(signs, app.screen, "end screen's maze")


def test_the_check_fails_on_colours_without_patterns():
    """Plain tiles of the four seats' colours (hue alone) are refused: the check can fail."""
    from companion.games import spec
    from companion.ui import theme

    surf = pygame.Surface((200, 40))
    signs = {}
    for seat, colour in enumerate(spec("mutabor").colors):
        signs[seat] = pygame.Rect(seat * 50, 0, 40, 40)
        surf.fill(theme.rgb(colour), signs[seat])
    with pytest.raises(AssertionError, match="fades into its colour|only in hue"):
        apart(signs, surf, "plain tiles")
