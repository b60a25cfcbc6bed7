"""Names on the setup screen: typed on the name keyboard, a name of 14 letters comes back to
its seat whole, on one line, at the read size (24 px), with five and six seats too (it came
back as "Maximilia-" / "ne-So" at 19 px, broken where the typist put no hyphen); and the kit's
wrapping never breaks inside a word where a smaller size keeps the word whole."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from companion.ui.kit import Label, problems, recording
from companion.ui.kit.text import line_height, min_size, read_size
from tests.ui.screen import settle, tap, tap_label
from tests.ui.test_words_whole import LONG_NAMES


def name_marks(app: Any) -> dict[int, Any]:
    """The text drawn on each seat's name key, by seat."""
    keys = {b.key[1]: b.rect for b in app.scene.tappables() if isinstance(b.key, tuple) and b.key[0] == "name"}
    with recording() as rec:
        app.scene.draw(app.screen)
    assert problems(rec) == []
    return {seat: next(t for t in rec.texts if rect.contains(t.drawn)) for seat, rect in keys.items()}


def type_by_taps(app: Any, name: str) -> None:
    """Each letter tapped on the keyboard's own key (capitals come by themselves)."""
    for ch in name:
        if ch == " ":
            tap_label(app, app.texts("space"))
            continue
        key = next((b for b in app.scene.tappables() if b.key == ("key", ch.upper())), None)
        if key is None:   # on the other page ("Ä" is an accent on the English keys)
            tap(app, next(b for b in app.scene.tappables() if b.key == "page").rect.center)
            tap(app, next(b for b in app.scene.tappables() if b.key == ("key", ch.upper())).rect.center)
            tap(app, next(b for b in app.scene.tappables() if b.key == "page").rect.center)
            continue
        tap(app, key.rect.center)


@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize(("game", "players"), [("teppich", 6), ("alibaba", 5), ("alibaba", 4), ("teppich", 3)])
def test_a_long_name_typed_comes_back_whole_at_the_read_size(app, game, players):
    app.go("setup", game=game, players=players)
    settle(app)
    for seat in range(players):
        key = next(b for b in app.scene.tappables() if b.key == ("name", seat))
        tap(app, key.rect.center)
        assert type(app.scene).__name__ == "NameScene"
        type_by_taps(app, LONG_NAMES[seat])
        assert app.scene.name == LONG_NAMES[seat]
        tap_label(app, app.texts("ok"))
        settle(app)
    marks = name_marks(app)
    for seat in range(players):
        t = marks[seat]
        assert t.text == LONG_NAMES[seat], t.text          # no hyphen added, no "…"
        assert t.px >= 24 and t.role == "read", (t.text, t.px)
        assert t.drawn.h < 2 * line_height(read_size()) - 4, t.drawn   # one line


def test_the_kit_wraps_only_at_spaces_and_after_hyphens_where_a_smaller_size_allows():
    """SDL_ttf breaks a word wider than the line anywhere ("Maximili" / "ane-So"): the kit
    takes the largest size at which every word fits the line instead."""
    pygame.font.init()
    box = pygame.Rect(0, 0, 180, 64)
    f = Label("Maximiliane-So", box, role="min", size=read_size(), wrap=True).fitted()
    assert f.fits and f.shown == "Maximiliane-So"
    assert min_size() <= f.size < read_size()
    from companion.ui.kit.text import splits_a_word, text_size
    assert not splits_a_word("Maximiliane-So", f.size, False, box.w)
    assert text_size("Maximiliane-", f.size)[0] <= box.w
    # a word wider than the line even at the floor: broken inside it rather than cut
    g = Label("Bartholomäusmann", pygame.Rect(0, 0, 150, 64), role="min", wrap=True).fitted()
    assert g.fits and g.shown == "Bartholomäusmann"


def test_a_line_breaks_after_the_hyphen_where_sdl_would_break_inside_the_word():
    """SDL_ttf wraps at spaces only: "Alexandra-Mari" in a line as wide as "Alexandra-" came
    out as "Alexandr" / "a-Mari"; the kit breaks it after the hyphen, at the size it chose."""
    pygame.font.init()
    from companion.ui import theme
    from companion.ui.kit.text import render, text_size

    size = read_size()
    w = text_size("Alexandra-", size)[0] + 2
    assert text_size("Alexandra-Mari", size)[0] > w
    f = Label("Alexandra-Mari", pygame.Rect(0, 0, w, 3 * line_height(size)), role="read", size=size,
              wrap=True, color=theme.INK).fitted()
    assert f.fits and f.size == size and f.shown == "Alexandra-Mari"
    expected = render("Alexandra-\nMari", size, theme.INK, False, w)
    assert pygame.image.tobytes(f.image, "RGBA") == pygame.image.tobytes(expected, "RGBA")
