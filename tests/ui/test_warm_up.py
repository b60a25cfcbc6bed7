"""Warm-up while idle (``Scene.warm_up``, ``companion.ui.warm``): the setup screen and the
resume offer draw the table they open once where nobody sees it, in pieces the loop does only
when nothing else waits, so the press that opens the table finds its fonts and texts loaded;
nothing of it is seen, heard or stored."""

from __future__ import annotations

import hashlib
import random
import sqlite3
import uuid
from pathlib import Path

import pygame
import pytest

from companion.games import REGISTRY, playable
from companion.session.session import Session
from companion.session.store import Store
from companion.ui import theme
from companion.ui.kit import cache
from companion.ui.kit import text as kit_text
from companion.ui.scene import Scene
from companion.ui.table import TableScene
from tests.ui.screen import fake_clock, settle

GAMES = [name for name in REGISTRY if playable(name) and REGISTRY[name].scene is not None]


def setup_shown(app, game: str, seed: int = 7):
    """The game's setup as the menu opens it, the bench's seed, its first frame drawn."""
    app.go("menu")
    settle(app)
    app.scene.open(game)
    app.scene.seed = seed
    settle(app)
    return app.scene


def warm(app, passes: int = 100) -> int:
    """Idle passes until the shown screen's warm-up is done; how many it took."""
    for n in range(passes):
        if not app.warming:
            return n
        app.step(block=False)
    raise AssertionError(f"warm-up not done after {passes} passes")


class Misses:
    """What the font and text caches had to make anew: font sizes opened, texts shaped,
    measured or fitted (each cache's ``put`` is a miss)."""

    CACHES = (theme._face.cache, theme.text.cache, kit_text._SHAPES, kit_text.text_size.cache,
              kit_text.fitted.cache)

    def __init__(self, monkeypatch) -> None:
        self.made: list[tuple[str, object]] = []
        for kept in self.CACHES:
            real = kept.put

            def put(key, value, _real=real, _name=kept.name):
                self.made.append((_name, key))
                return _real(key, value)

            monkeypatch.setattr(kept, "put", put)

    def take(self) -> set[tuple[str, object]]:
        made, self.made = set(self.made), []
        return made


@pytest.mark.parametrize("game", GAMES)
def test_after_the_setups_warm_up_the_tables_first_frame_opens_no_font_and_shapes_no_text(app, game, monkeypatch):
    cache.clear_all()  # as in a fresh process: nothing warm from other tests
    misses = Misses(monkeypatch)
    setup_shown(app, game)
    misses.take()
    assert warm(app) > 0
    assert app.warm_failed is None
    warmed = misses.take()
    assert any(name == "shaped texts" for name, _ in warmed), "the warm-up shaped no text: it drew nothing"
    app.inject("ok")  # the setup's start key
    app.step(block=False)  # the press, to the table's first frame
    assert isinstance(app.scene, TableScene)
    first = misses.take()
    assert not [key for name, key in first if name == "font faces"], f"{game}: sizes opened anew: {first}"
    assert not first & warmed, f"{game}: made again after the warm-up: {sorted(map(str, first & warmed))}"
    assert not first, f"{game}: the first frame still made: {sorted(map(str, first))}"


def test_teppichs_city_warms_the_game_it_starts(app, monkeypatch):
    if "teppich" not in GAMES:
        pytest.skip("Teppich is not installed")
    cache.clear_all()
    misses = Misses(monkeypatch)
    setup_shown(app, "teppich")
    warm(app)
    app.inject("ok")
    settle(app)
    city = app.scene
    assert isinstance(city, TableScene) and city.leads_to() is not None
    assert warm(app) > 0
    assert app.warm_failed is None
    misses.take()
    for name in city.demo_presses(random.Random(1)):  # the pieces one by one, then OK
        app.inject(name)
        app.step(block=False)
    assert app.scene is not city and isinstance(app.scene, TableScene)
    first = misses.take()
    assert not [key for name, key in first if name == "font faces"], f"sizes opened anew: {first}"


class Pieces(Scene):
    """A screen whose warm-up and presses say when they happen."""

    def __init__(self, app, log: list[str], during: str | None = None) -> None:
        super().__init__(app)
        self.log, self.during = log, during

    def warm_up(self):
        for k in range(3):
            self.log.append(f"piece {k}")
            if self.during and k == 0:  # a button pressed while this piece runs (a GPIO thread)
                self.app.hub.put(self.during, "gpio")
            yield

    def on_input(self, ev) -> None:
        self.log.append(f"press {ev.name}")
        self.dirty = True


