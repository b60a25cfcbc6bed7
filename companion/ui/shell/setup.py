"""Player setup: how many, names, colours, the game's options and the language, all from the
game's registry entry. Touch does everything; so do the buttons (STRAIGHT moves to the next
line, LEFT/RIGHT change it, OK starts, UNDO goes back)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from functools import partial
from typing import Any

import pygame

from companion.boxdata import BoxDataError
from companion.engine.base import IllegalAction
from companion.games import OptionSpec, get_engine, spec
from companion.inputs.events import InputEvent
from companion.session.session import Session
from companion.session.store import StoreError
from companion.ui import theme
from companion.ui.i18n import title
from companion.ui.kit import min_size, read_size, row, text_size
from companion.ui.scene import Scene
from companion.ui.widgets import Button

PALETTE = ("red", "blue", "yellow", "green", "purple", "orange")
TITLE = pygame.Rect(20, 4, 450, 60)
COUNTS = pygame.Rect(20, 70, 344, 64)      # up to five player counts of 64 px
SEATS = pygame.Rect(20, 142, 450, 276)     # four lines of 70 px
#: five or six seats: two columns of three across the screen, each name key 305 px wide (a
#: name of 14 letters is up to 261 px at 24 px: in two columns under the counts it was broken
#: into "Maximilia-" / "ne-So" at 19 px); the options then stand beside the title and counts
WIDE_SEATS = pygame.Rect(20, 142, 760, 204)
HINT = pygame.Rect(20, 356, 450, 114)
OPTIONS = pygame.Rect(486, 70, 294, 0)     # one line of 70 px per option, then the language
WIDE_OPTIONS = pygame.Rect(486, 2, 294, 0)  # beside the title and the counts: two lines
BOTTOM = pygame.Rect(486, 404, 294, 66)    # back, start


def seat_default(i: int) -> set[str]:
    """What a seat is called when nobody typed a name, in every language ("Spieler 2",
    "Player 2"): a rematch offers such a seat unnamed, so it follows the screen's language."""
    from companion.ui.i18n import LANGUAGES, Texts

    return {Texts(lang)("player_n", n=i + 1) for lang in LANGUAGES}


