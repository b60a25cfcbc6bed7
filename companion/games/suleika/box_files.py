"""The Suleika box data from ``assets/suleika.toml``, checked value by value.

A wrong value is refused with the file, the line and what is wrong, e.g.
``assets/suleika.toml line 15: die_faces: every face must be a whole number of at least 1``.

>>> box = load()
>>> box.omar_start, box.die_faces
((3, 3), (1, 2, 2, 3, 3, 4))
"""

from __future__ import annotations

import re
from typing import Any

from companion.boxdata import BoxDataError, Reason, TomlLines, read_toml
from companion.games.suleika.rules.board import HEADINGS, SIZE
from companion.games.suleika.rules.box import FINAL_TIES, PLAYER_COUNTS, RULE_SETS, Box

FILE = "suleika.toml"
#: The table of each player count, as the file names it.
SECTIONS = {2: "two_players", 3: "three_players", 4: "four_players"}
TOP_KEYS = {"omar_start", "omar_facing", "die_faces", "final_tie", "carpets_in_box", *SECTIONS.values()}


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _whole(lines: TomlLines, key: str, value: Any, least: int) -> int:
    if not _is_int(value) or value < least:
        raise lines.error(key,
                Reason("whole_number_at_least", "must be a whole number of at least {least}, not {value!r}",
                    least=least, value=value))
    return int(value)


def _table(lines: TomlLines, data: dict[str, Any], key: str) -> dict[str, Any]:
    value = data.get(key)
    if not isinstance(value, dict):
        raise BoxDataError(lines.name, None, Reason("table_missing", "the table [{key}] is missing", key=key))
    return value


def _no_strangers(lines: TomlLines, table: dict[str, Any], known: set[str], where: str) -> None:
    # A misspelt key would otherwise be silently ignored and its default never changed.
    for key, value in table.items():
        if key not in known:
            reason = Reason("unknown_key_expected", "unknown key in {where} (expected: {choices})",
                            where=where, choices=", ".join(sorted(known)))
            if isinstance(value, dict):  # a misspelt [table]: point at its header line
                header = re.compile(rf"^\s*\[\s*{re.escape(key)}\s*\]")
                line = next((i for i, t in enumerate(lines.lines, 1) if header.match(t)), None)
                raise BoxDataError(lines.name, line, reason, key=f"[{key}]")
            raise lines.error(key, reason)


def _seats(lines: TomlLines, key: str, value: Any, players: int,
           box_colours: dict[str, int], each: int) -> tuple[tuple[str, ...], ...]:
    if not isinstance(value, list) or len(value) != players:
        raise lines.error(key,
                Reason("list_colours_players", "must list the colours of {players} players", players=players))
    seats = []
    for entry in value:
        colours = [entry] if isinstance(entry, str) else entry
        if not isinstance(colours, list) or not colours or not all(isinstance(c, str) for c in colours):
            raise lines.error(key,
                    Reason("each_player_colour_red",
                        "each player is a colour (\"red\") or a list of colours ([\"red\", \"yellow\"])"))
        seats.append(tuple(colours))
    if len({len(s) for s in seats}) != 1:
        raise lines.error(key,
                Reason("player_play_same_number", "every player must play the same number of colours"))
    used = [c for s in seats for c in s]
    for colour in used:
        if colour not in box_colours:
            raise lines.error(key,
                    Reason("carpets_box", "{colour!r} is not in [carpets_in_box]", colour=colour))
        if used.count(colour) > 1:
            raise lines.error(key,
                    Reason("given_more_than_one", "{colour} is given to more than one player", colour=colour))
        if box_colours[colour] < each:
            raise lines.error(key,
                    Reason("box_holds_only_carpets",
                        "the box holds only {count} {colour} carpets, but each player gets {each}",
                        count=box_colours[colour], colour=colour, each=each))
    return tuple(seats)


def load() -> Box:
    """Read and check ``assets/suleika.toml``; BoxDataError names the line of a bad value."""
    data, lines = read_toml(FILE)
    _no_strangers(lines, data, TOP_KEYS, FILE)

    start = data.get("omar_start")
    if (not isinstance(start, list) or len(start) != 2 or not all(_is_int(x) for x in start)
            or not all(0 <= x < SIZE for x in start)):
        raise lines.error("omar_start",
                Reason("row_column_both_from",
                    "must be [row, column] with both from 0 to {size_1}, not {start!r}", size_1=SIZE - 1, start=start))
    facing = data.get("omar_facing")
    if facing not in HEADINGS:
        raise lines.error("omar_facing",
                Reason("n_e_s_w", "must be \"N\", \"E\", \"S\" or \"W\", not {facing!r}", facing=facing))
    faces = data.get("die_faces")
    if not isinstance(faces, list) or not faces:
        raise lines.error("die_faces",
                Reason("list_numbers_die_like", "must list the numbers on the die, like [1, 2, 2, 3, 3, 4]"))
    if not all(_is_int(f) and f >= 1 for f in faces):
        raise lines.error("die_faces",
                Reason("face_whole_number_at", "every face must be a whole number of at least 1"))
    tie = data.get("final_tie")
    if tie not in FINAL_TIES:
        raise lines.error("final_tie",
                Reason("shared_none", "must be \"shared\" or \"none\", not {tie!r}", tie=tie))

    in_box_table = _table(lines, data, "carpets_in_box")
    in_box = {colour: _whole(lines, f"carpets_in_box.{colour}", n, 1) for colour, n in in_box_table.items()}
    if not in_box:
        raise BoxDataError(lines.name, None,
                Reason("carpets_box_lists_no", "[carpets_in_box] lists no colours"))

    seat_colors: list[tuple[int, tuple[tuple[str, ...], ...]]] = []
    per_color: list[tuple[int, int]] = []
    money: dict[str, list[tuple[int, int]]] = {rules: [] for rules in RULE_SETS}
    for players in PLAYER_COUNTS:
        section = SECTIONS[players]
        table = _table(lines, data, section)
        keys = {f"seat_colors_{players}", f"carpets_per_color_{players}",
                *(f"money_{rules}_{players}" for rules in RULE_SETS)}
        _no_strangers(lines, table, keys, f"[{section}]")
        for key in sorted(keys):
            if key not in table:
                raise BoxDataError(lines.name, None,
                        Reason("needs", "[{section}] needs {key}", section=section, key=key))
        each = _whole(lines, f"{section}.carpets_per_color_{players}", table[f"carpets_per_color_{players}"], 1)
        seats = _seats(lines, f"{section}.seat_colors_{players}", table[f"seat_colors_{players}"],
                       players, in_box, each)
        seat_colors.append((players, seats))
        per_color.append((players, each))
        for rules in RULE_SETS:
            key = f"money_{rules}_{players}"
            money[rules].append((players, _whole(lines, f"{section}.{key}", table[key], 0)))

    return Box(
        omar_start=(int(start[0]), int(start[1])),
        omar_facing=str(facing),
        die_faces=tuple(int(f) for f in faces),
        carpets_in_box=tuple(in_box.items()),
        seat_colors=tuple(seat_colors),
        carpets_per_color=tuple(per_color),
        money=tuple((rules, tuple(pairs)) for rules, pairs in money.items()),
        final_tie=str(tie),
    )


def default_seat_colors(players: int) -> list[list[str]]:
    """The colours each seat plays by default, from the box (two each with 2 players).

    >>> default_seat_colors(2)
    [['red', 'yellow'], ['blue', 'green']]
    """
    from companion.games import get_engine

    box: Box = get_engine("suleika").box  # type: ignore[attr-defined]
    return [list(seat) for seat in box.seats(players)]
