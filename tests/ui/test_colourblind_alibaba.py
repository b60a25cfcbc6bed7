"""Ali Baba for colour-blind players: the largest table (six players) drawn through the real loop
and seen through deuteranopia and protanopia. Every seat keeps a pattern and every gang a
shape that tell them apart where their colours no longer do: the seats' swatches, each gang's
counts (and the columns' heading where there is one), the route's gang fields, the keys that
name a group, and the money chart's legend on the end screen."""

from __future__ import annotations

import itertools

import pygame
import pytest

from companion.games.alibaba.rules.box import GANG
from companion.games.alibaba.rules.state import LOOT
from companion.games.alibaba.screen import draw as look
from companion.games.alibaba.screen.gangs import SHAPES, draw_symbol
from companion.games.alibaba.screen.route import field_centre
from companion.games.alibaba.screen.table import AlibabaScene, choices_for, key_of, key_sign_rect
from companion.ui import theme
from tests.ui.screen import press, settle
from tests.ui.test_alibaba_table import finished, game_at
from tests.ui.test_colour_signs import DEUTERANOPIA, PROTANOPIA, luminance, seen

MATRICES = {"deuteranopia": DEUTERANOPIA, "protanopia": PROTANOPIA}

Mask = tuple[tuple[bool, ...], ...]


def mask(surf: pygame.Surface, rect: pygame.Rect, matrix) -> Mask:
    """The picture in ``rect`` as a colour-blind eye sees it, reduced to its shape: every pixel
    darker or lighter than halfway between the darkest and the lightest seen there."""
    lum = [[luminance(seen(tuple(surf.get_at((x, y)))[:3], matrix)) for x in range(rect.x, rect.right)]
           for y in range(rect.y, rect.bottom)]
    flat = [v for line in lum for v in line]
    mid = (min(flat) + max(flat)) / 2
    return tuple(tuple(v < mid for v in line) for line in lum)


def apart(a: Mask, b: Mask) -> float:
    """The share of pixels in which two shapes differ (0: the same shape)."""
    cells = list(zip(itertools.chain(*a), itertools.chain(*b), strict=True))
    return sum(x != y for x, y in cells) / len(cells)


def contrast_in(surf: pygame.Surface, rect: pygame.Rect, matrix) -> float:
    lum = [luminance(seen(tuple(surf.get_at((x, y)))[:3], matrix)) for x in range(rect.x, rect.right)
           for y in range(rect.y, rect.bottom)]
    return max(lum) - min(lum)


def shown(app, session) -> AlibabaScene:
    scene = app.routes["table"](app, session=session)
    app.show(scene)
    settle(app)
    assert isinstance(scene, AlibabaScene)
    return scene


def six_players_with_every_gang(app) -> AlibabaScene:
    """The six-player table, a player holding cards of every gang."""
    def ready(session, st):
        return st.phase == LOOT and any(all(sum(st.cards[s][g] for g in look_groups(session, k)) for k in range(4))
                                        for s in range(st.players))
    return shown(app, game_at(6, ready))


def six_players_at_a_loot_of_every_gang(app) -> AlibabaScene:
    """The six-player table at a loot where a group of every gang is offered."""
    def ready(session, st):
        if st.phase != LOOT:
            return False
        box = session.engine.box
        offered = {box.groups[box.group_index(a["group"])].gang for a in choices_for(session, st) if "group" in a}
        return offered == {0, 1, 2, 3}
    return shown(app, game_at(6, ready))


def look_groups(session, gang: int) -> list[int]:
    return list(session.engine.box.groups_of((gang,)))


@pytest.mark.parametrize("name", MATRICES)
def test_every_seat_keeps_its_pattern_on_the_six_player_table(app, name):
    matrix = MATRICES[name]
    scene = six_players_with_every_gang(app)
    scene.draw(app.screen)
    _chips, _head, rows = look.players_layout(scene.players_rect, scene.state.players, scene.names())
    swatches = [pygame.Rect(r.x + 3, r.y + 3, 12, r.h - 6) for r in rows]
    shapes = [mask(app.screen, s, matrix) for s in swatches]
    for (a, ma), (b, mb) in itertools.combinations(enumerate(shapes), 2):
        # the six colours' patterns (stripes, dots, bars, checks, rings, cross) differ in shape
        assert apart(ma, mb) > 0.08, (name, a, b)
    for s in swatches:
        assert contrast_in(app.screen, s, matrix) > 25, (name, s)  # the pattern shows at all


@pytest.mark.parametrize("name", MATRICES)
def test_every_gang_keeps_its_shape_in_the_players_counts(app, name):
    matrix = MATRICES[name]
    scene = six_players_with_every_gang(app)
    scene.draw(app.screen)
    st = scene.state
    seat = next(s for s in range(st.players) if all(sum(st.cards[s][g] for g in scene.box.groups_of((k,)))
                                                     for k in range(4)))
    chips, _head, rows = look.players_layout(scene.players_rect, st.players, scene.names())
    assert chips  # default names fit beside the gang counts
    signs = [look.sign_rect(c) for c in look.chip_rects(rows[seat], chips)]
    shapes = [mask(app.screen, r, matrix) for r in signs]
    for (a, ma), (b, mb) in itertools.combinations(enumerate(shapes), 2):
        assert apart(ma, mb) > 0.12, (name, SHAPES[a], SHAPES[b])
    for r in signs:
        assert contrast_in(app.screen, r, matrix) > 60, (name, r)


