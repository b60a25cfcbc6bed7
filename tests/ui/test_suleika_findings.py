"""What a family met at the Suleika table (issue "At the table", item 12; issue "Every
player", 24.15), each through the real loop in German: OK before a roll says what ROLL does,
the colour key of the 2-player game keeps the carpet chosen and shows how many of its colour
are left, the carpets left are said while laying, a payment reason never says "1 Felder",
and the setup says which option is for two players only."""

from __future__ import annotations

from functools import partial

import pytest

from companion.games.suleika import rules as suleika
from companion.games.suleika.screen import panel
from companion.games.suleika.screen.table import SuleikaScene
from companion.ui.kit import recording
from tests.ui.screen import press, tap
from tests.ui.screen import table as show_table

table = partial(show_table, game="suleika", seed=2)


@pytest.fixture(autouse=True)
def quick(monkeypatch):
    monkeypatch.setattr(SuleikaScene, "roll_s", 0.05)
    monkeypatch.setattr(SuleikaScene, "step_s", 0.01)


def texts_of(scene) -> list[str]:
    scene.panel_layer.invalidate()
    with recording() as rec:
        scene.draw(scene.app.screen)
    return [t.text for t in rec.texts]


def test_ok_before_the_roll_says_that_roll_rolls_not_the_expected_payment(app):
    scene = table(app, players=3)
    press(app, "ok")
    assert scene.banner.text == "WÜRFELN würfelt, die Pfeile drehen Omar."
    assert "im Mittel" not in scene.banner.text
    assert scene.state.phase == "roll" and not scene.session.actions


def test_the_colour_key_keeps_the_chosen_carpet_and_shows_the_carpets_left(app):
    scene = table(app, players=2)
    press(app, "roll", 2)
    assert panel.status_text(scene, app.now()) == "Teppich legen; Farbe: die Farbtaste"
    press(app, "right")
    before = scene.chosen()
    assert before is not None and before[2] == "red"
    key = next(c for c in scene.tappables() if isinstance(c.key, tuple) and c.key[0] == "colour")
    tap(app, key.rect.center)
    after = scene.chosen()
    assert after is not None and after[2] == "yellow", "the other colour"
    assert {after[0], after[1]} == {before[0], before[1]}, "the same two cells stay chosen"
    seat = scene.view.seat
    left = suleika.carpets_left(scene.state, seat)["yellow"]
    assert str(left) in texts_of(scene)
    press(app, "ok")
    assert scene.session.actions[-1]["color"] == "yellow"


def test_laying_says_how_many_carpets_are_left(app):
    scene = table(app, players=4)
    press(app, "roll", 1)
    left = sum(suleika.carpets_left(scene.state, scene.state.current).values())
    assert panel.status_text(scene, app.now()) == f"Teppich neben Omar legen, noch {left}"


@pytest.mark.parametrize("lang", ["de", "en"])
def test_a_payment_reason_for_one_cell_has_no_plural(app):
    text = app.texts.reason("suleika", "carpet", {"color": "red", "cells": 1})
    assert "1 Felder" not in text and "1 cells" not in text
    assert "1" in text


@pytest.mark.parametrize("lang", ["de", "en"])
def test_setup_says_the_heading_option_is_for_two_players_only(app):
    word = {"de": "nur zu zweit", "en": "two players only"}[app.texts.lang]
    for rules in ("suleika", "marrakech"):
        for variant in (False, True):
            setup = app.routes["setup"](app, game="suleika", players=2,
                                        options={"rules": rules, "variant2p": variant})
            app.show(setup)
            assert any(word in note.lower() for note in setup.notes())
            with recording() as rec:
                setup.draw(app.screen)
            assert not [t.text for t in rec.texts if t.cut]
            assert word in " ".join(t.text for t in rec.texts).lower().replace("\n", " ")
    three = app.routes["setup"](app, game="suleika", players=3)
    assert not any(word in note.lower() for note in three.notes())


def test_undo_after_a_roll_speaks_of_the_roll_never_of_a_card(app):
    scene = table(app, players=3)
    press(app, "left")
    press(app, "undo")
    assert scene.banner.text == "Zurückgenommen", "a heading is taken back"
    press(app, "roll", 2)
    key = next(c for c in scene.tappables() if c.key == "undo")
    for undo in (lambda: press(app, "undo"), lambda: tap(app, key.rect.center)):
        scene.banner.text = ""
        undo()
        assert scene.banner.text == "Ein Wurf kann nicht zurückgenommen werden."
        assert "Karte" not in scene.banner.text
    assert scene.session.actions[-1]["action"] == "roll"


@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize("rules", ["suleika", "marrakech"])
def test_a_win_on_the_tie_break_says_what_broke_the_tie(app, rules):
    from companion.games.suleika.rules.state import evolve
    from companion.games.suleika.screen.view import View
    from tests.ui.test_suleika_readable import play_until

    session = play_until(3, lambda st: st is None, rules=rules)
    st = session.state
    seen = View(st).visible
    a, b = sorted(range(3), key=lambda s: seen[s])[-2:] if rules == "suleika" else (0, 1)
    if rules == "suleika":
        assert seen[a] != seen[b]
        money = [0, 0, 0]
        money[a], money[b] = 100 - seen[a], 100 - seen[b]
    else:  # the same score, different money: the cells make up the difference
        money = [0, 0, 0]
        money[b] = 60
        money[a] = 60 + seen[b] - seen[a]
        if money[a] == money[b]:
            pytest.skip("the same cells: the money cannot differ")
    session.states[-1] = evolve(st, money=tuple(money), out=(False, False, False))
    scene = SuleikaScene(app, session)
    assert len(scene.winners()) == 1
    end = app.routes["end"](app, table=scene)
    app.show(end)
    with recording() as rec:
        end.draw(app.screen)
        end.picture.invalidate()
        end.draw(app.screen)
    texts = [t for t in rec.texts if t.text]
    want = {"de": "Gleichstand: mehr", "en": "A tie: more"}[app.texts.lang]
    note = [t for t in texts if want in t.text]
    assert note and not any(t.cut for t in note), [t.text for t in texts]
    assert ("Felder" if app.texts.lang == "de" else "cells") in note[0].text or rules == "marrakech"
    assert all(t.px >= 24 for t in note)
