"""The end of a game: who won, every player's figures, and a rematch that keeps the seats.

Only OK (or a tap) leaves it, and only once the result has been on screen for a moment: the
ROLL that ended the game, pressed again by habit, or a double OK, must not start a new game's
setup before anyone has read who won.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

import pygame

from companion.inputs.events import InputEvent
from companion.ui import theme
from companion.ui.kit import Layer, audit, line_height, min_size, read_size, text_size
from companion.ui.kit.cache import ByteCache, surface_bytes
from companion.ui.kit.layers import spare
from companion.ui.scene import Scene
from companion.ui.table import TableScene
from companion.ui.widgets import Button

#: the end screen's keys as one picture, by what each shows and where: painted once in a
#: language (the table's warm-up paints them for the end it leads to) and blitted at every
#: draw. The kit keeps the pictures of the keys in use; a game's hundred presses leave these
#: two out of it by the time it ends, and painting them again cost 1.3 M instructions of the
#: press that ends the game. Bounded by bytes
_KEYS: ByteCache[Hashable, tuple[pygame.Surface, audit.Record]] = ByteCache(
    "end screen keys", 4 * 760 * 70 * 4, lambda kept: surface_bytes(kept[0]))


def keys_picture(buttons: list[Button]) -> tuple[pygame.Rect, pygame.Surface, audit.Record]:
    """Where ``buttons`` stand together, their picture there and what an audit sees drawn in it
    (each key, its words): each key's own picture (the kit's) on the screen's ground, which is
    what the end screen's picture shows around and between its keys (nothing of the result
    is painted that low). Opaque: a blit copies it (a see-through one is coded in runs again
    for each surface it is blitted to, 0.7 M instructions the first time on the screen)."""
    area = buttons[0].rect.unionall([b.rect for b in buttons[1:]])
    key = tuple((tuple(b.rect), b.visible, b.look()) for b in buttons)
    kept = _KEYS.get(key)
    if kept is None:
        img = pygame.Surface(area.size)
        img.fill(theme.BG)
        with audit.capture() as marks:
            for b in buttons:
                type(b)(**{**b.settings(), "rect": b.rect.move(-area.x, -area.y)}).draw(img)
        kept = _KEYS.put(key, (img, marks))
    return area, kept[0], kept[1]


class EndScene(Scene):
    """Shown by the app whenever a table's game is over; asks the table for its figures."""

    def __init__(self, app: Any, table: TableScene) -> None:
        super().__init__(app)
        self.table = table
        self.session = table.session
        self.game: str = table.game
        self.buttons = [
            Button(pygame.Rect(20, 404, 300, 70), self.t("to_menu"), self.to_menu, size=read_size(), key="menu"),
            Button(pygame.Rect(480, 404, 300, 70), self.t("rematch"), self.rematch, selected=True, size=read_size(),
                   key="rematch"),
        ]
        #: presses count from then on (the result seen first, as a confirmation's question)
        self.ready_at = app.now() + 2 * app.tap_guard_s
        #: everything but the two keys: the result does not change, so it is painted once
        #: (a redraw blits it) and again only in another language
        self.picture = Layer(pygame.Rect((0, 0), theme.SIZE), self.paint, clear=False)
        if self.session.over:
            # the table is left for good: its screen-sized canvases go to this picture (a new
            # one is cleared byte by byte, 1.5 M instructions; a kept one is filled). Not while
            # the table warms this screen up (``warm.end_screen``): it is still played then
            spare(vars(table).values(), size=theme.SIZE)

    def to_menu(self) -> None:
        self.go("menu")

    def rematch(self) -> None:
        """The same game, players, names, colours and options, a new seed."""
        h = self.session.header
        from companion.games import spec

        options = {o.key: h[o.key] for o in spec(self.game).options if o.key in h}
        self.go("setup", game=self.game, players=h["players"], names=h.get("names"), colors=h.get("colors"),
                options=options)

    def on_input(self, ev: InputEvent) -> None:
        if self.app.now() < self.ready_at:
            return
        if ev.name == "ok":
            self.rematch()
        elif ev.name == "undo":
            self.to_menu()

    def result_lines(self) -> tuple[str, str]:
        """Who won, and, when several share first place, why: the figures they tie on."""
        names = self.table.seat_names()
        won = self.table.winners()
        if getattr(self.session, "abandoned", False):
            return self.t("game_ended"), ""
        if not won:
            return self.t("no_winner"), ""
        if len(won) == 1:
            return self.t("winner", names=names[won[0]]), ""
        line = self.t("winners", names=" & ".join(names[i] for i in won))
        same = [f"{label} {values[won[0]]}" for label, values in self.table.end_rows()
                if len(values) == len(names) and len({str(values[i]) for i in won}) == 1]
        return line, (self.t("tie_why", what=", ".join(same)) if same else "")

    def draw(self, surf: pygame.Surface) -> None:
        """The result, painted once (:meth:`paint`), and the two keys (one picture of both,
        :func:`keys_picture`)."""
        self.picture.draw(surf, key=getattr(self.t, "lang", None))
        area, keys, marks = keys_picture(self.buttons)
        surf.blit(keys, area)
        if audit.active():  # each key and its words, as if drawn here
            audit.replay(marks, area.topleft, surf.get_rect())

    def paint(self, surf: pygame.Surface) -> None:
        """Title and result on top; each player's figures in a table (left); the table
        screen's own picture of the game's end (right), where it has one. With many players
        the table turns: a row per player, a column per figure, so that no name is cut."""
        surf.fill(theme.BG)
        names = self.table.seat_names()
        won = self.table.winners()
        self.label(surf, self.t("game_over"), pygame.Rect(20, 2, 760, 48), color=theme.GOLD, bold=True, align="center")
        line, why = self.result_lines()
        self.label(surf, line, pygame.Rect(20, 50, 760, 42), align="center")
        if why:
            self.label(surf, why, pygame.Rect(20, 92, 760, 28), role="min", color=theme.INK_DIM, align="center")
        picture = self.table.end_picture_rect()
        area = pygame.Rect(20, 122, (picture.x - 30) if picture else 760, 270)
        rows = self.table.end_rows()
        if self.fits_across(area, names, rows):
            self.draw_across(surf, area, names, won, rows)
        else:
            self.draw_down(surf, area, names, won, rows)
        if picture:
            self.table.draw_end_picture(surf, picture)

    @staticmethod
    def fits_across(area: pygame.Rect, names: list[str], rows: list[tuple[str, list[Any]]]) -> bool:
        """Whether a column per player keeps every name whole (at the smallest size)."""
        label_w = 150 if rows else 0
        col_w = (area.w - label_w) // max(1, len(names))
        # measured by the kit, kept (a game's end picture may have measured them already)
        return all(text_size(name, min_size())[0] <= col_w - 6 for name in names)

    def draw_across(self, surf: pygame.Surface, area: pygame.Rect, names: list[str], won: list[int],
                    rows: list[tuple[str, list[Any]]]) -> None:
        """A column per player, a row per figure."""
        n = len(names)
        label_w = 150 if rows else 0
        col_w = (area.w - label_w) // max(1, n)
        line_h = min(60, area.h // (1 + len(rows)))
        for i, name in enumerate(names):
            x = area.x + label_w + i * col_w
            colours = self.table.seat_colours(i)
            cw = max(8, (col_w - 6) // len(colours))
            for k, c in enumerate(colours):
                surf.blit(theme.swatch(c, min(cw, 24), 12), (x + k * min(cw + 2, 26), area.y))
            self.label(surf, name, pygame.Rect(x, area.y + 12, col_w - 6, line_h - 12), role="min",
                       color=theme.GOLD if i in won else theme.INK)
        for r, (label, values) in enumerate(rows, start=1):
            y = area.y + r * line_h
            self.label(surf, label, pygame.Rect(area.x, y, label_w - 6, line_h), role="min", color=theme.INK_DIM)
            for i, v in enumerate(values):
                self.label(surf, str(v), pygame.Rect(area.x + label_w + i * col_w, y, col_w - 6, line_h),
                           color=theme.GOLD if i in won else theme.INK)

    def draw_down(self, surf: pygame.Surface, area: pygame.Rect, names: list[str], won: list[int],
                  rows: list[tuple[str, list[Any]]]) -> None:
        """A row per player (colour, name, figures), a column per figure under its label."""
        head_h = line_height(min_size()) + 2
        line_h = min(60, (area.h - head_h) // max(1, len(names)))
        big, small = read_size(), min_size()  # measured by the kit, kept (as a game's end picture measures them)
        widths = [max([text_size(str(v), big)[0] for v in values] + [text_size(label, small)[0], 40]) + 10
                  for label, values in rows]
        name_w = max(120, area.w - sum(widths))
        x = area.x + name_w
        for (label, _values), w in zip(rows, widths, strict=True):
            self.label(surf, label, pygame.Rect(x, area.y, w - 6, head_h), role="min", color=theme.INK_DIM,
                       align="right")
            x += w
        for i, name in enumerate(names):
            y = area.y + head_h + i * line_h
            colours = self.table.seat_colours(i)
            for k, c in enumerate(colours):
                surf.blit(theme.swatch(c, 10, line_h - 8), (area.x + k * 12, y + 4))
            ink = theme.GOLD if i in won else theme.INK
            sw = 12 * len(colours) + 4
            # the read size; a long name gets smaller before it is shortened
            self.label(surf, name, pygame.Rect(area.x + sw, y, name_w - sw - 6, line_h), role="min",
                       size=read_size(), color=ink)
            x = area.x + name_w
            for (_label, values), w in zip(rows, widths, strict=True):
                self.label(surf, str(values[i]), pygame.Rect(x, y, w - 6, line_h), color=ink, align="right")
                x += w
