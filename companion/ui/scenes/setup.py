"""Player setup: how many, names, colours, the rule set and options, the language."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import Any

import pygame

from companion.engine.base import IllegalAction
from companion.games import get_engine
from companion.session.session import Session
from companion.session.store import StoreError
from companion.ui import theme
from companion.ui.scene import Scene
from companion.ui.widgets import Button


@dataclass(frozen=True)
class Option:
    """A header setting chosen on the setup screen; ``only_for`` limits it to player counts."""

    key: str
    values: tuple[Any, ...]
    only_for: tuple[int, ...] = ()


@dataclass(frozen=True)
class GameSetup:
    counts: tuple[int, ...]
    default: int
    options: tuple[Option, ...] = field(default_factory=tuple)


SETUPS = {
    "suleika": GameSetup((2, 3, 4), 3, (
        Option("rules", ("suleika", "marrakech")),
        Option("variant2p", (False, True), only_for=(2,)),
        Option("corner_loops", ("TR_BL", "TL_BR")),
    )),
    "alibaba": GameSetup((2, 3, 4, 5, 6), 4, (Option("variant_free_loot", (False, True)),)),
}
FREE_COLOURS = ("red", "blue", "yellow", "green", "purple", "orange")


def table_scene(app, session: Session) -> Scene:
    """The table screen for a session's game."""
    if session.engine.name == "suleika":
        from companion.ui.scenes.suleika import SuleikaScene
        return SuleikaScene(app, session)
    from companion.ui.scenes.alibaba import AlibabaScene
    return AlibabaScene(app, session)


class SetupScene(Scene):
    def __init__(self, app, game: str, seed: int | None = None) -> None:
        super().__init__(app)
        self.game = game
        self.spec = SETUPS[game]
        self.count = self.spec.default
        self.names = [self.t("player_n", n=i + 1) for i in range(max(self.spec.counts))]
        self.values = {o.key: o.values[0] for o in self.spec.options}
        self.seed = seed
        self.colors = self.default_colors()

    # -- the header this screen builds ------------------------------------------------------
    def default_colors(self) -> list[Any]:
        if self.game == "suleika":
            from companion.engine import suleika
            state = get_engine("suleika").new_game({"record": 1, "game": "suleika", "players": self.count, "seed": 0})
            return [list(suleika.seat_colors(state, i)) for i in range(self.count)]
        return list(FREE_COLOURS[: self.count])

    def header(self) -> dict[str, Any]:
        seed = self.seed if self.seed is not None else int.from_bytes(os.urandom(4), "big")
        h: dict[str, Any] = {"record": 1, "game": self.game, "players": self.count, "seed": seed,
                             "names": self.names[: self.count], "colors": self.colors}
        for o in self.spec.options:
            if not o.only_for or self.count in o.only_for:
                h[o.key] = self.values[o.key]
        return h

    # -- actions ----------------------------------------------------------------------------
    def set_count(self, n: int) -> None:
        self.count = n
        self.colors = self.default_colors()

    def swap_colour(self, i: int) -> None:
        j = (i + 1) % self.count
        self.colors[i], self.colors[j] = self.colors[j], self.colors[i]

    def cycle(self, o: Option) -> None:
        idx = o.values.index(self.values[o.key])
        self.values[o.key] = o.values[(idx + 1) % len(o.values)]

    def edit_name(self, i: int) -> None:
        from companion.ui.scenes.names import NameScene

        def done(name: str) -> None:
            self.names[i] = name
        self.app.show(NameScene(self.app, self.names[i], done, self))

    def toggle_language(self) -> None:
        self.app.set_language("en" if self.app.texts.lang == "de" else "de")
        self.t = self.app.texts

    def start(self) -> None:
        try:
            session = Session.new(self.header(), self.app.store)
        except (IllegalAction, StoreError) as exc:
            self.say(str(exc), bad=True)
            return
        self.app.show(table_scene(self.app, session))

    def back(self) -> None:
        from companion.ui.scenes.menu import MenuScene
        self.app.show(MenuScene(self.app))

    def on_input(self, ev) -> None:
        counts = self.spec.counts
        i = counts.index(self.count)
        if ev.name == "left" and i > 0:
            self.set_count(counts[i - 1])
        elif ev.name == "right" and i < len(counts) - 1:
            self.set_count(counts[i + 1])
        elif ev.name in ("ok", "roll"):
            self.start()
        elif ev.name == "undo":
            self.back()
        self.dirty = True

    # -- drawing ----------------------------------------------------------------------------
    def option_label(self, o: Option) -> str:
        v = self.values[o.key]
        if isinstance(v, bool):
            shown = "ja" if v and self.t.lang == "de" else ("yes" if v else ("nein" if self.t.lang == "de" else "no"))
        elif o.key in ("rules", "corner_loops"):
            shown = self.t(f"{o.key}_{v}")
        else:
            shown = str(v)
        return f"{self.t(o.key)}: {shown}"

    def draw(self, surf: pygame.Surface) -> None:
        surf.fill(theme.BG)
        theme.blit_text(surf, self.t("game_" + self.game), (20, 14), 44, theme.GOLD, bold=True)
        b: list[Button] = []
        theme.blit_text(surf, self.t("players"), (20, 70), 28, theme.INK_DIM)
        for k, n in enumerate(self.spec.counts):
            b.append(Button(pygame.Rect(130 + k * 70, 58, 64, 52), str(n), lambda n=n: self.set_count(n),
                            selected=n == self.count, size=34))
        row_h = min(60, 340 // self.count)
        for i in range(self.count):
            y = 122 + i * row_h
            colours = self.colors[i] if isinstance(self.colors[i], list) else [self.colors[i]]
            for k, c in enumerate(colours):
                surf.blit(theme.swatch(c, 30, row_h - 8), (20 + k * 34, y))
            b.append(Button(pygame.Rect(20, y, 34 * len(colours), row_h - 8), "", lambda i=i: self.swap_colour(i),
                            color=None))
            b.append(Button(pygame.Rect(100, y, 290, row_h - 8), self.names[i], lambda i=i: self.edit_name(i),
                            size=30))
        y = 122
        for o in self.spec.options:
            if o.only_for and self.count not in o.only_for:
                continue
            b.append(Button(pygame.Rect(420, y, 360, 64), self.option_label(o), lambda o=o: self.cycle(o), size=28))
            y += 74
        b.append(Button(pygame.Rect(420, y, 360, 64), f"{self.t('language')}: {self.t.lang.upper()}",
                        self.toggle_language, size=28))
        b.append(Button(pygame.Rect(420, 400, 170, 70), self.t("back"), self.back, size=32))
        b.append(Button(pygame.Rect(610, 400, 170, 70), self.t("start"), self.start, selected=True, size=36))
        # the colour buttons are invisible hit areas over the swatches: draw everything else
        for btn in b:
            if btn.label or btn.rect.x > 60:
                btn.draw(surf)
        self.buttons = b
        self.banner.draw(surf, pygame.Rect(20, 410, 390, 64), self.app.now())
