"""A small picture of the board on the floor page: drawn by the game's own table screen, made
small and sent retained by the table (throttled, only a position not sent yet), kept by the hub
and served only while that game is played, behind the same login as the rest."""

from __future__ import annotations

import io
from pathlib import Path

import pygame
import pytest

from companion.floor import on_screen
from companion.floor.hub import Hub
from companion.floor.hubstore import PICTURE_MAX, HubStore
from companion.floor.table import TableFloor
from companion.floor.topics import FloorConfig
from companion.games import REGISTRY, spec
from companion.root import make_app
from companion.session.session import Session
from companion.session.store import Store
from tests.ui.screen import settle

from .conftest import wait_for


def _load(image: bytes) -> pygame.Surface:
    return pygame.image.load(io.BytesIO(image), "board.jpg")


def board_picture(game: str, folder: Path, seed: int = 4, names: list[str] | None = None) -> bytes:
    """A picture of ``game``'s board as a table on the floor makes it (its own screen, made small)."""
    store = Store(folder / f"board-{game}.sqlite3")
    app = make_app(store=store, lang="de", fullscreen=False, sound=False, kiosk=False)
    floor = TableFloor(FloorConfig("127.0.0.1", 1, "cafe", "t1"), store.path)  # never started
    floor.attach(store)
    app.floor = floor
    try:
        header = spec(game).header(len(names), seed) if names else spec(game).header(seed=seed)
        if names:
            header["names"] = names
        session = Session.new(header, store)
        if session.engine.chance(session.state) is not None:
            session.roll()
        app.show(app.routes["table"](app, session=session))
        settle(app)
        image = floor._picture
        assert image is not None, "the table made no picture of its board"
        return image
    finally:
        app.close()
        store.close()


@pytest.mark.parametrize("game", sorted(REGISTRY))
def test_every_games_screen_gives_a_small_picture_of_its_board(game, tmp_path):
    image = board_picture(game, tmp_path)
    assert image[:3] == b"\xff\xd8\xff" and len(image) <= PICTURE_MAX
    picture = _load(image)
    assert picture.get_size() == on_screen.PICTURE_SIZE
    # a board, not an empty frame: many colours
    colours = {tuple(picture.get_at((x, y)))[:3] for x in range(0, 400, 8) for y in range(0, 240, 8)}
    assert len(colours) > 30


def test_the_picture_is_throttled_and_only_of_a_position_not_sent(tmp_path):
    store = Store(tmp_path / "games.sqlite3")
    app = make_app(store=store, lang="de", fullscreen=False, sound=False, kiosk=False)
    floor = TableFloor(FloorConfig("127.0.0.1", 1, "cafe", "t1"), store.path)
    floor.attach(store)
    app.floor = floor
    clock = [1000.0]
    app.now = lambda: clock[0]
    try:
        session = Session.new(spec(sorted(REGISTRY)[0]).header(seed=4), store)
        app.show(app.routes["table"](app, session=session))
        settle(app)
        assert floor._picture is not None
        floor._picture = None
        settle(app)
        assert floor._picture is None  # the same position: no new picture
        if session.engine.chance(session.state) is not None:
            session.roll()
        else:
            session.act(session.engine.legal_actions(session.state)[0])
        app.scene.dirty = True
        settle(app)
        assert floor._picture is None  # a new position, but within PICTURE_EVERY of the last one
        clock[0] += on_screen.PICTURE_EVERY
        app.step(block=False)
        assert floor._picture is not None
        # the pause menu over the board is not taken
        floor._picture, floor.picture_of, clock[0] = None, None, clock[0] + on_screen.PICTURE_EVERY
        app.scene.on_menu()
        settle(app)
        assert type(app.scene).__name__ == "PauseScene" and floor._picture is None
    finally:
        app.close()
        store.close()


def test_the_picture_reaches_the_hub_and_shows_only_while_the_game_is_played(broker, tmp_path):
    hub = Hub(tmp_path / "hub", "127.0.0.1", broker.port, password=broker.passwords["hub"])
    hub.start_mqtt()
    store = Store(tmp_path / "t1.sqlite3")
    floor = TableFloor(FloorConfig("127.0.0.1", broker.port, "cafe", "t1", broker.passwords["t1"]), store.path)
    floor.attach(store)
    floor.start()
    try:
        session = Session.new({"game": "suleika", "players": 2, "seed": 3}, store)
        session.roll()
        wait_for(lambda: hub.store.tables() and hub.store.tables()[0]["game"] == "suleika", what="the game")
        assert hub.store.board("t1") is None and hub.store.tables()[0]["picture_at"] is None
        image = board_picture("suleika", tmp_path)
        floor.picture(image)
        wait_for(lambda: hub.store.board("t1") is not None, what="the picture in the hub")
        assert hub.store.board("t1") == ("image/jpeg", image)
        assert hub.store.tables()[0]["picture_at"] is not None
        floor.picture(b"x" * (PICTURE_MAX + 1))  # too big: never sent
        assert floor._picture is None
        session.abandon("left")
        wait_for(lambda: hub.store.tables()[0]["status"] == "finished", what="the game's end")
        assert hub.store.board("t1") is None and hub.store.tables()[0]["picture_at"] is None
    finally:
        floor.stop()
        hub.stop_mqtt()
        store.close()


def test_the_hub_takes_only_small_jpeg_or_png_pictures(tmp_path):
    store = HubStore(tmp_path / "hub.sqlite3")
    assert not store.picture("t1", b"<svg onload=alert(1)>")
    assert not store.picture("t1", b"\xff\xd8\xff" + b"0" * PICTURE_MAX)
    assert store.picture("t1", b"\x89PNG\r\n\x1a\n....")
    assert store.picture("t1", b"")  # an empty retained message takes it away
    assert store.db.execute("SELECT COUNT(*) FROM pictures").fetchone()[0] == 0
