"""Reading a damaged games file page by page, as SQLite's own recovery does.

SQLite reaches a row through the file header, the schema on page 1 and the tables' inner
pages: one damaged page there hides every row below it, although the rows themselves are
still on the card. Here every page of the file (and every frame of its ``-wal`` file) is read
on its own: the pages holding rows (b-tree leaves) are decoded in SQLite's documented file
format and each row is sorted into its table by its shape. Nothing is written.

:func:`sqlite_recover` runs SQLite's own ``.recover`` (the ``sqlite3`` program) first where it
is installed and built with it (it needs the ``sqlite_dbpage`` table, which Debian 12's build
lacks): :mod:`companion.session.salvage` uses each way to fill what the others missed.

>>> list(rows(Path("/nonexistent")))
[]
"""

from __future__ import annotations

import shutil
import sqlite3
import struct
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

#: SQLite's file header (the first 16 bytes of every database).
MAGIC = b"SQLite format 3\0"
#: The page size of every store this companion writes (SQLite's default), used when the file
#: header is too damaged to say.
DEFAULT_PAGE = 4096
#: How long ``.recover`` may take before its result is not waited for (a start must go on).
RECOVER_SECONDS = 60

TABLE_LEAF, INDEX_LEAF = 0x0D, 0x0A


def sqlite_recover(source: Path) -> sqlite3.Connection | None:
    """The rows SQLite's ``.recover`` finds in ``source``, in a database in memory; None where
    the ``sqlite3`` program is missing or cannot recover (then the page reader does it)."""
    exe = shutil.which("sqlite3")
    if exe is None:
        return None
    try:
        done = subprocess.run([exe, "-readonly", str(source), ".recover"], capture_output=True,
                              timeout=RECOVER_SECONDS, check=False)
    except (OSError, subprocess.SubprocessError):
        return None
    text = done.stdout.decode("utf-8", "replace")
    if "INSERT" not in text:
        return None
    db = sqlite3.connect(":memory:", isolation_level=None)
    statement = ""
    for line in text.splitlines(keepends=True):
        statement += line
        if sqlite3.complete_statement(statement):
            try:
                db.execute(statement)
            except sqlite3.Error:
                pass  # a row that does not fit its table: the others still count
            statement = ""
    if db.in_transaction:
        db.execute("COMMIT")
    return db


