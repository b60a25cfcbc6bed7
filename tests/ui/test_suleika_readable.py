"""The Suleika table read from across the table, in German and English, with 2 and 4 players,
in every phase: no text under the read size where the table reads it (18 px elsewhere),
nothing cut off or out of its box, no control under 64 px or over another, no word of the
other language (names typed by the table and the game's title aside)."""

from __future__ import annotations

import random

import pytest

from companion.games.suleika.rules.state import evolve
from companion.games.suleika.screen import panel
from companion.games.suleika.screen.table import SuleikaScene
from companion.session.session import Session
from companion.session.simulate import random_step
from companion.session.store import Store
from companion.ui.kit import Label, problems, recording
from tests.language import foreign_words

NAMES = ["Scheherazade Alexandra", "Ben", "Alexandra-Marie von Bagdad", "Fatima"]
PROPER = ("Suleika", "Omar", "Dinar", "Marrakech", *NAMES)


@pytest.fixture(params=("de", "en"))
def lang(request) -> str:
    return request.param


def check(app, scene) -> list[str]:
    app.show(scene)
    scene.sync_controls()  # what the loop does after each frame: the controls of this state
    with recording() as rec:
        scene.draw(app.screen)
    found = problems(rec)
    if isinstance(scene, SuleikaScene):  # the status and payment lines are never cut short
        status = panel.status_text(scene, app.now())
        if Label(status, panel.STATUS, role="read", wrap=True).fitted().shown != status:
            found.append(f"status {status!r} does not fit")
    for mark in rec.texts:
        bad = foreign_words(mark.text, app.texts.lang, proper=PROPER)
        if bad:
            found.append(f"{mark.text!r} has {bad}")
    return found


def play_until(players: int, want, seed: int = 3, names: bool = True, **header) -> Session:
    """A game played at random until ``want(state)`` holds, at least ten carpets in."""
    for s in range(seed, seed + 40):
        h = {"game": "suleika", "players": players, "seed": s, **header}
        if names:
            h["names"] = NAMES[:players]
        session = Session.new(h, Store(":memory:"))
        rng = random.Random(s)
        while not session.over:
            st = session.state
            if st.laid >= 10 and want(st):
                return session
            session.act(random_step(session.engine, st, rng))
        if want(None):
            return session
    raise AssertionError("no such state")


def phases(app, players: int, names: bool = True):
    """(what, scene) for every phase the table sees."""
    roll = play_until(players, lambda st: st is not None and st.phase == "roll", names=names)
    scene = SuleikaScene(app, roll)
    yield "heading and roll with the hint", scene
    scene.say(app.texts("suleika.refusal.no_turning_back"), bad=True)
    yield "a refusal on the board", scene
    scene.banner.text = ""
    now = app.now()
    scene.roll(2)
    scene.anim_start = now
    yield "rolling", scene
    scene.anim_start = now - scene.roll_s - scene.step_s
    yield "walking", scene
    scene.anim_path = []
    yield "placing, legal cells lit", scene
    a, b, _ = scene.placements()[0]
    scene.first = a
    yield "placing, one half chosen", scene
    scene.first, scene.pick = None, 0
    yield "placing, a carpet chosen", scene
    paying = play_until(players, lambda st: st is not None and st.phase == "place" and st.money != (30,) * players, names=names)
    yield "placing after a payment", SuleikaScene(app, paying)


@pytest.mark.slow
@pytest.mark.parametrize("players", (2, 4))
@pytest.mark.parametrize("names", (True, False))
def test_every_phase_is_readable(app, players, names):
    for what, scene in phases(app, players, names):
        assert check(app, scene) == [], f"{what}, {players} players"


def test_the_two_player_heading_step_is_readable(app):
    session = play_until(2, lambda st: st is not None and st.phase == "heading", variant2p=True)
    assert check(app, SuleikaScene(app, session)) == []


def test_marrakech_with_a_player_out_is_readable(app):
    # two players: the moment one pays all he has and is out (random play gets there)
    session = play_until(2, lambda st: st is not None and any(st.out), seed=9, rules="marrakech")
    scene = SuleikaScene(app, session)
    assert scene.session.events[-1][-1].kind == "out"
    assert check(app, scene) == []
    # four players: one of them out (random play rarely gets there: the state is made so)
    four = play_until(4, lambda st: st is not None and st.phase == "roll" and st.current != 1, rules="marrakech")
    st = four.state
    four.states[-1] = evolve(st, out=(False, True, False, False), money=(st.money[0], 0, *st.money[2:]))
    assert check(app, SuleikaScene(app, four)) == []


@pytest.mark.parametrize("players", (2, 4))
def test_the_end_screen_with_the_final_board_is_readable(app, players):
    session = play_until(players, lambda st: st is None)
    assert session.over
    table = SuleikaScene(app, session)
    assert check(app, app.routes["end"](app, table=table)) == []


def test_every_status_sentence_fits_two_lines_with_the_longest_names(app):
    long = panel.short("Alexandra-Marie von Bagdad")
    values = {"payer": long, "payee": long, "name": long, "amount": "12,3", "n": 4}
    for key in ("pays", "pays_all", "pays_out", "heading_for", "expect", "expect_nothing", "roll_now", "rolling",
                "rolled", "place_hint", "place_second", "place_confirm", "place_left", "place_last",
                "place_colours"):
        text = app.texts(f"suleika.ui.{key}", **values)
        assert Label(text, panel.STATUS, role="read", wrap=True).fitted().shown == text, key
