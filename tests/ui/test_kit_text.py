"""Text: visible heights as measured, labels that shrink to their floor and then end in "…"."""

from __future__ import annotations

import pygame
import pytest

from companion.ui import theme
from companion.ui.kit import (
    ELLIPSIS,
    MIN_PX,
    READ_PX,
    Label,
    cap_height,
    fit,
    line_height,
    min_size,
    read_size,
    recording,
    size_for,
    text_size,
)
from companion.ui.kit.text import render

LONG = "Scheherazade bezahlt dem Kaufmann Abu Hassan zwölf Dinar für die Teppiche am Brunnen"


@pytest.mark.parametrize("size", [18, 24, 30, 37, 47, 60])
@pytest.mark.parametrize("bold", [False, True])
def test_cap_height_is_what_a_rendered_capital_covers(size, bold):
    img = theme.font(size, bold).render("H", True, (255, 255, 255))
    assert cap_height(size, bold) == img.get_bounding_rect().h


def test_the_bundled_font_draws_capitals_about_half_the_size_number():
    # the mapping documented in kit.sizes: measured, not assumed
    assert {n: cap_height(n) for n in (24, 36, 48)} == {24: 12, 36: 17, 48: 24}
    assert cap_height(read_size()) >= READ_PX > cap_height(read_size() - 1)
    assert cap_height(min_size()) >= MIN_PX > cap_height(min_size() - 1)
    assert size_for(READ_PX, bold=True) == read_size(bold=True)


def test_fit_keeps_short_text_and_shortens_long_text():
    assert fit("Omar", 47, 400) == "Omar"
    short = fit(LONG, 47, 300)
    assert short.endswith(ELLIPSIS) and LONG.startswith(short[:-1].rstrip())
    assert theme.font(47).size(short)[0] <= 300
    assert fit(LONG, 47, 5) == ""  # not even the ellipsis fits


def test_label_uses_its_size_when_it_fits():
    lab = Label("Omar", pygame.Rect(0, 0, 400, 80), role="read", size=60)
    f = lab.fitted()
    assert (f.size, f.shown, f.fits) == (60, "Omar", True)


def test_label_shrinks_to_its_floor_before_shortening():
    width = theme.font(50).size("Abu Hassan")[0] - 10  # too wide at 50, fits smaller
    f = Label("Abu Hassan", pygame.Rect(0, 0, width, 60), role="read", size=50).fitted()
    assert read_size() <= f.size < 50 and f.shown == "Abu Hassan"
    g = Label(LONG, pygame.Rect(0, 0, 300, 60), role="read", size=50).fitted()
    assert g.size == read_size() and g.shown.endswith(ELLIPSIS) and g.fits


def test_min_role_may_go_smaller_than_read():
    a = Label(LONG, pygame.Rect(0, 0, 300, 60), role="min", size=50).fitted()
    assert a.size == min_size() and a.fits


def test_a_size_below_the_floor_is_kept_and_not_grown():
    f = Label("klein", pygame.Rect(0, 0, 300, 60), size=20).fitted()
    assert f.size == 20  # the audit reports it; the label does not silently change the look


def test_wrapped_label_uses_pygame_wrapping_and_ends_in_an_ellipsis():
    box = pygame.Rect(0, 0, 300, 2 * line_height(read_size()))
    f = Label(LONG, box, role="read", wrap=True).fitted()
    assert f.fits and f.shown.endswith(ELLIPSIS) and f.image.get_height() <= box.h
    assert f.image.get_height() > line_height(read_size())  # it used both lines
    roomy = Label(LONG, pygame.Rect(0, 0, 760, 400), role="read", wrap=True).fitted()
    assert roomy.shown == LONG and roomy.fits


def test_one_long_word_in_a_wrapped_label_is_shortened():
    f = Label("Donaudampfschifffahrtsgesellschaft", pygame.Rect(0, 0, 200, 40), wrap=True).fitted()
    assert f.fits and f.shown.endswith(ELLIPSIS)


def test_a_box_lower_than_one_line_cannot_fit():
    f = Label("Omar", pygame.Rect(0, 0, 300, 10), role="read").fitted()
    assert not f.fits


@pytest.mark.parametrize("align", ["left", "center", "right"])
@pytest.mark.parametrize("valign", ["top", "center", "bottom"])
def test_drawn_text_stays_inside_its_box(align, valign):
    surf = pygame.Surface((800, 480))
    box = pygame.Rect(100, 100, 250, 90)
    for text in ("Ali", LONG):
        drawn = Label(text, box, role="read", align=align, valign=valign, wrap=True).draw(surf)
        assert box.contains(drawn)


def test_blit_text_keeps_its_signature_and_records_for_the_audit():
    surf = pygame.Surface((800, 480))
    with recording() as rec:
        r = theme.blit_text(surf, "Geld", (790, 10), 24, theme.GOLD, True, "topright")
        theme.blit_text(surf, LONG, (10, 400), 47, role="read", width=200)
    assert r.topright == (790, 10)
    first, second = rec.texts
    assert (first.text, first.size, first.px, first.role) == ("Geld", 24, cap_height(24, True), "min")
    assert second.role == "read" and second.text.endswith(ELLIPSIS) and second.drawn.w <= 200


def test_theme_text_still_works():
    assert theme.text("x", 24).get_height() >= cap_height(24)


