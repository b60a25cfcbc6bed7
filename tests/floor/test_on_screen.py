"""The café floor on the table's screen: calling the staff from the pause menu, a staff
message, a game ended by the staff for the next guests (acknowledged once done)."""

from __future__ import annotations

import pytest

from companion.floor.table import TableFloor
from companion.floor.topics import FloorConfig
from companion.games import REGISTRY, spec
from companion.root import make_app
from companion.session.session import Session
from companion.session.store import Store
from tests.ui.screen import press, settle, tap_label

GAME = sorted(REGISTRY)[0]


class Acks(list):
    def __call__(self, payload, kind, ok, reason=""):
        self.append((payload["id"], kind, ok, reason))


@pytest.fixture
def table(tmp_path):
    store = Store(tmp_path / "games.sqlite3")
    app = make_app(store=store, lang="de", fullscreen=False, sound=False, kiosk=False)
    floor = TableFloor(FloorConfig("127.0.0.1", 1, "cafe", "t1"), store.path)  # not started: no broker here
    floor.attach(store)
    floor.ack = Acks()
    app.floor = floor
    session = Session.new(spec(GAME).header(seed=4), store)
    session.roll()
    app.show(app.routes["table"](app, session=session))
    settle(app)
    yield app, floor, session
    app.close()
    store.close()


def test_the_pause_menu_calls_the_staff_and_takes_the_call_back(table):
    app, floor, _ = table
    press(app, "menu")
    tap_label(app, "Personal rufen")
    assert floor.call is not None
    assert app.scene.banner.text == "Das Personal ist gerufen und kommt gleich."
    tap_label(app, "Ruf zurücknehmen")
    assert floor.call is None
    assert all(b.rect.height >= 64 for b in app.scene.tappables())


def test_a_staff_message_shows_on_the_table_and_is_acknowledged(table):
    app, floor, _ = table
    floor._command("message", {"id": "m1", "text": "Der Kuchen kommt gleich"})
    settle(app)
    assert app.scene.banner.text == "Vom Personal: Der Kuchen kommt gleich"
    assert floor.ack == [("m1", "message", True, "")]


def test_the_staff_end_a_game_for_the_next_guests(table):
    app, floor, session = table
    floor._command("end", {"id": "e1"})
    settle(app)
    assert type(app.scene).__name__ == "MenuScene"
    assert app.store.unfinished() == []
    assert app.store.history()[0].end == "staff"
    assert floor.ack == [("e1", "end", True, "")]
    floor._command("end", {"id": "e2"})  # nothing left to end
    settle(app)
    assert floor.ack[-1] == ("e2", "end", False, "no_game")


def test_a_command_from_another_tables_topic_is_not_taken(table):
    app, floor, _ = table

    class Message:
        topic = "companion/cafe/table/t2/cmd/message"
        payload = b'{"id": "x", "text": "hallo"}'
    floor._on_message(None, None, Message())
    assert floor.inbox.empty()


def test_undo_held_on_past_the_pause_menu_calls_the_staff():
    from companion.inputs.holds import CALL_HOLD_S, MENU_HOLD_S, HoldGestures

    sent, due = [], []

    class Timer:
        def __init__(self, delay, action):
            self.delay, self.action, self.cancelled = delay, action, False
            due.append(self)

        def cancel(self):
            self.cancelled = True
    gestures = HoldGestures(sent.append, release_s=0.0, clock=lambda: 0.0, timer=Timer)
    gestures.edge("undo", True, True)
    assert due[-1].delay == MENU_HOLD_S
    due[-1].action()
    assert sent == ["menu"] and due[-1].delay == CALL_HOLD_S
    due[-1].action()
    gestures.edge("undo", False, False)
    assert sent == ["menu", "call"]
    # let go before: the pause menu only
    sent.clear()
    gestures.edge("undo", True, True)
    due[-1].action()
    gestures.edge("undo", False, False)
    assert sent == ["menu"] and due[-1].cancelled


def test_the_call_gesture_calls_the_staff_and_the_pause_key_then_takes_it_back(table):
    app, floor, _ = table
    press(app, "menu")
    press(app, "call")
    assert floor.call is not None
    assert app.scene.banner.text == "Das Personal ist gerufen und kommt gleich."
    assert any(b.label == "Ruf zurücknehmen" for b in app.scene.tappables())
    press(app, "call")  # held again: still one call
    assert floor._calls.qsize() == 1


def test_the_call_gesture_does_nothing_off_the_floor(tmp_path):
    store = Store(tmp_path / "games.sqlite3")
    app = make_app(store=store, lang="de", fullscreen=False, sound=False, kiosk=False)
    session = Session.new(spec(GAME).header(seed=4), store)
    app.show(app.routes["table"](app, session=session))
    settle(app)
    press(app, "call")
    assert type(app.scene).__name__ != "PauseScene" and app.floor is None
    app.close()
    store.close()
