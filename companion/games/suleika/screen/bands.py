"""A layer painted in bands: each band is painted again only when what it shows changed.

The Suleika panel is painted again whenever anything on it changes, but most of it stays as
it was: when Omar stops, the status says the payment and the scores change, while the keys,
the die and the turn line are those of the walk. A :class:`BandedLayer` keeps its picture
(like any :class:`~companion.ui.kit.Layer`) and is given a key per band (what that band
shows); a repaint paints, on its ground, only the bands whose key changed since they were
painted, over the picture kept. A band's painter draws inside its band (it is clipped there,
and nothing it draws reaches another band). ``invalidate()`` and a new canvas paint every band.

Texts painted into a band are kept with it: an audited frame sees every band's texts, the
ones painted now and the ones kept.

>>> import pygame
>>> painted = []
>>> bands = {"a": pygame.Rect(0, 0, 10, 5), "b": pygame.Rect(0, 5, 10, 5)}
>>> layer = BandedLayer(pygame.Rect(0, 0, 10, 10), bands, lambda s, name: painted.append(name), (0, 0, 0))
>>> screen = pygame.Surface((10, 10))
>>> _ = layer.draw_bands(screen, {"a": 1, "b": 1}); _ = layer.draw_bands(screen, {"a": 1, "b": 2})
>>> painted
['a', 'b', 'b']
>>> layer.invalidate(); _ = layer.draw_bands(screen, {"a": 1, "b": 2}); painted[3:]
['a', 'b']
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping

import pygame

from companion.ui.kit import Layer, audit

Colour = tuple[int, int, int]


class BandedLayer(Layer):
    """A cached picture of ``bands`` (name → rect, in the picture's coordinates), each
    painted by ``paint_band(surface, name)`` on ``ground`` when its key changed."""

    def __init__(self, rect: pygame.Rect, bands: Mapping[str, pygame.Rect],
                 paint_band: Callable[[pygame.Surface, str], None], ground: Colour, *, screen_coords: bool = False):
        super().__init__(rect, self._paint_bands, screen_coords=screen_coords, clear=False)
        self.bands = dict(bands)
        self.paint_band = paint_band
        self.ground = ground
        #: how often each band was painted (tests and the benchmark read it)
        self.band_renders = dict.fromkeys(self.bands, 0)
        self._keys: dict[str, Hashable] = {}
        self._painted: dict[str, Hashable] = {}  #: each band's key when it was painted
        self._band_marks: dict[str, audit.Record] = {}  #: the texts painted into each band
        self._on: pygame.Surface | None = None  #: the canvas the kept bands were painted on

    def invalidate(self) -> None:
        """Paint every band again before the next draw."""
        super().invalidate()
        self._painted = {}

    def draw_bands(self, dest: pygame.Surface, keys: Mapping[str, Hashable]) -> pygame.Rect:
        """Blit the picture, painting first the bands whose key (what it shows) changed."""
        self._keys = dict(keys)
        renders = self.renders
        self.surface(tuple(self._keys[name] for name in self.bands))
        if self.renders != renders:  # painted now: the picture's texts are every band's, kept or new
            marks = audit.Record()
            for name in self.bands:
                marks.texts += self._band_marks[name].texts
                marks.controls += self._band_marks[name].controls
            self._marks = marks
        return self.draw(dest)

    def _paint_bands(self, surf: pygame.Surface) -> None:
        if surf is not self._on:  # a new canvas holds none of them
            self._on, self._painted = surf, {}
        for name, band in self.bands.items():
            key = self._keys.get(name)
            if name not in self._painted or self._painted[name] != key:
                clip = surf.get_clip()
                surf.set_clip(band)
                surf.fill(self.ground, band)
                with audit.capture() as marks:
                    self.paint_band(surf, name)
                surf.set_clip(clip)
                self._painted[name], self._band_marks[name] = key, marks
                self.band_renders[name] += 1
