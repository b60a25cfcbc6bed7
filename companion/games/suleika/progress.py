"""How far a Suleika game has come, for the café floor's expected end: carpets laid of all."""

from __future__ import annotations

from companion.games.suleika.rules.state import State


def progress(state: State) -> float:
    """Carpets laid of all the carpets the seats had (0.0 at the start, 1.0 when all lie)."""
    left = sum(sum(stock) for stock in state.stock)
    total = state.laid + left
    return 1.0 if state.phase == "over" or total == 0 else state.laid / total
