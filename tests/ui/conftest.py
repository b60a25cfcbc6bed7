"""What the screen tests share: one app factory, with a language and a store.

``app`` is an app with every route on the dummy driver (a window, no sound) in the language of
the ``lang`` fixture and with the store of the ``store`` fixture. German and a fresh games file
in the test's data folder (the one ``COMPANION_DATA`` names, where ``settings.toml`` is read)
unless a module or a test says otherwise: it overrides ``lang`` or ``store`` with a fixture of
its own, or parametrizes them (``@pytest.mark.parametrize("lang", ["de", "en"])``).
``make_ui_app(lang, store)`` makes further apps (a restart, another language); every app made
is closed after the test.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from companion.session.store import Store
from companion.ui.app import App
from companion.ui.staff import base as staff_base
from tests.ui.screen import new_app

#: ``make_ui_app(lang="de", store=<the games file in data>, **app_options) -> App``
AppFactory = Callable[..., App]
_DATA_STORE = object()


@pytest.fixture
def lang() -> str:
    """The app's language."""
    return "de"


@pytest.fixture
def data(tmp_path: Path) -> Path:
    """The test's data folder: the games file and the staff's settings."""
    folder = tmp_path / "data"
    folder.mkdir(exist_ok=True)
    return folder


@pytest.fixture
def store(data: Path) -> Store | None:
    """The app's store: a fresh games file in the data folder."""
    return Store(data / "companion.sqlite3")


@pytest.fixture
def make_ui_app(data: Path) -> Iterator[AppFactory]:
    made: list[App] = []

    def make(lang: str = "de", store: Store | None | object = _DATA_STORE, **options: object) -> App:
        chosen = Store(data / "companion.sqlite3") if store is _DATA_STORE else store
        assert chosen is None or isinstance(chosen, Store)
        app = new_app(lang, chosen, **options)
        made.append(app)
        return app

    yield make
    for app in made:
        staff_base.shut(app)
        app.close()


@pytest.fixture
def app(make_ui_app: AppFactory, lang: str, store: Store | None) -> App:
    return make_ui_app(lang, store)
