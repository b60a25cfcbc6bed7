"""Layout splitters: exact tiling, weights, and touch targets that refuse to be too small."""

from __future__ import annotations

import doctest
import importlib

import pygame
import pytest

from companion.ui.kit import MIN_TOUCH, LayoutError, column, cut, fitting, grid, inset, row

KIT_MODULES = ["audit", "board", "choices", "controls", "layers", "layout", "pads", "pointer", "scoreboard", "text"]


@pytest.mark.parametrize("name", KIT_MODULES)
def test_docstring_examples_hold(name):
    module = importlib.import_module(f"companion.ui.kit.{name}")
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


def test_row_tiles_the_rect_exactly_with_gaps():
    rect = pygame.Rect(10, 20, 301, 70)
    parts = row(rect, 4, gap=5)
    assert [p.y for p in parts] == [20] * 4 and all(p.h == 70 for p in parts)
    assert parts[0].left == rect.left and parts[-1].right == rect.right
    for a, b in zip(parts, parts[1:], strict=False):
        assert b.left - a.right == 5
    assert max(p.w for p in parts) - min(p.w for p in parts) <= 1


def test_weights_share_the_room():
    parts = column(pygame.Rect(0, 0, 100, 400), [1, 2, 1])
    assert [p.h for p in parts] == [100, 200, 100]
    assert [p.w for p in row(pygame.Rect(0, 0, 100, 10), [0, 1])] == [0, 100]


def test_grid_is_row_by_row():
    cells = grid(pygame.Rect(0, 0, 300, 200), 2, 3, gap=10, touch=True)
    assert len(cells) == 6
    assert cells[1].x > cells[0].x and cells[3].y > cells[0].y and cells[3].x == cells[0].x


@pytest.mark.parametrize("split", [
    lambda: row(pygame.Rect(0, 0, 300, 64), 5, touch=True),
    lambda: column(pygame.Rect(0, 0, 200, 120), 2, touch=True),
    lambda: row(pygame.Rect(0, 0, 400, 63), 2, touch=True),
    lambda: grid(pygame.Rect(0, 0, 420, 100), 2, 6, gap=4, touch=True),
])
def test_touch_layouts_refuse_small_targets(split):
    with pytest.raises(LayoutError, match="touch targets need 64"):
        split()


def test_without_touch_small_pieces_are_fine():
    assert len(row(pygame.Rect(0, 0, 300, 20), 10)) == 10


def test_exactly_the_minimum_is_enough():
    parts = row(pygame.Rect(0, 0, 2 * MIN_TOUCH + 6, MIN_TOUCH), 2, gap=6, touch=True)
    assert [p.size for p in parts] == [(MIN_TOUCH, MIN_TOUCH)] * 2


def test_bad_input_says_what_is_wrong():
    with pytest.raises(LayoutError, match="gaps"):
        row(pygame.Rect(0, 0, 10, 64), 4, gap=8)
    with pytest.raises(LayoutError, match="weights"):
        row(pygame.Rect(0, 0, 10, 64), [])
    with pytest.raises(LayoutError):
        inset(pygame.Rect(0, 0, 10, 10), 6)
    with pytest.raises(LayoutError):
        cut(pygame.Rect(0, 0, 100, 100), "top", 120)
    with pytest.raises(LayoutError):
        cut(pygame.Rect(0, 0, 100, 100), "middle", 10)


def test_cut_every_side():
    screen = pygame.Rect(0, 0, 800, 480)
    assert [tuple(r) for r in cut(screen, "bottom", 64, 8)] == [(0, 416, 800, 64), (0, 0, 800, 408)]
    assert [tuple(r) for r in cut(screen, "left", 300)] == [(0, 0, 300, 480), (300, 0, 500, 480)]
    assert [tuple(r) for r in cut(screen, "right", 300, 6)] == [(500, 0, 300, 480), (0, 0, 494, 480)]


def test_fitting_counts_targets():
    assert fitting(64) == 1 and fitting(63) == 0 and fitting(134, 6) == 2
