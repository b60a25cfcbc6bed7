"""Der fliegende Teppich's "swap places with whom?" (face 5 of the special die) with six
players and the longest names the name keyboard takes, through the real loop with the kit's
tap guard at its real value, in German and in English: each seat's key shows its name whole
(no "…", one line, never broken inside a word) at 24 px or more, with the seat's carpet in
its colour and pattern, on a key of 64 px or more; a double tap on each key swaps with that
seat once, and the next player's screen has no key where a swap key was."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pygame
import pytest

from companion.games import spec
from companion.games.teppich.screen import draw, swap
from companion.games.teppich.screen.table import TeppichScene
from companion.session.session import Session
from companion.session.store import Store
from companion.ui import theme
from companion.ui.app import App
from companion.ui.kit import GUARD_S, problems, recording
from companion.ui.kit.text import read_size, text_size
from tests.ui.screen import new_app
from tests.ui.test_double_taps import NoWait, settle
from tests.ui.test_shown_again import tap as taps
from tests.ui.test_teppich_names import names_on_screen
from tests.ui.test_teppich_screen import at, header
from tests.ui.test_words_whole import LONG_NAMES

MOST = max(spec("teppich").counts)
BETWEEN_S = 0.7   #: deliberate taps are this far apart


@pytest.fixture(params=("de", "en"))
def looped(request, tmp_path, monkeypatch) -> Iterator[tuple[App, list[float]]]:
    """An app on a clock the test moves, with the kit's guards at their real values."""
    monkeypatch.setattr(App, "tap_guard_s", GUARD_S)
    clock = [1000.0]
    app = new_app(request.param, Store(tmp_path / "g.sqlite3"))
    app.now = lambda: clock[0]  # type: ignore[method-assign]
    app.clock = NoWait()  # type: ignore[assignment]
    yield app, clock
    app.close()


def tap(app: App, clock: list[float], pos: tuple[int, int], times: int = 1) -> None:
    """A deliberate tap at ``pos`` (a moment after the last one), or a double tap: the second
    one 60 ms after the first, as a finger bouncing on the glass."""
    clock[0] += BETWEEN_S
    taps(app, clock, pos, times)


def key(scene: TeppichScene, ident: Any) -> Any:
    return next(c for c in scene.tappables() if c.key == ident)


def at_the_swap(app: App, clock: list[float], names: list[str]) -> TeppichScene:
    """Six players named ``names``; the first flies onto a star by taps (the card, the lit
    cell, "Fliegen"), taps ROLL, and the die shows a 5."""
    session = Session.new(header(MOST, stars=[[0, 3]], names=names), app.store)
    app.go("table", session=session)
    settle(app, clock)
    scene = app.scene
    assert isinstance(scene, TeppichScene)
    for ident in ("card", ("v", 3), ("h", 0)):
        tap(app, clock, key(scene, ident).rect.center)
    tap(app, clock, at(scene, (0, 3)))
    tap(app, clock, key(scene, "fly").rect.center)
    assert scene.state.pending == "roll"
    clock[0] += BETWEEN_S
    app.inject("roll", 5)   # the table's own die: the 5 typed in
    settle(app, clock)
    assert scene.state.pending == "swap_with" and scene.state.current == 0
    clock[0] += BETWEEN_S
    settle(app, clock)      # the die lies still
    return scene


def swap_keys(scene: TeppichScene) -> list[Any]:
    return [c for c in scene.tappables() if isinstance(c.key, tuple) and c.key[0] == "swap"]


def test_every_swap_key_shows_its_name_whole_at_the_read_size_with_its_carpet(looped):
    app, clock = looped
    names = LONG_NAMES[:MOST]
    scene = at_the_swap(app, clock, names)
    keys = swap_keys(scene)
    assert [c.key[1] for c in keys] == [1, 2, 3, 4, 5]
    with recording() as rec:
        scene.draw(app.screen)
    assert problems(rec) == []
    found, _naming = names_on_screen(app, names)
    assert found == []
    for c in keys:
        seat = c.key[1]
        assert c.label == names[seat] and c.enabled
        assert c.rect.w >= 64 and c.rect.h >= 64, c
        inside = [t for t in rec.texts if c.rect.contains(t.drawn)]
        # the name whole on one line: not cut, not wrapped (a break inside a word, or at all)
        assert [t.text for t in inside] == [names[seat]], inside
        assert inside[0].px >= 24 and inside[0].role == "read" and not inside[0].cut
        assert "…" not in inside[0].text
        # the seat's carpet on the key, its colour and its pattern, pixel for pixel
        assert c.carpet == scene.colour(seat)
        band = pygame.Rect(c.rect.x + swap.PAD, c.rect.y + swap.PAD - 2, c.rect.w - 2 * swap.PAD, swap.BAND_H)
        tile = theme.swatch(scene.colour(seat), band.w, band.h)
        inner = band.inflate(-2, -2)
        assert all(app.screen.get_at((x, y)) == tile.get_at((x - band.x, y - band.y))
                   for y in range(inner.top, inner.bottom) for x in range(inner.left, inner.right))
    # over the keys, what they are for; under the board what the die did, and once that
    # message has gone, the question with the mover's name, all at the read size
    heading = [t for t in rec.texts if t.text == app.texts("teppich.ui.swap_title")]
    assert heading and heading[0].px >= 24 and draw.BOARD.contains(heading[0].drawn)
    assert app.texts("teppich.ui.swapped", name=names[0], other=names[1]) not in scene.banner.text
    clock[0] += 5.0
    settle(app, clock)
    with recording() as rec:
        scene.draw(app.screen)
    asked = app.texts("teppich.ui.ask_swap", name=names[0])
    status = [t for t in rec.texts if t.text == asked]
    assert status and status[0].px >= 24 and draw.STATUS.contains(status[0].drawn)
    assert problems(rec) == []


