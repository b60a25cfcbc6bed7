"""Ali Baba's table is drawn from layers, each keyed by what it shows: a press that changes
nothing a layer shows blits it, one that changes what it shows paints it again (issue 21).
Through the real loop, in German."""

from __future__ import annotations

from companion.games.alibaba.rules.state import BLACK_ROLL, DUMP, LOOT
from tests.ui.screen import fake_clock, press, run_until, settle
from tests.ui.test_alibaba_table import game_at, quick, show  # noqa: F401 (quick: the fixture)


def test_a_cursor_press_blits_the_players_and_a_loot_paints_them_again(app):
    scene = show(app, game_at(4, lambda session, st: st.phase == LOOT and any(
        a["action"] == "take" and a.get("group") for a in session.engine.legal_actions(st))))
    players, still = scene.players_layer.renders, scene.still.renders
    press(app, "right")
    press(app, "left")
    assert (scene.players_layer.renders, scene.still.renders) == (players, still)  # blitted, not painted
    cards = scene.state.cards
    take = next(i for i, a in enumerate(scene.options()) if a["action"] == "take")
    for _ in range((take - scene.cursor) % len(scene.options())):
        press(app, "right")
    press(app, "ok")
    assert scene.state.cards != cards
    assert scene.players_layer.renders == players + 1  # the cards changed: painted again, once
    assert scene.still.renders == still + 1


def test_the_fate_grid_and_the_stakes_are_painted_again_only_when_what_they_show_changed(app):
    fake_clock(app)
    scene = show(app, game_at(4, lambda session, st: st.phase == DUMP))
    grid, stakes = scene.fate_layer.renders, scene.stakes_layer.renders
    assert grid >= 1 and stakes >= 1
    press(app, "right")
    assert (scene.fate_layer.renders, scene.stakes_layer.renders) == (grid, stakes)
    # a player keeps the cards: the next one is asked, nothing at stake changed
    keep = next(i for i, a in enumerate(scene.options()) if a["action"] == "done")
    for _ in range((keep - scene.cursor) % len(scene.options())):
        press(app, "right")
    press(app, "ok")
    run_until(app, lambda: not scene.is_busy())
    assert scene.fate_layer.renders == grid
    # the black die sets the row: the grid is painted again with its row lit
    while scene.state.phase == DUMP:
        press(app, "ok")
    assert scene.state.phase == BLACK_ROLL
    press(app, "roll", 3)
    run_until(app, lambda: not scene.is_busy())
    settle(app)
    assert scene.fate().row == 3
    assert scene.fate_layer.renders > grid
