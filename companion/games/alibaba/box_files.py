"""Ali Baba's box data from ``assets/alibaba/``: read, check, and hand to the engine.

Files (each explains itself in its comments, for a café owner whose box differs):

- ``gangs.csv``     gang, color, value (printed value of each card of the gang)
- ``groups.csv``    gang, group, fate (the group's fate numbers 1..36, space separated)
- ``prices.csv``    quarter 1..4, one price column per gang
- ``movement.csv``  value, count of the movement cards
- ``board.csv``     where (road / fork N left / fork N right), field: the route clockwise
- ``settings.toml`` start money, round bonus, arrest fees, event amounts, tie rules

Every problem is a :class:`BoxDataError` naming the file, the line and what is wrong, e.g.
``assets/alibaba/groups.csv line 14: fate number 37 is outside 1..36``.
"""

from __future__ import annotations

import re
from typing import Any

from companion.boxdata import BoxDataError, Reason, _display, assets_dir, read_csv, read_toml
from companion.games.alibaba.rules.box import (
    EMPTY,
    EVENT,
    FOUR,
    FOUR_ALL,
    FOUR_DIE,
    FOUR_QUESTION,
    GANG,
    START,
    Board,
    Box,
    Field,
    Fork,
    Gang,
    Group,
    Settings,
)

FOLDER = "alibaba"
FATE_NUMBERS = range(1, 37)
EVENTS = range(1, 10)
QUARTERS = (1, 2, 3, 4)


def _name(file: str) -> str:
    return _display(assets_dir() / FOLDER / file)


def _header_line(file: str) -> int | None:
    """The line of a CSV file's column names, to point at a missing column."""
    try:
        lines = (assets_dir() / FOLDER / file).read_text(encoding="utf-8").splitlines()
    except OSError:
        return None
    return next((i for i, t in enumerate(lines, 1) if t.strip() and not t.lstrip().startswith("#")), None)


def _rows(file: str, columns: tuple[str, ...]) -> list[tuple[int, dict[str, str]]]:
    rows = read_csv(f"{FOLDER}/{file}")
    have = set(rows[0][1]) if rows else set()
    missing = [c for c in columns if rows and c not in have]
    if missing:
        raise BoxDataError(_name(file), _header_line(file),
                Reason("column_missing", "the column {missing!r} is missing", missing=missing[0]))
    if not rows:
        raise BoxDataError(_name(file), None, Reason("column_names_but_no", "has column names but no rows"))
    return rows


def _int(file: str, line: int, column: str, text: str, low: int = 0, said: str = "") -> int:
    """``text`` from ``column`` as a whole number of at least ``low`` (``said``: how the English
    reason names the column, if not by its name)."""
    said = said or column
    try:
        value = int(text)
    except ValueError:
        raise BoxDataError(_name(file), line,
                Reason("whole_number", "{said} must be a whole number, not {text!r}", said=said,
                    column=column, text=text)) from None
    if value < low:
        raise BoxDataError(_name(file), line,
                Reason("at_least", "{said} must be at least {low}, not {value}", said=said, column=column,
                    low=low, value=value))
    return value


def load_gangs() -> tuple[Gang, ...]:
    gangs: list[Gang] = []
    for line, row in _rows("gangs.csv", ("gang", "color", "value")):
        name = row["gang"]
        if not name:
            raise BoxDataError(_name("gangs.csv"), line, Reason("gang_no_name", "the gang has no name"))
        if any(g.name.casefold() == name.casefold() for g in gangs):
            raise BoxDataError(_name("gangs.csv"), line,
                    Reason("gang_listed_twice", "the gang {name!r} is listed twice", name=name))
        gangs.append(Gang(name, row["color"], _int("gangs.csv", line, "value", row["value"])))
    return tuple(gangs)


