"""A real mosquitto: steps reach the hub once whatever fails (broker stopped, hub restarted,
a table killed with an unsent outbox, a step sent twice), and the ACL refuses a hostile client."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import paho.mqtt.client as mqtt
from paho.mqtt.enums import CallbackAPIVersion

from companion.floor.hub import Hub
from companion.floor.table import TableFloor
from companion.floor.topics import FloorConfig
from companion.session.session import Session
from companion.session.store import Store

from .conftest import wait_for


def _table(broker, tmp_path: Path, name: str = "t1") -> tuple[Store, TableFloor]:
    store = Store(tmp_path / f"{name}.sqlite3")
    floor = TableFloor(FloorConfig("127.0.0.1", broker.port, "cafe", name, broker.passwords[name]), store.path)
    floor.attach(store)
    return store, floor


def _hub(broker, tmp_path: Path) -> Hub:
    hub = Hub(tmp_path / "hub", "127.0.0.1", broker.port, password=broker.passwords["hub"])
    hub.start_mqtt()
    return hub


@contextmanager
def _on_the_floor(broker, tmp_path: Path, name: str = "t1", on_command=None) -> Iterator[tuple[Hub, Store, TableFloor]]:
    """The hub and one table on the broker, the table's floor started (answering commands with
    ``on_command``); both stopped afterwards, whatever the test found."""
    hub = _hub(broker, tmp_path)
    store, floor = _table(broker, tmp_path, name)
    if on_command is not None:
        floor.on_command = on_command
    floor.start()
    try:
        yield hub, store, floor
    finally:
        floor.stop()
        hub.stop_mqtt()


def _steps(hub: Hub) -> list[tuple]:
    with hub.store.lock:
        return hub.store.db.execute("SELECT table_id, game_id, step FROM events WHERE kind = 'step' "
                                    "ORDER BY step").fetchall()


def _play(session: Session, n: int) -> None:
    for _ in range(n):
        if session.engine.chance(session.state) is not None:
            session.roll()
        else:
            session.act(session.engine.legal_actions(session.state)[0])


def _hub_has(hub: Hub, count: int):
    return lambda: len(_steps(hub)) >= count


def test_steps_reach_the_hub_once_and_the_state_is_shown(broker, tmp_path):
    with _on_the_floor(broker, tmp_path) as (hub, store, floor):
        session = Session.new({"game": "alibaba", "players": 3, "seed": 4, "names": ["Ada", "Bo", "Cem"]}, store)
        _play(session, 8)
        wait_for(_hub_has(hub, 8), what="8 steps in the hub")
        wait_for(lambda: floor.pending() == 0, what="an empty outbox")
        assert _steps(hub) == [("t1", session.header["game_id"], i) for i in range(8)]
        wait_for(lambda: hub.store.tables() and hub.store.tables()[0]["step"] == 8, what="the state")
        row = hub.store.tables()[0]
        assert row["status"] == "playing" and row["game"] == "alibaba" and row["players"] == ["Ada", "Bo", "Cem"]
        assert [p["name"] for p in row["detail"]] == ["Ada", "Bo", "Cem"] and "money" in row["detail"][0]


def test_broker_stopped_then_back_nothing_lost_nothing_doubled(broker, tmp_path):
    with _on_the_floor(broker, tmp_path) as (hub, store, floor):
        session = Session.new({"game": "suleika", "players": 2, "seed": 9}, store)
        _play(session, 5)
        wait_for(_hub_has(hub, 5), what="5 steps before the outage")
        broker.stop()
        _play(session, 10)  # the table plays on without the broker
        assert floor.pending() >= 10
        broker.start()
        wait_for(_hub_has(hub, 15), seconds=60, what="the steps of the outage")
        wait_for(lambda: floor.pending() == 0, what="an empty outbox")
        steps = _steps(hub)
        assert [s[2] for s in steps] == list(range(15))


def test_hub_restarted_gets_what_came_while_it_was_away(broker, tmp_path):
    hub = _hub(broker, tmp_path)
    store, floor = _table(broker, tmp_path)
    floor.start()
    try:
        session = Session.new({"game": "suleika", "players": 2, "seed": 9}, store)
        _play(session, 3)
        wait_for(_hub_has(hub, 3), what="3 steps")
        hub.stop_mqtt()
        hub.store.close()
        _play(session, 6)
        wait_for(lambda: floor.pending() == 0, what="the broker taking the steps for the hub")
        hub = _hub(broker, tmp_path)  # the same data folder, the same broker session
        wait_for(_hub_has(hub, 9), what="the steps queued for the hub")
        assert [s[2] for s in _steps(hub)] == list(range(9))
    finally:
        floor.stop()
        hub.stop_mqtt()


def test_table_killed_with_an_unsent_outbox_sends_it_after_its_restart(broker, tmp_path):
    hub = _hub(broker, tmp_path)
    store, floor = _table(broker, tmp_path)  # hooked, but never started: as if killed before sending
    session = Session.new({"game": "mutabor", "players": 2, "seed": 2}, store)
    _play(session, 7)
    store.close()
    assert floor.pending() == 8
    again = Store(tmp_path / "t1.sqlite3")
    restarted = TableFloor(floor.config, again.path)
    restarted.attach(again)
    restarted.start()
    try:
        wait_for(_hub_has(hub, 7), what="the outbox of the killed table")
        wait_for(lambda: restarted.pending() == 0, what="an empty outbox")
        assert [s[2] for s in _steps(hub)] == list(range(7))
    finally:
        restarted.stop()
        hub.stop_mqtt()


def test_the_same_step_twice_is_stored_once(broker, tmp_path):
    with _on_the_floor(broker, tmp_path) as (hub, store, floor):
        session = Session.new({"game": "suleika", "players": 2, "seed": 1}, store)
        _play(session, 2)
        wait_for(_hub_has(hub, 2), what="2 steps")
        events = [json.loads(p) for (p,) in hub.store.db.execute(
            "SELECT payload FROM events WHERE kind = 'step' ORDER BY seq")]
        # the table sends it again (it never heard the broker's acknowledgement)
        sender = _client(broker, "t1")
        for e in events:
            sender.publish("companion/cafe/table/t1/events", json.dumps(e), qos=1).wait_for_publish(5)
        sender.disconnect()
        assert hub.store.event("t1", events[0]) is False
        assert [s[2] for s in _steps(hub)] == [0, 1]


def _client(broker, user: str, password: str | None = None) -> mqtt.Client:
    c = mqtt.Client(CallbackAPIVersion.VERSION2, client_id=f"test-{user}-{id(broker)}")
    c.username_pw_set(user, password or broker.passwords[user])
    connected = threading.Event()
    c.on_connect = lambda *a: connected.set()
    c.connect("127.0.0.1", broker.port)
    c.loop_start()
    assert connected.wait(10)
    return c


def test_a_hostile_client_with_a_tables_password_cannot_speak_for_another_table(broker, tmp_path):
    got: list[tuple[str, dict]] = []
    on_command = lambda kind, payload: (got.append((kind, payload)), (True, ""))[1]  # noqa: E731
    with _on_the_floor(broker, tmp_path, "t2", on_command) as (hub, _store, floor):
        wait_for(lambda: floor._connected.is_set(), what="t2 online")
        hostile = _client(broker, "t1")  # t1's own password
        fake = {"table": "t2", "game_id": "x", "seq": 1, "kind": "step", "step": 0, "game": "suleika",
                "action": {"action": "roll", "value": 1}, "at": 1.0, "started_at": 1.0}
        hostile.publish("companion/cafe/table/t2/events", json.dumps(fake), qos=1).wait_for_publish(5)
        hostile.publish("companion/cafe/table/t2/state", json.dumps({"game": "fake"}), qos=1).wait_for_publish(5)
        hostile.publish("companion/cafe/table/t2/cmd/end", json.dumps({"id": "evil"}), qos=1).wait_for_publish(5)
        hostile.publish("companion/cafe/table/t1/cmd/end", json.dumps({"id": "evil"}), qos=1).wait_for_publish(5)
        # and on its own events topic, claiming to be t2
        hostile.publish("companion/cafe/table/t1/events", json.dumps(fake), qos=1).wait_for_publish(5)
        # a marker through the same path that is allowed, so that everything before it has arrived
        hostile.publish("companion/cafe/table/t1/status", "online", qos=1).wait_for_publish(5)
        wait_for(lambda: any(t["table"] == "t1" for t in hub.store.tables()), what="the marker")
        hub.send("t2", "message", "Kaffee kommt")  # the hub's own command does arrive
        wait_for(lambda: got, what="the hub's command")
        hostile.disconnect()
        assert got == [("message", got[0][1])] and got[0][1]["text"] == "Kaffee kommt"
        with hub.store.lock:
            assert hub.store.db.execute("SELECT COUNT(*) FROM events").fetchone()[0] == 0
        t2 = [t for t in hub.store.tables() if t["table"] == "t2"]
        assert all(t["game"] != "fake" for t in t2)
        state = hub.store.db.execute("SELECT state FROM tables WHERE table_id = 't2'").fetchone()
        assert state is None or "fake" not in (state[0] or "")


def test_staff_commands_are_acknowledged_by_the_table(broker, tmp_path):
    ended: list[dict] = []
    on_command = lambda kind, payload: (ended.append(payload), (True, ""))[1]  # noqa: E731
    with _on_the_floor(broker, tmp_path, on_command=on_command) as (hub, store, floor):
        session = Session.new({"game": "suleika", "players": 2, "seed": 1}, store)
        _play(session, 1)
        floor.call_staff()
        wait_for(lambda: any(t["calls_staff"] for t in hub.store.tables()), what="the call on the floor")
        cid = hub.send("t1", "clear_call", None)
        wait_for(lambda: hub.store.commands("t1")[0]["result"] == "done", what="the clear acknowledged")
        assert hub.store.commands("t1")[0]["id"] == cid and floor.call is None
        wait_for(lambda: not any(t["calls_staff"] for t in hub.store.tables()), what="the call cleared")
        assert hub.store.stats()["calls"]["cleared"] == 1
        hub.send("t1", "end", None)
        wait_for(lambda: hub.store.commands("t1")[0]["result"] == "done", what="the end acknowledged")
        assert len(ended) == 1
        hub.send("t1", "reboot", None)
        wait_for(lambda: hub.store.commands("t1")[0]["result"] == "refused", what="an unknown command refused")
