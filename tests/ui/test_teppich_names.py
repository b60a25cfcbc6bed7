"""Der fliegende Teppich with the most players and the longest names the name keyboard takes:
no name is cut ("Maximili…" at 19 px in the players' list), every name shown is whole and
at the read size (24 px), and the list beside the board tells the seats apart by colour
and pattern (the turn line names the seat whose turn it is), through the real loop, in
German and in English."""

from __future__ import annotations

from typing import Any

import pytest

from companion.games import spec
from companion.games.teppich.screen import draw
from companion.ui.kit import problems, recording
from tests.ui.screen import press, settle
from tests.ui.test_teppich_screen import on_the_star, table, tap_key
from tests.ui.test_words_whole import LONG_NAMES

MOST = max(spec("teppich").counts)


def names_on_screen(app: Any, names: list[str]) -> tuple[list[str], list[Any]]:
    """What is wrong with the frame's names (cut, small, broken), and the texts naming a seat."""
    with recording() as rec:
        app.scene.draw(app.screen)
    found = list(problems(rec))
    naming = []
    for t in rec.texts:
        if "…" in t.text or t.cut:
            found.append(f"{t.text!r} is cut")
        parts = [n for n in names if n[:5] in t.text]
        if parts:
            naming.append(t)
            if not any(n in t.text for n in parts):
                found.append(f"{t.text!r} shows a name in part")
            if t.px < 24 or t.role not in ("read", "say"):
                found.append(f"{t.text!r} names a seat at {t.px} px ({t.role})")
    return found, naming


@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_longest_names_of_the_most_players_are_never_cut(app):
    names = LONG_NAMES[:MOST]
    scene = table(app, MOST, names=names)
    for seat in range(MOST):                       # each seat's turn, by the keys on screen
        assert scene.state.current == seat
        found, naming = names_on_screen(app, names)
        assert found == [], seat
        turn = app.texts("turn_of", name=names[seat])
        assert [t.text for t in naming if t.box is not None and draw.HEADER.contains(t.box)] == [turn]
        tap_key(app, "drift")
        settle(app)


@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_turn_line_keeps_the_longest_name_whole_beside_both_column_headings(app):
    """A badge for a turn to miss brings the heading "Pause" into the turn line's row."""
    names = LONG_NAMES[:MOST]
    scene = on_the_star(app, MOST, names=names)
    press(app, "roll", 1)                          # the sleeping carpet: seat 1 misses a turn
    assert scene.state.misses[0] == 1
    for _ in range(MOST - 1):
        found, naming = names_on_screen(app, names)
        assert found == []
        with recording() as rec:
            scene.draw(app.screen)
        assert app.texts("teppich.ui.misses_head") in [t.text for t in rec.texts]
        assert app.texts("turn_of", name=names[scene.state.current]) in [t.text for t in rec.texts]
        tap_key(app, "drift")
        settle(app)


def test_the_list_tells_six_seats_apart_by_carpets_as_wide_as_the_row_allows(app):
    """Each row: the seat's carpet in its pattern (wider than the 20 px swatch it was), the
    badge beside it, the count; the carpet keeps its width when a badge comes."""
    rows = draw.player_rows(MOST)
    for rect in rows:
        sw, badge, name, count = draw.row_parts(rect, False, "5")
        sw2, badge2, _name2, count2 = draw.row_parts(rect, True, "12")
        assert sw == sw2 and sw.w >= 100 and name.w == 0
        assert sw.right <= badge2.left and badge2.right <= count2.left and count2.right <= rect.right
    assert rows[-1].bottom <= draw.DIE.top
