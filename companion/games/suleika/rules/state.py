"""The Suleika game state: one frozen dataclass of plain values (JSON-friendly).

Nothing here decides a rule; ``rules.py`` does. The small read-only helpers at the bottom
answer questions the UI asks (whose colour is this, how many carpets are left).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.games.suleika.rules.board import Cell

#: The top carpet on a cell: (colour, carpet id). Ids count the carpets laid, from 0, so two
#: cells showing the same id show both halves of one carpet.
Top = tuple[str, int]
Board = tuple[tuple[Top | None, ...], ...]

PHASES: tuple[str, ...] = ("roll", "place", "heading", "over")


@dataclass(frozen=True)
class State:
    """A moment of a Suleika game.

    ``phase`` says what comes next: ``"roll"`` (faces may come first), ``"place"`` (the
    mover lays a carpet), ``"heading"`` (2-player variant: the mover who just placed may turn
    Omar for the next player, whose roll ends this phase) or ``"over"``.
    ``current`` is the seat acting in that phase (in ``"heading"``: the mover who placed).
    ``turn_heading`` is the heading every ``face`` of this phase is measured against, so a
    player may change his mind; ``first_turn`` is True until the game's first roll (then
    any of the four headings may be chosen).
    """

    players: int
    names: tuple[str, ...]
    rules: str
    variant2p: bool
    corner_loops: str
    #: Colours of each seat, and carpets left of each of those colours (same order).
    colors: tuple[tuple[str, ...], ...]
    stock: tuple[tuple[int, ...], ...]
    die_faces: tuple[int, ...]
    final_tie: str
    omar: Cell
    facing: str
    turn_heading: str
    first_turn: bool
    phase: str
    current: int
    money: tuple[int, ...]
    out: tuple[bool, ...]
    board: Board
    #: Carpets laid so far; also the id the next carpet gets.
    laid: int = 0
    #: The last die value rolled (None before the first roll); for the screen only.
    last_roll: int | None = None

    def owner(self, colour: str) -> int | None:
        """The seat that plays ``colour``, or None if nobody does."""
        for seat, colours in enumerate(self.colors):
            if colour in colours:
                return seat
        return None

    def top(self, cell: Cell) -> Top | None:
        return self.board[cell[0]][cell[1]]

    def left_of(self, seat: int) -> dict[str, int]:
        """Carpets left per colour for ``seat``, e.g. ``{"red": 3, "yellow": 4}``."""
        return dict(zip(self.colors[seat], self.stock[seat]))

    def has_carpets(self, seat: int) -> bool:
        return sum(self.stock[seat]) > 0

    def to_dict(self) -> dict[str, Any]:
        """The state as plain JSON values (lists for tuples)."""
        def plain(v: Any) -> Any:
            if isinstance(v, tuple):
                return [plain(x) for x in v]
            return v
        return {name: plain(getattr(self, name)) for name in self.__dataclass_fields__}


_FIELDS = frozenset(State.__dataclass_fields__)


def evolve(state: State, **changes: Any) -> State:
    """``dataclasses.replace(state, **changes)``, about five times faster.

    ``replace`` re-runs the generated ``__init__``, which sets each of the twenty fields
    through ``object.__setattr__``; a random game makes some 130 new states, and profiling
    showed ``replace`` taking a third of the engine's time. State has no ``__post_init__``
    and no defaults that compute anything, so copying the field values and overriding some
    is the same new state.

    >>> from companion.games.suleika.box_files import load
    >>> from companion.games.suleika.rules.header import start_state
    >>> s = start_state(load(), {"record": 1, "game": "suleika", "players": 2, "seed": 1})
    >>> evolve(s, facing="E").facing, s.facing
    ('E', 'N')
    """
    if not changes.keys() <= _FIELDS:
        raise TypeError(f"State has no field {sorted(changes.keys() - _FIELDS)[0]!r}")
    return derive(state, changes)


def derive(state: State, changes: dict[str, Any]) -> State:
    """``evolve`` for the rules, whose ``changes`` name only fields (not checked again)."""
    fields = draft(state)
    fields.update(changes)
    return made(fields)


def draft(state: State) -> dict[str, Any]:
    """A copy of ``state``'s fields, to change and then turn into the next state by ``made``.

    >>> from companion.games.suleika.box_files import load
    >>> from companion.games.suleika.rules.header import start_state
    >>> s = start_state(load(), {"record": 1, "game": "suleika", "players": 2, "seed": 1})
    >>> fields = draft(s)
    >>> fields["facing"] = "W"
    >>> made(fields).facing, s.facing
    ('W', 'N')
    """
    # {**...} and not .copy(): a copy of an instance dict still shares its keys with the
    # class, and attribute reads on an instance holding such a dict take the slow path;
    # a plain dict keeps every later ``state.phase`` about twice as fast.
    return {**state.__dict__}


def made(fields: dict[str, Any]) -> State:
    """The State whose fields are ``fields`` (every one of them, as ``draft`` gives them).

    The dict becomes the new instance's own (frozen forbids setting fields one by one, not
    the instance dict): a third cheaper than filling an empty instance dict field by field.
    """
    new = _new(State)
    _set(new, "__dict__", fields)
    return new


_new, _set = object.__new__, object.__setattr__
