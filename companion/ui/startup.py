"""How the companion starts at a table: the store, the window, the first screen, the inputs.

``companion run`` and the start-up benchmark both go through :func:`start`, so what is
measured is what a café gets.
"""

from __future__ import annotations

from typing import Any

from companion.session.store import Store
from companion.ui.app import App
from companion.ui.scene import Scene


def start(store: Store, *, lang: str = "de", fullscreen: bool | None = None, gpio: bool = True,
          serial: str | None = None, pin_factory: Any = None) -> tuple[App, Scene, list[Any]]:
    """The app, its first scene (the resume offer if a game was left unfinished, else the
    menu) and the list the input sources will be put in once the first frame is on screen
    (opening the pin library takes longer than opening the window)."""
    from companion.ui.scenes.menu import MenuScene
    from companion.ui.scenes.resume import ResumeScene

    app = App(store=store, lang=lang, fullscreen=fullscreen)
    sources: list[Any] = []

    def start_inputs() -> None:
        if gpio:
            from companion.inputs.gpio import start_gpio
            sources.append(start_gpio(app.hub, pin_factory=pin_factory))
        if serial:
            from companion.inputs.serial_box import SerialBox
            sources.append(SerialBox(app.hub, serial))

    app.after_first_frame(start_inputs)
    waiting = store.unfinished()
    scene: Scene = ResumeScene(app, store, waiting[0]) if waiting else MenuScene(app)
    return app, scene, sources


def stop(app: App, sources: list[Any]) -> None:
    for source in sources:
        if source is not None:
            source.close()
    app.close()
