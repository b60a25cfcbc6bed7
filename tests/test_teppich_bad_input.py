"""Every bad input the Teppich issue lists ("What to build", item 5), each reached by a real
game (legal record lines only, no position built by hand), refused three ways:

- by the engine, with its code, and nothing changed (the state before equals the state after);
- on the German table screen, through the same command path its keys and taps use: a clear
  message in German in the banner, no action recorded, the game as it was;
- by ``companion replay``: a non-zero exit and ``line N: reason`` on stderr, N the line of
  the bad action (1 for the header) counting the header as line 1.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

import pygame
import pytest

from companion.cli import main
from companion.engine.base import IllegalAction
from companion.games import get_engine
from companion.games.teppich.screen import draw, paint
from companion.session.record import dumps
from companion.session.session import Session
from companion.session.store import Store
from companion.ui.i18n import Texts
from companion.ui.kit.controls import picture
from companion.ui.widgets import Button
from tests.language import foreign_words
from tests.ui.screen import new_app, press, settle, tap
from tests.ui.screen import table as show_table

ENGINE = get_engine("teppich")
UP3 = {"action": "fly", "v": 3, "h": 0, "pair": "UR", "arrows": "up_side"}
DRIFT = {"action": "drift"}
RIGHT = {"action": "steer", "dir": "right"}


def fly(v: int, h: int, arrows: str = "up_side", pair: str = "UR", **more: Any) -> dict[str, Any]:
    return {"action": "fly", "v": v, "h": h, "pair": pair, "arrows": arrows, **more}


def column(x: int, height: int) -> list[list[int]]:
    return [[x, y] for y in range(height)]


@dataclass
class Bad:
    """One bad input: the city, the legal lines before it, the bad line, the refusal code and
    a few words the English reason on the command line must contain."""

    code: str
    bad: dict[str, Any] | None          # None: the header itself is bad
    words: str
    before: list[dict[str, Any]] = field(default_factory=list)
    scenery: list[list[int]] = field(default_factory=list)
    clouds: list[list[int]] = field(default_factory=list)
    stars: list[list[int]] = field(default_factory=list)

    def header(self) -> dict[str, Any]:
        return {"record": 2, "game": "teppich", "players": 3, "seed": 1, "scenery": self.scenery,
                "clouds": self.clouds, "stars": self.stars, "names": ["Anna", "Ben", "Cem"]}


#: Walls for the cloud moves: a house column at x 12 and clouds above it up to row 10; the
#: one gap left is (12, 11), and the cloud at (3, 11) may not be moved into it.
WALL_SCENERY = column(12, 6)
WALL_CLOUDS = [[12, y] for y in range(6, 11)] + [[3, 11]]
#: Player 0 flies 3 up onto a star at (0, 3) (the die then waits for its roll).
TO_STAR = [UP3]
#: Player 0 up into the sky, two turns: (0, 3) then (0, 6), a star there.
TO_SKY_STAR = [UP3, DRIFT, DRIFT, UP3]
#: Player 0 uses all five steering tokens, one a turn (the others stay on the podium).
ALL_TOKENS = [m for _ in range(5) for m in ({"action": "steer", "dir": "up"}, DRIFT, DRIFT)]

CASES: dict[str, Bad] = {
    "flight through scenery": Bad(
        "through_scenery", fly(1, 2, "side_up"), "scenery in column 3, row 1", scenery=column(2, 2)),
    "flight through a cloud": Bad(
        "through_cloud", fly(3, 1, "up_side"), "cloud in column 1, row 7", before=[UP3, DRIFT, DRIFT],
        clouds=[[0, 6]]),
    "flight ending in a cloud": Bad(
        "through_cloud", UP3, "cloud in column 1, row 7", before=[UP3, DRIFT, DRIFT], clouds=[[0, 6]]),
    "flight below the ground": Bad("below_ground", fly(3, 0, "down_side"), "below the ground"),
    "stair-stepped path": Bad("stair_steps", fly(2, 1, "up_side_up"), "stair-stepped"),
    "stair-stepped the other way": Bad("stair_steps", fly(2, 1, "side_up_side"), "stair-stepped"),
    "second token in one turn (two on a card)": Bad(
        "second_token", fly(2, 1, token=[{"leg": "side", "change": 1}, {"leg": "vertical", "change": 1}]),
        "one steering token"),
    "second token in one turn (a token with a token)": Bad(
        "second_token", {"action": "steer", "dir": "up", "token": {"leg": "side", "change": 1}},
        "one steering token"),
    "token the player no longer has (with a card)": Bad(
        "no_tokens", fly(1, 1, token={"leg": "side", "change": 1}), "no steering tokens left",
        before=ALL_TOKENS),
    "token with none left (alone)": Bad(
        "no_tokens", {"action": "steer", "dir": "up"}, "no steering tokens left", before=ALL_TOKENS),
    "then missing": Bad("then_missing", UP3, 'say "then"', before=[UP3]),
    "then wrong": Bad("bad_then", {**UP3, "then": "sit"}, '"block" or "force", not sit', before=[UP3]),
    "then not needed": Bad("then_not_needed", {**UP3, "then": "block"}, 'takes no "then"'),
    "force where nothing can sink": Bad(
        "cannot_force", {**RIGHT, "then": "force"}, "cannot sink any lower", before=[RIGHT]),
    "hop with two bends": Bad(
        "hop_bends", {"action": "hop", "to": [3, 6]}, "at most one bend",
        before=[fly(3, 2, "up_side"), {"action": "roll", "value": 6}],
        scenery=column(3, 4), clouds=[[2, 6]], stars=[[2, 3]]),
    "card value out of range (v 4)": Bad("bad_card", fly(4, 1), "not 4 and 1"),
    "card value out of range (v 0)": Bad("bad_card", fly(0, 1), "not 0 and 1"),
    "card value out of range (h 4)": Bad("bad_card", fly(2, 4), "not 2 and 4"),
    "roll with no star": Bad("no_roll_due", {"action": "roll", "value": 3}, "free star"),
    "cloud move covering a carpet": Bad(
        "cloud_on_carpet", {"action": "clouds", "cells": [[0, 6], [10, 8]]}, "carpet in column 1, row 7",
        before=TO_SKY_STAR + [{"action": "roll", "value": 2}], clouds=[[10, 8], [11, 8]],
        stars=[[0, 6]]),
    "cloud move closing the way": Bad(
        "clouds_close_way", {"action": "clouds", "cells": [[12, y] for y in range(6, 12)]},
        "no way through", before=TO_STAR + [{"action": "roll", "value": 2}],
        scenery=WALL_SCENERY, clouds=WALL_CLOUDS, stars=[[0, 3]]),
    "city with no way through": Bad(
        "no_way_through", None, "no way through", scenery=WALL_SCENERY,
        clouds=[[12, y] for y in range(6, 12)]),
}


def played(case: Bad) -> Any:
    state = ENGINE.new_game(case.header())
    for action in case.before:
        state, _ = ENGINE.apply(state, action)
    return state


def refusal(case: Bad) -> IllegalAction:
    with pytest.raises(IllegalAction) as info:
        if case.bad is None:
            ENGINE.new_game(case.header())
        else:
            ENGINE.apply(played(case), case.bad)
    return info.value


def on_screen(exc: IllegalAction) -> IllegalAction:
    """The refusal as the table words it: a cell by column and row counted from 1."""
    params = dict(exc.params)
    for k in ("x", "y", "row", "w", "h") if "x" in params else ():
        if k in params:
            params[k] += 1
    return IllegalAction(exc.code, str(exc), **params)


# -- the engine and the words -----------------------------------------------------------------
@pytest.mark.parametrize("name", list(CASES))
def test_the_engine_refuses_and_changes_nothing(name):
    case = CASES[name]
    exc = refusal(case)
    assert exc.code == case.code, str(exc)
    assert case.words in str(exc)
    if case.bad is not None:
        state = played(case)
        before = json.dumps(state.to_dict(), sort_keys=True)
        with pytest.raises(IllegalAction):
            ENGINE.apply(state, case.bad)
        assert json.dumps(state.to_dict(), sort_keys=True) == before
        assert all(action != case.bad for action in ENGINE.legal_actions(state))


@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize("name", list(CASES))
def test_the_reason_reads_in_each_language(name, lang):
    exc = refusal(CASES[name])
    text = Texts(lang).refusal("teppich", exc)
    assert text and "{" not in text and "teppich." not in text
    assert foreign_words(text, lang) == [], text
    if lang == "de":
        assert text != str(exc)


# -- the command line --------------------------------------------------------------------------
@pytest.mark.parametrize("name", list(CASES))
def test_replay_names_the_line_and_the_reason(name, tmp_path, capsys):
    case = CASES[name]
    path = tmp_path / "game.jsonl"
    lines = case.before + ([case.bad] if case.bad is not None else [])
    path.write_text(dumps(case.header(), lines))
    assert main(["replay", str(path)]) != 0
    err = capsys.readouterr().err.strip()
    line = 1 if case.bad is None else len(case.before) + 2
    assert err == f"line {line}: {refusal(case)}", err
    assert case.words in err and "Traceback" not in err
    # the good lines before it replay on their own
    path.write_text(dumps(case.header(), case.before))
    if case.bad is not None:
        assert main(["replay", str(path), "--json"]) == 0
        assert json.loads(capsys.readouterr().out) == ENGINE.summary(played(case))


# -- the German table screen ---------------------------------------------------------------------
@pytest.fixture
def app(tmp_path):
    a = new_app("de", Store(tmp_path / "g.sqlite3"))
    yield a
    a.close()


def table(app: Any, case: Bad) -> Any:
    header = case.header() if case.bad is not None else {**case.header(), "scenery": [], "clouds": []}
    session = Session.new(header, app.store)
    for action in case.before:
        session.act(action)
    return show_table(app, session)


def in_german(app: Any, text: str) -> None:
    """No raw key, no placeholder, no English word; record words („up_side“) only quoted."""
    unquoted = re.sub(r"„[^“]*“|\"[^\"]*\"", "", text)
    assert text and "{" not in text and "teppich." not in unquoted and "_" not in unquoted, text
    assert foreign_words(text, "de") == [], text


@pytest.mark.slow
@pytest.mark.parametrize("name", list(CASES))
def test_the_table_says_why_in_german_and_keeps_the_game(app, name):
    case = CASES[name]
    scene = table(app, case)
    session = scene.session
    state, actions = session.state, list(session.actions)
    stored = app.store.load(session.game_id)
    if case.bad is None:
        scene.start_with_city(1, [tuple(c) for c in case.scenery], [tuple(c) for c in case.clouds])
    elif case.bad["action"] == "roll":
        scene.roll(case.bad["value"])
    else:
        scene.act(case.bad)
    settle(app)
    assert app.scene is scene and scene.banner.bad
    assert scene.banner.text == app.texts.refusal("teppich", on_screen(refusal(case)))
    in_german(app, scene.banner.text)
    assert session.state is state and session.actions == actions
    assert app.store.load(session.game_id) == stored


# -- the same refusals by real presses and taps ---------------------------------------------------
def key(scene: Any, k: Any) -> Any:
    return next(c for c in scene.tappables() if c.key == k)


def test_a_steering_key_with_no_tokens_left_is_greyed_and_a_tap_says_why(app):
    """The arrow keys steer with a token: with none left they are greyed (LEFT / RIGHT pass
    them by), and a tap on one says why instead of doing nothing."""
    scene = table(app, CASES["token with none left (alone)"])
    before, state = list(scene.session.actions), scene.session.state
    up = key(scene, ("steer", "up"))
    assert isinstance(up, paint.Greyed) and up.key not in [c.key for c in scene.focusable()]
    looks_off = Button(**up.settings())
    looks_off.enabled = False                               # drawn as this disabled key
    assert pygame.image.tobytes(picture(up).img, "RGB") == pygame.image.tobytes(picture(looks_off).img, "RGB")
    assert up.enabled and up.look() != looks_off.look()
    tap(app, up.rect.center)
    assert scene.session.actions == before and scene.session.state is state and scene.banner.bad
    assert scene.banner.text == app.texts("teppich.refusal.no_tokens", name="Anna")
    in_german(app, scene.banner.text)


def test_the_token_key_with_no_tokens_left_says_why(app):
    scene = table(app, CASES["token the player no longer has (with a card)"])
    for k in ("card", ("v", 1), ("h", 1), ("pair", "UR")):
        tap(app, key(scene, k).rect.center)
    assert scene.stage == "pick"
    token = key(scene, "token")
    assert isinstance(token, paint.Greyed)
    tap(app, token.rect.center)
    assert scene.token_i == 0 and scene.banner.bad
    assert scene.banner.text == app.texts("teppich.refusal.no_tokens", name="Anna")
    press(app, "straight")            # the serial box's token key: the same answer
    assert scene.token_i == 0 and scene.banner.text == app.texts("teppich.refusal.no_tokens", name="Anna")
    assert all("token" not in o.action for o in scene.shown_options())


def test_force_where_nothing_can_sink_is_greyed_and_a_tap_says_why(app):
    scene = table(app, CASES["force where nothing can sink"])
    tap(app, key(scene, ("steer", "right")).rect.center)   # player 1 onto player 0 on the ground
    assert scene.stage == "then"
    force = key(scene, "force")
    assert isinstance(force, paint.Greyed) and force.key not in [c.key for c in scene.focusable()]
    before = list(scene.session.actions)
    tap(app, force.rect.center)
    assert scene.session.actions == before and scene.stage == "then" and scene.banner.bad
    assert scene.banner.text == app.texts("teppich.refusal.cannot_force", x=2, y=1)  # counted from 1
    in_german(app, scene.banner.text)
    tap(app, key(scene, "block").rect.center)
    assert scene.session.actions[-1] == {**RIGHT, "then": "block"}


def test_the_roll_key_with_no_star_is_refused_on_the_table(app):
    scene = table(app, CASES["roll with no star"])
    press(app, "roll", 3)
    assert scene.session.actions == [] and scene.banner.bad
    assert scene.banner.text == app.texts("teppich.refusal.no_roll_due")


def test_clouds_tapped_onto_a_carpet_are_refused_on_the_table(app):
    """Face 2 by taps: a cloud laid on a carpet in the sky is refused in words, and the die
    still waits for the clouds."""
    case = CASES["cloud move covering a carpet"]
    scene = table(app, case)
    assert scene.session.state.pending == "clouds"

    def at(cell: tuple[int, int]) -> tuple[int, int]:
        x, y = draw.cell_centre(scene.grid, cell)
        return int(x), int(y)

    laid = [tuple(c) for c in scene.cloud_layout()]
    tap(app, at(laid[0]))             # lift one proposed cloud cell ...
    tap(app, at((0, 6)))              # ... and lay it on player 1's carpet
    state, before = scene.session.state, list(scene.session.actions)
    tap(app, key(scene, "clouds_take").rect.center)
    assert scene.session.state is state and scene.session.actions == before and scene.banner.bad
    assert scene.banner.text == app.texts("teppich.refusal.cloud_on_carpet", x=1, y=7)
    in_german(app, scene.banner.text)