@pytest.mark.parametrize("name", MATRICES)
def test_every_gang_field_of_the_route_shows_its_shape(app, name):
    matrix = MATRICES[name]
    scene = six_players_with_every_gang(app)
    scene.draw(app.screen)
    board, route = scene.box.board, scene.route
    by_gang: dict[int, list[Mask]] = {}
    size = max(8, int(2 * (route.ring.w + route.ring.h) / board.lap) - 5)
    for step in range(board.lap):
        if board.fork_at(step) is not None:
            continue
        field = board.field(step, None)
        if field.kind != GANG or step == scene.state.position:
            continue
        x, y = field_centre(board, route.ring, step, None)
        r = pygame.Rect(0, 0, size - 2, size - 2)
        r.center = (x + scene.route_rect.x, y + scene.route_rect.y)
        by_gang.setdefault(field.gang, []).append(mask(app.screen, r, matrix))
    assert sorted(by_gang) == [0, 1, 2, 3]
    firsts = {g: shapes[0] for g, shapes in by_gang.items()}
    for (a, ma), (b, mb) in itertools.combinations(firsts.items(), 2):
        assert apart(ma, mb) > 0.1, (name, SHAPES[a], SHAPES[b])


@pytest.mark.parametrize("name", MATRICES)
def test_every_key_naming_a_group_carries_its_gangs_shape_and_no_more_loot_none(app, name):
    matrix = MATRICES[name]
    scene = six_players_at_a_loot_of_every_gang(app)
    seen_gangs: dict[int, Mask] = {}
    plain: Mask | None = None
    for _page in range(scene.choices.pages):
        scene.draw(app.screen)
        for rect, choice in scene.choices.visible():
            if choice is None:
                continue
            corner = key_sign_rect(rect)
            action = next(a for a in choices_for(scene.session, scene.state) if key_of(a) == choice.key)
            if "group" in action:
                gang = scene.box.groups[scene.box.group_index(action["group"])].gang
                seen_gangs.setdefault(gang, mask(app.screen, corner, matrix))
                assert contrast_in(app.screen, corner, matrix) > 60, (name, action)
            else:
                plain = mask(app.screen, corner, matrix)
                assert contrast_in(app.screen, corner, matrix) < 30, (name, action)  # no shape there
        for _ in range(scene.choices.per_page):  # the highlight walks on to the next page
            press(app, "right")
        settle(app)
    assert sorted(seen_gangs) == [0, 1, 2, 3] and plain is not None
    for (a, ma), (b, mb) in itertools.combinations(seen_gangs.items(), 2):
        assert apart(ma, mb) > 0.12, (name, SHAPES[a], SHAPES[b])


def test_the_shapes_differ_from_each_other_at_every_size_drawn():
    for side in (11, 12, 14, 22):
        shapes = []
        for gang in range(4):
            surf = pygame.Surface((side, side))
            surf.fill((0, 0, 0))
            draw_symbol(surf, gang, surf.get_rect(), (255, 255, 255))
            shapes.append(mask(surf, surf.get_rect(), ((1, 0, 0), (0, 1, 0), (0, 0, 1))))
        for (a, ma), (b, mb) in itertools.combinations(enumerate(shapes), 2):
            assert apart(ma, mb) > 0.12, (side, SHAPES[a], SHAPES[b])


@pytest.mark.parametrize("name", MATRICES)
def test_the_money_chart_ends_each_line_in_its_seats_pattern(app, name):
    matrix = MATRICES[name]
    session = finished(6, seed=16)
    table = app.routes["table"](app, session=session)
    app.go("end", table=table)
    settle(app)
    calls = []
    real = pygame.Surface.blit
    surf = pygame.Surface((800, 480))
    surf.fill(theme.BG)

    class Spy(pygame.Surface):
        def blit(self, source, dest, *args, **kwargs):  # type: ignore[override]
            calls.append((source, dest))
            return real(self, source, dest, *args, **kwargs)

    spy = Spy((800, 480))
    table.draw_end_picture(spy, table.end_picture_rect())
    legend = [(src, dest) for src, dest in calls if src.get_size() == (12, 12)]
    assert len(legend) == 6  # a swatch per seat
    patterns = [theme.swatch(look.seat_colour(table, s), 12, 12) for s in range(6)]
    shapes = [mask(p, p.get_rect(), matrix) for p in patterns]
    for (a, ma), (b, mb) in itertools.combinations(enumerate(shapes), 2):
        assert apart(ma, mb) > 0.08, (name, a, b)
    drawn = {id(src) for src, _dest in legend}
    assert all(id(p) in drawn for p in patterns)  # the legend is the seats' own swatches
