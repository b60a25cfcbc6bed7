"""The audit catches each problem on purpose-made bad layouts and passes a good screen."""

from __future__ import annotations

import pygame
import pytest

from companion.ui import theme
from companion.ui.kit import (
    ELLIPSIS,
    Choice,
    ChoiceList,
    Control,
    Controls,
    DieKeypad,
    Label,
    NumberPad,
    Scoreboard,
    ScoreRow,
    column,
    cut,
    inset,
    line_height,
    min_size,
    problems,
    read_size,
    recording,
    row,
)
from companion.ui.kit.audit import active, note_control
from companion.ui.widgets import Banner, Button

SCREEN = pygame.Rect(0, 0, *theme.SIZE)


def audit(draw) -> list[str]:
    surf = pygame.Surface(theme.SIZE)
    with recording() as rec:
        draw(surf)
    return problems(rec)


def good_screen(surf: pygame.Surface) -> None:
    """A table screen built with the kit the way the screens are meant to be."""
    head, body = cut(SCREEN.inflate(-12, -12), "top", 64, 6)
    left, right = row(body, [1, 1], 8)
    Label("Scheherazade ist am Zug und darf jetzt würfeln", head, role="read", bold=True, color=theme.GOLD).draw(surf)
    scores, status = cut(left, "top", 4 * 44, 6)
    Scoreboard(scores, players=4, figures=(60, 80)).draw(surf, [
        ScoreRow(("red", "blue"), "Scheherazade", ("12", "40"), current=True), ScoreRow(("green",), "Ali", ("3", "9"))])
    Label("Ali zahlt 5 Dinar an Scheherazade für den Teppich", status, role="read", wrap=True).draw(surf)
    keys, picks = cut(right, "bottom", 64, 6)
    ctl = Controls(clock=lambda: 0.0)
    cl = ChoiceList(picks, print, slots=3)
    cl.set_choices([Choice(i, f"Kaufe {i} Karten der Bande") for i in range(5)])
    ctl.set([cl, DieKeypad(keys, print, faces=(1, 2, 3, 4))])
    ctl.draw(surf)
    cl.draw(surf)


def test_a_good_screen_has_no_problems():
    assert audit(good_screen) == []


def test_nothing_is_recorded_outside_a_recording():
    assert not active()
    note_control("x", pygame.Rect(0, 0, 1, 1))
    with recording() as rec:
        assert active()
    assert rec.controls == [] and not active()


def test_text_under_18_px_is_reported():
    found = audit(lambda s: theme.blit_text(s, "Würfel eingeben", (10, 10), 24))
    assert found == ["text 'Würfel eingeben' is 12 px high (font size 24); text on screen needs 18 px"]
    assert audit(lambda s: theme.blit_text(s, "Würfel eingeben", (10, 10), min_size())) == []


def test_read_text_under_24_px_is_reported():
    box = pygame.Rect(10, 10, 400, 60)
    found = audit(lambda s: Label("Geld: 12", box, role="read", size=min_size()).draw(s))
    assert len(found) == 1 and "read from across the table needs 24 px" in found[0]
    assert audit(lambda s: theme.blit_text(s, "Geld: 12", (10, 10), 30, role="read"))
    assert audit(lambda s: Label("Geld: 12", box, role="read").draw(s)) == []
    assert audit(lambda s: Label("Geld: 12", box, size=min_size()).draw(s)) == []


def test_text_running_out_of_its_box_or_off_the_screen_is_reported():
    off = audit(lambda s: theme.blit_text(s, "Scheherazade", (780, 10), 47))
    assert len(off) == 1 and "runs off the screen" in off[0]
    low = audit(lambda s: Label("Omar", pygame.Rect(10, 10, 300, 20), role="read").draw(s))
    assert len(low) == 1 and "runs out of its box" in low[0]
    # shortened text stays in: no problem
    assert audit(lambda s: theme.blit_text(s, "Scheherazade" * 5, (10, 10), 47, width=780)) == []


