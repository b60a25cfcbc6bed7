"""The pictures of docs/play/: every registered game's table after a few scripted turns, in
German and English, made by ``companion demo --screenshot`` (``make screenshots``), so the
pages show the screens as they are now.

usage: python tools/screenshots.py [FOLDER]   (default docs/play/img)
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

#: turns played before the picture: the table mid-game, with its keys and a few moves made
TURNS = 5
LANGUAGES = ("de", "en")


def main(argv: list[str]) -> int:
    from companion.games import REGISTRY

    folder = Path(argv[0] if argv else "docs/play/img")
    folder.mkdir(parents=True, exist_ok=True)
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "GPIOZERO_PIN_FACTORY": "mock", "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    env.pop("DISPLAY", None)
    for game in REGISTRY:
        for lang in LANGUAGES:
            path = folder / f"{game}.{lang}.png"
            done = subprocess.run(
                [sys.executable, "-m", "companion.cli", "--lang", lang, "demo", "--game", game,
                 "--turns", str(TURNS), "--screenshot", str(path)],
                env=env, capture_output=True, text=True, timeout=300)
            if done.returncode != 0:
                print(done.stdout + done.stderr, file=sys.stderr)
                return 1
            print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
