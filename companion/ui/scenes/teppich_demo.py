"""The presses a table would make at the Teppich screen (the demo and attract mode).

Planned on the pure engine: a move (mostly one heading for the goal), then the keys that
enter it: the card key, the card's numbers and pairing, the token, the end cell, block or
force; ROLL for the special die, and the answer its face asks for.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from companion.engine.base import Action
from companion.engine.teppich import card_options
from companion.ui.scenes.teppich_words import TOKENS, token_of

if TYPE_CHECKING:
    from companion.ui.scenes.teppich import TeppichScene


def _then(option_thens: tuple[str | None, ...], then: str | None) -> list[str]:
    if then is None:
        return []
    enabled = [t for t in ("block", "force") if t in option_thens]
    return ["right"] * enabled.index(then) + ["ok"]


def presses_for(scene: TeppichScene, action: Action) -> list[str]:
    """The keys that enter one move, from the start of a turn."""
    st, box = scene.state, scene.box
    kind = action["action"]
    then = action.get("then")
    bare = {k: v for k, v in action.items() if k != "then"}
    if kind in ("steer", "drift"):
        moves = scene.step_moves()
        keys = ["card"] + [d for d in ("up", "down", "left", "right") if d in moves]
        keys += ["drift"] if "drift" in moves else []
        key = action["dir"] if kind == "steer" else "drift"
        return ["right"] * keys.index(key) + ["ok"] + _then(moves[key].thens, then)
    v, h, pair = action["v"], action["h"], action["pair"]
    token = token_of(action)
    presses = ["ok", *["right"] * (v - 1), "ok", *["right"] * h, "ok"]
    if h:
        presses += ["right"] * (pair == "UL") + ["ok"]
    presses += ["straight"] * TOKENS.index(token)
    shown = [o for o in card_options(box, st, v, h, pair) if token_of(o.action) == token]
    k = next(i for i, o in enumerate(shown) if o.action == bare)
    # the flights are lit first; the driver asks again for the rest (see turns_played)
    scene.planned = ["right"] * k + ["ok"] + _then(shown[k].thens, then)
    return presses


def demo_presses(scene: TeppichScene, rng: random.Random) -> list[str]:
    scene.sync()
    if scene.stage == "pick" and scene.planned:
        rest, scene.planned = scene.planned, []
        return rest
    if scene.city is not None:
        return scene.city.demo_presses()
    st, engine = scene.state, scene.session.engine
    if st.over:
        return []
    if st.pending == "roll":
        return ["roll"]
    if st.pending == "clouds":
        return ["ok"] if rng.random() < 0.7 else ["right", "right", "ok"]
    if st.pending == "swap_with":
        return ["right"] * rng.randrange(st.players - 1) + ["ok"]
    if st.pending == "hop":
        return ["right"] * rng.randrange(max(1, len(scene.hop_cells()))) + ["ok"]
    pool = engine.toward_goal(st) if rng.random() < 0.6 else engine.legal_actions(st)
    if not pool:
        return []
    return presses_for(scene, rng.choice(pool))
