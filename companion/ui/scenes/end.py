"""The end of a game: who won, and every player's figures."""

from __future__ import annotations

import pygame

from companion.session.session import Session
from companion.ui import theme
from companion.ui.scene import Scene
from companion.ui.widgets import Button


class EndScene(Scene):
    def __init__(self, app, session: Session) -> None:
        super().__init__(app)
        self.session = session

    def new_game(self) -> None:
        from companion.ui.scenes.menu import MenuScene
        self.app.show(MenuScene(self.app))

    def on_input(self, ev) -> None:
        if ev.name in ("ok", "roll"):
            self.new_game()

    def draw(self, surf: pygame.Surface) -> None:
        surf.fill(theme.BG)
        summary = self.session.engine.summary(self.session.state)
        names = self.session.state.names
        winners = [names[i] for i in summary.get("winners", [])]
        theme.blit_text(surf, self.t("game_over"), (400, 20), 52, theme.GOLD, bold=True, anchor="midtop")
        key = "winner" if len(winners) == 1 else "winners"
        theme.blit_text(surf, self.t(key, names=" & ".join(winners)), (400, 84), 40, theme.INK, anchor="midtop")
        for i in range(len(names)):
            for k, c in enumerate(seat_colours(self.session, i)):
                surf.blit(theme.swatch(c, 22, 22), (300 + i * 120 + k * 26, 132))
        rows = self.rows()
        y = 162
        for label, values in rows:
            theme.blit_text(surf, label, (60, y), 28, theme.INK_DIM)
            for i, v in enumerate(values):
                theme.blit_text(surf, str(v), (300 + i * 120, y), 28,
                                theme.GOLD if i in summary.get("winners", []) else theme.INK)
            y += 40
        b = Button(pygame.Rect(560, 400, 220, 70), self.t("new_game"), self.new_game, selected=True, size=34)
        b.draw(surf)
        self.buttons = [b]

    def rows(self) -> list[tuple[str, list]]:
        st = self.session.state
        summary = self.session.engine.summary(st)
        players = summary["players"]
        rows: list[tuple[str, list]] = [("", [n[:9] for n in st.names])]
        for key in ("money", "visible"):
            if key in players[0]:
                rows.append((self.t(key), [p[key] for p in players]))
        if self.session.engine.name == "suleika":
            from companion.engine import suleika
            rows.append((self.t("score"), suleika.scores(st)))
        return rows


def seat_colours(session: Session, seat: int) -> tuple[str, ...]:
    """The colours a seat played, for the swatches next to its name."""
    if session.engine.name == "suleika":
        from companion.engine import suleika
        return tuple(suleika.seat_colors(session.state, seat))
    from companion.ui.scenes.setup import FREE_COLOURS
    colours = session.header.get("colors") or FREE_COLOURS
    c = colours[seat] if seat < len(colours) else "white"
    return tuple(c) if isinstance(c, list) else (c,)
