"""A bare pygame window, the yardstick for the companion's start: ``python -I bare_window.py [--exit]``.

It imports pygame and the standard library only (never the companion), so it is run as a
script with ``-I`` (no current directory, no user site, no ``PYTHON*`` variables on the
path): what any pygame program pays to show its first frame. It prints one JSON line with
``shown``, ``time.monotonic()`` just after the flip. ``--exit`` ends the process right there
(``os._exit``), so an instruction count stops at the first frame, as the companion's does.
"""

import json
import os
import sys
import time

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402


def main() -> None:
    pygame.display.init()
    screen = pygame.display.set_mode((800, 480), pygame.SCALED)
    screen.fill((30, 30, 40))
    pygame.display.flip()
    print(json.dumps({"shown": time.monotonic()}), flush=True)
    if "--exit" in sys.argv[1:]:
        os._exit(0)
    pygame.display.quit()


if __name__ == "__main__":
    main()
