"""The Der fliegende Teppich table through the real screen loop: building the city (taps and
buttons), entering a wind card by taps and by buttons, picking a lit flight, the steering
token (with a card, alone, the sideways leg of an upright card), drift, block or force,
skipped turns, undo, the menu, the special die (what it shows is what is applied), the way
back to the start podium, the win and the end screen, and bad input worded in German."""

from __future__ import annotations

from typing import Any

import pytest

from companion.engine.base import IllegalAction
from companion.games import spec
from companion.games.teppich.rules import card_options, generate
from companion.games.teppich.screen import draw, paint, words
from companion.games.teppich.screen.table import TeppichScene
from companion.session.session import Session
from companion.ui.kit import recording
from companion.ui.shell.end import EndScene
from companion.ui.shell.pause import PauseScene
from tests.language import foreign_words
from tests.ui.screen import press, settle, tap
from tests.ui.screen import table as show_table

#: the engine's own names for unnamed seats: a screen never shows them
ENGINE_NAMES = ("Red", "Blue", "Yellow", "Green", "Purple", "Orange")


# -- helpers ---------------------------------------------------------------------------------------
def header(players: int = 3, seed: int = 1, **extra: Any) -> dict[str, Any]:
    """A header with an empty city and no stars unless given (the screen starts at the first move)."""
    h = spec("teppich").header(players, seed)
    h.update(scenery=[], clouds=[], stars=[])
    h.update(extra)
    return h


def table(app: Any, players: int = 3, session: Session | None = None, **extra: Any) -> TeppichScene:
    return show_table(app, session or Session.new(header(players, **extra), app.store))


def at(scene: TeppichScene, cell: tuple[int, int]) -> tuple[int, int]:
    x, y = draw.cell_centre(scene.grid, cell)
    return int(x), int(y)


def control(scene: TeppichScene, key: Any) -> Any:
    return next(c for c in scene.tappables() if c.key == key)


def tap_key(app: Any, key: Any) -> None:
    c = control(app.scene, key)
    assert c.enabled, f"{key} is not enabled"
    tap(app, c.rect.center)


def act(scene: TeppichScene, *actions: dict[str, Any]) -> None:
    """Moves made before the part under test (as a record played back would make them)."""
    for action in actions:
        scene.session.act(action)
    scene.shown_action()
    settle(scene.app)


def card_by_taps(app: Any, v: int, h: int, pair: str = "UR") -> None:
    tap_key(app, "card")
    tap_key(app, ("v", v))
    tap_key(app, ("h", h))
    if h:
        tap_key(app, ("pair", pair))


def texts_of(scene: TeppichScene) -> list[str]:
    with recording() as rec:
        scene.draw(scene.app.screen)
    return [t.text for t in rec.texts]


def shown_text(scene: TeppichScene) -> str:
    return " ".join(texts_of(scene))


def worded(app: Any, text: str) -> None:
    """A message in the screen's language: no raw key, no placeholder, no English word."""
    assert text and "{" not in text and "teppich." not in text and "_" not in text, text
    assert foreign_words(text, app.texts.lang) == [], text
    for name in ENGINE_NAMES:
        assert name not in text.split(), text


def drawn_die(scene: TeppichScene, monkeypatch: Any) -> int | None:
    seen: list[int | None] = []
    real = draw.draw_die
    monkeypatch.setattr(draw, "draw_die", lambda surf, rect, picture, value: (seen.append(value),
                                                                              real(surf, rect, picture, value)))
    scene.draw(scene.app.screen)
    monkeypatch.setattr(draw, "draw_die", real)
    return seen[-1]


# -- the city ------------------------------------------------------------------------------------------
def test_the_suggested_city_is_shown_piece_by_piece_by_buttons_and_starts_the_game(app):
    session = Session.new(spec("teppich").header(3, 4), app.store)
    scene = table(app, session=session)
    assert scene.city is not None and scene.city.mode == "generate"
    pieces = scene.city.placements()
    assert len(pieces) > 1 and scene.city.shown == 0
    first = texts_of(scene)
    assert app.texts("teppich.ui.piece_" + pieces[0].piece) in " ".join(first)
    press(app, "right")
    assert scene.city.shown == 1
    press(app, "left")
    assert scene.city.shown == 0
    for _ in range(len(pieces) - 1):
        press(app, "ok")   # OK places the next piece ...
    assert app.scene is scene and scene.city.shown == len(pieces) - 1
    press(app, "ok")       # ... and on the last one starts the game
    new = app.scene
    assert new is not scene and isinstance(new, TeppichScene) and new.city is None
    city = generate(new.box, 4)
    assert new.session.header["scenery"] == [list(c) for c in city.scenery]
    assert new.session.header["clouds"] == [list(c) for c in city.clouds]
    assert new.state.scenery == city.scenery


