"""The Ali Baba table through the real loop on the dummy SDL driver."""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from functools import partial
from pathlib import Path

import pygame
import pytest

from companion.games import spec
from companion.games.alibaba.rules.state import BLACK_ROLL, DEAL, LAST_CHANCE, LOOT, TURN, WHITE_ROLL, State
from companion.games.alibaba.screen.table import AlibabaScene, choice_label, choices_for
from companion.session.session import Session
from companion.ui.drivers import DemoDriver
from companion.ui.shell.end import EndScene
from tests.ui.screen import press, settle, tap
from tests.ui.screen import table as show_table


@pytest.fixture
def lang() -> str:
    return "en"


#: an Ali Baba table (three players, seed 2 unless given), shown and settled
table = partial(show_table, game="alibaba", players=3, seed=2)


def drive(scene: AlibabaScene, until: Callable[[State], bool], limit: int = 600) -> None:
    """Play on without the screen (a table that moves with its first card, takes every card it
    can and keeps its cards through arrests) until ``until`` holds."""
    session = scene.session
    for _ in range(limit):
        if until(session.state):
            scene.dirty = True
            return
        if session.engine.chance(session.state) is not None:
            session.roll()
            continue
        options = choices_for(session, session.state)
        takes = [a for a in options if a["action"] == "take"]
        keep = [a for a in options if a["action"] in ("done", "move") and session.state.phase != LOOT]
        session.act((takes or keep or options)[0])
    pytest.fail("the state asked for never came")


def test_roll_deals_every_movement_card_then_a_move_by_buttons(app):
    scene = table(app)
    assert scene.state.phase == DEAL
    press(app, "roll")
    assert [a["action"] for a in scene.session.actions] == ["draw"] * 24
    assert scene.state.phase == TURN
    options = choices_for(scene.session, scene.state)
    press(app, "right")
    press(app, "ok")
    assert scene.session.actions[-1] == options[1 % len(options)]
    assert scene.session.actions[-1]["action"] == "move"
    assert scene.turns_played() == 1


def test_loot_bought_by_touch(app):
    scene = table(app)
    drive(scene, lambda s: s.phase == LOOT and scene.box.board.quarter(s.position) >= 2)
    settle(app)
    st = scene.state
    seat = st.turn
    take = next(a for a in choices_for(scene.session, st) if a["action"] == "take")
    label = choice_label(scene.t, scene.box, st, take, scene.names())
    button = next(b for b in scene.tappables() if b.label == label)
    price = scene.box.price(scene.box.board.quarter(st.position), scene.box.groups[scene.box.group_index(take["group"])].gang)
    assert price > 0 and take["group"] in label and str(price) in label
    tap(app, button.rect.center)
    assert scene.session.actions[-1] == take
    assert scene.state.money[seat] == st.money[seat] - price
    assert sum(scene.state.cards[seat]) == sum(st.cards[seat]) + 1
    short, _reason = scene.ledger()[-1]
    assert str(price) in short and scene.seat_name(seat) in short


def test_illegal_presses_explain_themselves_and_change_nothing(app):
    scene = table(app)
    press(app, "roll")
    before, count = scene.state, len(scene.session.actions)
    press(app, "roll")  # no die is due while the mover chooses
    assert scene.state is before and len(scene.session.actions) == count
    assert scene.banner.bad and scene.banner.text
    drive(scene, lambda s: s.phase == BLACK_ROLL)
    settle(app)
    before, count = scene.state, len(scene.session.actions)
    press(app, "left")  # nothing to choose: the black die is due
    assert scene.state is before and len(scene.session.actions) == count
    assert scene.banner.bad and "Press ROLL" in scene.banner.text and "black" in scene.banner.text


