"""The city: checking a table's own city, and building one from a seed, piece by piece.

Scenery fills whole cells in gapless columns standing on the ground, only in the calm zone;
clouds fill cells in the sky. The start and goal podiums and the cells right of the start and
left of the goal stay free, and a way through must lead from start to goal.

>>> from companion.games.teppich.box_files import load
>>> box = load()
>>> city = generate(box, 3)
>>> city == generate(box, 3), len(city.placements) == box.city_pieces
(True, True)
>>> check_city(box, city.scenery, city.clouds)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.engine.base import IllegalAction
from companion.engine.rng import SplitMix64
from companion.games.teppich.rules.board import has_way
from companion.games.teppich.rules.box import Box, Cell, Piece, counted


@dataclass(frozen=True)
class Placement:
    """Where one piece of the box goes: its id, kind, lower left corner and the cells it fills."""

    piece: str
    kind: str
    corner: Cell
    cells: tuple[Cell, ...]

    def to_json(self) -> dict[str, Any]:
        return {"piece": self.piece, "kind": self.kind, "corner": list(self.corner),
                "cells": [list(c) for c in self.cells]}


@dataclass(frozen=True)
class City:
    placements: tuple[Placement, ...]
    scenery: tuple[Cell, ...]
    clouds: tuple[Cell, ...]


def reserved(box: Box) -> tuple[Cell, ...]:
    """The cells no piece may cover: both podiums, right of the start, left of the goal."""
    return (box.start, (box.start[0] + 1, box.start[1]), box.goal, (box.goal[0] - 1, box.goal[1]))


def parse_cells(raw: Any, name: str) -> tuple[Cell, ...]:
    """A header's list of ``[x, y]`` cells, as sorted tuples."""
    if not isinstance(raw, list) or not all(
            isinstance(c, (list, tuple)) and len(c) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) for v in c) for c in raw):
        raise IllegalAction("bad_cells", "{name} must be a list of [x, y] cells", name=name)
    cells = [(int(c[0]), int(c[1])) for c in raw]
    if len(set(cells)) != len(cells):
        twice = next(c for c in cells if cells.count(c) > 1)
        raise counted(IllegalAction("cell_twice", "The cell in column {x}, row {y} is given twice",
                                    x=twice[0], y=twice[1]))
    return tuple(sorted(cells))


def check_city(box: Box, scenery: tuple[Cell, ...], clouds: tuple[Cell, ...]) -> None:
    """Refuse a city the rules do not allow; None when it is fine."""
    for cell in scenery + clouds:
        if not box.on_board(cell):
            raise counted(IllegalAction("cell_off_board", "The cell in column {x}, row {y} is not on the board "
                                "(columns 1 to {w}, rows 1 to {h} from the bottom)", x=cell[0], y=cell[1],
                                w=box.width - 1, h=box.height - 1))
    both = set(scenery) & set(clouds)
    if both:
        x, y = min(both)
        raise counted(IllegalAction("cell_twice", "The cell in column {x}, row {y} is given twice", x=x, y=y))
    solid = set(scenery)
    for x, y in scenery:
        if y >= box.sky_from:
            raise counted(IllegalAction("scenery_in_sky", "Scenery stands only in the calm zone, not in "
                                "column {x}, row {y}", x=x, y=y))
        if y > 0 and (x, y - 1) not in solid:
            raise counted(IllegalAction("scenery_floating", "Scenery in column {x}, row {y} must stand on scenery "
                                "or the ground", x=x, y=y))
    for x, y in clouds:
        if y < box.sky_from:
            raise counted(IllegalAction("cloud_below_sky", "Clouds lie only in the sky (from row {row} "
                                "up), not in column {x}, row {y}", x=x, y=y, row=box.sky_from))
    taken = solid | set(clouds)
    for cell in reserved(box):
        if cell in taken:
            raise counted(IllegalAction("podium_blocked", "The cell in column {x}, row {y} beside a podium "
                                        "must stay free", x=cell[0], y=cell[1]))
    if not has_way(box, frozenset(taken)):
        raise IllegalAction("no_way_through", "This city leaves no way through from start to goal")


def _scenery_spots(box: Box, piece: Piece, solid: set[Cell], keep: set[Cell]) -> list[Cell]:
    shape = piece.shape()
    width = len(piece.heights)
    spots = []
    for x in range(box.width - width + 1):
        cells = [(x + dx, dy) for dx, dy in shape]
        # a piece lies on the ground in columns no other piece uses (pieces are not stacked)
        if any((x + dx, 0) in solid for dx in range(width)):
            continue
        if any(c in keep for c in cells):
            continue
        spots.append((x, 0))
    return spots


def _cloud_spots(box: Box, piece: Piece, taken: set[Cell]) -> list[Cell]:
    spots = []
    for x in range(box.width):
        for y in range(box.sky_from, box.height):
            cells = [(x + dx, y + dy) for dx, dy in piece.cells]
            if all(box.on_board(c) and c[1] >= box.sky_from and c not in taken for c in cells):
                spots.append((x, y))
    return spots


#: the last city generated: the table's start makes the same city three times (the game's
#: header checks it, the city screen shows it, the flights table finds its palms in it), some
#: 30 M instructions each; a City is immutable, so handing out the same one is safe
_last: list[tuple[Box, int, int | None, City]] = []


def generate(box: Box, seed: int, count: int | None = None) -> City:
    """A passable city from ``count`` of the box's pieces (the box's ``city_pieces`` unless
    given), the same for the same seed on every machine: see :func:`make_city`."""
    for known_box, known_seed, known_count, city in _last:
        if known_box is box and known_seed == seed and known_count == count:
            return city
    city = make_city(box, seed, count)
    _last[:] = [(box, seed, count, city)]
    return city


def make_city(box: Box, seed: int, count: int | None = None) -> City:
    """A passable city from ``count`` of the box's pieces (the box's ``city_pieces`` unless
    given), the same for the same seed on every machine. Scenery is placed first, then the
    clouds, each cloud only where a way through remains; a piece with no room is left out."""
    rng = SplitMix64(seed)
    n = box.city_pieces if count is None else max(0, min(count, len(box.pieces)))
    chosen = rng.shuffled(box.pieces)[:n]
    keep = set(reserved(box))
    solid: set[Cell] = set()
    clouds: set[Cell] = set()
    placements: list[Placement] = []
    for piece in [p for p in chosen if not p.is_cloud] + [p for p in chosen if p.is_cloud]:
        if piece.is_cloud:
            spots = rng.shuffled(_cloud_spots(box, piece, solid | clouds))
        else:
            spots = rng.shuffled(_scenery_spots(box, piece, solid, keep))
        for corner in spots:
            cells = tuple((corner[0] + dx, corner[1] + dy) for dx, dy in piece.shape())
            if piece.is_cloud and not has_way(box, frozenset(solid | clouds | set(cells))):
                continue
            (clouds if piece.is_cloud else solid).update(cells)
            placements.append(Placement(piece.id, piece.kind, corner, cells))
            break
    return City(tuple(placements), tuple(sorted(solid)), tuple(sorted(clouds)))