def test_the_city_wakes_the_loop_twice_a_second_not_at_every_pass(app):
    """The piece being placed glows in two steps of half a second: the scene asks for a redraw
    at each step and says when the next one comes, so the idle loop sleeps in between (it was
    dirty at every pass, and the loop spun a core while the city was on screen)."""
    scene = table(app, session=Session.new(spec("teppich").header(3, 4), app.store))
    assert scene.city is not None and scene.city.mode == "generate"
    clock = [100.0]
    app.now = lambda: clock[0]
    scene.update(clock[0])
    redraws = 0
    for _ in range(300):  # five seconds at 60 passes a second
        clock[0] += 1 / 60
        scene.dirty = False
        scene.update(clock[0])
        redraws += scene.dirty
        wake = scene.wake_at()
        assert wake is not None and clock[0] < wake <= clock[0] + draw.GLOW_STEP_S
    assert 9 <= redraws <= 11, redraws


def test_the_city_by_taps_other_city_and_go(app):
    scene = table(app, session=Session.new(spec("teppich").header(3, 4), app.store))
    tap_key(app, "city_next")
    tap_key(app, "city_next")
    assert scene.city.shown == 2
    tap_key(app, "city_back")
    assert scene.city.shown == 1
    tap_key(app, "city_other")
    assert scene.city.seed == 5 and scene.city.shown == 0
    tap_key(app, "city_go")
    new = app.scene
    assert new.session.header["seed"] == 5
    assert new.state.scenery == generate(new.box, 5).scenery


def test_an_own_city_is_tapped_in_and_checked(app):
    scene = table(app, session=Session.new(spec("teppich").header(3, 4), app.store))
    tap_key(app, "city_own")
    assert scene.city.mode == "enter"
    tap(app, at(scene, (5, 2)))       # column 6 three high
    tap(app, at(scene, (9, 0)))       # column 10 one high
    tap(app, at(scene, (9, 0)))       # the top again: lowered to nothing
    tap(app, at(scene, (12, 8)))      # a cloud
    tap(app, at(scene, (13, 8)))
    tap(app, at(scene, (13, 8)))      # taken away again
    assert scene.city.heights[5] == 3 and scene.city.heights[9] == 0
    assert scene.city.clouds == {(12, 8)}
    tap_key(app, "city_check")
    new = app.scene
    assert new is not scene and new.city is None
    assert new.session.header["scenery"] == [[5, 0], [5, 1], [5, 2]]
    assert new.session.header["clouds"] == [[12, 8]]


def test_an_own_city_with_no_way_through_is_refused_in_words(app):
    scene = table(app, session=Session.new(spec("teppich").header(3, 4), app.store))
    tap_key(app, "city_own")
    tap(app, at(scene, (10, 5)))      # a full column ...
    for y in range(6, 12):
        tap(app, at(scene, (10, y)))  # ... and clouds up to the top: a wall
    tap_key(app, "city_check")
    assert app.scene is scene and scene.city is not None
    assert scene.banner.bad
    worded(app, scene.banner.text)
    assert "Weg" in scene.banner.text
    tap_key(app, "city_clear")
    tap(app, at(scene, (1, 0)))       # the cell right of the start must stay free
    tap_key(app, "city_check")
    assert app.scene is scene and scene.banner.bad
    worded(app, scene.banner.text)
    tap_key(app, "city_suggest")
    assert scene.city.mode == "generate"