def load_groups(gangs: tuple[Gang, ...]) -> tuple[Group, ...]:
    file = "groups.csv"
    groups: list[Group] = []
    by_name = {g.name.casefold(): i for i, g in enumerate(gangs)}
    for line, row in _rows(file, ("gang", "group", "fate")):
        gang = by_name.get(row["gang"].casefold())
        if gang is None:
            raise BoxDataError(_name(file), line,
                    Reason("gang_does_exist_gangs",
                        "the gang {gang!r} does not exist in gangs.csv ({choices})", gang=row['gang'],
                        choices=', '.join(g.name for g in gangs)))
        name = row["group"]
        if not name:
            raise BoxDataError(_name(file), line, Reason("group_no_name", "the group has no name"))
        if any(g.name.casefold() == name.casefold() for g in groups):
            raise BoxDataError(_name(file), line,
                    Reason("group_listed_twice", "the group {name!r} is listed twice", name=name))
        numbers: list[int] = []
        for part in row["fate"].split():
            n = _int(file, line, "fate", part, low=-10**9, said="a fate number")
            if n not in FATE_NUMBERS:
                raise BoxDataError(_name(file), line,
                        Reason("fate_number_outside", "fate number {n} is outside 1..36", n=n))
            if n in numbers:
                raise BoxDataError(_name(file), line,
                        Reason("fate_number_listed_twice", "fate number {n} is listed twice", n=n))
            numbers.append(n)
        if not numbers:
            raise BoxDataError(_name(file), line,
                    Reason("group_no_fate_numbers", "the group {name!r} has no fate numbers", name=name))
        groups.append(Group(name, gang, frozenset(numbers)))
    for i, gang_ in enumerate(gangs):
        if not any(g.gang == i for g in groups):
            raise BoxDataError(_name(file), None,
                    Reason("gang_no_groups", "the gang {gang!r} has no groups", gang=gang_.name))
    return tuple(groups)


def load_prices(gangs: tuple[Gang, ...]) -> tuple[tuple[int, ...], ...]:
    file = "prices.csv"
    table: dict[int, tuple[int, ...]] = {}
    for line, row in _rows(file, ("quarter",) + tuple(g.name for g in gangs)):
        quarter = _int(file, line, "quarter", row["quarter"])
        if quarter not in QUARTERS:
            raise BoxDataError(_name(file), line,
                    Reason("quarter", "quarter must be 1, 2, 3 or 4, not {quarter}", quarter=quarter))
        if quarter in table:
            raise BoxDataError(_name(file), line,
                    Reason("quarter_listed_twice", "quarter {quarter} is listed twice", quarter=quarter))
        table[quarter] = tuple(_int(file, line, g.name, row[g.name], said=f"the {g.name} price") for g in gangs)
    missing = [q for q in QUARTERS if q not in table]
    if missing:
        raise BoxDataError(_name(file), None,
                Reason("quarter_missing", "quarter {missing} is missing", missing=missing[0]))
    return tuple(table[q] for q in QUARTERS)


def load_movement() -> tuple[tuple[int, ...], int]:
    """All movement card values, and the line of the last row (for a sum that is wrong)."""
    file, cards, last = "movement.csv", [], 0
    for line, row in _rows(file, ("value", "count")):
        value = _int(file, line, "value", row["value"], low=1)
        count = _int(file, line, "count", row["count"], low=1)
        cards += [value] * count
        last = line
    return tuple(sorted(cards)), last


_WHERE = re.compile(r"^fork\s+(\d+)\s+(left|right)$")
_EVENT = re.compile(r"^event\s*(\d+)$")


def _field(text: str, line: int, gangs: tuple[Gang, ...]) -> Field:
    key = " ".join(text.casefold().split())
    if key == "start":
        return Field(START)
    if key == "empty":
        return Field(EMPTY)
    four = {"four die": FOUR_DIE, "four question": FOUR_QUESTION, "four all": FOUR_ALL}.get(key)
    if four:
        return Field(FOUR, four=four)
    m = _EVENT.match(key)
    if m:
        number = int(m.group(1))
        if number not in EVENTS:
            raise BoxDataError(_name("board.csv"), line,
                    Reason("there_no_event_events", "there is no event {number} (events are 1 to 9)",
                        number=number))
        return Field(EVENT, event=number)
    for i, g in enumerate(gangs):
        if g.name.casefold() == key:
            return Field(GANG, gang=i)
    raise BoxDataError(_name("board.csv"), line,
            Reason("unknown_field_write_start",
                   "unknown field {text!r}: write start, empty, a gang name, four die, four question, four all, "
                   "or event 1 to event 9", text=text))


