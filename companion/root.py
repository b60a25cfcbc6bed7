"""The composition root: the one place that builds the app, its routes and its inputs.

Scenes ask for screens by route name (``scene.go("setup", game="suleika")``) and never
import one another; the table route looks the game's screen up in the registry. Pins and the
serial box are opened here, not in the UI. ``companion run`` and the start-up benchmark both
go through :func:`start`, so what is measured is what a café gets.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from companion.games import resolve, spec
from companion.session.store import Store

if TYPE_CHECKING:
    from companion.settings import Settings

#: route name -> "module:attr" of the scene class; resolved on first use, so start-up does
#: not import screens it does not show.
SCENES: dict[str, str] = {
    "menu": "companion.ui.shell.menu:MenuScene",
    "setup": "companion.ui.shell.setup:SetupScene",
    "names": "companion.ui.shell.names:NameScene",
    "end": "companion.ui.shell.end:EndScene",
    "resume": "companion.ui.shell.resume:ResumeScene",
    "pause": "companion.ui.shell.pause:PauseScene",
    "selftest": "companion.ui.shell.selftest:SelftestScene",
    "staff": "companion.ui.staff.scene:staff_scene",
}


def _table(app: Any, session: Any, **kwargs: Any) -> Any:
    """The table screen of the session's game, from its registry entry."""
    entry = spec(session.engine.name).scene
    if entry is None:
        raise KeyError(f"{session.engine.name} has no table screen yet")
    return resolve(entry)(app, session, **kwargs)


def routes() -> dict[str, Callable[..., Any]]:
    """Every route of the app: the scenes above, and ``table`` through the registry."""
    table: dict[str, Callable[..., Any]] = {
        name: (lambda app, _entry=entry, **kw: resolve(_entry)(app, **kw)) for name, entry in SCENES.items()}
    table["table"] = _table
    return table


def make_app(**kwargs: Any) -> Any:
    """An App with every route (for the demo, the selftest and tests)."""
    from companion.ui.app import App

    app = App(routes=routes(), **kwargs)
    app.after_first_frame(ready_for_the_end)
    return app


def ready_for_the_end() -> None:
    """Loads what the end of every game needs, once the first frame is on screen: the end
    screen's module and the C library's ``malloc_trim`` (``ctypes``), some 6 M instructions
    that the press ending a game would otherwise pay while the table waits for its result."""
    from companion.ui.kit.cache import ready_to_give_back

    resolve(SCENES["end"])
    ready_to_give_back()


def start(store: Store, *, lang: str = "de", fullscreen: bool | None = None, gpio: bool = True,
          serial: str | None = None, pin_factory: Any = None,
          notices: list[Any] | None = None, kiosk: bool | None = None,
          chosen: Settings | None = None, folder: str | os.PathLike[str] | None = None
          ) -> tuple[Any, Any, list[Any]]:
    """The app, its first scene (the resume offer if a game was left unfinished, else the
    menu) and the list the input sources will be put in once the first frame is on screen
    (opening the pin library takes longer than opening the window). ``folder``: the data
    directory (``settings.toml``, the staff PIN), the store's folder unless given: a store
    that fell back to memory has none. ``chosen``: the staff's settings as already read
    (``companion run`` reads them once), else read here."""
    from companion import settings

    folder = settings.data_dir(getattr(store, "path", None)) if folder is None else folder
    # the staff menu's choices (settings.toml beside the games) win over the defaults
    if chosen is None:
        chosen = settings.load(folder)
    app = make_app(store=store, lang=chosen.language or lang, fullscreen=fullscreen, kiosk=kiosk)
    app.data_folder = folder
    if chosen.volume != settings.DEFAULT_VOLUME:
        from companion.ui.staff.menu import apply_volume
        apply_volume(app, chosen.volume)
    sources: list[Any] = []

    def start_inputs() -> None:
        if gpio:
            from companion.inputs.gpio import start_gpio
            from companion.inputs.outputs import start_outputs

            sources.append(start_gpio(app.hub, pin_factory=pin_factory))
            outputs = start_outputs(pin_factory=pin_factory)
            sources.append(outputs)
            app.turn_light, app.die_rolled = outputs.show_turn, outputs.die_rolled
        if serial:
            from companion.inputs.serial_box import SerialBox
            # "usb": find the box by its USB vendor and product id, wherever it is plugged in
            sources.append(SerialBox(app.hub, None if serial == "usb" else serial))

    app.after_first_frame(start_inputs)
    waker = display_waker(app)
    if waker is not None:
        sources.append(waker)
    waiting = store.waiting()
    first = app.routes["resume"](app, row=waiting[0]) if waiting else app.routes["menu"](app)
    if notices:
        # what the store found at start (a damaged file moved aside, nothing being saved):
        # in words on the first screen, long enough to be read
        first.say(" ".join(app.texts.refusal("store", n) for n in notices), bad=True)
        first.banner.until = app.now() + 60
    return app, first, sources


def display_waker(app: Any) -> Any:
    """What wakes the idle loop for touch, keys and window events, by SDL's video driver (see
    ``companion.ui.display_wake``); sets ``app.poll_s = None`` when the loop need not look by
    itself. Returns the waker to close at the end, or None."""
    import pygame

    from companion.ui.display_wake import NO_WINDOW_SYSTEM, X11Waker, x11_connection_fd

    driver = pygame.display.get_driver()
    if driver in NO_WINDOW_SYSTEM:
        app.poll_s = None  # only our own input threads can have anything for the loop
        return None
    waker: Any = None
    if driver == "kmsdrm":
        # on the console SDL reads touch and keys from the input devices: a thread blocking on
        # the same devices wakes the loop
        from companion.inputs.device_wake import DeviceWaker

        waker = DeviceWaker(app.wake)
    elif driver == "x11":
        fd = x11_connection_fd(pygame.display.get_wm_info())
        if fd is not None:
            waker = X11Waker(app.wake, fd)
            app.pumped = waker.pumped
    if waker is None or not waker.active:
        return None  # the loop keeps looking at SDL's queue every TOUCH_POLL_S
    app.poll_s = None
    return waker


def stop(app: Any, sources: list[Any]) -> None:
    for source in sources:
        if source is not None:
            source.close()
    app.close()
