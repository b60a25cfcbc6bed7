"""Where ``companion bench`` stops a Suleika game to measure it (see ``SPEC.bench``)."""

from __future__ import annotations

import random
from typing import Any


def midgame(players: int, seed: int, phase: str) -> Any:
    """A session (no store) about halfway through a random Suleika game, stopped in ``phase``
    (``roll``: only where the hint has something to show; ``place``: every legal spot lit)."""
    from companion.games.suleika import rules as suleika
    from companion.session.session import Session
    from companion.session.simulate import random_step

    session = Session.new({"game": "suleika", "players": players, "seed": seed})
    rng = random.Random(seed)
    total = sum(sum(s) for s in session.state.stock)
    while True:
        st = session.state
        if st.laid >= total // 2 and st.phase == phase and (phase != "roll" or suleika.hint(st)):
            return session
        session.act(random_step(session.engine, st, rng))
