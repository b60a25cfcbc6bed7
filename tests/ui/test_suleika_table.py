"""The Suleika table as a family plays it: what the table test found, each checked through the
real loop on the dummy SDL driver (the die, a screen that updates itself, leaving the game,
double taps, words, silent taps, the heading marks, the payment outline, the end picture,
and how much a frame asks of the engine)."""

from __future__ import annotations

import random
from functools import partial

import pygame
import pytest

from companion.games.suleika import rules as suleika
from companion.games.suleika.rules import board as geo
from companion.games.suleika.rules.queries import payment_due
from companion.games.suleika.screen import board, panel
from companion.games.suleika.screen.table import SuleikaScene
from companion.session.session import Session
from companion.session.simulate import random_step
from companion.session.store import Store
from companion.ui import theme
from companion.ui.app import App
from companion.ui.kit import recording
from companion.ui.shell.pause import PauseScene
from tests.ui.screen import fake_clock, press, run_until, settle, tap
from tests.ui.screen import table as show_table


@pytest.fixture(autouse=True)
def quick(monkeypatch):
    """The walk takes a few frames, not most of a second (the loop is real all the same)."""
    monkeypatch.setattr(SuleikaScene, "roll_s", 0.05)
    monkeypatch.setattr(SuleikaScene, "step_s", 0.01)


#: a Suleika table (three players, seed 2 unless given), shown and settled
table = partial(show_table, game="suleika", players=3, seed=2)


def drawn_die(scene, monkeypatch) -> int | None:
    """The value the die picture is drawn with, read from one frame."""
    seen = []
    real = board.draw_die
    monkeypatch.setattr(board, "draw_die", lambda surf, rect, value, rolling=False: (seen.append(value),
                                                                                      real(surf, rect, value, rolling)))
    scene.panel_layer.invalidate()  # the panel is painted afresh (it is cached otherwise)
    scene.draw(scene.app.screen)
    monkeypatch.setattr(board, "draw_die", real)
    return seen[-1]


def lay_any(app) -> None:
    press(app, "right")
    press(app, "ok")


def texts_of(scene) -> list[str]:
    with recording() as rec:
        scene.draw(scene.app.screen)
    return [t.text for t in rec.texts]


# -- 1. the die shows what was rolled ------------------------------------------------------------
def test_the_die_shows_every_roll_and_the_last_one_after_a_resume(app, monkeypatch, tmp_path):
    store = Store(tmp_path / "g.sqlite3")
    session = Session.new({"game": "suleika", "players": 3, "seed": 2}, store)
    scene = table(app, session)
    assert drawn_die(scene, monkeypatch) is None  # nothing rolled yet: a blank face
    for value in (3, 1, 3, 3):
        press(app, "roll", value)
        assert drawn_die(scene, monkeypatch) == value
        centre = app.screen.get_at(panel.DIE.center)[:3]
        assert (centre == (120, 40, 40)) == (value in (1, 3))  # a pip in the middle on 1 and 3 only
        lay_any(app)
        assert drawn_die(scene, monkeypatch) == value
    resumed, problem = Session.resume(store, session.game_id)
    assert problem is None
    again = table(app, resumed)
    assert drawn_die(again, monkeypatch) == 3


# -- 2. the screen updates itself after the walk --------------------------------------------------
def paying_roll(seed: int = 5) -> tuple[Session, int]:
    """A game at a roll where the die value returned makes the roller pay someone."""
    rng = random.Random(seed)
    session = Session.new({"game": "suleika", "players": 3, "seed": seed}, Store(":memory:"))
    while True:
        st = session.state
        if st.phase == "roll":
            for face in sorted(set(st.die_faces)):
                end = geo.walk(st.omar, st.facing, face, st.corner_loops)[-1][0]
                due = payment_due(st, st.current, end)
                if due is not None and due[1] > 0 and st.money[st.current] > due[1]:
                    return session, face
        session.act(random_step(session.engine, st, rng))


