"""The Mutabor box data from ``assets/mutabor/``, checked value by value.

Files (each explains itself in its comments, for a café whose box differs):

- ``box.toml``     ``[cards]`` how many cards of each of the six kinds; ``[dealer]`` max_deals
- ``dealing.csv``  number, row, col: where the k-th card of the shuffled pile is laid

A wrong value is refused with the file, the line and what is wrong, e.g.
``assets/mutabor/dealing.csv line 9: the cell (3, 3) is already card 1``.

>>> box = load()
>>> dict(box.cards)["krebs"], len(box.dealing)
(10, 52)
"""

from __future__ import annotations

from typing import Any

from companion.engine.mutabor.box import Box
from companion.engine.mutabor.geometry import CELLS, CENTRE, KINDS
from companion.gamedata import BoxDataError, _display, assets_dir, read_csv, read_toml

FOLDER = "mutabor"
TOML = f"{FOLDER}/box.toml"
CSV = f"{FOLDER}/dealing.csv"


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _csv_int(line: int, column: str, text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise BoxDataError(_display(assets_dir() / CSV), line,
                           f"{column} must be a whole number, not {text!r}") from None


def load_dealing() -> tuple[tuple[int, int], ...]:
    """``dealing.csv``: every cell of the maze exactly once, cards 1..4 on the centre."""
    name = _display(assets_dir() / CSV)
    rows = read_csv(CSV)
    if not rows:
        raise BoxDataError(name, None, "has column names but no rows")
    missing = [c for c in ("number", "row", "col") if c not in rows[0][1]]
    if missing:
        raise BoxDataError(name, None, f"the column {missing[0]!r} is missing")
    by_number: dict[int, tuple[int, int]] = {}
    by_cell: dict[tuple[int, int], int] = {}
    for line, row in rows:
        number = _csv_int(line, "number", row["number"])
        cell = (_csv_int(line, "row", row["row"]), _csv_int(line, "col", row["col"]))
        if not 1 <= number <= len(CELLS):
            raise BoxDataError(name, line, f"number must be from 1 to {len(CELLS)}, not {number}")
        if number in by_number:
            raise BoxDataError(name, line, f"card {number} is listed twice")
        if cell not in CELLS:
            raise BoxDataError(name, line, f"({cell[0]}, {cell[1]}) is not a cell of the maze")
        if cell in by_cell:
            raise BoxDataError(name, line, f"the cell ({cell[0]}, {cell[1]}) is already card {by_cell[cell]}")
        if (number <= len(CENTRE)) != (cell in CENTRE):
            raise BoxDataError(name, line, f"cards 1 to {len(CENTRE)} (face down) must lie on the "
                                           "four centre cells, and only they")
        by_number[number], by_cell[cell] = cell, number
    if len(by_number) != len(CELLS):
        absent = min(set(range(1, len(CELLS) + 1)) - set(by_number))
        raise BoxDataError(name, None, f"card {absent} is missing: every one of the {len(CELLS)} cells needs a card")
    return tuple(by_number[n] for n in range(1, len(CELLS) + 1))


def load() -> Box:
    """Read and check ``assets/mutabor/``; BoxDataError names the line of a bad value."""
    data, lines = read_toml(TOML)
    for key in data:
        if key not in ("cards", "dealer"):
            raise lines.error(key, "unknown key (expected the tables [cards] and [dealer])")
    cards = data.get("cards")
    if not isinstance(cards, dict):
        raise BoxDataError(lines.name, None, "the table [cards] is missing")
    for kind, value in cards.items():
        if kind not in KINDS:
            raise lines.error(f"cards.{kind}", f"is not a card kind (expected: {', '.join(KINDS)})")
        if not _is_int(value) or value < 0:
            raise lines.error(f"cards.{kind}", f"must be a whole number of at least 0, not {value!r}")
    for kind in KINDS:
        if kind not in cards:
            raise BoxDataError(lines.name, None, f"[cards] needs {kind}")
    dealer = data.get("dealer")
    if not isinstance(dealer, dict):
        raise BoxDataError(lines.name, None, "the table [dealer] is missing")
    for key in dealer:
        if key != "max_deals":
            raise lines.error(f"dealer.{key}", "unknown key in [dealer] (expected: max_deals)")
    raw: Any = dealer.get("max_deals")
    if not _is_int(raw) or raw < 1:
        raise lines.error("dealer.max_deals", f"must be a whole number of at least 1, not {raw!r}")
    max_deals = int(raw)
    dealing = load_dealing()
    total = sum(cards.values())
    if total != len(dealing):
        header = next((i for i, t in enumerate(lines.lines, 1) if t.strip() == "[cards]"), None)
        raise BoxDataError(lines.name, header, f"[cards]: the cards add up to {total}, "
                                               f"but the maze has {len(dealing)} places")
    return Box(cards=tuple((kind, int(cards[kind])) for kind in KINDS), dealing=dealing,
               max_deals=max_deals)
