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

from companion.boxdata import BoxDataError, Reason, _display, assets_dir, read_csv, read_toml
from companion.games.mutabor.rules.box import Box
from companion.games.mutabor.rules.geometry import CELLS, CENTRE, KINDS

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
                           Reason("whole_number", "{column} must be a whole number, not {text!r}",
                                       column=column, text=text)) from None


def load_dealing() -> tuple[tuple[int, int], ...]:
    """``dealing.csv``: every cell of the maze exactly once, cards 1..4 on the centre."""
    name = _display(assets_dir() / CSV)
    rows = read_csv(CSV)
    if not rows:
        raise BoxDataError(name, None, Reason("column_names_but_no", "has column names but no rows"))
    missing = [c for c in ("number", "row", "col") if c not in rows[0][1]]
    if missing:
        raise BoxDataError(name, None,
                Reason("column_missing", "the column {missing!r} is missing", missing=missing[0]))
    by_number: dict[int, tuple[int, int]] = {}
    by_cell: dict[tuple[int, int], int] = {}
    for line, row in rows:
        number = _csv_int(line, "number", row["number"])
        cell = (_csv_int(line, "row", row["row"]), _csv_int(line, "col", row["col"]))
        if not 1 <= number <= len(CELLS):
            raise BoxDataError(name, line,
                    Reason("number_from", "number must be from 1 to {count_cells}, not {number}",
                        count_cells=len(CELLS), number=number))
        if number in by_number:
            raise BoxDataError(name, line,
                    Reason("card_listed_twice", "card {number} is listed twice", number=number))
        if cell not in CELLS:
            raise BoxDataError(name, line,
                    Reason("cell_maze", "({x}, {y}) is not a cell of the maze", x=cell[0], y=cell[1]))
        if cell in by_cell:
            raise BoxDataError(name, line,
                    Reason("cell_already_card", "the cell ({x}, {y}) is already card {card}", x=cell[0],
                        y=cell[1], card=by_cell[cell]))
        if (number <= len(CENTRE)) != (cell in CENTRE):
            raise BoxDataError(name, line,
                    Reason("cards_face_down_lie",
                        "cards 1 to {count_centre} (face down) must lie on the four centre cells, and only they",
                        count_centre=len(CENTRE)))
        by_number[number], by_cell[cell] = cell, number
    if len(by_number) != len(CELLS):
        absent = min(set(range(1, len(CELLS) + 1)) - set(by_number))
        raise BoxDataError(name, None,
                Reason("card_missing_one_cells",
                    "card {absent} is missing: every one of the {count_cells} cells needs a card", absent=absent,
                    count_cells=len(CELLS)))
    return tuple(by_number[n] for n in range(1, len(CELLS) + 1))


def load() -> Box:
    """Read and check ``assets/mutabor/``; BoxDataError names the line of a bad value."""
    data, lines = read_toml(TOML)
    for key in data:
        if key not in ("cards", "dealer"):
            raise lines.error(key,
                    Reason("unknown_key_expected_tables",
                        "unknown key (expected the tables [cards] and [dealer])"))
    cards = data.get("cards")
    if not isinstance(cards, dict):
        raise BoxDataError(lines.name, None, Reason("table_cards_missing", "the table [cards] is missing"))
    for kind, value in cards.items():
        if kind not in KINDS:
            raise lines.error(f"cards.{kind}",
                    Reason("card_kind_expected", "is not a card kind (expected: {choices})",
                        choices=', '.join(KINDS)))
        if not _is_int(value) or value < 0:
            raise lines.error(f"cards.{kind}",
                    Reason("whole_number_at_least2", "must be a whole number of at least 0, not {value!r}",
                        value=value))
    for kind in KINDS:
        if kind not in cards:
            raise BoxDataError(lines.name, None, Reason("cards_needs", "[cards] needs {kind}", kind=kind))
    dealer = data.get("dealer")
    if not isinstance(dealer, dict):
        raise BoxDataError(lines.name, None, Reason("table_dealer_missing", "the table [dealer] is missing"))
    for key in dealer:
        if key != "max_deals":
            raise lines.error(f"dealer.{key}",
                    Reason("unknown_key_dealer_expected", "unknown key in [dealer] (expected: max_deals)"))
    raw: Any = dealer.get("max_deals")
    if not _is_int(raw) or raw < 1:
        raise lines.error("dealer.max_deals",
                Reason("whole_number_at_least", "must be a whole number of at least 1, not {raw!r}", raw=raw))
    max_deals = int(raw)
    dealing = load_dealing()
    total = sum(cards.values())
    if total != len(dealing):
        header = next((i for i, t in enumerate(lines.lines, 1) if t.strip() == "[cards]"), None)
        raise BoxDataError(lines.name, header,
                Reason("cards_add_up_but",
                    "the cards add up to {total}, but the maze has {count_dealing} places", total=total,
                    count_dealing=len(dealing)),
                           key="[cards]")
    return Box(cards=tuple((kind, int(cards[kind])) for kind in KINDS), dealing=dealing,
               max_deals=max_deals)