def test_a_press_arriving_before_a_piece_is_handled_before_it(app):
    log: list[str] = []
    app.show(Pieces(app, log))
    app.step(block=False)  # the first frame: no piece yet
    assert log == []
    app.step(block=False)
    assert log == ["piece 0"]
    app.hub.put("ok", "gpio")  # as a GPIO edge puts it
    app.step(block=False)
    assert log == ["piece 0", "press ok"]  # the press, and no piece in the same pass
    app.step(block=False)
    app.step(block=False)
    assert log == ["piece 0", "press ok", "piece 1", "piece 2"]


def test_no_piece_starts_within_a_taps_guard_of_the_last_press(app):
    """A double tap's second touch comes 60 ms after the first: a long piece started in
    between would hold it until the guard had passed, and it would act. So a piece waits
    a tap's guard after the last press; the loop sleeps until then, not longer."""
    clock = [50.0]
    app.now = lambda: clock[0]
    app.tap_guard_s = 0.25
    log: list[str] = []
    app.show(Pieces(app, log))
    app.step(block=False)  # the first frame
    app.hub.put("ok", "gpio")
    app.step(block=False)
    assert log == ["press ok"]
    clock[0] += 0.06
    app.step(block=False)  # within the guard: no piece
    assert log == ["press ok"]
    app.hub.put("ok", "gpio")  # the second touch: dropped by the guard, and no piece yet
    app.step(block=False)
    assert log == ["press ok"]
    clock[0] += 0.2
    app.step(block=False)  # still within a guard of the second touch
    assert log == ["press ok"]
    clock[0] += 0.1
    app.step(block=False)
    assert log == ["press ok", "piece 0"]


def test_a_press_arriving_during_a_piece_is_handled_before_the_next_piece(app):
    log: list[str] = []
    app.show(Pieces(app, log, during="right"))
    app.step(block=False)
    app.step(block=False)  # piece 0, during which RIGHT is pressed
    app.step(block=False)
    assert log == ["piece 0", "press right"]
    warm(app)
    assert log == ["piece 0", "press right", "piece 1", "piece 2"]


def test_the_loop_does_not_sleep_while_pieces_remain_and_sleeps_once_they_are_done(app, monkeypatch):
    log: list[str] = []
    slept: list[float] = []

    def sleep(seconds: float) -> list[pygame.event.Event]:
        slept.append(seconds)
        return []

    monkeypatch.setattr(app, "_sleep", sleep)
    app.show(Pieces(app, log))
    app.step()  # the first frame
    for _ in range(3):
        app.step()  # blocking passes: each does a piece instead of sleeping
    assert log == ["piece 0", "piece 1", "piece 2"] and slept == []
    app.step()  # the iterator says it is done
    assert not app.warming
    app.step()
    app.step()
    assert len(slept) == 2 and all(s >= 0.5 for s in slept)  # idle as before: about once a second


def test_a_screen_that_fails_to_warm_up_goes_on_without_it(app, capsys):
    class Failing(Scene):
        def warm_up(self):
            yield
            raise RuntimeError("no such table")

    app.show(Failing(app))
    for _ in range(4):
        app.step(block=False)
    assert isinstance(app.warm_failed, RuntimeError) and not app.warming
    assert "no such table" in capsys.readouterr().err


def store_bytes(data: Path) -> str:
    """What the games file holds: the database and its write-ahead log (not the log's index,
    ``-shm``, where a reader notes its place)."""
    digest = hashlib.sha1()
    for path in sorted(data.glob("companion.sqlite3")) + sorted(data.glob("companion.sqlite3-wal")):
        digest.update(path.name.encode() + path.read_bytes())
    return digest.hexdigest()


@pytest.mark.parametrize("game", GAMES)
def test_the_warm_up_writes_nothing_and_shows_nothing(app, data, game):
    setup = setup_shown(app, game)
    before = (store_bytes(data), pygame.image.tobytes(app.screen, "RGB"), app.frames, app.sounds.plays,
              app.last_tap, app.floor, setup.banner.text, app.texts.lang)
    assert warm(app) > 0
    assert app.warm_failed is None
    assert app.scene is setup
    after = (store_bytes(data), pygame.image.tobytes(app.screen, "RGB"), app.frames, app.sounds.plays,
             app.last_tap, app.floor, setup.banner.text, app.texts.lang)
    assert after == before


