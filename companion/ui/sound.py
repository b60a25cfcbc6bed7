"""Short sounds: an accepted press clicks, a refused one buzzes, a roll rolls, a payment rings
the coins. Silent where there is no audio device, and quietly so: a machine without a sound card
(none in ``/proc/asound/cards``) never opens the mixer, so ALSA prints nothing.

The audio device is opened on the first sound and closed again after a few quiet seconds:
an open device keeps SDL's mixing thread waking ~90 times a second, which an idle kiosk
should not pay for.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

import pygame

from companion.paths import assets_dir

NAMES = ("click", "refused", "roll", "coins")
CLOSE_AFTER_S = 5.0
#: where Linux lists its sound cards
CARDS = Path("/proc/asound/cards")


def sound_card(cards: Path = CARDS, environ: dict[str, str] | None = None) -> bool:
    """False when this machine plainly has no sound card: Linux lists none. SDL's own drivers
    without a device (``dummy``, ``disk``) and machines without ``/proc/asound`` count as having
    one (the mixer then says for itself).

    >>> sound_card(Path("/nonexistent"), {"SDL_AUDIODRIVER": "dummy"})
    True
    """
    env = os.environ if environ is None else environ
    if env.get("SDL_AUDIODRIVER", "").lower() in ("dummy", "disk"):
        return True
    if not Path("/proc").is_dir():
        return True  # not Linux: let SDL find out
    try:
        text = cards.read_text(errors="ignore")
    except OSError:
        return False
    return bool(text.strip()) and "no soundcards" not in text


class Sounds:
    def __init__(self, volume: float = 1.0) -> None:
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        self._last = 0.0
        #: False once it is known that no sound can be played (no card, or the mixer refused)
        self.available = sound_card()
        #: 0.0 to 1.0, the staff menu's volume; set on every sound as it is loaded
        self.volume = max(0.0, min(1.0, volume))
        #: sounds asked for so far (the app clicks for a press only if handling it played none)
        self.plays = 0

    def set_volume(self, volume: float) -> None:
        """Play every sound at ``volume`` (0.0 to 1.0) from now on, the loaded ones at once."""
        self.volume = max(0.0, min(1.0, volume))
        for sound in self._sounds.values():
            sound.set_volume(self.volume)

    def _open(self) -> bool:
        try:
            pygame.mixer.init()
        except pygame.error:
            self.available = False  # no sound card: the screen still confirms every press
            return False
        self._sounds = {}
        for name in NAMES:
            path = assets_dir() / "sounds" / f"{name}.wav"
            if path.exists():
                sound = pygame.mixer.Sound(str(path))
                sound.set_volume(self.volume)  # before it is first heard
                self._sounds[name] = sound
        return True

    def play(self, name: str) -> None:
        self.plays += 1
        if not self.available or self.volume <= 0.0:
            return
        if not pygame.mixer.get_init() and not self._open():
            return
        snd = self._sounds.get(name)
        if snd is not None:
            snd.play()
        self._last = time.monotonic()

    def rest(self, now: float | None = None) -> None:
        """Called by the idle loop: close the audio device once it has been quiet a while."""
        now = time.monotonic() if now is None else now
        if pygame.mixer.get_init() and now - self._last > CLOSE_AFTER_S and not pygame.mixer.get_busy():
            pygame.mixer.quit()
            self._sounds = {}
