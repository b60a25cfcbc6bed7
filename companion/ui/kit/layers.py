"""Static parts drawn once and kept, and updating only the parts of the screen that changed.

A :class:`Layer` paints a static part (the board, the balconies, a route) into its own
surface the first time it is drawn and again only after ``invalidate()`` (or when the
``key`` passed to ``draw`` differs from the last one, e.g. the board state). A frame then
just blits it. Painting happens in the layer's own coordinates: (0, 0) is ``rect.topleft``.

How a scene uses them::

    def layout(self):                                  # once, when the screen is built
        self.board_layer = Layer(BOARD_RECT, self.paint_board)
        self.dirty_rects = DirtyRects()

    def draw(self, surf):                              # every frame
        self.board_layer.draw(surf, key=self.state.board)   # repainted only if the board changed
        ... moving parts (Omar, the die) on top ...
        self.dirty_rects.add(self.board_layer.rect)   # what this frame changed

    # the app, after draw: dirty_rects.flush() calls pygame.display.update(rects) instead of
    # pygame.display.flip(); dirty_rects.everything() after a screen change.

Texts painted into a layer are replayed into an active audit record each time the layer is
drawn, moved to where the layer lands, so an audited frame sees them too.

>>> import pygame
>>> painted = []
>>> layer = Layer(pygame.Rect(10, 10, 50, 50), lambda s: painted.append(s.fill((1, 2, 3))))
>>> screen = pygame.Surface((100, 100))
>>> _ = layer.draw(screen); _ = layer.draw(screen); len(painted)
1
>>> layer.invalidate(); _ = layer.draw(screen); len(painted), tuple(screen.get_at((10, 10)))[:3]
(2, (1, 2, 3))
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable

import pygame

from companion.ui import theme
from companion.ui.kit import audit
from companion.ui.kit.cache import ByteCache, surface_bytes

_UNSET = object()

#: canvases of layers let go of (:func:`spare`), by size, flags and a count, for the next
#: layers of their size: SDL clears a new surface byte by byte (800 × 480: 1.5 M instructions
#: counted), a fill of a kept one costs a tenth of that. Bounded by bytes: two screens' worth
_SPARE: ByteCache[tuple[tuple[int, int], int, int], pygame.Surface] = ByteCache(
    "spare canvases", 2 * 800 * 480 * 4, surface_bytes)
_SPARES_EACH = 2  #: canvases kept of one size and kind at most


def spare(values: Iterable[object], size: tuple[int, int] | None = None) -> int:
    """Keep the canvases of the layers among ``values`` (a throwaway screen's attributes,
    say) for the next layers of their sizes; the layers lose them (they would paint anew on a
    new one). ``size``: only the canvases of that size. Returns how many were kept."""
    kept = 0
    for layer in values:
        if not isinstance(layer, Layer) or layer._canvas is None:
            continue
        if size is not None and layer._canvas.get_size() != tuple(size):
            continue
        canvas, layer._canvas, layer._surface = layer._canvas, None, None
        kind = canvas.get_flags() & pygame.SRCALPHA
        free = [k for k in range(_SPARES_EACH) if _SPARE.get((canvas.get_size(), kind, k)) is None]
        if free:
            _SPARE.put((canvas.get_size(), kind, free[0]), canvas)
            kept += 1
    return kept


def _canvas(size: tuple[int, int], flags: int) -> pygame.Surface:
    """A clean canvas: a spare one of that size and kind, cleared as a new one is, or a new one."""
    for k in range(_SPARES_EACH):
        canvas = _SPARE.pop((size, flags & pygame.SRCALPHA, k))
        if canvas is not None:
            canvas.set_clip(None)
            canvas.fill((0, 0, 0, 0))
            return canvas
    return pygame.Surface(size, flags)


class Layer:
    """A cached picture of a static part; ``paint(surface)`` draws it from scratch.
    ``transparent`` keeps what is not painted see-through (slower to blit: use it only for
    overlays)."""

    def __init__(self, rect: pygame.Rect, paint: Callable[[pygame.Surface], None], *, transparent: bool = False,
                 screen_coords: bool = False, clear: bool = True):
        self.rect = pygame.Rect(rect)
        self.paint = paint
        self.transparent = transparent
        #: paint in the screen's coordinates (into a screen-sized surface, of which ``rect``
        #: is shown): drawing code written for the screen caches unchanged
        self.screen_coords = screen_coords
        #: False when ``paint`` covers all of ``rect`` itself: a repaint then skips clearing
        self.clear = clear
        self.renders = 0  #: how often it was painted (tests and the benchmark read it)
        self._surface: pygame.Surface | None = None  #: the picture, None when it must be painted
        self._canvas: pygame.Surface | None = None   #: the surface it is painted on, kept
        self._key: object = _UNSET
        self._marks = audit.Record()

    def invalidate(self) -> None:
        """Paint again before the next draw (something static changed)."""
        self._surface = None

    def shows(self, key: Hashable) -> bool:
        """Whether the picture is painted, for ``key`` (a draw with it would only blit)."""
        return self._surface is not None and key == self._key

    def surface(self, key: Hashable | object = _UNSET) -> pygame.Surface:
        """The picture, painted now if it was invalidated or ``key`` changed."""
        if key is not _UNSET and key != self._key:
            self._key = key
            self._surface = None
        if self._surface is None:
            surf = self._canvas
            if surf is None:  # made once: a new surface is cleared byte by byte, dearer than a fill
                flags = pygame.SRCALPHA if self.transparent else 0
                # in the screen's coordinates the canvas reaches the rect's far corner, no
                # further: a new surface is cleared byte by byte, and what is painted beyond
                # the rect is never shown
                size = (self.rect.right, self.rect.bottom) if self.screen_coords else self.rect.size
                surf = self._canvas = _canvas(size, flags)
            elif self.clear:  # painted again on a clean canvas, as on a new one
                surf.fill((0, 0, 0, 0), self.rect if self.screen_coords else None)
            with audit.capture() as marks:
                self.paint(surf)
            self._marks = marks
            self._surface = surf
            self.renders += 1
        return self._surface

    def draw(self, dest: pygame.Surface, key: Hashable | object = _UNSET) -> pygame.Rect:
        """Blit the picture at ``rect`` (painting it first if needed); returns the rect."""
        if self.screen_coords:
            r = dest.blit(self.surface(key), self.rect, self.rect)
            offset = (0, 0)
        else:
            r = dest.blit(self.surface(key), self.rect)
            offset = self.rect.topleft
        if audit.active():  # the layer's texts, as if drawn now, where the layer lands
            audit.replay(self._marks, offset, dest.get_rect())
        return r


class DirtyRects:
    """The parts of the screen a frame changed; ``flush`` updates only those.

    >>> d = DirtyRects(pygame.Rect(0, 0, 800, 480))
    >>> d.add(pygame.Rect(0, 0, 10, 10)); d.add(pygame.Rect(5, 5, 10, 10)); d.add(pygame.Rect(100, 0, 5, 5))
    >>> [tuple(r) for r in d.rects()]
    [(0, 0, 15, 15), (100, 0, 5, 5)]
    """

    def __init__(self, screen: pygame.Rect | None = None) -> None:
        self.screen = pygame.Rect(screen) if screen is not None else pygame.Rect((0, 0), theme.SIZE)
        self._rects: list[pygame.Rect] = []

    def add(self, *rects: pygame.Rect | None) -> None:
        """Mark rects as changed (None is ignored: a draw that drew nothing)."""
        for r in rects:
            if r is not None:
                clipped = pygame.Rect(r).clip(self.screen)
                if clipped.w and clipped.h:
                    self._rects.append(clipped)

    def everything(self) -> None:
        """The whole screen changed (a new screen, a language switch)."""
        self._rects = [self.screen.copy()]

    def rects(self) -> list[pygame.Rect]:
        """The changed rects, overlapping ones merged."""
        merged: list[pygame.Rect] = []
        for r in self._rects:
            r = r.copy()
            again = True
            while again:  # a union can reach rects merged before: repeat until stable
                again = False
                for m in list(merged):
                    if m.colliderect(r):
                        merged.remove(m)
                        r.union_ip(m)
                        again = True
            merged.append(r)
        return merged

    def flush(self, update: Callable[[Iterable[pygame.Rect]], object] | None = None) -> list[pygame.Rect]:
        """Push the changed rects to the display (``pygame.display.update``) and forget them."""
        rects = self.rects()
        self._rects = []
        if rects:
            (update or pygame.display.update)(rects)
        return rects
