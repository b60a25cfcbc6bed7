"""The end screen: a shared first place says which figures the winners tie on; a table with
many players gets a row per player, so no name is cut."""

from __future__ import annotations

import random

import pytest

from companion.session.session import Session
from companion.session.simulate import random_step
from companion.ui.kit import problems, recording


def finished(game: str, players: int, seed: int = 3) -> Session:
    session = Session.new({"game": game, "players": players, "seed": seed})
    rng = random.Random(seed)
    while not session.over:
        session.act(random_step(session.engine, session.state, rng))
    return session


def end_screen(app, session, names=None):
    table = app.routes["table"](app, session=session)
    scene = app.routes["end"](app, table=table)
    app.show(scene)
    return table, scene


def test_a_shared_first_place_says_what_the_winners_tie_on(app, monkeypatch):
    table, scene = end_screen(app, finished("alibaba", 3))
    money = [3000, 3000, 2500]
    monkeypatch.setattr(table, "winners", lambda: [0, 1])
    monkeypatch.setattr(table, "end_rows", lambda: [("Geld", money), ("Kadi", [0, 200, 0]), ("Beute", [4, 4, 1])])
    line, why = scene.result_lines()
    assert line == "Spieler 1 & Spieler 2 gewinnen gemeinsam!"
    assert why == "Gleichstand – Geld 3000, Beute 4"
    with recording() as rec:
        scene.draw(app.screen)
    assert why in [t.text for t in rec.texts]
    assert problems(rec) == []


def test_one_winner_needs_no_reason(app):
    session = finished("alibaba", 2)
    table, scene = end_screen(app, session)
    if len(table.winners()) == 1:
        assert scene.result_lines()[1] == ""


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_many_players_get_a_row_each_with_the_whole_name(app, players):
    session = finished("alibaba", players, seed=players)
    session.header["names"] = ["Alexandra", "Omar", *[""] * (players - 2)]
    table, scene = end_screen(app, session)
    with recording() as rec:
        scene.draw(app.screen)
    assert problems(rec) == []
    drawn = {t.text: t for t in rec.texts}
    assert table.names()[:3] == ["Alexandra", "Omar", "Spieler 3"]
    ys = [drawn[name].drawn.centery for name in table.names()]
    assert ys == sorted(ys) and len(set(ys)) == players  # one under the other, none cut