def load_board(gangs: tuple[Gang, ...]) -> tuple[Board, int]:
    """The route and the line of the last field."""
    file = "board.csv"
    road: list[Field | None] = []
    forks: list[Fork] = []
    # The fork being read: number, branch -> [(line, field)], its first line.
    current: dict[str, list[tuple[int, Field]]] | None = None
    number = last = 0

    def close_fork(at: int) -> None:
        nonlocal current
        if current is None:
            return
        left, right = current["left"], current["right"]
        if not right:
            raise BoxDataError(_name(file), at,
                    Reason("fork_no_right_branch", "fork {number} has no right branch before this line",
                        number=number))
        if len(left) != len(right):
            raise BoxDataError(_name(file), right[0][0],
                    Reason("fork_left_branch_fields",
                        "fork {number}: the left branch has {count_left} fields but the right branch has "
                        "{count_right}; both must be equally long", number=number, count_left=len(left),
                        count_right=len(right)))
        start = len(road)
        forks.append(Fork(number, start, len(left), tuple(f for _, f in left), tuple(f for _, f in right)))
        road.extend([None] * len(left))
        current = None

    for line, row in _rows(file, ("where", "field")):
        last = line
        where = " ".join(row["where"].casefold().split())
        field = _field(row["field"], line, gangs)
        if not road and current is None and (where != "road" or field.kind != START):
            raise BoxDataError(_name(file), line,
                    Reason("first_field_road_start", "the first field must be \"road,start\""))
        if field.kind == START and road:
            raise BoxDataError(_name(file), line,
                    Reason("there_only_one_start", "there is only one start field, the first line"))
        if where == "road":
            close_fork(line)
            road.append(field)
            continue
        m = _WHERE.match(where)
        if not m:
            raise BoxDataError(_name(file), line,
                    Reason("where_road_fork_n",
                        "\"where\" must be road, fork N left or fork N right, not {where!r}", where=where))
        n, side = int(m.group(1)), m.group(2)
        if current is not None and n != number:
            close_fork(line)
        if current is None:
            if side != "left":
                raise BoxDataError(_name(file), line,
                        Reason("fork_begin_its_left", "fork {n} must begin with its left branch", n=n))
            if any(f.number == n for f in forks):
                raise BoxDataError(_name(file), line,
                        Reason("fork_appears_twice_number",
                            "fork {n} appears twice; number the forks 1, 2, 3", n=n))
            current, number = {"left": [], "right": []}, n
        elif side == "left" and current["right"]:
            raise BoxDataError(_name(file), line,
                    Reason("fork_write_left_branch", "fork {n}: write the left branch before the right one",
                        n=n))
        current[side].append((line, field))
    close_fork(last)
    board = Board(tuple(road), tuple(forks))
    kinds = board.all_fields()
    for e in EVENTS:
        if not any(f.kind == EVENT and f.event == e for f in kinds):
            raise BoxDataError(_name(file), None,
                    Reason("event_missing_event_board",
                        "event {e} is missing: every event 1 to 9 must be on the board", e=e))
    for four in (FOUR_DIE, FOUR_QUESTION, FOUR_ALL):
        if not any(f.kind == FOUR and f.four == four for f in kinds):
            raise BoxDataError(_name(file), None,
                    Reason("field_four_missing", "the field \"four {four}\" is missing", four=four))
    for i, g in enumerate(gangs):
        if not any(f.kind == GANG and f.gang == i for f in kinds):
            raise BoxDataError(_name(file), None,
                    Reason("no_field_shows_symbol", "no field shows the {gang} symbol", gang=g.name))
    return board, last