# -- a wind card, by taps and by buttons ----------------------------------------------------------------
def test_a_card_by_taps_lights_every_end_cell_and_only_the_fly_key_flies(app):
    scene = table(app, scenery=[[2, y] for y in range(2)])
    assert scene.stage == "start"
    card_by_taps(app, 3, 2)
    assert scene.stage == "pick"
    options = card_options(scene.box, scene.state, 3, 2, "UR")
    plain = [o for o in options if "token" not in o.action]
    assert {o.flight.end for o in scene.shown_options()} == {o.flight.end for o in plain}
    # the house and the ground leave "up, then right"; "left, then down" leaves the board
    assert [o.action["arrows"] for o in plain if not o.flight.blown_off] == ["up_side"]
    end = plain[0].flight.end
    assert end == (2, 3) and scene.selected() == plain[0]       # the first one is picked
    tap(app, at(scene, scene.box.start))                       # the blown-off flight: picked, not flown
    assert scene.selected().flight.blown_off and scene.session.actions == []
    tap(app, at(scene, (3, 3)))                                # next to the lit cell is near enough
    assert scene.selected().flight.end == end and scene.session.actions == []
    tap(app, at(scene, end))                                   # the picked cell again: still only picked
    assert scene.selected().flight.end == end and scene.session.actions == []
    tap_key(app, "fly")
    assert scene.session.actions == [{"action": "fly", "v": 3, "h": 2, "pair": "UR", "arrows": "up_side"}]
    assert scene.state.cells[0] == (2, 3) and scene.stage == "start"


def test_a_card_by_buttons_with_arrow_colour_and_token(app):
    scene = table(app)
    press(app, "ok")              # the card key has the focus first
    assert scene.stage == "v"
    press(app, "right")
    press(app, "right")
    press(app, "ok")              # v = 3
    assert scene.v == 3 and scene.stage == "h"
    press(app, "right")
    press(app, "ok")              # h = 1
    press(app, "right")
    press(app, "ok")              # up goes left
    assert (scene.h, scene.pair, scene.stage) == (1, "UL", "pick")
    press(app, "undo")            # back to the pairing: up goes right
    assert scene.stage == "pair"
    press(app, "ok")
    assert (scene.pair, scene.stage) == ("UR", "pick")
    tap_key(app, "arrow")         # the arrow key narrows to one colour
    assert words.ARROWS[scene.arrows_i] == "up_side"
    assert [o.flight.end for o in scene.shown_options()] == [(1, 3)]
    press(app, "straight")        # the token: one more up or down
    assert words.TOKENS[scene.token_i] == ("vertical", 1)
    assert [o.flight.end for o in scene.shown_options()] == [(1, 4)]
    press(app, "ok")
    assert scene.session.actions == [{"action": "fly", "v": 3, "h": 1, "pair": "UR", "arrows": "up_side",
                                      "token": {"leg": "vertical", "change": 1}}]
    assert scene.state.cells[0] == (1, 4) and scene.state.tokens[0] == 4


def test_the_fly_key_and_left_right_step_through_the_lit_cells(app):
    scene = table(app)
    session = scene.session
    act(scene, {"action": "fly", "v": 3, "h": 3, "pair": "UR", "arrows": "up_side"},   # (3, 3)
        {"action": "drift"}, {"action": "drift"})
    card_by_taps(app, 2, 2)
    shown = scene.shown_options()
    assert len(shown) == 4 and {o.flight.end for o in shown} == {(5, 5), (1, 1)}
    first = scene.selected()
    press(app, "right")
    assert scene.selected() is shown[1]
    tap_key(app, "prev")
    assert scene.selected() is first
    tap_key(app, "fly")
    assert session.actions[-1] == dict(first.action)


def test_a_sideways_token_on_an_upright_card(app):
    scene = table(app)
    card_by_taps(app, 2, 0)
    assert scene.stage == "pick" and scene.pair == "UR"
    assert {o.action["arrows"] for o in scene.shown_options()} == {"up_side"}   # from the ground
    for _ in range(words.TOKENS.index(("side", 1))):
        tap_key(app, "token")
    ends = {o.action["arrows"]: o.flight.end for o in scene.shown_options()}
    assert ends["up_side"] == (1, 2) and ends["side_up"] == (1, 2)
    tap(app, at(scene, (1, 2)))       # two flights end there: the second tap changes the pick
    assert scene.selected().flight.end == (1, 2)
    tap(app, at(scene, (1, 2)))
    assert scene.selected().flight.end == (1, 2) and scene.session.actions == []
    tap_key(app, "fly")
    last = scene.session.actions[-1]
    assert last["token"] == {"leg": "side", "change": 1} and last["h"] == 0
    assert scene.state.cells[0] == (1, 2) and scene.state.tokens[0] == 4