@pytest.mark.parametrize("seat", range(1, MOST))
def test_a_double_tap_on_a_swap_key_swaps_once_with_that_seat(looped, seat):
    app, clock = looped
    names = LONG_NAMES[:MOST]
    scene = at_the_swap(app, clock, names)
    before = list(scene.state.cells)
    actions = len(scene.session.actions)
    rects = [c.rect.copy() for c in swap_keys(scene)]
    pos = key(scene, ("swap", seat)).rect.center
    tap(app, clock, pos, times=2)
    assert scene.session.actions[actions:] == [{"action": "swap_with", "player": seat}]
    assert scene.state.cells[0] == before[seat] and scene.state.cells[seat] == before[0]
    assert scene.state.current == 1 and scene.state.pending is None
    assert app.texts("teppich.ui.swapped", name=names[0], other=names[seat]) in scene.banner.text
    # the next player's keys lie where no swap key was: a late second tap finds none
    assert app.scene is scene
    for c in scene.tappables():
        assert not c.enabled or not any(c.rect.colliderect(r) for r in rects), c
    tap(app, clock, pos)
    assert len(scene.session.actions) == actions + 1


def test_left_right_and_ok_choose_the_seat_by_the_keys_order(looped):
    """The buttons: RIGHT moves the focus from seat to seat, as the keys stand; OK swaps."""
    app, clock = looped
    scene = at_the_swap(app, clock, LONG_NAMES[:MOST])
    for _ in range(2):
        clock[0] += BETWEEN_S
        app.inject("right")
        settle(app, clock)
    focusable = scene.focusable()
    assert [c.key for c in focusable] == [c.key for c in swap_keys(scene)]
    assert focusable[scene.focus % len(focusable)].key == ("swap", 3)
    clock[0] += BETWEEN_S
    app.inject("ok")
    settle(app, clock)
    assert scene.session.actions[-1] == {"action": "swap_with", "player": 3}


# -- the arrangement, for every count of players and for wider names ---------------------------
WIDE_NAMES = ["MAXIMILIANE-SO", "BARTHOLOMÄUS M", "WILHELMINA ANN", "Mohammed Mousa", "Wolfgang Amadeu"]


def arranged(names: list[str]) -> tuple[pygame.Rect | None, list[pygame.Rect]]:
    pygame.font.init()
    return swap.arrangement([text_size(n, read_size())[0] for n in names])


#: (names, whether the keys leave the players' list in view): the names a family types take
#: two columns over the board; wider ones one column over it, or, four or five, the list too
ARRANGEMENTS = [(LONG_NAMES[:k], True) for k in range(2, MOST)] + [(WIDE_NAMES[:k], k < 4) for k in range(2, 6)]


@pytest.mark.parametrize(("names", "on_board"), ARRANGEMENTS,
                         ids=[f"{len(n)} {'wide' if n[0].isupper() else 'long'}" for n, _ in ARRANGEMENTS])
def test_the_keys_hold_each_name_whole_and_keep_clear_of_roll_and_the_row(names, on_board):
    title, rects = arranged(names)
    assert len(rects) == len(names)
    screen = pygame.Rect(0, 0, *theme.SIZE)
    for k, (rect, name) in enumerate(zip(rects, names, strict=True)):
        assert screen.contains(rect) and rect.w >= 64 and rect.h >= 64
        assert text_size(name, read_size())[0] <= rect.w - 2 * swap.PAD, name
        assert not rect.colliderect(draw.ROLL) and not rect.colliderect(draw.BUTTONS)
        assert not rect.colliderect(draw.STATUS)    # the question stays in view
        assert all(not rect.colliderect(other) for other in rects[k + 1:])
        if title is not None:
            assert not rect.colliderect(title)
    assert all(draw.BOARD.contains(r) for r in rects) == on_board


@pytest.mark.parametrize(("names", "covered"), [(LONG_NAMES[:MOST], False), (WIDE_NAMES + ["Ann"], True)])
def test_the_lists_headings_stand_only_over_a_list_in_view(looped, names, covered):
    """Four or five names too wide for half the board put the keys over the players' list:
    its column headings ("Kärtchen") then stand over nothing and are left out."""
    app, clock = looped
    scene = at_the_swap(app, clock, names)
    assert swap.covers_list(swap.arranged(scene)[1]) == covered
    assert any(c.rect.right > draw.BOARD.right for c in swap_keys(scene)) == covered
    with recording() as rec:
        scene.draw(app.screen)
    headings = [t for t in rec.texts if t.text == app.texts("teppich.ui.tokens_row")]
    assert (headings == []) == covered
    assert problems(rec) == []
