"""Short sounds that confirm a press and a roll. Silent where there is no audio device."""

from __future__ import annotations

import pygame

from companion.gamedata import assets_dir


class Sounds:
    def __init__(self) -> None:
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        try:
            pygame.mixer.init()
        except pygame.error:
            return  # no sound card: the screen still confirms every press
        for name in ("click", "roll", "coins"):
            path = assets_dir() / "sounds" / f"{name}.wav"
            if path.exists():
                self._sounds[name] = pygame.mixer.Sound(str(path))

    def play(self, name: str) -> None:
        snd = self._sounds.get(name)
        if snd is not None:
            snd.play()
