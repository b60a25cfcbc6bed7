"""TOML files read at every start, kept parsed: :func:`read` is ``tomllib`` on the file, served
from a JSON copy while the file's bytes are the ones that copy was made from.

The screens' words and the café's settings are TOML, and both are read before the first
frame. Importing Python's TOML reader compiles its regular expressions, about 15 million
instructions (20–30 ms on a Pi Zero 2 W), every start; the JSON reader is built in and reads
the same tables in a fraction of that. So, as Python keeps its bytecode, the parsed file is
kept in ``$XDG_CACHE_HOME/companion/toml`` (``~/.cache/...``) with the size and CRC-32 of the
bytes it came from; a file that changed in any way is parsed again and its copy replaced. A
folder that cannot be written, or a file with dates in it (JSON has none), just means
parsing every time: the copy is a shortcut, never a second truth.

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> _ = (folder / "a.toml").write_text('[screen]\\nlanguage = "de"\\n', encoding="utf-8")
>>> read(folder / "a.toml", cache=folder / "cache")
{'screen': {'language': 'de'}}
>>> read(folder / "a.toml", cache=folder / "cache")  # now from the JSON copy
{'screen': {'language': 'de'}}
"""

from __future__ import annotations

import json
import os
import zlib
from pathlib import Path
from typing import Any


def cache_dir() -> Path:
    """Where the parsed copies are kept."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "companion" / "toml"


def read(path: str | os.PathLike[str], cache: Path | None = None) -> dict[str, Any]:
    """The TOML file ``path`` as a dict. Raises OSError if it cannot be read and ValueError
    (``tomllib.TOMLDecodeError`` or ``UnicodeDecodeError``) if it is not TOML."""
    raw = Path(path).read_bytes()
    stamp = {"size": len(raw), "crc32": zlib.crc32(raw)}
    copy = (cache or cache_dir()) / _copy_name(Path(path))
    kept = _kept(copy, stamp)
    if kept is not None:
        return kept
    import tomllib  # only when a file is new or changed (see the module's words)

    data = tomllib.loads(raw.decode("utf-8"))
    _keep(copy, stamp, data)
    return data


def _copy_name(path: Path) -> str:
    where = os.path.abspath(path)
    return f"{path.name}-{zlib.crc32(where.encode('utf-8', 'surrogateescape')):08x}.json"


def _kept(copy: Path, stamp: dict[str, int]) -> dict[str, Any] | None:
    try:
        with open(copy, encoding="utf-8") as f:
            kept = json.load(f)
    except (OSError, ValueError):
        return None
    if not isinstance(kept, dict) or kept.get("stamp") != stamp or not isinstance(kept.get("data"), dict):
        return None
    data: dict[str, Any] = kept["data"]
    return data


def _keep(copy: Path, stamp: dict[str, int], data: dict[str, Any]) -> None:
    """Write the copy whole or not at all (another start may be reading it)."""
    try:
        text = json.dumps({"stamp": stamp, "data": data}, ensure_ascii=False, allow_nan=False)
    except (TypeError, ValueError):
        return  # dates, times or inf/nan: JSON cannot hold them, the file is parsed each time
    temp = copy.with_name(f".{copy.name}.{os.getpid()}")
    try:
        copy.parent.mkdir(parents=True, exist_ok=True)
        temp.write_text(text, encoding="utf-8")
        os.replace(temp, copy)
    except OSError:
        try:
            temp.unlink()
        except OSError:
            pass
