"""The Suleika engine: validating and applying ``face``, ``roll`` and ``place``.

Every check raises :class:`IllegalAction` before anything is built, and states are frozen,
so a refused action leaves the game exactly as it was.
"""

from __future__ import annotations

from typing import Any

from companion.engine.base import Action, Chance, Event, IllegalAction
from companion.engine.suleika import board as geo
from companion.engine.suleika import queries as q
from companion.engine.suleika.board import Cell
from companion.engine.suleika.box import Box
from companion.engine.suleika.header import start_state
from companion.engine.suleika.state import State
from companion.engine.suleika.state import evolve as replace

ACTIONS = ("face", "roll", "place")
#: Every ``reason`` of a ``pay`` event (``tests/test_messages.py`` checks each has its words).
REASONS = ("carpet",)
#: Every ``Chance.kind`` this engine asks for.
CHANCE_KINDS = ("carpet_die",)


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _cells(raw: Any) -> tuple[Cell, Cell]:
    """``[[r, c], [r, c]]`` from a record, checked for shape and the board's edge."""
    if (not isinstance(raw, (list, tuple)) or len(raw) != 2
            or not all(isinstance(p, (list, tuple)) and len(p) == 2 and all(_is_int(x) for x in p)
                       for p in raw)):
        raise IllegalAction("bad_cells", '"cells" must be two [row, col] pairs, like [[2, 3], [2, 4]]')
    a, b = ((int(raw[0][0]), int(raw[0][1])), (int(raw[1][0]), int(raw[1][1])))
    for cell in (a, b):
        if not geo.on_board(cell):
            raise IllegalAction("off_board", "Cell ({row}, {col}) is not on the board (rows and columns 0 to 6)",
                                row=cell[0], col=cell[1])
    if not geo.adjacent(a, b):
        raise IllegalAction("not_side_by_side", "The two halves of a carpet must lie side by side (not diagonally)")
    return a, b


def _end_turn(state: State, mover: int, events: list[Event]) -> State:
    """After ``mover``'s turn: the next seat rolls, or the game ends when nobody still in has
    a carpet left (rules file, "Paying, end and winner")."""
    following = q.next_seat(state, mover)
    if following is None:
        over = replace(state, phase="over", current=mover)
        events.append(Event("over", {"winners": q.winners(over), "scores": q.scores(over)}))
        return over
    return replace(state, phase="roll", current=following, turn_heading=state.facing)


