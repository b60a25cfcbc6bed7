"""Small builders for Mutabor test positions: a maze with chosen cards on chosen cells,
figures put anywhere, the turn given to anyone."""

from __future__ import annotations

from collections import Counter
from typing import Any

from companion.engine.base import IllegalAction
from companion.games.mutabor.box_files import load
from companion.games.mutabor.rules import State, make_engine
from companion.games.mutabor.rules.geometry import KINDS
from companion.games.mutabor.rules.state import evolve

BOX = load()
ENGINE = make_engine(BOX)
#: The kind laid on every cell no test asked for, as long as the box has some left: the Tor
#: (rook) gives figures plenty of moves, so players rarely pass by accident.
FILL_ORDER = ("tor", "morgenstern", "elefant", "baum", "krebs", "storch")


def maze(cards: dict[tuple[int, int], str] | None = None) -> list[str]:
    """52 cards in dealing order with ``cards[cell]`` on each given cell; the rest of the box
    fills the other places in ``FILL_ORDER``."""
    cards = cards or {}
    left = Counter(dict(BOX.cards))
    for kind in cards.values():
        left[kind] -= 1
        assert left[kind] >= 0, f"the box has too few {kind} cards"
    filler = [kind for kind in FILL_ORDER for _ in range(left[kind])]
    out = []
    for cell in BOX.dealing:
        out.append(cards[cell] if cell in cards else filler.pop(0))
    assert sorted(Counter(out).items()) == sorted((k, n) for k, n in BOX.cards) and set(out) <= set(KINDS)
    return out


def new(players: int = 2, cards: dict[tuple[int, int], str] | None = None, **header: Any) -> State:
    """A new game on a maze built by :func:`maze` (or dealt from ``seed`` when given)."""
    base: dict[str, Any] = {"record": 2, "game": "mutabor", "players": players}
    if "seed" not in header:
        base["maze"] = maze(cards)
    return ENGINE.new_game({**base, **header})


def put(state: State, *figures: list[tuple[int, int]], turn: int | None = None, **changes: Any) -> State:
    """Each seat's four figures on the given cells (sorted as the engine keeps them)."""
    assert len(figures) == state.players and all(len(f) == 4 for f in figures)
    out = evolve(state, figures=tuple(tuple(sorted(f)) for f in figures), **changes)
    return out if turn is None else evolve(out, turn=turn)


def move(state: State, a: tuple[int, int], b: tuple[int, int], **extra: Any) -> tuple[State, list]:
    return ENGINE.apply(state, {"action": "move", "from": list(a), "to": list(b), **extra})


def refused(state: State, action: dict) -> IllegalAction:
    """The refusal of ``action``; fails if it is accepted. The state must stay unchanged."""
    before = state.to_dict()
    try:
        ENGINE.apply(state, action)
    except IllegalAction as exc:
        assert state.to_dict() == before
        return exc
    raise AssertionError(f"{action} was accepted")


def refused_move(state: State, a: tuple[int, int], b: tuple[int, int], **extra: Any) -> str:
    return refused(state, {"action": "move", "from": list(a), "to": list(b), **extra}).code


def targets_of(state: State, cell: tuple[int, int]) -> set[tuple[int, int]]:
    from companion.games.mutabor.rules import targets
    return set(targets(state, cell))


def kinds(events: list) -> list[str]:
    return [e.kind for e in events]

# Start cells, for reading the tests: bottom (7, 2..5), left (2..5, 0), top (0, 2..5), right (2..5, 7).
BOTTOM = [(7, 2), (7, 3), (7, 4), (7, 5)]
LEFT = [(2, 0), (3, 0), (4, 0), (5, 0)]
TOP = [(0, 2), (0, 3), (0, 4), (0, 5)]
RIGHT = [(2, 7), (3, 7), (4, 7), (5, 7)]
