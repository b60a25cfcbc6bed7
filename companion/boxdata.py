"""Reading the editable game data in ``assets/`` (the café's own box), with clear errors.

Every value a rules file marks [assumed] lives in a file there, never in an engine. One module
per game here (``companion.games.suleika.box_files``...) reads its files with the helpers below and
returns the plain data its engine is built with. A broken file is refused with the file, the
line and what is wrong:

>>> BoxDataError("assets/alibaba/groups.csv", 4, "value must be a whole number")
BoxDataError('assets/alibaba/groups.csv line 4: value must be a whole number')
"""

from __future__ import annotations

import csv
import re
import tomllib
from pathlib import Path
from typing import Any

from companion import paths


def assets_dir() -> Path:
    """The assets folder: $COMPANION_ASSETS, else the one shipped with the program.

    That is ``assets/`` in a checkout or the copy inside an installed wheel
    (see :mod:`companion.paths`).
    """
    return paths.assets_dir()


class Reason(str):
    """Why a box file cannot be used: the English sentence (the command line prints it), and
    a ``code`` with its ``params`` that the screens put in their own words (``[box]`` in
    ``assets/i18n/staff.<lang>.toml``).

    >>> r = Reason("box_empty", "is empty")
    >>> str(r), r.code, r.params
    ('is empty', 'box_empty', {})
    """

    code: str
    params: dict[str, Any]

    def __new__(cls, code: str, template: str, /, **params: Any) -> Reason:
        self = super().__new__(cls, template.format(**params))
        self.code, self.params = code, params
        return self


class BoxDataError(ValueError):
    """A game data file that cannot be used: which file, which line, what is wrong.

    ``code`` and ``params`` (from a :class:`Reason`) name the reason for the screens; ``key``
    is where in the file, as the file writes it (``die_faces``, ``[[zone]] 2, rows``).
    """

    def __init__(self, file: str | Path, line: int | None, reason: str, *, key: str = "", key_en: str = "") -> None:
        where = f"{file} line {line}" if line else str(file)
        said = key_en or key  # the English sentence may name the place in words
        full = f"{said}: {reason}" if said else reason
        super().__init__(f"{where}: {full}")
        self.file, self.line, self.reason = str(file), line, full
        self.key = key
        self.code: str = getattr(reason, "code", "")
        self.params: dict[str, Any] = dict(getattr(reason, "params", {}))

    def __repr__(self) -> str:
        return f"BoxDataError({str(self)!r})"


def _display(path: Path) -> str:
    try:
        return str(path.relative_to(assets_dir().parent))
    except ValueError:
        return str(path)


def read_toml(relative: str) -> tuple[dict[str, Any], TomlLines]:
    """Parse ``assets/<relative>``; returns the data and a helper to name lines in errors."""
    path = assets_dir() / relative
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise BoxDataError(_display(path), None,
                Reason("box_cannot_read", "cannot be read ({error})", error=exc.strerror)) from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        m = re.search(r"line (\d+)", str(exc))
        raise BoxDataError(_display(path), int(m.group(1)) if m else None,
                           Reason("box_toml_syntax", "{error}", error=str(exc))) from None
    return data, TomlLines(_display(path), text)


class TomlLines:
    """Finds the line of a key so that a wrong value can be pointed at."""

    def __init__(self, name: str, text: str) -> None:
        self.name, self.lines = name, text.splitlines()

    def error(self, key: str, reason: str) -> BoxDataError:
        last = key.split(".")[-1]
        pattern = re.compile(rf"^\s*\"?{re.escape(last)}\"?\s*=")
        line = next((i for i, t in enumerate(self.lines, 1) if pattern.match(t)), None)
        return BoxDataError(self.name, line, reason, key=key)


def read_csv(relative: str) -> list[tuple[int, dict[str, str]]]:
    """Rows of ``assets/<relative>`` as (line number, {column: text}); '#' lines are comments."""
    path = assets_dir() / relative
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise BoxDataError(_display(path), None,
                Reason("box_cannot_read", "cannot be read ({error})", error=exc.strerror)) from None
    numbered = [(i, line) for i, line in enumerate(text.splitlines(), 1)
                if line.strip() and not line.lstrip().startswith("#")]
    if not numbered:
        raise BoxDataError(_display(path), None, Reason("box_empty", "is empty"))
    header_line, header = numbered[0]
    columns = [c.strip() for c in next(csv.reader([header]))]
    rows = []
    for number, line in numbered[1:]:
        cells = [c.strip() for c in next(csv.reader([line]))]
        if len(cells) != len(columns):
            raise BoxDataError(_display(path), number,
                               Reason("box_values_but_header_line",
                                      "has {count_cells} values but the header (line {header_line}) names "
                                      "{count_columns}", count_cells=len(cells), header_line=header_line,
                                      count_columns=len(columns)))
        rows.append((number, dict(zip(columns, cells))))
    return rows
