"""Ali Baba's table words left open (issue 19, items 8, 13, 16), each through the real loop in
German with the English screen checked too: with six players the arrest names every player
whole at the read size; the players' rows never cut a player's cards; the cards view shows a
long hand with many groups whole (on a second page where one is not enough), with 14-letter
names."""

from __future__ import annotations

import dataclasses

import pygame
import pytest

from companion.games.alibaba.rules.state import DUMP, LAST_CHANCE, TURN
from companion.games.alibaba.screen import dice as alibaba_dice
from companion.games.alibaba.screen import draw as look
from companion.games.alibaba.screen.table import AlibabaScene
from companion.session.session import Session
from companion.ui import theme
from companion.ui.kit import Label, line_height, min_size, problems, recording
from companion.ui.kit.sizes import READ_PX
from tests.ui.screen import new_app, settle, tap_label
from tests.ui.test_alibaba_table import game_at as table_game_at

LONG = ["Maximiliane-So", "Alexandra-Mari", "Bartholomäus-K", "Christophine-L", "Friedericke-Z", "Konstantinos-A"]


@pytest.fixture(autouse=True)
def quick(monkeypatch):
    monkeypatch.setattr(alibaba_dice, "TUMBLE_S", 0.08)


def game_at(players: int, until, names: list[str] | None = None) -> Session:
    """A game with these names, played on without the screen until ``until(state)`` holds."""
    return table_game_at(players, lambda _session, state: until(state), names)


def shown(app, session: Session) -> tuple[AlibabaScene, list]:
    scene = AlibabaScene(app, session)
    app.show(scene)
    settle(app)
    return scene, drawn(scene)


def drawn(scene: AlibabaScene) -> list:
    scene.dirty = True
    settle(scene.app)
    with recording() as rec:
        scene.draw(scene.app.screen)
    assert problems(rec) == []
    return rec.texts


@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize("phase", [DUMP, LAST_CHANCE])
def test_six_players_in_an_arrest_each_have_their_whole_name_at_the_read_size(lang, phase):
    app = new_app(lang)
    try:
        scene, texts = shown(app, game_at(6, lambda st: st.phase == phase, LONG))
        assert scene.fate() is not None and not look.names_beside_grid(scene, scene.names())
        for name in LONG:
            marks = [t for t in texts if t.text == name and scene.players_rect.contains(t.drawn)]
            assert marks, f"{name} is not named in the arrest"
            assert all(t.px >= READ_PX and not t.cut for t in marks)
        # what each player risks stands in that player's row, beside the name
        rows = [t for t in texts if scene.players_rect.contains(t.drawn) and t.text[:1] in "≤0−"]
        assert len(rows) == 6
        if lang == "de":
            assert any(t.text == "Kann kosten" for t in texts)
    finally:
        app.close()


@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize("players", [2, 3])
def test_the_players_rows_never_cut_a_players_cards(lang, players):
    app = new_app(lang)
    try:
        # late in a game: hands of six or seven cards and several groups each
        scene, texts = shown(app, game_at(players, lambda st: st.phase == TURN and sum(map(sum, st.cards)) >= 18))
        lines = [t for t in texts if t.text.startswith(("Hand:", "keine", "no bandit"))]
        assert len(lines) == players
        assert not any(t.cut or t.text.endswith("…") for t in lines)
        for seat, line in enumerate(lines):
            assert line.text in (look.cards_text(scene, seat), look.cards_line(scene, seat, line.box, True),
                                 look.cards_line(scene, seat, line.box, False))
        # someone's groups did not fit whole: the hand and how many groups stand instead, not a cut line
        assert any(line.text != look.cards_text(scene, seat) for seat, line in enumerate(lines))
    finally:
        app.close()


def longest(session: Session) -> Session:
    """The position with the longest hand the rules deal six players (four cards) and a player
    who holds a card of every group (the others several each)."""
    st = session.state
    groups = len(st.cards[0])
    cards = tuple(tuple(1 for _ in range(groups)) if seat == 0 else tuple(2 if g % 3 == seat % 3 else 0
                                                                            for g in range(groups))
                  for seat in range(st.players))
    hands = tuple((1, 2, 5, 6) for _ in range(st.players))
    session.states[-1] = dataclasses.replace(st, cards=cards, hands=hands)
    return session


@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_cards_view_shows_a_long_hand_and_every_group_whole_with_six_long_names(lang):
    app = new_app(lang)
    try:
        scene, _texts = shown(app, longest(game_at(6, lambda st: st.phase == TURN, LONG)))
        seen: list[str] = []
        tap_label(app, scene.view_label())  # to the cards view
        assert scene.view == "cards"
        for _page in range(len(scene.cards_pages())):
            texts = drawn(scene)
            cards = [t for t in texts if scene.left.contains(t.drawn)]
            assert not any(t.cut or t.text.endswith("…") for t in cards)
            seen += [t.text for t in cards]
            if scene.cards_page + 1 < len(scene.cards_pages()):
                label = scene.view_label()
                assert label.endswith(f"{scene.cards_page + 2}/{len(scene.cards_pages())}")
                tap_label(app, label)
        assert len(scene.cards_pages()) >= 2  # one page was not enough for every card whole
        whole = " ".join(seen)
        for seat, name in enumerate(LONG):
            assert name in whole
            for g, n in enumerate(scene.state.cards[seat]):
                if n:
                    assert f"{scene.box.groups[g].name} {n}" in whole
        tap_label(app, scene.view_label())  # past the last page: the ledger
        assert scene.view == "ledger" and scene.cards_page == 0
    finally:
        app.close()


@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_cards_view_counts_each_texts_lines_as_the_kit_wraps_it(lang):
    """The plan of the cards view gives each player's text the lines it needs: counted as the
    kit wraps it (a word and the space after it, a long name broken after its hyphen), not
    word by word, or a text the plan called whole was drawn cut. Tried at many widths, roomy
    (the name above the cards) and compact (the name in the text)."""
    app = new_app(lang)
    try:
        scene, _texts = shown(app, longest(game_at(6, lambda st: st.phase == TURN, LONG)))
        names, step = scene.names(), line_height(min_size())
        seats = list(range(6))
        for width in range(250, 560, 3):
            for high in (2000, 6 * (look.READ_H + look.MIN_H + 1) - 1):
                plan = look.cards_plan(scene, pygame.Rect(0, 0, width, high), names, seats)
                assert plan.compact == (high < 2000)
                if not plan.whole:
                    continue
                for text, lines in zip(plan.texts, plan.lines, strict=True):
                    box = pygame.Rect(0, 0, width - 26, lines * step)
                    shown_ = Label(text, box, color=theme.INK, wrap=True).fitted()
                    assert shown_.fits and shown_.shown == text, (width, high, text, lines)
    finally:
        app.close()
