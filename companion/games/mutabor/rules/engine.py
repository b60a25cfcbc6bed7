"""The Mutabor engine: validating and applying ``move``, ``swap`` and ``draw``; passes, sitting
out, wins and draws.

Every check raises :class:`IllegalAction` before anything is built, and states are frozen,
so a refused action leaves the game exactly as it was.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations
from typing import TYPE_CHECKING, Any

from companion.engine.actions import action_name, handlers
from companion.engine.base import Action, Chance, Engine, Event, IllegalAction
from companion.games.mutabor.rules import moves as mv
from companion.games.mutabor.rules.box import Box
from companion.games.mutabor.rules.check import capture_cell, cell_of, check_move, check_swap
from companion.games.mutabor.rules.geometry import CENTRE, GOAL, MIDDLE_SEAT, VISIBLE, Cell
from companion.games.mutabor.rules.header import start_state
from companion.games.mutabor.rules.state import State, evolve

ACTIONS = ("move", "swap", "draw")
Handler = Callable[[State, Action], tuple[State, list[Event]]]


def _pair(cell: Cell) -> list[int]:
    return [cell[0], cell[1]]


def settle(state: State, seat: int, events: list[Event]) -> State:
    """The turn goes to ``seat`` or, skipping players who cannot move (and the 3-player middle
    player's first turn), to the next one who can; a draw when nobody can move at all.

    Nothing changes while players pass, so once every seat in a row has been found without
    a move nobody has one: then the game is drawn (and nobody is reported as passing).
    """
    passes: list[tuple[int, str]] = []
    sat_out = state.sat_out
    stuck = 0
    while stuck < state.players:
        if not sat_out and seat == MIDDLE_SEAT:
            sat_out = True
            passes.append((seat, "sits_out"))
        elif mv.can_move(state, seat):
            events.extend(Event("pass", {"seat": s, "reason": r}) for s, r in passes)
            return evolve(state, turn=seat, sat_out=sat_out, swapped=False, passes=tuple(passes))
        else:
            passes.append((seat, "no_move"))
            stuck += 1
        seat = (seat + 1) % state.players
    events.append(Event("over", {"winners": [], "draw": True, "reason": "no_moves"}))
    return evolve(state, turn=None, over=True, draw=True, swapped=False, passes=())


class MutaborEngine:
    """Mutabor as a pure engine; see the package docstring for the rule decisions."""

    name = "mutabor"
    chance_actions: frozenset[str] = frozenset()
    #: Every ``reason`` a ``pass`` or ``over`` event carries.
    REASONS: tuple[str, ...] = ("no_move", "sits_out", "no_moves", "agreed", "all_home")
    #: Nothing is left to chance during play: the maze comes from the header.
    CHANCE_KINDS: tuple[str, ...] = ()

    def __init__(self, box: Box) -> None:
        self.box = box
        self._handlers: dict[str, Handler] = handlers(self, ACTIONS)

    # -- the Engine protocol ------------------------------------------------------------------
    def new_game(self, header: dict[str, Any]) -> State:
        state = start_state(self.box, header)
        return settle(state, state.first, [])

    def apply(self, state: State, action: Action) -> tuple[State, list[Event]]:
        handler = self._handlers[action_name(action, self._handlers)]
        if state.over:
            raise IllegalAction("game_over", "The game is over")
        return handler(state, action)

    def legal_actions(self, state: State) -> list[Action]:
        if state.over or state.turn is None:
            return []
        actions: list[Action] = []
        for a, b, to in mv.seat_moves(state, state.turn):
            action: Action = {"action": "move", "from": _pair(a), "to": _pair(b)}
            if to is not None:
                action["capture_to"] = _pair(to)
            actions.append(action)
        if self.may_swap(state):
            occupied = state.occupancy()
            free = sorted(c for c in VISIBLE if c not in occupied)
            actions += [{"action": "swap", "a": _pair(a), "b": _pair(b)} for a, b in combinations(free, 2)]
        return actions

    def chance(self, state: State) -> Chance | None:
        return None  # the maze comes from the header: nothing is left to chance during play

    def current_player(self, state: State) -> int | None:
        return None if state.over else state.turn

    def is_over(self, state: State) -> bool:
        return state.over

    def summary(self, state: State) -> dict[str, Any]:
        maze = [[("hidden" if (r, c) in CENTRE else kind) for c, kind in enumerate(row)]
                for r, row in enumerate(state.grid)]
        return {
            "maze": maze,
            "figures": [[_pair(c) for c in cells] for cells in state.figures],
            "turn": None if state.over else state.turn,
            "over": state.over,
            "winners": list(state.winners),
            "draw": state.draw,
            "unreachable": [[_pair(c) for c in cells] for cells in mv.unreachable_goals(state)],
            "may_swap": self.may_swap(state),
        }

    # -- questions for the screen ---------------------------------------------------------------
    @staticmethod
    def may_swap(state: State) -> bool:
        """The player to move may swap two cards now: a goal cell of his is unreachable and he
        has not swapped this turn."""
        if state.over or state.turn is None or state.swapped:
            return False
        return bool(mv.unreachable_goals(state)[state.turn])

    # -- the actions ----------------------------------------------------------------------------
    def _move(self, state: State, action: Action) -> tuple[State, list[Event]]:
        seat = state.turn
        assert seat is not None
        a, b = cell_of(action, "from"), cell_of(action, "to")
        victim = check_move(state, seat, a, b)
        to = capture_cell(state, victim, action)
        figures = [list(cells) for cells in state.figures]
        figures[seat][figures[seat].index(a)] = b
        home = b in GOAL[state.sides[seat]]
        events = [Event("move", {"seat": seat, "from": _pair(a), "to": _pair(b), "card": state.card(a),
                                 "home": home})]
        if victim is not None:
            assert to is not None
            figures[victim][figures[victim].index(b)] = to
            events.append(Event("capture", {"seat": seat, "owner": victim, "at": _pair(b), "to": _pair(to)}))
        moved = evolve(state, figures=tuple(tuple(sorted(cells)) for cells in figures), moves=state.moves + 1)
        goal = set(GOAL[state.sides[seat]])
        if all(cell in goal for cell in moved.figures[seat]):
            events.append(Event("over", {"winners": [seat], "draw": False, "reason": "all_home"}))
            return evolve(moved, turn=None, over=True, winners=(seat,), swapped=False, passes=()), events
        return settle(moved, (seat + 1) % state.players, events), events

    def _draw(self, state: State, action: Action) -> tuple[State, list[Event]]:
        """An agreed draw, at any time."""
        events = [Event("over", {"winners": [], "draw": True, "reason": "agreed"})]
        return evolve(state, turn=None, over=True, draw=True, swapped=False, passes=()), events

    def _swap(self, state: State, action: Action) -> tuple[State, list[Event]]:
        seat = state.turn
        assert seat is not None
        a, b = cell_of(action, "a"), cell_of(action, "b")
        check_swap(state, a, b, mv.unreachable_goals(state)[seat])
        rows = [list(row) for row in state.grid]
        rows[a[0]][a[1]], rows[b[0]][b[1]] = rows[b[0]][b[1]], rows[a[0]][a[1]]
        swapped = evolve(state, grid=tuple(tuple(row) for row in rows), swapped=True)
        return swapped, [Event("swap", {"seat": seat, "a": _pair(a), "b": _pair(b),
                                        "cards": [state.card(b), state.card(a)]})]


def make_engine(box: Box) -> MutaborEngine:
    """The Mutabor engine for a box (``companion.games.mutabor.box_files.load()``)."""
    return MutaborEngine(box)


if TYPE_CHECKING:
    def _one_shape(engine: MutaborEngine) -> Engine[State]:
        return engine  # mypy holds the engine to the one shape, generic in its state
