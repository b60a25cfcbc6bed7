"""Suleika's turn line and score rows show the table's names whole where they fit."""

from __future__ import annotations

import pytest

from companion.games.suleika.bench import midgame
from companion.games.suleika.screen import panel
from companion.ui.kit import ELLIPSIS, problems, recording
from tests.ui.screen import new_app


@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_default_names_show_whole_in_the_turn_line_and_the_scores(lang, players):
    app = new_app(lang)
    try:
        scene = app.routes["table"](app, session=midgame(players, 3, "roll"))
        app.show(scene)
        with recording() as rec:
            scene.draw(app.screen)
        assert problems(rec) == []
        shown = [t.text for t in rec.texts]
        names = [scene.seat_name(i) for i in range(players)]
        for name in names:
            assert name in shown, f"{name!r} not whole in the scores: {shown}"
        turn = panel.turn_text(scene, scene.view.seat)
        assert ELLIPSIS not in turn and names[scene.view.seat] in turn
        assert turn in shown
    finally:
        app.close()


def test_a_long_name_stays_whole_in_the_turn_line_and_only_a_name_wider_than_the_line_is_cut():
    app = new_app("de")
    try:
        session = midgame(4, 3, "roll")
        session.header["names"] = ["Maximiliane-So", "Anna", "Scheherazade Alexandra von Bagdad", "D"]
        scene = app.routes["table"](app, session=session)
        assert panel.turn_text(scene, 0) == "Maximiliane-So"     # 14 letters: the name alone, whole
        assert panel.turn_text(scene, 1) == "Anna ist am Zug"
        text = panel.turn_text(scene, 2)                          # longer than the keyboard allows
        assert text.startswith("Scheherazade") and ELLIPSIS in text
    finally:
        app.close()
