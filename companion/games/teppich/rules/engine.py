"""The Der fliegende Teppich engine: validating and applying moves, the die and its effects,
and passing the turn on (missed turns, players with no move).

Every check raises :class:`IllegalAction` before anything is built, and states are frozen,
so a refused action leaves the game exactly as it was.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeGuard

from companion.engine.actions import action_name, handlers
from companion.engine.base import Action, Chance, Engine, Event, IllegalAction
from companion.games.teppich.rules import die, legal
from companion.games.teppich.rules.box import FACE_EFFECTS, Box, counted
from companion.games.teppich.rules.flight import DIRECTIONS, card_legs, drift_legs, parse_token, trace
from companion.games.teppich.rules.header import start_state
from companion.games.teppich.rules.moves import Board, settle
from companion.games.teppich.rules.state import State, evolve

FIELDS: dict[str, frozenset[str]] = {
    "fly": frozenset({"v", "h", "pair", "arrows", "token", "then"}),
    "steer": frozenset({"dir", "then"}),
    "drift": frozenset({"then"}),
    "roll": frozenset({"value"}),
    "clouds": frozenset({"cells"}),
    "swap_with": frozenset({"player"}),
    "hop": frozenset({"to"}),
}
MOVES = ("fly", "steer", "drift")
Handler = Callable[[State, Action, list[Event]], State]


def _is_int(v: Any) -> TypeGuard[int]:
    return isinstance(v, int) and not isinstance(v, bool)


def _pending_first(pending: str) -> None:
    """Refuse anything but what the special die is waiting for."""
    if pending == "roll":
        raise IllegalAction("roll_first", "Roll the special die first")
    if pending == "clouds":
        raise IllegalAction("clouds_first", "Move the clouds first (or leave them where they are)")
    if pending == "swap_with":
        raise IllegalAction("swap_first", "Choose whom to swap places with first")
    raise IllegalAction("hop_first", "Choose where to hop first")


class TeppichEngine:
    """Der fliegende Teppich as a pure engine; see the package docstring for the rules."""

    name = "teppich"
    chance_actions = frozenset({"roll"})
    #: Every ``reason`` an event carries (``blown_off``, ``miss``, ``again``, ``pass``, ...).
    REASONS: tuple[str, ...] = ("blown_off", "die_miss", "again", "no_move", "no_hop", "missed_turn", "stuck")
    #: Every ``Chance.kind`` this engine asks for.
    CHANCE_KINDS: tuple[str, ...] = ("special_die",)

    def __init__(self, box: Box) -> None:
        self.box = box
        self._handlers: dict[str, Handler] = handlers(self, FIELDS)

    # -- the Engine protocol ------------------------------------------------------------------
    def new_game(self, header: dict[str, Any]) -> State:
        return start_state(self.box, header)

    def chance(self, state: State) -> Chance | None:
        if state.pending == "roll" and not state.over:
            return Chance("roll", (1, 2, 3, 4, 5, 6), "special_die")
        return None

    def current_player(self, state: State) -> int | None:
        return None if state.over else state.current

    def is_over(self, state: State) -> bool:
        return state.over

    def legal_actions(self, state: State) -> list[Action]:
        return legal.legal_actions(self.box, state)

    def summary(self, state: State) -> dict[str, Any]:
        return {
            "carpets": [{"cell": list(state.cells[p]), "tokens": state.tokens[p],
                         "misses": state.misses[p], "on": state.on[p]} for p in range(state.players)],
            "clouds": [list(c) for c in state.clouds],
            "turn": None if state.over else state.current,
            "pending": None if state.over else state.pending,
            "over": state.over,
            "winners": list(state.winners),
        }

    def apply(self, state: State, action: Action) -> tuple[State, list[Event]]:
        name = self._check(state, action)
        events: list[Event] = []
        new = self._handlers[name](state, action, events)
        return evolve(new, actions=state.actions + 1), events

    # -- helpers for random games and the screen ------------------------------------------------
    def cloud_move(self, state: State, pick: int = 0) -> Action:
        """A valid ``clouds`` action for face 2 (the clouds shifted, or left where they are);
        the cloud layouts are too many to list among the legal actions."""
        return {"action": "clouds", "cells": die.propose_clouds(self.box, state, pick)}

    def unlisted_actions(self, state: State) -> list[Action]:
        """While a cloud move is due: a few valid ones (for simulated players)."""
        if state.pending != "clouds":
            return []
        return [self.cloud_move(state, pick) for pick in range(3)]

    def progress_actions(self, state: State) -> list[Action]:
        """The legal moves that end nearest the goal (for simulated players)."""
        return self.toward_goal(state)

    def toward_goal(self, state: State) -> list[Action]:
        """The legal moves that end nearest the goal podium (a random game's nudge to finish)."""
        goal = self.box.goal
        best: list[Action] = []
        nearest = None
        for option in legal.options(self.box, state):
            end = option.flight.end
            d = abs(end[0] - goal[0]) + abs(end[1] - goal[1])
            if nearest is None or d < nearest:
                nearest, best = d, option.actions()
            elif d == nearest:
                best += option.actions()
        return best

    # -- checks -------------------------------------------------------------------------------
    def _check(self, state: State, action: Action) -> str:
        name = action_name(action, FIELDS)
        if state.over:
            raise IllegalAction("game_over", "The game is over")
        if name == "steer" and "token" in action:
            raise IllegalAction("second_token", "Only one steering token may be played in a turn")
        for key in action:
            if key not in FIELDS[name] and key not in ("action", "seat"):
                raise IllegalAction("unknown_field", "{name} takes no {field}", name=name, field=key)
        if "seat" in action and action["seat"] != state.current:
            raise IllegalAction("not_your_turn", "It is {name}'s turn", name=state.names[state.current],
                                player=state.current)
        wanted = {"roll": "roll", "clouds": "clouds", "swap_with": "swap_with", "hop": "hop"}.get(name)
        if state.pending is not None and wanted != state.pending:
            _pending_first(state.pending)
        if state.pending is None and wanted is not None:
            if name == "roll":
                raise IllegalAction("no_roll_due", "The special die is rolled only after a move "
                                    "ends on a free star")
            raise IllegalAction("not_due", "The special die has not asked for {name}", name=name)
        return name

    # -- moves --------------------------------------------------------------------------------
    def _fly(self, state: State, action: Action, events: list[Event]) -> State:
        return self._move(state, "fly", action, events)

    def _steer(self, state: State, action: Action, events: list[Event]) -> State:
        return self._move(state, "steer", action, events)

    def _drift(self, state: State, action: Action, events: list[Event]) -> State:
        return self._move(state, "drift", action, events)

    def _move(self, state: State, name: str, action: Action, events: list[Event]) -> State:
        box, me = self.box, state.current
        here = state.cells[me]
        uses_token = name == "steer"
        if name == "fly":
            token = parse_token(action.get("token"))
            uses_token = token is not None
            legs = card_legs(action.get("v"), action.get("h"), action.get("pair"), action.get("arrows"), token)
        elif name == "steer":
            if action.get("dir") not in DIRECTIONS:
                raise IllegalAction("bad_direction", "A steering token moves up, down, left or right, "
                                    "not {dir}", dir=str(action.get("dir")))
            legs = [DIRECTIONS[action["dir"]]]
        else:
            legs = drift_legs(box, state.scenery_set, here)
        if uses_token and state.tokens[me] == 0:
            raise IllegalAction("no_tokens", "{name} has no steering tokens left (used ones are gone)",
                                name=state.names[me], player=me)
        try:
            flight = trace(box, state.scenery_set, state.walls, here, legs)
        except IllegalAction as exc:
            if name == "drift" and exc.code == "through_cloud":
                raise counted(IllegalAction("drift_cloud", "The wind would drift the carpet into a cloud in "
                                    "column {x}, row {y}: play a card or a token", **exc.params)) from None
            raise
        board, rolls = settle(box, state, me, flight.end, action.get("then"), events)
        events.insert(0, Event("move", {"player": me, "kind": name, **flight.to_json()}))
        if flight.blown_off:
            events.append(Event("blown_off", {"player": me, "reason": "blown_off"}))
        tokens = list(state.tokens)
        if uses_token:
            tokens[me] -= 1
        new = self._board(state, board, tokens=tuple(tokens))
        return self._after_move(new, board, rolls, events)

    def _board(self, state: State, board: Board, **more: Any) -> State:
        return evolve(state, cells=tuple(board.cells), on=tuple(board.on),
                      misses=tuple(board.misses), winners=tuple(board.winners), **more)

    def _after_move(self, state: State, board: Board, rolls: bool, events: list[Event]) -> State:
        if board.winners:
            events.append(Event("win", {"player": board.winners[0]}))
            return evolve(state, over=True, pending=None)
        if rolls:
            events.append(Event("star", {"player": state.current, "cell": list(state.cells[state.current])}))
            return evolve(state, pending="roll")
        return self._next_turn(state, events)

    # -- the special die ----------------------------------------------------------------------
    def _roll(self, state: State, action: Action, events: list[Event]) -> State:
        value = action.get("value")
        if not _is_int(value) or not 1 <= value <= 6:
            raise IllegalAction("bad_die_value", "The special die shows 1 to 6, not {value}", value=str(value))
        me, effect = state.current, FACE_EFFECTS[value - 1]
        events.append(Event("roll", {"player": me, "value": value, "effect": effect}))
        state = evolve(state, last_roll=value, pending=None)
        if effect == "miss":
            misses = list(state.misses)
            misses[me] += 1
            events.append(Event("miss", {"player": me, "reason": "die_miss"}))
            return self._next_turn(evolve(state, misses=tuple(misses)), events)
        if effect == "clouds":
            return evolve(state, pending="clouds")
        if effect == "again":
            events.append(Event("again", {"player": me, "reason": "again"}))
            if legal.can_move(self.box, state):
                return state
            events.append(Event("pass", {"player": me, "reason": "no_move"}))
            return self._next_turn(state, events)
        if effect == "tokens":
            got = min(2, state.supply)
            tokens = list(state.tokens)
            tokens[me] += got
            events.append(Event("tokens", {"player": me, "got": got, "supply": state.supply - got}))
            return self._next_turn(evolve(state, tokens=tuple(tokens), supply=state.supply - got), events)
        if effect == "swap":
            return evolve(state, pending="swap_with")
        if die.hop_targets(self.box, state):
            return evolve(state, pending="hop")
        events.append(Event("no_hop", {"player": me, "reason": "no_hop"}))
        return self._next_turn(state, events)

    def _clouds(self, state: State, action: Action, events: list[Event]) -> State:
        cells = die.check_clouds(self.box, state, action.get("cells"))
        events.append(Event("clouds", {"player": state.current, "cells": [list(c) for c in cells]}))
        state = evolve(state, clouds=cells, walls=state.scenery_set | frozenset(cells), pending=None)
        return self._next_turn(state, events)

    def _swap_with(self, state: State, action: Action, events: list[Event]) -> State:
        other, me = action.get("player"), state.current
        if not _is_int(other) or not 0 <= other < state.players or other == me:
            raise IllegalAction("bad_swap", "Swap places with another player (0 to {last}, not "
                                "yourself)", last=state.players - 1)
        board = Board.of(state)
        die.swapped(board.cells, board.on, me, other)
        events.append(Event("swap", {"player": me, "with": other, "to": list(board.cells[me]),
                                     "from": list(board.cells[other])}))
        return self._next_turn(self._board(state, board, pending=None), events)

    def _hop(self, state: State, action: Action, events: list[Event]) -> State:
        to, path = die.check_hop(self.box, state, action.get("to"))
        me = state.current
        board = Board.of(state)
        board.lift(me)
        board.cells[me] = to
        if to == self.box.goal:
            board.winners.append(me)
        events.append(Event("move", {"player": me, "kind": "hop", "from": list(path[0]), "to": list(to),
                                     "path": [list(c) for c in path], "pushes": [], "blown_off": False}))
        state = self._board(state, board, pending=None)
        return self._after_move(state, board, False, events)

    # -- turns --------------------------------------------------------------------------------
    def _next_turn(self, state: State, events: list[Event]) -> State:
        """The next player in seat order who neither misses a turn nor is without a move.

        A player with misses loses one per skipped turn. Should every player in a row have no
        move at all (only possible with carpets shut in by clouds), the game ends unwon."""
        misses = list(state.misses)
        seat, passes = state.current, 0
        while True:
            seat = (seat + 1) % state.players
            if misses[seat]:
                misses[seat] -= 1
                events.append(Event("skip", {"player": seat, "reason": "missed_turn"}))
                continue
            candidate = evolve(state, current=seat, misses=tuple(misses), pending=None)
            if legal.can_move(self.box, candidate):
                events.append(Event("turn", {"player": seat}))
                return candidate
            events.append(Event("pass", {"player": seat, "reason": "no_move"}))
            passes += 1
            if passes >= state.players:
                events.append(Event("stuck", {"reason": "stuck"}))
                return evolve(candidate, over=True)


if TYPE_CHECKING:
    def _one_shape(engine: TeppichEngine) -> Engine[State]:
        return engine  # mypy holds the engine to the one shape, generic in its state
