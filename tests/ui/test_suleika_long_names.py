"""Suleika with three and four players and the widest 14-letter names a table types, played
whole through the real loop by the keys a family presses, in German and English: after every
press every name stands whole (no "…", drawn no wider than its room) at the read size in the
scores and on the turn line, every seat's money is shown at the read size, a payment is said
whole, and nothing on the table is cut or too small (the kit's audit). On the end screen every
name and the winner's words are whole too.

The scores' money stands beside a name only while the names leave room for it (254 px); a
name of 14 letters takes up to some 310 px ("Mohammed Ameen"), so with three or four such
names each name has a line of its own and the money of every seat stands in a strip above
them, per seat its swatch and its Dinar.
"""

from __future__ import annotations

import random
from typing import Any

import pygame
import pytest

from companion.games.suleika.screen import panel
from companion.games.suleika.screen.scores import Scores
from companion.games.suleika.screen.table import SuleikaScene
from companion.session.session import Session
from companion.session.store import Store
from companion.ui.kit import READ_PX, line_height, problems, read_size, recording, text_size
from companion.ui.shell.end import EndScene
from companion.ui.shell.names import MAX_LEN
from tests.ui.screen import fake_clock, press, settle

#: the widest names of 14 letters a table types, of those tried (px at the read size):
#: "Mohammed Ameen" 305, "Magdalena Wimm" 287, "Scheherazade A" 261, "Bartholomäus M" 255;
#: "Maximiliane-So" 246 with "Jörg" is the game played by hand
WIDEST = ["Mohammed Ameen", "Scheherazade A", "Magdalena Wimm", "Bartholomäus M"]
BY_HAND = ["Bartholomäus M", "Scheherazade A", "Maximiliane-So", "Jörg"]
assert all(len(n) <= MAX_LEN for n in WIDEST + BY_HAND)


@pytest.fixture(autouse=True)
def quick(monkeypatch):
    """The walk takes a few frames, not most of a second (the loop is real all the same)."""
    monkeypatch.setattr(SuleikaScene, "roll_s", 0.05)
    monkeypatch.setattr(SuleikaScene, "step_s", 0.01)


def looked_at(app: Any, scene: SuleikaScene, names: list[str]) -> list[str]:
    """What is wrong with the frame on screen: the audit's problems, any text cut, and each
    name that is not drawn whole at the read size inside its room in the scores and on the
    turn line; every seat's money at the read size in the scores."""
    with recording() as rec:
        scene.draw(app.screen)
    found = list(problems(rec))
    found += [f"{t.text!r} is cut" for t in rec.texts if t.cut or "…" in t.text]
    in_scores = [t for t in rec.texts if panel.SCORES.contains(t.drawn)]
    for name in names:
        shown = [t for t in in_scores if t.text == name]
        if len(shown) != 1:
            found.append(f"{name!r} is in the scores {len(shown)} times")
            continue
        t = shown[0]
        assert t.box is not None
        if t.px < READ_PX or t.drawn.left < t.box.left or t.drawn.right > t.box.right:
            found.append(f"{name!r} at {t.px} px, {t.drawn.w} px wide in a room of {t.box.w}")
        if t.drawn.w != text_size(name, read_size())[0]:
            found.append(f"{name!r} drawn {t.drawn.w} px wide, whole it is {text_size(name, read_size())[0]}")
    st = scene.shown(app.now()).state
    figures = [t for t in in_scores if t.text.isdigit()]
    for seat in range(st.players):
        money = [t for t in figures if t.text == str(st.money[seat])]
        if not money or min(t.px for t in money) < READ_PX:
            found.append(f"seat {seat + 1}'s money {st.money[seat]} is not shown at the read size")
    if st.phase != "over" and scene.view.seat is not None:
        current = names[scene.view.seat]
        turn = [t for t in rec.texts if panel.TURN.contains(t.drawn) and current in t.text]
        if not turn or turn[0].px < READ_PX:
            found.append(f"the turn line does not name {current!r} whole")
    paid = panel.pay_text(scene)
    if paid and st is scene.state and scene.chosen() is None and scene.first is None:
        # said whole until a carpet is chosen: in the status lines or over the board
        if paid not in [t.text for t in rec.texts] and not panel.board_words(scene, app.now()):
            found.append(f"the payment {paid!r} is not said")
    return found


def played_by_keys(app: Any, names: list[str], seed: int, **options: Any) -> list[str]:
    """A whole game at a table of ``names``, pressed key by key as at the table (the presses
    the scene itself suggests), every frame after a press looked at."""
    fake_clock(app)
    session = Session.new({"game": "suleika", "players": len(names), "seed": seed, "names": names, **options},
                          Store(":memory:"))
    scene = app.routes["table"](app, session=session)
    app.show(scene)
    settle(app)
    assert scene.scores.mode == ("two_lines" if len(names) == 2 else "strip")
    rng = random.Random(seed)
    found: list[str] = []
    for _ in range(2000):
        if session.over:
            break
        for key in scene.demo_presses(rng):
            press(app, key)
            found += [f"after {len(session.actions)} actions: {p}" for p in looked_at(app, scene, names)]
    assert session.over
    return found


