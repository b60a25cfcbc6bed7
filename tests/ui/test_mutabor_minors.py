"""What a Mutabor table could not tell before (issue 19, item 10), through the real loop in
German and English: what the numbers beside the names count, which move an undo took back,
which goal cell a swap is for and which two cards it swapped, which colour starts on which
side and what the hatching means, how to get back from the cards' view, and the end screen
(a row per player with four, a readable maze, and why a draw is one)."""

from __future__ import annotations

import pygame
import pytest

from companion.games.mutabor.rules.geometry import START
from companion.root import make_app
from companion.session.store import Store
from companion.ui import theme
from companion.ui.kit import problems, recording
from tests.ui.screen import press, settle, tap, tap_label
from tests.ui.test_mutabor_screen import new_session, play_until, with_swap_offer
from tests.ui.test_words_whole import LONG_NAMES


@pytest.fixture(params=("de", "en"))
def app(request, tmp_path):
    a = make_app(store=Store(tmp_path / "g.sqlite3"), lang=request.param, fullscreen=False, sound=False)
    yield a
    a.close()


def drawn(app, scene):
    """The texts of one frame of ``scene`` and the audit's problems with it."""
    app.show(scene)
    settle(app)
    if hasattr(scene, "sync_controls"):
        scene.sync_controls()
    with recording() as rec:
        scene.draw(app.screen)
    return [t.text for t in rec.texts], problems(rec), rec


def named(session, players):
    session.header["names"] = LONG_NAMES[:players]
    return session


@pytest.mark.parametrize("players", (2, 4))
def test_the_moves_beside_the_names_have_a_heading_and_no_name_is_cut(app, players):
    session = named(play_until(new_session(players), lambda s: len(s.actions) >= 6), players)
    scene = app.routes["table"](app, session=session, view="play")
    texts, found, _ = drawn(app, scene)
    assert found == []
    heads = {app.texts("mutabor.ui.hint"), app.texts("mutabor.ui.hint_short")}
    assert heads & set(texts), texts
    for name in LONG_NAMES[:players]:
        assert name in texts, texts   # whole, never "Maximiliane-…"
    tap_label(app, app.texts("mutabor.ui.tip"))
    texts, _, _ = drawn(app, scene)
    assert not heads & set(texts)


def test_undo_says_whose_move_it_took_back_and_from_where_to_where(app):
    session = play_until(new_session(2), lambda s: len(s.actions) >= 2)
    scene = app.routes["table"](app, session=session, view="play")
    app.show(scene)
    settle(app)
    move = next(a for a in session.engine.legal_actions(session.state) if a["action"] == "move")
    mover = scene.seat_name(session.state.turn)
    session.act(move)
    scene.dirty = True
    settle(app)
    press(app, "undo")
    (row, col), (to_row, to_col) = move["from"], move["to"]
    assert scene.banner.text == app.texts("mutabor.ui.undone_move", name=mover, row=row + 1, col=col + 1,
                                          to_row=to_row + 1, to_col=to_col + 1)
    assert f"{row + 1}" in scene.banner.text and app.texts("undone") != scene.banner.text


def test_a_swap_marks_the_unreachable_goal_cell_and_says_which_cards_changed_places(app):
    session = with_swap_offer(4)
    scene = app.routes["table"](app, session=session, view="play")
    texts, found, _ = drawn(app, scene)
    assert found == []
    cells = scene.unreachable()
    assert cells and app.texts("mutabor.ui.swap_offer" if len(cells) == 1 else "mutabor.ui.swap_offer_many") in texts
    for cell in cells:  # a cross by shape: a red bar on the cell's diagonal, edged in black
        r = scene.grid.rect_of(cell)
        k = scene.grid.cell // 6
        assert tuple(app.screen.get_at((r.x + k, r.y + k))[:3]) == tuple(theme.BAD)[:3], cell
        assert sum(app.screen.get_at((r.x + k + 4, r.y + k))[:3]) < 60, cell
    press(app, "roll")                                 # ROLL opens the swap
    free = scene.free_cards()
    a = free[0]
    b = next(c for c in free if session.state.card(c) != session.state.card(a))
    kinds = session.state.card(a), session.state.card(b)
    tap(app, scene.grid.center_of(a))
    tap(app, scene.grid.center_of(b))
    assert session.actions[-1]["action"] == "swap"
    texts, found, _ = drawn(app, scene)
    said = app.texts("mutabor.ui.swapped", first=app.texts(f"mutabor.ui.card_{kinds[1]}"),
                     second=app.texts(f"mutabor.ui.card_{kinds[0]}"))
    assert said in texts and found == [], texts
    for cell in (a, b):  # both framed in gold
        r = scene.grid.rect_of(cell).inflate(-1, -1)
        assert tuple(app.screen.get_at((r.centerx, r.y + 2))[:3]) == tuple(theme.GOLD)[:3], cell
    press(app, "undo")
    assert scene.banner.text == app.texts("mutabor.ui.undone_swap", name=scene.seat_name(session.state.turn))


