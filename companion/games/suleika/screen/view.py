"""What the Suleika screen asks of one game state, worked out once per state.

A frame asks for the legal carpets, the hint, the scores and whose turn it is several
times (the board, the panel, the controls); the engine's queries walk the board each time.
A :class:`View` asks each once, the first time it is needed, and the screen keeps the views
of the last two states (the one shown while Omar walks, and the one after).

>>> from companion.session.session import Session
>>> s = Session.new({"game": "suleika", "players": 2, "seed": 1})
>>> v = View(s.state)
>>> v.allowed, v.placements_of("red")
(['N', 'E', 'S', 'W'], [])
>>> round(v.hint_for("N").expected_payment, 1)
0.0
"""

from __future__ import annotations

from functools import cached_property

from companion.games.suleika import rules as suleika
from companion.games.suleika.rules import HeadingHint, State

Placement = tuple[tuple[int, int], tuple[int, int], str]


class View:
    """One state's answers, each asked of the engine at most once."""

    def __init__(self, state: State) -> None:
        self.state = state

    @cached_property
    def seat(self) -> int | None:
        """The seat acting now (in the 2-player heading phase: the one who just placed)."""
        return None if self.state.phase == "over" else self.state.current

    @cached_property
    def roller(self) -> int | None:
        """The seat that rolls next (in the heading phase: the other player)."""
        return suleika.queries.roller(self.state)

    @cached_property
    def allowed(self) -> list[str]:
        return suleika.allowed_headings(self.state)

    @cached_property
    def placements(self) -> list[Placement]:
        return suleika.legal_placements(self.state)

    def placements_of(self, colour: str | None) -> list[Placement]:
        """The legal carpets of one colour, in the engine's order (LEFT/RIGHT step through)."""
        return self._by_colour.get(colour, [])

    @cached_property
    def _by_colour(self) -> dict[str | None, list[Placement]]:
        out: dict[str | None, list[Placement]] = {}
        for p in self.placements:
            out.setdefault(p[2], []).append(p)
        return out

    @cached_property
    def hints(self) -> dict[str, HeadingHint]:
        return suleika.hint(self.state) if self.state.phase in ("roll", "heading") else {}

    def hint_for(self, heading: str) -> HeadingHint | None:
        return self.hints.get(heading)

    @cached_property
    def visible(self) -> list[int]:
        return [suleika.visible_cells(self.state, s) for s in range(self.state.players)]

    @cached_property
    def scores(self) -> list[int]:
        return [v + m for v, m in zip(self.visible, self.state.money, strict=True)]

    def held(self, seat: int | None) -> list[str]:
        """The colours ``seat`` still has carpets of, in seat order."""
        if seat is None:
            return []
        left = suleika.carpets_left(self.state, seat)
        return [c for c in suleika.seat_colors(self.state, seat) if left.get(c, 0) > 0]

    @cached_property
    def held_now(self) -> list[str]:
        return self.held(self.seat)


class Views:
    """The views of the last two states asked for (by identity: states are never changed)."""

    def __init__(self) -> None:
        self._kept: list[View] = []

    def of(self, state: State) -> View:
        for v in self._kept:
            if v.state is state:
                return v
        v = View(state)
        self._kept = [v, *self._kept[:1]]
        return v
