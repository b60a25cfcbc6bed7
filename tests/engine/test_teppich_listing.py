"""The legal listing flies each position's flights its own quick way (each first leg once, the
second legs in line): every card play's option must carry exactly the flight that
``flight.walk`` (the one the engine applies) flies, and a play whose walk fails has none."""

from __future__ import annotations

import pytest
from teppich_helpers import ENGINE

from companion.games import REGISTRY
from companion.games.teppich.rules.flight import Flight, card_legs, parse_token, walk
from companion.games.teppich.rules.legal import CARD_COMBOS, options
from companion.session.simulate import play_game


def positions(players: int, seed: int) -> list:
    header = REGISTRY["teppich"].header(players, seed)
    _final, actions = play_game(ENGINE, header, seed, "random")
    state = ENGINE.new_game(header)
    out = []
    for action in actions:
        if state.pending is None and not state.over:
            out.append(state)
        state, _events = ENGINE.apply(state, action)
    return out


@pytest.mark.parametrize(("players", "seed"), [(3, 2), (4, 5), (6, 7)])
def test_every_listed_flight_is_the_walked_one(players, seed):
    box = ENGINE.box
    checked = 0
    for state in positions(players, seed)[::3]:
        me = state.current
        listed = {repr(o.action): o for o in options(box, state) if o.action["action"] == "fly"}
        for action, _legs in CARD_COMBOS:
            if "token" in action and state.tokens[me] == 0:
                continue
            token = parse_token(action.get("token"))
            legs = card_legs(action["v"], action["h"], action["pair"], action["arrows"], token)
            walked = walk(box, state.scenery_set, state.walls, state.cells[me], legs)
            option = listed.get(repr(action))
            if isinstance(walked, Flight):
                assert option is not None and option.flight == walked, action
                checked += 1
            else:
                assert option is None, (action, walked)
    assert checked > 1000
