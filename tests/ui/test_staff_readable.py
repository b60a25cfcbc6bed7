"""Every staff screen, in German and in English, in every state it can show: no text under
the minimum, nothing clipped or out of its box, no overlapping or small controls, no word of
the other language. Also saves a screenshot of each (``tmp_path``), for looking at."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from companion.session.notice import Notice
from companion.session.session import Session
from companion.session.simulate import random_step
from companion.session.store import Store
from companion.staff_pin import hash_pin, write_pin_hash
from companion.ui.kit import problems, recording
from companion.ui.staff import base as staff_base
from companion.ui.staff import scene as staff
from tests.language import foreign_words
from tests.ui.screen import settle

#: names that are the same in both languages: game titles, the languages' own names, the
#: players' names, abbreviations
PROPER = ("Suleika", "Ali Baba", "Mutabor", "Der fliegende Teppich", "Marrakech", "Deutsch", "English", "Anna", "Ben", "USB", "QR", "PIN", "KB", "OK")


def finished(store: Store, seed: int, names: list[str] | None = None, players: int = 2) -> int:
    header = {"game": "suleika", "players": players, "seed": seed}
    if names:
        header["names"] = names
    session = Session.new(header, store)
    rng = random.Random(seed)
    while not session.over:
        session.act(random_step(session.engine, session.state, rng))
    return session.game_id


@pytest.fixture(params=("de", "en"))
def lang(request) -> str:
    return request.param


@pytest.fixture
def app(app, monkeypatch):
    """The shared app (tests/ui/conftest.py) on the menu, the staff's clock standing still."""
    monkeypatch.setattr(staff, "CLOCK", lambda: 5000.0)
    app.show(app.routes["menu"](app))
    return app


def check(app, name: str, shots: Path, skip: tuple[str, ...] = ()) -> list[str]:
    settle(app)
    with recording() as rec:
        app.scene.draw(app.screen)
    found = [f"{name}: {p}" for p in problems(rec)]
    for mark in rec.texts:
        if len(mark.text.strip()) < 2 or any(s in mark.text for s in skip):
            continue
        bad = foreign_words(mark.text, app.texts.lang, proper=PROPER)
        if bad:
            found.append(f"{name}: {mark.text!r} has {bad}")
    app.screenshot(shots / f"staff-{name}-{app.texts.lang}.png")
    return found


def test_the_pin_screen_in_every_state(app, tmp_path: Path) -> None:
    found: list[str] = []
    app.go("staff")
    found += check(app, "no-pin", tmp_path, skip=("install-kiosk",))
    write_pin_hash(staff_base.folder_of(app), hash_pin("2468", n=2**10))
    scene = app.go("staff")
    found += check(app, "pin", tmp_path)
    for d in "13":
        scene.pad.type(d)
    found += check(app, "pin-typed", tmp_path)
    scene.checking, scene.shown_checking = "1357", False
    with recording() as rec:
        scene.draw(app.screen)
    found += [f"checking: {p}" for p in problems(rec)]
    scene.checking = None
    for _ in range(2):
        scene.check("1111")
    found += check(app, "pin-wrong", tmp_path)
    scene.check("1111")
    found += check(app, "pin-locked", tmp_path)
    assert found == [], "\n".join(found)


@pytest.mark.slow
def test_every_staff_page(app, tmp_path: Path) -> None:
    store = app.store
    short = finished(store, 1, ["Anna", "Ben"])
    for seed in range(2, 8):
        finished(store, seed, players=4)  # two pages of history, seats without names
    app.store_notices = [Notice("games_recovered", count=3, file="old.sqlite3"),
                         Notice("damaged_step", game=4, step=12)]
    staff_base.open_for(app)
    found: list[str] = []
    pages = [("menu", {}), ("language", {}), ("volume", {}), ("options", {}), ("box", {}),
             ("history", {}), ("game", {"game_id": short}), ("qr", {"game_id": short}), ("store", {}), ("keep", {}),
             ("system", {"action": "restart"}), ("system", {"action": "reboot"}), ("system", {"action": "poweroff"})]
    for page, extra in pages:
        app.go("staff", page=page, **extra)
        name = page + "".join(f"-{v}" for v in extra.values())
        # the games file's path is a file name, not words
        found += check(app, name, tmp_path, skip=("sqlite3",))
        if page == "system":
            app.scene.do()
            found += check(app, name + "-sure", tmp_path, skip=("sqlite3",))
    app.go("staff", page="history")
    app.scene.turn(1)
    found += check(app, "history-2", tmp_path)
    app.scene.say(app.texts("staff.ui.usb_no_stick"), bad=True)
    found += check(app, "history-banner", tmp_path)
    for code in ("done", "no_stick", "no_udisks", "mount_failed", "write_failed"):
        app.go("staff", page="game", game_id=short)
        app.scene.usb = (app.texts(f"staff.ui.usb_{code}", file=f"companion-{short}.jsonl", label="KASSE"), (0, 0, 0))
        found += check(app, f"game-usb-{code}", tmp_path, skip=("udisks2",))
    for code in ("denied", "missing", "timeout", "failed"):
        app.go("staff", page="system", action="poweroff")
        app.scene.failure = app.texts("staff.ui.poweroff_failed", reason=app.texts(f"staff.ui.system_{code}", detail="1"))
        found += check(app, f"poweroff-{code}", tmp_path, skip=("install-kiosk", "systemctl"))
    assert found == [], "\n".join(found)


@pytest.mark.slow
def test_an_empty_history_and_a_game_in_several_qr_codes(app, tmp_path: Path, monkeypatch) -> None:
    from companion.ui.staff import data as staff_data
    from companion.ui.staff import qr as staff_qr

    staff_base.open_for(app)
    found: list[str] = []
    app.go("staff", page="history")
    found += check(app, "history-empty", tmp_path)
    gid = finished(app.store, 3, players=4)
    whole = staff_qr.encode
    monkeypatch.setattr(staff_data, "encode", lambda text, version: whole(text, most=300))
    app.go("staff", page="qr", game_id=gid)
    assert len(app.scene.parts) > 2
    found += check(app, "qr-part-1", tmp_path, skip=("qr-join",))
    app.scene.show_part(1)
    found += check(app, "qr-part-2", tmp_path, skip=("qr-join",))
    assert found == [], "\n".join(found)


def test_a_box_error_fits_its_screen(app, tmp_path: Path, monkeypatch) -> None:
    """The reason comes from the box loader, in English on both screens (see the report)."""
    from companion.boxdata import BoxDataError
    from companion.ui.staff import data as staff_data

    monkeypatch.setattr(staff_data, "check_boxes", lambda: [
        ("suleika", BoxDataError("assets/suleika.toml", 12, "die_faces must list six whole numbers from 1 to 6")),
        ("alibaba", BoxDataError("assets/alibaba/board.csv", None, "cannot be read (No such file)"))])
    staff_base.open_for(app)
    app.go("staff", page="box")
    settle(app)
    with recording() as rec:
        app.scene.draw(app.screen)
    assert problems(rec) == []
    app.screenshot(tmp_path / f"staff-box-error-{app.texts.lang}.png")
