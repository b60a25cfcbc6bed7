"""Telling systemd the companion is up and alive (sd_notify), so a hung screen is restarted.

Does nothing unless systemd started us with ``NOTIFY_SOCKET`` set (``Type=notify``).

>>> Notifier(env={}).ready()
False
"""

from __future__ import annotations

import os
import socket
import time
from collections.abc import Mapping


class Notifier:
    """Sends READY=1 once and WATCHDOG=1 at half the watchdog interval (systemd's advice)."""

    def __init__(self, env: Mapping[str, str] | None = None) -> None:
        env = os.environ if env is None else env
        self.address = env.get("NOTIFY_SOCKET", "")
        if self.address.startswith("@"):  # an abstract socket name
            self.address = "\0" + self.address[1:]
        usec = env.get("WATCHDOG_USEC", "")
        self.interval = int(usec) / 2_000_000 if usec.isdigit() else None
        self._last = 0.0
        self._sent_ready = False

    def _send(self, message: str) -> bool:
        if not self.address:
            return False
        try:
            with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as s:
                s.sendto(message.encode(), self.address)
            return True
        except OSError:
            return False  # systemd went away: nothing a player could do about it

    def ready(self) -> bool:
        """Once the first frame is on screen."""
        if self._sent_ready:
            return False
        self._sent_ready = True
        return self._send("READY=1")

    def alive(self, now: float | None = None) -> bool:
        """From the screen loop: a loop that stops turning stops the pings."""
        if self.interval is None:
            return False
        now = time.monotonic() if now is None else now
        if now - self._last < self.interval:
            return False
        self._last = now
        return self._send("WATCHDOG=1")
