"""A table on the café floor: the outbox rows of each step, and the publisher thread.

:meth:`TableFloor.attach` hooks the store: every transaction that starts a game, adds steps or
closes a game also writes its outbox rows (the store's ``outbox`` table), so a step is on the
card and queued for the floor in one commit, or neither. The publisher thread sends the rows at
QoS 1 and deletes each only when the broker acknowledged it; paho's own queue lives in memory
and dies with the process, the outbox does not. After every reconnection everything still in
the outbox is sent again: the hub stores an event once by (table, game id, sequence number).

The sequence number of an event is its place in its game's stream: 0 for the start, then
``step + 1 + undone`` where ``undone`` counts the steps this game has taken back so far; it
only grows, so a step played again after an undo is a new event, never a resent one.

Times: a table's own clock may be hours off (a Pi has no clock of its own until the network
gives it one) or jump while a game runs. Every event therefore also carries the moment it was
made on the monotonic clock (``mono``, with the boot it belongs to), and the publisher adds at
each sending how long ago that was (``age``, a difference on the monotonic clock, so neither the
clock's error nor a jump is in it). The hub dates the event ``received - age`` on its own clock.
Only an event made before a reboot and sent after it falls back to the wall clock's difference.

The table also keeps its ``state`` topic (retained) up to date, by replaying the newest game
incrementally from the store with the game's own engine, and a small picture of the board
(retained, ``picture``, throttled by the screen: :func:`companion.floor.on_screen.picture`).
It listens on its own ``cmd/#`` topics only, and answers every command on ``ack``.
"""

from __future__ import annotations

import json
import os
import queue
import sqlite3
import threading
import time
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any

import paho.mqtt.client as mqtt
from paho.mqtt.enums import CallbackAPIVersion
from paho.mqtt.packettypes import PacketTypes
from paho.mqtt.properties import Properties

from companion.floor.topics import EXPIRY, FloorConfig, table_topic
from companion.session import schema
from companion.session.store import Store

#: rows sent but not yet acknowledged at most (paho's own in-flight window is the same)
WINDOW = 50
#: command kinds the hub may send; anything else is refused in the ack
COMMANDS = ("message", "end", "clear_call")
#: a board picture larger than this is not sent (the hub refuses it too)
PICTURE_MAX = 120_000


def _expiry() -> Properties:
    props = Properties(PacketTypes.PUBLISH)  # type: ignore[no-untyped-call]
    props.MessageExpiryInterval = EXPIRY
    return props


def _boot() -> str:
    """This boot's id: the monotonic clock counts from the boot, so an event's ``mono`` is
    comparable only within the same boot (a restarted process on the same boot still is)."""
    try:
        with open("/proc/sys/kernel/random/boot_id", encoding="ascii") as f:
            return f.read().strip()[:8]
    except OSError:
        return uuid.uuid4().hex[:8] + f"-{os.getpid()}"  # no boot id: only this process is sure


BOOT = _boot()


def _dumps(obj: Any) -> str:
    return json.dumps(obj, separators=(",", ":"), ensure_ascii=False)