class SetupScene(Scene):
    def __init__(self, app: Any, game: str, seed: int | None = None, names: list[str | None] | None = None,
                 colors: list[Any] | None = None, players: int | None = None,
                 options: dict[str, Any] | None = None) -> None:
        super().__init__(app)
        self.game: str = game
        self.spec = spec(game)
        self.count = players if players in self.spec.counts else self.spec.default_count
        #: a name the table typed, or None for "Spieler 2" in whatever language is shown
        self.names: list[str | None] = [None if name in seat_default(i) else name
                                        for i, name in enumerate(names or [])]
        self.names += [None] * (max(self.spec.counts) - len(self.names))
        self.values = self.cafe_defaults()
        self.values.update(options or {})
        self.seed = seed
        self.colors = list(colors) if colors and len(colors) == self.count else self.spec.default_colors(self.count)
        self.focus = 0
        #: why the game's box data cannot be used, in the screen's language; None when it can
        self.broken = self.box_problem()
        self.layout()

    def box_problem(self) -> str | None:
        """A game whose box files are broken is refused here, with the file, the line and the
        staff page that explains it; every other game stays playable (the engine is built
        once with its box data, so a good game costs nothing more at its table)."""
        try:
            get_engine(self.game)
        except BoxDataError as exc:
            import sys

            print(f"box: {self.game}: {exc}", file=sys.stderr)  # the English sentence, for the log
            where = self.t("staff.ui.box_where_line", file=exc.file, line=exc.line) if exc.line \
                else self.t("staff.ui.box_where", file=exc.file)
            return self.t("box_broken", game=title(self.t, self.game), where=where,
                          page=self.t("staff.ui.entry_box"))
        return None

    def cafe_defaults(self) -> dict[str, Any]:
        """Each option at what the staff chose for this game (``settings.toml`` beside the
        games, see the staff menu's options and board pages), else the registry's default."""
        if getattr(self.app.store, "path", None) is None:  # no games file (a demo): no café either
            return {o.key: o.default for o in self.spec.options}
        from companion import settings

        return settings.option_defaults(self.game, settings.load(settings.folder_of(self.app)))

    # -- the header this screen builds ------------------------------------------------------
    def name(self, i: int) -> str:
        return self.names[i] or self.t("player_n", n=i + 1)

    def name_role(self, i: int, width: int) -> str:
        """A name is read from the chairs (24 px, whole on one line); one wider than its key
        at 24 px (only letters as wide as "M" are) is drawn smaller, breaking only after a
        hyphen or at a space (the kit never breaks inside a word where a smaller size keeps
        it whole)."""
        return "read" if text_size(self.name(i), read_size())[0] <= width else "min"

    def wide_seats(self) -> bool:
        """Five or six seats in two columns across the screen: the options (and the language)
        then stand in two lines beside the title and the counts."""
        return self.count > 4 and len(self.options()) <= 1

    def header(self) -> dict[str, Any]:
        seed = self.seed if self.seed is not None else int.from_bytes(os.urandom(4), "big")
        h = self.spec.header(self.count, seed, **{o.key: self.values[o.key] for o in self.options()})
        if any(self.names[: self.count]):
            h["names"] = [self.name(i) for i in range(self.count)]
        h["colors"] = self.colors
        return h

    def options(self) -> list[OptionSpec]:
        return [o for o in self.spec.options if o.applies(self.count)]

    # -- actions ----------------------------------------------------------------------------
    def set_count(self, n: int) -> None:
        self.count = n
        self.colors = self.spec.default_colors(n)
        self.layout()

    def swap_colour(self, i: int) -> None:
        """A plain colour goes to the next colour no other seat plays; a seat that plays
        several colours swaps them with the next seat."""
        if isinstance(self.colors[i], list):
            j = (i + 1) % self.count
            self.colors[i], self.colors[j] = self.colors[j], self.colors[i]
        else:
            taken = set(self.colors) - {self.colors[i]}
            palette = list(self.spec.colors) or list(PALETTE)
            k = palette.index(self.colors[i]) if self.colors[i] in palette else -1
            for step in range(1, len(palette) + 1):
                cand = palette[(k + step) % len(palette)]
                if cand not in taken:
                    self.colors[i] = cand
                    break
        self.layout()

    def cycle(self, o: OptionSpec, step: int = 1) -> None:
        idx = o.choices.index(self.values[o.key])
        self.values[o.key] = o.choices[(idx + step) % len(o.choices)]
        self.layout()

    def edit_name(self, i: int) -> None:
        def done(name: str) -> None:
            self.names[i] = name
            self.layout()
        self.go("names", name=self.names[i] or "", seat=i, done=done, back=self)

    def toggle_language(self) -> None:
        self.app.set_language("en" if self.app.texts.lang == "de" else "de")
        self.t = self.app.texts
        self.layout()

    def start(self) -> None:
        if self.broken is not None:  # the reason stands on screen already; the banner names it short
            self.say(self.t("box_broken_short", game=title(self.t, self.game)), bad=True)
            return
        try:
            session = Session.new(self.header(), self.app.store)
        except BoxDataError:
            self.broken = self.box_problem()  # a file changed since the screen was opened
            self.layout()
            return
        except (IllegalAction, StoreError) as exc:
            self.say(self.t.refusal(self.game, exc), bad=True)
            return
        self.go("table", session=session)

    def back(self) -> None:
        self.go("menu")

    # -- while the table chooses --------------------------------------------------------------
    def warm_up(self) -> Iterator[None] | None:
        """The table this screen starts, made and drawn once where nobody sees it, while the
        table chooses (``companion.ui.warm``): the press on "Start" finds the table's fonts,
        texts and modules loaded. Again when the seats, the options or the language changed
        since; nothing is written and nothing shown."""
        if self.broken is not None or "table" not in self.app.routes:
            return None
        return self._warming()

    def _warming(self) -> Iterator[None]:
        from companion.ui import warm

        while self._warmed != self._warm_key():
            key = self._warm_key()
            yield from warm.new_table(self.app, self.header)
            self._warmed = key

    #: what the last warm-up made the table for (see ``warm_up``)
    _warmed: object = None

    def _warm_key(self) -> object:
        return (self.count, self.t.lang, tuple(self.names[: self.count]), repr(self.colors),
                repr(sorted(self.values.items())))

    # -- the buttons: a focus moves over the lines --------------------------------------------
    def lines(self) -> list[str]:
        return ["players"] + [o.key for o in self.options()] + ["language"]

    def change(self, step: int) -> None:
        line = self.lines()[self.focus % len(self.lines())]
        if line == "players":
            counts = self.spec.counts
            i = counts.index(self.count) + step
            if 0 <= i < len(counts):
                self.set_count(counts[i])
        elif line == "language":
            self.toggle_language()
        else:
            self.cycle(next(o for o in self.options() if o.key == line), step)

    def on_input(self, ev: InputEvent) -> None:
        if ev.name == "left":
            self.change(-1)
        elif ev.name == "right":
            self.change(1)
        elif ev.name == "straight":
            self.focus = (self.focus + 1) % len(self.lines())
            self.layout()
        elif ev.name in ("ok", "roll"):
            self.start()
        elif ev.name == "undo":
            self.back()
        self.dirty = True

    # -- layout, once per change --------------------------------------------------------------
    def option_label(self, o: OptionSpec) -> str:
        v = self.values[o.key]
        shown = self.t("yes" if v else "no") if isinstance(v, bool) else self.t(f"{o.text}_{v}")
        return f"{self.t(o.text)}: {shown}"

    def notes(self) -> list[str]:
        """The game's explanation of each option as chosen, where its words have one."""
        keys = [f"{o.text}_{self.values[o.key]}_note" for o in self.options()]
        return [self.t(k) for k in keys if self.t.has(k)]

    def layout(self) -> None:
        """Left: the player count and one line per seat (colour chip, name); right: the
        options, the language, back and start. Two columns of seats for five and six."""
        b: list[Button] = []
        focus = self.lines()[self.focus % len(self.lines())]
        counts = self.spec.counts
        size = read_size()
        for k, n in enumerate(counts):
            b.append(Button(pygame.Rect(COUNTS.x + k * 70, COUNTS.y, 64, 64), str(n), partial(self.set_count, n),
                            selected=n == self.count, size=size, key=("count", n)))
        wide = self.wide_seats()
        seats, cols = (WIDE_SEATS, 2) if wide else (SEATS, 1 if self.count <= 4 else 2)
        per_col = (self.count + cols - 1) // cols
        w = (seats.w - (cols - 1) * 10) // cols
        for i in range(self.count):
            x, y = seats.x + (i // per_col) * (w + 10), seats.y + (i % per_col) * 70
            b.append(Button(pygame.Rect(x, y, 64, 64), "", partial(self.swap_colour, i), key=("colour", i)))
            b.append(Button(pygame.Rect(x + 70, y, w - 70, 64), self.name(i), partial(self.edit_name, i),
                            size=size, key=("name", i), role=self.name_role(i, w - 80)))
        y = (WIDE_OPTIONS if wide else OPTIONS).y
        for o in self.options():
            b.append(Button(pygame.Rect(OPTIONS.x, y, OPTIONS.w, 64), self.option_label(o), partial(self.cycle, o),
                            size=min_size(), selected=focus == o.key, key=("option", o.key), role="min"))
            y += 70
        b.append(Button(pygame.Rect(OPTIONS.x, y, OPTIONS.w, 64), f"{self.t('language')}: {self.t.lang.upper()}",
                        self.toggle_language, size=min_size(), selected=focus == "language", key="language",
                        role="min"))
        back, start = row(BOTTOM, 2, 10, touch=True)
        b.append(Button(back, self.t("back"), self.back, size=size, key="back"))
        b.append(Button(start, self.t("start"), self.start, selected=self.broken is None, size=size, key="start",
                        enabled=self.broken is None))
        self.buttons = b
        self.dirty = True

    def draw(self, surf: pygame.Surface) -> None:
        surf.fill(theme.BG)
        self.label(surf, title(self.t, self.game), TITLE, color=theme.GOLD, bold=True)
        for btn in self.buttons:
            btn.draw(surf)
        # the colour buttons show the seat's colours with their patterns
        chips = [btn for btn in self.buttons if isinstance(btn.key, tuple) and btn.key[0] == "colour"]
        for i, btn in enumerate(chips):
            colours = self.colors[i] if isinstance(self.colors[i], list) else [self.colors[i]]
            w = (btn.rect.w - 8) // len(colours)
            for k, c in enumerate(colours):
                surf.blit(theme.swatch(c, w, btn.rect.h - 8), (btn.rect.x + 4 + k * w, btn.rect.y + 4))
        if self.focus % len(self.lines()) == 0:
            pygame.draw.rect(surf, theme.GOLD, COUNTS.inflate(8, 8).clip(pygame.Rect(0, 0, 800, 480)), 3,
                             border_radius=12)
        if self.banner.active(self.app.now()):
            # over the title, the one place no control lives
            self.draw_banner(surf, pygame.Rect(10, 2, 780, 64), pygame.Rect(10, 2, 780, 300))
        if self.broken is not None:
            # in place of the seats: this game cannot be played until the staff mend its box
            area = pygame.Rect(SEATS.x, SEATS.y, SEATS.w, BOTTOM.bottom - SEATS.y)
            surf.fill(theme.BG, area)
            pygame.draw.rect(surf, theme.BAD_FILL, area, border_radius=8)
            self.label(surf, self.broken, area.inflate(-16, -12), role="min", wrap=True, valign="top")
        elif self.notes():
            # what the options chosen mean (a game's words may say "<option>_<value>_note"): under
            # the seats while there is room, else under the options
            below = self.buttons[-3].rect.bottom + 8  # the language key, the last line of options
            room = HINT if self.count <= 3 or self.wide_seats() else pygame.Rect(OPTIONS.x, below, OPTIONS.w,
                                                                                 BOTTOM.y - 6 - below)
            self.label(surf, " ".join(self.notes()), room, role="min", color=theme.INK_DIM, wrap=True, valign="top")
        elif self.count <= 3:
            self.label(surf, self.t("setup_hint"), HINT, role="min", color=theme.INK_DIM, wrap=True)
