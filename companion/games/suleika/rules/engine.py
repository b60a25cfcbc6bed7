"""The Suleika engine: validating and applying ``face``, ``roll`` and ``place``.

Every check raises :class:`IllegalAction` before anything is built, and states are frozen,
so a refused action leaves the game exactly as it was.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from companion.engine.actions import action_name, handlers
from companion.engine.base import Action, Chance, Engine, Event, IllegalAction
from companion.games.suleika.rules import board as geo
from companion.games.suleika.rules import queries as q
from companion.games.suleika.rules.board import Cell
from companion.games.suleika.rules.box import Box
from companion.games.suleika.rules.events import event
from companion.games.suleika.rules.header import start_state
from companion.games.suleika.rules.state import State, draft, made

ACTIONS = ("face", "roll", "place")
Handler = Callable[[State, Action], tuple[State, list[Event]]]


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


def _named_spot(omar: Cell, raw: Any) -> geo.Spot | None:
    """The carpet spot a ``place`` names when its ``cells`` are written as a record line or
    ``legal_actions`` writes them (``[[r, c], [r, c]]``, whole numbers) and lie around Omar,
    in the order named; None for anything else, which ``_checked_cells`` then refuses with
    the reason. One lookup in ``geo.SPOT_INDEX`` stands for the shape, board, side-by-side,
    under-Omar and touching checks."""
    if type(raw) is list and len(raw) == 2:
        p, o = raw
        if type(p) is list and type(o) is list and len(p) == 2 and len(o) == 2:
            ar, ac = p
            br, bc = o
            # exactly int: True and 1.0 hash like 1 but are refused as cells
            if type(ar) is int and type(ac) is int and type(br) is int and type(bc) is int:
                return geo.SPOT_INDEX[omar].get((ar, ac, br, bc))
    return None


def _checked_cells(state: State, raw: Any) -> tuple[Cell, Cell]:
    """The cells of a ``place`` checked step by step: each refusal with its own reason."""
    a, b = _cells(raw)
    if state.omar in (a, b):
        raise IllegalAction("under_omar", "A carpet may not lie under Omar")
    if not (geo.adjacent(a, state.omar) or geo.adjacent(b, state.omar)):
        raise IllegalAction("not_touching", "The carpet must touch Omar's cell (not diagonally)")
    return a, b


def _end_turn(new: dict[str, Any], mover: int, events: list[Event]) -> State:
    """The one new state of an action that ends ``mover``'s turn, from its ``draft``
    ``new``: the next seat rolls, or the game ends when nobody still in has a carpet left
    (rules file, "Paying, end and winner")."""
    out, stock = new["out"], new["stock"]
    following: int | None = (mover + 1) % len(out)
    if out[following] or not sum(stock[following]) > 0:  # the usual case first: the next seat plays on
        following = q.seat_after(out, stock, mover)
    if following is None:
        new["phase"] = "over"
        new["current"] = mover
        over = made(State, new)
        events.append(event("over", {"winners": q.winners(over), "scores": q.scores(over)}))
        return over
    new["phase"] = "roll"
    new["current"] = following
    new["turn_heading"] = new["facing"]
    return made(State, new)


class SuleikaEngine:
    """Suleika (Marrakech) as a pure engine; see the package docstring for the rules.

    Each action makes exactly one new state: the checks come first, then the changes are
    written into a ``draft`` (a copy of the old state's fields) that ``made`` turns into the
    new state.
    """

    name = "suleika"
    chance_actions = frozenset({"roll"})
    #: Every ``reason`` of a ``pay`` event (``tests/test_messages.py`` checks each has its words).
    REASONS: tuple[str, ...] = ("carpet",)
    #: Every ``Chance.kind`` this engine asks for.
    CHANCE_KINDS: tuple[str, ...] = ("carpet_die",)

    def __init__(self, box: Box) -> None:
        self.box = box
        # Asked for before every action; a Chance is frozen, so one serves every state.
        self._chance = Chance("roll", box.die_faces, "carpet_die")
        # Omar's walks for this box's die, each also as the ``move`` event writes it
        # ((row, col, heading) per pip), and each action name's method: worked out once.
        self._walks = {start: (path, tuple((r, c, h) for (r, c), h in path))
                       for start, path in geo.walk_table(max(geo.TABLE_PIPS, *box.die_faces)).items()}
        self._handlers: dict[str, Handler] = handlers(self, ACTIONS)

    # -- the Engine protocol ------------------------------------------------------------------
    def new_game(self, header: dict[str, Any]) -> State:
        return start_state(self.box, header)

    def apply(self, state: State, action: Action) -> tuple[State, list[Event]]:
        handler = self._handlers[action_name(action, self._handlers)]
        if state.phase == "over":
            raise IllegalAction("game_over", "The game is over")
        return handler(state, action)

    def legal_actions(self, state: State) -> list[Action]:
        # Fresh dicts and lists every time: a caller may keep or change what it is given.
        if state.phase != "place":
            choices = q.heading_choices(state)
            if len(choices) == 3:  # the usual turn; written out, a list of three is built at once
                a, b, c = choices
                return [{"action": "face", "dir": a}, {"action": "face", "dir": b}, {"action": "face", "dir": c}]
            return [{"action": "face", "dir": h} for h in choices]
        # q.legal_placements written out as actions, in its order: one pass over the spots.
        seat = state.current
        colours = state.colors[seat] if min(state.stock[seat]) > 0 else q.colours_left(state, seat)
        board = state.board
        actions: list[Action] = []
        for ar, ac, br, bc in geo.SPOT_COORDS[state.omar]:
            ta = board[ar][ac]
            if ta is not None:
                tb = board[br][bc]
                if tb is not None and ta[1] == tb[1]:
                    continue  # both visible halves of one carpet
            for colour in colours:
                actions.append({"action": "place", "cells": [[ar, ac], [br, bc]], "color": colour})
        return actions

    def chance(self, state: State) -> Chance | None:
        if state.phase == "roll" or state.phase == "heading":
            faces = state.die_faces
            if faces is self._chance.faces or faces == self._chance.faces:
                return self._chance
            return Chance("roll", state.die_faces, "carpet_die")
        return None

    def current_player(self, state: State) -> int | None:
        return None if state.phase == "over" else state.current

    def is_over(self, state: State) -> bool:
        return state.phase == "over"

    def summary(self, state: State) -> dict[str, Any]:
        visible = q.visible_counts(state)
        return {
            "omar": {"row": state.omar[0], "col": state.omar[1], "facing": state.facing},
            "players": [
                {"money": state.money[s], "visible": visible[s],
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
        allowed = q.heading_choices(state)
        if not allowed:
            # Only the 2-player variant has no heading choice before an ordinary roll.
            raise IllegalAction("turned_at_turn_end", "In the two-player variant Omar is turned at the end of a "
                                "turn, by the player who just laid a carpet")
        if heading not in allowed:
            raise IllegalAction("no_turning_back", "Omar may not turn around")
        new = draft(state)
        new["facing"] = heading
        return made(State, new), [event("face", {"seat": state.current, "dir": heading})]

    def _roll(self, state: State, action: Action) -> tuple[State, list[Event]]:
        value = action.get("value")
        faces = state.die_faces
        if type(value) is not int and not _is_int(value):
            raise IllegalAction("bad_roll_value", 'a roll needs a whole number "value"')
        if value not in faces:
            raise IllegalAction("not_a_face", "The carpet die shows {low} to {high}, not {value}",
                                low=min(faces), high=max(faces), value=value)
        if state.phase == "place":
            raise IllegalAction("place_first", "Place a carpet first")
        mover = state.current if state.phase == "roll" else q.roller(state)
        assert mover is not None  # phase is "roll" or "heading" here, and both have a roller
        start = (state.omar, state.facing, state.corner_loops)
        walked = self._walks.get(start)
        if walked is not None and value <= len(walked[0]):
            path = walked[0][:value]
            steps = list(map(list, walked[1][:value]))
        else:  # a state whose die is not the box's
            path = tuple(geo.walk(state.omar, state.facing, value, state.corner_loops))
            steps = [[r, c, h] for (r, c), h in path]
        end, facing = path[-1]
        new = draft(state)
        new["omar"] = end
        new["facing"] = new["turn_heading"] = facing
        new["first_turn"] = False
        new["current"] = mover
        new["last_roll"] = value
        new["phase"] = "place"
        events = [event("move", {"seat": mover, "path": steps,
                                 "to": [end[0], end[1]], "facing": facing})]
        # Moving changes neither the carpets nor the money, so what is due is read off ``state``.
        top = state.board[end[0]][end[1]]
        due = None if top is None else q.payment_due(state, mover, end)
        if due is None:
            return made(State, new), events
        payee, amount_due, cells = due
        paid = min(amount_due, state.money[mover])
        money = list(state.money)
        money[mover] -= paid
        money[payee] += paid
        new["money"] = tuple(money)
        assert top is not None  # something is only due on a visible carpet
        events.append(event("pay", {"payer": mover, "payee": payee, "amount": paid, "due": amount_due,
                                    "area": list(map(list, sorted(cells))), "reason": "carpet",
                                    "params": {"color": top[0], "cells": amount_due}}))
        if state.rules == "marrakech" and paid < amount_due:
            # Marrakech: whoever cannot pay in full is out at once and lays no carpet.
            out = list(state.out)
            out[mover] = True
            new["out"] = tuple(out)
            events.append(event("out", {"seat": mover}))
            return _end_turn(new, mover, events), events
        return made(State, new), events

    def _place(self, state: State, action: Action) -> tuple[State, list[Event]]:
        if state.phase != "place":
            raise IllegalAction("roll_first", "Roll the die first")
        raw = action.get("cells")
        spot = _named_spot(state.omar, raw)
        if spot is None:
            a, b = _checked_cells(state, raw)
            spot = (a, b, a[0], a[1], b[0], b[1])
        a, b, ar, ac, br, bc = spot
        board = state.board
        ta, tb = board[ar][ac], board[br][bc]
        if ta is not None and tb is not None and ta[1] == tb[1]:  # q.covers_whole_carpet
            raise IllegalAction("covers_whole", "This carpet would cover one whole carpet")
        seat = state.current
        colours, held = state.colors[seat], state.stock[seat]
        colour = action.get("color")
        if type(colour) is str and colour in colours and held[colours.index(colour)] > 0:
            index = colours.index(colour)  # named, and he has one: the usual case
        else:
            colour, index = self._colour(state, seat, action)
        # Copy on write: only the one or two rows the carpet lies on are new.
        top = (colour, state.laid)
        rows = list(board)
        row = list(rows[ar])
        row[ac] = top
        if br != ar:
            rows[ar] = tuple(row)
            row = list(rows[br])
        row[bc] = top
        rows[br] = tuple(row)
        left = list(held)
        left[index] -= 1
        stock = list(state.stock)
        stock[seat] = tuple(left)
        new = draft(state)
        new["board"] = tuple(rows)
        new["stock"] = stocks = tuple(stock)
        new["laid"] = state.laid + 1
        events = [event("place", {"seat": seat, "cells": [[ar, ac], [br, bc]], "color": colour})]
        if state.variant2p and q.seat_after(state.out, stocks, seat) is not None:
            # 2-player variant: the mover now sets Omar's heading for the other player.
            new["phase"] = "heading"
            new["turn_heading"] = state.facing
            return made(State, new), events
        return _end_turn(new, seat, events), events

    @staticmethod
    def _colour(state: State, seat: int, action: Action) -> tuple[str, int]:
        """The colour laid and its place in the seat's colours: as named, or the only one the
        player still has."""
        colours = state.colors[seat]
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
            return colour, colours.index(colour)
        have = [c for c, n in left.items() if n > 0]
        if len(have) == 1:
            return have[0], colours.index(have[0])
        raise IllegalAction("which_colour", "Say which colour is laid: {colors}", colors=have)


def make_engine(box: Box) -> SuleikaEngine:
    """The Suleika engine for a box (``companion.games.suleika.box_files.load()``)."""
    return SuleikaEngine(box)


if TYPE_CHECKING:
    def _one_shape(engine: SuleikaEngine) -> Engine[State]:
        return engine  # mypy holds the engine to the one shape, generic in its state