def test_a_token_alone_steers_one_cell_and_drift_sinks_in_the_calm(app):
    scene = table(app)
    down = control(scene, ("steer", "down"))                  # on the ground: greyed ...
    assert isinstance(down, paint.Greyed) and down.key not in [c.key for c in scene.focusable()]
    tap(app, down.rect.center)                                # ... and a tap says why
    assert scene.session.actions == [] and scene.banner.bad
    assert scene.banner.text == app.texts("teppich.refusal.below_ground")
    tap_key(app, ("steer", "up"))
    assert scene.session.actions == [{"action": "steer", "dir": "up"}]
    assert scene.state.cells[0] == (0, 1) and scene.state.tokens[0] == 4
    tap_key(app, ("steer", "right"))                          # the next player
    assert scene.state.cells[1] == (1, 0)
    tap_key(app, "drift")                                     # on the ground: it stays
    assert scene.state.cells[2] == (0, 0)
    tap_key(app, "drift")                                     # player 1 sinks one cell
    assert scene.state.cells[0] == (0, 0)
    assert scene.session.actions[-1] == {"action": "drift"}


def test_drift_in_a_wind_zone_by_buttons(app):
    scene = table(app)
    act(scene, {"action": "fly", "v": 3, "h": 3, "pair": "UR", "arrows": "up_side"},
        {"action": "drift"}, {"action": "drift"},
        {"action": "fly", "v": 3, "h": 0, "pair": "UR", "arrows": "up_side"},   # (3, 6)
        {"action": "drift"}, {"action": "drift"})
    keys = [c.key for c in scene.focusable()]
    for _ in range(keys.index("drift")):
        press(app, "right")
    press(app, "ok")
    assert scene.session.actions[-1] == {"action": "drift"} and scene.state.cells[0] == (4, 6)


# -- ending on a carpet, skipped turns, undo -------------------------------------------------------------
def on_a_carpet(app: Any, players: int = 3) -> TeppichScene:
    scene = table(app, players)
    card_by_taps(app, 3, 0)
    tap(app, at(scene, (0, 3)))
    tap_key(app, "fly")               # player 1 at (0, 3)
    card_by_taps(app, 3, 0)
    tap(app, at(scene, (0, 3)))
    tap_key(app, "fly")               # player 2 ends on it
    assert scene.stage == "then"
    return scene


def test_ending_on_a_carpet_asks_block_or_force_and_block_skips_its_turn(app):
    scene = on_a_carpet(app)
    assert control(scene, "block").enabled and control(scene, "force").enabled
    assert app.texts("teppich.ui.ask_then") in shown_text(scene)
    tap_key(app, "block")
    assert scene.session.actions[-1]["then"] == "block"
    assert scene.state.on[1] == 0 and scene.state.misses[0] == 1
    tap_key(app, "drift")             # player 3 drifts (stays on the ground) ...
    assert scene.state.current == 1   # ... player 1 is skipped
    said = scene.banner.text
    assert app.texts("teppich.ui.skipped", name=scene.seat_name(0)) in said
    worded(app, said)
    assert said in shown_text(scene)


def test_force_sinks_the_carpet_and_undo_takes_it_back(app):
    scene = on_a_carpet(app)
    press(app, "right")
    press(app, "ok")                  # the second key: force
    assert scene.session.actions[-1]["then"] == "force"
    assert scene.state.cells[0] == (0, 0) and scene.state.cells[1] == (0, 3)
    worded(app, scene.banner.text)
    tap_key(app, "undo")
    assert len(scene.session.actions) == 1 and scene.state.cells[0] == (0, 3)
    assert scene.banner.text == app.texts("undone")
    press(app, "undo")
    assert scene.session.actions == []


def test_undo_steps_back_through_the_entry_first(app):
    scene = table(app)
    card_by_taps(app, 2, 3)
    assert scene.stage == "pick"
    for stage in ("pair", "h", "v", "start"):
        tap_key(app, "undo")
        assert scene.stage == stage
    press(app, "undo")                # nothing played yet: said in words
    assert scene.banner.bad
    worded(app, scene.banner.text)


def test_the_menu_key_opens_the_pause_menu(app):
    scene = table(app)
    tap_key(app, "menu")
    assert isinstance(app.scene, PauseScene)
    assert app.scene is not scene