def test_after_a_roll_the_lit_cells_and_the_payment_appear_without_a_touch(app):
    session, face = paying_roll()
    fake_clock(app)
    scene = table(app, session)
    before = session.state
    payer = before.current
    app.inject("roll", face)
    app.step(block=False)
    assert scene.is_busy()
    # while the die tumbles and Omar walks: the old money, no payment words yet
    during = texts_of(scene)
    assert not any("zahlt" in t for t in during)
    assert scene.t("suleika.ui.rolling") in during or scene.t("suleika.ui.rolled", n=face) in during
    rows = panel.score_rows(scene, scene.shown(app.now()))
    assert rows[payer].figures[0] == str(before.money[payer]) != str(session.state.money[payer])
    frames = app.frames
    run_until(app, lambda: not scene.is_busy())
    app.step(block=False)  # the pass the walk ends in: drawn once more, by itself
    assert app.frames > frames
    st = session.state
    assert st.phase == "place"
    a, b, _ = scene.placements()[0]
    lit = board.cell_rect(*a).inflate(-2, -2)
    assert app.screen.get_at((lit.x + 4, lit.centery))[:3] == theme.GOOD
    after = " ".join(texts_of(scene))
    assert "zahlt" in after
    assert str(st.money[payer]) in texts_of(scene)


# -- 3. a way out ------------------------------------------------------------------------------
def test_the_menu_key_and_a_long_press_of_undo_open_the_pause_screen(app):
    scene = table(app)
    keys = {c.key: c for c in scene.tappables()}
    assert keys["menu"].rect.w >= 64 and keys["menu"].rect.h >= 64
    tap(app, keys["menu"].rect.center)
    assert isinstance(app.scene, PauseScene)
    app.show(scene)
    settle(app)
    press(app, "menu")
    assert isinstance(app.scene, PauseScene)


# -- 5. a double tap acts once -------------------------------------------------------------------
def test_two_taps_60_ms_apart_on_the_ok_key_lay_one_carpet_and_do_not_roll(app, monkeypatch):
    monkeypatch.setattr(App, "tap_guard_s", 0.25)
    clock = fake_clock(app)
    scene = table(app)
    press(app, "roll", 2)
    press(app, "right")
    ok = next(c for c in scene.tappables() if c.key == "ok")
    clock.advance(0.3)  # the guard of the last change is over
    actions = len(scene.session.actions)
    for _ in range(2):
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=ok.rect.center))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=ok.rect.center))
        app.step(block=False)
        clock.advance(0.06)
    settle(app)
    assert [a["action"] for a in scene.session.actions[actions:]] == ["place"]
    assert any(c.key == "roll" and c.rect == ok.rect for c in scene.tappables())  # what lay under it


# -- 9. words a family understands ---------------------------------------------------------------
def test_the_hint_says_what_a_heading_costs_with_a_german_decimal_comma(app):
    session, _face = paying_roll()
    scene = table(app, session)
    hint = suleika.hint(session.state)[session.state.facing]
    status = panel.status_text(scene, app.now())
    assert status == f"Hier zahlst du im Mittel {panel.decimal(hint.expected_payment, 'de')} Dinar"
    assert "," in status and "~" not in status


# -- 11. no silent taps ---------------------------------------------------------------------------
def test_a_die_key_while_placing_says_why(app):
    scene = table(app)
    press(app, "roll", 2)
    key = next(c for c in scene.tappables() if c.key == ("die", 3))
    tap(app, key.rect.center)
    assert scene.session.actions[-1]["action"] == "roll" and len(scene.session.actions) == 1
    assert scene.banner.bad and scene.banner.text == scene.t("suleika.ui.no_roll_place")


def test_a_cell_far_from_omar_while_turning_him_says_why(app):
    scene = table(app)
    r, c = scene.state.omar
    tap(app, board.cell_rect((r + 3) % 7, (c + 3) % 7).center)
    assert scene.banner.bad and scene.banner.text == scene.t("suleika.ui.tap_next_to_omar")
    tap(app, board.cell_rect(r, c + 1).center)  # the cell beside him: he faces it
    assert scene.state.facing == "E"


