"""The audit: what the kit drew, and what players at the table could not read or hit.

While :func:`recording` is active, every text the kit (and ``theme.blit_text``) draws is
noted with its visible height, the box it had to stay in and where it landed, and every
control with its rect. :func:`problems` turns one such record into plain sentences; a test
draws a screen once inside ``recording()`` and asserts ``problems(record) == []``.

>>> import pygame
>>> with recording() as rec:
...     note_control("ok", pygame.Rect(0, 0, 40, 40), "OK")
>>> problems(rec)
["control 'OK' is 40×40 px, touch targets need 64×64 px"]
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from contextlib import contextmanager
from typing import NamedTuple

import pygame

from companion.ui.kit.sizes import MIN_PX, MIN_TOUCH, READ_PX


# named tuples and a plain class, not data classes: the kit is loaded before the first frame,
# and a data class is compiled from source when it is defined
class TextMark(NamedTuple):
    """One drawn text. ``px`` is its visible capital height, ``size`` the font size that was
    passed to ``pygame.font.Font(None, size)``; ``role`` is ``"read"`` for text the table
    reads from its chairs, else ``"min"``."""

    text: str
    px: int
    size: int
    role: str
    box: pygame.Rect | None  # None: it only has to stay on its surface
    drawn: pygame.Rect
    surface: pygame.Rect
    cut: bool = False  #: shortened with "…" to fit its box


class ControlMark(NamedTuple):
    """One drawn control (a touch target)."""

    key: Hashable
    rect: pygame.Rect
    label: str


class Record:
    """Everything drawn while recording; draw one frame per record (or ``clear()`` between)."""

    def __init__(self) -> None:
        self.texts: list[TextMark] = []
        self.controls: list[ControlMark] = []

    def clear(self) -> None:
        self.texts.clear()
        self.controls.clear()

    def replay(self, other: Record, offset: tuple[int, int], surface: pygame.Rect) -> None:
        """Add ``other``'s marks moved by ``offset`` (a cached layer blitted onto ``surface``).
        A text that had to stay inside the layer's surface must now stay inside that rect."""
        dx, dy = offset
        for t in other.texts:
            box = (t.box if t.box is not None else t.surface).move(dx, dy)
            self.texts.append(t._replace(box=box, drawn=t.drawn.move(dx, dy), surface=surface))
        for c in other.controls:
            self.controls.append(c._replace(rect=c.rect.move(dx, dy)))


_stack: list[Record] = []  # the UI draws from one thread; nested recordings each get a copy


@contextmanager
def recording() -> Iterator[Record]:
    """Record what is drawn inside the ``with`` block (nested recordings all see it)."""
    rec = Record()
    _stack.append(rec)
    try:
        yield rec
    finally:
        _stack.remove(rec)


@contextmanager
def capture() -> Iterator[Record]:
    """Record into a fresh record that only this block sees (a cached layer being painted:
    its marks are replayed with :func:`replay` wherever the layer is blitted)."""
    rec = Record()
    saved = _stack[:]
    _stack[:] = [rec]
    try:
        yield rec
    finally:
        _stack[:] = saved


def replay(marks: Record, offset: tuple[int, int], surface: pygame.Rect) -> None:
    """Add captured marks to every active record, moved by ``offset``."""
    for rec in _stack:
        rec.replay(marks, offset, surface)


def active() -> bool:
    """True while some recording is running (drawing code skips the bookkeeping otherwise)."""
    return bool(_stack)


def note_text(text: str, px: int, size: int, role: str, box: pygame.Rect | None, drawn: pygame.Rect,
              surface: pygame.Rect, cut: bool = False) -> None:
    """Note a drawn text; ``box`` None means it only has to stay on its surface; ``cut``: it
    was shortened with "…"."""
    if not _stack:
        return
    mark = TextMark(text, px, size, role, pygame.Rect(box) if box is not None else None, pygame.Rect(drawn),
                    pygame.Rect(surface), cut)
    for rec in _stack:
        rec.texts.append(mark)


def note_control(key: Hashable, rect: pygame.Rect, label: str = "") -> None:
    """Note a drawn control."""
    if not _stack:
        return
    mark = ControlMark(key, pygame.Rect(rect), label)
    for rec in _stack:
        rec.controls.append(mark)


def _name(s: str) -> str:
    return repr(s if len(s) <= 40 else s[:39] + "…")


def text_problems(t: TextMark) -> list[str]:
    """What is wrong with one drawn text (empty when nothing)."""
    out: list[str] = []
    if not t.text.strip():
        return out
    read = t.role in ("read", "say")
    floor = READ_PX if read else MIN_PX
    if t.px < floor:
        what = "read from across the table" if read else "on screen"
        out.append(f"text {_name(t.text)} is {t.px} px high (font size {t.size}); text {what} needs {floor} px")
    if t.box is not None and not t.box.contains(t.drawn):
        out.append(f"text {_name(t.text)} at {tuple(t.drawn)} runs out of its box {tuple(t.box)}")
    elif not t.surface.contains(t.drawn):
        out.append(f"text {_name(t.text)} at {tuple(t.drawn)} runs off the screen {tuple(t.surface)}")
    if t.cut and t.role == "say":
        out.append(f"text {_name(t.text)} says what happened or why not and is cut with \"…\"")
    return out


def control_problems(controls: list[ControlMark]) -> list[str]:
    """Small touch targets and controls lying over each other."""
    out: list[str] = []
    seen: list[ControlMark] = []
    for c in controls:
        if any(s.key == c.key and s.rect == c.rect for s in seen):
            continue  # the same control drawn again (a second frame)
        seen.append(c)
    for c in seen:
        if c.rect.w < MIN_TOUCH or c.rect.h < MIN_TOUCH:
            out.append(f"control {_name(c.label or str(c.key))} is {c.rect.w}×{c.rect.h} px, "
                       f"touch targets need {MIN_TOUCH}×{MIN_TOUCH} px")
    for i, a in enumerate(seen):
        for b in seen[i + 1:]:
            if a.rect.colliderect(b.rect):
                out.append(f"controls {_name(a.label or str(a.key))} {tuple(a.rect)} and "
                           f"{_name(b.label or str(b.key))} {tuple(b.rect)} overlap")
    return out


def problems(record: Record) -> list[str]:
    """Every problem in ``record``, each once, in drawing order."""
    found: list[str] = []
    for t in record.texts:
        found.extend(text_problems(t))
    found.extend(control_problems(record.controls))
    return list(dict.fromkeys(found))