# -- the special die -----------------------------------------------------------------------------------
def on_the_star(app: Any, players: int = 3, **extra: Any) -> TeppichScene:
    scene = table(app, players, stars=[[0, 3]], **extra)
    card_by_taps(app, 3, 0)
    tap(app, at(scene, (0, 3)))
    tap_key(app, "fly")
    assert scene.state.pending == "roll"
    return scene


def test_roll_by_key_with_the_face_of_a_real_die_and_the_die_shows_it(app, monkeypatch):
    scene = on_the_star(app)
    assert drawn_die(scene, monkeypatch) is None
    assert control(scene, "roll").enabled
    assert app.texts("teppich.ui.ask_roll", name=scene.seat_name(0)) in shown_text(scene)
    press(app, "roll", 4)             # two more steering tokens
    assert scene.state.tokens[0] == 7 and scene.state.last_roll == 4
    assert drawn_die(scene, monkeypatch) == 4
    said = shown_text(scene)
    assert words.face_short(app.texts, scene.box, 4) in said        # beside the picture
    assert words.face_words(app.texts, scene.box, 4) in said        # and in what the roll did
    assert "…" not in said
    worded(app, scene.banner.text)
    assert not control(scene, "roll").enabled


def test_the_last_frame_the_loop_draws_after_the_tumble_shows_the_applied_face(app, monkeypatch):
    scene = on_the_star(app)
    seen: list[int | None] = []
    real = draw.draw_die
    monkeypatch.setattr(draw, "draw_die", lambda surf, rect, picture, value: (seen.append(value),
                                                                              real(surf, rect, picture, value)))
    press(app, "roll", 5)
    frames = app.frames
    for _ in range(3):   # the loop goes on with nobody touching the screen
        app.step(block=False)
    assert scene.state.pending == "swap_with" and seen and seen[-1] == 5
    assert app.frames >= frames


def test_what_the_die_did_is_told_once_it_lies_still(app):
    """While the die tumbles, the line under the board still asks for the roll; the face's
    words come when it lies still."""
    scene = on_the_star(app)
    scene.roll(3)
    scene.roll_at = app.now()          # the tumble is under way
    said = shown_text(scene)
    rolled = app.texts("teppich.ui.rolled", value=3, words=words.face_words(app.texts, scene.box, 3))
    assert app.texts("teppich.ui.ask_roll", name=scene.seat_name(0)) in said and rolled not in said
    scene.roll_at -= 10                # it lies still
    assert rolled in shown_text(scene)


def test_roll_by_tap_shows_the_seeded_face_that_was_applied(app, monkeypatch):
    scene = on_the_star(app)
    tap_key(app, "roll")
    value = scene.state.last_roll
    assert value in range(1, 7)
    assert scene.session.actions[-1] == {"action": "roll", "value": value}
    assert drawn_die(scene, monkeypatch) == value
    assert words.face_short(app.texts, scene.box, value) in shown_text(scene)
    tap_key(app, "undo") if control(scene, "undo").enabled else press(app, "undo")
    assert scene.session.actions[-1]["action"] == "roll"   # a roll is never taken back
    assert scene.banner.bad
    worded(app, scene.banner.text)


def test_a_roll_when_none_is_due_is_refused_in_words(app):
    scene = table(app)
    press(app, "roll", 3)
    assert scene.session.actions == [] and scene.banner.bad
    worded(app, scene.banner.text)


def test_a_move_with_nothing_to_tell_replaces_the_last_message_with_the_prompt(app):
    """A plain move after a message (here a swap) shows what to do next, not the message of
    the move before it: landing on a star asks for the roll."""
    scene = on_the_star(app, players=4)
    press(app, "roll", 5)
    tap_key(app, ("swap", 2))
    assert scene.banner.active(app.now())          # "... tauscht den Platz mit ..."
    tap_key(app, "drift")                           # the next player drifts: nothing to tell
    assert scene.session.actions[-1] == {"action": "drift"}
    assert not scene.banner.active(app.now())
    assert app.texts("teppich.ui.ask_start") in shown_text(scene)


def test_face_one_misses_the_next_turn(app):
    scene = on_the_star(app)
    press(app, "roll", 1)
    assert scene.state.misses[0] == 1 and scene.state.current == 1
    tap_key(app, "drift")
    tap_key(app, "drift")
    assert scene.state.current == 1
    assert app.texts("teppich.ui.skipped", name=scene.seat_name(0)) in scene.banner.text


