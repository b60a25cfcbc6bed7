"""``companion hub`` as the café runs it: the JSON API exactly as documented, its login, and
the floor page in a real headless browser (Debian's chromium through selenium)."""

from __future__ import annotations

import json
import os
import shutil
import socket
import stat
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from companion.floor.broker import free_port
from companion.staff_pin import hash_pin, write_pin_hash

from .cafe_fixture import fill
from .conftest import wait_for
from .test_board_picture import board_picture

PIN = "2468"
CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                  "--no-first-run", "--window-size=1400,1250"]


@pytest.fixture
def hub(broker, tmp_path):
    folder = tmp_path / "hub"
    store = fill(folder / "hub.sqlite3")
    # t19 plays and has sent a picture of its board, drawn by its game's own screen
    t19 = store.tables()[18]
    store.picture("t19", board_picture(t19["game"], tmp_path, names=t19["players"]))
    store.close()
    write_pin_hash(folder, hash_pin(PIN))
    secret = folder / "broker-password"
    secret.write_text(broker.passwords["hub"] + "\n")
    os.chmod(secret, 0o600)
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "companion", "hub", "--broker", broker.url, "--data", str(folder),
         "--http", f"127.0.0.1:{port}", "--token-file", str(folder / "token"), "--password-file", str(secret)],
        stderr=subprocess.PIPE)

    def up() -> bool:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return True
        except OSError:
            return False
    try:
        wait_for(up, what="the hub's web server")
        yield f"http://127.0.0.1:{port}", (folder / "token")
    finally:
        process.terminate()
        process.wait(15)


def _get(url: str, token: str | None = None) -> tuple[int, object]:
    request = urllib.request.Request(url, headers={"Authorization": f"Bearer {token}"} if token else {})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as exc:
        return exc.code, None


def test_the_api_needs_the_token_and_answers_as_documented(hub):
    base, token_file = hub
    assert stat.S_IMODE(token_file.stat().st_mode) == 0o600
    token = token_file.read_text().strip()
    assert _get(base + "/api/tables")[0] == 401
    assert _get(base + "/api/tables", "wrong")[0] == 401
    status, tables = _get(base + "/api/tables", token)
    assert status == 200 and isinstance(tables, list) and len(tables) == 20
    keys = {"table", "status", "game", "players", "step", "started_at", "last_step_at", "expected_end", "calls_staff"}
    assert all(set(t) == keys for t in tables)  # exactly the documented keys
    assert {t["status"] for t in tables} == {"free", "playing", "running_long", "finished", "offline"}
    assert sum(t["calls_staff"] for t in tables) == 2
    assert all(t["expected_end"] > t["started_at"] for t in tables if t["status"] == "playing")
    since = time.time() - 7 * 86400
    status, games = _get(f"{base}/api/games?table=t03&since={since:.0f}", token)
    assert status == 200 and games and all(g["table"] == "t03" and g["ended_at"] >= since for g in games)
    assert set(games[0]) == {"table", "game_id", "game", "players", "steps", "started_at", "ended_at", "how",
                             "winners"}
    status, stats = _get(base + "/api/stats", token)
    assert status == 200 and len(stats["hours"]) == 24 and sum(h["games"] for h in stats["hours"]) >= 160
    assert all(set(t) == {"game", "players", "games", "mean_minutes", "median_minutes"} for t in stats["titles"])
    assert all(set(h) == {"hour", "games"} for h in stats["hours"])
    assert stats["calls"]["cleared"] == 5


def _picture(url: str, token: str | None = None) -> tuple[int, str, bytes]:
    request = urllib.request.Request(url, headers={"Authorization": f"Bearer {token}"} if token else {})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, response.headers["Content-Type"], response.read()
    except urllib.error.HTTPError as exc:
        return exc.code, "", b""


def test_the_board_picture_is_served_behind_the_same_login(hub):
    base, token_file = hub
    token = token_file.read_text().strip()
    assert _picture(base + "/api/tables/t19/picture")[0] == 401
    status, kind, body = _picture(base + "/api/tables/t19/picture", token)
    assert status == 200 and kind == "image/jpeg" and body[:3] == b"\xff\xd8\xff"
    assert _picture(base + "/api/tables/t01/picture", token)[0] == 404  # playing, but no picture sent
    assert _picture(base + "/api/tables/t12/picture", token)[0] == 404  # finished


