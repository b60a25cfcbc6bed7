"""Colour is never the only sign at the Suleika table: the largest table (four players, and the
two-player game's four colours) drawn on the real screen and seen through deuteranopia and
protanopia keeps every seat's carpets on the board and swatches in the scores apart by their
pattern, in grey alone, so hue is not needed."""

from __future__ import annotations

import random
from itertools import combinations

import pygame
import pytest

from companion.games.suleika.screen import board
from companion.session.session import Session
from companion.session.simulate import random_step
from companion.session.store import Store
from tests.ui.screen import settle
from tests.ui.test_colour_signs import DEUTERANOPIA, PROTANOPIA, luminance, seen

SAMPLE = 20  #: px square read from the top-left of each swatch (patterns start there)


def grey_pattern(surf: pygame.Surface, origin: tuple[int, int], matrix) -> list[bool]:
    """The sample seen through ``matrix``, in grey, each pixel lighter or darker than halfway
    between its darkest and lightest: the pattern without its colour. The pattern itself must
    show in grey (a light and a dark part at least 30 apart)."""
    x0, y0 = origin
    grey = [luminance(seen(tuple(surf.get_at((x0 + dx, y0 + dy)))[:3], matrix))
            for dy in range(SAMPLE) for dx in range(SAMPLE)]
    assert max(grey) - min(grey) > 30, f"no pattern in grey at {origin}"
    middle = (max(grey) + min(grey)) / 2
    return [g > middle for g in grey]


def apart(patterns: dict[str, list[bool]]) -> list[tuple[str, str, float]]:
    """Pairs whose grey patterns differ in fewer than a fifth of the pixels."""
    out = []
    for (a, pa), (b, pb) in combinations(patterns.items(), 2):
        share = sum(x != y for x, y in zip(pa, pb, strict=True)) / len(pa)
        if share < 0.2:
            out.append((a, b, share))
    return out


def played(players: int, laid: int = 16, names: list[str] | None = None) -> Session:
    """A game played at random until every colour lies on the board at least once."""
    for seed in range(1, 60):
        header = {"game": "suleika", "players": players, "seed": seed}
        if names:
            header["names"] = names[:players]
        session = Session.new(header, Store(":memory:"))
        rng = random.Random(seed)
        while not session.over and session.state.laid < laid:
            session.act(random_step(session.engine, session.state, rng))
        st = session.state
        colours = {c for seat in st.colors for c in seat}
        shown = {top[0] for line in st.board for top in line if top is not None}
        if colours <= shown and st.phase == "roll":
            return session
    raise AssertionError("no game shows every colour")


#: names too wide to leave the money room beside them: each has a line of its own, and the
#: money of every seat stands in a strip with the seat's swatch (two swatches a seat)
WIDE = ["Mohammed Ameen", "Scheherazade A", "Magdalena Wimm", "Bartholomäus M"]


@pytest.mark.parametrize("players,names", [(4, None), (2, None), (4, WIDE), (3, WIDE)],
                         ids=["4", "2", "4 wide names", "3 wide names"])
@pytest.mark.parametrize("matrix", [DEUTERANOPIA, PROTANOPIA], ids=["deuteranopia", "protanopia"])
def test_every_seat_stays_apart_by_pattern_for_colour_blind_eyes(app, players, names, matrix):
    session = played(players, names=names)
    scene = app.routes["table"](app, session=session)
    app.show(scene)
    settle(app)
    scene.draw(app.screen)
    screen, st = app.screen, session.state
    # the carpets on the board: one cell of each colour, away from the lit heading cells
    on_board: dict[str, list[bool]] = {}
    hinted = {c for h in scene.view.hints.values() for c in h.cells} | {st.omar}
    for r, line in enumerate(st.board):
        for c, top in enumerate(line):
            if top is not None and top[0] not in on_board and (r, c) not in hinted:
                inner = board.cell_rect(r, c).inflate(-6, -6)
                on_board[top[0]] = grey_pattern(screen, inner.topleft, matrix)
    assert set(on_board) == {c for seat in st.colors for c in seat}
    assert apart(on_board) == []
    # the scores: each seat's swatch (two colours share one, one above the other), beside its
    # name and, where the money stands in a strip, beside its money
    lines = [scene.scores.rows, *([scene.scores.chips] if scene.scores.chips else [])]
    assert (scene.scores.mode == "strip") == bool(names)
    for places in lines:
        in_scores: dict[str, list[bool]] = {}
        for seat, row in enumerate(places):
            colours = st.colors[seat]
            h = (row.h - 8 - 2 * (len(colours) - 1)) // len(colours)
            for k, colour in enumerate(colours):
                x, y = row.x + 2, row.y + 4 + k * (h + 2)
                sample = pygame.Surface((SAMPLE, SAMPLE))
                sample.blit(screen, (0, 0), pygame.Rect(x, y, min(SAMPLE, 22), min(SAMPLE, h)))
                in_scores[colour] = grey_pattern(sample, (0, 0), matrix)
        assert apart(in_scores) == []
