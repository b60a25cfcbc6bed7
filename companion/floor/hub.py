"""``companion hub``: the café floor's hub. Subscribes to every table, stores every event once
(:class:`~companion.floor.hubstore.HubStore`) and serves the floor page and its JSON API
(aiohttp), pushing every change to the open pages as server-sent events.

The API (kept exactly for the café's tools; times are Unix seconds):

- ``GET /api/tables`` -> ``[{"table", "status", "game", "players", "step", "started_at",
  "last_step_at", "expected_end", "calls_staff"}]`` (the page's own stream carries more)
- ``GET /api/games?table=&since=`` -> ``[{"table", "game_id", "game", "players", "steps",
  "started_at", "ended_at", "how", "winners"}]``
- ``GET /api/stats`` -> per title and player count, per hour of day, per table, staff calls
- ``POST /api/tables/<table>/commands`` ``{"kind": "message"|"end"|"clear_call", "text"}``
  and ``GET /api/commands?table=``: staff actions and whether the table acknowledged them

Every request needs ``Authorization: Bearer <token>`` (the token file's first line) or the
staff login's session cookie (the hub's staff PIN, scrypt, rate-limited like the table's).
"""

from __future__ import annotations

import asyncio
import hmac
import json
import secrets
import time
import uuid
from pathlib import Path
from typing import Any

import paho.mqtt.client as mqtt
from aiohttp import web
from paho.mqtt.enums import CallbackAPIVersion
from paho.mqtt.packettypes import PacketTypes
from paho.mqtt.properties import Properties

from companion.floor.hubstore import KEEP_DAYS, HubStore, api_rows
from companion.floor.topics import HUB_USER, split_topic, table_topic, waited
from companion.staff_pin import Lockout, read_pin_hash

COOKIE = "companion_floor"
#: how long a staff login lasts without a visit (seconds)
SESSION_IDLE = 8 * 3600
PAGE = Path(__file__).with_name("floor.html")
STATE_KEY = web.AppKey("hub", object)
#: the hub has been cut off from the broker this long (seconds): what it last heard of the tables
#: is no longer the floor, so every table shows as not reachable until the broker is back
CUT_GRACE = 60.0


