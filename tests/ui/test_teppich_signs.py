"""What the Teppich table shows beside its words (issue items on carpets, badges, the palm,
old refusals and key labels): carpets nearly a cell big, six carpets on the start podium
each big enough to show its pattern, the badge for turns to miss beside the seat's swatch
(never over it) under a heading, the tokens' column headed, a palm drawn as a plant, a
refusal gone once the entry moves on, and every key label starting with a capital."""

from __future__ import annotations

from typing import Any

import pytest

from companion.games import spec
from companion.games.teppich.box_files import load
from companion.games.teppich.rules import generate
from companion.games.teppich.screen import draw, paint
from companion.session.session import Session
from companion.ui import theme
from companion.ui.kit import recording
from tests.ui.screen import press, settle
from tests.ui.test_teppich_screen import act, card_by_taps, header, on_the_star, shown_text, table, tap_key

UP3 = {"action": "fly", "v": 3, "h": 0, "pair": "UR", "arrows": "up_side"}


def test_six_carpets_on_the_start_podium_each_show_their_pattern(app):
    scene = table(app, 6)
    rects = draw.carpet_rects(scene.grid, scene.box, scene.state)
    tray = draw.podium_tray(scene.grid, scene.box, scene.state)
    assert tray is not None and tray.contains(draw.cell_rect(scene.grid, scene.box.start))
    for p, r in rects.items():
        # the side list's swatches are 20×22: a carpet waiting at the start is nearly as big
        # (it was 9×4 px, six in one 25 px cell)
        assert r.w >= 20 and r.h >= 14, (p, r)
        assert tray.contains(r), (p, r, tray)
        assert all(not r.colliderect(o) for q, o in rects.items() if q != p), (p, r)


def test_the_tray_gives_way_to_a_carpet_beside_the_podium_and_a_single_carpet_is_nearly_a_cell(app):
    scene = table(app, 3)
    act(scene, {"action": "fly", "v": 1, "h": 0, "pair": "UR", "arrows": "up_side"})   # player 1 to (0, 1)
    tray = draw.podium_tray(scene.grid, scene.box, scene.state)
    start = draw.cell_rect(scene.grid, scene.box.start)
    above = draw.cell_rect(scene.grid, (0, 1))
    assert tray == start.union(draw.cell_rect(scene.grid, (1, 0)))   # low: the carpet above stays seen
    rects = draw.carpet_rects(scene.grid, scene.box, scene.state)
    assert all(tray.contains(rects[p]) and not rects[p].colliderect(above) for p in (1, 2))
    alone = rects[0]
    assert alone.w >= scene.grid.cell - 2 and alone.h >= scene.grid.cell - 8   # was 19×11 in 25 px cells


def _rows(scene: Any) -> list[Any]:
    return draw.player_rows(scene.state.players)


@pytest.mark.parametrize("lang", ["de", "en"])
def test_a_missed_turn_badge_sits_beside_the_swatch_under_its_heading(app):
    scene = on_the_star(app, 6)
    press(app, "roll", 1)                        # the sleeping carpet: player 1 misses a turn
    me = 0
    assert scene.state.misses[me] == 1
    scene.draw(app.screen)
    rect = _rows(scene)[me]
    sw, badge, name_box, count_box = draw.row_parts(rect, True, str(scene.state.tokens[me]))
    tile = theme.swatch(scene.colour(me), sw.w - 4, rect.h - 6)
    # the swatch is drawn whole: the seat's pattern, not a red mark over it
    for x in range(1, tile.get_width() - 1, 3):
        for y in range(1, tile.get_height() - 1, 3):
            assert app.screen.get_at((sw.x + 3 + x, sw.y + 3 + y))[:3] == tile.get_at((x, y))[:3], (x, y)
    assert badge.w > 0 and badge.left >= sw.right and name_box.left >= badge.right
    assert app.screen.get_at(badge.center)[:3] == theme.BAD_FILL or app.screen.get_at(
        (badge.x + 2, badge.centery))[:3] == theme.BAD_FILL
    with recording() as rec:
        scene.draw(app.screen)
    drawn = {t.text: t.drawn for t in rec.texts}
    misses, tokens = drawn[app.texts("teppich.ui.misses_head")], drawn[app.texts("teppich.ui.tokens_row")]
    assert tokens.left - misses.right >= 12          # two headings, not "PauseKärtchen"
    turn = drawn[app.texts("turn_of", name=scene.seat_name(scene.state.current))]
    assert turn.right < misses.left


def test_the_tokens_column_is_headed_and_the_badge_heading_only_while_someone_misses(app):
    scene = table(app, 6)
    said = shown_text(scene)
    assert app.texts("teppich.ui.tokens_row") in said
    assert app.texts("teppich.ui.misses_head") not in said


def test_a_palm_is_drawn_as_a_plant_not_as_a_house(app):
    box = load()
    seed = next(s for s in range(1, 200) if any(p.piece == "palm" for p in generate(box, s).placements))
    city = generate(box, seed)
    session = Session.new(header(3, seed=seed, scenery=[list(c) for c in city.scenery],
                                 clouds=[list(c) for c in city.clouds], stars=[]), app.store)
    scene = table(app, session=session)
    palm = next(p for p in city.placements if p.piece == "palm")
    assert set(palm.cells) <= set(scene.trees)
    top = max(palm.cells, key=lambda c: c[1])
    scene.draw(app.screen)
    r = draw.cell_rect(scene.grid, top)
    colours = {app.screen.get_at((x, y))[:3] for x in range(r.left, r.right) for y in range(r.top, r.bottom)}
    assert draw.CROWN in colours                 # fronds on top
    assert draw.CALM in colours                  # and the sky between them: no house's wall
    house = next(p for p in city.placements if p.kind == "house")
    h = draw.cell_rect(scene.grid, house.cells[0])
    assert draw.CROWN not in {app.screen.get_at((x, y))[:3] for x in range(h.left, h.right)
                              for y in range(h.top, h.bottom)}


def test_a_refusal_is_gone_once_the_entry_moves_on(app):
    scene = table(app, 3)
    tap_key(app, ("steer", "down"))              # greyed: below the ground, refused in words
    assert scene.banner.bad and scene.banner.active(app.now())
    refused = scene.banner.text
    tap_key(app, "card")                         # the next card is entered: that refusal is old
    assert not scene.banner.active(app.now())
    assert refused not in shown_text(scene)
    assert app.texts("teppich.ui.ask_v") in shown_text(scene)


@pytest.mark.parametrize("lang", ["de", "en"])
def test_every_key_label_starts_with_a_capital(app):
    """Capitals consistent: "Windkarte" beside "treiben lassen", "Wind card" beside "drift",
    "City built: start!" beside "another city" were not."""
    scene = table(app, session=Session.new(spec("teppich").header(3, 4), app.store))   # the city first
    labels = [c.label for c in scene.tappables()]
    scene.city.own_city()
    settle(app)
    labels += [c.label for c in scene.tappables()]
    scene = table(app, 3)
    labels += [c.label for c in scene.tappables()]
    card_by_taps(app, 3, 2)
    labels += [c.label for c in paint.row_controls(scene)]
    scene.undo()
    labels += [c.label for c in paint.row_controls(scene)]
    for label in (app.texts(f"teppich.ui.{k}") for k in ("block", "force", "clouds_take", "clouds_other",
                                                          "clouds_keep", "hop")):
        labels.append(label)
    for label in labels:
        words = label.strip()
        if words and words[0].isalpha():
            assert words[0].isupper(), label
