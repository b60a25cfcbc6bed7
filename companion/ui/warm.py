"""Warm-up while idle: the table a screen leads to, made and drawn once where nobody sees it.

A new table's first frame pays for everything drawn for the first time in the process: each
glyph at each new font size (HarfBuzz shapes, FreeType loads the glyph: the first text at a
new size about 4 M instructions), the texts measured and pictured, the game's screen modules
imported, its once-per-box pictures painted. Nobody comes to a table from nowhere: the setup
screen and the resume offer stand for seconds or minutes first. There, a screen's
``warm_up`` (``Scene.warm_up``, one piece per idle pass of the loop) makes a throwaway table:

- a session with no store (nothing is written), for the header the table would start with,
  or the stored game replayed from what the store reads;
- its scene made through the app's ``table`` route, with :class:`Quiet` for the app: the
  app's words, clock and routes, but no store, no sound, no café floor, a screen surface of
  its own, and a ``go`` that goes nowhere;
- drawn once into that surface; then its first presses made as a table makes them
  (``demo_presses``), each drawn with the frames of the animation it starts, on the
  stand-in's own clock; then let go of (``cache.give_back``: the collector frees the
  scene, the C heap's free pages go back to the system), but for its layers' canvases,
  which the real table's layers of the same sizes take over (``layers.spare``).

A table does the same for the end screen its game will end with (:func:`end_screen`, three of
its idle pieces): the end screen made through the app's ``end`` route for a stand-in and
painted once, so that the press that ends a game finds its words shaped and its keys painted,
then let go of with the rest of the table's warm-up.

What stays warm is what the process keeps anyway, bounded by bytes: the opened font faces
with their glyphs, the kit's texts and measurements (``kit.cache``), the imported modules,
the pictures a game keeps per box.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

import pygame

from companion.boxdata import BoxDataError
from companion.engine.errors import IllegalAction
from companion.inputs.events import InputEvent
from companion.session.session import Session
from companion.session.store import StoreError
from companion.ui.app import App, Silent
from companion.ui.scene import Scene

if TYPE_CHECKING:
    from companion.session.store import Store
    from companion.ui.table import TableScene

#: stored steps replayed per piece of a resumed game's warm-up
REPLAYED_PER_PIECE = 20
#: presses made at a throwaway table, as a table makes them (its first ones are the dearest:
#: keys, words and animations drawn for the first time)
PRESSES = 4
#: the throwaway's clock between two presses, and between two frames of an animation
PRESS_GAP_S, FRAME_S = 0.6, 0.1
#: frames drawn of one animation at most
FRAMES = 40


class Quiet:
    """What a throwaway table sees of the app: the app's words, clock and routes (read through
    to the app), but no store, no sound, no café floor, a screen surface of its own, and
    asking for another screen does nothing. Whatever the table sets on it stays here."""

    def __init__(self, app: App) -> None:
        self._app = app
        #: the throwaway's own clock (:meth:`now`): its animations run on it, never on the app's
        self.clock = app.now()
        self.store: Store | None = None
        self.floor: Any = None
        self.sounds = Silent()
        self.scene: Any = None
        self.last_tap: Any = None
        #: where the throwaway table draws: a surface like the screen, never the screen
        self.screen = pygame.Surface(app.screen.get_size(), 0, app.screen)

    def now(self) -> float:
        return self.clock

    confirm = App.confirm  # a confirmation on this clock

    def __getattr__(self, name: str) -> Any:
        if name == "_app":  # not set yet (a copy being made): no endless lookup
            raise AttributeError(name)
        return getattr(self._app, name)  # only what is not set above: texts, now, confirm, ...

    def go(self, route: str, **kwargs: Any) -> None:
        """A throwaway table leads nowhere."""

    def show(self, scene: Any) -> None:
        """Nothing is shown."""

    def say(self, *args: Any, **kwargs: Any) -> None:
        """Nothing is said."""


def new_table(app: App, header: Callable[[], dict[str, Any]]) -> Iterator[None]:
    """The pieces that warm the table a fresh game of ``header()`` (asked for when the
    warm-up starts) opens. A header the game refuses warms nothing: the press that starts
    it will say why."""
    try:
        session = Session.new(header(), None)
    except (IllegalAction, BoxDataError):
        return
    yield
    yield from drawn(app, session)


def resumed_table(app: App, store: Store, game_id: int) -> Iterator[None]:
    """The pieces that warm the table of a stored game: read (the store is only read), replayed
    ``REPLAYED_PER_PIECE`` steps at a time without a store, drawn. A step that does not
    replay ends the replay there (the resume itself says why)."""
    try:
        loaded = store.load_checked(game_id)
    except StoreError:
        return
    yield
    try:
        session: Session[Any] = Session(loaded.header, None)
    except Exception:  # noqa: BLE001 -- a header that no longer sets up a game: resuming says so
        return
    yield
    for k, action in enumerate(loaded.actions, 1):
        try:
            session.act(action)
        except Exception:  # noqa: BLE001 -- as Session.resume: a stored row never stops the app
            break
        if k % REPLAYED_PER_PIECE == 0:
            yield
    yield
    yield from drawn(app, session)


def drawn(app: App, session: Session[Any]) -> Iterator[None]:
    """The pieces that make the table of ``session`` on a :class:`Quiet` app, draw it once as
    the loop draws a first frame, make its first ``PRESSES`` presses as a table makes them
    (each drawn, with the frames of the animation it starts), and let go of it."""
    from companion.ui.table import TableScene

    quiet = Quiet(app)
    scene = app.routes["table"](quiet, session=session)
    assert isinstance(scene, TableScene)
    yield
    scene.update(quiet.now())
    scene.sync_controls()
    yield
    frame(scene, quiet)
    yield
    rng = random.Random(PRESSES)  # the throwaway's own presses: no one else's random numbers
    plan: list[str] = []
    for _ in range(PRESSES):
        plan = plan or scene.demo_presses(rng)
        if not plan:
            break
        name = plan.pop(0)
        quiet.clock += PRESS_GAP_S
        scene.on_input(InputEvent(name, "script", t=quiet.clock))
        frame(scene, quiet)
        yield
        for _ in range(FRAMES):
            if not (scene.update(quiet.now()) or scene.is_busy()):
                break
            quiet.clock += FRAME_S
            frame(scene, quiet)
            yield
    from companion.ui.kit.cache import give_back
    from companion.ui.kit.layers import spare

    spare(vars(scene).values())  # its canvases, for the real table's layers of those sizes
    del scene, session, quiet
    give_back()


def end_screen(app: App, table: TableScene) -> Iterator[None]:
    """The pieces that warm the end screen ``table``'s game ends with: the screen made for it
    on a :class:`Quiet` app (its keys drawn), then its picture painted for the position now,
    where nobody sees it. Its words, its keys' words and the game's end picture are then
    shaped and measured once, its code run; its canvas is kept for the real end screen's
    picture (``layers.spare``: a new screen-sized canvas is cleared byte by byte, 1.5 M
    instructions); then the stand-ins let go of (``cache.give_back``). A piece each, so that
    no idle pass does all of it."""
    from companion.ui.kit.layers import spare

    quiet = Quiet(app)
    end = app.routes["end"](quiet, table=table)
    _draw_keys(end, quiet.screen)  # not in a loop here: its last key would keep the stand-in
    yield
    end.draw(quiet.screen)
    spare(vars(end).values())
    yield
    # the stand-ins are cycles (a scene's keys call its bound methods), and so is what the
    # table's own pieces drew where nobody sees it: left to the collector, some megabytes of
    # their pictures stay resident for the first minutes of every game
    from companion.ui.kit.cache import give_back

    del end, quiet
    give_back()


def _draw_keys(scene: Scene, surf: pygame.Surface) -> None:
    for control in scene.tappables():
        control.draw(surf)


def frame(scene: Scene, quiet: Quiet) -> None:
    """One frame of the throwaway table, as the loop draws it, into its own surface."""
    scene.update(quiet.now())
    scene.sync_controls()
    scene.draw(quiet.screen)
    scene.dirty = False
    scene.sync_controls()
