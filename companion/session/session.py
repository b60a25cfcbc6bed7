"""The running game: turns commands into actions, keeps undo history, the event log and the
store in step.

Every action is committed to the store *before* the in-memory state changes, so whatever the
screen shows is already on disk. If the store refuses (a full card), the game stays as it was.

>>> s = Session.new({"game": "suleika", "players": 2, "seed": 5})
>>> s.engine.name, len(s.actions), s.header["record"]
('suleika', 0, 2)
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from typing import Any, Generic, TypeVar

from companion.engine.base import Action, Engine, Event, IllegalAction, S
from companion.session.chance import SeededChance
from companion.session.notice import Notice, StoreError
from companion.session.record import RECORD_VERSION, RecordError, dumps, header_stamp, stamp_warnings
from companion.session.store import Store

T = TypeVar("T")

#: How a game can be stopped unfinished (the store's ``closed_reason``).
CLOSE_REASONS = ("left", "abandoned")

#: the steps the last :meth:`Session.roll_many` worked out (action, events, state after each),
#: with what they follow from: the engine, the seed, the number of actions before them, the
#: limit, the state they start from. The rules are pure and the seeded source gives the same
#: face for the same seed and step, so the same inputs give the very same steps. The setup's
#: warm-up deals a throwaway game of the header the table starts with; the game's first press
#: then takes its steps instead of dealing again (a deal of two dozen cards: some 5 M
#: instructions of the rules). One set of steps is kept (a round's deal: a few dozen small frozen states),
#: replaced by the next.
_rolled: tuple[tuple[Any, ...], Any, list[tuple[Action, list[Event], Any]]] | None = None


class Session(Generic[S]):
    """One game in progress: its engine, the actions so far, their events and every state.

    Generic in the game's state ``S``: ``Session[suleika.State]`` where the caller knows the
    game (a table screen), ``Session[Any]`` where it is read from a header."""

    def __init__(self, header: dict[str, Any], store: Store | None = None, game_id: int | None = None) -> None:
        from companion.games import get_engine

        self.header = dict(header)
        self.engine: Engine[S] = get_engine(str(header["game"]))
        self.store = store
        self.game_id = game_id
        self.chance_source = SeededChance(int(header.get("seed", 0)))
        # states[i] is the state after i actions; kept so undo is instant.
        self.states: list[S] = [self.engine.new_game(self.header)]
        self.actions: list[Action] = []
        #: events[i] is what action i caused (the log the screens show and animate)
        self.events: list[list[Event]] = []
        #: said once when the game was resumed or rebuilt: damaged steps, other box data
        self.notices: list[Notice] = []
        #: what the screens worked out of the position now, by name (see :meth:`per_position`)
        self._per_position: dict[str, tuple[Any, Any]] = {}

    # -- creating and resuming -------------------------------------------------------------
    @classmethod
    def new(cls, header: dict[str, Any], store: Store | None = None) -> Session[Any]:
        """A fresh game with a v2 header (rules version and box fingerprint added); with a
        store it is saved from the first moment."""
        from companion.games import get_engine

        rest = {k: v for k, v in header.items() if k not in ("record", "rules_version", "box", "game_id")}
        # every game gets its own id when it starts, so the café's floor never mixes up two
        # games of one table (a record replayed in a demo is a new game too)
        full = {"record": RECORD_VERSION, **rest, **header_stamp(get_engine(str(header["game"]))),
                "game_id": str(uuid.uuid4())}
        session = cls(full, store)  # validates the header before anything is written
        if store is not None:
            session.game_id = store.new_game(session.header)
        return session

    @classmethod
    def resume(cls, store: Store, game_id: int) -> tuple[Session[Any], RecordError | None]:
        """Rebuild a stored game. A stored action that is damaged on the card or no longer
        applies is set aside with everything after it (kept in the store's ``undone`` table)
        and returned as the error to show; the rest is kept. Raises StoreError only when the
        game's header cannot be read or no longer sets up a game (other box data)."""
        loaded = store.load_checked(game_id)
        try:
            session = cls(loaded.header, store, game_id)
        except Exception as exc:  # noqa: BLE001 -- a stored header must never stop the app
            raise StoreError("does_not_start", "Game {game} cannot be set up again with this companion and "
                             "box ({reason}).", game=game_id, reason=str(exc)) from exc
        session.notices = list(loaded.notices) + stamp_warnings(loaded.header, session.engine)
        for seq, action in enumerate(loaded.actions):
            try:
                state, events = session.engine.apply(session.state, action)
            except Exception as exc:  # noqa: BLE001 -- a stored row must never stop the app
                why = str(exc) if isinstance(exc, IllegalAction) else f"{type(exc).__name__}: {exc}"
                store.set_aside(game_id, seq, f"does not replay: {why}")
                return session, RecordError(seq + 2, why, "does_not_replay",
                                            cause=exc if isinstance(exc, IllegalAction) else None)
            session._push(action, state, events)
        if loaded.damaged_at is not None:
            store.set_aside(game_id, loaded.damaged_at, "damaged on the card")
            n = loaded.damaged_at
            return session, RecordError(n + 2, f"step {n + 1} is damaged on the card", "damaged_step",
                                        game=game_id, step=n + 1)
        return session, None

    # -- reading ---------------------------------------------------------------------------
    @property
    def state(self) -> S:
        return self.states[-1]

    @property
    def over(self) -> bool:
        return self.engine.is_over(self.state)

    @property
    def last_events(self) -> list[Event]:
        """What the latest action caused (nothing right after an undo)."""
        return self.events[-1] if self.events and not self._undone else []

    def per_position(self, name: str, work: Callable[[S], T]) -> T:
        """``work(state)`` for the position now, worked out once per position: a screen asks
        it for every frame and every press, and any screen of the table gets the same answer
        until an action or an undo changes the position (``work`` must be pure: the legal
        moves, say). One answer is kept per name."""
        state = self.state
        kept = self._per_position.get(name)
        if kept is not None and kept[0] is state:
            value: T = kept[1]
            return value
        value = work(state)
        self._per_position[name] = (state, value)
        return value

    def record(self) -> str:
        """The game so far as record text (JSON Lines)."""
        return dumps(self.header, self.actions)

    # -- changing --------------------------------------------------------------------------
    _undone = False

    def _push(self, action: Action, state: S, events: list[Event]) -> None:
        self.states.append(state)
        self.actions.append(action)
        self.events.append(events)
        self._undone = False

    def _winners(self, state: S) -> list[int]:
        winners = self.engine.summary(state).get("winners", [])
        return [w for w in winners if isinstance(w, int)] if isinstance(winners, list) else []

    def _saving(self) -> bool:
        return self.store is not None and self.game_id is not None

    def act(self, action: Action) -> list[Event]:
        """Apply one action: validate, commit to the store, then show. Raises IllegalAction or
        StoreError with the game unchanged."""
        state, events = self.engine.apply(self.state, action)
        if self._saving():
            over = self.engine.is_over(state)
            assert self.store is not None and self.game_id is not None
            self.store.append(self.game_id, len(self.actions), action, events, over=over,
                              winners=self._winners(state) if over else None)
        self._push(action, state, events)
        return events

    def _chance_action(self, value: int | None) -> Action:
        chance = self.engine.chance(self.state)
        if chance is None:
            raise IllegalAction("nothing_to_roll", "There is nothing to roll right now.")
        if value is None:
            value = self.chance_source.roll(chance, len(self.actions))
        return {"action": chance.action, "value": value}

    def roll(self, value: int | None = None) -> list[Event]:
        """Roll the die the game waits for: the seeded source, or ``value`` from a real die."""
        return self.act(self._chance_action(value))

    def roll_many(self, limit: int = 1000) -> list[list[Event]]:
        """Roll on while the same kind of chance is due (a game that deals two dozen cards one
        by one), at most ``limit`` times, and commit them all in ONE transaction: a power cut
        leaves none or all of them. Returns the events of each roll."""
        global _rolled
        first = self.engine.chance(self.state)
        if first is None:
            raise IllegalAction("nothing_to_roll", "There is nothing to roll right now.")
        inputs = (self.engine, self.chance_source.seed, len(self.actions), limit)
        if _rolled is not None and _rolled[0] == inputs and _rolled[1] == self.state:
            steps: list[tuple[Action, list[Event], S]] = [(dict(a), list(e), after) for a, e, after in _rolled[2]]
            state = steps[-1][2] if steps else self.state
        else:
            state, steps = self.state, []
            while len(steps) < limit:
                chance = self.engine.chance(state)
                same = chance is not None and (chance.action, chance.kind) == (first.action, first.kind)
                if chance is None or not same or self.engine.is_over(state):
                    break
                action = {"action": chance.action,
                          "value": self.chance_source.roll(chance, len(self.actions) + len(steps))}
                state, events = self.engine.apply(state, action)
                steps.append((action, events, state))
            _rolled = (inputs, self.state, [(dict(a), list(e), after) for a, e, after in steps])
        if self._saving():
            assert self.store is not None and self.game_id is not None
            over = self.engine.is_over(state)
            self.store.append_many(self.game_id, len(self.actions), [(a, e) for a, e, _ in steps],
                                   over=over, winners=self._winners(state) if over else None)
        for action, events, after in steps:
            self._push(action, after, events)
        return [events for _, events, _ in steps]

    def can_undo(self) -> bool:
        return bool(self.actions) and self.actions[-1]["action"] not in self.engine.chance_actions

    def undo(self) -> Action:
        """Take back the last action. Dice stay rolled: a roll cannot be undone."""
        if not self.actions:
            raise IllegalAction("nothing_to_undo", "There is nothing to undo.")
        last = self.actions[-1]
        if last["action"] in self.engine.chance_actions:
            raise IllegalAction("chance_cannot_undo", "A die roll cannot be taken back.")
        if self._saving():
            assert self.store is not None and self.game_id is not None
            self.store.pop(self.game_id, len(self.actions) - 1)
        self.actions.pop()
        self.states.pop()
        self.events.pop()
        self._undone = True
        return last

    def abandon(self, reason: str = "left") -> None:
        """Stop offering this unfinished game for resuming (it stays in the store): the table
        ``"left"`` it, or chose to end it unfinished (``"abandoned"``)."""
        if reason not in CLOSE_REASONS:
            raise ValueError(f"reason must be one of {CLOSE_REASONS}, not {reason!r}")
        if self._saving():
            assert self.store is not None and self.game_id is not None
            self.store.close_game(self.game_id, reason)