class Hub:
    """The MQTT side and the web side of one café's hub."""

    def __init__(self, data: Path, host: str, port: int, *, cafe: str = "cafe", password: str | None = None,
                 token: str | None = None, keep_days: float = KEEP_DAYS) -> None:
        self.data = data
        self.keep_days = keep_days
        self.cafe = cafe
        self.store = HubStore(data / "hub.sqlite3")
        self.token = token
        self.sessions: dict[str, float] = {}
        self.gate = Lockout(clock=time.time)
        self.loop: asyncio.AbstractEventLoop | None = None
        self.listeners: set[asyncio.Queue[str]] = set()
        self._pending = False
        #: since when the hub has had no broker connection (None while connected)
        self.cut_since: float | None = time.time()
        # MQTT 5: a session that never expires (what the tables send while the hub is away waits
        # for it at the broker), and how long each event waited there (topics.waited)
        self.client = mqtt.Client(CallbackAPIVersion.VERSION2, client_id=f"companion-hub-{cafe}",
                                  protocol=mqtt.MQTTv5)
        if password is not None:
            self.client.username_pw_set(HUB_USER, password)
        self.client.reconnect_delay_set(1, 15)
        self.client.on_connect = self._on_connect
        self.client.on_disconnect = self._on_disconnect
        self.client.on_message = self._on_message
        self.broker = (host, port)

    # -- MQTT (paho's thread) --------------------------------------------------------------
    def start_mqtt(self) -> None:
        session = Properties(PacketTypes.CONNECT)  # type: ignore[no-untyped-call]
        session.SessionExpiryInterval = 0xFFFFFFFF  # never
        self.client.connect_async(*self.broker, keepalive=20, clean_start=False, properties=session)
        self.client.loop_start()

    def stop_mqtt(self) -> None:
        self.client.disconnect()
        self.client.loop_stop()

    def _on_connect(self, client: mqtt.Client, userdata: Any, flags: Any, reason: Any, props: Any) -> None:
        if reason.is_failure:
            return
        for leaf in ("status", "state", "events", "ack", "picture"):
            client.subscribe(table_topic(self.cafe, "+", leaf), qos=1)
        self.cut_since = None
        self.changed()

    def _on_disconnect(self, client: mqtt.Client, userdata: Any, flags: Any, reason: Any, props: Any) -> None:
        if self.cut_since is None:
            self.cut_since = time.time()
        self.changed()

    def tables(self, now: float | None = None) -> list[dict[str, Any]]:
        """The floor as the hub knows it; every table "offline" once the hub has been cut off
        from the broker for CUT_GRACE seconds (the broker stopped, the hub's network gone)."""
        now = time.time() if now is None else now
        rows = self.store.tables(now)
        cut = self.cut_since
        if cut is not None and now - cut >= CUT_GRACE:
            for row in rows:
                row["status"] = "offline"
        return rows

    def _on_message(self, client: mqtt.Client, userdata: Any, message: mqtt.MQTTMessage) -> None:
        # paho acknowledges a QoS 1 message once this returns: the event is stored by then
        where = split_topic(message.topic)
        if where is None or where[0] != self.cafe:
            return
        _cafe, table, leaf = where
        try:
            changed = self.handle(table, leaf, bytes(message.payload), waited(message.properties))
        except Exception:  # noqa: BLE001 -- one bad message must not stop the floor
            import traceback
            traceback.print_exc()
            return
        if changed:
            self.changed()

    def handle(self, table: str, leaf: str, raw: bytes, queued: float = 0.0) -> bool:
        """Store what one table sent on one of its topics; True if the floor changed.
        ``queued``: how long it waited at the broker before it came."""
        if leaf == "status":
            self.store.status(table, raw.decode("utf-8", "replace")[:16])
            return True
        if leaf == "picture":
            return self.store.picture(table, raw)
        try:
            payload = json.loads(raw)
        except ValueError:
            return False
        if not isinstance(payload, dict):
            return False
        # a payload claiming another table is refused: only the topic says which table it is
        if payload.get("table", table) != table:
            return False
        if leaf == "state":
            self.store.state(table, payload)
            return True
        if leaf == "events":
            return self.store.event(table, payload, waited=queued)
        if leaf == "ack":
            return self.store.ack(table, payload)
        return False

    def send(self, table: str, kind: str, text: str | None) -> str:
        cid = uuid.uuid4().hex
        self.store.command(cid, table, kind, text)
        body: dict[str, Any] = {"id": cid, "at": time.time()}
        if text is not None:
            body["text"] = text
        self.client.publish(table_topic(self.cafe, table, f"cmd/{kind}"), json.dumps(body), qos=1)
        return cid

    # -- pushing to the pages ----------------------------------------------------------------
    def changed(self) -> None:
        loop = self.loop
        if loop is not None and not self._pending:
            self._pending = True
            loop.call_soon_threadsafe(lambda: loop.call_later(0.3, self._push))

    def _push(self) -> None:
        self._pending = False
        if not self.listeners:
            return
        text = json.dumps(self.tables())
        for queue in list(self.listeners):
            if queue.qsize() < 5:
                queue.put_nowait(text)

    # -- who may look --------------------------------------------------------------------------
    def allowed(self, request: web.Request) -> bool:
        auth = request.headers.get("Authorization", "")
        if self.token and auth.startswith("Bearer ") and hmac.compare_digest(auth[7:].strip(), self.token):
            return True
        sid = request.cookies.get(COOKIE)
        now = time.time()
        if sid and self.sessions.get(sid, 0) > now:
            self.sessions[sid] = now + SESSION_IDLE
            return True
        return False