def test_face_two_moves_the_clouds_by_a_proposal(app):
    scene = on_the_star(app, clouds=[[10, 8], [11, 8]])
    press(app, "roll", 2)
    assert scene.state.pending == "clouds"
    first = scene.cloud_proposal()["cells"]
    tap_key(app, "clouds_other")
    second = scene.cloud_proposal()["cells"]
    assert second != first
    tap_key(app, "clouds_take")
    assert [list(c) for c in scene.state.clouds] == sorted(second) or \
        sorted(list(c) for c in scene.state.clouds) == sorted(second)
    assert scene.state.pending is None and scene.state.current == 1


def test_face_two_clouds_laid_by_taps_where_the_table_wants_them(app):
    """The player may lay the clouds anywhere in the sky: a tap on a sky cell lays or lifts a
    cloud in the layout shown; a cell in the calm zone is refused in words."""
    scene = on_the_star(app, clouds=[[10, 8], [11, 8]])
    press(app, "roll", 2)
    shown = [tuple(c) for c in scene.cloud_layout()]
    for cell in shown:
        tap(app, at(scene, cell))      # lift both proposed clouds ...
    tap(app, at(scene, (15, 10)))      # ... and lay them where the table wants
    tap(app, at(scene, (16, 10)))
    assert sorted(tuple(c) for c in scene.cloud_layout()) == [(15, 10), (16, 10)]
    tap(app, at(scene, (15, 4)))       # not in the sky
    assert scene.banner.bad and scene.banner.text == app.texts("teppich.ui.clouds_sky_only")
    worded(app, scene.banner.text)
    tap_key(app, "clouds_take")
    assert scene.state.clouds == ((15, 10), (16, 10)) and scene.state.pending is None
    assert scene.session.actions[-1] == {"action": "clouds", "cells": [[15, 10], [16, 10]]}


def test_face_two_clouds_by_taps_must_keep_their_number(app):
    scene = on_the_star(app, clouds=[[10, 8], [11, 8]])
    press(app, "roll", 2)
    tap(app, at(scene, (15, 10)))      # one cloud cell too many
    before = list(scene.session.actions)
    tap_key(app, "clouds_take")
    assert scene.session.actions == before and scene.state.pending == "clouds" and scene.banner.bad
    assert scene.banner.text == app.texts("teppich.refusal.cloud_count", count=2, given=3)
    tap_key(app, "clouds_other")       # a fresh proposal drops what was tapped
    assert len(scene.cloud_layout()) == 2


def test_face_two_clouds_may_stay(app):
    scene = on_the_star(app, clouds=[[10, 8]])
    press(app, "roll", 2)
    tap_key(app, "clouds_keep")
    assert scene.state.clouds == ((10, 8),) and scene.state.pending is None


def test_face_three_moves_again(app):
    scene = on_the_star(app)
    press(app, "roll", 3)
    assert scene.state.current == 0 and scene.state.pending is None and scene.stage == "start"
    tap_key(app, ("steer", "up"))
    assert scene.state.cells[0] == (0, 4) and scene.state.current == 1


def test_face_five_swaps_with_the_player_tapped(app):
    scene = on_the_star(app, players=4)
    press(app, "roll", 5)
    assert scene.state.pending == "swap_with"
    assert [c.label for c in scene.tappables() if isinstance(c.key, tuple) and c.key[0] == "swap"] == \
        [scene.seat_name(p) for p in (1, 2, 3)]
    tap_key(app, ("swap", 2))
    assert scene.state.cells[0] == (0, 0) and scene.state.cells[2] == (0, 3)
    assert app.texts("teppich.ui.swapped", name=scene.seat_name(0), other=scene.seat_name(2)) in scene.banner.text


def test_face_six_hops_to_the_cell_tapped(app):
    scene = on_the_star(app)
    press(app, "roll", 6)
    assert scene.state.pending == "hop"
    cells = [c for c, _ in scene.hop_cells()]
    aim = (3, 4)
    assert aim in cells
    tap(app, at(scene, aim))
    assert cells[scene.pick] == aim
    tap_key(app, "hop")
    assert scene.session.actions[-1] == {"action": "hop", "to": [3, 4]} and scene.state.cells[0] == aim


