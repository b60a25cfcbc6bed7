"""The commit counter's copy beside the database (``<name>-last``), so a lost ``-wal`` is noticed.

Every commit bumps a counter inside the database; after the commit the store writes the same
number here. A database that is *behind* this file lost committed steps (its ``-wal`` file was
deleted or damaged). The file is written in place in one small block, after the commit, so it
is never ahead of the database: a crash between the two leaves it one behind, which is
harmless. The write reaches the kernel at once (a killed process loses nothing); the fsync that
carries it through a power cut runs on a helper thread, so a press never waits for a second
fsync.

>>> import tempfile, pathlib
>>> db = pathlib.Path(tempfile.mkdtemp()) / "g.sqlite3"
>>> w = Witness.open(db)
>>> w.mark(7); w.close()
>>> read_witness(db)
7
"""

from __future__ import annotations

import os
import threading
from pathlib import Path


def witness_path(path: str | Path) -> Path:
    """The side file holding the last commit number, beside the database."""
    return Path(f"{path}-last")


def read_witness(path: str | Path) -> int | None:
    """The commit number last written beside the database; None if there is none to trust."""
    try:
        text = witness_path(path).read_bytes()[:32].decode("ascii").strip()
        return int(text) if text.isdigit() else None
    except (OSError, UnicodeDecodeError):
        return None


class Witness:
    """The open side file of one store."""

    def __init__(self, fd: int) -> None:
        self.fd: int | None = fd
        self._wanted = threading.Event()
        self._thread: threading.Thread | None = None

    @classmethod
    def open(cls, path: str | Path) -> Witness | None:
        """The side file for the database at ``path``; None where it cannot be written (the
        database itself then says so when written to)."""
        try:
            return cls(os.open(witness_path(path), os.O_RDWR | os.O_CREAT, 0o644))
        except OSError:
            return None

    def mark(self, commits: int) -> None:
        """Record ``commits`` as committed; call only after the commit returned."""
        fd = self.fd
        if fd is None:
            return
        try:
            os.pwrite(fd, f"{commits:020d}\n".encode("ascii"), 0)
        except OSError:
            return  # the step is saved; only the check for a lost -wal file is weaker for now
        if self._thread is None:
            self._thread = threading.Thread(target=self._flush_loop, args=(fd,), name="store-witness", daemon=True)
            self._thread.start()
        self._wanted.set()

    def _flush_loop(self, fd: int) -> None:
        while True:
            self._wanted.wait()
            self._wanted.clear()
            if self.fd is None:
                return
            try:
                os.fsync(fd)
            except OSError:
                pass

    def close(self) -> None:
        fd, self.fd = self.fd, None
        if fd is None:
            return
        if self._thread is not None:
            self._wanted.set()
            self._thread.join(timeout=2)
        try:
            os.fsync(fd)
        except OSError:
            pass
        os.close(fd)
