"""A broker (or the hub) away for an hour instead of two minutes, with the real broker. What an
hour changes, each tested here, scaled down in wall time but not in size:

- the tables' outboxes hold an hour of steps (about 900 a table at the simulation's pace), all
  sent once when the broker is back;
- the broker keeps for the absent hub more than mosquitto's default of 1000 messages (a café's
  ten minutes), also across a restart of the broker (its saved session);
- the floor page, cut off from the broker, no longer shows its last news as the floor;
- the configurations keep an hour: the queue, persistence, no expiry of the hub's session.

The real hour is measured by ``companion floor-sim --minutes 70 --broker-outage 3600``.
"""

from __future__ import annotations

import random
import time
from pathlib import Path

import pytest

from companion.floor import setup
from companion.floor.broker import MAX_QUEUED, Broker, config, mosquitto_path
from companion.floor.hub import CUT_GRACE, Hub
from companion.floor.sim import SimTable, table_steps

from .conftest import TABLES, wait_for

#: an hour of one table's steps at floor-sim's pace (a step every 4 s)
HOUR_OF_STEPS = 900
#: mosquitto's own max_queued_messages
MOSQUITTO_DEFAULT_QUEUE = 1000


def _hub(broker: Broker, folder: Path) -> Hub:
    hub = Hub(folder / "hub", "127.0.0.1", broker.port, password=broker.passwords["hub"])
    hub.start_mqtt()
    return hub


def _hub_steps(hub: Hub) -> list[tuple[str, str, int]]:
    with hub.store.lock:
        return hub.store.db.execute("SELECT table_id, game_id, step FROM events WHERE kind = 'step'").fetchall()


def _table_steps(table: SimTable) -> set[tuple[str, str, int]]:
    return {(table.name, g, s) for g, s in table_steps(Path(table.store.path))}


def _once(hub: Hub, tables: list[SimTable]) -> bool:
    """Every step of every table store is in the hub, and each exactly once."""
    sent = set().union(*(_table_steps(t) for t in tables))
    got = _hub_steps(hub)
    return len(got) == len(sent) and set(got) == sent


@pytest.mark.slow
def test_an_hour_of_steps_in_the_outboxes_goes_once_when_the_broker_is_back(broker, tmp_path):
    hub = _hub(broker, tmp_path)
    tables = [SimTable(name, tmp_path, broker, random.Random(n)) for n, name in enumerate(TABLES)]
    for t in tables:
        t.floor.start()
    try:
        for _ in range(10):
            for t in tables:
                t.step()
        wait_for(lambda: _once(hub, tables), what="the steps before the outage")
        broker.stop()
        for _ in range(HOUR_OF_STEPS):
            for t in tables:
                t.step()
        played = time.time()
        time.sleep(3.0)  # the broker away a while longer: the steps are dated before its return
        assert all(t.floor.pending() >= HOUR_OF_STEPS for t in tables)
        broker.start()
        wait_for(lambda: _once(hub, tables), seconds=240, what="an hour of steps in the hub, once each")
        wait_for(lambda: all(t.floor.pending() == 0 for t in tables), what="empty outboxes")
        assert _once(hub, tables)
        # dated when they were played, not when they came
        with hub.store.lock:
            late = hub.store.db.execute("SELECT MAX(at) FROM events WHERE kind = 'step'").fetchone()[0]
        assert late <= played + 2
    finally:
        for t in tables:
            t.floor.stop()
            t.store.close()
        hub.stop_mqtt()


