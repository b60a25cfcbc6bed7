"""Controls that keep their places, and taps that act on release.

A :class:`Control` is a touch target with a stable ``key``. A screen lays its controls out
once (in ``layout()``) and hands them to a :class:`Controls` collection, which turns finger
or mouse DOWN/UP pairs into taps:

* DOWN remembers the control under the finger; UP acts only if the finger is still over a
  control with the same key (a press that slides off does nothing);
* for ``GUARD_S`` after the set of controls changed (``changed(now)``, or noticed by itself
  when the keys on screen differ), taps are ignored: a double tap cannot hit what appeared
  under the finger after the first one;
* for ``GUARD_S`` after a tap acted, the same control does not act again (a double tap is one
  tap, whether or not the screen changed), and for twice that long nothing acts at the spot
  the finger just left (a board cell, or the next player's key that took the place of the
  key just tapped), except the same key again where it ``repeats`` (a keyboard's letter).

>>> hits = []
>>> ctl = Controls(clock=lambda: 0.0)
>>> ctl.set([Control(pygame.Rect(0, 0, 100, 64), "Roll", lambda: hits.append("roll"), key="roll")], now=0.0)
>>> _ = ctl.down((10, 10), now=1.0); ctl.up((12, 11), now=1.1).key
'roll'
>>> hits
['roll']
"""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable, Iterable, Iterator
from typing import Any, NamedTuple, Protocol

import pygame

from companion.ui import theme
from companion.ui.kit import audit
from companion.ui.kit.cache import ByteCache, surface_bytes
from companion.ui.kit.layout import inset
from companion.ui.kit.text import Label

GUARD_S = 0.25  #: seconds taps are ignored after the controls on screen changed
SLOP_PX = 24    #: a tap on no control may move this far between DOWN and UP
#: the radius of a control's rounded corners: only the squares of this side in its corners have
#: see-through pixels, every column between them is the control's own from top to bottom
CORNER = 10

Colour = tuple[int, int, int]


def draw_icon(surf: pygame.Surface, rect: pygame.Rect, icon: str, ink: Colour) -> None:
    """A drawn triangle ("left", "right", "up", "down"): the bundled font has no arrows."""
    half = min(rect.w, rect.h) // 4
    cx, cy = rect.center
    points = {
        "up": [(cx, cy - half), (cx - half, cy + half), (cx + half, cy + half)],
        "down": [(cx, cy + half), (cx - half, cy - half), (cx + half, cy - half)],
        "left": [(cx - half, cy), (cx + half, cy - half), (cx + half, cy + half)],
        "right": [(cx + half, cy), (cx - half, cy - half), (cx - half, cy + half)],
    }.get(icon)
    if points:
        pygame.draw.polygon(surf, ink, points)


