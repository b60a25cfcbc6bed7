"""The presses a table would make at the Ali Baba screen, for ``companion demo`` and attract
mode: through the same buttons a player uses (LEFT/RIGHT to a choice, OK, ROLL), planned on
the engine, which is pure, with the list laid out as the screen lays it out."""

from __future__ import annotations

import copy
import random
from typing import TYPE_CHECKING

from companion.engine.base import Action
from companion.games.alibaba.rules.state import BAZAAR, CHOOSE_STARTER, DUMP, LAST_CHANCE, LOOT, OVER, TURN
from companion.ui.kit import Choice

if TYPE_CHECKING:
    from companion.games.alibaba.screen.table import AlibabaScene

#: list entries that open the number pad dialogue (a demo never opens one)
WIZARD = ("sell_to_open", "trade_open")

#: How likely a scripted table picks each kind of choice, per step (default: all alike). A
#: table mostly moves, loots and keeps its cards through an arrest, so arrests cost money.
DEMO_WEIGHTS: dict[str, dict[str, float]] = {
    TURN: {"move": 9.0, "sell": 1.0},
    LOOT: {"take": 3.0, "done": 1.0},
    DUMP: {"done": 5.0, "dump": 1.0},
    LAST_CHANCE: {"done": 2.0, "last_chance": 1.0},
    BAZAAR: {"done": 3.0},
}


def _demo_pick(phase: str, options: list[Action], rng: random.Random) -> int:
    weights = DEMO_WEIGHTS.get(phase, {})
    kinds = sorted({a["action"] for a in options} - set(WIZARD))
    kind = rng.choices(kinds, [weights.get(k, 1.0) for k in kinds])[0]
    return rng.choice([i for i, a in enumerate(options) if a["action"] == kind])


def _steps(start: int, target: int, n: int) -> list[str]:
    """The shorter way round the list from ``start`` to ``target``."""
    forward = (target - start) % n
    return ["right"] * forward if forward <= n - forward else ["left"] * (n - forward)


def demo_presses(scene: AlibabaScene, rng: random.Random) -> list[str]:
    """The presses a table would make from now up to the next die (or the next turn), planned
    on the engine, which is pure; the highlight is followed where the screen puts it."""
    from companion.games.alibaba.screen.table import choices_for, follow_list, key_of, list_goes_on

    session = scene.session
    engine = session.engine
    state = session.state
    scene.options()
    pick = scene.cursor
    # the list as the screen will lay it out, step by step, so the highlight is followed
    # where the screen puts it (it stays on the page shown while a list goes on)
    shadow = copy.copy(scene.choices)
    shadow.order = list(shadow.order)
    presses: list[str] = []
    for _ in range(16):
        if engine.is_over(state):
            break
        if engine.chance(state) is not None:
            presses.append("roll")
            break
        options = choices_for(session, state)
        if not options:
            break
        k = _demo_pick(state.phase, options, rng)
        presses += _steps(pick, k, len(options)) + ["ok"]
        if key_of(options[k]) in shadow.order:  # the highlight's page is shown when OK is pressed
            shadow.page = shadow.order.index(key_of(options[k])) // shadow.per_page
        before = state
        state, _ = engine.apply(state, options[k])
        if state.phase in (TURN, CHOOSE_STARTER, OVER):
            break
        following = choices_for(session, state)
        pick = follow_list(shadow, [Choice(key_of(a), "") for a in following], following,
                           list_goes_on(engine, before, state), key_of(options[k]))
    return presses
