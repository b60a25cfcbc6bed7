"""Race to the goal: roll the die, move that far; a 6 lets the mover roll again or stop.

>>> e = make_engine(None)
>>> s = e.new_game({"record": 2, "game": "race", "players": 2, "seed": 1})
>>> s, events = e.apply(s, {"action": "roll", "value": 4})
>>> s.pos, s.turn
((4, 0), 1)
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from companion.engine.base import Action, Chance, Event, IllegalAction

FACES = (1, 2, 3, 4, 5, 6)


@dataclass(frozen=True)
class State:
    pos: tuple[int, int]
    turn: int
    goal: int
    may_stop: bool = False
    winner: int | None = None


class RaceEngine:
    name = "race"
    chance_actions = frozenset({"roll"})
    REASONS = ("won",)
    CHANCE_KINDS = ("die",)
    box = None

    def new_game(self, header: dict[str, Any]) -> State:
        if header.get("players") != 2:
            raise IllegalAction("two_players", "race is played by 2 players")
        goal = header.get("goal", 10)
        if goal not in (10, 20):
            raise IllegalAction("bad_goal", "the goal is 10 or 20, not {goal}", goal=goal)
        return State((0, 0), 0, goal)

    def apply(self, state: State, action: Action) -> tuple[State, list[Event]]:
        if state.winner is not None:
            raise IllegalAction("game_over", "The game is over")
        kind = action.get("action")
        if kind == "roll":
            value = action.get("value")
            if value not in FACES or isinstance(value, bool):
                raise IllegalAction("bad_value", "a die shows 1 to 6, not {value}", value=str(value))
            pos = list(state.pos)
            pos[state.turn] += value
            events = [Event("move", {"seat": state.turn, "by": value, "to": pos[state.turn]})]
            if pos[state.turn] >= state.goal:
                events.append(Event("pay", {"payer": None, "payee": state.turn, "amount": 1, "reason": "won",
                                            "params": {}}))
                return replace(state, pos=(pos[0], pos[1]), winner=state.turn, may_stop=False), events
            if value == 6:
                return replace(state, pos=(pos[0], pos[1]), may_stop=True), events
            return replace(state, pos=(pos[0], pos[1]), turn=1 - state.turn, may_stop=False), events
        if kind == "stop":
            if not state.may_stop:
                raise IllegalAction("no_stop", "you may stop only after a 6")
            return replace(state, turn=1 - state.turn, may_stop=False), [Event("stop", {"seat": state.turn})]
        raise IllegalAction("unknown_action", "race has no action {action}", action=str(kind))

    def legal_actions(self, state: State) -> list[Action]:
        return [{"action": "stop"}] if state.may_stop and state.winner is None else []

    def chance(self, state: State) -> Chance | None:
        return None if state.winner is not None else Chance("roll", FACES, "die")

    def current_player(self, state: State) -> int | None:
        return None if state.winner is not None else state.turn

    def is_over(self, state: State) -> bool:
        return state.winner is not None

    def summary(self, state: State) -> dict[str, Any]:
        return {"players": [{"position": p} for p in state.pos], "turn": self.current_player(state),
                "over": self.is_over(state), "winners": [] if state.winner is None else [state.winner]}


def make_engine(box: None) -> RaceEngine:
    return RaceEngine()
