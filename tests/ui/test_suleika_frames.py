"""The frames round Suleika's cells (where a carpet may go, the area just paid for) are
pictures painted once per look and blitted: the same pixels as drawing them, and another
look (colour, width, kind) another picture."""

from __future__ import annotations

import pygame

from companion.games.suleika.screen import board
from companion.ui import theme


def drawn(fn) -> bytes:
    surf = pygame.Surface((480, 480))
    surf.fill((90, 40, 160))   # a carpet's colour under the frames
    fn(surf)
    return pygame.image.tobytes(surf, "RGB")


def test_an_outline_blitted_is_the_outline_drawn():
    rect = board.cell_rect(2, 3).inflate(-2, -2).move(-board.cell_rect(2, 3).x + 10, -board.cell_rect(2, 3).y + 10)

    def by_hand(surf: pygame.Surface, colour=theme.GOOD, width=4) -> None:
        pygame.draw.rect(surf, board.DARK, rect, width + 4, border_radius=5)
        pygame.draw.rect(surf, colour, rect.inflate(-4, -4), width, border_radius=4)

    assert drawn(lambda s: board.outline(s, rect, theme.GOOD)) == drawn(by_hand)
    assert drawn(lambda s: board.outline(s, rect, board.LIGHT, 6)) == drawn(lambda s: by_hand(s, board.LIGHT, 6))
    assert drawn(lambda s: board.outline(s, rect, board.LIGHT, 6)) != drawn(lambda s: board.outline(s, rect, theme.GOOD))


def test_a_paid_cell_blitted_is_the_paid_cell_drawn():
    cell = (1, 1)
    r = board.cell_rect(*cell).inflate(-2, -2)

    def by_hand(surf: pygame.Surface) -> None:
        pygame.draw.rect(surf, board.DARK, r, 3, border_radius=4)
        pygame.draw.rect(surf, board.LIGHT, r.inflate(-6, -6), 3, border_radius=3)
        pygame.draw.rect(surf, board.DARK, r.inflate(-12, -12), 1, border_radius=2)

    assert drawn(lambda s: board.draw_payment(s, [cell])) == drawn(by_hand)
    assert board.frame(("paid", r.w, r.h)) is board.frame(("paid", r.w, r.h))   # painted once


# -- the panel in bands: each painted again only when what it shows changed ---------------------
def test_a_banded_layer_paints_again_only_the_bands_whose_key_changed_and_keeps_their_texts():
    from companion.games.suleika.screen.bands import BandedLayer
    from companion.ui.kit import Label, recording

    bands = {"up": pygame.Rect(0, 0, 200, 50), "down": pygame.Rect(0, 50, 200, 50)}
    words = {"up": "Anna", "down": "12"}
    painted: list[str] = []

    def paint(surf: pygame.Surface, name: str) -> None:
        painted.append(name)
        Label(words[name], bands[name], role="read").draw(surf)

    layer = BandedLayer(pygame.Rect(0, 0, 200, 100), bands, paint, (10, 20, 30))
    screen = pygame.Surface((200, 100))
    layer.draw_bands(screen, words)
    words["down"] = "13"
    with recording() as rec:
        layer.draw_bands(screen, words)
    assert painted == ["up", "down", "down"] and layer.band_renders == {"up": 1, "down": 2}
    assert sorted(t.text for t in rec.texts) == ["13", "Anna"]  # the kept band's text too
    fresh = pygame.Surface((200, 100))
    fresh.fill((10, 20, 30))
    for name in bands:
        paint(fresh, name)
    assert pygame.image.tobytes(screen, "RGB") == pygame.image.tobytes(fresh, "RGB")
    layer.invalidate()
    layer.draw_bands(screen, words)
    assert painted[-2:] == ["up", "down"]  # invalidated: every band


def test_the_frame_omar_stops_on_paints_the_status_and_the_scores_shaped_while_the_die_tumbled(app, monkeypatch):
    from companion.games.suleika.screen.table import PANEL_BANDS
    from companion.ui.kit import text as kit_text
    from tests.ui.screen import FRAME_S, fake_clock, settle
    from tests.ui.screen import table as show_table

    clock = fake_clock(app)
    scene = show_table(app, game="suleika", players=4, seed=3)
    settle(app)
    rendered = [0]
    render = kit_text.render

    def counted(*args, **kwargs):
        rendered[0] += 1
        return render(*args, **kwargs)

    for roll in range(6):  # rolls of every kind: a payment, none, another player's turn
        if scene.state.phase == "place":
            for name in ("right", "ok"):
                app.inject(name)
                settle(app)
        app.inject("roll")
        app.step(block=False)  # the press: the panel painted once for the roll
        while scene.is_busy():
            clock.advance(FRAME_S)
            before = dict(scene.panel_layer.band_renders)
            monkeypatch.setattr(kit_text, "render", counted)
            rendered[0] = 0
            app.step(block=False)
            monkeypatch.setattr(kit_text, "render", render)
            if not scene.is_busy():  # the frame he stops on
                assert rendered[0] == 0, roll  # its payment and figures were shaped ahead
                painted = {name for name in PANEL_BANDS if scene.panel_layer.band_renders[name] > before[name]}
                assert painted <= {"words", "scores"}, painted  # the keys and the die are as they were
            cached = pygame.image.tobytes(app.screen, "RGB")
            surf = pygame.Surface(app.screen.get_size())  # the panel painted whole, from nothing
            surf.blit(app.screen, (0, 0))
            scene.paint_panel(surf)
            assert pygame.image.tobytes(surf, "RGB") == cached, roll
        settle(app)
