"""What every game's table screen offers the app, the demo driver and the end screen.

A game's screen subclasses :class:`TableScene` and is named in its registry entry
(``companion.games``); nothing else in the UI knows which games exist.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

import pygame

from companion.session.session import Session
from companion.ui.scene import Scene

if TYPE_CHECKING:
    from companion.ui.app import App


class TableScene(Scene):
    """A running game on screen: the session, the players' names and colours, the figures for
    the end screen, and the presses a table would make (for the demo and attract mode)."""

    settles = True  # a new game: the last one's screens are let go of as it first shows

    def __init__(self, app: App, session: Session[Any]) -> None:
        super().__init__(app)
        self.session = session
        self.game: str = session.engine.name
        self._warmed = False  # its own pieces and its end screen warmed: once per table

    def attempt(self, fn: Callable[..., Any], *args: Any) -> Any:
        """As :meth:`Scene.attempt`; a refusal still on screen is taken off once a step is
        taken or undone. It spoke of the moment it was said ("Jetzt wird nicht gewürfelt:
        Spieler 2 darf noch 3 Karten nehmen"): left for its 4 s after the cards were taken, it
        told the table something no longer true."""
        steps, refusal = len(self.session.actions), self.banner.text if self.banner.bad else None
        result = super().attempt(fn, *args)
        if refusal is not None and len(self.session.actions) != steps and self.banner.bad \
                and self.banner.text == refusal:
            self.banner.close()
            self.dirty = True
        return result

    def on_menu(self) -> bool:
        """The pause menu: go on, back to the game menu (the game stays), or end the game."""
        self.go("pause", table=self)
        return True

    # -- the app and the end screen ask these ----------------------------------------------
    def finished_game(self) -> bool:
        return self.session.over and not self.is_busy()

    def seat_name(self, seat: int) -> str:
        """The name the table gave a seat, or "Spieler 2" / "Player 2" in the screen's language."""
        names = self.session.header.get("names")
        name = names[seat] if isinstance(names, list) and seat < len(names) else None
        if isinstance(name, str) and name.strip():
            return name
        return self.t("player_n", n=seat + 1)

    def seat_names(self) -> list[str]:
        return [self.seat_name(i) for i in range(int(self.session.header["players"]))]

    def seat_colours(self, seat: int) -> tuple[str, ...]:
        """The colours a seat plays (for swatches beside its name)."""
        colours = self.session.header.get("colors")
        if not isinstance(colours, list) or seat >= len(colours):
            from companion.games import spec
            colours = spec(self.game).default_colors(int(self.session.header["players"]))
        c = colours[seat]
        return tuple(c) if isinstance(c, list) else (str(c),)

    def summary(self) -> dict[str, Any]:
        """The engine's summary of the position now, worked out once per position (the end
        screen asks for the winners more than once)."""
        return self.session.per_position("table.summary", self.session.engine.summary)

    def end_rows(self) -> list[tuple[str, list[Any]]]:
        """The figures the end screen lists per player: (label, one value per seat)."""
        players = self.summary().get("players", [])
        rows: list[tuple[str, list[Any]]] = []
        if players and isinstance(players[0], dict) and "money" in players[0]:
            rows.append((self.t("money"), [p["money"] for p in players]))
        return rows

    def end_picture_rect(self) -> pygame.Rect | None:
        """Where the end screen leaves room for :meth:`draw_end_picture` (None: no picture)."""
        return None

    def draw_end_picture(self, surf: pygame.Surface, rect: pygame.Rect) -> None:
        """The game's own picture of its end (the final board, money over the game)."""

    def winners(self) -> list[int]:
        return list(self.summary().get("winners", []))

    # -- while the table waits -----------------------------------------------------------------
    def leads_to(self) -> dict[str, Any] | None:
        """The header of the new table this one opens next in the same game (a game whose
        table first builds its board starts afresh with it), or None. The game's own screen
        says; the table is warmed while this one waits (:meth:`warm_up`)."""
        return None

    def warm_up(self) -> Iterator[None] | None:
        """The table this one leads to (:meth:`leads_to`), made and drawn once where nobody
        sees it (``companion.ui.warm``); a table that leads to none warms its own pieces
        (:meth:`warm_pieces`) and then the end screen its game ends with
        (``warm.end_screen``): the press that ends a game finds its words shaped and a canvas
        for its picture. Once per table: a table shown again after the pause menu finds it
        done, or, where the pause menu cut it short, begins it again."""
        header = self.leads_to()
        if header is not None:
            if "table" not in self.app.routes:
                return None
            from companion.ui import warm

            return warm.new_table(self.app, lambda: header)
        if self._warmed:
            return None
        return self._warm_table()

    def _warm_table(self) -> Iterator[None]:
        try:
            yield from self.warm_pieces()
            if "end" in self.app.routes:
                from companion.ui import warm

                yield from warm.end_screen(self.app, self)
        except Exception:
            self._warmed = True  # a warm-up that fails is given up (``App._idle_work``), not tried again
            raise
        # done only once all of it is: another screen shown meanwhile closes it half done
        self._warmed = True

    def warm_pieces(self) -> Iterator[None]:
        """The game's own work while its table waits (its dearest press drawn where nobody
        sees it, say), a piece per ``next``: none unless the game's screen has some. A piece
        must change nothing the players see (``Scene.warm_up``)."""
        return iter(())

    # -- the demo driver asks these ----------------------------------------------------------
    def turns_played(self) -> int:
        """How many turns the table has played (the demo stops after a number of them)."""
        return len(self.session.actions)

    def demo_presses(self, rng: random.Random) -> list[str]:
        """The button presses a table would make next; empty when there is nothing to do."""
        return []

    def shown_action(self) -> None:
        """An action was applied from outside the screen (a record played back): show it."""
        self.dirty = True
