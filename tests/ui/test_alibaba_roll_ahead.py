"""While an Ali Baba die tumbles (its value decided at the press), the picture it comes to rest
on is painted a piece a frame: the frame where it lies still blits it, and shows what a
picture painted then would show. The fate grid's cells and the players' rows are pictures
kept by what they show. Through the real loop, in German, on a fake clock."""

from __future__ import annotations

import hashlib

import pygame

from companion.games.alibaba.rules.state import BLACK_ROLL, LOOT
from companion.games.alibaba.screen import draw as look
from companion.ui import theme
from tests.ui.screen import FRAME_S, fake_clock, press, settle
from tests.ui.test_alibaba_table import game_at, show


def shot(surf: pygame.Surface) -> str:
    return hashlib.sha1(pygame.image.tobytes(surf, "RGB")).hexdigest()


def test_the_picture_after_a_roll_is_painted_while_the_die_tumbles_and_shows_the_same(app):
    clock = fake_clock(app)
    scene = show(app, game_at(4, lambda session, st: st.phase == BLACK_ROLL))
    assert scene.fate() is not None and scene.fate().row is None
    still, grid = scene.still.renders, scene.fate_layer.renders
    app.inject("roll", 4)
    app.step(block=False)  # the press: the picture under the tumbling die, the state before it
    assert scene.dice.busy(app.now()) and scene.fate().row is None
    for _ in range(8):  # a few frames of the tumble paint, a piece each, what comes after it
        clock.advance(FRAME_S)
        app.step(block=False)
    assert scene.dice.busy(app.now())
    assert scene.fate_layer.renders == grid + 1 and scene.still.renders == still + 1
    assert scene.fate_layer.shows(look.fate_keys(scene, scene.fate(settled=True), scene.names())[0])
    settle(app)  # the die lies still: its picture is blitted, not painted
    assert not scene.dice.busy(app.now()) and scene.fate().row == 4
    assert scene.still.renders == still + 1 and scene.fate_layer.renders == grid + 1
    seen = shot(app.screen)
    scene.repaint()  # every layer painted now, as the frame would have without the head start
    scene.dirty = True
    app.step(block=False)
    assert scene.still.renders == still + 2
    assert shot(app.screen) == seen


def test_a_press_during_the_tumble_shows_the_roll_at_once(app):
    clock = fake_clock(app)
    scene = show(app, game_at(4, lambda session, st: st.phase == BLACK_ROLL))
    app.inject("roll", 2)
    app.step(block=False)
    clock.advance(FRAME_S)
    app.step(block=False)  # one piece painted ahead, not all of them
    app.inject("right")  # a press ends the tumble
    settle(app)
    assert not scene.dice.busy(app.now()) and scene.fate().row == 2
    seen = shot(app.screen)
    scene.repaint()
    scene.dirty = True
    app.step(block=False)
    assert shot(app.screen) == seen


def test_a_fate_cell_picture_is_kept_by_what_it_shows_and_drawn_as_the_grid_drew_it(app):
    size, fill, ink = (38, 38), theme.PANEL_HI, theme.INK
    one = look.cell_picture(7, size, fill, ink)
    assert look.cell_picture(7, size, fill, ink) is one  # kept
    for other in (look.cell_picture(8, size, fill, ink), look.cell_picture(7, size, look.DANGER, ink),
                  look.cell_picture(7, size, fill, theme.INK_DIM), look.cell_picture(7, (40, 40), fill, ink)):
        assert other is not one
        assert other[0].get_size() != one[0].get_size() or shot(other[0]) != shot(one[0])  # it shows what changed
    drawn = pygame.Surface(size)
    drawn.fill(theme.BG)
    pygame.draw.rect(drawn, fill, drawn.get_rect(), border_radius=5)
    look.centred_number(drawn, "7", drawn.get_rect(), ink, bold=True)
    assert shot(one[0]) == shot(drawn)
    assert [m.text for m in one[1].texts] == ["7"]  # an audit still sees its number


def test_an_arrest_is_worked_out_once_for_its_position(app):
    scene = show(app, game_at(4, lambda session, st: st.phase == BLACK_ROLL))
    st, events = scene.state, scene.session.events[-1]
    first = look.fate_view(scene.rules, st, events)
    assert look.fate_view(scene.rules, st, events) is first
    assert look.fate_view(scene.rules, scene.session.states[-2], []) is not first


def test_a_move_paints_only_the_players_rows_that_changed_and_shows_them_as_a_fresh_paint(app, monkeypatch):
    scene = show(app, game_at(4, lambda session, st: st.phase == LOOT and any(
        a["action"] == "take" and a.get("group") for a in session.engine.legal_actions(st))))
    painted: list[int] = []
    real = look.draw_player
    monkeypatch.setattr(look, "draw_player", lambda scene, surf, seat, chips, names: (
        painted.append(seat), real(scene, surf, seat, chips, names)))
    cards = scene.state.cards
    take = next(i for i, a in enumerate(scene.options()) if a["action"] == "take")
    for _ in range((take - scene.cursor) % len(scene.options())):
        press(app, "right")
    assert painted == []  # the cursor moved: the rows are blitted
    press(app, "ok")
    changed = {seat for seat in range(4) if scene.state.cards[seat] != cards[seat]}
    assert changed and changed <= set(painted) and len(set(painted)) < 4  # the others were kept
    seen = shot(app.screen)
    look._ROWS.clear()  # every row painted anew: the same screen
    scene.repaint()
    scene.dirty = True
    app.step(block=False)
    assert set(painted) == {0, 1, 2, 3}
    assert shot(app.screen) == seen