# -- off the board, the goal, the end screen ---------------------------------------------------------------
def test_a_flight_off_the_board_returns_to_the_start_podium(app):
    scene = table(app)
    act(scene, {"action": "fly", "v": 3, "h": 1, "pair": "UR", "arrows": "up_side"})   # (1, 3)
    card_by_taps(app, 1, 3, "UL")        # player 2: left 3 from the start: off the board
    offs = [o for o in scene.shown_options() if o.flight.blown_off]
    assert offs
    scene.pick = scene.shown_options().index(offs[0])
    tap_key(app, "fly")
    assert scene.state.cells[1] == scene.box.start
    assert app.texts("teppich.ui.blown", name=scene.seat_name(1)) in scene.banner.text
    worded(app, scene.banner.text)


GOAL_RUN = [
    # player 1 flies along the calm zone; the others drift on the ground
    {"action": "fly", "v": 3, "h": 3, "pair": "UR", "arrows": "up_side"},      # (3, 3)
    {"action": "fly", "v": 1, "h": 3, "pair": "UR", "arrows": "up_side"},      # (6, 4)
    {"action": "fly", "v": 1, "h": 3, "pair": "UL", "arrows": "down_side"},    # (9, 3)
    {"action": "fly", "v": 1, "h": 3, "pair": "UR", "arrows": "up_side"},      # (12, 4)
    {"action": "fly", "v": 1, "h": 3, "pair": "UL", "arrows": "down_side"},    # (15, 3)
    {"action": "fly", "v": 1, "h": 3, "pair": "UR", "arrows": "up_side"},      # (18, 4)
    {"action": "fly", "v": 1, "h": 3, "pair": "UL", "arrows": "down_side"},    # (21, 3)
]


def near_the_goal(app: Any, players: int = 3, **extra: Any) -> TeppichScene:
    scene = table(app, players, **extra)
    for move in GOAL_RUN:
        act(scene, move, *[{"action": "drift"}] * (players - 1))
    assert scene.state.cells[0] == (21, 3) and scene.state.current == 0
    return scene


def test_the_head_wind_token_lands_on_the_goal_and_the_end_screen_follows(app):
    scene = near_the_goal(app)
    card_by_taps(app, 3, 3, "UL")
    # without a token the sideways leg carries the carpet off the right edge
    assert all(o.flight.end != scene.box.goal for o in scene.shown_options())
    for _ in range(words.TOKENS.index(("side", -1))):
        tap_key(app, "token")
    goal = [o for o in scene.shown_options() if o.flight.end == scene.box.goal]
    assert {o.action["arrows"] for o in goal} == {"side_down", "down_side"}
    tap(app, at(scene, scene.box.goal))
    assert scene.selected().flight.end == scene.box.goal and not scene.session.over
    tap_key(app, "fly")
    assert scene.session.over and scene.state.winners == (0,)
    settle(app)
    end = app.scene
    assert isinstance(end, EndScene)
    said = shown_text(end)
    assert scene.seat_name(0) == "Spieler 1" and "Spieler 1" in said
    for name in ENGINE_NAMES:
        assert name not in said.split()
    assert app.texts("teppich.ui.place_row") in said


def test_the_lit_flight_says_when_it_rolls_the_die_or_goes_back_to_the_start(app):
    """The lit frame covers a star's picture and a flight off the board ends on the start
    podium: the line under the board says so for the flight picked."""
    scene = table(app, stars=[[2, 3]])
    card_by_taps(app, 3, 2)
    shown = scene.shown_options()
    scene.pick = next(i for i, o in enumerate(shown) if o.star and o.flight.end == (2, 3))
    said = shown_text(scene)
    assert app.texts("teppich.ui.lands_star") in said and said.count(app.texts("teppich.ui.lands_blown")) == 0
    scene.pick = next(i for i, o in enumerate(shown) if o.flight.blown_off)
    said = shown_text(scene)
    assert app.texts("teppich.ui.lands_blown") in said and app.texts("teppich.ui.lands_star") not in said
    worded(app, said)
    press(app, "straight")            # one cell more up: over the star to (2, 4)
    shown = scene.shown_options()
    scene.pick = next(i for i, o in enumerate(shown) if o.flight.end == (2, 4))
    said = shown_text(scene)
    assert app.texts("teppich.ui.lands_star") not in said and app.texts("teppich.ui.lands_blown") not in said
    # the way back to the start is no second place to land: "1 Ziel oder zurück zum Start",
    # never "2 Ziele" counting the blow-off without saying so
    ends = {o.flight.end for o in shown if not o.flight.blown_off}
    assert len(ends) == 1 and any(o.flight.blown_off for o in shown)
    assert app.texts("teppich.ui.ask_fly_one_back", arrows=app.texts("teppich.ui.arrows_up_side"),
                     token=app.texts("teppich.ui.token_vertical_plus"), push="") in said
    assert app.texts("teppich.ui.ask_fly", n=2, arrows=app.texts("teppich.ui.arrows_up_side"),
                     token=app.texts("teppich.ui.token_vertical_plus"), push="") not in said


