"""Writing a file whole or not at all: what a power cut in the middle of a write leaves is the
old file or the new one, never half of one.

:func:`atomic_write` writes a temporary file in the same folder, syncs it to the card, renames
it over the file and syncs the folder (the rename itself must reach the card too). The file
keeps its mode and, where the writer may set it, its owner; a new file is made ``0600``
(only its owner reads it), as the files the companion writes may hold a secret.

>>> import tempfile, pathlib, stat
>>> path = pathlib.Path(tempfile.mkdtemp()) / "a.toml"
>>> _ = atomic_write(path, "x = 1\\n")
>>> path.read_text(), oct(stat.S_IMODE(path.stat().st_mode))
('x = 1\\n', '0o600')
"""

from __future__ import annotations

import os
import stat
import tempfile
from pathlib import Path

__all__ = ["atomic_write"]

#: the mode of a file that did not exist before: its owner only
NEW_FILE_MODE = 0o600
#: the mode of a folder made for such a file
NEW_FOLDER_MODE = 0o700


def atomic_write(path: str | os.PathLike[str], data: str | bytes, *, secret: bool = False,
                 new_mode: int = NEW_FILE_MODE) -> Path:
    """Put ``data`` (text as UTF-8) into ``path``, whole or not at all; returns the path.

    The file keeps its mode, a new one gets ``new_mode``. ``secret``: the file holds a secret
    (the staff PIN's hash), so nobody but its owner and group may read it and nobody but its
    owner write it, whatever mode it had (at most ``0640``). A missing folder is made
    ``0700``. Raises OSError when the folder cannot be written; the old file is then as it was.
    """
    path = Path(path)
    raw = data.encode("utf-8") if isinstance(data, str) else data
    path.parent.mkdir(mode=NEW_FOLDER_MODE, parents=True, exist_ok=True)
    try:
        old: os.stat_result | None = path.stat()
    except FileNotFoundError:
        old = None
    mode = stat.S_IMODE(old.st_mode) if old is not None else new_mode
    if secret:
        mode &= 0o640
    fd, temp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}-")
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(raw)
            out.flush()
            os.fsync(out.fileno())
        os.chmod(temp, mode)
        if old is not None and (old.st_uid, old.st_gid) != _owner(temp):
            _keep_owner(temp, old)
        os.replace(temp, path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise
    _sync_folder(path.parent)
    return path


def _owner(path: str) -> tuple[int, int]:
    st = os.stat(path)
    return st.st_uid, st.st_gid


def _keep_owner(temp: str, old: os.stat_result) -> None:
    """The file stays its owner's (root setting the PIN in the companion user's file)."""
    try:
        os.chown(temp, old.st_uid, old.st_gid)
    except OSError:
        pass  # only root may give a file away; anyone else writes their own files anyway


def _sync_folder(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass  # some file systems cannot sync a folder; the rename is then as safe as they make it
    finally:
        os.close(fd)
