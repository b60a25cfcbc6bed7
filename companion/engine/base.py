"""What every game engine offers the rest of the companion.

An engine is pure: no pygame, no gpiozero, no files, no ``random``. Its state is plain
(frozen) data and its actions are plain JSON objects, exactly as they stand in a game record::

    {"action": "roll", "value": 3}

``apply`` validates an action and returns a *new* state plus the events it caused (moves,
payments) for the screen to show and the ledger to keep. An illegal action raises
:class:`IllegalAction`; the old state is untouched.

Engines speak in codes, not sentences: a refusal carries a ``code`` and parameters (the
screens look the words up in ``assets/i18n/``), plus an English text for the command line.
Event reasons are codes too, and a :class:`Chance` names the ``kind`` of die or card.

Chance is explicit: when a die must be rolled the engine says so through ``chance(state)``
and the session supplies the value (seeded, or typed in from a physical die) as an ordinary
action, so a record replays exactly without any random numbers.

An illegal action raises :class:`IllegalAction` (``companion.engine.errors``, shared here).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar, runtime_checkable

from companion.engine.errors import IllegalAction

Action = dict[str, Any]

__all__ = ["Action", "Chance", "Engine", "Event", "IllegalAction", "S"]

#: A game's state type: every engine is an ``Engine[ItsState]``.
S = TypeVar("S")


@dataclass(frozen=True)
class Event:
    """Something an action caused, for the screen and the ledger.

    ``kind`` is a short word (``"move"``, ``"pay"``, ...); ``data`` holds plain values.
    A ``"pay"`` event carries ``payer``, ``payee`` (player index or ``None`` for the bank),
    ``amount``, ``reason`` (a code, worded by ``<game>.reason.<code>`` in ``assets/i18n/``)
    and, where the wording needs them, ``params``; the store writes every one to the ledger.
    """

    kind: str
    data: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Chance:
    """A chance outcome the game is waiting for.

    The session answers with ``{"action": action, "value": v}`` where ``v`` is one of
    ``faces`` (each face equally likely; repeated faces weigh more, as on a real die).
    ``kind`` says what is rolled or drawn (``"die"``, ``"black_die"``, ``"white_die"``,
    ``"movement_card"``, ``"special_die"``, ...); the screen names it from
    ``<game>.chance.<kind>`` and draws the matching die.
    """

    action: str
    faces: tuple[int, ...]
    kind: str = "die"


@runtime_checkable
class Engine(Protocol[S]):
    """The shape of one game's rules, generic in its state ``S``. Each game package builds one
    with ``make_engine(box)``; the kit beside this module gives every engine the same parts:
    ``header.check_header`` (the record header against the game's spec), ``actions`` (the
    action name and its method), ``state`` (copying frozen states), ``rng`` (the one seeded
    generator)."""

    name: str
    #: Action names whose value comes from chance; they can never be undone.
    chance_actions: frozenset[str]
    #: Every ``reason`` code an event of this engine carries, and every ``Chance.kind`` it
    #: asks for: each has words in the game's ``de.toml``/``en.toml`` (``tests/test_messages.py``).
    REASONS: tuple[str, ...]
    CHANCE_KINDS: tuple[str, ...]

    def new_game(self, header: dict[str, Any]) -> S:
        """The starting state for a record header; raises IllegalAction for a bad header."""

    def apply(self, state: S, action: Action) -> tuple[S, list[Event]]:
        """Validate ``action`` and return the new state and its events."""

    def legal_actions(self, state: S) -> list[Action]:
        """Every non-chance action the player to move may take now."""

    def chance(self, state: S) -> Chance | None:
        """The die the game may be rolled now, or None."""

    def current_player(self, state: S) -> int | None:
        """Seat index of the player to act, None when the game is over."""

    def is_over(self, state: S) -> bool:
        """True once the game has ended."""

    def summary(self, state: S) -> dict[str, Any]:
        """The state as plain JSON (what ``companion replay --json`` prints)."""


#: Optional engine methods, for simulated players only (``companion.session.simulate``):
#: ``unlisted_actions(state)`` gives some of the actions allowed now that ``legal_actions``
#: does not list because there are too many (Teppich's new cloud layouts), and
#: ``progress_actions(state)`` the legal actions that head for the game's end (a random
#: player takes them half the time, so a game whose random play wanders still ends).
OPTIONAL_HOOKS = ("unlisted_actions", "progress_actions")
