"""What the kiosk installer writes for the café floor (``install-kiosk.sh --hub`` and
``--floor URL --table NAME``), as plain commands it can call::

    python -m companion.floor.setup hub --tables t1,t2,t3 --conf /etc/mosquitto \\
        --secrets /etc/companion/floor [--cafe cafe] [--port 1883] [--bind 0.0.0.0]
    python -m companion.floor.setup table --data /var/lib/companion --broker mqtt://hub:1883 \\
        --table t1 --password-file /etc/companion/floor-password [--cafe cafe]

``hub`` writes mosquitto's configuration (``<conf>/conf.d/companion.conf``), its password file
(hashed, ``<conf>/companion-passwords``) and ACL (``<conf>/companion-acl``), one password per
table (``<secrets>/<table>.password``, mode 0600, to copy to that table) and the hub's own
(``hub.password``); passwords already there are kept, so running it again adds tables without
changing the others. ``table`` writes the ``[floor]`` section of the table's ``settings.toml``
(everything else in the file stays).
"""

from __future__ import annotations

import argparse
import os
import re
import secrets
from pathlib import Path

from companion.floor.broker import MAX_QUEUED, acl, write_passwords
from companion.floor.topics import HUB_USER, check_name, parse_url


def _secret(path: Path) -> str:
    if path.exists():
        return path.read_text(encoding="utf-8").strip()
    value = secrets.token_urlsafe(24)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w") as out:
        out.write(value + "\n")
    return value


def hub(tables: list[str], conf: Path, secret_dir: Path, cafe: str, port: int, bind: str) -> None:
    check_name(cafe, "café")
    for t in tables:
        check_name(t)
    secret_dir.mkdir(parents=True, exist_ok=True)
    os.chmod(secret_dir, 0o700)
    users = {HUB_USER: _secret(secret_dir / "hub.password")}
    users |= {t: _secret(secret_dir / f"{t}.password") for t in tables}
    (conf / "conf.d").mkdir(parents=True, exist_ok=True)
    write_passwords(conf / "companion-passwords", users)
    (conf / "companion-acl").write_text(acl(cafe, tables), encoding="utf-8")
    for f in ("companion-passwords", "companion-acl"):
        os.chmod(conf / f, 0o640)  # root and mosquitto's group (the installer sets the group)
    (conf / "conf.d" / "companion.conf").write_text(
        "# The café floor (written by install-kiosk.sh --hub; run it again to add tables)\n"
        "per_listener_settings false\n"
        f"listener {port} {bind}\n"
        "allow_anonymous false\n"
        f"password_file {conf}/companion-passwords\n"
        f"acl_file {conf}/companion-acl\n"
        # what the hub has not taken yet waits here: a whole day of a café of 50 tables, not
        # mosquitto's 1000 (a hub away for an hour would lose steps the tables no longer keep)
        f"max_queued_messages {MAX_QUEUED}\n"
        # the hub's session and its queue outlive a restart of the broker, saved every minute
        # (Debian's own is every 30 min); no persistent_client_expiration: the hub's session
        # never expires however long the hub is away
        "persistence true\n"
        "autosave_interval 60\n", encoding="utf-8")


def table(data: Path, broker: str, name: str, password_file: str, cafe: str) -> None:
    parse_url(broker)
    check_name(name)
    check_name(cafe, "café")
    path = data / "settings.toml"
    old = path.read_text(encoding="utf-8") if path.exists() else ""
    block = (f'[floor]\nbroker = "{broker}"\ncafe = "{cafe}"\ntable = "{name}"\n'
             f'password_file = "{password_file}"\n')
    found = re.search(r"^\[floor\][ \t]*$", old, re.MULTILINE)
    if found is None:
        text = (old.rstrip("\n") + "\n\n" if old.strip() else "") + block
    else:
        following = re.search(r"^\[", old[found.end():], re.MULTILINE)
        end = found.end() + following.start() if following else len(old)
        text = old[:found.start()] + block + ("\n" if following else "") + old[end:]
    data.mkdir(parents=True, exist_ok=True)
    temp = path.with_name(".settings-floor")
    temp.write_text(text, encoding="utf-8")
    os.chmod(temp, 0o640)
    os.replace(temp, path)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m companion.floor.setup")
    sub = p.add_subparsers(dest="what", required=True)
    h = sub.add_parser("hub")
    h.add_argument("--tables", required=True, help="the tables' names, comma-separated")
    h.add_argument("--conf", default="/etc/mosquitto")
    h.add_argument("--secrets", default="/etc/companion/floor")
    h.add_argument("--cafe", default="cafe")
    h.add_argument("--port", type=int, default=1883)
    h.add_argument("--bind", default="0.0.0.0")
    t = sub.add_parser("table")
    t.add_argument("--data", required=True)
    t.add_argument("--broker", required=True)
    t.add_argument("--table", required=True)
    t.add_argument("--password-file", required=True)
    t.add_argument("--cafe", default="cafe")
    args = p.parse_args(argv)
    if args.what == "hub":
        hub([x.strip() for x in args.tables.split(",") if x.strip()], Path(args.conf), Path(args.secrets),
            args.cafe, args.port, args.bind)
    else:
        table(Path(args.data), args.broker, args.table, args.password_file, args.cafe)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
