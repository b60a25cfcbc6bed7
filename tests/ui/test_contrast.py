"""Every pair of theme colours text is drawn in meets WCAG 2's contrast: 4.5:1, or 3:1 for the
pairs only large text (24 px capitals and up, bold) is drawn in; measured by the formula and
from drawn pixels, and listed in the README."""

from __future__ import annotations

import re
from pathlib import Path

import pygame
import pytest

from companion.ui import theme
from companion.ui.widgets import Banner

README = Path(__file__).resolve().parents[2] / "README.md"


@pytest.mark.parametrize(("ink", "ground", "large"), theme.TEXT_PAIRS)
def test_every_theme_pair_meets_wcag_contrast(ink, ground, large):
    ratio = theme.contrast(getattr(theme, ink), getattr(theme, ground))
    assert ratio >= (3.0 if large else 4.5), f"{ink} on {ground}: {ratio:.2f}:1"


def test_white_on_the_red_banner_is_readable_at_any_size():
    # the refusal banner was white on (235, 90, 80): 2.91:1
    pygame.init()
    surf = pygame.Surface((400, 100))
    Banner("Das war LINKS – bitte WÜRFELN drücken", bad=True, until=10.0).draw(surf, pygame.Rect(0, 0, 400, 100), 0.0)
    ground = tuple(surf.get_at((200, 2)))[:3]
    assert theme.contrast(theme.INK, ground) >= 4.5


def test_the_readme_lists_the_contrast_of_every_theme_pair():
    text = README.read_text(encoding="utf-8")
    for ink, ground, _large in theme.TEXT_PAIRS:
        ratio = theme.contrast(getattr(theme, ink), getattr(theme, ground))
        row = re.search(rf"^\| `{ink}` \| `{ground}` \| ([0-9.]+):1 \|", text, re.M)
        assert row is not None, f"README has no line for {ink} on {ground}"
        assert row.group(1) == f"{ratio:.2f}", f"{ink} on {ground}: README {row.group(1)}, measured {ratio:.2f}"
