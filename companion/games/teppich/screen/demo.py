"""The presses a table would make at the Teppich screen (the demo and attract mode).

Planned on the pure engine: a move (mostly one heading for the goal), then the keys that
enter it: the card key, the card's numbers and pairing, the token, the end cell, block or
force; ROLL for the special die, and the answer its face asks for. The turn a demo stops on
enters the card that lights the most end cells, so its last frame shows what the referee
does: every legal end cell with its path.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from companion.engine.base import Action
from companion.games.teppich.rules import card_options
from companion.games.teppich.screen.words import TOKENS, token_of

if TYPE_CHECKING:
    from companion.games.teppich.screen.table import TeppichScene


def _then(option_thens: tuple[str | None, ...], then: str | None) -> list[str]:
    if then is None:
        return []
    enabled: list[str] = [t for t in ("block", "force") if t in option_thens]
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


def _stops_after_this_turn(scene: TeppichScene) -> bool:
    """True when the demo driving the app stops once this turn's flights are lit."""
    turns = getattr(getattr(scene.app, "driver", None), "turns", None)
    return isinstance(turns, int) and scene.turns_played() + 1 >= turns


def showcase(scene: TeppichScene) -> tuple[int, Action] | None:
    """The card and token use that light the most end cells on the board (flights off the
    board not counted), with how many: its first flight; None when no card flies."""
    st, box = scene.state, scene.box
    best: tuple[int, Action] | None = None
    for v in (1, 2, 3):
        for h in (0, 1, 2, 3):
            for pair in (("UR",) if h == 0 else ("UR", "UL")):
                every = card_options(box, st, v, h, pair)
                for token in TOKENS:
                    shown = [o for o in every if token_of(o.action) == token]
                    ends = len({o.flight.end for o in shown if not o.flight.blown_off})
                    if shown and (best is None or ends > best[0]):
                        best = (ends, dict(shown[0].action))
    return best


#: How many more moves a demo makes, at most, to stop on a turn that lights several cells (a
#: carpet on the ground lights one cell per card: up, then aside, or aside, then up).
MAX_EXTRA = 24


def demo_presses(scene: TeppichScene, rng: random.Random) -> list[str]:
    scene.sync()
    if scene.stage == "pick" and scene.planned:
        rest, scene.planned = scene.planned, []
        return rest
    if scene.city is not None:
        return scene.city.demo_presses()
    st, engine = scene.state, scene.rules
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
    if _stops_after_this_turn(scene):
        best = showcase(scene)
        if best is not None and (best[0] >= 3 or scene.demo_extra >= MAX_EXTRA):
            return presses_for(scene, best[1])
        scene.demo_extra += 1  # not worth showing yet: play on, the turn not counted
    pool = engine.toward_goal(st) if rng.random() < 0.6 else engine.legal_actions(st)
    if not pool:
        return []
    return presses_for(scene, rng.choice(pool))
