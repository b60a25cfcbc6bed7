"""Caches bounded by bytes: a table that plays all day fills every cache with its largest
pictures, so a cache of so many entries held 1 MB or hundreds (kit.text.fitted kept 1,024 of
them). Each cache now keeps what fits its budget of bytes, least recently used first out."""

from __future__ import annotations

import pygame
import pytest

from companion.ui import theme
from companion.ui.kit import cache, text


@pytest.fixture(autouse=True)
def _fonts() -> None:
    pygame.font.init()


def test_the_least_recently_used_goes_first_and_the_bytes_stay_within_the_budget() -> None:
    c: cache.ByteCache[str, pygame.Surface] = cache.ByteCache("test", 3 * 40_000, cache.surface_bytes)
    for key in "abc":
        c.put(key, pygame.Surface((100, 100), depth=32))  # 40,000 bytes each
    assert c.get("a") is not None  # used: now the newest
    c.put("d", pygame.Surface((100, 100), depth=32))
    assert sorted(c.keys()) == ["a", "c", "d"] and c.bytes == 120_000 and c.evicted == 1
    c.put("big", pygame.Surface((400, 400), depth=32))  # larger than the budget: kept alone
    assert list(c.keys()) == ["big"]


def test_a_day_of_long_wrapped_texts_keeps_the_fitted_cache_within_its_budget() -> None:
    fitted = text.fitted.cache  # type: ignore[attr-defined]
    fitted.clear()
    box = pygame.Rect(20, 80, 760, 300)
    for n in range(150):  # every payment, event and refusal of a day says something new
        words = f"Runde {n}: Scheherazade zahlt {n} Dinar an Fatima und zieht drei Felder weiter " * 4
        text.Label(words, box, wrap=True).fitted()
    assert 0 < fitted.bytes <= fitted.budget
    assert len(fitted) < 150  # the oldest were let go
    assert sum(cache.held().values()) <= sum(c.budget for c in cache.CACHES.values())


def test_rendered_lines_and_font_faces_are_bounded_by_bytes_too() -> None:
    lines = theme.text.cache  # type: ignore[attr-defined]
    for n in range(2000):
        theme.text(f"Spielstand {n} Dinar, {n * 7} Punkte", 48)
    assert lines.bytes <= lines.budget
    faces = theme._face.cache  # type: ignore[attr-defined]
    for size in range(10, 300, 3):
        theme.font(size)
    assert faces.bytes <= faces.budget


def test_control_pictures_are_bounded_by_bytes() -> None:
    from companion.ui.kit import controls
    from companion.ui.widgets import Button

    for n in range(400):
        controls.picture(Button(pygame.Rect(0, 0, 760, 120), f"Weiter mit {n}", lambda: None))
    kept = controls._pictures
    assert kept.bytes <= kept.budget and len(kept) < 400


def test_the_heap_is_given_back_at_the_end_of_a_game() -> None:
    import platform

    assert cache.give_back() == (platform.libc_ver()[0] == "glibc")


def test_a_game_left_lets_go_of_its_screens_and_their_pictures_when_the_next_one_starts(tmp_path) -> None:
    """A scene is a cycle (its layers and buttons call its bound methods): without a
    collection its screen-sized layers stayed resident until Python's oldest generation
    happened to be collected, minutes later. The next game's table lets them go as soon as
    its first frame is on screen (the loop's first pass with nothing else to do)."""
    import gc
    import weakref

    from companion import root
    from companion.games import REGISTRY, menu_games
    from companion.session.session import Session
    from companion.session.store import Store
    from tests.ui.screen import settle

    app = root.make_app(store=Store(tmp_path / "g.sqlite3"), lang="de", fullscreen=False, sound=False)
    was_enabled = gc.isenabled()
    gc.disable()  # only the app's own collection may free the game left
    try:
        for name in menu_games():
            game = REGISTRY[name]
            session = Session.new(game.header(game.counts[0], 7), app.store)
            app.go("table", session=session)
            settle(app)
            first = app.scene
            assert first.appeared
            pictures = [weakref.ref(v._canvas) for v in vars(first).values() if getattr(v, "_canvas", None)]
            left, session = weakref.ref(first), None
            del first
            app.go("table", session=Session.new(game.header(game.counts[0], 8), app.store))
            settle(app)
            while app.warming:  # idle passes after the first frame
                app.step(block=False)
            assert left() is None, f"{name}: the table left is still held"
            assert all(p() is None for p in pictures), f"{name}: a layer of the table left is still held"
    finally:
        if was_enabled:
            gc.enable()
        app.close()


def test_a_table_played_on_lets_go_of_what_its_screen_dropped_every_few_dozen_presses(tmp_path) -> None:
    """A table's keys, layers and banners of a phase gone are cycles that hold pictures, and
    Python's collector runs its oldest generation only when Python objects pile up, which
    pixels do not count towards: a table played for a while held a few megabytes more than
    it showed. Every ``TIDY_PRESSES`` presses an idle pass lets go of them; a press never
    does, and the loop sleeps again once it is done."""
    import gc
    import weakref

    from companion import root
    from companion.games import REGISTRY, menu_games
    from companion.session.session import Session
    from companion.session.store import Store
    from companion.ui import app as app_module
    from tests.ui.screen import settle

    class Dropped:
        """A cycle with a picture, as a phase's keys are."""

        def __init__(self) -> None:
            self.me = self
            self.picture = pygame.Surface((800, 480))

    app = root.make_app(store=Store(tmp_path / "g.sqlite3"), lang="de", fullscreen=False, sound=False)
    game = REGISTRY[menu_games()[0]]
    app.go("table", session=Session.new(game.header(game.counts[0], 7), app.store))
    settle(app)
    while app.warming:
        app.step(block=False)
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        dropped = Dropped()
        left = weakref.ref(dropped)
        del dropped
        rng = __import__("random").Random(4)
        plan: list[str] = []
        for n in range(app_module.TIDY_PRESSES):
            assert left() is not None, f"let go of after {n} presses already"
            plan = plan or app.scene.demo_presses(rng)
            app.inject(plan.pop(0))
            app.step(block=False)  # the press and its frame: never the collection
            while app.scene.is_busy() or app.scene.dirty:
                app.step(block=False)
        assert left() is not None  # no idle pass yet
        assert app.warming  # the next idle pass has work: it does not sleep first
        app.step(block=False)
        assert left() is None, "what the screen dropped is still held"
        assert not app.warming  # and then the loop sleeps again
    finally:
        if was_enabled:
            gc.enable()
        app.close()


def test_malloc_is_set_for_large_pictures() -> None:
    """Screen-sized pictures get their own mappings, handed back whole when freed (glibc)."""
    import platform

    assert cache.tune_malloc() == (platform.libc_ver()[0] == "glibc")