_SETTINGS: dict[str, tuple[str, int]] = {
    # Settings field -> (key in settings.toml, lowest allowed value)
    "start_money": ("start_money", 0),
    "round_bonus": ("round.bonus", 0),
    "complete_group_factor": ("round.complete_group_factor", 1),
    "rounds": ("round.rounds", 1),
    "group_size": ("cards.group_size", 1),
    "loot_max": ("cards.loot_max", 0),
    "gift_cards": ("cards.gift_cards", 0),
    "dump_fee": ("arrest.dump_fee", 0),
    "last_chance_fee": ("arrest.last_chance_fee", 0),
    "kadi_bribe": ("arrest.kadi_bribe", 0),
    "event1_per_pip": ("events.event1_per_pip", 0),
    "event2_amount": ("events.event2_amount", 0),
    "event9_per_card_per_pip": ("events.event9_per_card_per_pip", 0),
}
_CHOICES = {"ties.poorest": ("first_in_seating_order", "last_in_seating_order"),
            "ties.final": ("shared", "most_cards")}


def _lookup(data: dict[str, Any], key: str) -> Any:
    value: Any = data
    for part in key.split("."):
        if not isinstance(value, dict) or part not in value:
            return None
        value = value[part]
    return value


def load_settings(gangs: tuple[Gang, ...]) -> Settings:
    data, lines = read_toml(f"{FOLDER}/settings.toml")
    values: dict[str, Any] = {}
    for name, (key, low) in _SETTINGS.items():
        value = _lookup(data, key)
        if value is None:
            raise BoxDataError(_name("settings.toml"), None, Reason("missing", "{key} is missing", key=key))
        if isinstance(value, bool) or not isinstance(value, int):
            raise lines.error(key,
                    Reason("whole_number2", "must be a whole number, not {value!r}", value=value))
        if value < low:
            raise lines.error(key,
                    Reason("at_least2", "must be at least {low}, not {value}", low=low, value=value))
        values[name] = value
    for key, allowed in _CHOICES.items():
        value = _lookup(data, key)
        if value not in allowed:
            if value is None:
                raise BoxDataError(_name("settings.toml"), None, Reason("missing", "{key} is missing", key=key))
            raise lines.error(key,
                    Reason("one", "must be one of {choices}, not {value!r}", choices=', '.join(allowed),
                        value=value))
    names = {g.name.casefold(): i for i, g in enumerate(gangs)}
    four = _lookup(data, "arrest.four_die")
    if not isinstance(four, list) or len(four) != 6:
        raise lines.error("arrest.four_die",
                Reason("list_six_gang_names", "must list six gang names, one per face of the die"))
    for face, name in enumerate(four, 1):
        if not isinstance(name, str) or name.casefold() not in names:
            raise lines.error("arrest.four_die",
                    Reason("face_gang_gangs_csv", "face {face}: {name!r} is not a gang in gangs.csv",
                        face=face, name=name))
    return Settings(**values, four_die_gang=tuple(names[n.casefold()] for n in four),
                    poorest_tie=_lookup(data, "ties.poorest"), final_tie=_lookup(data, "ties.final"))


def load() -> Box:
    """Read and check every Ali Baba file; raises BoxDataError naming the first problem."""
    gangs = load_gangs()
    groups = load_groups(gangs)
    prices = load_prices(gangs)
    movement, movement_last = load_movement()
    board, _ = load_board(gangs)
    if sum(movement) != board.lap:
        raise BoxDataError(_name("movement.csv"), movement_last,
                           Reason("movement_cards_add_up",
                                  "the movement cards add up to {sum_movement} steps, but one lap of board.csv has "
                                  "{board_lap}; they must be equal so that the last card lands on start",
                                  sum_movement=sum(movement), board_lap=board.lap))
    settings = load_settings(gangs)
    return Box(gangs=gangs, groups=groups, prices=prices, movement=movement, board=board, settings=settings)


__all__ = ["load", "BoxDataError"]
