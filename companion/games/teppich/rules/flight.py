"""Flights: turning a wind card, a steering token or a drift into legs, and tracing the legs
across the board with the wind.

A leg is ``("vertical", dy)`` or ``("side", dx)``; ``dx`` is what card and token give, before
the wind. At the moment of a sideways leg the zone the carpet is in adds its strength to the
right (a leftward leg is shortened and may turn rightward), so a side leg of 0 is still pushed.

>>> from companion.games.teppich.box_files import load
>>> box = load()
>>> f = trace(box, frozenset(), frozenset(), (5, 10), card_legs(1, 1, "UR", "up_side", None))
>>> f.end, f.path, f.pushes
((8, 11), ((5, 10), (5, 11), (6, 11), (7, 11), (8, 11)), (((5, 11), 2),))
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, NamedTuple

from companion.engine.base import IllegalAction
from companion.games.teppich.rules.box import Box, Cell, counted

Leg = tuple[str, int]
ARROWS: tuple[str, ...] = ("up_side", "side_up", "down_side", "side_down")
PAIRS: tuple[str, ...] = ("UR", "UL")
TOKEN_LEGS: tuple[str, ...] = ("vertical", "side")
DIRECTIONS: dict[str, Leg] = {"up": ("vertical", 1), "down": ("vertical", -1),
                              "left": ("side", -1), "right": ("side", 1)}


class Flight(NamedTuple):
    """A traced flight: every cell passed in order (start first), where the wind pushed
    (the cell the sideways leg began on, and by how much), and whether the carpet left the
    board (then ``end`` is the start podium and ``path`` stops at the edge). A named tuple:
    the legal-move search makes one for every distinct flight of a position, and a frozen
    data class costs five times as much to make."""

    start: Cell
    end: Cell
    path: tuple[Cell, ...]
    pushes: tuple[tuple[Cell, int], ...]
    blown_off: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"from": list(self.start), "to": list(self.end), "path": [list(c) for c in self.path],
                "pushes": [{"cell": list(c), "wind": w} for c, w in self.pushes],
                "blown_off": self.blown_off}


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def parse_token(raw: Any) -> tuple[str, int] | None:
    """The ``token`` of an action as (leg, change), None when no token is played."""
    if raw is None:
        return None
    if isinstance(raw, list):
        raise IllegalAction("second_token", "Only one steering token may be played in a turn")
    if (not isinstance(raw, dict) or set(raw) != {"leg", "change"} or raw["leg"] not in TOKEN_LEGS
            or not _is_int(raw["change"]) or raw["change"] not in (1, -1)):
        raise IllegalAction("bad_token", 'A steering token is {{"leg": "vertical" or "side", '
                            '"change": 1 or -1}}')
    return str(raw["leg"]), int(raw["change"])


def check_arrows(arrows: Any) -> str:
    if arrows in ARROWS:
        return str(arrows)
    if isinstance(arrows, str) and len(arrows.split("_")) > 2:
        raise IllegalAction("stair_steps", "One vertical and one sideways leg per move, never "
                            "stair-stepped ({arrows})", arrows=arrows)
    raise IllegalAction("bad_arrows", "The arrow colour must be up_side, side_up, down_side "
                        "or side_down, not {arrows}", arrows=str(arrows))


def card_legs(v: Any, h: Any, pair: Any, arrows: Any, token: tuple[str, int] | None) -> list[Leg]:
    """The legs of a wind card played with one arrow colour and perhaps a token.

    >>> card_legs(3, 2, "UR", "side_down", ("side", -1))
    [('side', -1), ('vertical', -3)]
    >>> card_legs(2, 0, "UR", "side_up", ("side", -1))
    [('side', -1), ('vertical', 2)]
    """
    if not (_is_int(v) and 1 <= v <= 3 and _is_int(h) and 0 <= h <= 3):
        raise IllegalAction("bad_card", "A wind card shows 1 to 3 up or down and 0 to 3 "
                            "sideways, not {v} and {h}", v=str(v), h=str(h))
    if pair not in PAIRS:
        raise IllegalAction("bad_pair", 'The pairing must be "UR" (up goes with right) or "UL" '
                            '(up goes with left), not {pair}', pair=str(pair))
    arrows = check_arrows(arrows)
    up = arrows in ("up_side", "side_up")
    side_first = arrows.startswith("side")
    vertical = v + (token[1] if token and token[0] == "vertical" else 0)
    if h == 0:
        if pair != "UR":
            raise IllegalAction("h0_pair", 'A card without a sideways arrow is entered with "pair": "UR"')
        if token and token[0] == "side":
            # the token adds a one-cell sideways leg: +1 the way "UR" pairs it with this colour
            side = (1 if up else -1) * token[1]
        elif side_first:
            raise IllegalAction("h0_arrows", "A card without a sideways arrow flies up_side or "
                                "down_side only (a sideways token may come first)")
        else:
            side = None
    else:
        direction = (1 if up else -1) * (1 if pair == "UR" else -1)
        side = direction * (h + (token[1] if token and token[0] == "side" else 0))
    legs: list[Leg] = []
    if vertical:
        legs.append(("vertical", vertical if up else -vertical))
    if side is not None:
        legs.insert(0 if side_first else len(legs), ("side", side))
    return legs


def drift_legs(box: Box, scenery: frozenset[Cell], cell: Cell) -> list[Leg]:
    """Playing nothing: drift right in a wind zone, sink one in the calm, stay when grounded."""
    if box.wind(cell[1]):
        return [("side", 0)]
    if cell[1] == 0 or (cell[0], cell[1] - 1) in scenery:
        return []
    return [("vertical", -1)]


def walk(box: Box, scenery: frozenset[Cell], walls: frozenset[Cell], start: Cell,
         legs: tuple[Leg, ...] | list[Leg]) -> Flight | tuple[str, int, int]:
    """Fly ``legs`` from ``start``: the Flight, or why not as (code, x, y) of the cell where it
    fails. No exception: the legal-move search flies some 400 card plays per position."""
    x, y = start
    path = [start]
    pushes: list[tuple[Cell, int]] = []
    for kind, amount in legs:
        cells, push, outcome = fly_leg(box, scenery, walls, x, y, kind, amount)
        if push is not None:
            pushes.append(push)
        if cells is None:
            assert isinstance(outcome, tuple)
            return outcome
        path.extend(cells)
        if outcome is None:  # off the board at the top, left or right
            return Flight(start, box.start, tuple(path), tuple(pushes), True)
        x, y = path[-1]
    return Flight(start, (x, y), tuple(path), tuple(pushes))


@lru_cache(maxsize=4)
def ways(width: int, height: int) -> tuple[tuple[tuple[tuple[Cell, ...], ...], ...], ...]:
    """For every cell of a board this size, the cells from it to the edge each way, in the
    order a carpet flies past them: ``ways(w, h)[x][y]`` is (up, down, left, right). A
    flight's leg is the beginning of one of them. (Not a field of the box: it would be
    part of the box's fingerprint, which names the box data only.)"""
    rows = [[(x, y) for x in range(width)] for y in range(height)]
    cols = [[(x, y) for y in range(height)] for x in range(width)]
    return tuple(tuple((tuple(cols[x][y + 1:]), tuple(cols[x][y - 1::-1]) if y else (),
                        tuple(rows[y][x - 1::-1]) if x else (), tuple(rows[y][x + 1:]))
                       for y in range(height)) for x in range(width))