def test_small_and_overlapping_controls_are_reported():
    def draw(s):
        Button(pygame.Rect(10, 10, 48, 46), "3", print, size=min_size()).draw(s)
        Control(pygame.Rect(100, 10, 120, 64), "Ja", key="yes").draw(s)
        Control(pygame.Rect(200, 10, 120, 64), "Nein", key="no").draw(s)
        Control(pygame.Rect(400, 10, 120, 64), "Weiter", key="next").draw(s)
    found = audit(draw)
    assert any("control '3' is 48×46 px" in p for p in found)
    assert any("'Ja'" in p and "'Nein'" in p and "overlap" in p for p in found)
    assert not any("Weiter" in p for p in found)


def test_drawing_the_same_control_twice_is_not_an_overlap():
    c = Control(pygame.Rect(100, 10, 120, 64), "Ja", key="yes")
    assert audit(lambda s: (c.draw(s), c.draw(s))) == []


def test_invisible_hit_areas_are_audited_too():
    def draw(s):
        Control(pygame.Rect(10, 10, 30, 50), visible=False, key="swatch").draw(s)
    assert audit(draw) == ["control 'swatch' is 30×50 px, touch targets need 64×64 px"]


def test_old_buttons_with_small_text_are_reported_but_still_drawn():
    surf = pygame.Surface(theme.SIZE)
    with recording() as rec:
        Button(pygame.Rect(10, 10, 100, 64), "Würfeln", print).draw(surf)
    assert rec.texts[0].size == 28 and len(problems(rec)) == 1


def test_banner_text_is_read_size_wrapped_and_grows_rather_than_be_cut():
    banner = Banner()
    said = "Dieser Teppich darf nicht ganz auf einem anderen Teppich liegen, lege ihn woanders hin"
    banner.show(said, 0.0, bad=True)
    rect = pygame.Rect(20, 300, 460, 2 * line_height(read_size()) + 8)
    surf = pygame.Surface(theme.SIZE)
    with recording() as rec:
        banner.draw(surf, rect, 1.0)  # no room to grow: cut
    [mark] = rec.texts
    assert mark.size == read_size() and mark.text.endswith(ELLIPSIS) and rect.contains(mark.drawn)
    assert mark.drawn.h > line_height(read_size())  # two lines
    assert mark.cut
    with recording() as rec:
        banner.draw(surf, rect, 1.0, room=rect)  # room no bigger than the box: the audit says so
    assert [p for p in problems(rec) if "is cut with" in p]
    room = pygame.Rect(20, 100, 460, 372)
    with recording() as rec:
        banner.draw(surf, rect, 1.0, room=room)  # room above: it grows up, whole
    [mark] = rec.texts
    assert mark.text == said and room.contains(mark.drawn) and mark.drawn.h > 2 * line_height(read_size())
    assert problems(rec) == []
    with recording() as rec:
        banner.draw(surf, rect, 9.0)  # expired: nothing drawn
    assert rec.texts == []


@pytest.mark.parametrize("bad", ["small", "read", "box", "overlap", "target"])
def test_each_problem_alone_is_found_in_an_otherwise_good_screen(bad):
    extra = {
        "small": lambda s: theme.blit_text(s, "Regel", (300, 440), 20),
        "read": lambda s: Label("Zug 3", pygame.Rect(300, 420, 200, 50), role="read", size=30).draw(s),
        "box": lambda s: Label("Zug 3", pygame.Rect(300, 440, 200, 12), role="read").draw(s),
        "overlap": lambda s: Control(pygame.Rect(600, 300, 100, 100), "X", key="x").draw(s),
        "target": lambda s: Control(pygame.Rect(10, 10, 40, 40), "?", key="help").draw(s),
    }[bad]
    found = audit(lambda s: (good_screen(s), extra(s)))
    assert len(found) >= 1, bad


def test_number_pad_on_a_good_layout_passes():
    def draw(s):
        pad = NumberPad(inset(pygame.Rect(400, 60, 300, 400), 4), print)
        pad.type("7")
        ctl = Controls(clock=lambda: 0.0)
        ctl.set([pad])
        ctl.draw(s)
        pad.draw(s)
    assert audit(draw) == []


def test_columns_of_labels_sized_for_their_role_pass():
    def draw(s):
        for box, word in zip(column(pygame.Rect(10, 10, 300, 200), 4), ["eins", "zwei", "drei", "vier"], strict=True):
            Label(word, box, role="read").draw(s)
    assert audit(draw) == []