def rows(source: Path) -> Iterator[tuple[str, int | None, list[Any]]]:
    """Every row on the pages of ``source`` and its ``-wal`` file, as (table, rowid, values):
    ``games``, ``actions``, ``ledger`` and ``undone`` rows, and ``steps_index`` entries (game,
    step, rowid). The main file's pages come first, then the ``-wal`` frames in the order they
    were written, so a later copy of a row comes after an earlier one."""
    try:
        data = source.read_bytes()
    except OSError:
        return
    size = page_size(data)
    reserved = data[20] if len(data) > 20 and data[:16] == MAGIC else 0
    usable = size - reserved
    pages: dict[int, bytes] = {n + 1: data[n * size:(n + 1) * size] for n in range(len(data) // size)}
    frames = list(wal_frames(Path(f"{source}-wal"), size))
    latest = {**pages, **dict(frames)}
    for number, page in [*pages.items(), *frames]:
        yield from _leaf(page, number, usable, latest)


def page_size(data: bytes) -> int:
    """The page size the file header gives, or the default where it is damaged."""
    if len(data) >= 18:
        raw = struct.unpack(">H", data[16:18])[0]
        size = 65536 if raw == 1 else raw
        if 512 <= size <= 65536 and size & (size - 1) == 0:
            return size
    return DEFAULT_PAGE


def wal_frames(path: Path, size: int) -> Iterator[tuple[int, bytes]]:
    """(page number, page) of every frame of a ``-wal`` file written since its last restart."""
    try:
        wal = path.read_bytes()
    except OSError:
        return
    if len(wal) < 32:
        return
    given = struct.unpack(">I", wal[8:12])[0]
    frame_size = given if 512 <= given <= 65536 and given & (given - 1) == 0 else size
    salt = wal[16:24]
    at = 32
    while at + 24 + frame_size <= len(wal):
        number = struct.unpack(">I", wal[at:at + 4])[0]
        if wal[at + 8:at + 16] != salt:  # a frame from before the log last began anew
            break
        yield number, wal[at + 24:at + 24 + frame_size]
        at += 24 + frame_size


def _varint(buf: bytes, at: int) -> tuple[int, int]:
    """SQLite's variable-length integer at ``at``: (value, the offset after it)."""
    value = 0
    for i in range(8):
        byte = buf[at + i]
        value = (value << 7) | (byte & 0x7F)
        if byte < 0x80:
            return value, at + i + 1
    return (value << 8) | buf[at + 8], at + 9


def _payload(page: bytes, at: int, length: int, usable: int, index: bool,
             latest: dict[int, bytes]) -> bytes:
    """A cell's payload of ``length`` bytes starting at ``at``, its overflow pages followed."""
    most = (usable - 12) * 64 // 255 - 23 if index else usable - 35
    least = (usable - 12) * 32 // 255 - 23
    if length <= most:
        return page[at:at + length]
    local = least + (length - least) % (usable - 4)
    local = local if local <= most else least
    out = bytearray(page[at:at + local])
    following = struct.unpack(">I", page[at + local:at + local + 4])[0]
    seen: set[int] = set()
    while len(out) < length and following and following not in seen and following in latest:
        seen.add(following)
        over = latest[following]
        out += over[4:usable][: length - len(out)]
        following = struct.unpack(">I", over[:4])[0]
    if len(out) < length:
        raise ValueError("overflow chain broken")
    return bytes(out)


def _record(payload: bytes) -> list[Any]:
    """The values of one SQLite record."""
    header_size, at = _varint(payload, 0)
    types = []
    while at < header_size:
        kind, at = _varint(payload, at)
        types.append(kind)
    values: list[Any] = []
    at = header_size
    for kind in types:
        if kind == 0:
            values.append(None)
        elif 1 <= kind <= 6:
            width = (1, 2, 3, 4, 6, 8)[kind - 1]
            if at + width > len(payload):
                raise ValueError("record cut short")
            values.append(int.from_bytes(payload[at:at + width], "big", signed=True))
            at += width
        elif kind == 7:
            values.append(struct.unpack(">d", payload[at:at + 8])[0])
            at += 8
        elif kind in (8, 9):
            values.append(kind - 8)
        elif kind >= 12:
            width = (kind - 12) // 2
            if at + width > len(payload):
                raise ValueError("record cut short")
            raw = payload[at:at + width]
            values.append(raw.decode("utf-8") if kind % 2 else bytes(raw))
            at += width
        else:
            raise ValueError("reserved serial type")
    return values


def _leaf(page: bytes, number: int, usable: int, latest: dict[int, bytes]
          ) -> Iterator[tuple[str, int | None, list[Any]]]:
    """The rows of one page, if it is a leaf of a table or of an index."""
    top = 100 if number == 1 else 0
    if len(page) < top + 8 or page[top] not in (TABLE_LEAF, INDEX_LEAF):
        return
    index = page[top] == INDEX_LEAF
    cells = struct.unpack(">H", page[top + 3:top + 5])[0]
    first = top + 8 + 2 * cells
    if first > usable:
        return
    for k in range(cells):
        pointer = struct.unpack(">H", page[top + 8 + 2 * k:top + 10 + 2 * k])[0]
        if not first <= pointer < usable:
            continue
        try:
            length, at = _varint(page, pointer)
            rowid = None
            if not index:
                rowid, at = _varint(page, at)
                rowid = rowid - (1 << 64) if rowid >= 1 << 63 else rowid
            values = _record(_payload(page, at, length, usable, index, latest))
        except (IndexError, ValueError, struct.error, UnicodeDecodeError):
            continue  # a damaged cell: the others on the page still count
        table = _table(values, index)
        if table is not None:
            yield table, rowid, values


def _number(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def _table(v: list[Any], index: bool) -> str | None:
    """Which of the store's tables a row of this shape belongs to (see ``schema.TABLES``)."""
    if index:
        return "steps_index" if len(v) == 3 and all(isinstance(x, int) for x in v) else None
    n = len(v)
    if 4 <= n <= 5 and isinstance(v[0], int) and isinstance(v[1], int) and isinstance(v[2], str) \
            and _number(v[3]) and (n == 4 or v[4] is None or isinstance(v[4], str)):
        return "actions"
    if n < 4 or v[0] is not None:
        return None
    if 4 <= n <= 10 and isinstance(v[1], str) and isinstance(v[2], str) and _number(v[3]):
        return "games"
    if n == 6 and isinstance(v[1], int) and isinstance(v[2], int) and isinstance(v[3], str) \
            and isinstance(v[4], str) and _number(v[5]):
        return "undone"
    if 7 <= n <= 9 and isinstance(v[1], int) and isinstance(v[2], int) and isinstance(v[5], int) \
            and isinstance(v[6], str):
        return "ledger"
    return None