class TableFloor:
    """One table's link to the floor. ``attach(store)``, ``start()``, ``stop()``.

    ``on_command(kind, payload) -> (ok, reason)`` runs on the publisher's thread for ``message``
    and ``end`` (the screen takes them from there); ``clear_call`` is handled here.
    """

    def __init__(self, config: FloorConfig, store_path: str | Path, *, client_id: str | None = None) -> None:
        self.config = config
        self.store_path = Path(store_path)
        self.client_id = client_id or f"companion-{config.cafe}-{config.table}"
        self._uuids: dict[int, tuple[str, str, float]] = {}
        self._wake = threading.Event()
        self._stop = threading.Event()
        self._acked: queue.SimpleQueue[int] = queue.SimpleQueue()
        self._connected = threading.Event()
        self._fresh = False  # (re)connected: send everything again
        self._soon = 0  # a step is being committed: look again this many times, 50 ms apart
        self._thread: threading.Thread | None = None
        self._client: mqtt.Client | None = None
        self._replay: dict[str, Any] = {}
        self._state_sent: str | None = None
        #: the staff call now open (its id and since when), None when nobody calls
        self.call: tuple[str, float] | None = None
        self._calls: queue.SimpleQueue[tuple[str, dict[str, Any]]] = queue.SimpleQueue()
        #: commands for the screen: (kind, payload); the app takes them from here
        self.inbox: queue.SimpleQueue[tuple[str, dict[str, Any]]] = queue.SimpleQueue()
        self.on_command: Callable[[str, dict[str, Any]], tuple[bool, str]] | None = None
        #: called (from the publisher's thread) when a command waits in ``inbox``: the app's wake
        self.wake: Callable[[], None] | None = None
        #: rows acknowledged by the broker since the start (for tests and the simulation)
        self.sent = 0
        #: the wall clock and the monotonic clock (replaced in tests by a wrong or jumping clock)
        self.clock: Callable[[], float] = time.time
        self.monotonic: Callable[[], float] = time.monotonic
        self._picture: bytes | None = None
        #: what the last board picture showed (the screen's throttle keeps it here) and when
        self.picture_of: Any = None
        self.picture_at = float("-inf")

    def topic(self, leaf: str) -> str:
        return table_topic(self.config.cafe, self.config.table, leaf)

    # -- the store's hook (inside the step's transaction) ----------------------------------
    def attach(self, store: Store) -> None:
        """Make the outbox table where an older store lacks it, and hook the store."""
        store.db.execute(schema.OUTBOX)
        store.floor = self.rows

    def _game(self, db: sqlite3.Connection, game_id: int) -> tuple[str, str, float]:
        """(uuid, game, started) of a stored game; games from before the floor get a stable id."""
        known = self._uuids.get(game_id)
        if known is None:
            header_text, game, started = db.execute("SELECT header, game, started FROM games WHERE id = ?",
                                                    (game_id,)).fetchone()
            header = json.loads(header_text)
            gid = header.get("game_id") if isinstance(header, dict) else None
            if not isinstance(gid, str):
                gid = str(uuid.uuid5(uuid.NAMESPACE_URL, f"{self.config.table}/{game_id}/{started}"))
            known = self._uuids[game_id] = (gid, game, started)
        return known

    def rows(self, db: sqlite3.Connection, kind: str, game_id: int, data: dict[str, Any]) -> list[tuple[str, str]]:
        """The outbox rows ``(topic, payload)`` for what a store transaction writes."""
        gid, game, started = self._game(db, game_id)
        base = {"table": self.config.table, "game_id": gid, "game": game, "started_at": started}
        topic = self.topic("events")
        stamp = self.stamp()
        # the rows are committed a moment after this returns: the publisher looks again shortly
        self._soon = 20
        self._wake.set()
        if kind == "start":
            header = data["header"]
            return [(topic, _dumps({**base, "seq": 0, "kind": "start", **stamp,
                                    "players": header.get("players"), "names": header.get("names"),
                                    "colors": header.get("colors")}))]
        undone = int(db.execute("SELECT COUNT(*) FROM undone WHERE game_id = ?", (game_id,)).fetchone()[0])
        if kind == "closed":
            count = int(db.execute("SELECT COUNT(*) FROM actions WHERE game_id = ? AND seq >= 0",
                                   (game_id,)).fetchone()[0])
            return [(topic, _dumps({**base, "seq": count + 1 + undone, "kind": "closed", **stamp,
                                    "how": data["how"], "steps": count}))]
        out = []
        steps: list[Any] = data["steps"]
        for offset, action in enumerate(steps):
            step = data["first"] + offset
            last = offset == len(steps) - 1
            event = {**base, "seq": step + 1 + undone, "kind": "step", "step": step, "action": action, **stamp}
            if last and data["over"]:
                event.update(over=True, winners=data["winners"])
            out.append((topic, _dumps(event)))
        return out

    def stamp(self) -> dict[str, Any]:
        """When an event is made: the wall clock (``at``, only for differences within a game
        and for tables from before ``age``) and the monotonic clock of this boot."""
        return {"at": self.clock(), "mono": round(self.monotonic(), 3), "boot": BOOT}

    def aged(self, payload: str) -> str:
        """The payload as sent now: with ``age``, the seconds since the event was made."""
        if '"mono":' not in payload:
            return payload
        try:
            event = json.loads(payload)
            if event.get("boot") == BOOT:
                age = self.monotonic() - float(event["mono"])
            else:  # made before a reboot: the wall clock's difference is all there is
                age = self.clock() - float(event["at"])
        except (ValueError, KeyError, TypeError):
            return payload
        return payload[:-1] + f',"age":{max(0.0, age):.3f}}}'

    # -- staff calls -----------------------------------------------------------------------
    def call_staff(self) -> None:
        """The table calls the staff (the pause menu's key, or a button held); once until cleared."""
        if self.call is None:
            stamp = self.stamp()
            self.call = (uuid.uuid4().hex, stamp["at"])
            self._calls.put(("call", {"call_id": self.call[0], **stamp}))
            self._wake.set()

    def clear_call(self, by: str = "table") -> bool:
        if self.call is None:
            return False
        call_id, _ = self.call
        self.call = None
        self._calls.put(("call_cleared", {"call_id": call_id, **self.stamp(), "by": by}))
        self._wake.set()
        return True

    # -- the publisher -------------------------------------------------------------------------
    def start(self) -> None:
        """Connect (in the background: an absent broker never stops the table) and publish."""
        # MQTT 5 for the events' expiry (see topics.EXPIRY); a clean start every time: what was
        # not acknowledged is in the outbox, not in a broker session
        client = mqtt.Client(CallbackAPIVersion.VERSION2, client_id=self.client_id, protocol=mqtt.MQTTv5)
        if self.config.password is not None:
            client.username_pw_set(self.config.table, self.config.password)
        client.will_set(self.topic("status"), "offline", qos=1, retain=True)
        client.max_inflight_messages_set(WINDOW)
        client.reconnect_delay_set(1, 15)
        client.on_connect = self._on_connect
        client.on_disconnect = self._on_disconnect
        client.on_publish = self._on_publish
        client.on_message = self._on_message
        self._client = client
        client.connect_async(self.config.host, self.config.port, keepalive=20, clean_start=True)
        client.loop_start()
        self._thread = threading.Thread(target=self._run, name=f"floor-{self.config.table}", daemon=True)
        self._thread.start()

    def pending(self) -> int:
        """Outbox rows not yet acknowledged by the broker."""
        db = sqlite3.connect(str(self.store_path), timeout=30)
        try:
            return int(db.execute("SELECT COUNT(*) FROM outbox").fetchone()[0])
        finally:
            db.close()

    def stop(self, *, goodbye: bool = True, flush: float = 0.0) -> None:
        """Stop publishing, after up to ``flush`` seconds for the outbox to empty; what is
        unsent stays in the outbox for the next start."""
        end = time.monotonic() + flush
        while flush and self._connected.is_set() and time.monotonic() < end and self.pending():
            self._wake.set()
            time.sleep(0.1)
        self._stop.set()
        self._wake.set()
        if self._thread is not None:
            self._thread.join(timeout=10)
        if self._client is not None:
            if goodbye and self._connected.is_set():
                self._client.publish(self.topic("status"), "offline", qos=1, retain=True).wait_for_publish(2)
            self._client.disconnect()
            self._client.loop_stop()

    def _on_connect(self, client: mqtt.Client, userdata: Any, flags: Any, reason: Any, props: Any) -> None:
        if reason.is_failure:
            return
        client.publish(self.topic("status"), "online", qos=1, retain=True)
        client.subscribe(self.topic("cmd/#"), qos=1)
        self._fresh = True
        self._connected.set()
        self._wake.set()

    def _on_disconnect(self, client: mqtt.Client, userdata: Any, flags: Any, reason: Any, props: Any) -> None:
        self._connected.clear()
        self._wake.set()

    def _on_publish(self, client: mqtt.Client, userdata: Any, mid: int, reason: Any, props: Any) -> None:
        self._acked.put(mid)
        self._wake.set()

    def _on_message(self, client: mqtt.Client, userdata: Any, message: mqtt.MQTTMessage) -> None:
        # only our own cmd topic counts (the broker's ACL lets only the hub write there)
        prefix = self.topic("cmd/")
        if not message.topic.startswith(prefix):
            return
        kind = message.topic[len(prefix):]
        try:
            payload = json.loads(message.payload)
        except ValueError:
            payload = None
        if not isinstance(payload, dict) or not isinstance(payload.get("id"), str):
            return
        answer = self._command(kind, payload)
        if answer is not None:
            self.ack(payload, kind, *answer)

    def ack(self, payload: dict[str, Any], kind: str, ok: bool, reason: str = "") -> None:
        """Tell the hub a command was carried out (or why not)."""
        if self._client is not None:
            self._client.publish(self.topic("ack"), _dumps({"table": self.config.table, "id": payload["id"],
                                                            "kind": kind, "ok": ok, "reason": reason,
                                                            "at": self.clock()}), qos=1)

    def _command(self, kind: str, payload: dict[str, Any]) -> tuple[bool, str] | None:
        """Carry out a command or queue it for the screen (None: the screen answers it)."""
        if kind not in COMMANDS:
            return False, "unknown_command"
        if kind == "clear_call":
            return (True, "") if self.clear_call("staff") else (False, "no_call")
        if kind == "message" and not isinstance(payload.get("text"), str):
            return False, "no_text"
        if self.on_command is not None:
            return self.on_command(kind, payload)
        self.inbox.put((kind, payload))
        if self.wake is not None:
            self.wake()
        return None

    def _run(self) -> None:
        db = sqlite3.connect(str(self.store_path), timeout=30, isolation_level=None)
        db.execute(schema.OUTBOX)
        inflight: dict[int, int] = {}   # mid -> outbox row id
        last = 0                        # the highest row id handed to paho
        try:
            while True:
                self._wake.wait(timeout=0.05 if self._soon > 0 else 2.0)
                self._wake.clear()
                self._soon = max(0, self._soon - 1)
                done = []
                while not self._acked.empty():
                    row = inflight.pop(self._acked.get(), None)
                    if row is not None:
                        done.append((row,))
                if done:
                    db.executemany("DELETE FROM outbox WHERE id = ?", done)
                    self.sent += len(done)
                while not self._calls.empty():
                    kind, data = self._calls.get()
                    db.execute("INSERT INTO outbox (topic, payload, at) VALUES (?, ?, ?)",
                               (self.topic("events"), _dumps({"table": self.config.table, "kind": kind, **data}),
                                time.time()))
                if self._stop.is_set():
                    return
                if not self._connected.is_set() or self._client is None:
                    inflight.clear()
                    continue
                if self._fresh:  # a new connection: everything unacknowledged goes again
                    self._fresh, last, self._state_sent = False, 0, None
                    inflight.clear()
                room = WINDOW - len(inflight)
                if room > 0:
                    rows = db.execute("SELECT id, topic, payload FROM outbox WHERE id > ? ORDER BY id LIMIT ?",
                                      (last, room)).fetchall()
                    for row_id, topic, payload in rows:
                        info = self._client.publish(topic, self.aged(payload), qos=1, properties=_expiry())
                        if info.rc != mqtt.MQTT_ERR_SUCCESS:
                            break
                        inflight[info.mid] = row_id
                        last = row_id
                    if len(rows) == room:
                        self._wake.set()
                self._publish_state(db)
                self._publish_picture()
        except Exception:  # noqa: BLE001 -- the floor must never stop the table
            import traceback
            traceback.print_exc()
        finally:
            db.close()

    # -- the board's picture -------------------------------------------------------------------
    def picture(self, image: bytes) -> None:
        """The newest picture of the board (JPEG or PNG); sent retained when connected, only
        the newest one (a picture that was not sent yet is replaced, never queued)."""
        if len(image) <= PICTURE_MAX:
            self._picture = image
            self._wake.set()

    def _publish_picture(self) -> None:
        image, self._picture = self._picture, None
        if image is not None and self._client is not None:
            info = self._client.publish(self.topic("picture"), image, qos=1, retain=True)
            if info.rc != mqtt.MQTT_ERR_SUCCESS and self._picture is None:
                self._picture = image  # the connection just went: the next one sends it

    # -- the state topic -------------------------------------------------------------------------
    def _publish_state(self, db: sqlite3.Connection) -> None:
        state = self.state(db)
        text = _dumps(state)
        if text != self._state_sent and self._client is not None:
            self._client.publish(self.topic("state"), text, qos=1, retain=True)
            self._state_sent = text

    def state(self, db: sqlite3.Connection) -> dict[str, Any]:
        """What the floor page shows of this table now (the retained ``state``). Steps are the
        rows with ``seq >= 0`` (the store keeps a copy of the header at ``seq`` -1)."""
        from companion.floor.progress import describe

        call = self.call
        out: dict[str, Any] = {"table": self.config.table, "calls_staff": call is not None,
                               "call_since": call[1] if call else None, "game": None}
        row = db.execute("SELECT id, header, started, finished, closed, closed_reason FROM games "
                         "ORDER BY id DESC LIMIT 1").fetchone()
        if row is None:
            return out
        game_id, header_text, started, finished, closed, how = row
        cache = self._replay
        if cache.get("id") != game_id:
            cache.clear()
            cache.update(id=game_id, header=json.loads(header_text), steps=[], state=None, last_at=None)
        seqs = db.execute("SELECT seq, action, at FROM actions WHERE game_id = ? AND seq >= ? ORDER BY seq",
                          (game_id, max(0, len(cache["steps"]) - 1))).fetchall()
        if seqs and seqs[0][0] < len(cache["steps"]) and json.loads(seqs[0][1]) != cache["steps"][seqs[0][0]]:
            cache.update(steps=[], state=None)  # taken back and played otherwise: replay afresh
            seqs = db.execute("SELECT seq, action, at FROM actions WHERE game_id = ? AND seq >= 0 ORDER BY seq",
                              (game_id,)).fetchall()
        total = int(db.execute("SELECT COUNT(*) FROM actions WHERE game_id = ? AND seq >= 0",
                               (game_id,)).fetchone()[0])
        if total < len(cache["steps"]):
            cache.update(steps=[], state=None)
            seqs = db.execute("SELECT seq, action, at FROM actions WHERE game_id = ? AND seq >= 0 ORDER BY seq",
                              (game_id,)).fetchall()
        described = describe(cache, seqs)
        gid, _game, _started = self._game(db, game_id)
        out.update(described, game_id=gid, started_at=started,
                   ended_at=finished or closed, how="finished" if finished else how)
        return out
