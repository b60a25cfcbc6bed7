"""A table whose clock is wrong (hours off, or jumping while a game runs, as a Pi's does when the
network gives it the time): the hub dates every event on its own clock (``received - age``, the
age measured on the table's monotonic clock), so no duration, "playing for", expected end or
statistic is off by the table's error."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest

from companion.floor.hub import Hub
from companion.floor.hubstore import HubStore
from companion.floor.table import TableFloor
from companion.floor.topics import FloorConfig
from companion.session.session import Session
from companion.session.store import Store

from .conftest import wait_for

HOUR = 3600.0


class WrongClock:
    """A wall clock ``offset`` seconds off; set ``offset`` again to make it jump."""

    def __init__(self, offset: float) -> None:
        self.offset = offset

    def __call__(self) -> float:
        return time.time() + self.offset


class WrongTime:
    """The ``time`` module as a table with a wrong clock sees it (only ``time()`` is wrong)."""

    def __init__(self, clock: WrongClock) -> None:
        self.time = clock

    def __getattr__(self, name: str) -> Any:
        return getattr(time, name)


def _play(session: Session, n: int) -> None:
    for _ in range(n):
        if session.engine.chance(session.state) is not None:
            session.roll()
        else:
            session.act(session.engine.legal_actions(session.state)[0])


def _events(hub: Hub) -> list[tuple[int, float, float, dict[str, Any]]]:
    with hub.store.lock:
        rows = hub.store.db.execute("SELECT seq, at, received, payload FROM events ORDER BY seq").fetchall()
    return [(seq, at, received, json.loads(p)) for seq, at, received, p in rows]


@pytest.mark.parametrize("offset, jump", [(-5 * HOUR, 8 * HOUR), (3 * HOUR, -3 * HOUR)],
                         ids=["5h-behind-then-3h-ahead", "3h-ahead-then-right"])
def test_a_table_with_a_wrong_and_jumping_clock_is_dated_by_the_hub(broker, tmp_path, monkeypatch, offset, jump):
    clock = WrongClock(offset)
    monkeypatch.setattr("companion.session.store.time", WrongTime(clock))
    hub = Hub(tmp_path / "hub", "127.0.0.1", broker.port, password=broker.passwords["hub"])
    hub.start_mqtt()
    store = Store(tmp_path / "t1.sqlite3")
    floor = TableFloor(FloorConfig("127.0.0.1", broker.port, "cafe", "t1", broker.passwords["t1"]), store.path)
    floor.clock = clock
    floor.attach(store)
    floor.start()
    began = time.time()
    try:
        session = Session.new({"game": "suleika", "players": 2, "seed": 9}, store)
        _play(session, 4)
        wait_for(lambda: len(_events(hub)) == 5, what="the start and 4 steps")
        broker.stop()
        _play(session, 3)  # queued in the outbox while the broker is away ...
        played = time.time()
        clock.offset += jump  # ... and the clock jumps before they are sent (NTP comes with the network)
        time.sleep(4.0)
        broker.start()
        floor.call_staff()
        wait_for(lambda: len(_events(hub)) == 8, seconds=60, what="the steps of the outage")
        wait_for(lambda: hub.store.tables() and hub.store.tables()[0]["calls_staff"], what="the call")
        now = time.time()
        events = _events(hub)
        # the test's table really had a wrong clock
        assert all(abs(e["at"] - received - offset) < 600 for seq, _, received, e in events if seq <= 4)
        # every event is dated within the test's own run on the hub's clock
        assert all(began - 1 <= at <= now for _, at, _, _ in events)
        # the steps of the outage when they were played, not 4 s later when they arrived (within
        # the moment paho takes to send what it was given, long on a loaded machine)
        assert all(received - played >= 4 and at <= played + 2 for seq, at, received, _ in events if seq in (5, 6, 7))
        row = hub.store.tables()[0]
        assert began - 1 <= row["started_at"] <= row["last_step_at"] <= now
        assert began - 1 <= row["call_since"] <= now
        # "playing for n min" and the expected end: minutes, not hours, from now
        assert now - row["started_at"] < 120
        assert row["expected_end"] is None or row["expected_end"] - now < 2 * HOUR
        session.abandon("left")
        wait_for(lambda: hub.store.games(), what="the game's end")
        game = hub.store.games()[0]
        assert began - 1 <= game["started_at"] <= game["ended_at"] <= time.time()
        hours = hub.store.stats()["hours"]
        assert sum(h["games"] for h in hours) == 1
        assert hours[time.localtime(game["started_at"]).tm_hour]["games"] == 1
    finally:
        floor.stop()
        hub.stop_mqtt()
        store.close()


def test_statistics_and_staff_calls_use_the_hubs_clock(tmp_path):
    """A finished game of 30 minutes and a staff call cleared after 4 minutes, from a table whose
    clock says 1970 at the start and jumps to 2040 in the middle."""
    store = HubStore(tmp_path / "hub.sqlite3")
    r = 1_780_000_000.0  # when the hub received the start
    base = {"game_id": "g", "game": "suleika", "started_at": 100.0}
    store.event("t1", {**base, "seq": 0, "kind": "start", "players": 2, "at": 100.0, "age": 0.2}, received=r)
    store.event("t1", {**base, "seq": 1, "kind": "step", "step": 0, "at": 400.0, "age": 0.1}, received=r + 300)
    store.event("t1", {"kind": "call", "call_id": "c", "at": 500.0, "age": 0.1}, received=r + 400)
    store.event("t1", {"kind": "call_cleared", "call_id": "c", "at": 2_200_000_000.0, "age": 0.1},
                received=r + 640)
    # sent late (an outage of 10 minutes): dated when it was made
    store.event("t1", {**base, "seq": 2, "kind": "step", "step": 1, "over": True, "winners": [0],
                       "at": 2_200_000_000.0, "age": 600.0}, received=r + 1800.2 + 600)
    stats = store.stats()
    assert stats["titles"] == [{"game": "suleika", "players": 2, "games": 1, "mean_minutes": 30.0,
                                "median_minutes": 30.0}]
    assert stats["calls"] == {"cleared": 1, "mean_minutes_to_clear": 4.0}
    assert stats["hours"][time.localtime(r).tm_hour]["games"] == 1
    game = store.games()[0]
    assert game["started_at"] == pytest.approx(r - 0.2) and game["ended_at"] == pytest.approx(r + 1800.2)


def test_a_game_first_heard_of_by_a_later_step_starts_by_the_tables_difference(tmp_path):
    store = HubStore(tmp_path / "hub.sqlite3")
    store.event("t1", {"game_id": "g", "game": "suleika", "started_at": 100.0, "seq": 3, "kind": "step",
                       "step": 2, "at": 700.0, "age": 1.0}, received=10_000.0)
    assert store.games(None) == [] and store.tables(now=10_000.0)[0]["started_at"] == pytest.approx(9_399.0)


def test_an_event_made_before_a_reboot_falls_back_to_the_wall_clocks_difference(tmp_path):
    floor = TableFloor(FloorConfig("127.0.0.1", 1, "cafe", "t1"), Path(tmp_path / "t.sqlite3"))
    floor.clock, floor.monotonic = (lambda: 5000.0), (lambda: 70.0)
    same_boot = floor.aged(json.dumps({**floor.stamp(), "mono": 10.0, "x": 1}))
    assert json.loads(same_boot)["age"] == 60.0
    other_boot = json.dumps({"at": 4990.0, "mono": 9999.0, "boot": "another", "x": 1})
    assert json.loads(floor.aged(other_boot))["age"] == 10.0
    assert floor.aged('{"at": 1.0}') == '{"at": 1.0}'  # an event from before ``age``: as it was


def test_steps_that_waited_at_the_broker_for_the_hub_are_dated_when_played(broker, tmp_path):
    """The hub away (and the broker restarted meanwhile): the steps wait at the broker, which
    counts down their expiry; the hub takes what was counted off, so it dates them when they
    were played, not when it came back."""
    hub = Hub(tmp_path / "hub", "127.0.0.1", broker.port, password=broker.passwords["hub"])
    hub.start_mqtt()
    store = Store(tmp_path / "t1.sqlite3")
    floor = TableFloor(FloorConfig("127.0.0.1", broker.port, "cafe", "t1", broker.passwords["t1"]), store.path)
    floor.attach(store)
    floor.start()
    try:
        session = Session.new({"game": "alibaba", "players": 3, "seed": 4}, store)
        _play(session, 2)
        wait_for(lambda: len(_events(hub)) == 3, what="the start and 2 steps")
        hub.stop_mqtt()
        hub.store.close()
        _play(session, 3)
        played = time.time()
        wait_for(lambda: floor.pending() == 0, what="the broker keeping the steps for the hub")
        time.sleep(3.0)
        broker.stop()  # restarted while the steps wait: its saved queue still counts
        broker.start()
        time.sleep(3.0)
        hub = Hub(tmp_path / "hub", "127.0.0.1", broker.port, password=broker.passwords["hub"])
        hub.start_mqtt()
        wait_for(lambda: len(_events(hub)) == 6, seconds=60, what="the steps that waited")
        waited = [(at, received) for seq, at, received, _ in _events(hub) if seq >= 3]
        assert all(received - played >= 6.0 for _, received in waited)
        assert all(at <= played + 2.5 for at, _ in waited)  # the broker counts whole seconds
    finally:
        floor.stop()
        hub.stop_mqtt()
        store.close()
