"""The kiosk installer's café floor: ``--hub --tables`` and ``--floor URL --table NAME``."""

from __future__ import annotations

import stat
import tomllib
from pathlib import Path

import pytest

from companion.floor.broker import mosquitto_path
from tests.test_install import _install, _log, kiosk  # noqa: F401 -- the fixture

RUN_SETUP = '''#!/bin/bash
{ printf 'venv-python'; printf ' %s' "$@"; printf '\\n'; } >> "$STUB_LOG"
if [[ "$1 $2" == "-m companion.staff_pin" || "$1 $2" == "-m companion.floor.setup" ]]; then
    PYTHONPATH="$CHECKOUT" exec "$REAL_PYTHON" "$@"
fi
'''


@pytest.fixture
def floor_kiosk(kiosk):  # noqa: F811
    Path(kiosk["env"]["FAKE_VENV_PYTHON"]).write_text(RUN_SETUP)
    return kiosk


def test_a_hub_gets_mosquitto_its_acl_the_passwords_and_the_hub_unit(floor_kiosk):
    if mosquitto_path() is None:
        pytest.skip("mosquitto is not installed: apt-get install -y mosquitto")
    root = floor_kiosk["root"]
    done = _install(floor_kiosk, "--pin", "2468", "--hub", "--tables", "t1,t2")
    assert done.returncode == 0, done.stdout + done.stderr
    conf = (root / "etc/mosquitto/conf.d/companion.conf").read_text()
    assert "allow_anonymous false" in conf and "acl_file" in conf
    acl = (root / "etc/mosquitto/companion-acl").read_text()
    assert "user t1\ntopic write companion/cafe/table/t1/status" in acl
    for name in ("t1", "t2", "hub"):
        secret = root / f"etc/companion/floor/{name}.password"
        assert stat.S_IMODE(secret.stat().st_mode) == 0o600
        assert secret.read_text().strip() not in (root / "etc/mosquitto/companion-passwords").read_text()
    assert (root / "etc/systemd/system/companion-hub.service").is_file()
    log = _log(floor_kiosk)
    assert f"systemctl --root {root} enable mosquitto.service companion-hub.service" in log
    assert any(line.endswith("/opt/companion[pi,hub]") for line in log)
    assert "(not under --root) $ apt-get install -y mosquitto" in done.stdout


def test_a_table_gets_its_floor_settings_and_its_password(floor_kiosk, tmp_path):
    root = floor_kiosk["root"]
    password = tmp_path / "t1.password"
    password.write_text("geheim\n")
    done = _install(floor_kiosk, "--pin", "2468", "--floor", "mqtt://hub.local:1883", "--table", "t1",
                    "--floor-password", str(password))
    assert done.returncode == 0, done.stdout + done.stderr
    settings = tomllib.loads((root / "var/lib/companion/settings.toml").read_text())
    assert settings["floor"] == {"broker": "mqtt://hub.local:1883", "cafe": "cafe", "table": "t1",
                                 "password_file": "/etc/companion/floor-password"}
    assert settings["staff"]["pin"].startswith("scrypt$")
    secret = root / "etc/companion/floor-password"
    assert secret.read_text() == "geheim\n" and stat.S_IMODE(secret.stat().st_mode) == 0o600


def test_a_table_on_the_floor_needs_its_name_and_password(floor_kiosk):
    done = _install(floor_kiosk, "--pin", "2468", "--floor", "mqtt://hub.local:1883")
    assert done.returncode == 2 and "--table NAME and --floor-password FILE" in done.stderr
    assert _log(floor_kiosk) == []  # refused before anything changed