def test_wrapped_lines_follow_the_alignment():
    def second_line_left(align: str) -> int:
        img = Label("Kaufe zwei Karten der roten Bande", pygame.Rect(0, 0, 300, 140), role="read", align=align,
                    wrap=True).fitted().image
        h = img.get_height()
        return img.subsurface((0, h // 2, img.get_width(), h - h // 2)).get_bounding_rect().x
    assert second_line_left("left") < second_line_left("center") < second_line_left("right")


@pytest.mark.parametrize("bold", [False, True])
def test_the_two_dots_of_an_umlaut_stay_apart_at_every_size(bold):
    """A title's "ü" must not read "ū": the dots are two blobs above the letter at every size
    a screen uses (SDL_ttf's emboldening on top of the bold face ran them into one bar)."""
    import pygame

    from companion.ui.kit.text import render

    for size in range(24, 73, 2):  # font sizes; below 24 px no text of ours is drawn
        img = render("ü", size, (255, 255, 255), bold)
        mask = pygame.mask.from_surface(img, 127)
        body = render("u", size, (255, 255, 255), bold)
        top = pygame.mask.from_surface(body, 127).get_bounding_rects()[0].top  # where "u" begins
        dots = pygame.mask.Mask((mask.get_size()[0], top))
        dots.draw(mask, (0, 0))
        assert len(dots.connected_components()) == 2, f"{size} px, bold={bold}"


def test_the_font_sizes_from_the_table_are_those_the_font_measures():
    """The table of read and minimum sizes (kept so that a start opens no font only to
    measure it) must say what the bundled font measures; another font file is measured."""
    from companion.ui.kit import text

    for px in (text.READ_PX, text.MIN_PX, 30):
        assert text.size_for(px) == text.measure_size_for(px)


def test_a_font_file_other_than_the_measured_one_is_measured(monkeypatch):
    from companion.ui.kit import text

    monkeypatch.setattr(text, "MEASURED_FONT", ("freesansbold.ttf", 1))
    monkeypatch.setattr(text, "MEASURED_SIZES", {text.READ_PX: 99, text.MIN_PX: 99})
    text.size_for.cache_clear()
    try:
        assert not text._bundled_font_is_measured()
        assert text.size_for(text.READ_PX) == text.measure_size_for(text.READ_PX) != 99
    finally:
        text.size_for.cache_clear()


@pytest.mark.parametrize("size", [18, 28, 37, 47, 60, 100])
def test_the_face_opened_by_its_file_draws_what_pygames_default_font_draws(size):
    """``theme.font`` opens the bundled font by its file (SDL reads it, not Python); it must
    draw exactly what ``pygame.font.Font(None, size)`` draws."""
    text = "Spiel wählen · Äpfel, Öl, Übermut: 42 Dinar"
    ours, pygames = theme.font(size), pygame.font.Font(None, size)
    assert ours.get_linesize() == pygames.get_linesize() and ours.metrics("H") == pygames.metrics("H")
    a, b = ours.render(text, True, (255, 255, 255)), pygames.render(text, True, (255, 255, 255))
    assert a.get_size() == b.get_size()
    assert pygame.image.tobytes(a, "RGBA") == pygame.image.tobytes(b, "RGBA")


def line_ink(img: pygame.Surface, step: int) -> list[tuple[int, int] | None]:
    """Each wrapped line's letters as (first lit column, last lit column) of its band of the
    picture, None for a line with no letters."""
    out: list[tuple[int, int] | None] = []
    for top in range(0, img.get_height() - step + 1, step):
        lit = img.subsurface((0, top, img.get_width(), step)).get_bounding_rect()
        out.append((lit.left, lit.right) if lit.w else None)
    return out


#: texts of the screens, one with a line break where a hyphen broke a long name
WRAPPED = ["Gleichstand: mehr Felder, 12 zu 11", "Anna zahlt 12 Dinar an Scheherazade", LONG,
           "Zahlt an Alexandra-\nMarie 12 Dinar"]


@pytest.mark.parametrize("text", WRAPPED)
@pytest.mark.parametrize("size", [min_size(), read_size()])
def test_no_wrapped_line_begins_with_a_space_or_is_left_empty(text, size):
    """Where a line is as wide as a word but not the word and its space, SDL_ttf's own wrapping
    began the next line with that space (" mehr", the letters a space in from the edge), and
    before a line break it left a line empty. Every width from each word alone to it and a
    space (or a break) is tried: every line's letters begin nearer the left edge than a space
    is wide (a letter's own side is a pixel or two, a "1"'s four)."""
    step, space = line_height(size), theme.font(size).metrics(" ")[0][4]
    for word in text.replace("\n", " ").split(" "):
        alone = text_size(word, size)[0]
        for width in range(alone, alone + 16):
            lines = line_ink(render(text, size, theme.INK, False, width), step)
            assert len(lines) >= 2 and None not in lines, (width, lines)
            assert max(left for left, _right in lines) < space, (word, width, lines)


@pytest.mark.parametrize("size", [min_size(), read_size()])
def test_centred_wrapped_lines_are_centred_on_their_letters(size):
    """SDL_ttf centres a wrapped line with the space it ended at: half a space to the left.
    Each line's letters stand as far from the left edge as from the right (a letter's own
    sides differ by a pixel or two)."""
    step = line_height(size)
    for width in range(220, 420, 7):
        img = render(LONG, size, theme.INK, False, width, "center")
        for left, right in filter(None, line_ink(img, step)):
            assert abs(left - (img.get_width() - right)) <= 3, (width, left, img.get_width() - right)
