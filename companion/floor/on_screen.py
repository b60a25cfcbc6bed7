"""What the café floor does on the table's screen: the staff's messages, a game ended by the
staff for the next guests, and the pause menu's "call the staff".

The app calls :func:`serve` once a pass of its loop while the table is on the floor; the
publisher's thread only queues commands and wakes the loop, so the screen is changed on the
screen's own thread. A command is acknowledged when it has been carried out.
"""

from __future__ import annotations

from typing import Any

from companion.session.notice import StoreError


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