@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize("names,options", [(WIDEST[:2], {"variant2p": True}), (WIDEST[:3], {}),
                                           (WIDEST, {"rules": "marrakech"}), (BY_HAND, {})],
                         ids=["2 widest, heading at the turn's end", "3 widest", "4 widest, Marrakech", "4 by hand"])
def test_every_name_stands_whole_through_a_whole_game(app, names, options):
    found = played_by_keys(app, names, len(names), **options)
    assert list(dict.fromkeys(found)) == []
    end = app.scene
    assert isinstance(end, EndScene)  # the end screen: every name and what it says whole
    with recording() as rec:
        end.draw(app.screen)
    assert [t.text for t in rec.texts if t.cut or "…" in t.text] == []
    for name in names:
        assert any(name in t.text and t.px >= READ_PX for t in rec.texts), name


@pytest.mark.parametrize("players", [3, 4])
def test_the_strip_gives_every_seat_its_swatch_and_money_and_every_name_the_whole_line(players):
    pygame.font.init()
    scores = Scores(panel.SCORES, WIDEST[:players], ("Geld", "Punkte"))
    assert scores.mode == "strip" and scores.strip is not None and scores.strip.h >= 33
    assert len(scores.chips) == players
    assert all(panel.SCORES.contains(r) for r in [scores.strip, *scores.chips, *scores.rows])
    for i in range(players):
        cell = scores.name_cell(i)
        assert cell.w >= text_size(WIDEST[i], read_size())[0] and cell.h >= 33
        money = scores.figure_cells(i)[0]
        assert scores.chips[i].contains(money) and money.w >= text_size("120", read_size())[0]
    # three players keep the headings' line (the real-die keys' label, the coin); four give it up
    assert (scores.head is not None) == (players == 3)


def test_a_name_wider_than_the_panel_is_shortened_at_the_read_size(app):
    """No realistic name is, but fourteen W are 420 px: the name's line is 312 px."""
    session = Session.new({"game": "suleika", "players": 4, "seed": 4,
                           "names": ["W" * MAX_LEN, *WIDEST[:3]]}, Store(":memory:"))
    scene = app.routes["table"](app, session=session)
    app.show(scene)
    settle(app)
    with recording() as rec:
        scene.draw(app.screen)
    shown = [t for t in rec.texts if panel.SCORES.contains(t.drawn) and t.text.startswith("WWW")]
    assert len(shown) == 1 and shown[0].cut and shown[0].text.endswith("…") and shown[0].px >= READ_PX
    assert [t.text for t in rec.texts if t.text in WIDEST[:3]] == WIDEST[:3]


@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_end_screen_board_leaves_room_for_wide_names_and_for_every_word_of_a_tie_break(app):
    """The final board is narrower beside wide names; a tie-break's note under it still gets
    a line as wide as its longest word ("Gleichstand:"), at the read size."""
    from companion.games.suleika.rules.state import evolve
    from companion.games.suleika.screen.view import View
    from tests.ui.test_suleika_readable import play_until

    session = play_until(3, lambda st: st is None, names=False)
    session.header["names"] = WIDEST[:3]
    scene = SuleikaScene(app, session)
    assert scene.tie_break() == "" and scene.end_picture_rect().w < 160
    st = session.state
    seen = View(st).visible
    a, b = sorted(range(3), key=lambda s: seen[s])[-2:]
    money = [0, 0, 0]
    money[a], money[b] = 100 - seen[a], 100 - seen[b]
    session.states[-1] = evolve(st, money=tuple(money), out=(False, False, False))
    scene = SuleikaScene(app, session)
    why = scene.tie_break()
    assert why
    rect = scene.end_picture_rect()
    assert rect.w >= max(text_size(word, read_size())[0] for word in why.split())
    end = app.routes["end"](app, table=scene)
    app.show(end)
    with recording() as rec:
        end.draw(app.screen)
    note = [t for t in rec.texts if t.text == why]
    assert note and not note[0].cut and note[0].px >= READ_PX and rect.contains(note[0].drawn)
    # every line of the note starts where the first does: no line begins with the space
    # SDL_ttf keeps when a line is narrower than a word and its space (" mehr")
    drawn, ground = note[0].drawn, app.screen.get_at((rect.right - 1, rect.bottom - 1))
    starts = []
    for top in range(drawn.top, drawn.bottom - line_height(read_size()) // 2, line_height(read_size())):
        lit = [x for x in range(drawn.left, drawn.right) for y in range(top, min(top + line_height(read_size()),
                                                                                  drawn.bottom))
               if app.screen.get_at((x, y)) != ground]
        if lit:
            starts.append(min(lit))
    assert len(starts) >= 2 and max(starts) - min(starts) <= 3, starts
