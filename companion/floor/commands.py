"""The floor's commands: ``companion hub``, ``companion floor-sim``, and ``--floor``/``--table``
for ``run`` and ``demo``."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # imported by the commands that need them: the parser is built at every start
    from companion.floor.table import TableFloor
    from companion.session.store import Store


def start_floor(data_dir: Path | None, url: str | None, table: str | None, store: Store | None
                ) -> TableFloor | None:
    """Put this table on the café floor when ``--floor``/``--table`` or ``[floor]`` say so."""
    from companion.floor.topics import FloorError, load_config

    if store is None:
        return None
    config = load_config(data_dir or Path(os.devnull), url, table)
    if config is None:
        return None
    if str(store.path) == ":memory:":
        raise FloorError("a table on the floor needs its games on the card (--data FILE)")
    from companion.floor.table import TableFloor

    floor = TableFloor(config, store.path)
    floor.attach(store)
    floor.start()
    return floor


def demo_store(path: str | None) -> Store:
    """The demo's store: the file given, or one in a fresh temporary folder (the floor's
    publisher reads the outbox through a connection of its own)."""
    import tempfile

    from companion.session.store import Store

    return Store(path or Path(tempfile.mkdtemp(prefix="companion-demo-")) / "demo.sqlite3")


def add_parsers(sub: Any) -> None:
    """``hub`` and ``floor-sim`` on the command line's parser."""
    hub = sub.add_parser("hub", help="the café floor's hub: every table live, the floor page and its API")
    hub.add_argument("--broker", required=True, help="mqtt://HOST:PORT of the café's mosquitto")
    hub.add_argument("--data", required=True, help="the hub's folder (its games, its staff PIN)")
    hub.add_argument("--http", default="127.0.0.1:8080", help="HOST:PORT of the floor page (default: "
                     "127.0.0.1:8080, this machine only)")
    hub.add_argument("--token-file", default=None, help="the API's bearer token (made if missing, mode 0600)")
    hub.add_argument("--password-file", default=None, help="the hub's broker password (user 'hub')")
    hub.add_argument("--cafe", default="cafe", help="the café's name in the topics")
    hub.add_argument("--keep-days", type=float, default=30.0, help="keep the steps of ended games this many "
                     "days (default 30); the games themselves stay in the history and the statistics")
    sim = sub.add_parser("floor-sim", help="a whole café on this machine: mosquitto, the hub, N tables")
    sim.add_argument("--tables", type=int, default=10)
    sim.add_argument("--minutes", type=float, default=2.0)
    sim.add_argument("--broker-outage", type=float, default=0.0, metavar="S",
                     help="stop the broker for S seconds in the middle")
    sim.add_argument("--keep", required=True, metavar="DIR", help="the table stores and the hub's data stay here")
    sim.add_argument("--json", action="store_true")
    sim.add_argument("--seed", type=int, default=1)
    sim.add_argument("--step-every", type=float, default=4.0, help="seconds between a table's steps (mean)")


def token(path: Path) -> str:
    """The API token: read from its file, or made and written with mode 0600."""
    import secrets

    from companion.floor.topics import read_secret

    if path.exists():
        if path.stat().st_mode & 0o077:
            os.chmod(path, 0o600)
        return read_secret(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    value = secrets.token_urlsafe(32)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w") as out:
        out.write(value + "\n")
    return value


def cmd_hub(args: argparse.Namespace) -> int:
    from companion.floor.hub import Hub, serve
    from companion.floor.topics import FloorError, check_name, parse_url, read_secret

    host, port = parse_url(args.broker)
    http_host, _, http_port = args.http.rpartition(":")
    if not http_host or not http_port.isdigit():
        raise FloorError(f"--http must be HOST:PORT, not {args.http}")
    data = Path(args.data)
    data.mkdir(parents=True, exist_ok=True)
    password = read_secret(args.password_file) if args.password_file else None
    bearer = token(Path(args.token_file)) if args.token_file else None
    if not args.keep_days > 0:
        raise FloorError(f"--keep-days must be more than 0, not {args.keep_days}")
    hub = Hub(data, host, port, cafe=check_name(args.cafe, "café"), password=password, token=bearer,
              keep_days=args.keep_days)
    print(f"hub: floor page on http://{http_host}:{http_port}/, broker {host}:{port}", file=sys.stderr)
    serve(hub, http_host.strip("[]"), int(http_port), ready=lambda: print("hub: ready", file=sys.stderr, flush=True))
    return 0


def cmd_floor_sim(args: argparse.Namespace) -> int:
    from companion.floor.sim import simulate

    summary = simulate(args.tables, args.minutes, args.broker_outage, Path(args.keep), seed=args.seed,
                       step_every=args.step_every)
    if args.json:
        print(json.dumps(summary))
    else:
        for key, value in summary.items():
            print(f"{key}: {value}")
    return 0 if summary["lost"] == 0 and summary["doubled"] == 0 else 1


COMMANDS: dict[str, Callable[[argparse.Namespace], int]] = {"hub": cmd_hub, "floor-sim": cmd_floor_sim}
