"""No PIN, right or wrong, ever reaches a log, standard output or standard error, whether it
is typed on the screen's pad or with the die keys, and whatever the lockout does."""

from __future__ import annotations

import logging
from pathlib import Path

from companion.session.store import Store
from companion.staff_pin import hash_pin, write_pin_hash
from companion.ui.staff import base as staff_base
from companion.ui.staff import scene as staff
from companion.ui.staff.menu import StaffMenu
from tests.ui.screen import new_app, press, settle, tap_label

PIN = "4711"
WRONG = ("5802", "6913", "7024")


def test_no_pin_reaches_a_log_or_the_output(tmp_path: Path, monkeypatch, caplog, capfd) -> None:
    now = [5000.0]
    monkeypatch.setattr(staff, "CLOCK", lambda: now[0])
    write_pin_hash(tmp_path, hash_pin(PIN, n=2**10))
    app = new_app("de", Store(tmp_path / "companion.sqlite3"))
    try:
        with caplog.at_level(logging.DEBUG):
            app.show(app.routes["menu"](app))
            settle(app)
            press(app, "staff")
            for pin in WRONG:  # three wrong ones: the lockout
                for digit in pin:
                    tap_label(app, digit)
                tap_label(app, "OK")
                settle(app)
            assert isinstance(app.scene, staff.PinScene) and "1:00" in app.scene.status()[0]
            now[0] += 61  # a minute later
            settle(app)
            for digit in PIN[:1]:
                tap_label(app, digit)
            for digit in PIN[1:]:  # the die keys type too (1 to 6); the 7 is tapped
                if digit in "123456":
                    press(app, "roll", int(digit))
                else:
                    tap_label(app, digit)
            press(app, "ok")
            assert isinstance(app.scene, StaffMenu)
    finally:
        staff_base.shut(app)
        app.close()
    out, err = capfd.readouterr()
    said = out + err + "\n".join(r.getMessage() + str(r.args) for r in caplog.records)
    for pin in (PIN, *WRONG):
        assert pin not in said
