"""A really full card: the games file on a small file system of its own (tmpfs, mounted in a
private mount namespace with ``unshare``, so nothing outside the test sees it). A step the
card cannot take is refused in words and the game stays as it was shown; the app starts
again on the full card and resumes it; once space is freed it plays on.

``max_page_count`` stands in for a full card in ``test_recovery.py``; this is the real thing,
where SQLite's WAL file and our side file meet ENOSPC from the kernel."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
WORKER = Path(__file__).with_name("full_card_worker.py")


def on_a_small_file_system(folder: Path, kib: int) -> list[str] | None:
    """The command prefix that runs a command with a ``kib`` KiB tmpfs mounted on ``folder``
    in a mount namespace of its own; None where this machine allows neither."""
    unshare = shutil.which("unshare")
    if unshare is None:
        return None
    ns = [unshare, "--mount"] if os.geteuid() == 0 else [unshare, "--user", "--map-root-user", "--mount"]
    probe = subprocess.run([*ns, "mount", "-t", "tmpfs", "-o", f"size={kib}k", "tmpfs", str(folder)],
                           capture_output=True, text=True)
    if probe.returncode != 0:
        return None
    return [*ns, "sh", "-c", f'mount -t tmpfs -o size={kib}k tmpfs "$0" && exec "$@"', str(folder)]


def test_a_really_full_card_refuses_in_words_and_keeps_the_game(tmp_path: Path) -> None:
    folder = tmp_path / "card"
    folder.mkdir()
    prefix = on_a_small_file_system(folder, 1024)
    if prefix is None:
        pytest.skip("this machine lets the test mount no file system (neither as root nor in a user namespace)")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ["PYTHONPATH"]])}
    done = subprocess.run([*prefix, sys.executable, str(WORKER), str(folder)], capture_output=True, text=True,
                          timeout=120, env=env)
    assert done.returncode == 0, done.stderr
    seen = json.loads(done.stdout.splitlines()[-1])
    assert seen["first_notices"] == []
    assert seen["refused"] == "card_full" and "full" in seen["words"], seen
    assert seen["kept_as_it_was"] and seen["stored_equals_shown"], seen
    assert seen["new_game"] == "card_full", seen
    assert seen["integrity"] == "ok" and seen["resumed_equals_shown"], seen
    # starts, and says on its first screen that new steps cannot be saved
    assert seen["restart_notices"] == ["full_at_start"], seen
    assert seen["after_freeing"] == [] and seen["plays_on"], seen
    assert not any(folder.iterdir())  # the tmpfs went with its namespace
