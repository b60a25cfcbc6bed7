"""The running game: turns commands into actions, keeps undo history and the store in step.

Every action is committed to the store *before* the in-memory state changes, so whatever the
screen shows is already on disk. If the store refuses (a full card), the game stays as it was.

>>> s = Session.new({"record": 1, "game": "suleika", "players": 2, "seed": 5})
>>> s.engine.name, len(s.actions)
('suleika', 0)
"""

from __future__ import annotations

from typing import Any

from companion.games import get_engine
from companion.engine.base import Action, Event, IllegalAction
from companion.session.chance import SeededChance
from companion.session.record import RecordError, dumps
from companion.session.store import Store


class Session:
    """One game in progress: its engine, the actions so far and every state along the way."""

    def __init__(self, header: dict[str, Any], store: Store | None = None, game_id: int | None = None) -> None:
        self.header = dict(header)
        self.engine = get_engine(str(header["game"]))
        self.store = store
        self.game_id = game_id
        self.chance_source = SeededChance(int(header.get("seed", 0)))
        # states[i] is the state after i actions; kept so undo is instant.
        self.states = [self.engine.new_game(self.header)]
        self.actions: list[Action] = []
        self.last_events: list[Event] = []

    # -- creating and resuming -------------------------------------------------------------
    @classmethod
    def new(cls, header: dict[str, Any], store: Store | None = None) -> "Session":
        """A fresh game; with a store it is saved from the first moment."""
        header = {"record": 1, **header}
        session = cls(header, store)  # validates the header before anything is written
        if store is not None:
            session.game_id = store.new_game(session.header)
        return session

    @classmethod
    def resume(cls, store: Store, game_id: int) -> tuple["Session", RecordError | None]:
        """Rebuild a stored game. A stored action that no longer applies is set aside (kept in
        the store's ``undone`` table) and returned as the error to show; the rest is kept."""
        header, actions = store.load(game_id)
        session = cls(header, store, game_id)
        for seq, action in enumerate(actions):
            try:
                state, events = session.engine.apply(session.state, action)
            except IllegalAction as exc:
                store.set_aside(game_id, seq, f"does not replay: {exc}")
                return session, RecordError(seq + 2, str(exc))
            session.states.append(state)
            session.actions.append(action)
            session.last_events = events
        return session, None

    # -- reading ---------------------------------------------------------------------------
    @property
    def state(self) -> Any:
        return self.states[-1]

    @property
    def over(self) -> bool:
        return self.engine.is_over(self.state)

    def record(self) -> str:
        """The game so far as record text (JSON Lines)."""
        return dumps(self.header, self.actions)

    # -- changing --------------------------------------------------------------------------
    def act(self, action: Action) -> list[Event]:
        """Apply one action: validate, commit to the store, then show. Raises IllegalAction or
        StoreError with the game unchanged."""
        state, events = self.engine.apply(self.state, action)
        if self.store is not None and self.game_id is not None:
            self.store.append(self.game_id, len(self.actions), action, events, over=self.engine.is_over(state))
        self.states.append(state)
        self.actions.append(action)
        self.last_events = events
        return events

    def roll(self, value: int | None = None) -> list[Event]:
        """Roll the die the game waits for: the seeded source, or ``value`` from a real die."""
        chance = self.engine.chance(self.state)
        if chance is None:
            raise IllegalAction("There is nothing to roll right now.")
        if value is None:
            value = self.chance_source.roll(chance, len(self.actions))
        return self.act({"action": chance.action, "value": value})

    def can_undo(self) -> bool:
        return bool(self.actions) and self.actions[-1]["action"] not in self.engine.chance_actions

    def undo(self) -> Action:
        """Take back the last action. Dice stay rolled: a roll cannot be undone."""
        if not self.actions:
            raise IllegalAction("There is nothing to undo.")
        last = self.actions[-1]
        if last["action"] in self.engine.chance_actions:
            raise IllegalAction("A die roll cannot be taken back.")
        if self.store is not None and self.game_id is not None:
            self.store.pop(self.game_id, len(self.actions) - 1)
        self.actions.pop()
        self.states.pop()
        self.last_events = []
        return last

    def abandon(self) -> None:
        """Stop offering this unfinished game for resuming (it stays in the store)."""
        if self.store is not None and self.game_id is not None:
            self.store.close_game(self.game_id)
