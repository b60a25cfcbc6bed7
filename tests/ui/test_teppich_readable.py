"""Every step of the Der fliegende Teppich table, with 3 and with 6 players, in German and in
English: the kit audit finds nothing (no text under 18 px, what the table reads from its
chairs at 24 px or more, nothing running out of its box, no controls overlapping, touch
targets of 64 px), no text is shortened with "…", no two texts lie over each other, and no
word is of the other language."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from companion.games.teppich.screen import draw, words
from companion.games.teppich.screen.table import TeppichScene
from companion.session.session import Session
from companion.ui.kit import problems, recording
from companion.ui.shell.end import EndScene
from tests.language import foreign_words
from tests.ui.screen import press, settle
from tests.ui.test_teppich_screen import GOAL_RUN, act, header, on_a_carpet, on_the_star, table
from tests.ui.test_words_whole import LONG_NAMES

LONG = ["Scheherazade", "Alexandra-Marie", "Schahrasad", "Dunyazad", "Aladin", "Jasmin"]


def city(app: Any, players: int) -> Any:
    from companion.games import spec
    scene = table(app, session=Session.new({**spec("teppich").header(players, 4)}, app.store))
    press(app, "right")
    return scene


def own_city(app: Any, players: int) -> Any:
    scene = city(app, players)
    scene.city.own_city()
    scene.city.tap((4, 3))
    scene.city.tap((9, 8))
    settle(app)
    return scene


def stage(name: str) -> Callable[[Any, int], Any]:
    def build(app: Any, players: int) -> Any:
        scene = table(app, players)
        if name in ("v", "h", "pair"):
            scene.begin_card()
        if name in ("h", "pair"):
            scene.set_v(3)
        if name == "pair":
            scene.set_h(2)
        settle(app)
        return scene
    return build


def pick_in_the_wind(app: Any, players: int) -> Any:
    scene = table(app, players, clouds=[[12, 9]])
    act(scene, {"action": "fly", "v": 3, "h": 0, "pair": "UR", "arrows": "up_side"},
        *[{"action": "drift"}] * (players - 1),
        {"action": "fly", "v": 3, "h": 0, "pair": "UR", "arrows": "up_side"},
        *[{"action": "drift"}] * (players - 1))   # player 1 at (0, 6), wind 1
    scene.begin_card()
    scene.set_v(3)
    scene.set_h(3)
    scene.set_pair("UR")
    settle(app)
    assert any(o.flight.pushes for o in scene.shown_options())
    return scene


def pick_off_the_top(app: Any, players: int) -> Any:
    """The longest line under the board: back to the start, a token and the wind's push; the
    push begins in the top row, so its "+2" goes below the arrow, clear of the turn banner."""
    scene = table(app, players)
    for _ in range(3):   # player 1 up to (0, 9), wind 2
        act(scene, {"action": "fly", "v": 3, "h": 0, "pair": "UR", "arrows": "up_side"},
            *[{"action": "drift"}] * (players - 1))
    scene.begin_card()
    scene.set_v(3)
    scene.set_h(3)
    scene.set_pair("UL")
    scene.token_i = words.TOKENS.index(("vertical", -1))
    shown = scene.shown_options()
    scene.pick = next(i for i, o in enumerate(shown) if o.flight.blown_off and o.flight.pushes
                      and o.flight.pushes[0][0][1] == scene.box.height - 1 and o.action["arrows"] == "up_side")
    settle(app)
    return scene


def pick_star(app: Any, players: int) -> Any:
    scene = table(app, players, stars=[[2, 3]])
    scene.begin_card()
    scene.set_v(3)
    scene.set_h(2)
    scene.set_pair("UR")
    scene.pick = next(i for i, o in enumerate(scene.shown_options()) if o.star)
    settle(app)
    return scene


def pick_none(app: Any, players: int) -> Any:
    scene = stage("pair")(app, players)
    scene.set_pair("UR")
    scene.arrows_i = 3   # down from the ground: no flight
    press(app, "ok")
    assert scene.banner.bad
    return scene


def then(app: Any, players: int) -> Any:
    return on_a_carpet(app, players)


def blocked(app: Any, players: int) -> Any:
    """Player 2 sat on player 1; the others drifted; player 1's turn is skipped."""
    scene = on_a_carpet(app, players)
    scene.then("block")
    for _ in range(players - 2):
        scene.simple("drift")
    settle(app)
    assert scene.state.current == 1 and scene.banner.text
    return scene


def roll_due(app: Any, players: int) -> Any:
    return on_the_star(app, players)