def rows(path: Path) -> list[tuple]:
    """Every row of the games file but the times of day (which differ from run to run)."""
    with sqlite3.connect(path) as db:
        out = [("games", *r) for r in db.execute(
            "SELECT id, game, header, finished IS NULL, closed, header_sum, closed_reason, result, steps FROM games")]
        out += [("actions", *r) for r in db.execute("SELECT game_id, seq, action, sum FROM actions ORDER BY 1, 2")]
        out += [("ledger", *r) for r in db.execute("SELECT * FROM ledger ORDER BY id")]
        out += [("undone", *r) for r in db.execute("SELECT id, game_id, seq, action, why FROM undone")]
    return out


@pytest.mark.parametrize("game", GAMES)
def test_a_game_started_from_a_warmed_setup_is_stored_as_one_started_without(make_ui_app, tmp_path, game,
                                                                               monkeypatch):
    monkeypatch.setattr(uuid, "uuid4", lambda: uuid.UUID(int=21))  # the game's id, the same in both
    records, stored = [], []
    for warmed in (True, False):
        path = tmp_path / f"warmed-{warmed}.sqlite3"
        app = make_ui_app("de", Store(path))
        fake_clock(app)
        setup_shown(app, game)
        if warmed:
            assert warm(app) > 0
        else:
            monkeypatch.setattr(app, "_warm_asked", True)  # as before warm-up existed
            assert not app.warming
        app.inject("ok")
        settle(app)
        rng = random.Random(3)
        for _ in range(12):  # a few presses as a table makes them
            scene = app.scene
            if not isinstance(scene, TableScene) or scene.session.over:
                break
            for name in scene.demo_presses(rng)[:3]:
                app.inject(name)
                settle(app)
        records.append(app.scene.session.record())
        app.store.close()
        stored.append(rows(path))
    assert records[0] == records[1]
    assert stored[0] == stored[1]


def test_the_resume_offer_warms_the_stored_game_without_writing(app, data, monkeypatch):
    game = GAMES[0]
    session = Session.new(REGISTRY[game].header(seed=5), app.store)
    app.go("table", session=session)
    settle(app)
    rng = random.Random(5)
    for name in app.scene.demo_presses(rng)[:4]:
        app.inject(name)
        settle(app)
    row = app.store.waiting()[0]
    cache.clear_all()
    misses = Misses(monkeypatch)
    app.go("resume", row=row)
    settle(app)
    before = store_bytes(data)
    misses.take()
    assert warm(app) > 0
    assert app.warm_failed is None and store_bytes(data) == before
    warmed = misses.take()
    app.inject("ok")  # go on with it
    app.step(block=False)
    assert isinstance(app.scene, TableScene) and len(app.scene.session.actions) == len(session.actions)
    first = misses.take()
    assert not first & warmed
    assert not [key for name, key in first if name == "font faces"]


@pytest.mark.parametrize("transparent", [False, True])
def test_a_layer_on_a_spare_canvas_paints_what_it_paints_on_a_new_one(transparent):
    from companion.ui.kit import layers

    rect = pygame.Rect(10, 20, 120, 80)

    def junk(surf):
        surf.fill((200, 10, 10, 255))
        surf.set_clip(pygame.Rect(0, 0, 5, 5))  # a painter that leaves a clip behind

    def picture(surf):
        pygame.draw.circle(surf, (10, 200, 30), (40, 40), 20)

    old = layers.Layer(rect, junk, transparent=transparent)
    old.surface()
    canvas = old._canvas
    assert layers.spare([old, "not a layer"]) == 1 and old._canvas is None
    again = layers.Layer(rect, picture, transparent=transparent)
    fresh = layers.Layer(rect, picture, transparent=transparent)
    assert again.surface() is canvas  # taken over, not made
    assert fresh.surface() is not canvas  # one spare, one taker
    assert pygame.image.tobytes(again.surface(), "RGBA") == pygame.image.tobytes(fresh.surface(), "RGBA")


def test_the_real_table_takes_over_the_warm_tables_canvases(app):
    from companion.ui.kit import layers

    layers._SPARE.clear()
    setup_shown(app, "suleika" if "suleika" in GAMES else GAMES[0])
    warm(app)
    spared = len(layers._SPARE)
    assert spared > 0 and layers._SPARE.bytes <= layers._SPARE.budget
    app.inject("ok")
    app.step(block=False)
    assert len(layers._SPARE) < spared
