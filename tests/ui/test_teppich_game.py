"""A whole German game of Der fliegende Teppich for three, played through the App with taps
and button presses only: from the game menu through the setup and the city to the end
screen. Every screen it passes through, after every move, passes the kit audit, is German
only and never shows the engine's English names for the seats."""

from __future__ import annotations

import random
from typing import Any

import pytest

from companion.games.teppich.screen import draw
from companion.games.teppich.screen.table import TeppichScene
from companion.games.teppich.screen.words import ARROWS, TOKENS, token_of
from companion.ui.kit import problems, recording
from companion.ui.shell.end import EndScene
from tests.language import foreign_words
from tests.ui.screen import press, settle, tap, tap_label

ENGINE_NAMES = ("Red", "Blue", "Yellow", "Green", "Purple", "Orange")


def key(app: Any, k: Any) -> None:
    c = next(c for c in app.scene.tappables() if c.key == k)
    assert c.enabled, k
    tap(app, c.rect.center)


def at(scene: Any, cell: tuple[int, int]) -> tuple[int, int]:
    x, y = draw.cell_centre(scene.grid, cell)
    return int(x), int(y)


def by_taps(app: Any, scene: Any, action: dict[str, Any]) -> None:
    """One move entered with taps on the row's keys and on the board."""
    kind = action["action"]
    if kind == "steer":
        key(app, ("steer", action["dir"]))
    elif kind == "drift":
        key(app, "drift")
    else:
        key(app, "card")
        key(app, ("v", action["v"]))
        key(app, ("h", action["h"]))
        if action["h"]:
            key(app, ("pair", action["pair"]))
        for _ in range(ARROWS.index(action["arrows"])):
            key(app, "arrow")
        for _ in range(TOKENS.index(token_of(action))):
            key(app, "token")
        bare = {k: v for k, v in action.items() if k != "then"}
        option = next(o for o in scene.shown_options() if o.action == bare)
        if scene.selected() != option:
            tap(app, at(scene, option.flight.end))
        while scene.selected() != option:
            key(app, "next")
        key(app, "fly")
    if scene.stage == "then":
        key(app, action["then"])


def answer_the_die(app: Any, scene: Any, rng: random.Random, by_keys: bool) -> None:
    st = scene.state
    if st.pending == "roll":
        press(app, "roll") if by_keys else key(app, "roll")
    elif st.pending == "clouds":
        key(app, "clouds_take" if rng.random() < 0.7 else "clouds_keep")
    elif st.pending == "swap_with":
        key(app, ("swap", rng.choice([p for p in range(st.players) if p != st.current])))
    elif st.pending == "hop":
        cells = [c for c, _ in scene.hop_cells()]
        tap(app, at(scene, rng.choice(cells)))
        key(app, "hop")


def looked_at(app: Any, seen: list[str], found: list[str]) -> None:
    """The screen now, as the kit audit and a reader see it."""
    with recording() as rec:
        app.scene.draw(app.screen)
    found.extend(problems(rec))
    seen.extend(t.text for t in rec.texts)


@pytest.mark.slow
def test_a_whole_german_game_by_taps_and_keys(app):
    rng = random.Random(2)
    texts: list[str] = []
    found: list[str] = []
    app.go("menu")
    settle(app)
    looked_at(app, texts, found)
    tap_label(app, "Der fliegende Teppich")
    app.go("setup", game="teppich", seed=11)   # the seed fixed, so the city is always the same
    settle(app)
    looked_at(app, texts, found)
    tap_label(app, "3")
    tap_label(app, "Los")
    scene = app.scene
    assert isinstance(scene, TeppichScene) and scene.city is not None
    for _ in range(3):
        key(app, "city_next")
    looked_at(app, texts, found)
    key(app, "city_go")
    scene = app.scene
    assert scene.city is None and scene.session.header["scenery"]
    kinds: set[str] = set()
    turns = 0
    while isinstance(app.scene, TeppichScene):
        turns += 1
        assert turns < 2000, "the game never ended"
        scene = app.scene
        st, engine = scene.state, scene.session.engine
        before = len(scene.session.actions)
        by_keys = turns % 3 == 0
        if st.pending is not None:
            answer_the_die(app, scene, rng, by_keys)
        elif by_keys:
            for k in scene.demo_presses(rng):
                press(app, k)
            if scene.stage == "pick":   # the card's flights are lit first, then the rest
                for k in scene.demo_presses(rng):
                    press(app, k)
        else:
            pool = engine.toward_goal(st) if rng.random() < 0.75 else engine.legal_actions(st)
            by_taps(app, scene, rng.choice(pool))
        assert len(scene.session.actions) > before or scene.session.over, (turns, scene.banner.text)
        kinds.update(a["action"] for a in scene.session.actions[before:])
        if scene.banner.bad:
            pytest.fail(f"refused at turn {turns}: {scene.banner.text}")
        looked_at(app, texts, found)
    settle(app)
    assert isinstance(app.scene, EndScene)
    looked_at(app, texts, found)
    assert {"fly", "drift", "roll"} <= kinds, kinds
    assert list(dict.fromkeys(found)) == []
    assert scene.session.over and scene.state.winners
    assert f"{scene.seat_name(scene.state.winners[0])} gewinnt!" in texts
    for text in set(texts):
        assert foreign_words(text, "de", proper=("Der fliegende Teppich",)) == [], text
        assert not set(text.replace("·", " ").split()) & set(ENGINE_NAMES), text
