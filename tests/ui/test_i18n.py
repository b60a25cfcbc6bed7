"""Both languages have every key, and the referee's messages read in German."""

from __future__ import annotations

import tomllib

from companion.gamedata import assets_dir
from companion.ui.i18n import Texts


def keys(lang: str) -> set[str]:
    with open(assets_dir() / "i18n" / f"{lang}.toml", "rb") as f:
        return set(tomllib.load(f))


def test_german_and_english_have_the_same_keys():
    assert keys("de") == keys("en")


def test_messages_are_translated_with_their_details():
    de = Texts("de")
    assert de.message("Red/Yellow has no green carpets left") == "Red/Yellow hat keine Teppiche der Farbe green mehr"
    assert de.message("The carpet die shows 1 to 4, not 5") == "Der Teppichwürfel zeigt 1 bis 4, nicht 5"
    assert de.message("something new") == "something new"
    assert Texts("en").message("The game is over") == "The game is over"


def test_real_engine_messages_are_translated():
    """Guards against a wording change in the rules that silently stops a translation."""
    import pytest

    from companion.engine.base import IllegalAction
    from companion.games import get_engine

    engine = get_engine("suleika")
    start = engine.new_game({"record": 1, "game": "suleika", "players": 3, "seed": 1})
    placing, _ = engine.apply(start, {"action": "roll", "value": 1})  # Omar ends on (2, 3)
    cases = [
        (start, {"action": "place", "cells": [[2, 3], [2, 4]], "color": "red"}),   # roll first
        (start, {"action": "roll", "value": 5}),
        (placing, {"action": "roll", "value": 2}),                                  # place first
        (placing, {"action": "place", "cells": [[2, 3], [2, 4]], "color": "red"}),  # under Omar
        (placing, {"action": "place", "cells": [[5, 5], [5, 6]], "color": "red"}),  # not touching
        (placing, {"action": "place", "cells": [[1, 3], [2, 4]], "color": "red"}),  # diagonal
        (placing, {"action": "place", "cells": [[1, 3], [0, 3]], "color": "green"}),
    ]
    de = Texts("de")
    for state, action in cases:
        with pytest.raises(IllegalAction) as info:
            engine.apply(state, action)
        message = str(info.value)
        if "no green" in message or "no " in message and "carpets in this game" in message:
            continue  # a colour nobody plays: shown as the rules say it
        assert de.message(message) != message, message
