"""Starts the store as the app does (``Store.open``) and "shows" what it found: one JSON line
with the notices' codes, then ends at once (the screen took over). Run by
``test_recovery_kills.py``, which kills it at each fsync of the start. Usage::

    python tests/session/recovery_worker.py DB [--die N]

``--die N`` (where ``strace`` cannot inject the kill) makes it SIGKILL itself at the N-th moment
that makes something durable: each ``os.fsync`` and the start of each SQL ``COMMIT`` (SQLite
syncs its files inside COMMIT; a kill before it and one after it are the two states a kill at
its fsync can leave).
"""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import sys
from typing import Any


def arm(count: int) -> None:
    left = [count]

    def hit() -> None:
        left[0] -= 1
        if left[0] <= 0:
            os.kill(os.getpid(), signal.SIGKILL)

    real_fsync, real_connect = os.fsync, sqlite3.connect

    def fsync(fd: Any) -> None:
        hit()
        real_fsync(fd)

    def connect(*args: Any, **kwargs: Any) -> sqlite3.Connection:
        db = real_connect(*args, **kwargs)
        db.set_trace_callback(lambda sql: hit() if sql.startswith("COMMIT") else None)
        return db

    os.fsync = fsync
    sqlite3.connect = connect  # type: ignore[assignment]


def main(argv: list[str]) -> int:
    if "--die" in argv:
        arm(int(argv[argv.index("--die") + 1]))
    from companion.session.store import Store

    _store, notices = Store.open(argv[0])
    print(json.dumps([n.code for n in notices]), flush=True)
    os._exit(0)  # the screen shows it from here on; closing is not part of the start


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
