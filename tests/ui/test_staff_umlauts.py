"""The staff screens in German draw no umlaut in emboldened type: the bundled face is bold
already, and pygame's extra emboldening runs the two dots of ü, ö and ä into one bar, so
"Personal-Menü" read "Personal-Menū" and "prüfen" "prūfen" (seen on the screenshots)."""

from __future__ import annotations

from pathlib import Path

import pygame

from companion.session.store import Store
from companion.ui.kit import text as kit_text
from companion.ui.staff import base as staff_base
from companion.ui.staff import scene as staff
from tests.ui.screen import new_app, settle

PAGES = [("menu", {}), ("language", {}), ("volume", {}), ("options", {}), ("box", {}),
         ("history", {}), ("store", {}), ("keep", {}), ("system", {"action": "restart"}),
         ("system", {"action": "reboot"}), ("system", {"action": "poweroff"})]


def test_no_emboldened_umlaut_on_a_staff_screen(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setattr(staff, "CLOCK", lambda: 5000.0)
    drawn: list[tuple[str, bool]] = []
    real = kit_text.render

    def spy(text: str, size: int, color, bold: bool = False, *args, **kwargs) -> pygame.Surface:
        drawn.append((text, bold))
        return real(text, size, color, bold, *args, **kwargs)

    monkeypatch.setattr(kit_text, "render", spy)
    kit_text.fitted.cache_clear()  # texts fitted by earlier tests would not be rendered again
    app = new_app("de", Store(tmp_path / "companion.sqlite3"))
    try:
        app.go("staff")  # the PIN screen first
        settle(app)
        app.scene.draw(app.screen)
        staff_base.open_for(app)
        for page, extra in PAGES:
            app.go("staff", page=page, **extra)
            settle(app)
            app.scene.draw(app.screen)
    finally:
        staff_base.shut(app)
        app.close()
    assert any(t == "Personal-Menü" for t, _ in drawn)  # the spy sees the titles
    bad = sorted({t for t, bold in drawn if bold and any(c in t for c in "äöüÄÖÜ")})
    assert bad == []