# -- 12. heading marks, payment outline, the end picture -----------------------------------------
@pytest.mark.slow
def test_heading_marks_stay_in_omars_cell_and_off_every_percentage():
    checked = 0
    for seed in range(12):
        rng = random.Random(seed)
        session = Session.new({"game": "suleika", "players": 2 + seed % 3, "seed": seed})
        while not session.over:
            st = session.state
            if st.phase in ("roll", "heading"):
                for heading, hint in suleika.hint(st).items():
                    labels = [board.label_rect(c, f"{round(p * 100)}%", st.omar) for c, p in hint.cells.items()]
                    high = st.omar in hint.cells
                    for _kind, pts in board.heading_marks(st.omar, suleika.allowed_headings(st), heading, high):
                        mark = board.mark_rect(pts)
                        assert board.cell_rect(*st.omar).contains(mark)
                        assert not any(mark.colliderect(lab) for lab in labels), (st.omar, heading)
                        checked += 1
            session.act(random_step(session.engine, st, rng))
    assert checked > 1000


@pytest.mark.parametrize("colour", sorted(theme.PLAYER_RGB))
def test_the_payment_outline_shows_on_every_carpet_colour(colour):
    surf = pygame.Surface((800, 480))
    rect = board.cell_rect(3, 3)
    surf.blit(theme.swatch(colour, rect.w, rect.h), rect)
    board.draw_payment(surf, [(3, 3)])
    ring = [tuple(surf.get_at((rect.x + k, rect.centery)))[:3] for k in range(1, 12)]
    assert board.DARK in ring and board.LIGHT in ring


def test_the_end_picture_shows_the_board_and_the_cells_each_colour_shows(app):
    rng = random.Random(4)
    session = Session.new({"game": "suleika", "players": 2, "seed": 4})
    while not session.over:
        session.act(random_step(session.engine, session.state, rng))
    scene = SuleikaScene(app, session)
    rect = scene.end_picture_rect()
    surf = pygame.Surface((800, 480))
    with recording() as rec:
        scene.draw_end_picture(surf, rect)
    counts = [t.text for t in rec.texts]
    st = session.state
    by_colour = [sum(1 for line in st.board for top in line if top and top[0] == c) for seat in st.colors for c in seat]
    assert counts == [str(n) for n in by_colour]
    assert all(rect.contains(t.drawn) for t in rec.texts)
    rows = dict(scene.end_rows())
    assert rows[scene.t("suleika.ui.visible")] == [suleika.visible_cells(st, s) for s in range(2)]


# -- a frame asks the engine once per state -------------------------------------------------------
def test_a_frame_works_out_placements_hint_and_balconies_once_per_state(app, monkeypatch):
    scene = table(app)
    calls = {"legal_placements": 0, "hint": 0, "walk": 0}
    for name in calls:
        real = getattr(suleika, name)
        monkeypatch.setattr(suleika, name, lambda *a, _n=name, _r=real, **k: (calls.__setitem__(_n, calls[_n] + 1),
                                                                            _r(*a, **k))[1])
    for _ in range(3):
        scene.draw(app.screen)
    scene.tappables()
    assert calls == {"legal_placements": 0, "hint": 0, "walk": 0}  # the first frame asked already
    press(app, "roll", 2)
    calls.update(dict.fromkeys(calls, 0))
    for _ in range(3):
        scene.draw(app.screen)
        scene.tappables()
    assert calls["legal_placements"] == 0 and calls["walk"] == 0 and calls["hint"] == 0


# -- 4. a name the table typed shows whole in the score rows ------------------------------------
def test_a_typed_name_in_the_scores_gets_smaller_before_it_is_shortened(app):
    session = Session.new({"game": "suleika", "players": 3, "seed": 2, "names": ["Anna Lena", "Ben", "Cem"]},
                          Store(":memory:"))
    scene = table(app, session)
    with recording() as rec:
        scene.draw(app.screen)
    names = {t.text: t for t in rec.texts if t.drawn.colliderect(panel.SCORES)}
    assert "Anna Lena" in names, sorted(names)  # whole, not "Anna L…"
    assert names["Anna Lena"].px >= 18
    assert names["Ben"].px >= 24 and names["Cem"].px >= 24  # what fits keeps the read size
