"""Board grids (7×7, 8×8 with holes, 24×12), the scoreboard, and cached layers."""

from __future__ import annotations

import pygame
import pytest

from companion.ui import theme
from companion.ui.kit import (
    ELLIPSIS,
    BoardGrid,
    DirtyRects,
    Layer,
    LayoutError,
    Scoreboard,
    ScoreRow,
    problems,
    read_size,
    recording,
)


def roundtrip(grid: BoardGrid) -> None:
    for cell in grid.cells():
        r = grid.rect_of(cell)
        assert r.w == r.h == grid.cell and grid.area.contains(r)
        for point in (r.center, r.topleft, (r.right - 1, r.bottom - 1)):
            assert grid.cell_at(point) == cell


def test_seven_by_seven_fills_the_short_side():
    g = BoardGrid(pygame.Rect(0, 0, 476, 480), 7, 7)
    assert g.cell == 68 and g.area.h == 476
    roundtrip(g)
    assert g.cell_at((0, 478)) is None and g.cell_at((-5, 10)) is None
    assert not g.contains((7, 0)) and g.contains((6, 6))


def test_eight_by_eight_with_missing_cells():
    holes = {(0, 0), (0, 7), (7, 0), (7, 7), (3, 4)}
    g = BoardGrid(pygame.Rect(100, 0, 480, 480), 8, 8, missing=holes, gap=2)
    assert len(list(g.cells())) == 64 - len(holes)
    roundtrip(g)
    for hole in holes:
        assert g.cell_at(g.rect_of(hole).center) is None and not g.contains(hole)
    gap_point = (g.rect_of((1, 1)).right, g.rect_of((1, 1)).centery)  # between two cells
    assert g.cell_at(gap_point) is None


def test_twenty_four_by_twelve_board_is_square_celled_and_centred():
    g = BoardGrid(pygame.Rect(0, 0, 800, 400), 12, 24)
    assert g.cell == 33 and g.area.w == 24 * 33 and g.area.centerx == 400
    roundtrip(g)
    assert g.center_of((0.5, 0)) == (g.area.x + 16.5, g.area.y + 33)
    with pytest.raises(LayoutError, match="touch targets"):
        BoardGrid(pygame.Rect(0, 0, 800, 400), 12, 24, touch=True)
    with pytest.raises(LayoutError):
        BoardGrid(pygame.Rect(0, 0, 10, 10), 12, 24)


def test_scoreboard_draws_plain_data_readably():
    board = Scoreboard(pygame.Rect(400, 200, 390, 270), players=4, figures=(70, 110), header=("Geld", "Punkte"))
    rows = [ScoreRow(("red", "blue"), "Scheherazade von Bagdad und Basra", ("12", "130"), current=True),
            ScoreRow(("yellow",), "Ali", ("7", "30")),
            ScoreRow(("green",), "Omar", ("0", "3"), out=True)]
    surf = pygame.Surface(theme.SIZE)
    with recording() as rec:
        board.draw(surf, rows)
    assert problems(rec) == []
    shown = [t.text for t in rec.texts]
    assert shown[:2] == ["Geld", "Punkte"]
    assert any(s.startswith("Scheh") and s.endswith(ELLIPSIS) for s in shown)
    assert {t.size for t in rec.texts if t.role == "read"} == {read_size()}
    with pytest.raises(LayoutError):
        board.draw(surf, rows * 2)


def test_scoreboard_refuses_rows_too_low_to_read():
    with pytest.raises(LayoutError, match="read from across the table"):
        Scoreboard(pygame.Rect(0, 0, 316, 112), players=4, figures=(60, 60))
    with pytest.raises(LayoutError):
        Scoreboard(pygame.Rect(0, 0, 200, 300), players=2, figures=(80, 80))


def test_a_layer_paints_once_until_invalidated_or_its_key_changes():
    calls: list[int] = []

    def paint(s: pygame.Surface) -> None:
        calls.append(1)
        s.fill(theme.BOARD)
        theme.blit_text(s, "Markt", (4, 4), 47, role="read")

    layer = Layer(pygame.Rect(40, 40, 300, 300), paint)
    screen = pygame.Surface(theme.SIZE)
    for _ in range(5):
        layer.draw(screen, key=("board", 1))
    assert layer.renders == 1
    layer.draw(screen, key=("board", 2))
    layer.invalidate()
    layer.draw(screen, key=("board", 2))
    assert layer.renders == 3 and len(calls) == 3
    assert screen.get_at((50, 300))[:3] == theme.BOARD


def test_layer_texts_are_audited_where_the_layer_lands():
    layer = Layer(pygame.Rect(700, 0, 100, 60), lambda s: theme.blit_text(s, "Ali Baba und die Räuber", (0, 0), 47))
    screen = pygame.Surface(theme.SIZE)
    layer.draw(screen)  # painted while nobody audits
    with recording() as rec:
        layer.draw(screen)
    [mark] = rec.texts
    assert mark.drawn.topleft == (700, 0)
    assert any("runs out of its box" in p for p in problems(rec))


def test_dirty_rects_merge_and_update_only_what_changed():
    d = DirtyRects()
    d.add(pygame.Rect(0, 0, 10, 10), None, pygame.Rect(20, 0, 10, 10), pygame.Rect(5, 0, 20, 5),
          pygame.Rect(790, 470, 50, 50), pygame.Rect(900, 900, 5, 5))
    sent: list = []
    rects = d.flush(sent.append)
    assert [tuple(r) for r in rects] == [(0, 0, 30, 10), (790, 470, 10, 10)] and sent == [rects]
    assert d.flush(sent.append) == [] and len(sent) == 1
    d.everything()
    assert [tuple(r) for r in d.rects()] == [(0, 0, 800, 480)]
