"""Start-up: the first frame of `companion run` needs the menu, not the pins, the serial box,
the game screens or the words of the games."""

from __future__ import annotations

import json
import subprocess
import sys

CODE = """
import json, sys, tempfile, pathlib
from companion.cli import parse_args
args = parse_args(["run", "--no-gpio"])
from companion import root
from companion.session.store import Store
store = Store(pathlib.Path(tempfile.mkdtemp()) / "s.sqlite3")
app, scene, sources = root.start(store, fullscreen=False)
app.show(scene)
app.step(block=False)
names = ("gpiozero", "serial", "segno", "companion.inputs.gpio", "companion.inputs.serial_box",
         "companion.games.suleika.screen.table", "companion.ui.shell.setup", "companion.ui.kit.choices",
         "companion.systemd", "companion.inputs.hub", "companion.inputs.keyboard", "logging", "hashlib",
         "companion.session.record", "companion.session.session",
         # the engines' types and the box files' readers are not shown
         "companion.engine.base", "companion.boxdata")
print(json.dumps({"frames": app.frames, "loaded": sorted(m for m in names if m in sys.modules),
                  "words": sorted(app.texts._own.loaded()), "english": app.texts._english is not None}))
"""


def start(env):
    done = subprocess.run([sys.executable, "-c", CODE], capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_the_first_frame_loads_only_what_the_menu_needs(tmp_path):
    env = {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "GPIOZERO_PIN_FACTORY": "mock",
           "PYGAME_HIDE_SUPPORT_PROMPT": "1", "PATH": "/usr/bin:/bin", "XDG_CACHE_HOME": str(tmp_path / "cache"),
           "COMPANION_DATA": str(tmp_path / "data")}
    seen = start(env)
    assert seen["frames"] == 1
    assert seen["loaded"] == []
    assert seen["words"] == [""]  # the screens' own file only, in German (titles are in the specs)
    assert seen["english"] is False
    # nothing of ours is kept in a cache (it once held the parsed settings, PIN hash and all)
    assert not (tmp_path / "cache").exists()
