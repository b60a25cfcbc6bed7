"""mosquitto for the café floor: its configuration, password file and ACL, and a broker of its
own on a free loopback port (for ``companion floor-sim`` and the tests).

The ACL lets a table write only its own ``status``, ``state``, ``events``, ``ack`` and ``picture`` and read
only its own ``cmd/#``; only the hub writes ``cmd`` and reads everything of the café.
"""

from __future__ import annotations

import os
import secrets
import shutil
import signal
import socket
import subprocess
import time
from pathlib import Path

from companion.floor.topics import HUB_USER, check_name

#: what to install where mosquitto is missing (the tests and floor-sim say exactly this)
APT_LINE = "apt-get install -y mosquitto"
#: messages the broker keeps for a client that is away (the hub): mosquitto's default of 1000
#: is about 10 minutes of a busy café, after which it drops what the tables already deleted
MAX_QUEUED = 1_000_000


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def acl(cafe: str, tables: list[str]) -> str:
    """The ACL file: the hub reads and commands the café, each table only its own topics."""
    lines = [f"user {HUB_USER}", f"topic read companion/{cafe}/table/+/status",
             f"topic read companion/{cafe}/table/+/state", f"topic read companion/{cafe}/table/+/events",
             f"topic read companion/{cafe}/table/+/ack",
             f"topic read companion/{cafe}/table/+/picture", f"topic write companion/{cafe}/table/+/cmd/#", ""]
    for table in tables:
        check_name(table)
        base = f"companion/{cafe}/table/{table}"
        lines += [f"user {table}"] + [f"topic write {base}/{leaf}"
                                      for leaf in ("status", "state", "events", "ack", "picture")]
        lines += [f"topic read {base}/cmd/#", ""]
    return "\n".join(lines)


def write_passwords(path: Path, users: dict[str, str]) -> None:
    """mosquitto's password file (hashed by ``mosquitto_passwd``), mode 0600."""
    tool = shutil.which("mosquitto_passwd") or "/usr/bin/mosquitto_passwd"
    path.write_text("".join(f"{u}:{p}\n" for u, p in users.items()), encoding="utf-8")
    os.chmod(path, 0o600)
    subprocess.run([tool, "-U", str(path)], check=True, capture_output=True)


def config(port: int, folder: Path, *, auth: bool = True, persistence: bool = True, bind: str = "127.0.0.1",
           max_queued: int = MAX_QUEUED) -> str:
    """A mosquitto.conf for the floor: one listener, persistence, the password file and ACL."""
    import getpass

    # run as whoever starts it (mosquitto started by root would become "mosquitto" and could
    # no longer read its own 0600 files)
    lines = [f"user {getpass.getuser()}", f"listener {port} {bind}", f"max_queued_messages {max_queued}",
             "max_inflight_messages 100",
             "log_dest none" if not os.environ.get("COMPANION_BROKER_LOG") else f"log_dest file {folder}/log"]
    if persistence:
        lines += ["persistence true", f"persistence_location {folder}/", "autosave_interval 5"]
    if auth:
        lines += ["allow_anonymous false", f"password_file {folder}/passwords", f"acl_file {folder}/acl"]
    else:
        lines += ["allow_anonymous true"]
    return "\n".join(lines) + "\n"


def mosquitto_path() -> str | None:
    return shutil.which("mosquitto") or next(
        (p for p in ("/usr/sbin/mosquitto", "/usr/bin/mosquitto") if Path(p).exists()), None)


class Broker:
    """A mosquitto of its own in ``folder``: ``start()``, ``stop()``, ``start()`` again (the
    same port and persistence, as after a power cut of the hub)."""

    def __init__(self, folder: Path, cafe: str, tables: list[str], *, port: int | None = None,
                 max_queued: int = MAX_QUEUED) -> None:
        exe = mosquitto_path()
        if exe is None:
            raise FileNotFoundError(f"mosquitto is not installed: {APT_LINE}")
        self.exe = exe
        self.folder = folder
        self.folder.mkdir(parents=True, exist_ok=True)
        self.port = port or free_port()
        self.cafe = cafe
        self.passwords = {HUB_USER: secrets.token_urlsafe(16)} | {t: secrets.token_urlsafe(16) for t in tables}
        write_passwords(folder / "passwords", self.passwords)
        (folder / "acl").write_text(acl(cafe, tables), encoding="utf-8")
        (folder / "mosquitto.conf").write_text(config(self.port, folder, max_queued=max_queued), encoding="utf-8")
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"mqtt://127.0.0.1:{self.port}"

    def start(self) -> None:
        self.process = subprocess.Popen([self.exe, "-c", str(self.folder / "mosquitto.conf")],
                                        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        end = time.monotonic() + 10
        while time.monotonic() < end:
            if self.process.poll() is not None:
                said = self.process.stderr.read().decode() if self.process.stderr else ""
                raise RuntimeError(f"mosquitto stopped: {said}")
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.5).close()
                return
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("mosquitto did not open its port")

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.process = None

    def rss_mb(self) -> float | None:
        return rss_mb(self.process.pid) if self.process is not None else None


def rss_mb(pid: int, field: str = "VmHWM") -> float | None:
    """A process's peak (``VmHWM``) or present (``VmRSS``) resident memory in MB."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith(field + ":"):
                return round(int(line.split()[1]) / 1024, 1)
    except OSError:
        return None
    return None