# -- the web side --------------------------------------------------------------------------------
LOGIN = """<!doctype html><html lang="de"><head><meta charset="utf-8"><title>Café – Anmeldung</title>
<meta name="viewport" content="width=device-width"><style>body{font:20px sans-serif;margin:3em;background:#f4efe6}
input,button{font-size:24px;padding:.4em;margin:.3em 0}p.e{color:#a00}</style></head><body>
<h1>Tische im Café</h1><form method="post" action="/login"><label>Personal-PIN<br>
<input type="password" name="pin" inputmode="numeric" autofocus></label><br><button>Anmelden</button></form>
<p class="e">{error}</p></body></html>"""


def _hub(request: web.Request) -> Hub:
    hub = request.app[STATE_KEY]
    assert isinstance(hub, Hub)
    return hub


@web.middleware
async def _guard(request: web.Request, handler: Any) -> web.StreamResponse:
    if request.path == "/login" or _hub(request).allowed(request):
        response: web.StreamResponse = await handler(request)
        return response
    if request.path.startswith("/api/"):
        return web.json_response({"error": "login needed"}, status=401,
                                 headers={"WWW-Authenticate": 'Bearer realm="floor"'})
    raise web.HTTPFound("/login")


async def login_page(request: web.Request) -> web.Response:
    return web.Response(text=LOGIN.replace("{error}", ""), content_type="text/html")


async def login(request: web.Request) -> web.Response:
    hub = _hub(request)
    form = await request.post()
    pin = str(form.get("pin", ""))
    stored = read_pin_hash(hub.data)
    if stored is None:
        error = "Für diesen Hub ist noch keine Personal-PIN gesetzt (python -m companion.staff_pin set --data …)."
    else:
        result = await asyncio.get_running_loop().run_in_executor(None, hub.gate.attempt, pin, stored)
        if result:
            sid = secrets.token_urlsafe(32)
            hub.sessions[sid] = time.time() + SESSION_IDLE
            response = web.HTTPFound("/")
            response.set_cookie(COOKIE, sid, httponly=True, samesite="Strict", max_age=SESSION_IDLE)
            raise response
        wait = hub.gate.locked_for()
        error = (f"Zu viele falsche PINs: bitte {int(wait) + 1} Sekunden warten." if wait > 0
                 else "Diese PIN stimmt nicht.")
    return web.Response(text=LOGIN.replace("{error}", error), content_type="text/html", status=403)


def titles() -> dict[str, str]:
    """Each registered game's German title (from its spec), for the page."""
    from companion.games import REGISTRY

    return {name: dict(game.titles).get("de", name) for name, game in REGISTRY.items()}


async def page(request: web.Request) -> web.Response:
    text = PAGE.read_text(encoding="utf-8").replace("/*TITLES*/{}", json.dumps(titles(), ensure_ascii=False))
    return web.Response(text=text, content_type="text/html", headers={"Cache-Control": "no-store"})


async def api_tables(request: web.Request) -> web.Response:
    return web.json_response(api_rows(_hub(request).tables()))


async def api_picture(request: web.Request) -> web.Response:
    found = _hub(request).store.board(request.match_info["table"])
    if found is None:
        raise web.HTTPNotFound(text="no picture of this table's board")
    mime, data = found
    # the page asks with the picture's date in the address: a new picture is a new address
    return web.Response(body=data, content_type=mime, headers={"Cache-Control": "private, max-age=3600"})


def _since(raw: str | None) -> float | None:
    if not raw:
        return None
    try:
        return float(raw)
    except ValueError:
        from datetime import datetime
        try:
            return datetime.fromisoformat(raw).timestamp()
        except ValueError:
            raise web.HTTPBadRequest(text="since must be Unix seconds or an ISO date") from None


async def api_games(request: web.Request) -> web.Response:
    q = request.query
    return web.json_response(_hub(request).store.games(q.get("table") or None, _since(q.get("since"))))


async def api_stats(request: web.Request) -> web.Response:
    return web.json_response(_hub(request).store.stats())


