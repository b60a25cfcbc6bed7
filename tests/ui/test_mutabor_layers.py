"""The Mutabor table's cached pictures: the still maze (cards, the marks that stay, the
figures) and the panel are painted again only when what they show changed, and a frame drawn
from them is the frame a table drawn from scratch shows (a key that missed a change would
leave a stale picture on screen)."""

from __future__ import annotations

import random
from typing import Any

import pygame

from companion.games.mutabor.screen import board, pictures
from tests.ui.screen import fake_clock, press, settle
from tests.ui.test_mutabor_screen import new_session, show, with_capture_choice, with_swap_offer


def fresh_frame(app: Any, scene: Any) -> bytes:
    """The screen a new table (no picture kept yet) draws for the same game and choice."""
    other = app.routes["table"](app, session=scene.session, view=scene.view)
    for name in ("sel", "target", "mode", "pending", "choice", "swapping", "swap_first", "swap_cursor", "hint_on"):
        setattr(other, name, getattr(scene, name))
    other.banner = scene.banner
    other.drawing = scene.drawing
    surf = pygame.Surface(app.screen.get_size())
    other.draw(surf)
    return pygame.image.tobytes(surf, "RGB")


def shown(app: Any) -> bytes:
    return pygame.image.tobytes(app.screen, "RGB")


def test_moving_the_cursor_over_targets_blits_the_kept_pictures(app):
    fake_clock(app)
    scene = show(app, new_session(4, seed=2))
    press(app, "right")
    press(app, "ok")  # the first movable figure chosen: its targets light up
    assert len(scene.lit()) >= 2
    still, words = scene.still.renders, scene.words.renders
    seen = set()
    for _ in range(len(scene.lit())):
        press(app, "right")
        seen.add(shown(app))
        assert shown(app) == fresh_frame(app, scene)
    assert (scene.still.renders, scene.words.renders) == (still, words)
    assert len(seen) == len(scene.lit())  # the cursor's ring moved each time


def test_a_move_an_undo_a_message_and_the_hint_key_each_show_at_once(app):
    fake_clock(app)
    scene = show(app, new_session(2, seed=5))
    rng = random.Random(3)
    before = scene.still.renders
    for _ in range(3):  # three moves, as a table makes them
        for name in scene.demo_presses(rng):
            press(app, name)
            assert shown(app) == fresh_frame(app, scene)
    assert scene.still.renders > before  # each position painted anew
    press(app, "undo")  # the next player's figure let go
    assert scene.sel is None and shown(app) == fresh_frame(app, scene)
    press(app, "undo")  # the last move taken back, and said
    assert scene.banner.text and shown(app) == fresh_frame(app, scene)
    app.now.advance(10)  # the message goes away by itself
    settle(app)
    assert not scene.banner.text and shown(app) == fresh_frame(app, scene)
    words = scene.words.renders
    scene.toggle_hint()
    scene.dirty = True
    settle(app)
    assert scene.words.renders == words + 1 and shown(app) == fresh_frame(app, scene)


def test_a_capture_s_choice_and_the_card_swap_are_kept_pictures_too(app):
    fake_clock(app)
    session = with_capture_choice(3)
    scene = show(app, session)
    capture = next(a for a in session.engine.legal_actions(session.state) if "capture_to" in a)
    scene.select(tuple(capture["from"]))
    scene.move(tuple(capture["from"]), tuple(capture["to"]))
    assert scene.pending is not None
    for name in ("right", "right", "left"):
        press(app, name)
        assert shown(app) == fresh_frame(app, scene)
    scene = show(app, with_swap_offer(2))
    for name in ("roll", "right", "ok", "right", "right", "ok"):
        press(app, name)
        assert shown(app) == fresh_frame(app, scene)


def test_a_card_a_target_and_a_figure_are_each_drawn_once_and_put_down_as_drawn():
    surf = pygame.Surface((120, 120))
    for kind in (*pictures.PAINTERS, None):
        for small in (False, True):
            surf.fill((10, 20, 30))
            pictures.draw_card(surf, pygame.Rect(7, 9, 54, 54), kind,
                               picture=pygame.Rect(9, 11, 32, 32) if small else None)
            drawn = pygame.image.tobytes(surf, "RGB")
            surf.fill((10, 20, 30))
            surf.blit(pictures.card_picture(kind, (54, 54), small, (10, 20, 30)), (7, 9))
            assert pygame.image.tobytes(surf, "RGB") == drawn, (kind, small)
    assert pictures.card_picture("baum", (54, 54), False, (10, 20, 30)) is \
        pictures.card_picture("baum", (54, 54), False, (10, 20, 30))
    assert pictures.card_picture("baum", (54, 54), False, (10, 20, 30)) is not \
        pictures.card_picture("tor", (54, 54), False, (10, 20, 30))
    grid = board.make_grid()
    for dot in (False, True):
        surf = pygame.Surface((800, 480))
        surf.fill((200, 200, 200))
        board.ring(surf, grid, (3, 4), (40, 200, 40), 5)
        board.corners(surf, grid, (3, 4), (40, 200, 40))
        if dot:
            board.dot(surf, grid, (3, 4), (40, 200, 40))
        drawn = pygame.image.tobytes(surf, "RGB")
        surf.fill((200, 200, 200))
        board.target(surf, grid, (3, 4), (40, 200, 40), dot_too=dot)
        assert pygame.image.tobytes(surf, "RGB") == drawn, dot


def test_a_dealing_number_blitted_is_the_number_drawn_and_each_number_its_own_picture():
    from companion.ui import theme
    from companion.ui.kit import Label, audit

    grid = board.make_grid()
    cell = (2, 3)
    rect = grid.rect_of(cell).inflate(-2, -2)
    for number in (1, 17, 52):
        surf = pygame.Surface((800, 480))
        surf.blit(pictures.card_picture("krebs", rect.size, True, theme.BG), rect)
        box = pygame.Rect(0, 0, 36, 30)
        box.bottomright = (rect.right - 1, rect.bottom - 1)
        by_hand = surf.copy()
        pygame.draw.rect(by_hand, (20, 20, 30), box, border_radius=6)
        Label(str(number), box, role="min", color=theme.INK, align="center").draw(by_hand)
        with audit.recording() as seen:
            board.paint_numbers(surf, grid, {cell: number})
        assert pygame.image.tobytes(surf, "RGB") == pygame.image.tobytes(by_hand, "RGB"), number
        assert [t.text for t in seen.texts] == [str(number)] and seen.texts[0].box == box  # the audit reads it
    assert board.badge(17) is board.badge(17)  # painted once
    assert pygame.image.tobytes(board.badge(17)[0], "RGB") != pygame.image.tobytes(board.badge(18)[0], "RGB")


def test_the_deal_is_painted_straight_into_the_still_picture_as_the_cards_layer_shows_it(app):
    fake_clock(app)
    scene = show(app, new_session(2, seed=4), view="layout")
    area = scene.grid.area
    shown_maze = app.screen.subsurface(area).copy()
    assert scene.cards.renders == 0  # the layout view makes no cards' layer
    layer = scene.cards.surface(key=scene.cards_key())  # what the layer would have shown
    assert pygame.image.tobytes(layer, "RGB") == pygame.image.tobytes(shown_maze, "RGB")
    assert shown(app) == fresh_frame(app, scene)
    press(app, "ok")  # to play: the cards' layer now holds the maze, without the numbers
    assert scene.view == "play" and scene.cards.renders == 2
    assert shown(app) == fresh_frame(app, scene)
