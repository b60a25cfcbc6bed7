"""The Der fliegende Teppich box data from ``assets/teppich/``, checked value by value.

``board.toml`` (size, zones, podiums, stars, colours, tokens), ``pieces.toml`` (the twelve
scenery and cloud pieces) and ``die.toml`` (the special die's pictures and words). A wrong value
is refused with the file, the line and what is wrong, e.g.
``assets/teppich/board.toml line 10: goal: must be a cell [x, y] on the board, not [30, 0]``.

>>> box = load()
>>> box.width, box.height, box.start, box.goal, box.wind(10), len(box.pieces)
(24, 12, (0, 0), (23, 0), 2, 12)
"""

from __future__ import annotations

import re
from typing import Any

from companion.boxdata import BoxDataError, Reason, TomlLines, read_toml
from companion.games.teppich.rules.box import FACE_EFFECTS, PIECE_KINDS, PLAYER_COUNTS, Box, Cell, Face, Piece

BOARD, PIECES, DIE = "teppich/board.toml", "teppich/pieces.toml", "teppich/die.toml"
BOARD_KEYS = {"width", "height", "start", "goal", "stars", "carpet_colors", "city_pieces", "tokens", "zone"}


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _entry_error(lines: TomlLines, table: str, index: int, key: str, reason: str) -> BoxDataError:
    """An error in the ``index``-th ``[[table]]`` entry, pointing at its key (or its header)."""
    header = re.compile(rf"^\s*\[\[\s*{re.escape(table)}\s*\]\]")
    starts = [i for i, t in enumerate(lines.lines, 1) if header.match(t)]
    line = starts[index] if index < len(starts) else None
    if line is not None:
        end = starts[index + 1] if index + 1 < len(starts) else len(lines.lines) + 1
        keyline = re.compile(rf"^\s*{re.escape(key)}\s*=")
        line = next((i for i in range(line, end) if keyline.match(lines.lines[i - 1])), line)
    return BoxDataError(lines.name, line, reason, key=f"[[{table}]] {index + 1}, {key}",
                        key_en=f"[[{table}]] number {index + 1}, {key}")


def _cell(lines: TomlLines, key: str, value: Any, width: int, height: int) -> Cell:
    if (not isinstance(value, list) or len(value) != 2 or not all(_is_int(v) for v in value)
            or not (0 <= value[0] < width and 0 <= value[1] < height)):
        raise lines.error(key,
                Reason("cell_x_y_board", "must be a cell [x, y] on the board, not {value!r}", value=value))
    return int(value[0]), int(value[1])


def _whole(lines: TomlLines, key: str, value: Any, least: int) -> int:
    if not _is_int(value) or value < least:
        raise lines.error(key,
                Reason("whole_number_at_least", "must be a whole number of at least {least}, not {value!r}",
                    least=least, value=value))
    return int(value)


def _zones(lines: TomlLines, raw: Any, height: int) -> tuple[tuple[int, int, int], ...]:
    if not isinstance(raw, list) or not raw:
        raise BoxDataError(lines.name, None,
                Reason("needs_zone_tables_bottom", "needs [[zone]] tables, bottom to top"))
    zones, next_row, windy = [], 0, False
    for i, zone in enumerate(raw):
        rows, wind = zone.get("rows"), zone.get("wind")
        if (not isinstance(rows, list) or len(rows) != 2 or not all(_is_int(r) for r in rows)
                or rows[0] != next_row or rows[1] < rows[0] or rows[1] >= height):
            raise _entry_error(lines, "zone", i, "rows",
                    Reason("highest_row_zones_go",
                        "must be [{next_row}, highest row] (zones go bottom to top without gaps), not {rows!r}",
                        next_row=next_row, rows=rows))
        if not _is_int(wind) or wind < 0:
            raise _entry_error(lines, "zone", i, "wind",
                    Reason("whole_number_at_least2", "must be a whole number of at least 0, not {wind!r}",
                        wind=wind))
        if windy and wind == 0:
            raise _entry_error(lines, "zone", i, "wind",
                    Reason("calm_zone_lies_below", "the calm zone lies below every wind zone"))
        windy = windy or wind > 0
        zones.append((rows[0], rows[1], wind))
        next_row = rows[1] + 1
    if next_row != height:
        raise BoxDataError(lines.name, None,
                Reason("zones_end_at_row", "the zones end at row {last_row}, the board at row {top_row}",
                    last_row=next_row - 1, top_row=height - 1))
    if zones[0][2] != 0:
        raise _entry_error(lines, "zone", 0, "wind",
                Reason("lowest_zone_calm_zone", "the lowest zone is the calm zone (wind 0)"))
    return tuple(zones)


