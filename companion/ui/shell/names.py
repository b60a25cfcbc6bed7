"""An on-screen keyboard for a player's name; a desktop keyboard types too.

Capitals start the name and every word after a space or a hyphen ("Anna Lena", "Anna-Lena").
The keys follow the screen's language (QWERTZ with Ä Ö Ü ß for German, QWERTY for English);
the letters with accents are one key away on a second page. A name has at most
:data:`MAX_LEN` letters: the screen says how many are left, and says so when it is full,
never cutting a name silently.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

import pygame

from companion.inputs.events import InputEvent
from companion.ui import theme
from companion.ui.kit import read_size
from companion.ui.scene import Scene
from companion.ui.widgets import Button

#: the letter keys, by language; the second page (the key beside the last row) has the accents
LAYOUTS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "de": (("QWERTZUIOPÜ", "ASDFGHJKLÖÄ", "YXCVBNM-ß"), ("ÉÈÊËÁÀÂÅÆ", "ÍÌÎÏÓÒÔØŒ", "ÚÙÛÇÑÝ-")),
    "en": (("QWERTYUIOP", "ASDFGHJKL", "ZXCVBNM-"), ("ÄÖÜÉÈÊËÁÀÂ", "ÍÌÎÏÓÒÔØÚÙ", "ÛÇÑÅÆŒß-")),
}
#: kept for callers that read the German keys
ROWS = LAYOUTS["de"][0]
MAX_LEN = 14


class LetterKey(Button):
    """A letter of the keyboard: "nn" in "Anna" is two taps on the same key, which types twice
    once the tap guard is over (a double tap within it is still one letter)."""

    repeats = True


class NameScene(Scene):
    wants_text = True

    def __init__(self, app: Any, name: str, done: Callable[[str], None], back: Scene, seat: int = 0) -> None:
        super().__init__(app)
        self.name, self.done, self.back, self.seat = name, done, back, seat
        self.fresh = True  # the first letter typed replaces the suggested name
        self.page = 0      # 1: the letters with accents
        self.layout()

    def type(self, ch: str) -> None:
        if self.fresh:
            self.name, self.fresh = "", False
        if len(self.name) < MAX_LEN:
            start_of_word = not self.name or self.name.endswith((" ", "-"))
            self.name += ch.upper() if start_of_word else ch.lower()
        else:  # full: say so rather than drop the letter without a word
            self.say(self.t("name_full", n=MAX_LEN), bad=True)
        self.dirty = True

    def flip(self) -> None:
        """The other page of letters (the accents, or back)."""
        self.page = 1 - self.page
        self.layout()

    def delete(self) -> None:
        self.fresh = False
        self.name = self.name[:-1]
        self.dirty = True

    def finish(self) -> None:
        self.done(" ".join(self.name.split()) or self.t("player_n", n=self.seat + 1))
        self.app.show(self.back)

    def on_input(self, ev: InputEvent) -> None:
        if ev.name == "ok":
            self.finish()
        elif ev.name == "undo":
            self.delete()
        self.dirty = True

    def on_text(self, text: str) -> None:
        """Letters typed on a desktop keyboard."""
        for ch in text:
            if ch.isalpha() or ch in " -":
                self.type(ch)

    def rows(self) -> tuple[str, ...]:
        return LAYOUTS.get(self.t.lang, LAYOUTS["de"])[self.page]

    def layout(self) -> None:
        b: list[Button] = []
        rows = self.rows()
        for r, row in enumerate(rows):
            for c, ch in enumerate(row):
                rect = pygame.Rect(18 + c * 69 + r * 24, 122 + r * 74, 64, 68)
                b.append(LetterKey(rect, ch, partial(self.type, ch), size=read_size(), key=("key", ch)))
        # the other page's key at the end of the last row
        x = 18 + len(rows[2]) * 69 + 2 * 24
        flip = self.t("keys_plain" if self.page else "keys_accents")
        b.append(Button(pygame.Rect(x, 122 + 2 * 74, 780 - x, 68), flip, self.flip, size=read_size(), key="page"))
        b.append(Button(pygame.Rect(20, 360, 230, 100), self.t("delete"), self.delete, size=read_size(), key="del"))
        b.append(Button(pygame.Rect(270, 360, 250, 100), self.t("space"), lambda: self.type(" "), size=read_size(),
                        key="space"))
        b.append(Button(pygame.Rect(540, 360, 240, 100), self.t("ok"), self.finish, size=read_size(), selected=True,
                        key="ok"))
        self.buttons = b
        self.dirty = True

    def draw(self, surf: pygame.Surface) -> None:
        surf.fill(theme.BG)
        self.label(surf, self.t("name_of", n=self.seat + 1), pygame.Rect(40, 0, 350, 44), role="min", color=theme.GOLD)
        left = MAX_LEN - (0 if self.fresh else len(self.name))
        self.label(surf, self.t("name_left_one" if left == 1 else "name_left", n=left, max=MAX_LEN),
                   pygame.Rect(400, 0, 360, 44), role="min", color=theme.BAD if left == 0 else theme.INK_DIM,
                   align="right")
        pygame.draw.rect(surf, theme.PANEL, (40, 46, 720, 68), border_radius=10)
        r = self.label(surf, self.name, pygame.Rect(56, 48, 680, 64))
        pygame.draw.line(surf, theme.GOLD, (r.right + 4, 58), (r.right + 4, 104), 3)  # the cursor
        for b in self.buttons:
            b.draw(surf)
        if self.banner.active(self.app.now()):
            self.draw_banner(surf, pygame.Rect(40, 46, 720, 68), pygame.Rect(40, 46, 720, 300))