@pytest.mark.slow
def test_fate_grid_after_the_black_and_the_white_die(app):
    scene = table(app, players=4, seed=3)
    drive(scene, lambda s: s.phase == BLACK_ROLL)
    settle(app)
    assert scene.fate() is not None and scene.fate().row is None
    press(app, "roll", 4)  # a real black die, typed
    assert scene.session.actions[-1] == {"action": "roll", "value": 4}
    fate = scene.fate()
    assert fate.row == 4 and fate.number is None
    assert all(19 <= n <= 24 for n in (n for n in fate.stakes if (n - 1) // 6 + 1 == 4))
    while scene.state.phase == LAST_CHANCE:  # "Keep my cards" comes first
        press(app, "ok")
    assert scene.state.phase == WHITE_ROLL
    holders = dict(fate.stakes.get(21, {}))
    assert holders  # somebody holds a card showing 21: the Kadi has work
    money = scene.state.money
    press(app, "roll", 3)
    fate = scene.fate()
    assert fate.number == 21 and fate.row == 4
    for seat, cost in holders.items():
        assert fate.caught[seat] == cost
        assert scene.state.money[seat] < money[seat]
        assert any(str(cost) in short and scene.seat_name(seat) in short for short, _ in scene.ledger())
    assert "21" in scene.banner.text


def test_undo_takes_back_a_move_but_never_a_dealt_card(app):
    scene = table(app)
    press(app, "roll")
    press(app, "ok")
    assert scene.session.actions[-1]["action"] == "move"
    press(app, "undo")
    assert scene.session.actions[-1]["action"] == "draw" and scene.state.phase == TURN
    count = len(scene.session.actions)
    press(app, "undo")
    assert len(scene.session.actions) == count
    assert scene.banner.bad and "cannot" in scene.banner.text


def test_typed_values_deal_one_card_each(app):
    scene = table(app)
    press(app, "roll", 5)  # the on-screen key or a digit: one real card dealt
    assert scene.session.actions == [{"action": "draw", "value": 5}]
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_3))
    settle(app)
    settle(app)  # the keyboard press goes through the input hub
    assert scene.session.actions[-1] == {"action": "draw", "value": 3}
    assert scene.state.phase == DEAL


def test_ledger_view_lists_every_payment(app):
    scene = table(app, players=4, seed=3)
    drive(scene, lambda s: s.bank_paid + s.bank_received > 0 and s.phase == TURN)
    press(app, "straight")
    assert scene.view == "ledger"
    entries = scene.ledger()
    payments = [e for events in scene.session.events for e in events if e.kind in ("pay", "forgiven")]
    assert entries and len(entries) == len(payments) and all(short and reason for short, reason in entries)
    press(app, "straight")
    assert scene.view == "players"


@pytest.mark.slow
@pytest.mark.parametrize("players,seed", [(2, 5), (4, 9), (6, 1)])
def test_demo_plays_a_whole_game_to_the_end_screen(app, tmp_path, players, seed):
    session = Session.new({"game": "alibaba", "players": players, "seed": seed})
    app.driver = DemoDriver(turns=1000, seed=seed, watch=False)
    app.run(AlibabaScene(app, session))
    assert session.over
    assert isinstance(app.scene, EndScene)
    assert sum(a["action"] == "move" for a in session.actions) == 48  # two rounds of 24 movement cards
    app.screenshot(tmp_path / "end.png")
    assert (tmp_path / "end.png").stat().st_size > 5000


@pytest.mark.slow
def test_demo_stops_with_the_black_die_on_the_table(app):
    """The demo's last turn runs up to the next die, so a stop can show an arrest under way."""
    session = Session.new({"game": "alibaba", "players": 4, "seed": 7})
    app.driver = DemoDriver(turns=20, seed=7, watch=False)
    app.run(AlibabaScene(app, session))
    assert session.state.phase in (LAST_CHANCE, WHITE_ROLL) and session.state.row is not None
    assert app.scene.fate().stakes


def test_every_text_is_in_both_languages():
    keys = {}
    for lang in ("en", "de"):
        with open(Path(spec("alibaba").texts or "") / f"{lang}.toml", "rb") as f:
            keys[lang] = set(tomllib.load(f)["ui"])
    assert keys["en"] == keys["de"] and len(keys["en"]) > 50
