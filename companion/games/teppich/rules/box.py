"""What is in the café's box of Der fliegende Teppich: the board's measures, zones, podiums,
stars, the twelve scenery and cloud pieces, the special die's faces and the steering tokens.

Read from ``assets/teppich/`` by ``companion.games.teppich.box_files.load`` (which checks every
value); the engine only reads it. Cells are ``(x, y)``: x from the left, y from the bottom.

>>> box = Box(width=24, height=12, zones=((0, 5, 0), (6, 8, 1), (9, 11, 2)), start=(0, 0),
...           goal=(23, 0), stars=((5, 7),), pieces=(), faces=(), tokens_total=45,
...           tokens_each=5, city_pieces=8)
>>> box.wind(4), box.wind(7), box.wind(11), box.sky_from, box.supply(4)
(0, 1, 2, 6, 25)
"""

from __future__ import annotations

from dataclasses import dataclass, field

from companion.engine.errors import IllegalAction

Cell = tuple[int, int]

#: The special die's effects, in the order of the recorded face numbers 1..6 (the issue fixes
#: this order; only the pictures and words on the faces are box data).
FACE_EFFECTS: tuple[str, ...] = ("miss", "clouds", "again", "tokens", "swap", "hop")
PIECE_KINDS: tuple[str, ...] = ("house", "tower", "tree", "cloud")
PLAYER_COUNTS: tuple[int, ...] = (3, 4, 5, 6)


@dataclass(frozen=True)
class Piece:
    """One scenery or cloud piece of the box.

    Scenery (house, tower, tree) stands on the ground: ``heights`` gives the height of each of
    its columns from the left. A cloud lies in the sky: ``cells`` are its cells relative to its
    lower left corner.
    """

    id: str
    kind: str
    heights: tuple[int, ...] = ()
    cells: tuple[Cell, ...] = ()

    @property
    def is_cloud(self) -> bool:
        return self.kind == "cloud"

    def shape(self) -> tuple[Cell, ...]:
        """The piece's cells relative to its lower left corner.

        >>> Piece("hut", "house", heights=(2, 1)).shape()
        ((0, 0), (0, 1), (1, 0))
        """
        if self.is_cloud:
            return self.cells
        return tuple((dx, dy) for dx, h in enumerate(self.heights) for dy in range(h))


@dataclass(frozen=True)
class Face:
    """One face of the special die: its number (1..6), effect, picture name and words (the
    whole sentence, and a short form for the small box beside the die's picture)."""

    value: int
    effect: str
    picture: str
    words_de: str
    words_en: str
    short_de: str = ""
    short_en: str = ""


@dataclass(frozen=True)
class Box:
    width: int
    height: int
    #: (lowest row, highest row, wind strength) for each zone, bottom to top.
    zones: tuple[tuple[int, int, int], ...]
    start: Cell
    goal: Cell
    stars: tuple[Cell, ...]
    pieces: tuple[Piece, ...]
    faces: tuple[Face, ...]
    #: Steering tokens in the box, and how many each player gets at the start.
    tokens_total: int
    tokens_each: int
    #: How many pieces the city generator uses unless told otherwise.
    city_pieces: int
    #: Carpet colours in seat order.
    colors: tuple[str, ...] = ("red", "blue", "yellow", "green", "purple", "orange")
    _wind: tuple[int, ...] = field(default=(), compare=False, repr=False)

    def __post_init__(self) -> None:
        # One lookup per row: the flight tracer asks for the wind at every sideways leg.
        rows = [0] * self.height
        for low, high, strength in self.zones:
            for y in range(max(low, 0), min(high, self.height - 1) + 1):
                rows[y] = strength
        object.__setattr__(self, "_wind", tuple(rows))

    def wind(self, y: int) -> int:
        """The wind strength (cells pushed to the right) in row ``y``; 0 in the calm zone."""
        return self._wind[y]

    @property
    def sky_from(self) -> int:
        """The lowest row with wind: clouds lie from here up, scenery stays below."""
        return next((y for y in range(self.height) if self._wind[y] > 0), self.height)

    def on_board(self, cell: Cell) -> bool:
        return 0 <= cell[0] < self.width and 0 <= cell[1] < self.height

    def supply(self, players: int) -> int:
        """Steering tokens left in the supply after dealing ``tokens_each`` to every player."""
        return max(0, self.tokens_total - self.tokens_each * players)

    def piece(self, piece_id: str) -> Piece:
        return next(p for p in self.pieces if p.id == piece_id)


#: the parameters of a refusal that count cells (columns, rows, the board's last column and
#: row): the engine counts them from 0, a table from 1
COUNTED = ("x", "y", "row", "w", "h")


def counted(exc: IllegalAction) -> IllegalAction:
    """A refusal naming a cell as the table counts it: columns from the left and rows from the
    bottom, both from 1, as the screen and the city's steps do. Only the English words (what
    the command line and the logs print) count so; ``params`` keep the engine's cells from 0,
    and the screen adds the one itself.

    >>> exc = counted(IllegalAction("hop_not_free", "The cell in column {x}, row {y} is not free", x=0, y=0))
    >>> str(exc), exc.params
    ('The cell in column 1, row 1 is not free', {'x': 0, 'y': 0})
    """
    shown = {k: v + 1 if k in COUNTED and isinstance(v, int) and not isinstance(v, bool) else v
             for k, v in exc.params.items()}
    exc.args = (exc.template.format(**shown),)
    return exc
