"""The side panel of the Mutabor table (whose turn, what the referee says, each player's
fewest moves home, the controls of each view) and the lit cells on the maze.

The controls keep their keys within a view (only their words and whether they can be
tapped change), so a tap on the maze right after a tap on a button is never swallowed by
the guard against double taps.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from companion.games.mutabor.rules.geometry import KINDS
from companion.games.mutabor.screen import board
from companion.games.mutabor.screen.pictures import card_picture, draw_card
from companion.ui import theme
from companion.ui.i18n import Texts
from companion.ui.kit import column, grid, min_size, read_size, room_for, row, text_size
from companion.ui.widgets import Button

if TYPE_CHECKING:
    from companion.games.mutabor.screen.table import MutaborScene

X, W = 466, 328
TURN = pygame.Rect(X, 4, W, 72)
INFO = pygame.Rect(X, 78, W, 94)
#: the heading over the hints ("Züge bis ins Ziel"), right above the players' list
HINT_HEAD = pygame.Rect(X, 172, W, 28)
PLAYERS = pygame.Rect(X, 200, W, 144)
ROW1 = pygame.Rect(X, 348, W, 64)
ROW2 = pygame.Rect(X, 414, W, 64)
TITLE = pygame.Rect(X, 6, W, 76)
LEGEND = pygame.Rect(X, 82, W, 168)
#: under the cards' legend, what the sides show: a start square, a goal flag, the hatching
SIDES = pygame.Rect(X, 252, W, 92)
ENTRY_INFO = pygame.Rect(X, 6, W, 120)
PALETTE = pygame.Rect(X, 132, W, 268)
ROW_H = 36
#: where the referee's words may grow when they do not fit INFO (over the players' list)
SAY_ROOM = pygame.Rect(X, INFO.y, W, ROW1.y - 4 - INFO.y)
#: the panel's side of the screen, whole: nothing it draws reaches further left (a message's
#: ground reaches 4 px left of X), and no mark of the maze reaches this far right
SIDE = pygame.Rect(X - 4, 0, theme.SIZE[0] - (X - 4), theme.SIZE[1])


#: the bottom row: menu, the middle key, the right key; the middle one wide enough for the
#: arcade button's own name ("ZURÜCK"), which every game's undo key carries
ROW2_KEYS = (96, 124, 96)


def _button(rect: pygame.Rect, label: str, fn: Callable[[], object], key: str, **kw: Any) -> Button:
    """A panel button; its word at the read size when it fits on one line."""
    size = read_size() if text_size(label, read_size())[0] <= rect.w - 10 else min_size()
    return Button(rect, label, fn, key=key, role="min", size=size, **kw)


def buttons(s: MutaborScene) -> list[Button]:
    """The controls of the view shown now."""
    t = s.t
    menu = _button(row(ROW2, ROW2_KEYS, 6)[0], t("menu"), s.on_menu, "menu")
    if s.view == "layout":
        if s.session.actions:  # the "Karten" view of a game under way: back to it, nothing to enter
            return [_button(ROW1, t("mutabor.ui.back_to_game"), s.play, "play", selected=True), menu]
        enter, play = row(ROW1, 2, 6)
        return [_button(enter, t("mutabor.ui.enter"), s.start_entry, "enter"),
                _button(play, t("mutabor.ui.play"), s.play, "play", selected=True), menu]
    if s.view == "enter":
        assert s.entry is not None
        _menu, back, done = row(ROW2, ROW2_KEYS, 6)
        kinds = [Button(r, "", _picker(s, k), key=("kind", k), selected=s.entry.kind == k)
                 for r, k in zip(grid(PALETTE, 3, 2, 8, touch=True), KINDS, strict=True)]
        return [*kinds, menu, _button(back, t("back"), s.show_layout, "back"),
                _button(done, t("mutabor.ui.done"), s.finish_entry, "done", selected=s.entry.missing() == 0)]
    cards, tip, swap = row(ROW1, 3, 6)
    _menu, undo, draw = row(ROW2, ROW2_KEYS, 6)
    over = s.session.over
    return [_button(cards, t("mutabor.ui.cards"), s.show_layout, "cards"),
            _button(tip, t("mutabor.ui.tip"), s.toggle_hint, "tip", selected=s.hint_on),
            _button(swap, t("mutabor.ui.swap"), s.toggle_swap, "swap", enabled=(s.may_swap() or s.swapping),
                    selected=s.swapping),
            menu,
            _button(undo, t("undo"), s.undo, "undo", enabled=s.session.can_undo() or s.sel is not None),
            _button(draw, t("mutabor.ui.draw_sure" if s.sure else "mutabor.ui.draw_button"), s.draw_agreed, "draw",
                    enabled=not over, color=theme.BAD if s.sure else None)]


def _picker(s: MutaborScene, kind: str) -> Callable[[], None]:
    return lambda: s.pick_kind(kind)


def info(s: MutaborScene) -> str:
    """What the referee says now: the choice the table must make, a capture, passes, the swap
    offer, or what to tap."""
    t, st = s.t, s.state
    if st.over:
        return t("mutabor.ui.is_draw") if st.draw else ""
    if s.pending is not None:
        return t("mutabor.ui.capture_pick", name=s.seat_name(s.victim()))
    if s.swapping:
        return t("mutabor.ui.swap_pick")
    parts = []
    took = s.last_capture()
    if took is not None:
        parts.append(t("mutabor.ui.captured", name=s.seat_name(took.data["owner"])))
    for seat, reason in st.passes:
        parts.append(t("mutabor.ui.passes", name=s.seat_name(seat), reason=t.reason("mutabor", reason)))
    if parts:
        return " · ".join(parts)
    swap = s.last_swap()
    if swap is not None:
        first, second = (s.state.card(tuple(swap.data[k])) for k in ("a", "b"))
        return t("mutabor.ui.swapped", first=t(f"mutabor.ui.card_{first}"), second=t(f"mutabor.ui.card_{second}"))
    if s.may_swap():
        return t("mutabor.ui.swap_offer" if len(s.unreachable()) == 1 else "mutabor.ui.swap_offer_many")
    return t("mutabor.ui.pick_target" if s.sel is not None else "mutabor.ui.pick_figure")


def draw(s: MutaborScene, surf: pygame.Surface) -> None:
    now = s.app.now()
    if s.view == "layout":
        _layout(s, surf)
    elif s.view == "enter":
        _entry(s, surf, now)
    else:
        _play(s, surf, now)
    for b in s.buttons:
        b.draw(surf)
    if s.view == "enter" and s.entry is not None:
        for b in s.buttons:
            if isinstance(b.key, tuple) and b.key[0] == "kind":
                kind = b.key[1]
                icon = pygame.Rect(b.rect.x + 8, b.rect.y + (b.rect.h - 56) // 2, 56, 56)
                draw_card(surf, icon, kind)
                left = s.entry.left(kind)
                room = pygame.Rect(icon.right + 6, b.rect.y, b.rect.right - icon.right - 12, b.rect.h)
                s.label(surf, str(left), room, color=theme.BAD if left < 0 else theme.INK, align="center")


def _layout(s: MutaborScene, surf: pygame.Surface) -> None:
    t = s.t
    title = t("mutabor.ui.layout_title" if s.session.actions else "mutabor.ui.deal")
    s.label(surf, title, TITLE, color=theme.GOLD, bold=True, wrap=True)
    for r, kind in zip(column(LEGEND, len(KINDS)), KINDS, strict=True):  # on the panel's ground: its pictures
        surf.blit(card_picture(kind, (r.h - 2, r.h - 2), False, theme.BG), (r.x, r.y + 1))
        s.label(surf, t(f"mutabor.ui.card_{kind}"), pygame.Rect(r.x + r.h + 4, r.y, r.w - r.h - 4, r.h), role="min")
    _sides_legend(s, surf)


def _sides_legend(s: MutaborScene, surf: pygame.Surface) -> None:
    """A sample of each mark at the sides with its word: the start square (its number is the
    player's), the goal flag, and with closed sides the hatching."""
    t = s.t
    marks = [("start", t("mutabor.ui.sides_start")), ("goal", t("mutabor.ui.sides_goal"))]
    if s.closed_sides():
        marks.append(("closed", t("mutabor.ui.sides_closed")))
    for k, (mark, words) in enumerate(marks):
        r = pygame.Rect(SIDES.x, SIDES.y + k * 30, SIDES.w, 30)
        icon = pygame.Rect(r.x + 1, r.y + 2, 26, 26)
        if mark == "start":
            surf.blit(theme.swatch(s.colours[0], icon.w, icon.h), icon)
            pygame.draw.rect(surf, theme.INK, icon, 2)
        elif mark == "goal":
            board.flag(surf, icon.inflate(8, 4), s.colours[0])
        else:
            board.hatch(surf, icon)
            pygame.draw.rect(surf, theme.INK_DIM, icon, 1)
        s.label(surf, words, pygame.Rect(r.x + 34, r.y, r.w - 34, r.h), role="min", color=theme.INK_DIM)


def _entry(s: MutaborScene, surf: pygame.Surface, now: float) -> None:
    assert s.entry is not None
    e, t = s.entry, s.t
    if s.banner.active(now):
        s.banner.draw(surf, ENTRY_INFO, now)
        return
    text = t("mutabor.ui.enter_status", card=t(f"mutabor.ui.card_{e.kind}"), left=e.left(e.kind),
             missing=e.missing())
    s.label(surf, text, ENTRY_INFO, wrap=True)


def _play(s: MutaborScene, surf: pygame.Surface, now: float) -> None:
    t, st = s.t, s.state
    seat = s.seat()
    if seat is not None:
        surf.blit(theme.swatch(s.colours[seat], 40, 40), (TURN.x, TURN.y + 14))
        pygame.draw.rect(surf, theme.INK, (TURN.x, TURN.y + 14, 40, 40), 2)
        s.label(surf, t("turn_of", name=s.seat_name(seat)), pygame.Rect(TURN.x + 48, TURN.y, TURN.w - 48, TURN.h),
                bold=True, wrap=True)
    elif st.over:
        s.label(surf, t("game_over"), TURN, bold=True, color=theme.GOLD)
    _players(s, surf, heading=not s.banner.active(now))  # a message may reach over the heading
    # what the referee says is never cut: a longer explanation grows over the players' list
    if s.banner.active(now):  # for the moment it shows, over whose turn it is as well
        room = pygame.Rect(X, TURN.y, W, SAY_ROOM.bottom - TURN.y)
        s.banner.draw(surf, _whole_lines(room_for(s.banner.text, INFO, room)), now, room=room)
    else:
        said = info(s)
        box = room_for(said, INFO, SAY_ROOM, pad=(0, 0))
        if box != INFO:  # over whole lines of the list below, never half a line peeking out
            pygame.draw.rect(surf, theme.PANEL_HI, _whole_lines(box).inflate(8, 4), border_radius=8)
        s.label(surf, said, box, role="say", wrap=True, color=theme.GOLD if s.pending or s.swapping else theme.INK)


def _whole_lines(box: pygame.Rect) -> pygame.Rect:
    """``box`` made as tall as the whole lines of the players' list it reaches over, so that
    no half line peeks out below a message grown over the list."""
    if box.bottom <= INFO.bottom:
        return box
    edges = [HINT_HEAD.bottom] + [PLAYERS.y + k * ROW_H for k in range(1, 5)] + [SAY_ROOM.bottom]
    bottom = min([e for e in edges if e >= box.bottom - 2] + [SAY_ROOM.bottom])
    return pygame.Rect(box.x, box.y, box.w, max(box.h, bottom - box.y))


def _players(s: MutaborScene, surf: pygame.Surface, heading: bool = True) -> None:
    """One line per player: colour, name, and (with the hint on) his fewest moves home under
    a heading that says what the numbers are. A name is never cut: when the longest name
    leaves too little room for "3 Züge", the hint is the number alone ("–": no way)."""
    t, st = s.t, s.state
    hints = s.hints() if s.hint_on else []
    names = [s.seat_name(seat) for seat in range(st.players)]
    size = read_size()  # the words measured once (text_size keeps them): the list is drawn every frame
    name_w = min(PLAYERS.w - 34, max(text_size(n, size)[0] for n in names) + 8)
    room = PLAYERS.w - 34 - name_w - 4
    words = [hint_words(t, n) for n in hints]
    short = bool(words) and max(text_size(w, size)[0] for w in words) > room
    if s.hint_on and heading:
        s.label(surf, t("mutabor.ui.hint_short" if short else "mutabor.ui.hint"), HINT_HEAD, role="min",
                color=theme.INK_DIM, align="right")
    if s.closed_sides():  # the hatched side cells, explained under the list (two players only)
        r = pygame.Rect(PLAYERS.x, PLAYERS.y + st.players * ROW_H + 4, PLAYERS.w, ROW_H)
        board.hatch(surf, pygame.Rect(r.x + 4, r.y + 4, 26, 26))
        pygame.draw.rect(surf, theme.INK_DIM, (r.x + 4, r.y + 4, 26, 26), 1)
        s.label(surf, t("mutabor.ui.sides_closed"), pygame.Rect(r.x + 34, r.y, r.w - 34, r.h), role="min",
                color=theme.INK_DIM)
    for seat in range(st.players):
        r = pygame.Rect(PLAYERS.x, PLAYERS.y + seat * ROW_H, PLAYERS.w, ROW_H)
        if seat == s.seat():
            pygame.draw.rect(surf, theme.PANEL_HI, r, border_radius=6)
        surf.blit(theme.swatch(s.colours[seat], 24, 24), (r.x + 4, r.y + 6))
        s.label(surf, names[seat], pygame.Rect(r.x + 34, r.y, name_w, r.h))
        if s.hint_on:
            n = hints[seat]
            said = ("–" if n is None else str(n)) if short else words[seat]
            box = pygame.Rect(r.right - max(room, 40) - 4, r.y, max(room, 40), r.h)
            # read from the chairs like the names; only a number too wide for its place is smaller
            s.label(surf, said, box, role="read" if text_size(said, size)[0] <= box.w else "min", align="right")


def hint_words(t: Texts, n: int | None) -> str:
    """ "3 Züge", "1 Zug", "im Ziel", "kein Weg": the hint for one player."""
    if n is None:
        return str(t("mutabor.ui.hint_none"))
    if n == 0:
        return str(t("mutabor.ui.hint_home"))
    return str(t("mutabor.ui.hint_one" if n == 1 else "mutabor.ui.hint_n", n=n))


def draw_still_marks(s: MutaborScene, surf: pygame.Surface) -> None:
    """The lit cells that stay while a player chooses (drawn under the figures): the last
    move, where a captured figure went, the cards just swapped, the goal cells no card leads
    to; in a capture's choice of start cells and in the card swap, every mark of that view."""
    g = s.grid
    moved, took = s.last_move(), s.last_capture()
    if moved is not None:
        for cell in (moved.data["from"], moved.data["to"]):
            board.ring(surf, g, tuple(cell), theme.INK_DIM, 2)
    if took is not None:
        board.ring(surf, g, tuple(took.data["to"]), theme.GOLD, 6)
    if s.pending is not None:
        board.ring(surf, g, s.pending[0], theme.INK, 5, strong=True)
        board.ring(surf, g, s.pending[1], theme.BAD, 5, strong=True)
        for cell in s.pending[2]:
            board.ring(surf, g, cell, theme.GOLD, 6)
            board.corners(surf, g, cell, theme.GOLD)
        if s.choice is not None:
            board.ring(surf, g, s.choice, theme.INK, 5, strong=True)
        return
    if s.swapping:
        for cell in s.unreachable():
            board.cross(surf, g, cell)
        if s.swap_first is not None:
            board.ring(surf, g, s.swap_first, theme.GOLD, 6)
        if s.swap_cursor is not None:
            board.ring(surf, g, s.swap_cursor, theme.INK, 5, strong=True)
        return
    swap = s.last_swap()
    if swap is not None:  # the two cards just swapped, framed until the move
        for cell in (swap.data["a"], swap.data["b"]):
            board.ring(surf, g, tuple(cell), theme.GOLD, 6, strong=True)
    if s.may_swap():
        for cell in s.unreachable():
            board.cross(surf, g, cell)


def draw_choice_marks(s: MutaborScene, surf: pygame.Surface) -> None:
    """The chosen figure's ring, its targets (a ring, corner marks and, on an empty cell, a
    dot) and the button cursor on a target, drawn over the still picture every frame. None
    of them reaches into a figure (a ring stays two pixels clear of a figure's rim), so they
    look as if drawn under the figures; the cursor's dot on a figure it would capture is
    left out, as the figure hides it. Nothing in a capture's choice or the card swap (their
    marks are part of the still picture)."""
    if s.pending is not None or s.swapping:
        return
    g = s.grid
    occupied = s.state.occupancy()
    if s.sel is not None:
        board.ring(surf, g, s.sel, theme.INK, 5, strong=True)
    for cell in s.lit():
        board.target(surf, g, cell, theme.GOOD, dot_too=cell not in occupied)
    if s.target is not None:
        board.ring(surf, g, s.target, theme.INK, 5, strong=True)
        if s.target not in occupied:
            board.dot(surf, g, s.target, theme.INK)