class SuleikaEngine:
    """Suleika (Marrakech) as a pure engine; see the package docstring for the rules."""

    name = "suleika"
    chance_actions = frozenset({"roll"})

    def __init__(self, box: Box) -> None:
        self.box = box

    # -- the Engine protocol ------------------------------------------------------------------
    def new_game(self, header: dict[str, Any]) -> State:
        return start_state(self.box, header)

    def apply(self, state: State, action: Action) -> tuple[State, list[Event]]:
        if not isinstance(action, dict):
            raise IllegalAction("not_an_object", "an action must be a JSON object")
        name = action.get("action")
        if not isinstance(name, str):
            raise IllegalAction("no_action_name", 'an action needs an "action" name: face, roll or place')
        if name not in ACTIONS:
            raise IllegalAction("unknown_action", 'unknown action "{action}"', action=name)
        if state.phase == "over":
            raise IllegalAction("game_over", "The game is over")
        if name == "face":
            return self._face(state, action)
        if name == "roll":
            return self._roll(state, action)
        return self._place(state, action)

    def legal_actions(self, state: State) -> list[Action]:
        actions: list[Action] = [{"action": "face", "dir": h} for h in q.allowed_headings(state)]
        actions += [{"action": "place", "cells": [list(a), list(b)], "color": colour}
                    for a, b, colour in q.legal_placements(state)]
        return actions

    def chance(self, state: State) -> Chance | None:
        if state.phase in ("roll", "heading"):
            return Chance("roll", state.die_faces, "carpet_die")
        return None

    def current_player(self, state: State) -> int | None:
        return None if state.phase == "over" else state.current

    def is_over(self, state: State) -> bool:
        return state.phase == "over"

    def summary(self, state: State) -> dict[str, Any]:
        return {
            "omar": {"row": state.omar[0], "col": state.omar[1], "facing": state.facing},
            "players": [
                {"money": state.money[s], "visible": q.visible_cells(state, s),
                 "carpets_left": sum(state.stock[s]), "out": state.out[s]}
                for s in range(state.players)
            ],
            "board": [[None if top is None else top[0] for top in row] for row in state.board],
            "turn": q.roller(state),
            "over": state.phase == "over",
            "winners": q.winners(state),
        }

    # -- the three actions ----------------------------------------------------------------------
    def _face(self, state: State, action: Action) -> tuple[State, list[Event]]:
        heading = action.get("dir")
        if heading not in geo.HEADINGS:
            raise IllegalAction("bad_dir", '"dir" must be N, E, S or W')
        if state.phase == "place":
            raise IllegalAction("place_first", "Place a carpet first")
        allowed = q.allowed_headings(state)
        if not allowed:
            # Only the 2-player variant has no heading choice before an ordinary roll.
            raise IllegalAction("turned_at_turn_end", "In the two-player variant Omar is turned at the end of a "
                                "turn, by the player who just laid a carpet")
        if heading not in allowed:
            raise IllegalAction("no_turning_back", "Omar may not turn around")
        new = replace(state, facing=heading)
        return new, [Event("face", {"seat": state.current, "dir": heading})]

    def _roll(self, state: State, action: Action) -> tuple[State, list[Event]]:
        value = action.get("value")
        faces = state.die_faces
        if not _is_int(value):
            raise IllegalAction("bad_roll_value", 'a roll needs a whole number "value"')
        if value not in faces:
            raise IllegalAction("not_a_face", "The carpet die shows {low} to {high}, not {value}",
                                low=min(faces), high=max(faces), value=value)
        if state.phase == "place":
            raise IllegalAction("place_first", "Place a carpet first")
        mover = q.roller(state)
        assert mover is not None  # phase is "roll" or "heading" here, and both have a roller
        path = geo.walk(state.omar, state.facing, value, state.corner_loops)
        end, facing = path[-1]
        moved = replace(state, omar=end, facing=facing, turn_heading=facing, first_turn=False,
                        current=mover, last_roll=value, phase="place")
        events = [Event("move", {"seat": mover, "path": [[c[0], c[1], h] for c, h in path],
                                 "to": [end[0], end[1]], "facing": facing})]
        due = q.payment_due(moved, mover, end)
        if due is None:
            return moved, events
        payee, amount_due, cells = due
        paid = min(amount_due, moved.money[mover])
        money = list(moved.money)
        money[mover] -= paid
        money[payee] += paid
        moved = replace(moved, money=tuple(money))
        top = moved.top(end)
        assert top is not None  # something is only due on a visible carpet
        events.append(Event("pay", {"payer": mover, "payee": payee, "amount": paid, "due": amount_due,
                                    "area": [list(c) for c in sorted(cells)], "reason": "carpet",
                                    "params": {"color": top[0], "cells": amount_due}}))
        if moved.rules == "marrakech" and paid < amount_due:
            # Marrakech: whoever cannot pay in full is out at once and lays no carpet.
            out = list(moved.out)
            out[mover] = True
            moved = replace(moved, out=tuple(out))
            events.append(Event("out", {"seat": mover}))
            return _end_turn(moved, mover, events), events
        return moved, events

    def _place(self, state: State, action: Action) -> tuple[State, list[Event]]:
        if state.phase != "place":
            raise IllegalAction("roll_first", "Roll the die first")
        a, b = _cells(action.get("cells"))
        if state.omar in (a, b):
            raise IllegalAction("under_omar", "A carpet may not lie under Omar")
        if not (geo.adjacent(a, state.omar) or geo.adjacent(b, state.omar)):
            raise IllegalAction("not_touching", "The carpet must touch Omar's cell (not diagonally)")
        if q.covers_whole_carpet(state, a, b):
            raise IllegalAction("covers_whole", "This carpet would cover one whole carpet")
        seat = state.current
        colour = self._colour(state, seat, action)
        carpet_id = state.laid
        rows = [list(row) for row in state.board]
        for r, c in (a, b):
            rows[r][c] = (colour, carpet_id)
        stock = list(state.stock)
        stock[seat] = tuple(n - 1 if col == colour else n for col, n in zip(state.colors[seat], stock[seat]))
        placed = replace(state, board=tuple(tuple(row) for row in rows), stock=tuple(stock),
                         laid=carpet_id + 1)
        events = [Event("place", {"seat": seat, "cells": [list(a), list(b)], "color": colour})]
        if state.variant2p and q.next_seat(placed, seat) is not None:
            # 2-player variant: the mover now sets Omar's heading for the other player.
            return replace(placed, phase="heading", turn_heading=placed.facing), events
        return _end_turn(placed, seat, events), events

    @staticmethod
    def _colour(state: State, seat: int, action: Action) -> str:
        """The colour laid: as named, or the only one the player still has."""
        left = state.left_of(seat)
        if "color" in action:
            colour = action["color"]
            if not isinstance(colour, str):
                raise IllegalAction("bad_color", '"color" must be a colour name, like "red"')
            if left.get(colour, 0) <= 0:
                if state.owner(colour) is None:
                    raise IllegalAction("colour_not_played", "There are no {color} carpets in this game", color=colour)
                raise IllegalAction("no_carpets_left", "{name} has no {color} carpets left",
                                    name=state.names[seat], color=colour)
            return colour
        have = [c for c, n in left.items() if n > 0]
        if len(have) == 1:
            return have[0]
        raise IllegalAction("which_colour", "Say which colour is laid: {colors}", colors=have)


def make_engine(box: Box) -> SuleikaEngine:
    """The Suleika engine for a box (``companion.gamedata.suleika.load()``)."""
    return SuleikaEngine(box)