def test_the_staff_login_is_checked_and_rate_limited(hub):
    base, _ = hub
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor())
    data = urllib.parse.urlencode({"pin": "0000"}).encode()
    for _ in range(3):
        with pytest.raises(urllib.error.HTTPError) as wrong:
            opener.open(base + "/login", data=data, timeout=10)
        assert wrong.value.code == 403
    # locked now: even the right PIN is not looked at
    with pytest.raises(urllib.error.HTTPError) as locked:
        opener.open(base + "/login", data=urllib.parse.urlencode({"pin": PIN}).encode(), timeout=10)
    assert "warten" in locked.value.read().decode()


def _browser(tmp_path: Path):
    webdriver = pytest.importorskip("selenium.webdriver")
    chromium = shutil.which("chromium") or "/usr/bin/chromium"
    driver_path = shutil.which("chromedriver") or "/usr/bin/chromedriver"
    if not Path(chromium).exists() or not Path(driver_path).exists():
        pytest.skip("Debian's chromium is not installed: apt-get install -y chromium chromium-driver")
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for flag in CHROMIUM_FLAGS:
        options.add_argument(flag)
    options.add_argument(f"--user-data-dir={tmp_path / 'chromium'}")
    return webdriver.Chrome(options=options, service=Service(driver_path))


@pytest.mark.slow
def click(browser: Any, *where: str) -> None:
    """Click an element of the page, found afresh if the live updates redrew it meanwhile."""

    def done() -> bool:
        browser.find_element(*where).click()
        return True

    wait_for(done, what=f"a click on {where[1]}")


def test_the_floor_page_in_a_real_browser(hub, tmp_path):
    from selenium.webdriver.common.by import By

    base, _ = hub
    shots = Path(os.environ.get("COMPANION_SCREENSHOTS", tmp_path))
    shots.mkdir(parents=True, exist_ok=True)
    browser = _browser(tmp_path)
    try:
        browser.get(base + "/")
        assert browser.current_url.endswith("/login")
        browser.find_element(By.NAME, "pin").send_keys(PIN)
        click(browser, By.TAG_NAME, "button")
        wait_for(lambda: browser.execute_script("return document.body.dataset.ready") == "1", what="the floor")
        cards = browser.find_elements(By.CSS_SELECTOR, "#grid .table")
        assert len(cards) == 20
        classes = [c.get_attribute("class") for c in cards]
        for state in ("s-free", "s-playing", "s-running_long", "s-finished", "s-offline"):
            assert any(state in c for c in classes), state
        assert sum("calling" in c for c in classes) == 2
        assert "ruft das Personal seit" in browser.find_element(By.CSS_SELECTOR, ".calling").text
        browser.save_screenshot(str(shots / "floor.png"))
        # a table's detail, and a staff message that the (absent) table never acknowledges
        click(browser, By.CSS_SELECTOR, '[data-table="t19"]')
        wait_for(lambda: browser.find_elements(By.ID, "send"), what="the detail")
        detail = browser.find_element(By.ID, "detail").text
        assert "Tisch t19" in detail and "ruft das Personal seit" in detail and "Ada" in detail
        wait_for(lambda: browser.execute_script(
            "const i = document.getElementById('board'); return i && i.complete ? i.naturalWidth : 0") == 400,
            what="the picture of the board")
        browser.find_element(By.ID, "msg").send_keys("Der Kuchen kommt gleich")
        click(browser, By.ID, "send")
        wait_for(lambda: "wird zugestellt" in browser.find_element(By.ID, "detail").text, what="the command shown")
        browser.save_screenshot(str(shots / "table.png"))
        click(browser, By.ID, "close")
        click(browser, By.CSS_SELECTOR, '[data-view="stats"]')
        wait_for(lambda: len(browser.find_elements(By.CSS_SELECTOR, "#charts .chart")) == 5, what="the charts")
        text = browser.find_element(By.ID, "charts").text
        assert "Echte Spieldauer" in text and "Nutzung je Tisch" in text and "5 erledigt" in text
        browser.save_screenshot(str(shots / "stats.png"))
        click(browser, By.CSS_SELECTOR, '[data-view="history"]')
        wait_for(lambda: len(browser.find_elements(By.CSS_SELECTOR, "#games tr")) > 100, what="the history")
        assert "vom Personal beendet" in browser.find_element(By.ID, "games").text
    finally:
        browser.quit()
