"""A scene is one screen: it turns presses and taps into commands and draws from the session.

Scenes never read pins; they get :class:`InputEvent` s from the app. They redraw only when
something changed (``dirty``) or while they animate.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

import pygame

from companion.engine.errors import IllegalAction
from companion.inputs.events import InputEvent
from companion.session.store import StoreError
from companion.ui.kit import Control, Controls, Label
from companion.ui.widgets import Banner, Button

if TYPE_CHECKING:
    from companion.ui.app import App


class Scene:
    """Base scene: a list of touch buttons, a banner, and hooks for input, time and drawing."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.t = app.texts
        self.buttons: list[Button] = []
        self.banner = Banner()
        self.dirty = True
        #: every tap goes through here: it acts on release, on the control it started on,
        #: and not at all for a moment after the controls on screen changed
        self.controls = Controls(clock=app.now, guard=app.tap_guard_s, on_free=self._free_tap,
                                 on_act=self._acting)
        # a new screen is a change under the finger: the guard runs from now, and the spot of
        # the tap that opened it stays dead for a moment here too
        self.controls.changed()
        self.controls.acted = app.last_tap
        #: a message drawn over controls by :meth:`draw_banner`: a tap on it closes it, and
        #: nothing under it acts (the players saw the message, not the key below)
        self._banner_over: pygame.Rect | None = None
        self._closing_banner = False

    #: a screen that starts something new (a game's table): when it first shows, the app
    #: lets go of the screens left before it (``App.show``)
    settles = False
    #: set by the app once the scene was shown
    appeared = False

    # -- input ----------------------------------------------------------------------------
    def on_input(self, ev: InputEvent) -> None:
        """A button, key or serial press."""

    def on_menu(self) -> bool:
        """The menu was asked for (a long press of UNDO, Escape); True if this screen has one."""
        return False

    #: True on screens that take typed letters (the name keyboard): a desktop keyboard's
    #: letters then type instead of acting as buttons
    wants_text = False

    def on_text(self, text: str) -> None:
        """Letters typed on a desktop keyboard (only on screens that want text)."""

    def tappables(self) -> list[Control]:
        """The controls on screen now (the ``buttons``, and whatever a screen adds)."""
        return list(self.buttons)

    def sync_controls(self) -> None:
        """Called by the app after each frame: the controls just shown are the ones taps
        go to (a change starts the short guard against a double tap)."""
        self.controls.set(self.tappables())

    def on_press(self, pos: tuple[int, int]) -> None:
        """A finger (or the mouse) went down."""
        over = self._banner_over
        if over is not None and self.banner.active(self.app.now()) and over.collidepoint(pos):
            self.banner.close()
            self._banner_over, self._closing_banner = None, True
            self.controls.changed()  # what was under it shows now: the guard runs from here
            self.dirty = True
            return
        self.controls.set(self.tappables())
        self.controls.down(pos)

    def on_release(self, pos: tuple[int, int]) -> None:
        """The finger came up: the control it went down on acts, if it is still under it."""
        if self._closing_banner:  # this finger closed a message
            self._closing_banner = False
            return
        self.controls.set(self.tappables())
        plays = self.app.sounds.plays
        hit = self.controls.up(pos)
        self.app.last_tap = self.controls.acted
        if hit is not None:
            if self.app.sounds.plays == plays:  # a refusal buzzes instead
                self.app.sounds.play("click")
            self.dirty = True

    def on_tap(self, pos: tuple[int, int]) -> None:
        """A whole tap at a logical screen position (press and release)."""
        self.on_press(pos)
        self.on_release(pos)

    def _acting(self, tap: Any) -> None:
        # before the tap acts: a screen it opens takes the tap over (see ``__init__``)
        self.app.last_tap = tap

    def _free_tap(self, pos: tuple[int, int]) -> None:
        self.on_free_tap(pos)
        self.dirty = True

    def on_free_tap(self, pos: tuple[int, int]) -> None:
        """A tap that hit no button (the board, for instance)."""

    def attempt(self, fn: Callable[..., Any], *args: Any) -> Any:
        """Do a session command; an illegal one explains itself on screen and changes nothing.
        Returns the command's result, or None if it was refused."""
        try:
            return fn(*args)
        except IllegalAction as exc:
            self.refuse(exc)
        except StoreError as exc:
            self.say(self.t("saved_failed", error=self.t.refusal("store", exc)), bad=True)
        return None

    #: the game whose refusal texts this scene shows (``<game>.refusal.<code>``)
    game: str | None = None

    def refuse(self, exc: IllegalAction) -> None:
        """Explain a refused command in the screen's language; nothing changed."""
        self.say(self.t.refusal(self.game, exc), bad=True)

    def say(self, text: str, bad: bool = False) -> None:
        """Show a line of feedback; a bad one explains why nothing changed (and buzzes)."""
        self.banner.show(text, self.app.now(), bad)
        if bad:
            self.app.sounds.play("refused")
        self.dirty = True

    def draw_banner(self, surf: pygame.Surface, rect: pygame.Rect, room: pygame.Rect) -> None:
        """Draw the message in ``rect``, grown inside ``room`` until it is whole (it is never
        cut: role "say"). Where it covers controls, a tap on it closes it."""
        self.banner.draw(surf, rect, self.app.now(), room=room)
        self._banner_over = self.banner.shown

    def go(self, route: str, **kwargs: Any) -> None:
        """Ask the app for another screen by its route name."""
        self.app.go(route, **kwargs)

    def finished_game(self) -> bool:
        """True when this screen shows a game that is over (the app then shows the end)."""
        return False

    # -- time -----------------------------------------------------------------------------
    def update(self, now: float) -> bool:
        """Advance animations; True while one runs (the app then draws at frame rate)."""
        return False

    def wake_at(self) -> float | None:
        """When the scene next needs a redraw without input (a banner fading), or None."""
        return self.banner.until if self.banner.text and self.banner.until > self.app.now() else None

    def is_busy(self) -> bool:
        """True while an animation runs (scripted drivers wait for it to finish)."""
        return False

    def warm_up(self) -> Iterable[object] | None:
        """Work this screen offers to do while nobody waits, in small pieces (an iterator:
        each ``next`` does one piece), or None. The app does one piece per pass of its loop,
        only in a pass with nothing else to do (no event, no press, no animation, nothing to
        draw) once this screen's first frame is on screen, and does not sleep while pieces
        remain; a press always comes first. A piece must change nothing the players see or
        the store holds: the setup draws the table it leads to offscreen
        (``companion.ui.warm``), so the press that opens the table finds its fonts, texts and
        modules loaded."""
        return None

    # -- drawing --------------------------------------------------------------------------
    def label(self, surf: pygame.Surface, text: str, rect: pygame.Rect, role: str = "read",
              **style: Any) -> pygame.Rect:
        """Text in a box, at least the size its role needs, shortened with "…" if it must be
        (``role="read"``: read from across the table; ``"min"``: everything else)."""
        return Label(text, rect, role=role, **style).draw(surf)

    def draw(self, surf: pygame.Surface) -> None:
        """Draw the whole screen (the app flips it)."""
