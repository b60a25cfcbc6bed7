"""What the café floor does on the table's screen: the staff's messages, a game ended by the
staff for the next guests, the pause menu's "call the staff", and a small picture of the board
for the floor page.

The app calls :func:`serve` once a pass of its loop while the table is on the floor; the
publisher's thread only queues commands and wakes the loop, so the screen is changed on the
screen's own thread. A command is acknowledged when it has been carried out.
"""

from __future__ import annotations

import io
from typing import Any

from companion.session.notice import StoreError

#: at most one picture of the board this often (seconds), and only of a position not sent yet
PICTURE_EVERY = 30.0
#: its size: half the screen's (a JPEG of 10 to 30 kB)
PICTURE_SIZE = (400, 240)


def _session(app: Any) -> Any:
    scene = app.scene
    session = getattr(scene, "session", None)
    if session is None:
        table = getattr(scene, "table", None)  # the pause menu over a table
        session = getattr(table, "session", None)
    return session


def serve(app: Any) -> None:
    """Carry out the commands the hub sent since the last pass and answer each."""
    floor = app.floor
    while not floor.inbox.empty():
        kind, payload = floor.inbox.get()
        ok, reason = True, ""
        if kind == "message":
            app.scene.say(app.texts("floor_message", text=str(payload.get("text", ""))))
        elif kind == "end":
            ok, reason = end_game(app)
        floor.ack(payload, kind, ok, reason)


def end_game(app: Any) -> tuple[bool, str]:
    """End the game on the table (or the one waiting to be resumed) for the next guests; it
    stays in the history as ended by the staff."""
    store = app.store
    session = _session(app)
    game_id = getattr(session, "game_id", None)
    if game_id is None and store is not None:
        waiting = store.unfinished()
        game_id = waiting[0].id if waiting else None
    if game_id is None or store is None:
        return False, "no_game"
    try:
        store.close_game(game_id, "staff")
    except StoreError as exc:
        return False, exc.code
    if session is not None:
        app.go("menu")
    app.scene.say(app.texts("floor_ended_by_staff"))
    return True, ""


def call_staff(app: Any) -> None:
    """UNDO held on past the pause menu: call the staff (once until the call is cleared)."""
    if app.floor.call is None:
        app.floor.call_staff()
    relayout = getattr(app.scene, "layout", None)
    if callable(relayout) and type(app.scene).__name__ == "PauseScene":
        relayout()  # its key now takes the call back
    app.scene.say(app.texts("floor_called"))


def picture(app: Any, scene: Any) -> bool:
    """Hand the floor a picture of the board, drawn by the game's own table screen: the frame
    on the screen, made small, once a position changed and at most every PICTURE_EVERY seconds.
    Only a game's own screen is taken (not a pause menu, a staff page or the end screen), and
    only once it is drawn. True when a picture was made."""
    import pygame

    floor = app.floor
    session = getattr(scene, "session", None)
    if session is None or session.over or scene.dirty or getattr(app, "screen", None) is None:
        return False  # the end screen has the session too; an ended game is not on the floor
    state = session.state
    now = app.now()
    if state is floor.picture_of or now - floor.picture_at < PICTURE_EVERY:
        return False
    small = pygame.transform.smoothscale(app.screen, PICTURE_SIZE)
    out = io.BytesIO()
    pygame.image.save(small, out, "board.jpg")
    floor.picture_of, floor.picture_at = state, now
    floor.picture(out.getvalue())
    return True