async def api_commands(request: web.Request) -> web.Response:
    return web.json_response(_hub(request).store.commands(request.query.get("table") or None))


async def api_command(request: web.Request) -> web.Response:
    hub = _hub(request)
    table = request.match_info["table"]
    try:
        body = await request.json()
    except ValueError:
        body = None
    if not isinstance(body, dict) or body.get("kind") not in ("message", "end", "clear_call"):
        return web.json_response({"error": "kind must be message, end or clear_call"}, status=400)
    text = body.get("text")
    if body["kind"] == "message" and (not isinstance(text, str) or not text.strip() or len(text) > 200):
        return web.json_response({"error": "a message needs a text of 1 to 200 characters"}, status=400)
    if table not in {t["table"] for t in hub.store.tables()}:
        return web.json_response({"error": f"no table {table}"}, status=404)
    cid = hub.send(table, body["kind"], text.strip() if isinstance(text, str) else None)
    hub.changed()
    return web.json_response({"id": cid})


async def api_stream(request: web.Request) -> web.StreamResponse:
    hub = _hub(request)
    response = web.StreamResponse(headers={"Content-Type": "text/event-stream", "Cache-Control": "no-store"})
    await response.prepare(request)
    queue: asyncio.Queue[str] = asyncio.Queue()
    hub.listeners.add(queue)
    try:
        await response.write(f"data: {json.dumps(hub.tables())}\n\n".encode())
        while True:
            try:
                text = await asyncio.wait_for(queue.get(), timeout=15)
                await response.write(f"data: {text}\n\n".encode())
            except TimeoutError:
                await response.write(b": still here\n\n")
    except (ConnectionResetError, asyncio.CancelledError):
        pass
    finally:
        hub.listeners.discard(queue)
    return response


def make_app(hub: Hub) -> web.Application:
    app = web.Application(middlewares=[_guard])
    app[STATE_KEY] = hub
    app.router.add_get("/", page)
    app.router.add_get("/login", login_page)
    app.router.add_post("/login", login)
    app.router.add_get("/api/tables", api_tables)
    app.router.add_get("/api/games", api_games)
    app.router.add_get("/api/stats", api_stats)
    app.router.add_get("/api/commands", api_commands)
    app.router.add_post("/api/tables/{table}/commands", api_command)
    app.router.add_get("/api/tables/{table}/picture", api_picture)
    app.router.add_get("/api/stream", api_stream)
    return app


#: how often the hub prunes its store (seconds)
PRUNE_EVERY = 3600.0


async def _refresh(hub: Hub) -> None:
    """Statuses move with the clock too (running long, a command not reached): push every 30 s;
    prune the store at the start and every hour."""
    loop = asyncio.get_running_loop()
    pruned_at = float("-inf")
    while True:
        if loop.time() - pruned_at >= PRUNE_EVERY:
            pruned_at = loop.time()
            await loop.run_in_executor(None, hub.store.prune, hub.keep_days)
        await asyncio.sleep(30)
        hub.changed()


def serve(hub: Hub, http_host: str, http_port: int, ready: Any = None) -> None:
    """Run until interrupted (SIGINT or SIGTERM)."""
    import signal

    async def main() -> None:
        hub.loop = asyncio.get_running_loop()
        hub.start_mqtt()
        runner = web.AppRunner(make_app(hub), handle_signals=False, access_log=None)
        await runner.setup()
        site = web.TCPSite(runner, http_host, http_port)
        await site.start()
        stop = asyncio.Event()
        for sig in (signal.SIGINT, signal.SIGTERM):
            hub.loop.add_signal_handler(sig, stop.set)
        if ready is not None:
            ready()
        ticker = asyncio.create_task(_refresh(hub))
        await stop.wait()
        ticker.cancel()
        await runner.cleanup()

    try:
        asyncio.run(main())
    finally:
        hub.stop_mqtt()
        hub.store.close()