def _pieces(calm: int, sky: int) -> tuple[Piece, ...]:
    data, lines = read_toml(PIECES)
    raw = data.get("piece")
    if not isinstance(raw, list):
        raise BoxDataError(lines.name, None, Reason("needs_piece_tables", "needs [[piece]] tables"))
    pieces, seen = [], set()
    for i, entry in enumerate(raw):
        pid, kind = entry.get("id"), entry.get("kind")
        if not isinstance(pid, str) or not pid or pid in seen:
            raise _entry_error(lines, "piece", i, "id",
                    Reason("name_used_once", "must be a name used once, not {pid!r}", pid=pid))
        seen.add(pid)
        if kind not in PIECE_KINDS:
            raise _entry_error(lines, "piece", i, "kind",
                    Reason("one", "must be one of {choices}, not {kind!r}", choices=', '.join(PIECE_KINDS),
                        kind=kind))
        if kind == "cloud":
            cells = entry.get("cells")
            if (not isinstance(cells, list) or not cells or not all(
                    isinstance(c, list) and len(c) == 2 and all(_is_int(v) and v >= 0 for v in c) for c in cells)
                    or len({tuple(c) for c in cells}) != len(cells) or max(c[1] for c in cells) >= sky):
                raise _entry_error(lines, "piece", i, "cells",
                        Reason("list_distinct_dx_dy",
                            "must list distinct [dx, dy] cells (dx, dy from 0, dy below {sky}), not {cells!r}",
                            sky=sky, cells=cells))
            pieces.append(Piece(pid, kind, cells=tuple((c[0], c[1]) for c in cells)))
        else:
            heights = entry.get("heights")
            if (not isinstance(heights, list) or not heights
                    or not all(_is_int(h) and 1 <= h <= calm for h in heights)):
                raise _entry_error(lines, "piece", i, "heights",
                        Reason("list_column_heights_from",
                            "must list column heights from 1 to {calm} (the calm zone), not {heights!r}", calm=calm,
                            heights=heights))
            pieces.append(Piece(pid, kind, heights=tuple(heights)))
    return tuple(pieces)


def _faces() -> tuple[Face, ...]:
    data, lines = read_toml(DIE)
    raw = data.get("face")
    if not isinstance(raw, list) or len(raw) != len(FACE_EFFECTS):
        raise BoxDataError(lines.name, None,
                Reason("needs_face_tables", "needs {count_face_effects} [[face]] tables",
                    count_face_effects=len(FACE_EFFECTS)))
    faces = []
    for i, entry in enumerate(raw):
        if entry.get("value") != i + 1:
            raise _entry_error(lines, "face", i, "value",
                    Reason("faces_order", "must be {number} (faces in order)", number=i + 1))
        if entry.get("effect") != FACE_EFFECTS[i]:
            raise _entry_error(lines, "face", i, "effect",
                    Reason("face_rules", "face {number} is \"{face_effects_i}\" by the rules", number=i + 1,
                        face_effects_i=FACE_EFFECTS[i]))
        for key in ("picture", "words_de", "words_en", "short_de", "short_en"):
            if not isinstance(entry.get(key), str) or not entry[key].strip():
                raise _entry_error(lines, "face", i, key, Reason("text", "must be a text"))
        faces.append(Face(i + 1, FACE_EFFECTS[i], entry["picture"], entry["words_de"], entry["words_en"],
                          entry["short_de"], entry["short_en"]))
    return tuple(faces)


def load() -> Box:
    """Read and check ``assets/teppich/``; BoxDataError names the file and line of a bad value."""
    data, lines = read_toml(BOARD)
    for key in data:
        if key not in BOARD_KEYS:
            raise lines.error(key,
                    Reason("unknown_key_expected", "unknown key (expected: {choices})",
                        choices=', '.join(sorted(BOARD_KEYS))))
    width = _whole(lines, "width", data.get("width"), 4)
    height = _whole(lines, "height", data.get("height"), 2)
    zones = _zones(lines, data.get("zone"), height)
    calm = sum(high - low + 1 for low, high, wind in zones if wind == 0)
    start = _cell(lines, "start", data.get("start"), width, height)
    goal = _cell(lines, "goal", data.get("goal"), width, height)
    if start[1] >= calm or goal[1] >= calm or start[0] + 1 >= goal[0] - 1:
        raise lines.error("goal",
                Reason("start_goal_stand_calm",
                    "start and goal stand in the calm zone, the start left of the goal with room for a free cell "
                    "beside each"))
    stars = data.get("stars")
    if not isinstance(stars, list):
        raise lines.error("stars", Reason("list_star_cells_x", "must list the star cells [x, y]"))
    star_cells = tuple(_cell(lines, "stars", s, width, height) for s in stars)
    if len(set(star_cells)) != len(star_cells) or start in star_cells or goal in star_cells:
        raise lines.error("stars",
                Reason("star_cell_listed_twice", "a star cell is listed twice or lies on a podium"))
    colours = data.get("carpet_colors")
    if (not isinstance(colours, list) or len(colours) < max(PLAYER_COUNTS)
            or not all(isinstance(c, str) and c for c in colours) or len(set(colours)) != len(colours)):
        raise lines.error("carpet_colors",
                Reason("name_at_least_different", "must name at least {max_player_counts} different colours",
                    max_player_counts=max(PLAYER_COUNTS)))
    tokens = data.get("tokens")
    if not isinstance(tokens, dict):
        raise BoxDataError(lines.name, None, Reason("table_tokens_missing", "the table [tokens] is missing"))
    total = _whole(lines, "tokens.total", tokens.get("total"), 0)
    each = _whole(lines, "tokens.each", tokens.get("each"), 0)
    if each * max(PLAYER_COUNTS) > total:
        raise lines.error("tokens.total",
                Reason("box_hold_tokens_for",
                    "the box must hold {each} tokens for each of {max_player_counts} players", each=each,
                    max_player_counts=max(PLAYER_COUNTS)))
    pieces = _pieces(calm, height - calm)
    count = _whole(lines, "city_pieces", data.get("city_pieces"), 0)
    if count > len(pieces):
        raise lines.error("city_pieces",
                Reason("box_only_pieces", "the box has only {count_pieces} pieces", count_pieces=len(pieces)))
    return Box(width=width, height=height, zones=zones, start=start, goal=goal, stars=star_cells,
               pieces=pieces, faces=_faces(), tokens_total=total, tokens_each=each,
               city_pieces=count, colors=tuple(colours))