def fly_leg(box: Box, scenery: frozenset[Cell], walls: frozenset[Cell], x: int, y: int,
            kind: str, amount: int) -> tuple[tuple[Cell, ...] | None, tuple[Cell, int] | None,
                                             bool | tuple[str, int, int] | None]:
    """One leg from ``(x, y)`` (see ``walk``): (the cells passed, the wind's push or None,
    how it ends). On the board: (cells, push, True); off the board at the top, left or right:
    (the cells up to the edge, push, None); at a wall, or below the ground: (None, push,
    (code, x, y) of the first cell that is not free, in the order the carpet flies). The
    cells are the beginning of a way to the edge (``ways``), checked against the walls at once."""
    push = None
    if kind == "vertical":
        way = ways(box.width, box.height)[x][y][0 if amount > 0 else 1]
        steps = amount if amount > 0 else -amount
    else:
        wind = box.wind(y)
        if wind:
            push = ((x, y), wind)
        amount += wind
        if not amount:
            return (), push, True
        way = ways(box.width, box.height)[x][y][3 if amount > 0 else 2]
        steps = amount if amount > 0 else -amount
    cells = way[:steps]
    if not walls.isdisjoint(cells):
        wx, wy = next(c for c in cells if c in walls)
        return None, push, ("through_scenery" if (wx, wy) in scenery else "through_cloud", wx, wy)
    if steps <= len(way):
        return cells, push, True
    if kind == "vertical" and amount < 0:  # down past the ground
        return None, push, ("below_ground", x, -1)
    return cells, push, None  # off the board at the top, left or right


def trace(box: Box, scenery: frozenset[Cell], walls: frozenset[Cell], start: Cell,
          legs: tuple[Leg, ...] | list[Leg]) -> Flight:
    """Fly ``legs`` from ``start``; IllegalAction when a cell on the way is scenery or a
    cloud, or the flight goes below the ground. Leaving the board at the top, left or right
    ends the flight on the start podium."""
    result = walk(box, scenery, walls, start, legs)
    if isinstance(result, Flight):
        return result
    code, x, y = result
    if code == "below_ground":
        raise IllegalAction("below_ground", "This flight would go below the ground")
    if code == "through_scenery":
        raise counted(IllegalAction("through_scenery", "The flight runs into scenery in column {x}, row {y}", x=x, y=y))
    raise counted(IllegalAction("through_cloud", "The flight runs into a cloud in column {x}, row {y}", x=x, y=y))
