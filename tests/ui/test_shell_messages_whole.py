"""What the shell and the staff pages say is never cut: every message of their word files,
filled with the longest names, shown as each screen shows a message (its banner), in German
and in English. A message longer than its box grows over the screen; a tap on it closes it and
nothing under it acts. Beside the staff's keypad a message never covers a key of the pad.
"""

from __future__ import annotations

import re
import string
import tomllib
from pathlib import Path
from typing import Any

import pygame
import pytest

from companion.session.session import Session
from companion.staff_pin import hash_pin, write_pin_hash
from companion.ui.app import App
from companion.ui.kit import problems, recording
from companion.ui.staff import base as staff_base
from tests.ui.screen import settle

I18N = Path(__file__).resolve().parents[2] / "assets" / "i18n"
LONGEST = "Maximiliane-So"


def messages(lang: str, *files: str) -> dict[str, str]:
    """Every sentence-like string of the word files (those a banner can show), filled; the
    longest (a page's how-to, such as calibrating the touch panel) are pages, not messages."""
    found: dict[str, str] = {}

    def walk(table: dict[str, Any], prefix: str) -> None:
        for key, value in table.items():
            if isinstance(value, dict):
                walk(value, f"{prefix}{key}.")
            elif isinstance(value, str) and 30 < len(value) <= 250:  # longer ones are page texts
                found[prefix + key] = fill(value)

    for name in files:
        walk(tomllib.loads((I18N / f"{name}{lang}.toml").read_text(encoding="utf-8")), f"{name}")
    return found


def fill(template: str) -> str:
    values = {f: LONGEST for _t, f, _s, _c in string.Formatter().parse(template) if f}
    try:
        return template.format(**values)
    except (ValueError, KeyError, IndexError, AttributeError):
        return template


def cut(app: App, scene: Any, text: str) -> list[str]:
    scene.say(text)
    with recording() as rec:
        scene.draw(app.screen)
    said = [t for t in rec.texts if t.role == "say"]
    found = [p for p in problems(rec) if "…" in p or "cut" in p]
    found += [f"{t.text!r} is cut" for t in said if re.search(r"\w…", t.text)]
    assert said, "the message was not drawn as a message"
    return found


def scenes(app: App) -> dict[str, Any]:
    session = Session.new({**__import__("companion.games", fromlist=["spec"]).spec("suleika").header(2, 1)})
    table = app.routes["table"](app, session=session)
    staff_base.open_for(app)
    return {
        "menu": app.routes["menu"](app),
        "setup": app.routes["setup"](app, game="suleika"),
        "pause": app.routes["pause"](app, table=table),
        "staff menu": app.routes["staff"](app, page="menu"),
        "staff history": app.routes["staff"](app, page="history"),
    }


@pytest.mark.parametrize("lang", ["de", "en"])
def test_every_shell_and_staff_message_shows_whole(make_ui_app, lang):
    app = make_ui_app(lang)
    shown = scenes(app)
    said = messages(lang, "", "staff.", "store.")
    found: list[str] = []
    for name, scene in shown.items():
        app.show(scene)
        for key, text in said.items():
            found += [f"{name}: {key}: {p}" for p in cut(app, scene, text)]
    assert found == [], "\n".join(found)


def test_a_tap_on_a_message_closes_it_and_the_key_under_it_does_not_act(make_ui_app):
    app = make_ui_app("de")
    staff_base.open_for(app)
    scene = app.routes["staff"](app, page="menu")
    app.show(scene)
    settle(app)
    scene.say(" ".join(["Ein sehr langer Hinweis, der über mehrere Zeilen geht."] * 4))
    scene.draw(app.screen)
    over = scene.banner.shown
    assert over is not None and over.h > staff_base.BANNER.h  # it grew to be whole
    scene.sync_controls()
    under = [c for c in scene.tappables() if c.rect.colliderect(over) and c.enabled]
    assert under, "the grown message covers no key: the test shows nothing"
    acted: list[str] = []
    for c in under:
        c.on_tap = lambda c=c: acted.append(c.label)
    key = under[0]
    spot = over.clip(key.rect).center
    scene.on_press(spot)
    scene.on_release(spot)
    assert acted == [] and not scene.banner.active(app.now())
    scene.draw(app.screen)
    assert scene.banner.shown is None


@pytest.mark.parametrize("first", [True, False], ids=["no PIN yet", "PIN set"])
def test_a_message_beside_the_staff_keypad_covers_none_of_its_keys(make_ui_app, data, first):
    """After the first PIN is set the PIN screen says so beside its keypad (it covered the
    pad's bottom row for 4 s)."""
    if not first:
        write_pin_hash(data, hash_pin("0815", n=2**10))
    app = make_ui_app("de")
    scene = app.routes["staff"](app)
    app.show(scene)
    settle(app)
    scene.say(app.texts("staff.ui.pin_set_done") + " " + app.texts("staff.ui.pin_set_mismatch"))
    scene.draw(app.screen)
    scene.sync_controls()
    over = scene.banner.shown
    assert over is not None
    pad = getattr(scene, "pad", None)
    if pad is not None:
        assert not any(k.rect.colliderect(over) for k in pad.controls())
    assert pygame.Rect(0, 0, 800, 480).contains(over)
