"""Drawing the Ali Baba table (the scene's logic is in ``alibaba.py``).

Layout on the 800 × 480 screen, laid out once by the scene: what the game waits for across
the top; on the left the route of Basra (Ali Baba's field, the way he walked) above the
players (or, during an arrest, the fate grid and what each player risks; or the whole
ledger), with Menu, UNDO and LEDGER beneath; on the right the choices, or the die with its
keys, or the number pad. Everything the table reads is at the read size; nothing is cut
without "…" (every text goes through the kit's ``Label``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any, NamedTuple

import pygame

from companion.engine.base import Event
from companion.games.alibaba.rules.arrest import fate_number
from companion.games.alibaba.rules.arrest import risk as arrest_risk
from companion.games.alibaba.rules.engine import AliBabaEngine
from companion.games.alibaba.rules.state import State
from companion.games.alibaba.screen.gangs import draw_symbol
from companion.games.alibaba.screen.words import counted, die_words, field_words, phase_words, ui, where_note
from companion.ui import theme
from companion.ui.kit import (
    Control,
    Label,
    audit,
    column,
    cut,
    inset,
    label_lines,
    line_height,
    min_size,
    read_size,
    row,
    text_size,
)
from companion.ui.kit.cache import ByteCache, surface_bytes
from companion.ui.kit.layers import Layer
from companion.ui.kit.text import cap_height, place, render

if TYPE_CHECKING:
    from companion.games.alibaba.screen.table import AlibabaScene

DARK = (18, 16, 24)
DANGER = (150, 40, 40)
DANGER_DIM = (80, 36, 44)
READ_H = line_height(read_size())      # one line of read-size text (35 px)
MIN_H = line_height(min_size())        # one line of min-size text (28 px)
FATE_W = 280                           # the fate grid's column
FATE_NOTE_H = 2 * MIN_H + 8           # under the grid and the stakes: the arrest's note, or the event box

__all__ = ["counted", "draw", "fate_view", "FateView"]


def gang_tint(box: Any, gang: int) -> tuple[int, int, int]:
    """A choice's fill in its gang's colour, dark enough for light text."""
    r, g, b = theme.rgb(box.gangs[gang].color)
    return (r * 45 // 100 + 10, g * 45 // 100 + 10, b * 45 // 100 + 10)


def seat_colour(scene: AlibabaScene, seat: int) -> str:
    return scene.seat_colours(seat)[0]


def seat_rgb(scene: AlibabaScene, seat: int) -> tuple[int, int, int]:
    return theme.rgb(seat_colour(scene, seat))


def ink_on(rgb: tuple[int, int, int]) -> tuple[int, int, int]:
    """Dark text on light colours (the yellow gang), light text on the others."""
    return DARK if sum(rgb) > 450 else theme.INK


def draw(scene: AlibabaScene, surf: pygame.Surface) -> None:
    """The screen under the controls. A still screen is a picture of the position and the view
    (``scene.still``): a press that only moves the cursor over the choices (drawn over it) blits
    it. While a die tumbles only the die moves over the picture of the state before the roll
    (``scene.rolling``), painted once per roll, and the picture the die comes to rest on is
    painted meanwhile, a piece a frame (:func:`paint_ahead`). The picture itself is painted
    from layers (the route, the players, the fate grid, the stakes, the cards, the ledger), each
    painted again only when what it shows changed (:func:`draw_still`)."""
    now = scene.app.now()
    if scene.deal is None and scene.dice.busy(now):
        key = (scene.dice.started, id(scene.session.state), len(scene.session.states), scene.view, scene.cards_page,
               scene.ledger_top, getattr(scene.t, "lang", None))
        painted = scene.rolling.renders
        scene.rolling.draw(surf, key=key)
        if scene.dice.busy(scene.app.now()):
            scene.dice.draw(surf, rolling_box(scene), now)
            if scene.rolling.renders == painted:  # not in the frame that painted the roll's picture
                paint_ahead(scene)
            else:  # but the arrest the die comes to rest on is worked out with it (kept: fate_view)
                scene.fate(settled=True)
            return
        # the die came to rest while the picture was painted: part of it may show the roll's
        # result already, so it is not kept, and the frame is drawn as a still one
        scene.rolling.invalidate()
    if scene.deal is None:
        scene.still.draw(surf, key=still_key(scene))
        return
    draw_still(scene, surf, now)


def still_key(scene: AlibabaScene) -> tuple[Any, ...]:
    """What the still picture shows (``scene.still``): the position, the view and the die."""
    return ("still", scene.session.state, len(scene.session.states), scene.view, scene.ledger_top, scene.cards_page,
            getattr(scene.t, "lang", None), scene.dice.value, scene.dice.kind)


def paint_ahead(scene: AlibabaScene) -> None:
    """While a die tumbles (its value decided at the press): paint one more piece of the still
    picture it comes to rest on: the left side's layers one by one, then the picture (they
    are keyed by what they show, so the frame where the die lies still blits them). A frame
    of the tumble draws the die only: each has room for one piece."""
    fate = scene.fate(settled=True)
    names = scene.names()
    layers = left_layers(scene, names, fate)
    for layer, key in layers:
        if layer.shows(key):
            continue
        # the grid's new cells first, some a frame (all 36 change look after the black die),
        # laid out as the layer paints them, in its own coordinates; the grid in the same frame
        # after only a few
        if layer is scene.fate_layer and fate is not None \
                and warm_cells(fate, pygame.Rect((0, 0), layer.rect.size), CELLS_A_FRAME) > CELLS_A_FRAME // 2:
            return
        scene.fate_shown = fate
        layer.surface(key)
        if (layer, key) == layers[-1]:  # the last, often the stakes: room for the words too
            shape_words(scene, names)
        return
    key = still_key(scene)
    if scene.still.shows(key):
        return
    if shape_words(scene, names):
        return
    scene.still.surface(key)


def shape_words(scene: AlibabaScene, names: list[str]) -> bool:
    """Shape the words of the still picture the die comes to rest on (across the top and beside
    the die), once for each such picture; whether they were shaped now."""
    key = still_key(scene)
    if _WORDS[0] == key:
        return False
    _WORDS[0] = key
    chance = scene.pending()
    for label in [phase_label(scene, scene.session, names)] + \
            ([] if chance is None else chance_labels(scene, chance, names)):
        label.fitted()
    return True


_WORDS: list[Any] = [None]  #: the still picture whose words :func:`shape_words` shaped last
CELLS_A_FRAME = 15  #: new fate cells painted ahead in one frame of a tumble (some 90 k instructions each)


def left_layers(scene: AlibabaScene, names: list[str],
                fate: FateView | None) -> list[tuple[Layer, tuple[Any, ...]]]:
    """The layers the left side shows now, each with its key: the ledger, the cards, the fate
    grid and the stakes of an arrest (or the fate over the rows), or the players under the
    route. What the fate layers show is ``scene.fate_shown``."""
    if scene.view == "ledger" and scene.deal is None:
        return [(scene.ledger_layer, ledger_key(scene))]
    if scene.view == "cards" and scene.deal is None:
        return [(scene.cards_layer, (players_key(scene, names), scene.cards_page))]
    if fate is not None and scene.deal is None:
        grid_key, stakes_key = fate_keys(scene, fate, names)
        if names_beside_grid(scene, names):
            return [(scene.fate_layer, grid_key), (scene.stakes_layer, stakes_key)]
        return [(scene.fate_top_layer, grid_key),
                (scene.fate_rows_layer, (stakes_key, scene.session.engine.current_player(scene.state)))]
    return [(scene.players_layer, players_key(scene, names))]


def draw_still(scene: AlibabaScene, surf: pygame.Surface, now: float, die: bool = True, settled: bool = False) -> None:
    """Everything :func:`draw` shows, the tumbling die only if ``die``; ``settled``: as it
    will be when the die lies still (the rolled value's position, no tumbling die)."""
    surf.fill(theme.BG)
    names = scene.names()
    phase_label(scene, scene.session if settled else scene.shown_session(), names).draw(surf)
    fate = scene.fate(settled=settled)
    if fate is not None and scene.deal is None:
        scene.fate_shown = fate  # what the fate layers paint, when their keys changed
    elif scene.view not in ("ledger", "cards") or scene.deal is not None:
        if scene.deal is not None:
            draw_deal(scene, surf, names)
        else:
            draw_route(scene, surf)
    for layer, key in left_layers(scene, names, fate):
        layer.draw(surf, key=key)
    chance = scene.pending()
    if scene.deal is None and scene.dice.busy(now) and not settled:
        draw_rolling(scene, surf, now, die)
    elif scene.deal is None and chance is not None:
        draw_chance(scene, surf, chance, names, now, settled)


def phase_label(scene: AlibabaScene, shown: Any, names: list[str]) -> Label:
    """What the game waits for, across the top (``shown``: the session as the screen shows it)."""
    return Label(phase_words(scene.t, scene.box, shown, names), scene.head_rect, role="read", bold=True,
                 color=theme.GOLD)


def draw_after_controls(scene: AlibabaScene, surf: pygame.Surface) -> None:
    """What lies on the controls: the list's page number, the pad's field, the banner."""
    if scene.deal is not None and scene.deal.is_pad():
        scene.pad.draw(surf)
    elif scene.deal is not None:
        scene.choices.draw(surf)
        scene.choices.draw_signs(surf)
    elif scene.pending() is None and not scene.dice.busy(scene.app.now()):
        scene.choices.draw(surf)
        scene.choices.draw_signs(surf)
    banner = scene.banner
    if banner.active(scene.app.now()):
        box = scene.banner_box()
        pygame.draw.rect(surf, theme.BAD if banner.bad else theme.PANEL_HI, box, border_radius=8)
        # at the read size; only the low box under the fate grid may go down to the minimum
        role = "min" if box == scene.fate_note_rect else "read"
        banner_label(banner.text, box, role).draw(surf)


def banner_label(text: str, box: pygame.Rect, role: str = "read") -> Label:
    """The event box's words in ``box``: at the read size, wrapped (role "min", the low box under
    the fate grid: at the read size or else the smallest, :func:`stepped`)."""
    if role != "read":
        return stepped(text, inset(box, 8, 4), color=theme.INK, wrap=True)
    return Label(text, inset(box, 8, 4), role="say", size=read_size(), color=theme.INK, wrap=True)


def stepped(text: str, rect: pygame.Rect, color: tuple[int, int, int] = theme.INK, bold: bool = False,
            wrap: bool = False, align: str = "left") -> Label:
    """A label that may be smaller than the read size, in two steps: at the read size where
    ``text`` shows whole in ``rect`` at it, else at the smallest size, never a size in between
    (each size the font is opened at costs about 4 M instructions the first time, and a
    shrinking label tries several)."""
    img = render(text, read_size(bold), color, bold, rect.w if wrap else 0, align)
    whole = img.get_width() <= rect.w and img.get_height() <= rect.h
    return Label(text, rect, role="min", size=read_size(bold) if whole else min_size(bold), color=color, bold=bold,
                 align=align, wrap=wrap)


def fits_whole(text: str, box: pygame.Rect) -> bool:
    """Whether ``text`` shows whole in an event box ``box`` at the read size (asked of the
    kit, which draws it, so the answer and the picture agree on every line break)."""
    return banner_label(text, box).fitted().shown == text


# -- the route and the dialogue ---------------------------------------------------------------------
def draw_route(scene: AlibabaScene, surf: pygame.Surface) -> None:
    st, t = scene.state, scene.t
    where = f"{ui(t, 'field', n=st.position)}: {field_words(t, scene.box, st)}"
    scene.route.draw(surf, st.position, st.branch, scene.walked(), where)
    note = where_note(t, scene.box, st)
    r = scene.route.inner.move(scene.route_rect.topleft)
    Label(note, pygame.Rect(r.x, r.bottom - MIN_H - 3, r.w, MIN_H + 3), color=theme.INK, align="center").draw(surf)


def draw_deal(scene: AlibabaScene, surf: pygame.Surface, names: list[str]) -> None:
    """The question of the sale or trade being entered, and what is agreed so far."""
    assert scene.deal is not None
    r = scene.route_rect
    pygame.draw.rect(surf, theme.PANEL, r, border_radius=8)
    ask, sofar = column(inset(r, 8, 4), [2 * READ_H + 4, r.h - 2 * READ_H - 12], 4)
    Label(scene.deal.prompt(scene.t, names), ask, role="read", bold=True, color=theme.GOLD, wrap=True).draw(surf)
    Label(scene.deal.summary(scene.t, names), sofar, wrap=True).draw(surf)


# -- players -----------------------------------------------------------------------------------------
ROW_H = READ_H                          # one player's row: a line at the read size
CHIP_W = 44                             # a gang's column of the players' list
CHIP_MIN = 32                           # ... at its narrowest: a count beside its gang's shape
HEAD_H = 18                             # the gang columns' heading (their colours and shapes)


def row_columns(line: pygame.Rect, chip_w: int = CHIP_W) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
    """A row's name, money and gang columns (the heading uses the same ones); ``chip_w`` 0:
    no gang columns."""
    if not chip_w:
        name_r, money_r = row(line, [line.w - 4 - 84, 84], 4)
        return name_r, money_r, pygame.Rect(line.right, line.y, 0, line.h)
    name_r, money_r, chips_r = row(line, [line.w - 8 - 84 - 4 * chip_w, 84, 4 * chip_w], 4)
    return name_r, money_r, chips_r


def chip_width(rect: pygame.Rect, names: list[str]) -> int:
    """How wide each gang's column may be so that every name shows whole at the read size
    beside the money: the full width, narrower for longer names (down to a count and its shape
    side by side), or 0: no gang columns in the rows (six players with the longest names), the
    cards per gang are then in the cards view."""
    widest = max((text_size(name, read_size())[0] for name in names), default=0)
    for chip_w in range(CHIP_W, CHIP_MIN - 1, -1):
        if row_columns(pygame.Rect(rect.x + 20, rect.y, rect.w - 24, ROW_H), chip_w)[0].w >= widest:
            return chip_w
    return 0


def names_fit_beside_chips(rect: pygame.Rect, names: list[str]) -> bool:
    """Whether the rows show the gang columns (see :func:`chip_width`)."""
    return chip_width(rect, names) > 0


def heading_height(rect: pygame.Rect, players: int) -> int:
    """The gang columns' heading where the rows leave room for it at the read size (up to five
    players); with six, each count carries its gang's shape itself."""
    return HEAD_H if rect.h - players * (ROW_H + 1) >= HEAD_H + 1 else 0


def draw_gang_heading(scene: AlibabaScene, surf: pygame.Surface, head: pygame.Rect, chips_r: pygame.Rect) -> None:
    """Over each gang's column its colour and shape."""
    for k, (gang, tab) in enumerate(zip(scene.box.gangs, row(pygame.Rect(chips_r.x, head.y, chips_r.w, head.h), 4, 3),
                                        strict=True)):
        pygame.draw.rect(surf, theme.rgb(gang.color), tab, border_radius=4)
        side = min(tab.h - 4, 22)
        draw_symbol(surf, k, pygame.Rect(tab.centerx - side // 2, tab.centery - side // 2, side, side), DARK,
                    edge=theme.INK)


def draw_chips(scene: AlibabaScene, surf: pygame.Surface, seat: int, chips_r: pygame.Rect, size: int) -> None:
    """A player's cards per gang: each gang's colour, its shape and the count."""
    st, box = scene.state, scene.box
    held = st.cards[seat]
    for k, (gang, (chip, figure, sign)) in enumerate(zip(box.gangs, chip_places(tuple(chips_r)), strict=True)):
        count = sum(held[g] for g in scene.gang_groups[k])
        rgb = theme.rgb(gang.color)
        pygame.draw.rect(surf, rgb if count else tuple(c // 3 for c in rgb), chip, border_radius=6)
        if count >= 10 and chip.w < CHIP_W:
            figure = chip  # two digits in a narrow chip: the count takes it whole, the heading says the gang
        else:
            draw_symbol(surf, k, sign, DARK if count else theme.INK_DIM, edge=theme.INK if count else None)
        centred_number(surf, str(count), figure, ink_on(rgb) if count else theme.INK_DIM, size=size)


@lru_cache(maxsize=64)
def chip_places(chips_r: tuple[int, int, int, int]) -> tuple[tuple[pygame.Rect, pygame.Rect, pygame.Rect], ...]:
    """Each gang's chip in a row's gang columns ``chips_r``, where its count goes and where its
    shape goes (laid out once per place: every row of every frame asks; never draw on them)."""
    out = []
    for chip in row(pygame.Rect(chips_r), 4, 3):
        out.append((chip, row(chip.inflate(-4, 0), [12, chip.w - 4 - 12 - 1], 1)[1], sign_rect(chip)))
    return tuple(out)


def players_layout(rect: pygame.Rect, players: int,
                   names: list[str]) -> tuple[int, pygame.Rect | None, list[pygame.Rect]]:
    """How wide the rows' gang columns are (0: none), where their heading goes (None: none) and
    each player's row."""
    chips = chip_width(rect, names)
    head_h = heading_height(rect, players) if chips else 0
    body = pygame.Rect(rect.x, rect.y + head_h + (1 if head_h else 0), rect.w, rect.h - head_h - (1 if head_h else 0))
    return chips, (pygame.Rect(rect.x, rect.y, rect.w, head_h) if head_h else None), column(body, players, 1)


def chip_rects(row_rect: pygame.Rect, chip_w: int = CHIP_W) -> list[pygame.Rect]:
    """The four gang counts of a player's row (where :func:`draw_chips` puts them)."""
    line = pygame.Rect(row_rect.x + 20, row_rect.y, row_rect.w - 24, min(row_rect.h, READ_H + 1))
    return row(row_columns(line, chip_w)[2], 4, 3)


def sign_rect(chip: pygame.Rect) -> pygame.Rect:
    """Where a gang count's shape is drawn in its chip."""
    sign = row(chip.inflate(-4, 0), [12, chip.w - 4 - 12 - 1], 1)[0]
    return pygame.Rect(sign.x, chip.centery - 6, 12, 12)


def players_key(scene: AlibabaScene, names: list[str]) -> tuple[Any, ...]:
    """Everything the players' rows show (:func:`draw_players`): their layer is painted again
    only when one of these changed, a press that changes none of them blits it."""
    st = scene.state
    return (tuple(names), getattr(scene.t, "lang", None), st.turn, st.over, scene.session.engine.current_player(st),
            st.money, st.cards, st.hands)


def paint_players(scene: AlibabaScene, surf: pygame.Surface) -> None:
    """The players' layer (its own coordinates): the rows on the screen's background."""
    surf.fill(theme.BG)
    draw_players(scene, surf, surf.get_rect(), scene.names())


def draw_players(scene: AlibabaScene, surf: pygame.Surface, rect: pygame.Rect, names: list[str]) -> None:
    """Per player: colour, name, money and cards per gang (each count with its gang's colour
    and shape, the columns headed where there is room); with room, the groups and hand."""
    st = scene.state
    chips, head, rows = players_layout(rect, st.players, names)
    acting = scene.session.engine.current_player(st)
    if head is not None:
        draw_gang_heading(scene, surf, head, row_columns(pygame.Rect(rows[0].x + 20, rows[0].y, rows[0].w - 24,
                                                                     ROW_H), chips)[2])
    box = (getattr(scene.t, "lang", None), tuple(g.color for g in scene.box.gangs),
           tuple(g.name for g in scene.box.groups), tuple(tuple(groups) for groups in scene.gang_groups))
    for seat, r in enumerate(rows):
        key = (box, r.size, chips, names[seat], seat_colour(scene, seat), seat == st.turn and not st.over,
               seat == acting, st.money[seat], st.cards[seat], st.hands[seat])
        img, marks = player_row(key, lambda row_surf, seat=seat: draw_player(scene, row_surf, seat, chips, names))
        surf.blit(img, r)
        if audit.active():
            audit.replay(marks, r.topleft, surf.get_rect())


#: each player's row of the players' list as a picture, by everything it shows
#: (:func:`draw_players`): a move changes one or two rows (the turn, the player who acts, the
#: money and cards), the others are blitted. Bounded by bytes: a row is some 120 KB
_ROWS: ByteCache[tuple[Any, ...], tuple[pygame.Surface, audit.Record]] = ByteCache(
    "alibaba player rows", 1536 * 1024, lambda kept: surface_bytes(kept[0]))


def player_row(key: tuple[Any, ...], paint: Any) -> tuple[pygame.Surface, audit.Record]:
    """The row picture for ``key`` (its size is ``key[1]``), painted by ``paint(surface)`` on
    the screen's background if it is not kept."""
    kept = _ROWS.get(key)
    if kept is None:
        img = pygame.Surface(key[1])
        img.fill(theme.BG)
        with audit.capture() as marks:
            paint(img)
        kept = _ROWS.put(key, (img, marks))
    return kept


def draw_player(scene: AlibabaScene, surf: pygame.Surface, seat: int, chips: int, names: list[str]) -> None:
    """One player's row, filling ``surf``: colour, name, money, cards per gang and, with room,
    the groups and hand."""
    st = scene.state
    r = surf.get_rect()
    if seat == st.turn and not st.over:
        pygame.draw.rect(surf, theme.PANEL_HI, r, border_radius=6)
    if seat == scene.session.engine.current_player(st):
        pygame.draw.rect(surf, theme.GOLD, r, 2, border_radius=6)
    surf.blit(theme.swatch(seat_colour(scene, seat), 12, r.h - 6), (r.x + 3, r.y + 3))
    line = pygame.Rect(r.x + 20, r.y, r.w - 24, min(r.h, READ_H + 1))
    name_r, money_r, chips_r = row_columns(line, chips)
    # a name the table typed gets smaller before it is cut (the colour says whose row it is)
    Label(names[seat], name_r, role="min", size=read_size(), color=theme.INK).draw(surf)
    Label(str(st.money[seat]), money_r, role="read", color=theme.GOLD, align="right").draw(surf)
    if chips:
        draw_chips(scene, surf, seat, chips_r, read_size())
    if r.h >= line.h + MIN_H:
        box = pygame.Rect(r.x + 20, line.bottom, r.w - 26, r.bottom - line.bottom)
        wrap = r.h >= READ_H + 2 * MIN_H + 8
        Label(cards_line(scene, seat, box, wrap), box, color=theme.INK_DIM, wrap=wrap, valign="top").draw(surf)


def cards_text(scene: AlibabaScene, seat: int) -> str:
    """A player's movement cards in hand and bandit cards per group, in a line."""
    st, box = scene.state, scene.box
    held = ", ".join(f"{g.name} {st.cards[seat][i]}" for i, g in enumerate(box.groups) if st.cards[seat][i])
    hand = ui(scene.t, "hand", cards=" ".join(map(str, st.hands[seat]))) if st.hands[seat] else ""
    # "no bandit cards" only where there is nothing else to say (the zeros say it too)
    return " · ".join(p for p in (hand, held) if p) or ui(scene.t, "no_cards")


def cards_line(scene: AlibabaScene, seat: int, box: pygame.Rect, wrap: bool) -> str:
    """A player's cards under the name in the players' rows, whole in ``box``: every group held
    and the hand where they fit (:func:`cards_text`), else the hand and how many groups (the
    chips beside the name count the cards per gang, the cards view names every group), never
    cut with "…"."""
    st = scene.state
    full = cards_text(scene, seat)
    groups = sum(1 for n in st.cards[seat] if n)
    hand = ui(scene.t, "hand", cards=" ".join(map(str, st.hands[seat]))) if st.hands[seat] else ""
    short = " · ".join(p for p in (hand, counted(scene.t, "groups", groups) if groups else "") if p)
    for text in (full, short or full):
        img = render(text, min_size(), theme.INK_DIM, False, box.w if wrap else 0)
        if img.get_width() <= box.w and img.get_height() <= box.h:
            return text
    return hand or full


class CardsPlan(NamedTuple):
    """How the cards view lays out some players' rows (:func:`cards_plan`)."""

    seats: list[int]
    compact: bool
    counts: bool            # the counts per gang on the name's line
    texts: list[str]
    top_h: int              # the name's line (0: the name is part of the text)
    lines: list[int]        # the lines each player's text gets
    spare: int              # px left over, shared among the rows
    whole: bool             # every text gets the lines it needs


def cards_plan(scene: AlibabaScene, rect: pygame.Rect, names: list[str], seats: list[int]) -> CardsPlan:
    """Per player of ``seats`` the name with the cards per gang (each with its shape), and under
    it every group held and the movement cards in hand, wrapped whole (a player with more groups
    gets more lines). Where that leaves too little room (five or six players), each player's name
    and cards are one text over the whole width, at least two lines each."""
    n = len(seats)
    width = rect.w - 26
    compact = n * (READ_H + MIN_H + 1) > rect.h
    # compact, the counts per gang are in the players' rows; where those have no room for them
    # (long names), they stand here, on the name's line at the smallest size
    counts = not compact or not names_fit_beside_chips(scene.players_rect, names)
    texts = [(f"{names[seat]}: " if compact and not counts else "") + cards_text(scene, seat) for seat in seats]
    # the lines each text's label draws it in (as the kit wraps it: counted word by word, a
    # text came out a line short where a word fits a line but not with its space, and was cut)
    need = [label_lines(text, min_size(), width) for text in texts]
    top_h = (MIN_H if counts else 0) if compact else READ_H
    base = [(1 if counts else 2) if compact else 0] * n
    spare = rect.h - n * top_h - sum(base) * MIN_H - (n - 1)
    extra = list(base)
    # lines for the groups, one round at a time (every player one line first), while there is room
    for _round in range(max(need, default=0)):
        for k in range(n):
            if extra[k] < need[k] and spare >= MIN_H:
                extra[k] += 1
                spare -= MIN_H
    return CardsPlan(seats, compact, counts, texts, top_h, extra, spare,
                     all(got >= want for got, want in zip(extra, need, strict=True)))


def cards_pages(scene: AlibabaScene, rect: pygame.Rect, names: list[str]) -> list[list[int]]:
    """The players the cards view shows on each of its pages: all on one where every player's
    cards show whole, else as many in seating order as show whole on a page (a long hand with
    many groups and six players); the view key turns the pages."""
    seats = list(range(scene.state.players))
    if cards_plan(scene, rect, names, seats).whole:
        return [seats]
    pages: list[list[int]] = [[]]
    for seat in seats:
        if pages[-1] and not cards_plan(scene, rect, names, [*pages[-1], seat]).whole:
            pages.append([])
        pages[-1].append(seat)
    return pages


def draw_cards(scene: AlibabaScene, surf: pygame.Surface, rect: pygame.Rect, names: list[str],
               seats: list[int] | None = None) -> None:
    """The cards view's rows for ``seats`` (default: every player), laid out by :func:`cards_plan`."""
    st = scene.state
    plan = cards_plan(scene, rect, names, list(range(st.players)) if seats is None else seats)
    n, width, top_h, spare = len(plan.seats), rect.w - 26, plan.top_h, plan.spare
    y = rect.y
    acting = scene.session.engine.current_player(st)
    for k, seat in enumerate(plan.seats):
        h = top_h + plan.lines[k] * MIN_H + (spare // n if spare > 0 else 0)
        r = pygame.Rect(rect.x, y, rect.w, h)
        y += h + 1
        if seat == st.turn and not st.over:
            pygame.draw.rect(surf, theme.PANEL_HI, r, border_radius=6)
        if seat == acting:
            pygame.draw.rect(surf, theme.GOLD, r, 2, border_radius=6)
        surf.blit(theme.swatch(seat_colour(scene, seat), 12, r.h - 6), (r.x + 3, r.y + 3))
        line = pygame.Rect(r.x + 20, r.y, r.w - 24, top_h)
        if top_h:
            name_r, chips_r = row(line, [line.w - 4 - 4 * CHIP_W, 4 * CHIP_W], 4)
            size = read_size() if top_h == READ_H else min_size()
            Label(names[seat], name_r, role="min", size=size, color=theme.INK).draw(surf)
            draw_chips(scene, surf, seat, chips_r, size)
        if plan.lines[k]:
            Label(plan.texts[k], pygame.Rect(r.x + 20, line.bottom, width, r.bottom - line.bottom),
                  color=theme.INK, wrap=True, valign="center" if plan.compact and not plan.counts else "top").draw(surf)


# -- the die and the keys for a real one ---------------------------------------------------------------
def draw_chance(scene: AlibabaScene, surf: pygame.Surface, chance: Any, names: list[str], now: float,
                settled: bool = False) -> None:
    """The hint beside the die the game waits for, and the die (blank: not rolled yet; at rest
    when ``settled``, though the last one still tumbles)."""
    for label in chance_labels(scene, chance, names):
        label.draw(surf)
    if chance.action == "draw":
        draw_card(surf, scene.die_rect, sum(len(h) for h in scene.state.hands))
    else:
        scene.dice.draw(surf, scene.die_rect, now, chance.kind, at_rest=settled)


def chance_labels(scene: AlibabaScene, chance: Any, names: list[str]) -> list[Label]:
    """The hint beside the die or the pile of cards: who rolls or gets the next card, and how."""
    t = scene.t
    if chance.action == "draw":
        dealt = sum(len(h) for h in scene.state.hands)
        seat = (scene.state.starter + dealt) % scene.state.players
        head = ui(t, "hint_deal", n=dealt + 1, total=len(scene.box.movement), name=names[seat])
        help_ = ui(t, "hint_deal_help", button=ui(t, "deal"))
    else:
        roller = scene.session.engine.current_player(scene.state)
        seat = roller if roller is not None else 0
        head = ui(t, "hint_roll", name=names[seat] if seat is not None else "", die=die_words(t, chance.kind))
        help_ = ui(t, "hint_roll_help", button=ui(t, "roll"))
    return [Label(head, scene.hint_rect, role="read", color=theme.GOLD, wrap=True),
            Label(help_, scene.help_rect, wrap=True, color=theme.INK)]


def draw_rolling(scene: AlibabaScene, surf: pygame.Surface, now: float, die: bool = True) -> None:
    """The die just rolled, big and tumbling, in place of the choices (its value is decided;
    what it does is shown when it lies still)."""
    Label(ui(scene.t, "rolling"), scene.hint_rect, role="read", color=theme.GOLD, align="center").draw(surf)
    if die:
        scene.dice.draw(surf, rolling_box(scene), now)


def rolling_box(scene: AlibabaScene) -> pygame.Rect:
    """Where the tumbling die is drawn (it tilts a few px within the screen's background)."""
    side = min(scene.right.w - 40, scene.right.bottom - scene.hint_rect.bottom - 40, 180)
    box = pygame.Rect(0, 0, side, side)
    box.center = (scene.right.centerx, (scene.hint_rect.bottom + scene.right.bottom) // 2)
    return box


def draw_card(surf: pygame.Surface, rect: pygame.Rect, dealt: int) -> None:
    """A small pile of face-down movement cards."""
    for k in range(3):
        r = pygame.Rect(rect.x + 12 + k * 5, rect.y + 6 - k * 3, rect.w - 34, rect.h - 14)
        pygame.draw.rect(surf, (120, 60, 40), r, border_radius=6)
        pygame.draw.rect(surf, theme.GOLD, r, 2, border_radius=6)


# -- fate grid -----------------------------------------------------------------------------------------
@dataclass(frozen=True)
class FateView:
    """The fate grid now: the row the black die set, the number the white die made, and for
    every fate number what it would cost each player (only numbers that cost someone)."""

    gangs: tuple[str, ...]
    row: int | None            # black die (rolled or set by event 3)
    row_set: bool              # the row comes from event 3, not from a roll
    column_set: int | None     # white die set by event 7
    number: int | None         # fate number once the white die is known
    stakes: dict[int, dict[int, int]]   # fate number -> seat -> Kadi bribe if it comes up
    caught: dict[int, int]     # seat -> bribe due (after the white die)
    chance: dict[int, float]   # seat -> chance to pay anything (before the white die)
    endangered: dict[int, dict[str, int]]  # seat -> group -> cards showing a number of the row


#: the last few arrests worked out (:func:`fate_view`), each with what it was worked out from
_FATES: list[tuple[AliBabaEngine, State, tuple[Event, ...], tuple[str, ...], FateView | None]] = []
_FATES_KEPT = 4


def fate_view(engine: AliBabaEngine, st: State, events: list[Event], gangs: tuple[str, ...] = ()) -> FateView | None:
    """The arrest under way in ``st``, or the one the last action finished (``events`` are its
    events; ``gangs`` the gangs of that arrest, announced by an earlier action). Worked out
    once for each position and its events (states are frozen): a rolled die's position is
    asked for while it still tumbles, to paint the picture it comes to rest on ahead
    (:func:`paint_ahead`), and again when it lies still."""
    evs = tuple(events)
    for kept_engine, kept_st, kept_evs, kept_gangs, view in _FATES:
        if kept_engine is engine and kept_st is st and kept_gangs == gangs and len(kept_evs) == len(evs) \
                and all(a is b for a, b in zip(kept_evs, evs, strict=True)):
            return view
    view = work_out_fate(engine, st, events, gangs)
    _FATES.insert(0, (engine, st, evs, gangs, view))
    del _FATES[_FATES_KEPT:]
    return view


def work_out_fate(engine: AliBabaEngine, st: State, events: list[Event],
                  gangs: tuple[str, ...] = ()) -> FateView | None:
    """:func:`fate_view`, worked out."""
    box = engine.box
    bribe = box.settings.kadi_bribe
    fate = next((e for e in events if e.kind == "fate"), None)
    if st.arrest_gangs:
        groups = box.groups_of(st.arrest_gangs)
        stakes: dict[int, dict[int, int]] = {}
        for n in range(1, 37):
            hit = [g for g in groups if n in box.groups[g].fate]
            cost = {seat: sum(st.cards[seat][g] for g in hit) * bribe for seat in range(st.players)} if hit else {}
            cost = {s: c for s, c in cost.items() if c}
            if cost:
                stakes[n] = cost
        risk: dict[str, Any] = arrest_risk(box, st) or {"players": []}
        row_ = st.row if st.row is not None else st.preset_black
        return FateView(gangs=tuple(box.gangs[g].name for g in st.arrest_gangs), row=row_,
                        row_set=st.row is None and st.preset_black is not None, column_set=st.preset_white,
                        number=None, stakes=stakes, caught={},
                        chance={p["seat"]: p["chance"] for p in risk["players"]},
                        endangered={p["seat"]: p["endangered"] for p in risk["players"] if p["endangered"]})
    if fate is not None:
        number = fate.data["number"]
        caught = {e.data["seat"]: e.data["bribe"] for e in events if e.kind == "caught"}
        return FateView(gangs=gangs, row=(number - 1) // 6 + 1, row_set=False, column_set=None, number=number,
                        stakes={number: caught} if caught else {}, caught=caught, chance={}, endangered={})
    return None


def fate_rects(area: pygame.Rect) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
    """Where the arrest's note, the fate grid and what each player risks go in ``area`` (the
    left side)."""
    note_r, top = cut(area, "bottom", FATE_NOTE_H, 6)
    grid_r, side = row(top, [FATE_W, area.w - FATE_W - 6], 6)
    return note_r, grid_r, side


def fate_keys(scene: AlibabaScene, fate: FateView, names: list[str]) -> tuple[tuple[Any, ...], tuple[Any, ...]]:
    """What the fate grid with the arrest's note shows, and what the stakes show: each of their
    layers is painted again only when its own key changed (a player dumping cards changes the
    stakes, seldom the grid)."""
    lang = getattr(scene.t, "lang", None)
    lit = frozenset(n for n, cost in fate.stakes.items() if sum(cost.values()))
    grid = (lang, fate.gangs, fate.row, fate.row_set, fate.column_set, fate.number, lit)
    stakes = (lang, tuple(names), fate.row, fate.column_set, fate.number, tuple(sorted(fate.caught.items())),
              tuple(sorted(fate.chance.items())),
              tuple(sorted((n, tuple(sorted(cost.items()))) for n, cost in fate.stakes.items())))
    return grid, stakes


def paint_fate(scene: AlibabaScene, surf: pygame.Surface) -> None:
    """The fate grid's layer (the left side, in its own coordinates): the grid and the arrest's
    note on the screen's background (the stakes beside it are a layer of their own)."""
    _paint_arrest(scene, surf, lambda fate, rect: draw_fate(scene, surf, fate, rect))


def paint_stakes(scene: AlibabaScene, surf: pygame.Surface) -> None:
    """The stakes' layer: what each player risks, or paid, on the screen's background."""
    _paint_arrest(scene, surf, lambda fate, rect: draw_stakes(scene, surf, fate, rect, scene.names()))


def _paint_arrest(scene: AlibabaScene, surf: pygame.Surface, part: Callable[[FateView, pygame.Rect], None]) -> None:
    """A layer of the arrest: the screen's background, then ``part`` of the arrest shown (if
    one is) over the whole layer."""
    surf.fill(theme.BG)
    if scene.fate_shown is not None:
        part(scene.fate_shown, surf.get_rect())


def centred_number(surf: pygame.Surface, text: str, box: pygame.Rect, color: tuple[int, int, int], bold: bool = False,
                   size: int | None = None) -> None:
    """A number centred in ``box`` at ``size`` (default: the smallest): the pixels (and the
    audit's note) of ``Label(text, box, size=size, bold=bold, color=color, align="center")``,
    without a label's fitting, which a number that fits never needs (a new row of the fate grid
    draws 48 of them, the players' rows a count per gang and player)."""
    size = size or min_size(bold)
    img = render(text, size, color, bold)
    if img.get_width() > box.w or img.get_height() > box.h:
        Label(text, box, size=size, bold=bold, color=color, align="center").draw(surf)
        return
    at = place(img, box, "center", "center")
    surf.blit(img, at)
    if audit.active():
        audit.note_text(text, cap_height(size, bold), size, "min", box, at, surf.get_rect())


def draw_fate(scene: AlibabaScene, surf: pygame.Surface, fate: FateView, area: pygame.Rect) -> None:
    """The 6 × 6 fate grid (black die = row, white die = column) and the arrest's note under it,
    in ``area`` (what each player risks is drawn beside it, by :func:`draw_stakes`)."""
    note_r, grid_r, _side = fate_rects(area)
    cell = min((grid_r.w - 30) // 6, (grid_r.h - MIN_H - 4) // 6)
    gx, gy = grid_r.x + 30, grid_r.y + MIN_H + 2
    for c in range(1, 7):
        lit = fate.number is not None and (fate.number - 1) % 6 + 1 == c
        centred_number(surf, str(c), pygame.Rect(gx + (c - 1) * cell, grid_r.y, cell, MIN_H + 2),
               theme.GOLD if lit else theme.INK_DIM)
    cells = grid_cells(fate, area)
    for r in range(1, 7):
        active = fate.row == r
        centred_number(surf, str(r), pygame.Rect(grid_r.x, gy + (r - 1) * cell, 28, cell),
               theme.GOLD if active else theme.INK_DIM, bold=active)
        for n, box, fill, ink in cells[(r - 1) * 6: r * 6]:
            blit_cell(surf, n, box, fill, ink)
        if active:
            pygame.draw.rect(surf, theme.GOLD, (gx - 3, gy + (r - 1) * cell - 3, 6 * cell + 3, cell + 3), 3,
                             border_radius=6)
    Label(fate_note(scene, fate), note_r, color=theme.BAD, bold=True, wrap=True).draw(surf)


def grid_cells(fate: FateView, area: pygame.Rect) -> list[tuple[int, pygame.Rect, tuple[int, int, int],
                                                              tuple[int, int, int]]]:
    """The fate grid's 36 cells in ``area`` row by row: each number, its box, fill and ink
    (worked out once for the arrest and the place: warming the cells ahead and painting the
    grid both ask)."""
    kept = _GRID[0] if _GRID else None
    if kept is not None and kept[0] is fate and kept[1] == tuple(area):
        return kept[2]
    cells = lay_out_cells(fate, area)
    _GRID[:] = [(fate, tuple(area), cells)]
    return cells


_GRID: list[tuple[FateView, tuple[int, ...], list[Any]]] = []  #: the last :func:`grid_cells`


def lay_out_cells(fate: FateView, area: pygame.Rect) -> list[tuple[int, pygame.Rect, tuple[int, int, int],
                                                                  tuple[int, int, int]]]:
    """:func:`grid_cells`, worked out."""
    _note_r, grid_r, _side = fate_rects(area)
    cell = min((grid_r.w - 30) // 6, (grid_r.h - MIN_H - 4) // 6)
    gx, gy = grid_r.x + 30, grid_r.y + MIN_H + 2
    out = []
    for r in range(1, 7):
        for c in range(1, 7):
            n = fate_number(r, c)
            out.append((n, pygame.Rect(gx + (c - 1) * cell, gy + (r - 1) * cell, cell - 3, cell - 3),
                        *fate_look(fate, n)))
    return out


def warm_cells(fate: FateView, area: pygame.Rect, most: int) -> int:
    """Paint up to ``most`` of the pictures the fate grid in ``area`` needs and has not kept
    (:func:`cell_picture`); returns how many were painted."""
    painted = 0
    for n, box, fill, ink in grid_cells(fate, area):
        if painted < most and _CELLS.get((n, box.size, fill, ink)) is None:
            cell_picture(n, box.size, fill, ink)
            painted += 1
    return painted


#: the fate grid's cells as pictures, by what each shows: its number, fill, ink and size. A new
#: position blits them (after a roll all 36 change look) instead of drawing each rounded box and
#: number again; a cell's few looks are painted once. Bounded by bytes: each is some 6 KB
_CELLS: ByteCache[tuple[Any, ...], tuple[pygame.Surface, audit.Record]] = ByteCache(
    "alibaba fate cells", 1024 * 1024, lambda kept: surface_bytes(kept[0]))


def cell_picture(n: int, size: tuple[int, int], fill: tuple[int, int, int],
                 ink: tuple[int, int, int]) -> tuple[pygame.Surface, audit.Record]:
    """Fate number ``n``'s cell: its rounded box in ``fill`` on the screen's background and the
    number in ``ink`` (the pixels :func:`draw_fate` drew straight onto its layer), with the
    text's audit marks."""
    key = (n, size, fill, ink)
    kept = _CELLS.get(key)
    if kept is None:
        img = blank_cell(size, fill).copy()
        with audit.capture() as marks:
            centred_number(img, str(n), img.get_rect(), ink, bold=True)
        kept = _CELLS.put(key, (img, marks))
    return kept


@lru_cache(maxsize=16)
def blank_cell(size: tuple[int, int], fill: tuple[int, int, int]) -> pygame.Surface:
    """A fate cell's rounded box in ``fill`` on the screen's background, without its number
    (a handful of fills: every cell's picture is a copy of one, never drawn on)."""
    img = pygame.Surface(size)
    img.fill(theme.BG)
    pygame.draw.rect(img, fill, img.get_rect(), border_radius=5)
    return img


def blit_cell(surf: pygame.Surface, n: int, box: pygame.Rect, fill: tuple[int, int, int],
              ink: tuple[int, int, int]) -> None:
    """Fate number ``n``'s cell at ``box`` on a background of ``theme.BG``: its picture where one
    was painted ahead (:func:`warm_cells`), else drawn straight (a picture made now would cost
    more than drawing it: the first arrest's grid)."""
    kept = _CELLS.get((n, box.size, fill, ink))
    if kept is None:
        pygame.draw.rect(surf, fill, box, border_radius=5)
        centred_number(surf, str(n), box, ink, bold=True)
        return
    img, marks = kept
    surf.blit(img, box)
    if audit.active():
        audit.replay(marks, box.topleft, surf.get_rect())


def stake(fate: FateView, seat: int) -> tuple[str, tuple[int, int, int], str]:
    """What the Kadi may take from ``seat`` (worst case, red; or "0", green) and the chance, or
    what he took: (amount, its colour, chance or "")."""
    if fate.number is not None:
        paid = fate.caught.get(seat, 0)
        return (f"−{paid}", theme.BAD, "") if paid else ("0", theme.GOOD, "")
    # the numbers that can still come up: the row, and the column event 7 set (without it a
    # player showed "≤400" beside the "0%" the engine rightly gave)
    numbers = [m for m in range(1, 37) if (fate.row is None or (m - 1) // 6 + 1 == fate.row)
               and (fate.column_set is None or (m - 1) % 6 + 1 == fate.column_set)]
    worst = max((fate.stakes.get(m, {}).get(seat, 0) for m in numbers), default=0)
    chance = fate.chance.get(seat, 0.0)
    # never "≤400" beside "0%": a chance under half a percent is "<1%"
    odds = ("<1%" if chance * 100 < 0.5 else f"{round(chance * 100)}%") if worst else ""
    return (f"≤{worst}", theme.BAD, odds) if worst else ("0", theme.GOOD, "")


def stakes_rows(rect: pygame.Rect, players: int) -> tuple[pygame.Rect, list[pygame.Rect]]:
    """The stakes' caption and each player's row in the column beside the fate grid."""
    caption_r, body = cut(rect, "top", MIN_H + 2, 2)
    return caption_r, column(body, players, 2)


def names_beside_grid(scene: AlibabaScene, names: list[str]) -> bool:
    """Whether the stakes beside the fate grid name every player whole: each row has a line for
    the name over its amount, and every name fits it. Where not (six players, or long names),
    the arrest is shown in rows under a smaller picture of the fate (:func:`draw_fate_rows`),
    each row with the whole name at the read size."""
    side = fate_rects(scene.left)[2]
    rows = stakes_rows(side, len(names))[1]
    return rows[0].h >= READ_H + MIN_H and all(text_size(n, min_size())[0] <= side.w - 14 for n in names)


def draw_stakes(scene: AlibabaScene, surf: pygame.Surface, fate: FateView, rect: pygame.Rect,
                names: list[str]) -> None:
    """Per player: what the Kadi may take (worst case and chance), or took."""
    caption_r, rows = stakes_rows(rect, scene.state.players)
    caption = ui(scene.t, "stakes_paid") if fate.number is not None else ui(scene.t, "stakes")
    Label(caption, caption_r, color=theme.INK_DIM).draw(surf)
    for seat, r in enumerate(rows):
        surf.blit(theme.swatch(seat_colour(scene, seat), 10, r.h - 4), (r.x, r.y + 2))
        text, color, odds = stake(fate, seat)
        inner = pygame.Rect(r.x + 14, r.y, r.w - 14, r.h)
        if r.h >= READ_H + MIN_H:
            name_r, risk_r = cut(inner, "top", MIN_H, 0)
            Label(names[seat], name_r, color=theme.INK).draw(surf)
        else:
            risk_r = inner
        risk_r, odds_r = row(risk_r, [3, 2], 4)
        Label(text, risk_r, role="read", bold=True, color=color).draw(surf)
        if odds:
            Label(odds, odds_r, color=theme.BAD, align="right").draw(surf)


# -- the arrest in rows: six players, or names too long for the column beside the grid -------------
FATE_CELL = 38      # a number of the fate's row in the picture over the rows


def paint_fate_top(scene: AlibabaScene, surf: pygame.Surface) -> None:
    """Over the rows (in the route's place): the arrest's note and the fate in small, on the
    screen's background."""
    _paint_arrest(scene, surf, lambda fate, rect: draw_fate_top(scene, surf, fate, rect))


def paint_fate_rows(scene: AlibabaScene, surf: pygame.Surface) -> None:
    """The rows' layer: per player the whole name and what the Kadi may take, or took."""
    _paint_arrest(scene, surf, lambda fate, rect: draw_fate_rows(scene, surf, fate, rect, scene.names()))


def fate_note(scene: AlibabaScene, fate: FateView) -> str:
    """The arrest's note: which gangs, the Kadi's bribe a card, dice set by events."""
    t = scene.t
    gangs = ui(t, "all_gangs") if len(fate.gangs) == len(scene.box.gangs) else ", ".join(fate.gangs)
    note = [ui(t, "arrest_of", gangs=gangs), ui(t, "bribe", bribe=scene.box.settings.kadi_bribe)]
    if fate.row_set:
        note.append(ui(t, "black_set", value=fate.row))
    if fate.column_set is not None:
        note.append(ui(t, "white_set", value=fate.column_set))
    return " · ".join(note)


def fate_look(fate: FateView, n: int) -> tuple[tuple[int, int, int], tuple[int, int, int]]:
    """A fate number's fill and ink: gold when it came up, red while it costs someone, dim
    outside the row the black die set."""
    active = fate.row is not None and (n - 1) // 6 + 1 == fate.row
    dim = fate.row is not None and not active
    if fate.number == n:
        return theme.GOLD, DARK
    if sum(fate.stakes.get(n, {}).values()) and not dim:
        return (DANGER if fate.row is not None else DANGER_DIM), theme.INK
    return (theme.PANEL_HI if active else theme.PANEL), (theme.INK_DIM if dim else theme.INK)


def draw_fate_top(scene: AlibabaScene, surf: pygame.Surface, fate: FateView, rect: pygame.Rect) -> None:
    """The arrest's note, then the fate: once the black die set the row, that row's six numbers
    (the one that came up lit); before, in words, the numbers that cost anyone (every one of the
    36 is still possible). The rows' caption at the right."""
    caption = ui(scene.t, "stakes_paid") if fate.number is not None else ui(scene.t, "stakes")
    caption_w = text_size(caption, min_size())[0] + 8
    note = fate_note(scene, fate)
    note_w = rect.w - caption_w - 4
    note_h = render(note, min_size(True), theme.BAD, True, note_w).get_height()  # as the label wraps it
    note_r, fate_r = cut(rect, "top", note_h, 6)
    Label(note, pygame.Rect(note_r.x, note_r.y, note_w, note_h), color=theme.BAD, bold=True, wrap=True,
          valign="top").draw(surf)
    Label(caption, pygame.Rect(rect.right - caption_w, rect.y, caption_w, MIN_H), color=theme.INK_DIM,
          align="right").draw(surf)
    if fate.row is not None:
        strip = pygame.Rect(fate_r.x, fate_r.y, fate_r.w, FATE_CELL)
        label_r, cells = row(strip, [strip.w - 6 * (FATE_CELL + 3), 6 * (FATE_CELL + 3)], 0)
        Label(ui(scene.t, "fate_row", row=fate.row), label_r, bold=True, color=theme.GOLD).draw(surf)
        for c in range(1, 7):
            n = fate_number(fate.row, c)
            box = pygame.Rect(cells.x + (c - 1) * (FATE_CELL + 3), cells.centery - FATE_CELL // 2, FATE_CELL,
                              FATE_CELL)
            fill, ink = fate_look(fate, n)
            pygame.draw.rect(surf, fill, box, border_radius=5)
            Label(str(n), box, bold=True, color=ink, align="center").draw(surf)
        return
    costly = [n for n in range(1, 37) if sum(fate.stakes.get(n, {}).values())]
    if not costly:
        words = ui(scene.t, "fate_costs_none")
    elif len(costly) == 36:
        words = ui(scene.t, "fate_costs_all")
    elif len(costly) > 18:  # the shorter list: the numbers that cost nothing
        words = ui(scene.t, "fate_costs_but", numbers=", ".join(str(n) for n in range(1, 37) if n not in costly))
    else:
        words = ui(scene.t, "fate_costs", numbers=", ".join(map(str, costly)))
    Label(words, fate_r, color=theme.INK, wrap=True, valign="top").draw(surf)


def draw_fate_rows(scene: AlibabaScene, surf: pygame.Surface, fate: FateView, rect: pygame.Rect,
                   names: list[str]) -> None:
    """Per player a row: the colour, the whole name at the read size, what the Kadi may take and
    the chance (or what he took); the player who decides now framed in gold."""
    acting = scene.session.engine.current_player(scene.state)
    for seat, r in enumerate(column(rect, scene.state.players, 1)):
        if seat == acting:
            pygame.draw.rect(surf, theme.GOLD, r, 2, border_radius=6)
        surf.blit(theme.swatch(seat_colour(scene, seat), 12, r.h - 6), (r.x + 3, r.y + 3))
        text, color, odds = stake(fate, seat)
        name_r, risk_r, odds_r = row(pygame.Rect(r.x + 20, r.y, r.w - 24, r.h), [r.w - 24 - 8 - 96 - 56, 96, 56], 4)
        stepped(names[seat], name_r, color=theme.INK).draw(surf)
        Label(text, risk_r, role="read", bold=True, color=color, align="right").draw(surf)
        if odds:
            Label(odds, odds_r, color=theme.BAD, align="right").draw(surf)


# -- ledger ---------------------------------------------------------------------------------------------
LEDGER_HEAD_H = 2 * MIN_H + 4     # the ledger's title: up to two lines
LEDGER_ROW_H = 2 * MIN_H + 6      # one payment: up to two lines, smaller only where it must


def ledger_lines(scene: AlibabaScene) -> int:
    return (scene.ledger_rect.h - LEDGER_HEAD_H - 4) // LEDGER_ROW_H


def ledger_window(scene: AlibabaScene) -> tuple[int, int, int]:
    total, lines = len(scene.ledger()), ledger_lines(scene)
    top = scene.ledger_top if scene.ledger_top is not None else max(0, total - lines)
    return top, lines, total


def ledger_controls(scene: AlibabaScene) -> list[Control]:
    top, lines, total = ledger_window(scene)
    return [Control(scene.ledger_prev, "", lambda: scene.scroll_ledger(-1), enabled=top > 0, key="ledger_up",
                    icon="up"),
            Control(scene.ledger_next, "", lambda: scene.scroll_ledger(1), enabled=top + lines < total,
                    key="ledger_down", icon="down")]


def ledger_key(scene: AlibabaScene) -> tuple[Any, ...]:
    """What the ledger's layer shows: the lines in view of the payments so far (a new payment or
    a scroll paints it again)."""
    st = scene.state
    return (getattr(scene.t, "lang", None), ledger_window(scene), len(scene.ledger()), st.bank_paid,
            st.bank_received)


def paint_ledger(scene: AlibabaScene, surf: pygame.Surface) -> None:
    """The ledger's layer (its own coordinates) on the screen's background."""
    surf.fill(theme.BG)
    draw_ledger(scene, surf, surf.get_rect())


def paint_cards(scene: AlibabaScene, surf: pygame.Surface) -> None:
    """The cards view's layer (its own coordinates) on the screen's background: the players of
    the page shown."""
    surf.fill(theme.BG)
    pages = scene.cards_pages()
    draw_cards(scene, surf, surf.get_rect(), scene.names(), pages[min(scene.cards_page, len(pages) - 1)])


def draw_ledger(scene: AlibabaScene, surf: pygame.Surface, rect: pygame.Rect) -> None:
    """The whole ledger, for disputes: every payment, newest at the bottom, in ``rect``."""
    entries = scene.ledger()
    top, lines, total = ledger_window(scene)
    ledger = scene.session.engine.summary(scene.state)["ledger"]
    head = counted(scene.t, "ledger_title", total, paid=ledger["bank_paid"], received=ledger["bank_received"])
    Label(head, pygame.Rect(rect.x, rect.y, rect.w, LEDGER_HEAD_H), bold=True, color=theme.GOLD, wrap=True).draw(surf)
    y0 = rect.y + LEDGER_HEAD_H + 4
    if not entries:
        Label(ui(scene.t, "ledger_empty"), pygame.Rect(rect.x, y0, rect.w, READ_H + 2), role="read",
              color=theme.INK_DIM).draw(surf)
    for i, (short, _reason) in enumerate(entries[top: top + lines]):
        y = y0 + i * LEDGER_ROW_H
        stepped(short, pygame.Rect(rect.x, y, rect.w, LEDGER_ROW_H - 4), wrap=True,
                color=theme.GOLD if top + i == total - 1 else theme.INK).draw(surf)