@pytest.mark.slow
@pytest.mark.parametrize("queue", [MAX_QUEUED, MOSQUITTO_DEFAULT_QUEUE], ids=["floor-config", "mosquitto-default"])
def test_the_hub_away_gets_everything_the_broker_kept_for_it(tmp_path, queue):
    """The hub away while the tables send more than mosquitto's default queue, and the broker
    restarted meanwhile: with the floor's configuration the hub gets every step; with
    mosquitto's default the broker drops some (which the tables, acknowledged, no longer keep)."""
    if mosquitto_path() is None:
        pytest.skip("mosquitto is not installed: apt-get install -y mosquitto")
    broker = Broker(tmp_path / "broker", "cafe", TABLES, max_queued=queue)
    broker.start()
    hub = _hub(broker, tmp_path)
    table = SimTable("t1", tmp_path, broker, random.Random(3))
    table.floor.start()
    try:
        table.step()
        wait_for(lambda: _once(hub, [table]), what="the hub's session at the broker")
        hub.stop_mqtt()
        hub.store.close()
        for _ in range(MOSQUITTO_DEFAULT_QUEUE + 300):
            table.step()
        wait_for(lambda: table.floor.pending() == 0, seconds=120, what="the broker taking every step")
        broker.stop()  # the broker restarted while the hub is away: its saved queue
        broker.start()
        hub = _hub(broker, tmp_path)
        sent = len(_table_steps(table))
        assert sent > MOSQUITTO_DEFAULT_QUEUE + 250
        if queue == MAX_QUEUED:
            wait_for(lambda: _once(hub, [table]), seconds=120, what="every step the broker kept for the hub")
        else:
            seen = [-1, time.monotonic()]

            def quiet() -> bool:
                """The hub has taken some steps and no more came for 3 s."""
                count = len(_hub_steps(hub))
                if count != seen[0]:
                    seen[:] = [count, time.monotonic()]
                return count > 0 and time.monotonic() - seen[1] >= 3.0
            wait_for(quiet, seconds=180, what="the hub taking what the broker kept")
            assert 0 < len(_hub_steps(hub)) < sent
    finally:
        table.floor.stop()
        table.store.close()
        hub.stop_mqtt()
        broker.stop()


def test_the_floor_shows_every_table_offline_while_the_hub_is_cut_off(broker, tmp_path):
    hub = _hub(broker, tmp_path)
    table = SimTable("t1", tmp_path, broker, random.Random(2))
    table.floor.start()
    try:
        table.step()
        wait_for(lambda: hub.store.tables() and hub.tables()[0]["status"] == "playing", what="a playing table")
        broker.stop()
        wait_for(lambda: hub.cut_since is not None, what="the hub noticing")
        cut = hub.cut_since
        assert cut is not None
        # mosquitto sends the tables' last wills as it stops; the hub's own network gone would
        # bring none: the floor as the hub last heard it
        hub.store.status("t1", "online")
        assert hub.tables(now=cut + CUT_GRACE - 1)[0]["status"] == "playing"  # a blip: still the floor
        assert hub.tables(now=cut + CUT_GRACE)[0]["status"] == "offline"
        assert hub.tables(now=cut + 3600)[0]["status"] == "offline"  # an hour later, still not a floor
        broker.start()
        wait_for(lambda: hub.cut_since is None, seconds=60, what="the hub back at the broker")
        # the table back too: on the floor again, whatever the clock says
        wait_for(lambda: hub.tables(now=time.time() + 3600)[0]["status"] != "offline", seconds=60,
                 what="the table back on the floor")
    finally:
        table.floor.stop()
        table.store.close()
        hub.stop_mqtt()


def _settings(text: str) -> dict[str, str]:
    out = {}
    for line in text.splitlines():
        if line.strip() and not line.startswith("#"):
            key, _, value = line.partition(" ")
            out[key] = value
    return out


def test_the_broker_configurations_keep_an_hour(tmp_path):
    """The floor's own broker and the installed hub's: the queue holds an hour of 50 tables at
    a step every 2 s, the hub's session is saved and never expires."""
    setup.hub(["t1", "t2"], tmp_path / "etc", tmp_path / "secrets", "cafe", 1883, "127.0.0.1")
    installed = (tmp_path / "etc/conf.d/companion.conf").read_text()
    for text in (config(1883, tmp_path), installed):
        found = _settings(text)
        assert int(found["max_queued_messages"]) >= 50 * 3600 // 2
        assert found.get("persistence") == "true"
        assert "persistent_client_expiration" not in found and "max_queued_bytes" not in found
    assert int(_settings(installed)["autosave_interval"]) <= 60
