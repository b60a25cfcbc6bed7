"""How far an Ali Baba game has come, for the café floor's expected end: rounds played."""

from __future__ import annotations

from typing import Any

from companion.games.alibaba.rules.state import State


def progress(state: State) -> float:
    """Rounds played of the box's rounds (the round under way counts as not played)."""
    from companion.games import get_engine

    engine: Any = get_engine("alibaba")  # built once, with the box's number of rounds
    rounds = int(engine.box.settings.rounds)
    if state.phase == "over":
        return 1.0
    return min(1.0, max(0, state.round - 1) / rounds) if rounds > 0 else 0.0
