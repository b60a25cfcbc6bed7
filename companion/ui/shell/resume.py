"""Offered at start when a game was left unfinished (power cut, crash, or just left), and from
the game menu's "Weiterspielen". With several unfinished games, the arrows step through every
one of them, newest first.

Throwing the game away asks once more, and the second press counts only once the question has
been seen: a stray tap or a double tap must not lose a game. "Discard" sits at the top right,
away from where the table's keys are, and smaller than "Go on".
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pygame

from companion.engine.base import IllegalAction
from companion.inputs.events import InputEvent
from companion.session.session import Session
from companion.session.store import GameRow, StoreError
from companion.ui import theme
from companion.ui.i18n import title
from companion.ui.kit import Confirm, read_size
from companion.ui.scene import Scene
from companion.ui.shell.when import day_time
from companion.ui.widgets import Button


class ResumeScene(Scene):
    def __init__(self, app: Any, row: GameRow, rows: list[GameRow] | None = None) -> None:
        super().__init__(app)
        #: every unfinished game offered, newest first; ``row`` is the one shown
        self.rows = list(rows) if rows else self._waiting(row)
        self.row = row
        self.game = row.game
        self.discarding: Confirm = app.confirm()  # the first tap on "discard" only asks
        self.layout()

    def _waiting(self, row: GameRow) -> list[GameRow]:
        try:
            rows = list(self.app.store.waiting()) if self.app.store is not None else []
        except StoreError:
            rows = []
        return rows if any(r.id == row.id for r in rows) else [row, *rows]

    @property
    def index(self) -> int:
        return next((i for i, r in enumerate(self.rows) if r.id == self.row.id), 0)

    def show_row(self, step: int) -> None:
        """The next or previous unfinished game."""
        self.row = self.rows[(self.index + step) % len(self.rows)]
        self.game = self.row.game
        self.discarding.cancel()
        self.layout()

    @property
    def sure(self) -> bool:
        """True while "Wirklich verwerfen?" stands."""
        return self.discarding.armed()

    def layout(self) -> None:
        self.laid_sure = self.sure
        discard = self.t("resume_discard_sure" if self.laid_sure else "resume_discard")
        self.buttons = [
            Button(pygame.Rect(40, 330, 720, 130), self.t("resume"), self.resume, selected=True, size=read_size(),
                   key="resume"),
            # top right, never where a table's keys sit (the wind card key is bottom left)
            Button(pygame.Rect(490, 10, 300, 150), discard, self.discard, size=read_size(),
                   color=theme.BAD_FILL if self.laid_sure else None, key="discard"),
        ]
        if len(self.rows) > 1:
            prev = Button(pygame.Rect(20, 176, 90, 90), "", lambda: self.show_row(-1), key="prev")
            ahead = Button(pygame.Rect(690, 176, 90, 90), "", lambda: self.show_row(1), key="next")
            prev.icon, ahead.icon = "left", "right"
            self.buttons += [prev, ahead]
        self.dirty = True

    def update(self, now: float) -> bool:
        if self.laid_sure != self.sure:  # the question went away unanswered
            self.layout()
        return False

    def wake_at(self) -> float | None:
        times = [t for t in (super().wake_at(), self.discarding.wake_at()) if t is not None]
        return min(times) if times else None

    def resume(self) -> None:
        try:
            assert self.app.store is not None  # a game to resume came from the store
            session, error = Session.resume(self.app.store, self.row.id)
        except StoreError as exc:
            self.say(self.t.refusal("store", exc), bad=True)
            return
        table = self.app.go("table", session=session)
        if error is not None:
            # why the step no longer applies, in the screen's language
            cause = getattr(error, "cause", None)
            why = (self.t.refusal(self.game, cause) if isinstance(cause, IllegalAction)
                   else self.t.refusal("store", error))
            table.say(self.t("resume_failed", error=why.rstrip(".")), bad=True)  # the text ends the sentence
            table.banner.until = self.app.now() + 30

    def warm_up(self) -> Iterator[None] | None:
        """The table of the game offered, read and replayed without a store and drawn once
        where nobody sees it (``companion.ui.warm``): "go on" finds its fonts, texts and
        modules loaded. Again for another game offered (the arrows)."""
        if self.app.store is None or "table" not in self.app.routes:
            return None
        return self._warming()

    def _warming(self) -> Iterator[None]:
        from companion.ui import warm

        while self._warmed != self.row.id:
            row = self.row
            assert self.app.store is not None
            yield from warm.resumed_table(self.app, self.app.store, row.id)
            self._warmed = row.id

    #: the game the last warm-up made the table of
    _warmed: int | None = None

    def discard(self) -> None:
        if not self.discarding.press():
            self.layout()
            return
        try:
            assert self.app.store is not None
            self.app.store.close_game(self.row.id, "abandoned")
        except StoreError as exc:
            self.say(self.t.refusal("store", exc), bad=True)
            return
        rest = [r for r in self.rows if r.id != self.row.id]
        if rest:  # the other unfinished games stay offered
            self.rows = rest
            self.row = rest[min(self.index, len(rest) - 1)]
            self.game = self.row.game
            self.say(self.t("resume_discarded"))
            self.layout()
            return
        self.go("menu")

    def on_input(self, ev: InputEvent) -> None:
        if ev.name in ("ok", "roll"):
            self.resume()
        elif ev.name == "undo":
            self.discard()
        elif ev.name in ("left", "right") and len(self.rows) > 1:
            self.show_row(-1 if ev.name == "left" else 1)

    def draw(self, surf: pygame.Surface) -> None:
        surf.fill(theme.BG)
        heading = self.t("resume_title") if len(self.rows) == 1 else \
            self.t("resume_title_many", n=self.index + 1, count=len(self.rows))
        self.label(surf, heading, pygame.Rect(20, 10, 450, 150), color=theme.GOLD, bold=True,
                   align="left", wrap=True)
        started = day_time(self.t, self.row.started)
        # the step count in the singular for one; the date and time together on a line of their own
        line = self.t("resume_game_one" if self.row.actions == 1 else "resume_game",
                      game=title(self.t, self.row.game), players=self.row.header.get("players"),
                      actions=self.row.actions, started=started)
        wide = pygame.Rect(20, 166, 760, 100) if len(self.rows) == 1 else pygame.Rect(120, 166, 560, 100)
        self.label(surf, line, wide, align="center", wrap=True)
        names = self.row.header.get("names")
        if isinstance(names, list):
            self.label(surf, ", ".join(str(n) for n in names), pygame.Rect(wide.x, 268, wide.w, 56), role="min",
                       color=theme.INK_DIM, align="center", wrap=True)
        for b in self.buttons:
            b.draw(surf)
        if self.banner.active(self.app.now()):
            self.draw_banner(surf, pygame.Rect(20, 236, 760, 96), pygame.Rect(20, 80, 760, 392))