@pytest.mark.parametrize("players", (2, 4))
def test_the_layout_numbers_each_start_square_and_explains_the_sides(app, players):
    session = new_session(players, open_sides=False) if players == 2 else new_session(players)
    scene = app.routes["table"](app, session=session)
    assert scene.view == "layout"
    texts, found, rec = drawn(app, scene)
    assert found == []
    for word in ("mutabor.ui.sides_start", "mutabor.ui.sides_goal"):
        assert app.texts(word) in texts
    assert (app.texts("mutabor.ui.sides_closed") in texts) == (players == 2)
    for seat, side in enumerate(session.state.sides):  # the seat's number sits on its start square
        square = scene.grid.rect_of({"bottom": (7, 1), "top": (0, 6), "left": (6, 0), "right": (1, 7)}[side])
        assert any(t.text == str(seat + 1) and square.colliderect(t.drawn) for t in rec.texts), side
        assert START[side]


def test_two_players_with_closed_sides_see_what_the_hatching_means_at_play(app):
    session = play_until(new_session(2, open_sides=False), lambda s: len(s.actions) >= 1)
    texts, found, _ = drawn(app, app.routes["table"](app, session=session, view="play"))
    assert app.texts("mutabor.ui.sides_closed") in texts and found == []
    texts, _, _ = drawn(app, app.routes["table"](app, session=play_until(
        new_session(2, open_sides=True), lambda s: len(s.actions) >= 1), view="play"))
    assert app.texts("mutabor.ui.sides_closed") not in texts


def test_the_cards_view_goes_back_to_the_game_by_a_key_that_says_so(app):
    session = play_until(new_session(4), lambda s: len(s.actions) >= 3)
    scene = app.routes["table"](app, session=session, view="play")
    app.show(scene)
    settle(app)
    tap_label(app, app.texts("mutabor.ui.cards"))
    assert scene.view == "layout"
    labels = [b.label for b in scene.buttons]
    assert app.texts("mutabor.ui.back_to_game") in labels and app.texts("mutabor.ui.play") not in labels
    tap_label(app, app.texts("mutabor.ui.back_to_game"))
    assert scene.view == "play"


def test_the_four_player_end_screen_gives_each_name_its_row_and_a_readable_maze(app):
    session = named(new_session(4), 4)
    session.act({"action": "draw"})
    table = app.routes["table"](app, session=session)
    end = app.routes["end"](app, table=table)
    texts, found, rec = drawn(app, end)
    assert found == []
    rows = [t.drawn for t in rec.texts if t.text in LONG_NAMES]
    assert len(rows) == 4 and len({r.y for r in rows}) == 4       # one row each, not run together
    assert table.end_picture_rect().w >= 200                          # was 136 px with four
    why = app.texts.reason("mutabor", "agreed")
    assert why in texts, texts                                        # why nobody won


def test_the_draw_question_and_a_capture_are_said_whole_with_the_longest_names(app):
    """English as German: "Tap “Sure?” once more: the game ends in a draw" and "Captured!
    Wilhelmina Ann's figure is back at the start …" were cut after two lines."""
    session = named(play_until(new_session(4, 3), lambda s: any(e.kind == "capture" for e in s.last_events)), 4)
    scene = app.routes["table"](app, session=session, view="play")
    texts, found, _ = drawn(app, scene)
    owner = next(e for e in session.last_events if e.kind == "capture").data["owner"]
    assert app.texts("mutabor.ui.captured", name=LONG_NAMES[owner]) in texts and found == []
    tap_label(app, app.texts("mutabor.ui.draw_button"))
    assert scene.banner.text == app.texts("mutabor.ui.draw_ask")
    texts, found, _ = drawn(app, scene)
    assert app.texts("mutabor.ui.draw_ask") in texts and found == [], found
    assert not session.over


