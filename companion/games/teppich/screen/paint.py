"""The Teppich table's controls per step, and its frame: banner, board, players, die, row.

The scene (``teppich.py``) keeps the logic; this module decides which keys the bottom row
shows for the step the table is in, and draws everything from the scene's state.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING, Any

import pygame

from companion.games.teppich.screen import draw, swap, words
from companion.ui import theme
from companion.ui.i18n import title as game_title
from companion.ui.kit import Control, Label, Layer
from companion.ui.kit.layout import inset
from companion.ui.kit.text import read_size, room_for
from companion.ui.widgets import Button

if TYPE_CHECKING:
    from companion.games.teppich.screen.table import TeppichScene


# -- the keys of each step ------------------------------------------------------------------------
def _menu(s: TeppichScene, rect: pygame.Rect) -> Control:
    return s.button(rect, s.t("menu"), s.on_menu, "menu")


def _undo(s: TeppichScene, rect: pygame.Rect) -> Control:
    entry = s.stage != "start"
    return s.button(rect, s.t("undo"), s.undo, "undo", enabled=entry or s.session.can_undo())


class Greyed(Button):
    """A key whose move is not allowed now: drawn as a disabled key, but a tap still reaches
    it and says why (the engine's refusal in words) instead of doing nothing. LEFT / RIGHT
    pass it by (``TeppichScene.focusable``)."""

    def look(self) -> tuple[Hashable, ...]:
        return (*super().look(), "greyed")

    def paint(self, surf: pygame.Surface, rect: pygame.Rect) -> None:
        enabled, self.enabled = self.enabled, False  # painted exactly as a disabled key ...
        try:
            super().paint(surf, rect)
        finally:
            self.enabled = enabled  # ... yet it takes taps


def greyed(c: Control) -> Control:
    """The same key, greyed (see :class:`Greyed`)."""
    return Greyed(**c.settings())


def row_controls(s: TeppichScene) -> list[Control]:
    """The bottom row for the step the table is in (the keys keep their places per step)."""
    t, st = s.t, s.state
    if s.city is not None:
        return s.city.controls(s.button(draw.BUTTONS, t("menu"), s.on_menu, "menu"))
    if st.over:
        r = draw.button_row([5, 1.2])
        return [_menu(s, r[1])]
    if st.pending == "roll":
        r = draw.button_row([5, 1.6, 1.2])
        return [_undo(s, r[1]), _menu(s, r[2])]
    if st.pending == "clouds":
        r = draw.button_row([2.2, 2, 2, 1.2])
        return [s.button(r[0], t("teppich.ui.clouds_take"), lambda: s.clouds(False), "clouds_take", selected=True),
                s.button(r[1], t("teppich.ui.clouds_other"), s.other_clouds, "clouds_other"),
                s.button(r[2], t("teppich.ui.clouds_keep"), lambda: s.clouds(True), "clouds_keep"),
                _menu(s, r[3])]
    if st.pending == "swap_with":
        # a key per seat over the board, each name whole at the read size (``swap``): five
        # of them in this row were 130 px wide, a long name at 19 px and broken in a word
        r = draw.button_row([5, 1.2])
        return [*swap.controls(s), _menu(s, r[1])]
    if st.pending == "hop":
        r = draw.button_row([1, 1, 2.5, 2, 1.2])
        return [s.button(r[0], "", lambda: s.step_pick(-1), "prev", icon="left"),
                s.button(r[1], "", lambda: s.step_pick(1), "next", icon="right"),
                s.button(r[2], t("teppich.ui.hop"), s.hop, "hop", selected=True, read=True),
                _menu(s, r[4])]
    return _turn_controls(s)


def _turn_controls(s: TeppichScene) -> list[Control]:
    t = s.t
    stage = s.stage
    if stage == "start":
        r = draw.button_row([2, 1, 1, 1, 1, 1.8, 1.7, 1.2])
        moves = s.step_moves()
        keys: list[Control] = [s.button(r[0], t("teppich.ui.card"), s.begin_card, "card", selected=True)]
        for k, d in enumerate(("up", "down", "left", "right")):
            key = s.button(r[1 + k], "", _simple(s, d), ("steer", d), icon=d)
            keys.append(key if d in moves else greyed(key))
        drift = s.button(r[5], t("teppich.ui.drift"), _simple(s, "drift"), "drift")
        keys.append(drift if "drift" in moves else greyed(drift))
        return keys + [_undo(s, r[6]), _menu(s, r[7])]
    if stage in ("v", "h"):
        values = (1, 2, 3) if stage == "v" else (0, 1, 2, 3)
        r = draw.button_row([1.5] * len(values) + [1.7, 1.2])
        fn = s.set_v if stage == "v" else s.set_h
        keys = [s.button(r[k], str(v), _call(fn, v), (stage, v), read=True) for k, v in enumerate(values)]
        return keys + [_undo(s, r[-2]), _menu(s, r[-1])]
    if stage == "pair":
        r = draw.button_row([3, 3, 1.7, 1.2])
        return [s.button(r[0], t("teppich.ui.pair_UR"), _call(s.set_pair, "UR"), ("pair", "UR"), read=True),
                s.button(r[1], t("teppich.ui.pair_UL"), _call(s.set_pair, "UL"), ("pair", "UL"), read=True),
                _undo(s, r[2]), _menu(s, r[3])]
    if stage == "then":
        chosen = s.chosen
        thens = chosen.thens if chosen is not None else ()
        r = draw.button_row([3, 3, 1.7, 1.2])
        force = s.button(r[1], t("teppich.ui.force"), _call(s.then, "force"), "force", read=True)
        return [s.button(r[0], t("teppich.ui.block"), _call(s.then, "block"), "block", enabled="block" in thens,
                         read=True),
                force if "force" in thens else greyed(force),
                _undo(s, r[2]), _menu(s, r[3])]
    # pick: narrow by arrow colour and token, step, fly
    r = draw.button_row([1.5, 1.8, 1, 1, 2, 1.7, 1.2])
    has_tokens = s.state.tokens[s.state.current] > 0
    shown = s.shown_options()
    return [s.button(r[0], t("teppich.ui.arrow"), s.cycle_arrows, "arrow"),
            _token_key(s, r[1], has_tokens),
            s.button(r[2], "", lambda: s.step_pick(-1), "prev", icon="left", enabled=len(shown) > 1),
            s.button(r[3], "", lambda: s.step_pick(1), "next", icon="right", enabled=len(shown) > 1),
            s.button(r[4], t("teppich.ui.fly"), s.fly, "fly", selected=True, enabled=bool(shown), read=True),
            _undo(s, r[5]), _menu(s, r[6])]


def _token_key(s: TeppichScene, rect: pygame.Rect, has_tokens: bool) -> Control:
    key = s.button(rect, s.t("teppich.ui.token_short"), s.cycle_token, "token")
    return key if has_tokens else greyed(key)


def _call(fn: Any, value: Any) -> Any:
    return lambda: fn(value)


def _simple(s: TeppichScene, key: str) -> Any:
    return lambda: s.simple(key)


def roll_control(s: TeppichScene) -> Control:
    due = s.city is None and s.state.pending == "roll" and not s.state.over
    return s.button(draw.ROLL, s.t("roll"), s.roll, "roll", enabled=due, selected=due, read=True)


def tappables(s: TeppichScene) -> list[Control]:
    row = row_controls(s)
    return row if s.city is not None else row + [roll_control(s)]


# -- the board --------------------------------------------------------------------------------------
def board_key(s: TeppichScene) -> Any:
    if s.city is not None:
        return ("city", s.city.scenery_clouds(), s.city.trees())
    st = s.state
    return (st.scenery, st.clouds, st.stars, st.cells, st.on)


def paint_board(s: TeppichScene, surf: pygame.Surface) -> None:
    origin = s.grid.area.topleft
    if s.city is not None:
        scenery, clouds = s.city.scenery_clouds()
        draw.paint_city(surf, s.grid, s.box, scenery, clouds, s.box.stars, origin, s.city.trees())
        return
    st = s.state
    # the city as painted once per city and cloud layout (a move changes only the carpets)
    surf.blit(city_layer(s).surface(key=city_key(s)), (0, 0))
    draw.paint_carpets(surf, s.grid, s.box, st, [s.colour(p) for p in range(st.players)], origin)


class _City:
    """The city under the carpets (ground, stars, scenery and clouds): one layer for every
    Teppich table of the process, painted again when a table shows another city or cloud
    layout. While the city is built, the table warms the game it starts (``TableScene.warm_up``):
    its throwaway table paints this very picture, and the game's table finds it painted in
    the OK that starts it (some 2.5 M instructions). One picture of the board, not one per
    table."""

    def __init__(self) -> None:
        self.layer: Layer | None = None
        #: what the picture is painted from, as the table last asking has it (never the
        #: table itself: a throwaway one must go); its box is kept, so the box's id in the
        #: key is never another box's
        self.shows: tuple[Any, ...] = ()
        #: the box the picture was painted for, held as long as the picture shows it: a box
        #: let go could otherwise leave its id to another, whose key would then match
        self.painted_box: Any = None

    def layer_for(self, s: TeppichScene) -> Layer:
        if self.layer is None or self.layer.rect != s.grid.area:
            self.layer = Layer(s.grid.area, self._paint, clear=False)
        st = s.state
        self.shows = (s.grid, s.box, st.scenery, st.clouds, st.stars, s.trees)
        return self.layer

    def _paint(self, surf: pygame.Surface) -> None:
        grid, box, scenery, clouds, stars, trees = self.shows
        self.painted_box = box
        draw.paint_city(surf, grid, box, scenery, clouds, stars, grid.area.topleft, trees)


_CITY = _City()


def city_layer(s: TeppichScene) -> Layer:
    """The layer of the city under the carpets, with ``s`` as the table it paints for (see
    :class:`_City`); draw it with ``key=city_key(s)``."""
    return _CITY.layer_for(s)


def city_key(s: TeppichScene) -> Hashable:
    """What the city's picture shows: the box, the board's place, scenery, clouds, stars and
    which scenery cells are plants."""
    st = s.state
    return id(s.box), tuple(s.grid.area), st.scenery, st.clouds, st.stars, s.trees


def draw_overlay(s: TeppichScene, surf: pygame.Surface, now: float) -> None:
    """What changes with every tap: the lit end cells, their paths, the wind's pushes."""
    g, st = s.grid, s.state
    if s.city is not None:
        piece = s.city.current()
        if piece is not None:
            draw.draw_piece(surf, g, piece.cells, now)
        return
    if st.pending == "clouds":
        draw.draw_clouds_outline(surf, g, [(c[0], c[1]) for c in s.cloud_layout()])
    elif st.pending == "hop":
        cells = s.hop_cells()
        if cells:
            cell, path = cells[s.pick % len(cells)]
            draw.draw_lit(surf, g, [c for c, _ in cells], cell)
            draw.draw_path(surf, g, path, 5)
    elif s.stage == "pick":
        shown = s.shown_options()
        chosen = s.selected()
        for o in shown:
            draw.draw_path(surf, g, o.flight.path, 2)
        draw.draw_lit(surf, g, {o.flight.end for o in shown}, chosen.flight.end if chosen else None)
        if chosen is not None:
            _draw_flight(surf, g, chosen)
    elif s.stage == "then" and s.chosen is not None:
        draw.draw_lit(surf, g, [s.chosen.flight.end], s.chosen.flight.end)
        _draw_flight(surf, g, s.chosen)


def _draw_flight(surf: pygame.Surface, g: Any, option: Any) -> None:
    draw.draw_path(surf, g, option.flight.path, 5, draw.PICK)
    draw.draw_path(surf, g, option.flight.path, 3)
    for cell, wind in option.flight.pushes:
        draw.draw_push(surf, g, cell, wind)


# -- the frame --------------------------------------------------------------------------------------
def prompt(s: TeppichScene) -> str:
    """What the table should do now, in a sentence."""
    t, st = s.t, s.state
    if s.city is not None:
        return s.city.words()
    if st.over:
        return words.header_words(t, st, s.seat_name)
    waiting = words.waiting_words(t, st, s.seat_name)
    if waiting:
        return waiting
    if s.stage == "pick":
        chosen = s.selected()
        token = words.token_words(t, words.TOKENS[s.token_i])
        if chosen is None:
            return t("teppich.ui.ask_pick_none", arrows=words.arrows_words(t, words.ARROWS[s.arrows_i]), token=token)
        pushed = sum(w for _, w in chosen.flight.pushes)
        push = t("teppich.ui.push", n=pushed) if pushed else ""
        shown = s.shown_options()
        # the cells to land on, and apart from them the way back to the start: "2 Ziele" must
        # not count a blow-off back to the start as a second place to land
        ends = len({o.flight.end for o in shown if not o.flight.blown_off})
        back = "_back" if any(o.flight.blown_off for o in shown) else ""
        said = {"arrows": words.flight_words(t, chosen.action),
                "token": words.token_words(t, words.token_of(chosen.action)), "push": push}
        # where the flight ends, when it is more than a cell: back to the start, or a star
        # (whose picture the lit frame covers) that rolls the special die
        if chosen.flight.blown_off:
            return t("teppich.ui.ask_fly_note", note=t("teppich.ui.lands_blown"), **said)
        if chosen.star:
            return t("teppich.ui.ask_fly_note", note=t("teppich.ui.lands_star"), **said)
        return t(("teppich.ui.ask_fly_one" if ends == 1 else "teppich.ui.ask_fly") + back, n=ends, **said)
    return t({"start": "teppich.ui.ask_start", "v": "teppich.ui.ask_v", "h": "teppich.ui.ask_h",
              "pair": "teppich.ui.ask_pair", "then": "teppich.ui.ask_then"}[s.stage])


def draw_frame(s: TeppichScene, surf: pygame.Surface) -> None:
    now = s.app.now()
    surf.fill(theme.BG)
    st = s.state
    # the turn banner
    head = draw.HEADER
    if s.city is None and not st.over:
        surf.blit(theme.swatch(s.colour(st.current), 30, 30), (head.x, head.y + 4))
        head = inset(head, 0, 0).move(38, 0)
        head.w -= 38
    title = words.header_words(s.t, st, s.seat_name) if s.city is None else game_title(s.t, "teppich")
    # the swap's keys, worked out once for the frame (the headings and the panel ask)
    swapping = swap.arranged(s) if s.city is None and st.pending == "swap_with" and not st.over else None
    if not st.over:  # the players' column headings stand at the right of this line
        listed = swapping is None or not swap.covers_list(swapping[1])
        left = draw.draw_headings(surf, s.t("teppich.ui.misses_head") if listed and any(st.misses) else "",
                                  s.t("teppich.ui.tokens_row") if listed else "")
        head.w = min(head.w, draw.BOARD.right - head.x, left - 12 - head.x)
    Label(title, head, role="read", color=theme.GOLD, bold=True).draw(surf)
    s.layer.draw(surf, key=board_key(s))
    draw_overlay(s, surf, now)
    draw_side(s, surf, now)
    if swapping is not None:
        swap.draw_panel(s, surf, swapping)   # under the keys, drawn with the other controls below
    if now < s.roll_at + words.ROLL_S:
        # the die still tumbles: what it showed is told once it lies still
        Label(s.t("teppich.ui.ask_roll", name=s.seat_name(s.roller)), draw.STATUS, role="read",
              size=read_size(), wrap=True).draw(surf)
    elif s.banner.active(now):
        # the whole status box: two lines at the read size (what a roll did can be long); a
        # longer message grows up over the board rather than be cut
        box = draw.STATUS
        said = Label(s.banner.text, inset(box, 8, 0), role="say", size=read_size(), wrap=True)
        if said.fitted().shown != s.banner.text:
            # taller: only over the board, clear of the die and the roll key beside it
            narrow = pygame.Rect(draw.STATUS.x, draw.STATUS.y, draw.SAY_ROOM.w, draw.STATUS.h)
            box = room_for(s.banner.text, narrow, draw.SAY_ROOM, pad=(8, 0))
        pygame.draw.rect(surf, theme.BAD_FILL if s.banner.bad else theme.PANEL_HI, box, border_radius=8)
        Label(s.banner.text, inset(box, 8, 0), role="say", size=read_size(), color=theme.INK, wrap=True).draw(surf)
    else:
        Label(prompt(s), draw.STATUS, role="read", size=read_size(), wrap=True).draw(surf)
    controls = tappables(s)
    focusable = [c for c in controls if c.key not in ("undo", "menu", "roll") and c.enabled]
    if focusable and s.city is None and s.stage not in ("pick",) and st.pending != "hop":
        focused = focusable[s.focus % len(focusable)]
        for c in controls:
            c.selected = c is focused or (c.key == "roll" and c.enabled)
    for c in controls:
        c.draw(surf)


def draw_side(s: TeppichScene, surf: pygame.Surface, now: float) -> None:
    st = s.state
    draw.draw_players(surf, [s.colour(p) for p in range(st.players)], st.tokens, st.misses,
                      st.current if not st.over and s.city is None else None)
    if s.city is not None:
        return
    rolling = now < s.roll_at + words.ROLL_S
    value = draw.tumble_face(s._tumble, range(1, 7)) if rolling else s.shown_roll
    face = next((f for f in s.box.faces if f.value == value), None)
    draw.draw_die(surf, draw.DIE, face.picture if face else None, value)
    if value is not None and not rolling:
        Label(words.face_short(s.t, s.box, value), draw.DIE_WORDS, role="min", wrap=True).draw(surf)


def draw_small_board(s: TeppichScene, surf: pygame.Surface, rect: pygame.Rect) -> None:
    """The final board, scaled into the end screen's picture rect: the board's own layer,
    which holds it already when the table showed the last move (else paints it now)."""
    full = s.layer.surface(key=board_key(s))
    w = rect.w
    h = w * full.get_height() // full.get_width()
    if h > rect.h:
        h, w = rect.h, rect.h * full.get_width() // full.get_height()
    surf.blit(pygame.transform.smoothscale(full, (w, h)), (rect.x, rect.y))