def rolled(value: int) -> Callable[[Any, int], Any]:
    def build(app: Any, players: int) -> Any:
        scene = on_the_star(app, players, clouds=[[10, 8], [11, 8]])
        press(app, "roll", value)
        return scene
    return build


def rolled_quietly(app: Any, players: int) -> Any:
    scene = rolled(4)(app, players)
    scene.banner.until = 0.0   # the message has gone: the die's words stay
    settle(app)
    return scene


def swap_long_names(app: Any, players: int) -> Any:
    """Face 5 with the longest names the name keyboard takes: a key per seat over the board."""
    scene = on_the_star(app, players, names=LONG_NAMES[:players])
    press(app, "roll", 5)
    return scene


def blown(app: Any, players: int) -> Any:
    scene = table(app, players)
    act(scene, {"action": "fly", "v": 3, "h": 1, "pair": "UR", "arrows": "up_side"})
    scene.act({"action": "fly", "v": 1, "h": 3, "pair": "UL", "arrows": "side_up"})
    settle(app)
    return scene


def won(app: Any, players: int) -> Any:
    scene = table(app, players)
    for move in GOAL_RUN:
        act(scene, move, *[{"action": "drift"}] * (players - 1))
    scene.act({"action": "fly", "v": 3, "h": 3, "pair": "UL", "arrows": "side_down",
               "token": {"leg": "side", "change": -1}})
    return scene


def won_table(app: Any, players: int) -> Any:
    scene = won(app, players)
    scene.draw(app.screen)
    return scene


def end_screen(app: Any, players: int) -> Any:
    won(app, players)
    settle(app)
    assert isinstance(app.scene, EndScene)
    return app.scene


def pause(app: Any, players: int) -> Any:
    scene = table(app, players)
    scene.on_menu()
    settle(app)
    return app.scene


def long_names(app: Any, players: int) -> Any:
    scene = table(app, session=Session.new(header(players, names=LONG[:players]), app.store))
    scene.act({"action": "steer", "dir": "up"})
    settle(app)
    return scene


PHASES: dict[str, Callable[[Any, int], Any]] = {
    "city": city, "own_city": own_city, "start": stage("start"), "v": stage("v"), "h": stage("h"),
    "pair": stage("pair"), "pick": pick_in_the_wind, "pick_off_the_top": pick_off_the_top,
    "pick_star": pick_star, "pick_none": pick_none, "then": then,
    "blocked": blocked, "roll": roll_due, "miss": rolled(1), "clouds": rolled(2), "again": rolled(3),
    "tokens": rolled(4), "die_words": rolled_quietly, "swap": rolled(5),
    "swap_long_names": swap_long_names, "hop": rolled(6),
    "blown": blown, "won": won_table, "end": end_screen, "pause": pause, "long_names": long_names,
}


def audit(app: Any, scene: Any) -> tuple[list[str], Any]:
    with recording() as rec:
        scene.draw(app.screen)
    found = problems(rec)
    lang = app.texts.lang
    for t in rec.texts:
        if "…" in t.text:   # names too: whole, or the list goes by colour and pattern
            found.append(f"{t.text!r} is shortened")
        bad = foreign_words(t.text, lang, proper=("Der fliegende Teppich", *LONG, *LONG_NAMES))
        if bad and len(t.text.strip()) > 1:
            found.append(f"{t.text!r} has {bad}")
    marks = [t for t in rec.texts if t.text.strip()]
    for i, a in enumerate(marks):
        for b in marks[i + 1:]:
            if a.drawn.colliderect(b.drawn) and a.surface == b.surface:
                found.append(f"{a.text!r} {tuple(a.drawn)} and {b.text!r} {tuple(b.drawn)} overlap")
    return found, rec


@pytest.fixture(params=("de", "en"))
def lang(request) -> str:
    return request.param


@pytest.mark.slow
@pytest.mark.parametrize("players", (3, 6))
@pytest.mark.parametrize("phase", list(PHASES))
def test_every_teppich_step_is_readable(app, phase, players):
    scene = PHASES[phase](app, players)
    found, rec = audit(app, scene)
    assert found == [], f"{phase}, {players} players, {app.texts.lang}"
    if isinstance(scene, TeppichScene):
        status = [t for t in rec.texts if t.box is not None and draw.STATUS.contains(t.box)]
        assert status and all(t.role in ("read", "say") and t.px >= 24 for t in status), phase
        columns = {app.texts("teppich.ui.misses_head"), app.texts("teppich.ui.tokens_row")}
        heads = [t for t in rec.texts if t.box is not None and draw.HEADER.contains(t.box)
                 and t.text not in columns]   # the players' column headings beside it
        assert heads and all(t.role == "read" for t in heads), phase
