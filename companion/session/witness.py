"""The commit counter's copy beside the database (``<name>-last``), so a lost ``-wal`` is noticed.

Every commit bumps a counter inside the database; after the commit the store writes the same
number here. A database that is *behind* this file lost committed steps (its ``-wal`` file was
deleted or damaged). The file is written in place in one small block, after the commit, so it
is never ahead of the database: a crash between the two leaves it one behind, which is
harmless. Each number carries its checksum, so a damaged file is told from a database that
is behind (see :func:`check_witness`). The write reaches the kernel at once (a killed process
loses nothing); the fsync that carries it through a power cut runs on a helper thread, so a
press never waits for a second fsync.

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
import zlib
from pathlib import Path

#: The most commits a lost ``-wal`` file can take with it: SQLite copies the WAL into the
#: database once it holds 1,000 pages (``wal_autocheckpoint``), and every commit of the store
#: writes at least one page. A counter further ahead than this is itself damaged.
MAX_LOST = 1000


def _line(commits: int) -> bytes:
    digits = f"{commits:020d}"
    return f"{digits} {zlib.crc32(digits.encode('ascii')):08x}\n".encode("ascii")


def witness_path(path: str | Path) -> Path:
    """The side file holding the last commit number, beside the database."""
    return Path(f"{path}-last")


def read_witness(path: str | Path) -> int | None:
    """The commit number last written beside the database; None if there is none to trust."""
    return check_witness(path)[0]


def check_witness(path: str | Path) -> tuple[int | None, bool]:
    """(the commit number beside the database or None, whether the file is damaged).

    A missing or empty file is no number and not damaged (a store that never committed, or a
    power cut right after the file was made). A number without its checksum is read as written
    by older companions; text that is neither, or a checksum that does not fit, is damaged.

    >>> import tempfile, pathlib
    >>> db = pathlib.Path(tempfile.mkdtemp()) / "g.sqlite3"
    >>> _ = witness_path(db).write_bytes(_line(209)); check_witness(db)
    (209, False)
    >>> _ = witness_path(db).write_text("99999"); check_witness(db)
    (99999, False)
    >>> _ = witness_path(db).write_text("00000000000000000219 8e2d3a41"); check_witness(db)
    (None, True)
    """
    try:
        data = witness_path(path).read_bytes()[:64]
    except OSError:
        return None, False
    try:
        words = data.decode("ascii").split()
    except UnicodeDecodeError:
        return None, True
    if not words:
        return None, False
    digits = words[0]
    if not digits.isdigit() or len(words) > 2:
        return None, True
    if len(words) == 2 and words[1] != f"{zlib.crc32(digits.encode('ascii')):08x}":
        return None, True
    return int(digits), False


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
            os.pwrite(fd, _line(commits), 0)
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