def test_a_card_without_a_sideways_arrow_is_worded_as_only_up(app):
    scene = table(app)
    card_by_taps(app, 3, 0)
    said = shown_text(scene)
    assert app.texts("teppich.ui.arrows_up_only") in said
    assert app.texts("teppich.ui.arrows_up_side") not in said
    for _ in range(words.TOKENS.index(("side", 1))):
        press(app, "straight")        # a sideways token adds a sideways leg: the arrow colour again
    said = shown_text(scene)
    assert app.texts("teppich.ui.arrows_up_side") in said or app.texts("teppich.ui.arrows_side_up") in said
    assert app.texts("teppich.ui.arrows_up_only") not in said


def test_illegal_taps_change_nothing(app):
    scene = table(app)
    tap(app, at(scene, (12, 6)))       # no card entered: the board does nothing
    card_by_taps(app, 3, 3)
    before = list(scene.session.actions)
    tap(app, at(scene, (20, 1)))       # far from every lit cell
    assert scene.session.actions == before and scene.selected() is scene.shown_options()[0]
    for _ in range(words.ARROWS.index("down_side")):
        tap_key(app, "arrow")          # down from the ground: no flight
    assert scene.shown_options() == [] and not control(scene, "fly").enabled
    press(app, "ok")
    assert scene.session.actions == before and scene.banner.bad
    worded(app, scene.banner.text)


# -- names in the screen's language -----------------------------------------------------------------------
def test_a_refusal_names_the_seat_as_the_screen_does(app):
    scene = table(app)
    state = scene.state
    from companion.games.teppich.rules.state import evolve
    empty = evolve(state, tokens=(0,) + state.tokens[1:])
    with pytest.raises(IllegalAction) as info:
        scene.session.engine.apply(empty, {"action": "steer", "dir": "up"})
    assert "Red" in str(info.value)   # the engine's English record name
    scene.refuse(info.value)
    assert scene.banner.text == app.texts("teppich.refusal.no_tokens", name="Spieler 1")
    worded(app, scene.banner.text)
    with pytest.raises(IllegalAction) as info:
        scene.session.engine.apply(state, {"action": "drift", "seat": 2})
    scene.refuse(info.value)
    assert scene.banner.text == app.texts("teppich.refusal.not_your_turn", name="Spieler 1")


def test_named_seats_keep_their_names(app):
    """The turn line names each seat on its turn (the players' list goes by colour and pattern)."""
    scene = table(app, names=["Aladin", "Jasmin", "Dschafar"])
    assert [scene.seat_name(p) for p in range(3)] == ["Aladin", "Jasmin", "Dschafar"]
    for name in ("Aladin", "Jasmin", "Dschafar"):
        assert app.texts("turn_of", name=name) in shown_text(scene)
        tap_key(app, "drift")
        settle(app)


# -- the demo -------------------------------------------------------------------------------------
@pytest.mark.slow
@pytest.mark.parametrize("players,seed,turns", [(4, 1, 10), (3, 2, 5), (6, 3, 8)])
def test_the_demo_stops_on_a_turn_that_lights_several_end_cells(app, players, seed, turns):
    """``companion demo`` stops with the last turn's card entered: a carpet in the air whose
    card lights three end cells or more, each with its path (a carpet on the ground lights one
    cell per card, so the demo plays on until a flying carpet is to move)."""
    from companion.ui.drivers import DemoDriver
    session = Session.new(spec("teppich").header(players, seed), app.store)
    app.driver = DemoDriver(turns=turns, seed=seed, watch=False)
    app.run(app.routes["table"](app, session=session))
    scene = app.scene
    assert isinstance(scene, TeppichScene) and scene.stage == "pick"
    assert scene.turns_played() == turns and not scene.session.over
    shown = scene.shown_options()
    assert len({o.flight.end for o in shown if not o.flight.blown_off}) >= 3
    assert all(len(o.flight.path) > 1 for o in shown)
