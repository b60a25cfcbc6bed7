"""A paged list of choices whose slots never move under the finger.

When a choice runs out, its slot stays, empty and disabled, instead of the others sliding up
into it; new choices go after the last slot in use; only a whole new set (nothing in common
with the old one) or ``reset=True`` lays the list out afresh. The page is kept after an
action. LEFT/RIGHT step a cursor through the enabled choices (turning pages), OK picks.

>>> import pygame; pygame.font.init()
>>> picked = []
>>> cl = ChoiceList(pygame.Rect(0, 0, 300, 300), picked.append, slots=3)
>>> cl.set_choices([Choice("a", "Apple"), Choice("b", "Bread"), Choice("c", "Cheese")])
True
>>> cl.set_choices([Choice("a", "Apple"), Choice("c", "Cheese")])   # "b" ran out
False
>>> [c.key if c else None for _, c in cl.visible()]
['a', None, 'c']
>>> cl.press("right"), cl.press("right"), cl.press("ok"), picked
(True, True, True, ['c'])
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from functools import partial

import pygame

from companion.ui import theme
from companion.ui.kit.controls import Control
from companion.ui.kit.layout import LayoutError, column, cut, fitting, row
from companion.ui.kit.sizes import MIN_TOUCH
from companion.ui.kit.text import Label, line_height, read_size


@dataclass(frozen=True)
class Choice:
    """One entry: ``key`` is what the screen gets back when it is picked."""

    key: Hashable
    label: str
    enabled: bool = True


class ChoiceList:
    """``slots`` rows in ``rect`` (default: as many as fit), each at least 64 px and tall
    enough for ``lines`` lines of read-size text, and a row with the page arrows and
    "page/pages" under them, laid out once.

    ``on_pick(key)`` runs when a choice is tapped or OK is pressed on the cursor.
    """

    def __init__(self, rect: pygame.Rect, on_pick: Callable[[Hashable], None], *, slots: int | None = None,
                 lines: int = 1, gap: int = 6, name: str = "choices") -> None:
        self.rect = pygame.Rect(rect)
        self.on_pick = on_pick
        self.name = name
        nav, body = cut(self.rect, "bottom", MIN_TOUCH, gap)
        least = max(MIN_TOUCH, lines * line_height(read_size()) + 8)  # the label's inset and breathing room
        n = slots if slots is not None else fitting(body.h, gap, least)
        if n < 1:
            raise LayoutError(f"{name}: no room for one {least} px slot in {rect.w}×{rect.h}")
        self.slot_rects = column(body, n, gap, touch=True)
        if self.slot_rects[0].h < least:
            raise LayoutError(f"{name}: {n} slots of {self.slot_rects[0].h} px; {lines} line(s) of choice text "
                              f"need {least} px")
        self.prev_rect, self.page_rect, self.next_rect = row(nav, [1, 1, 1], gap)
        for r in (self.prev_rect, self.next_rect):
            if r.w < MIN_TOUCH:
                raise LayoutError(f"{name}: page arrows of {r.w}×{r.h} px, touch targets need {MIN_TOUCH} px")
        self.order: list[Hashable | None] = []  # slot index -> key (None: a choice that ran out)
        self.choices: dict[Hashable, Choice] = {}
        self.page = 0
        self.cursor: Hashable | None = None

    @property
    def per_page(self) -> int:
        return len(self.slot_rects)

    @property
    def pages(self) -> int:
        return max(1, -(-len(self.order) // self.per_page))

    def set_choices(self, choices: Sequence[Choice], reset: bool = False) -> bool:
        """Show these choices; True when the list was laid out afresh (page 1)."""
        new = {c.key: c for c in choices}
        fresh = reset or not (set(new) & set(k for k in self.order if k is not None))
        if fresh:
            self.order = list(new)
            self.page = 0
        else:
            self.order = [k if k in new else None for k in self.order]
            self.order += [k for k in new if k not in self.order]
        while self.order and self.order[-1] is None and len(self.order) > self.page * self.per_page + self.per_page:
            self.order.pop()  # empty slots past the shown page can go: nobody's finger is there
        self.choices = new
        self.page = min(self.page, self.pages - 1)
        if self.cursor not in new or not new[self.cursor].enabled:
            self.cursor = None
        return fresh

    def visible(self) -> list[tuple[pygame.Rect, Choice | None]]:
        """The slots of the shown page with their choice (None: empty)."""
        start = self.page * self.per_page
        keys = self.order[start:start + self.per_page]
        keys += [None] * (self.per_page - len(keys))
        return [(r, self.choices.get(k) if k is not None else None) for r, k in zip(self.slot_rects, keys, strict=True)]

    def controls(self) -> list[Control]:
        """The slot and arrow controls of the shown page (give the list itself to ``Controls.set``)."""
        out = []
        for i, (r, ch) in enumerate(self.visible()):
            if ch is None:
                out.append(Control(r, "", None, enabled=False, key=(self.name, "empty", self.page, i)))
            else:
                choice = Control(r, ch.label, partial(self.pick, ch.key), enabled=ch.enabled,
                                 selected=ch.key == self.cursor, key=(self.name, "choice", ch.key))
                choice.steady = False  # its look changes with every move of the highlight
                out.append(choice)
        many = self.pages > 1
        out.append(Control(self.prev_rect, "", lambda: self.turn(-1), enabled=many and self.page > 0,
                           key=(self.name, "prev"), icon="left"))
        out.append(Control(self.next_rect, "", lambda: self.turn(1), enabled=many and self.page < self.pages - 1,
                           key=(self.name, "next"), icon="right"))
        return out

    # -- actions --------------------------------------------------------------------------
    def turn(self, step: int) -> None:
        """Show the next (1) or previous (-1) page."""
        self.page = max(0, min(self.pages - 1, self.page + step))

    def pick(self, key: Hashable) -> bool:
        """Pick a choice (a tap, or OK on the cursor); False if it is gone or disabled."""
        ch = self.choices.get(key)
        if ch is None or not ch.enabled:
            return False
        self.cursor = key
        self.on_pick(key)
        return True

    def step(self, step: int) -> None:
        """Move the cursor to the next (1) or previous (-1) enabled choice, turning pages."""
        live = [k for k in self.order if k is not None and self.choices[k].enabled]
        if not live:
            self.cursor = None
            return
        if self.cursor not in live:
            self.cursor = live[0] if step > 0 else live[-1]
        else:
            self.cursor = live[(live.index(self.cursor) + step) % len(live)]
        self.page = self.order.index(self.cursor) // self.per_page

    def press(self, name: str) -> bool:
        """A hardware button: "left"/"right" step, "ok" picks; True if it was used."""
        if name in ("left", "right"):
            self.step(1 if name == "right" else -1)
            return True
        if name == "ok" and self.cursor is not None:
            return self.pick(self.cursor)
        return False

    def draw(self, surf: pygame.Surface) -> None:
        """The controls are drawn by the screen's ``Controls``; this draws the page number."""
        if self.pages > 1:
            Label(f"{self.page + 1}/{self.pages}", self.page_rect, color=theme.INK_DIM, align="center").draw(surf)
