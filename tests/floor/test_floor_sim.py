"""``companion floor-sim``: a small café through a short broker outage, its summary exactly."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from companion.floor.broker import APT_LINE, mosquitto_path


@pytest.mark.slow
def test_floor_sim_loses_and_doubles_nothing_through_an_outage(tmp_path):
    if mosquitto_path() is None:
        pytest.skip(f"mosquitto is not installed: {APT_LINE}")
    done = subprocess.run(
        [sys.executable, "-m", "companion", "floor-sim", "--tables", "3", "--minutes", "0.3",
         "--broker-outage", "4", "--keep", str(tmp_path / "cafe"), "--json", "--step-every", "0.4"],
        capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout)
    assert list(summary) == ["steps_sent", "steps_in_hub", "lost", "doubled", "p95_floor_delay_s", "hub_rss_mb",
                             "broker_rss_mb"]
    assert summary["steps_sent"] > 10 and summary["steps_in_hub"] == summary["steps_sent"]
    assert summary["lost"] == 0 and summary["doubled"] == 0
    assert summary["hub_rss_mb"] > 0 and summary["broker_rss_mb"] > 0
    # the stores stay for a look afterwards
    assert len(list((tmp_path / "cafe" / "tables").glob("t*.sqlite3"))) == 3
    assert (tmp_path / "cafe" / "hub" / "hub.sqlite3").is_file()