def test_the_play_page_says_which_options_are_only_for_two_or_three_players():
    """docs/play/mutabor.md names each option that only some player counts have, with them,
    in the words of the setup screen (German and English)."""
    import re
    from pathlib import Path

    from companion.games import spec
    from companion.ui.i18n import Texts

    page = (Path(__file__).parents[2] / "docs" / "play" / "mutabor.md").read_text(encoding="utf-8")
    german, english = page.split("## English")
    only = {"de": {2: "nur zu zweit", 3: "nur zu dritt"}, "en": {2: "for two players only", 3: "for three players only"}}
    options = [o for o in spec("mutabor").options if o.only_for]
    assert {o.only_for for o in options} == {(2,), (3,)}
    for lang, text in (("de", german), ("en", english)):
        words = Texts(lang)
        flat = re.sub(r"\s+", " ", text)
        for option in options:
            label = words(option.text)
            said = only[lang][option.only_for[0]]
            assert re.search(re.escape(label) + r".{0,12}" + re.escape(said), flat), (lang, label, said)


@pytest.mark.parametrize("words", ("mutabor.ui.captured", "mutabor.ui.swap_offer", "mutabor.ui.undone_move"))
def test_a_message_grown_over_the_players_list_covers_whole_lines(app, words):
    """A message too long for its place reaches over the players' list by whole lines: no
    name is left peeking out half under it."""
    from companion.games.mutabor.screen import panel
    from companion.ui.kit import room_for

    session = named(play_until(new_session(4), lambda s: len(s.actions) >= 6), 4)
    scene = app.routes["table"](app, session=session, view="play")
    app.show(scene)
    settle(app)
    said = app.texts(words, name=LONG_NAMES[1], row=8, col=8, to_row=7, to_col=7)
    scene.say(said)
    with recording() as rec:
        scene.draw(app.screen)
    room = pygame.Rect(panel.X, panel.TURN.y, panel.W, panel.SAY_ROOM.bottom - panel.TURN.y)
    box = panel._whole_lines(room_for(said, panel.INFO, room))
    assert box.bottom > panel.INFO.bottom  # it did grow over the list
    for t in rec.texts:
        if t.text in LONG_NAMES:
            inside = box.inflate(0, 4).contains(t.drawn)
            assert inside or not box.colliderect(t.drawn), (t.text, t.drawn, box)


def test_the_dealing_numbers_leave_the_card_pictures_to_be_seen(app, monkeypatch):
    """In the layout view each card's number sits beside its picture, not over half of it:
    of the picture's pixels (drawn without numbers), at least 85 % still show with them."""
    from companion.games.mutabor.rules.geometry import VISIBLE
    from companion.games.mutabor.screen import board
    from companion.games.mutabor.screen.pictures import CARD_BG

    session = new_session(4)

    def layout_pixels():
        scene = app.routes["table"](app, session=session)
        app.show(scene)
        app.screen.fill((0, 0, 0))
        scene.draw(app.screen)
        return app.screen.copy(), scene

    shown, scene = layout_pixels()
    monkeypatch.setattr(board, "paint_numbers", lambda *a, **k: None)
    bare, _ = layout_pixels()
    kept = total = 0
    for cell in VISIBLE:
        ground = CARD_BG[session.state.card(cell)]
        r = scene.grid.rect_of(cell).inflate(-8, -8)
        for y in range(r.top, r.bottom, 2):
            for x in range(r.left, r.right, 2):
                pixel = tuple(bare.get_at((x, y)))[:3]
                if pixel != ground:
                    total += 1
                    kept += tuple(shown.get_at((x, y)))[:3] == pixel
    assert total and kept / total >= 0.85, f"{kept / total:.0%} of the pictures show"
