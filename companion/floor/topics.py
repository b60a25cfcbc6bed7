"""Names on the floor: broker addresses, table and café names, topics, the ``[floor]`` settings.

>>> parse_url("mqtt://hub.local:1884")
('hub.local', 1884)
>>> table_topic("cafe", "t7", "cmd/message")
'companion/cafe/table/t7/cmd/message'
>>> split_topic("companion/cafe/table/t7/cmd/message")
('cafe', 't7', 'cmd/message')
"""

from __future__ import annotations

import os
import re
import tomllib
from pathlib import Path
from typing import Any, NamedTuple

#: what a table or café may be called: it is a topic level and a broker user name
NAME = re.compile(r"^[A-Za-z0-9_-]{1,32}$")
#: the broker user of the hub (no table may take it)
HUB_USER = "hub"
DEFAULT_PORT = 1883


#: how long an event may wait at the broker (seconds; ten years: in practice for ever). Sent as
#: MQTT 5's Message Expiry Interval, which the broker counts down while the event waits (for an
#: absent hub, and across a restart of the broker): what is left of it tells the hub how long
#: the event waited there, so an event that waited an hour for the hub is dated an hour earlier
EXPIRY = 10 * 365 * 86400


def waited(properties: Any) -> float:
    """Seconds a message waited at the broker, from what is left of its EXPIRY (0 if it has none)."""
    left = getattr(properties, "MessageExpiryInterval", None)
    return float(max(0, EXPIRY - left)) if isinstance(left, int) and 0 <= left <= EXPIRY else 0.0


class FloorError(ValueError):
    """A floor setting that cannot be used, in words for the staff."""


def check_name(name: str, what: str = "table") -> str:
    if not NAME.match(name) or (what == "table" and name == HUB_USER):
        raise FloorError(f"the {what} name {name!r} must be 1 to 32 letters, digits, - or _"
                         + (f" (and not {HUB_USER!r})" if what == "table" else ""))
    return name


def parse_url(url: str) -> tuple[str, int]:
    """``mqtt://HOST[:PORT]`` as (host, port)."""
    match = re.match(r"^mqtt://(\[[^\]]+\]|[^:/]+)(?::(\d{1,5}))?/?$", url.strip())
    if not match:
        raise FloorError(f"the broker address {url!r} must look like mqtt://HOST:PORT")
    port = int(match.group(2) or DEFAULT_PORT)
    if not 0 < port < 65536:
        raise FloorError(f"the port in {url!r} must be between 1 and 65535")
    return match.group(1).strip("[]"), port


def table_topic(cafe: str, table: str, leaf: str) -> str:
    return f"companion/{cafe}/table/{table}/{leaf}"


def split_topic(topic: str) -> tuple[str, str, str] | None:
    """(café, table, the rest) of a table's topic, None for anything else."""
    parts = topic.split("/", 4)
    if len(parts) != 5 or parts[0] != "companion" or parts[2] != "table":
        return None
    return parts[1], parts[3], parts[4]


class FloorConfig(NamedTuple):
    """Where a table sends its steps and who it is there."""

    host: str
    port: int
    cafe: str
    table: str
    #: the table's broker password (its user name is the table's name); None: no login
    password: str | None = None


def read_secret(path: str | os.PathLike[str]) -> str:
    """A password or token file's first line (the file is the unit's alone: mode 0600)."""
    text = Path(path).read_text(encoding="utf-8").strip()
    if not text:
        raise FloorError(f"{path} is empty")
    return text.splitlines()[0].strip()


def load_config(data_dir: Path, url: str | None = None, table: str | None = None) -> FloorConfig | None:
    """The floor settings: ``--floor``/``--table`` over the ``[floor]`` section of
    ``settings.toml`` in the data directory::

        [floor]
        broker = "mqtt://hub.local:1883"
        cafe = "cafe"              # the café's name in the topics
        table = "t7"
        password_file = "/etc/companion/floor-password"

    None when the table is not on a floor. Raises FloorError for settings that cannot work."""
    section: dict[str, Any] = {}
    try:
        data = tomllib.loads((data_dir / "settings.toml").read_text(encoding="utf-8"))
        found = data.get("floor")
        section = found if isinstance(found, dict) else {}
    except (OSError, tomllib.TOMLDecodeError):
        pass
    url = url or section.get("broker")
    table = table or section.get("table")
    if not url and not table:
        return None
    if not url or not table:
        raise FloorError("a table on the floor needs both the broker (--floor mqtt://HOST:PORT) and its name "
                         "(--table NAME)")
    host, port = parse_url(str(url))
    cafe = check_name(str(section.get("cafe", "cafe")), "café")
    password = None
    secret = section.get("password_file") or os.environ.get("COMPANION_FLOOR_PASSWORD_FILE")
    if secret:
        try:
            password = read_secret(str(secret))
        except OSError as exc:
            raise FloorError(f"the floor password file {secret} cannot be read ({exc.strerror})") from exc
    return FloorConfig(host, port, cafe, check_name(str(table)), password)