class Control:
    """A tappable rect with a label. ``key`` identifies it across layouts (default: label
    and rect); ``role`` "read" marks its label as read from across the table; ``icon``
    draws an arrow; ``visible=False`` makes an invisible hit area (over a picture).

    A plain class, not a data class: the kit is loaded before the first frame, and a data
    class is compiled from source when it is defined. ``settings()`` gives what it was made
    with, to make another control of the same look (``Greyed(**c.settings())``).

    >>> c = Control(pygame.Rect(0, 0, 64, 64), "3", key=("die", 3))
    >>> c.hit((5, 5)), c.ident
    (True, ('die', 3))
    """

    #: the font size of a label made without one (None: the read size)
    default_size: int | None = None
    #: a key meant to be tapped again at once, as a keyboard's letter ("nn" in "Anna"): its
    #: second tap counts once the guard is over, without the longer wait at the spot just
    #: tapped (the same key stays there and means the same)
    repeats = False
    #: its look stays for many frames (a menu key): its picture is run-length encoded at its
    #: first blit. A choice of a list, whose look changes with every move of the highlight, is
    #: not (:class:`Picture`)
    steady = True
    #: what ``__init__`` takes, in its order
    SETTINGS = ("rect", "label", "on_tap", "enabled", "selected", "size", "color", "key", "role", "icon",
                "visible", "pressed")

    def __init__(self, rect: pygame.Rect, label: str = "", on_tap: Callable[[], object] | None = None,
                 enabled: bool = True, selected: bool = False, size: int | None = None,
                 color: Colour | None = None, key: Hashable = None, role: str = "read", icon: str | None = None,
                 visible: bool = True, pressed: bool = False) -> None:
        self.rect = rect
        self.label = label
        self.on_tap = on_tap
        self.enabled = enabled
        self.selected = selected
        self.size = self.default_size if size is None else size
        self.color = color
        self.key = key
        self.role = role
        self.icon = icon
        self.visible = visible
        self.pressed = pressed  # set by Controls while a finger is down on it: seen at once

    def settings(self) -> dict[str, Any]:
        """What it was made with (and has now), by name."""
        return {name: getattr(self, name) for name in self.SETTINGS}

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.rect!r}, {self.label!r}, key={self.key!r}, enabled={self.enabled!r})"

    @property
    def ident(self) -> Hashable:
        """What the tap tracker compares between DOWN and UP."""
        return self.key if self.key is not None else (self.label, tuple(self.rect))

    def hit(self, pos: tuple[int, int]) -> bool:
        """True when ``pos`` is on it and it is enabled."""
        return self.enabled and self.rect.collidepoint(pos)

    def tap(self) -> bool:
        """Act as if tapped; False (and nothing happens) when disabled."""
        if not self.enabled or self.on_tap is None:
            return False
        self.on_tap()
        return True

    def fill(self) -> Colour:
        """Its background: lit while pressed, dimmed while disabled."""
        fill = self.color or (theme.PANEL_HI if self.selected or self.pressed else theme.PANEL)
        if self.pressed and self.enabled:
            fill = (min(255, fill[0] + 40), min(255, fill[1] + 40), min(255, fill[2] + 40))
        if not self.enabled:
            fill = (fill[0] // 2, fill[1] // 2, fill[2] // 2)
        return fill

    def look(self) -> tuple[Hashable, ...]:
        """Everything its picture depends on (not where it is): equal looks, equal pixels."""
        return (self.rect.w, self.rect.h, self.fill(), self.selected, self.enabled, self.icon, self.label,
                self.role, self.size)

    def paint(self, surf: pygame.Surface, rect: pygame.Rect) -> None:
        """Draw the control into ``rect`` of ``surf`` from scratch. A control of its own look
        paints every pixel of ``rect`` but its rounded corners (``CORNER``): its picture is
        blitted with only the corners' squares see-through (:class:`Picture`)."""
        fill = self.fill()
        pygame.draw.rect(surf, fill, rect, border_radius=CORNER)
        border = theme.GOLD if self.selected else theme.INK_DIM
        pygame.draw.rect(surf, border, rect, 3 if self.selected else 1, border_radius=CORNER)
        ink = theme.INK if self.enabled else theme.INK_DIM
        if self.icon:
            draw_icon(surf, rect, self.icon, ink)
        if self.label:
            Label(self.label, inset(rect, 5, 2), role=self.role, size=self.size, color=ink,
                  align="center", wrap=True).draw(surf)

    def draw(self, surf: pygame.Surface) -> None:
        """Blit its picture, painted once per look; an audit sees its text as if painted here."""
        if audit.active():
            audit.note_control(self.ident, self.rect, self.label)
        if not self.visible:
            return
        kept = picture(self)
        if kept.middle is None:  # encoded (most keys, most frames): one blit
            surf.blit(kept.img, self.rect)
        else:
            kept.blit(surf, self.rect.topleft)
        marks = kept.marks
        if audit.active():
            audit.replay(marks, self.rect.topleft, surf.get_rect())


#: a colour no control paints: the rounded corners of a cached picture stay see-through
_KEY = (1, 254, 3)
#: a choice's picture blitted this many times is run-length encoded from then on (:class:`Picture`)
ENCODE_AT = 3


class Picture:
    """A control's picture, painted once per look (``img``, opaque, with the texts painted into
    it: ``marks``), and how it is blitted.

    Only its corners are see-through. A colour-keyed blit tests every pixel (about ten
    instructions a pixel); run-length encoding the picture (``RLEACCEL``) makes its blits
    cheap (a 316 × 117 key: 0.03 M instructions instead of 0.35 M) but costs about 0.45 M once,
    again whenever it is blitted onto another surface than the last (SDL encodes it for the
    surface it goes to), and keeps a second copy of the pixels. A menu key is blitted at every
    frame for minutes: it is encoded at once (``encode_at`` 1). A choice whose look changes at
    every move of the highlight is blitted a few times: its picture is blitted in three parts,
    the columns between the corners copied as they are and the two outer columns colour-keyed
    (views of the same pixels, not copies; about 0.09 M for that key), and from its
    ``encode_at``-th blit on it is encoded and blitted whole. The same pixels either way."""

    __slots__ = ("look", "img", "marks", "blits", "encode_at", "middle", "left", "right")

    def __init__(self, look: tuple[Hashable, ...], img: pygame.Surface, marks: audit.Record,
                 encode_at: int = ENCODE_AT) -> None:
        self.look, self.img, self.marks, self.blits, self.encode_at = look, img, marks, 0, encode_at
        w, h = img.get_size()
        self.middle: pygame.Rect | None = None  # None: encoded, blitted whole
        self.left = self.right = img
        if w > 2 * CORNER and encode_at > 1:  # every column between the corners is the key's own
            self.middle = pygame.Rect(CORNER, 0, w - 2 * CORNER, h)
            self.left, self.right = img.subsurface((0, 0, CORNER, h)), img.subsurface((w - CORNER, 0, CORNER, h))
            self.left.set_colorkey(_KEY)
            self.right.set_colorkey(_KEY)
        else:
            img.set_colorkey(_KEY, pygame.RLEACCEL)

    def bytes(self) -> int:
        """Its pixels, twice once encoded (SDL keeps the run-length copy beside them)."""
        return surface_bytes(self.img) * (1 if self.middle is not None else 2)

    def blit(self, surf: pygame.Surface, at: tuple[int, int]) -> None:
        """Blit it onto ``surf`` with its top left corner at ``at``."""
        if self.middle is None:
            surf.blit(self.img, at)
            return
        x, y = at
        surf.blits(((self.img, (x + CORNER, y), self.middle), (self.left, at),
                    (self.right, (x + CORNER + self.middle.w, y))), doreturn=False)
        self.blits += 1
        if self.blits >= self.encode_at:
            self.middle, self.left, self.right = None, self.img, self.img  # the views let go of first
            self.img.set_colorkey(_KEY, pygame.RLEACCEL)  # encoded at its next blit
            if _pictures.get(self.look) is self:
                _pictures.put(self.look, self)  # counted again: its bytes doubled


#: the pictures kept, by bytes (a full-width control holds a hundred times a small key's pixels)
_pictures: ByteCache[tuple[Hashable, ...], Picture] = ByteCache("control pictures", 8 * 1024 * 1024, Picture.bytes)
painted = 0  #: how many control pictures were painted (tests read it)


def picture(control: Control) -> Picture:
    """The control's cached picture and the texts painted into it (same pixels as painting it
    on the screen: the text is blended onto the control's own opaque fill either way)."""
    global painted
    look = control.look()
    kept = _pictures.get(look)
    if kept is None:
        img = pygame.Surface(control.rect.size)
        img.fill(_KEY)
        with audit.capture() as marks:
            control.paint(img, img.get_rect())
        kept = _pictures.put(look, Picture(look, img, marks, 1 if control.steady else ENCODE_AT))
        painted += 1
    return kept


class _Press(NamedTuple):
    pos: tuple[int, int]
    at: float
    control: Control | None


class _Acted(NamedTuple):
    """The last tap that acted: on which control (None: the board), where and when."""

    ident: Hashable
    pos: tuple[int, int]
    at: float


class HasControls(Protocol):
    """A group that makes its controls from its own state (a choice list, a keypad)."""

    def controls(self) -> list[Control]: ...


class Controls:
    """The controls on screen and the tap tracking over them.

    ``set`` takes controls and groups (anything with ``controls()``, asked afresh each time,
    so a keypad's enabled keys or a list's page are always current). A change of the keys on
    screen starts the guard by itself. ``down``/``up`` feed finger or mouse events, ``draw``
    draws them all. ``clock`` gives the time when ``now`` is not passed.
    """

    def __init__(self, clock: Callable[[], float] = time.monotonic, guard: float = GUARD_S,
                 on_free: Callable[[tuple[int, int]], None] | None = None,
                 on_act: Callable[[_Acted | None], None] | None = None) -> None:
        self.clock = clock
        self.guard = guard
        self.on_free = on_free  #: a tap on no control (the board): gets the position
        #: told of a tap just before it acts: what it does may open a new screen, which must
        #: already know the tap (its spot stays dead there too)
        self.on_act = on_act
        self.parts: list[Control | HasControls] = []
        self._keys: tuple[Hashable, ...] = ()
        self._changed_at = float("-inf")
        self._press: _Press | None = None
        self._acted: _Acted | None = None

    @property
    def items(self) -> list[Control]:
        """The controls now on screen, in drawing order."""
        out: list[Control] = []
        for p in self.parts:
            out.extend([p] if isinstance(p, Control) else p.controls())
        return out

    def __iter__(self) -> Iterator[Control]:
        return iter(self.items)

    def __len__(self) -> int:
        return len(self.items)

    def _now(self, now: float | None) -> float:
        return self.clock() if now is None else now

    def set(self, parts: Iterable[Control | HasControls], now: float | None = None) -> None:
        """Show these controls and groups (in drawing order; the last wins a shared pixel)."""
        self.parts = list(parts)
        self._notice(self._now(now))

    def add(self, *parts: Control | HasControls, now: float | None = None) -> None:
        self.set([*self.parts, *parts], now)

    def changed(self, now: float | None = None) -> None:
        """The choices on screen were replaced: ignore taps for ``guard`` seconds."""
        self._changed_at = self._now(now)
        self._press = None

    def _notice(self, now: float, items: list[Control] | None = None) -> None:
        keys = tuple(c.ident for c in (self.items if items is None else items))
        if keys != self._keys:
            if self._keys:
                self.changed(now)
            self._keys = keys

    def at(self, pos: tuple[int, int]) -> Control | None:
        """The control under ``pos`` (enabled or not), or None."""
        for c in reversed(self.items):
            if c.rect.collidepoint(pos):
                return c
        return None

    def guarded(self, now: float | None = None) -> bool:
        """True while taps are ignored after a change."""
        return self._now(now) - self._changed_at < self.guard

    def _repeat(self, pos: tuple[int, int], control: Control | None, now: float) -> bool:
        """True for the second tap of a double tap: the control that just acted, within the
        guard, or anything at the spot that was just tapped, within twice the guard."""
        acted = self._acted
        if acted is None:
            return False
        since = now - acted.at
        if control is not None and control.ident == acted.ident:
            if since < self.guard:
                return True
            if control.repeats:
                return False
        near = abs(pos[0] - acted.pos[0]) <= SLOP_PX and abs(pos[1] - acted.pos[1]) <= SLOP_PX
        return near and since < 2 * self.guard

    def down(self, pos: tuple[int, int], now: float | None = None) -> Control | None:
        """A finger went down: remember what is under it (nothing during the guard)."""
        now = self._now(now)
        self._notice(now)
        under = self.at(pos)
        if self.guarded(now) or self._repeat(pos, under, now):
            self._press = None
            return None
        self._press = _Press(pos, now, under)
        return self._press.control

    def up(self, pos: tuple[int, int], now: float | None = None) -> Control | None:
        """The finger came up: tap the control if it is the one pressed, still under the
        finger, enabled, and nothing changed since the press. Returns the tapped control.
        A press and release on no control (moved less than ``SLOP_PX``) goes to ``on_free``."""
        now = self._now(now)
        self._notice(now)
        press, self._press = self._press, None
        if press is None or self._changed_at > press.at or self.guarded(now):
            return None
        under = self.at(pos)
        if press.control is None:
            near = abs(pos[0] - press.pos[0]) <= SLOP_PX and abs(pos[1] - press.pos[1]) <= SLOP_PX
            if under is None and near and self.on_free is not None:
                self._acting(_Acted(None, pos, now))
                self.on_free(pos)
                self._notice(now)
            return None
        if under is None or under.ident != press.control.ident:
            return None
        before = self._acted
        self._acting(_Acted(under.ident, pos, now))
        if not under.tap():
            self._acting(before)
            return None
        self._notice(now)  # what the tap did to the screen starts the guard now
        return under

    def _acting(self, tap: _Acted | None) -> None:
        self._acted = tap
        if self.on_act is not None:
            self.on_act(tap)

    @property
    def acted(self) -> _Acted | None:
        """The last tap that acted (a new screen takes it over from the one it replaces, so
        the second tap of a double tap finds nothing to do there either)."""
        return self._acted

    @acted.setter
    def acted(self, tap: _Acted | None) -> None:
        self._acted = tap

    @property
    def held(self) -> Control | None:
        """The control a finger is on now (drawn lit: the press is seen before the release)."""
        return self._press.control if self._press is not None else None

    def cancel(self) -> None:
        """Forget a press (the screen is being left)."""
        self._press = None

    def draw(self, surf: pygame.Surface, now: float | None = None) -> None:
        items = self.items
        self._notice(self._now(now), items)
        held = self._press.control.ident if self._press is not None and self._press.control is not None else None
        for c in items:
            c.pressed = held is not None and c.ident == held
            c.draw(surf)


#: The tap tracker is the collection: ``Controls`` remembers the press and the last change.
TapTracker = Controls
