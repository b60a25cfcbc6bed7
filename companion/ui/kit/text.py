"""Text that fits its box: it shrinks to its floor, then ends in an ellipsis; it never clips.

Sizes: ``size`` is what goes to ``pygame.font.Font(None, size)``; the rules are about the
visible capital height (see :mod:`companion.ui.kit.sizes`), so use :func:`read_size` for
what the table reads from its chairs (turn, status and payment lines, money, scores,
choices) and :func:`min_size` as the floor for everything else.

>>> import pygame; pygame.font.init()
>>> cap_height(48), read_size(), min_size()
(24, 47, 37)
>>> fit("Scheherazade", 48, 120)
'Sche…'
>>> Label("Fatima pays 5", pygame.Rect(0, 0, 300, 64), role="read").fitted().size
47
"""

from __future__ import annotations

import math
import re
from functools import lru_cache
from typing import NamedTuple, cast

import pygame

from companion.ui import theme
from companion.ui.kit import audit
from companion.ui.kit.cache import ByteCache, byte_cached, surface_bytes
from companion.ui.kit.sizes import MIN_PX, READ_PX

ELLIPSIS = "…"
ALIGN = {"left": pygame.FONT_LEFT, "center": pygame.FONT_CENTER, "right": pygame.FONT_RIGHT}
Colour = tuple[int, int, int]


def _ready() -> None:
    if not pygame.font.get_init():
        pygame.font.init()


def cap_height(size: int, bold: bool = False) -> int:
    """Visible height in px of a capital letter drawn at font ``size`` (``bold`` draws the
    same face, see :func:`companion.ui.theme.font`)."""
    return _cap_height(size)


@lru_cache(maxsize=256)
def _cap_height(size: int) -> int:
    _ready()
    metrics = theme.font(size).metrics("H")[0]
    if metrics is None:  # a font without "H": fall back to the ascent
        return theme.font(size).get_ascent()
    _minx, _maxx, miny, maxy, _adv = metrics
    return maxy - miny


#: ``size_for`` of pygame-ce's bundled font (file name, bytes): measuring it at start opens the
#: face at four sizes the first frame never draws; ``tests/ui/test_kit_text.py`` measures it again
MEASURED_FONT = ("freesansbold.ttf", 98600)
MEASURED_SIZES = {READ_PX: 47, MIN_PX: 37}


def _bundled_font_is_measured() -> bool:
    import os

    name, size = MEASURED_FONT
    path = theme.bundled_font_path()
    try:
        return os.path.basename(path) == name and os.path.getsize(path) == size
    except OSError:
        return False


@lru_cache(maxsize=64)
def size_for(px: int, bold: bool = False) -> int:
    """The smallest font size whose capitals are at least ``px`` tall."""
    if px in MEASURED_SIZES and _bundled_font_is_measured():
        return MEASURED_SIZES[px]
    return measure_size_for(px)


def measure_size_for(px: int) -> int:
    """:func:`size_for`, worked out from the font itself."""
    # capitals grow in proportion to the size: start at the proportional guess (one font
    # opened to measure, not one for every size on the way up), then settle on the smallest
    # size that reaches ``px``
    size = max(1, math.ceil(px * _PROBE / max(1, cap_height(_PROBE))))
    while size > 1 and cap_height(size - 1) >= px:
        size -= 1
    while cap_height(size) < px:
        size += 1
    return size


_PROBE = 100  #: the size measured to guess the others


def read_size(bold: bool = False) -> int:
    """Font size for text read from across the table (capitals ≥ ``READ_PX``)."""
    return size_for(READ_PX, bold)


def min_size(bold: bool = False) -> int:
    """The smallest font size any text may have (capitals ≥ ``MIN_PX``)."""
    return size_for(MIN_PX, bold)


#: roles read from the chairs: "say" is such text that carries meaning (a refusal, an event,
#: a payment), which is never cut: it gets more lines or a bigger box (:func:`room_for`), and
#: the audit reports it when it still ends in "…"
READ_ROLES = ("read", "say")


def floor_for(role: str, bold: bool = False) -> int:
    """The font size a text of ``role`` ("read", "say" or "min") may shrink to, no further."""
    return read_size(bold) if role in READ_ROLES else min_size(bold)


def room_for(text: str, rect: pygame.Rect, room: pygame.Rect, size: int | None = None, bold: bool = False,
             pad: tuple[int, int] = (8, 4)) -> pygame.Rect:
    """``rect``, grown inside ``room`` until ``text`` wraps whole in it (inset by ``pad``) at
    ``size`` (default: the read size): taller first (downwards, then upwards where ``room``
    ends), then ``room`` whole. A text that fits keeps ``rect``.

    >>> import pygame; pygame.font.init()
    >>> box, room = pygame.Rect(0, 100, 300, 60), pygame.Rect(0, 0, 400, 300)
    >>> room_for("Anna", box, room) == box
    True
    >>> grown = room_for("Anna zahlt 12 Dinar an Maximiliane-So", box, room)
    >>> grown.w == 300 and grown.h > 60 and room.contains(grown)
    True
    """
    got = _room_for(text, tuple(rect), tuple(room), size or read_size(bold), bold, pad)
    return pygame.Rect(got)


@lru_cache(maxsize=128)
def _room_for(text: str, rect: tuple[int, int, int, int], room: tuple[int, int, int, int], size: int, bold: bool,
              pad: tuple[int, int]) -> tuple[int, int, int, int]:
    # measured once per message and box (a banner is drawn every frame while it shows)
    x, y, w, h = rect
    px, py = pad
    need = render(text, size, theme.INK, bold, max(1, w - 2 * px)).get_height() + 2 * py
    if need <= h:
        return rect
    rx, ry, rw, rh = room
    if need > rh:
        return room
    top = min(y, ry + rh - need)  # downwards, and upwards where the room ends
    return (x, max(ry, top), w, need)


def _size_bytes(_size: tuple[int, int]) -> int:
    return 128  # the key's text and the pair: about a hundred bytes an entry


@byte_cached("text sizes", 256 * 1024, _size_bytes)
def text_size(text: str, size: int, bold: bool = False) -> tuple[int, int]:
    """``theme.font(size, bold).size(text)``, kept: measuring shapes the text anew each time
    (HarfBuzz), and screens measure the same key words at every frame to choose their size."""
    w, h = theme.font(size, bold).size(text)
    return int(w), int(h)


def fit(text: str, size: int, width: int, bold: bool = False) -> str:
    """``text``, or its longest beginning that fits ``width`` px followed by "…".

    >>> import pygame; pygame.font.init()
    >>> fit("Ali", 48, 400), fit("Ali Baba und die vierzig Räuber", 48, 200)
    ('Ali', 'Ali Baba u…')
    """
    if text_size(text, size, bold)[0] <= width:
        return text
    f = theme.font(size, bold)
    lo, hi = 0, len(text)  # lo chars always fit with the ellipsis (0 = the ellipsis alone)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if f.size(text[:mid].rstrip() + ELLIPSIS)[0] <= width:
            lo = mid
        else:
            hi = mid - 1
    short = text[:lo].rstrip() + ELLIPSIS
    return short if f.size(short)[0] <= width else ""


WHITE = (255, 255, 255)


def render(text: str, size: int, color: Colour, bold: bool = False, width: int = 0,
           align: str = "left") -> pygame.Surface:
    """One text as a surface; ``width`` > 0 wraps it at that many px, lines aligned as
    ``align`` says: SDL_ttf's own lines where they come out right, else those of
    :func:`wrap_lines` (no line begins with a space, none is left empty, and a centred line
    is centred on its letters).

    The same text in another colour (a lit key, a dimmed row) is not shaped again: a
    "blended" text is its colour in every pixel and only its alpha draws the letters, so a
    copy of it made white (``BLEND_RGB_MAX``) and multiplied by the new colour is the very
    picture SDL_ttf draws in that colour. The pictures are shared: never draw on one."""
    if len(color) != 3:  # a colour with its own alpha: drawn as asked
        return _draw(text, size, color, bold, width, align)
    if width <= 0:
        align = "left"  # one line: the alignment plays no part
    key = (text, size, bold, max(0, width), align)
    shaped = _SHAPES.get(key)
    if shaped is None:
        return _SHAPES.put(key, (tuple(color), _draw(text, size, color, bold, width, align)))[1]
    was, img = shaped
    if was == tuple(color):
        return img
    out = img.copy()
    out.fill(WHITE, special_flags=pygame.BLEND_RGB_MAX)
    if color != WHITE:
        out.fill(color, special_flags=pygame.BLEND_RGB_MULT)
    return out


#: each text's first picture and its colour, by bytes
_SHAPES: ByteCache[tuple[str, int, bool, int, str], tuple[tuple[int, ...], pygame.Surface]] = ByteCache(
    "shaped texts", 3 * 1024 * 1024, lambda kept: surface_bytes(kept[1]))


def _draw(text: str, size: int, color: Colour | tuple[int, ...], bold: bool = False, width: int = 0,
          align: str = "left") -> pygame.Surface:
    f = theme.font(size, bold)
    if width <= 0:
        return f.render(text, True, color, None, 0)
    step = f.get_linesize()
    if align == "left":
        img = f.render(text, True, color, None, width)
        if img.get_height() < 2 * step or _lines_begin_at_the_edge(img, step, _space(size, bold)):
            return img  # one line, or lines that each begin at the left edge: SDL_ttf's are right
    elif "\n" not in text and text_size(text, size, bold)[0] <= width:
        return _one_line(f, text, color, width, align)  # one line, as SDL_ttf draws it
    # SDL_ttf began a line with a space or left one empty, or would centre (or right-align)
    # lines with the space each ended at: the lines of wrap_lines instead, drawn by SDL_ttf
    # in one go, each ended by a line break, wrapped in room for the break as well (its box is
    # a third of the size wide), so that it breaks at the breaks only. The picture is a view
    # of the width of that (a copy would clear and copy every pixel again)
    lines = wrap_lines(text, size, bold, width)
    if len(lines) == 1:
        return _one_line(f, lines[0], color, width, align)
    room = width + size // 2 + 2
    joined = _wrapped(f, "\n".join(lines), color, room, align)
    high = max(step, text_size(text, size, bold)[1]) + step * (len(lines) - 1)
    if joined is not None and joined.get_height() == high:
        x = {"left": 0, "center": room // 2 - width // 2, "right": room - width}[align]
        return joined.subsurface((x, 0, width, high))
    return _line_by_line(f, lines, color, width, align)  # it broke a line more (a ligature)


def _lines_begin_at_the_edge(img: pygame.Surface, step: int, space: int) -> bool:
    """Whether every line of SDL_ttf's wrapped picture after the first has letters within
    ``space`` - 2 px of its left edge: a line it began with a space has none there (a space
    is wider than any letter's own margin), nor has a line it left empty."""
    lines = (img.get_height() - step) // step + 1
    top = img.get_height() - step * lines  # each line's letters lie in the last ``step`` px of its row
    edge = max(1, space - 2)
    return all(img.subsurface((0, top + i * step, edge, step)).get_bounding_rect().w for i in range(1, lines))


def _line_by_line(f: pygame.font.Font, lines: list[str], color: Colour | tuple[int, ...], width: int,
                  align: str) -> pygame.Surface:
    """``lines`` drawn one by one, as SDL_ttf places them."""
    pictures = [f.render(line, True, color) if line else None for line in lines]
    step = f.get_linesize()
    row = max([step] + [p.get_height() for p in pictures if p is not None])
    out = pygame.Surface((width, row + step * (len(lines) - 1)), pygame.SRCALPHA)
    # SDL_ttf's wrapped picture: the text's colour in every pixel, the letters in the alpha
    # (render() colours a copy by that); each line copied in as it is (the lines never meet)
    out.fill((*color[:3], 0))
    for i, picture in enumerate(pictures):
        if picture is not None:
            w = picture.get_width()
            x = {"left": 0, "center": max(0, width // 2 - w // 2), "right": max(0, width - w)}[align]
            out.blit(picture, (x, i * step), special_flags=pygame.BLEND_RGBA_MAX)
    return out


def _one_line(f: pygame.font.Font, text: str, color: Colour | tuple[int, ...], width: int,
              align: str) -> pygame.Surface:
    if width <= 0:
        return f.render(text, True, color, None, 0)
    img = _wrapped(f, text, color, width, align)
    return img if img is not None else f.render(text, True, color, None, width)


def _wrapped(f: pygame.font.Font, text: str, color: Colour | tuple[int, ...], width: int,
             align: str) -> pygame.Surface | None:
    """SDL_ttf's picture of ``text`` wrapped at ``width`` px, its lines aligned; None where it
    cannot align them (SDL_ttf before 2.20 has no wrapped alignment)."""
    if align == "left":
        return f.render(text, True, color, None, width)
    try:
        f.align = ALIGN[align]
    except pygame.error:
        return None
    try:
        return f.render(text, True, color, None, width)
    finally:
        f.align = pygame.FONT_LEFT  # the font objects are shared with theme.text


def wrap_lines(text: str, size: int, bold: bool, width: int) -> list[str]:
    r"""The lines ``text`` is drawn in at ``width`` px: broken where SDL_ttf breaks them (at
    the last space that fits with the words before it, at each line break, and inside a word
    wider than the line), each without the spaces around it.

    SDL_ttf's own wrapping (``Font.render`` with ``wraplength``) slips where a line's first
    word fits but the space after it does not: it cuts after the word, and the space begins
    the next line (" mehr"; before a line break, the next line is left empty). It also
    centres a line with the space it ended at, half a space off. So the kit breaks the
    lines itself, in the same places, and SDL_ttf draws them at those breaks (:func:`render`).
    Where a line holds a ligature ("fi") SDL_ttf can break a character earlier than this.

    >>> import pygame; pygame.font.init()
    >>> size = read_size()
    >>> wrap_lines("Gleichstand: mehr Felder", size, False, text_size("Gleichstand:", size)[0])
    ['Gleichstand:', 'mehr Felder']
    >>> wrap_lines("an Alexandra-\nMari", size, False, 400)
    ['an Alexandra-', 'Mari']
    """
    font = theme.font(size, bold)
    space = _space(size, bold)

    def fits(line: list[str], guess: int, more: bool) -> bool:
        # ``guess`` adds up the line's words measured alone (kept: words recur) and its spaces;
        # it came within 2 + words / 2 px of the line measured whole for every text of the
        # screens (up to twelve words), so only a line near the width is measured whole
        slack = 4 + len(line) // 2
        if guess < width - slack or guess > width + slack:
            return guess < width
        return int(font.size(" ".join(line) + (" " if more else ""))[0]) <= width

    lines: list[str] = []
    paragraphs = text.split("\n")
    if paragraphs[-1] == "":
        paragraphs.pop()  # a break at the very end starts no line (nor does it for SDL_ttf)
    for paragraph in paragraphs:
        words = [word for word in paragraph.split(" ") if word]  # no-break spaces hold
        last = len(words) - 1
        line: list[str] = []
        guess = 0
        for k, word in enumerate(words):
            wide = _word_width(word, size, bold)
            # a word joins the line when it fits with the space after it (SDL_ttf's rule);
            # the paragraph's last word needs no room for a space
            if line:
                more = k < last
                if fits([*line, word], guess + space + wide + (space if more else 0), more):
                    line.append(word)
                    guess += space + wide
                    continue
                lines.append(" ".join(line))
            while wide > width and len(word) > 1:  # wider than the line: broken where it ends
                lo, hi = 1, len(word) - 1
                while lo < hi:
                    mid = (lo + hi + 1) // 2
                    if int(font.size(word[:mid])[0]) <= width:
                        lo = mid
                    else:
                        hi = mid - 1
                lines.append(word[:lo])
                word = word[lo:]
                wide = _word_width(word, size, bold)
            line, guess = [word], wide
        lines.append(" ".join(line))
    return lines


@lru_cache(maxsize=2048)
def _word_width(word: str, size: int, bold: bool) -> int:
    """A word's width alone: the words of wrapped texts recur (2048 words, some 250 KB)."""
    return int(theme.font(size, bold).size(word)[0])


@lru_cache(maxsize=16)
def _space(size: int, bold: bool) -> int:
    """How much wider a space makes a line."""
    font = theme.font(size, bold)
    return int(font.size("a a")[0]) - int(font.size("aa")[0])


def _fits(img: pygame.Surface, w: int, h: int) -> bool:
    return img.get_width() <= w and img.get_height() <= h


def _wrapped_with_ellipsis(text: str, size: int, color: Colour, bold: bool, w: int, h: int,
                           align: str) -> tuple[pygame.Surface, str]:
    """The longest beginning of ``text`` (whole words where possible) plus "…" whose wrapped
    picture fits ``h``; pygame decides the line breaks, so this asks pygame."""
    words = text.split(" ")

    def attempt(k: int) -> tuple[pygame.Surface, str]:
        shown = " ".join(words[:k]).rstrip(" ,;:–—-") + ELLIPSIS
        return render(shown, size, color, bold, w, align), shown

    lo, hi = 0, len(words) - 1
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if _fits(attempt(mid)[0], w, h):
            lo = mid
        else:
            hi = mid - 1
    if lo >= 1:
        return attempt(lo)
    shown = fit(text, size, w, bold)  # not even one word fits: one shortened line
    return render(shown, size, color, bold, 0, align), shown


class Fitted(NamedTuple):
    """What a label will draw: the picture, the font size used, the text shown (possibly
    shortened) and whether it fits its box at all (it does not when the box is lower than
    one line at the floor size; the audit then reports it)."""

    image: pygame.Surface
    size: int
    shown: str
    fits: bool


def _fitted_bytes(f: Fitted) -> int:
    return surface_bytes(f.image)


# by bytes: a wrapped paragraph across the screen is a thousand times a score's picture
def words_of(text: str) -> list[str]:
    """The pieces a wrapped line may break between: at spaces and after a hyphen.

    >>> words_of("Maximiliane-So zahlt")
    ['Maximiliane-', 'So', 'zahlt']
    """
    return [piece for word in text.split() for piece in re.findall(r"[^-]+-*|-+", word)]


def splits_a_word(text: str, size: int, bold: bool, width: int) -> bool:
    """True when wrapping ``text`` at ``width`` px would break inside a word: SDL_ttf breaks
    a word wider than the line anywhere ("Maximili" / "ane-So", "Bartholomä" / "us M")."""
    return any(text_size(word, size, bold)[0] > width for word in words_of(text))


def broken_after_hyphens(text: str, size: int, bold: bool, width: int) -> str:
    r"""``text`` with a line break after the hyphens a line needs: SDL_ttf wraps at spaces
    only, and breaks a word wider than the line anywhere ("Alexandr" / "a-Mari").

    >>> broken_after_hyphens("an Alexandra-Mari", min_size(), False, 150)
    'an Alexandra-\nMari'
    """
    if "-" not in text:
        return text
    words = text.split(" ")
    for k, word in enumerate(words):
        if "-" not in word or text_size(word, size, bold)[0] <= width:
            continue
        lines = [""]
        for piece in re.findall(r"[^-]+-*|-+", word):
            if lines[-1] and text_size(lines[-1] + piece, size, bold)[0] > width:
                lines.append(piece)
            else:
                lines[-1] += piece
        words[k] = "\n".join(lines)
    return " ".join(words)


@lru_cache(maxsize=256)
def label_lines(text: str, size: int, width: int, bold: bool = False) -> int:
    """How many lines a wrapped :class:`Label` draws ``text`` in at font ``size`` in ``width``
    px, none of them cut: the kit's own breaks (:func:`wrap_lines`) after the hyphens a line
    needs (:func:`broken_after_hyphens`), worked out without drawing. A count word by word
    comes out short where a word fits a line but not with the space after it.

    >>> import pygame; pygame.font.init()
    >>> label_lines("Anna", min_size(), 300), label_lines("an Alexandra-Mari", min_size(), 150)
    (1, 3)
    """
    return len(wrap_lines(broken_after_hyphens(text, size, bold, width), size, bold, width))


@byte_cached("fitted texts", 6 * 1024 * 1024, _fitted_bytes)
def fitted(text: str, size: int, floor: int, color: Colour, bold: bool, w: int, h: int, align: str,
           wrap: bool) -> Fitted:
    """Fit ``text`` into ``w``×``h``: the largest size from ``size`` down to ``floor``
    (never below, never above ``size``) at which it fits whole, wrapped (``wrap``) only at
    spaces and after hyphens, never inside a word; else, at the floor size, wrapped where a
    word is wider than the line itself, else shortened with "…". Cached: labels are drawn
    every frame."""
    last = min(size, floor)

    def whole(img: pygame.Surface, at: int) -> bool:
        return _fits(img, w, h) and not (wrap and splits_a_word(text, at, bold, w))

    def lines(at: int) -> str:
        return broken_after_hyphens(text, at, bold, w) if wrap else text

    img = render(lines(size), size, color, bold, w if wrap else 0, align)
    if whole(img, size):
        return Fitted(img, size, text, True)
    lo, hi, best = last, size - 1, None  # a bigger font never takes less room: halve the range
    while lo <= hi:
        mid = (lo + hi) // 2
        trial = render(lines(mid), mid, color, bold, w if wrap else 0, align)
        if whole(trial, mid):
            best, lo = (trial, mid), mid + 1
        else:
            hi = mid - 1
    if best is not None:
        return Fitted(best[0], best[1], text, True)
    img = render(lines(last), last, color, bold, w if wrap else 0, align)
    if wrap and _fits(img, w, h):   # a word wider than the line at the floor: broken inside, not cut
        return Fitted(img, last, text, True)
    if wrap:
        img, shown = _wrapped_with_ellipsis(text, last, color, bold, w, h, align)
    else:
        shown = fit(text, last, w, bold)
        img = render(shown, last, color, bold, 0, align)
    return Fitted(img, last, shown, _fits(img, w, h))


def place(img: pygame.Surface, box: pygame.Rect, align: str, valign: str) -> pygame.Rect:
    """Where ``img`` goes inside ``box``."""
    r = img.get_rect()
    r.x = {"left": box.x, "center": box.centerx - r.w // 2, "right": box.right - r.w}[align]
    r.y = {"top": box.y, "center": box.centery - r.h // 2, "bottom": box.bottom - r.h}[valign]
    return r


class Label:
    """Text drawn into a box. ``role="read"`` marks text read from across the table (its
    floor is :func:`read_size`), ``role="say"`` such text that must never be cut (a
    refusal, an event, a payment: give it the room with :func:`room_for`); ``size`` is the
    preferred font size (default: the floor); ``wrap`` allows several lines. Lines that do not fit end in "…".

    >>> import pygame; pygame.font.init()
    >>> lab = Label("Bezahle 12 Dinar an Scheherazade", pygame.Rect(0, 0, 240, 80), wrap=True)
    >>> lab.fitted().fits
    True
    """

    def __init__(self, text: str, rect: pygame.Rect, role: str = "min", size: int | None = None,
                 color: Colour = theme.INK, bold: bool = False, align: str = "left", valign: str = "center",
                 wrap: bool = False) -> None:
        # a plain class, not a data class: the kit is loaded before the first frame, and a
        # data class is compiled from source when it is defined
        self.text, self.rect, self.role, self.size, self.color = text, rect, role, size, color
        self.bold, self.align, self.valign, self.wrap = bold, align, valign, wrap

    def __repr__(self) -> str:
        return f"Label({self.text!r}, {self.rect!r}, role={self.role!r}, size={self.size!r})"

    def fitted(self) -> Fitted:
        floor = floor_for(self.role, self.bold)
        return fitted(self.text, self.size or floor, floor, cast(Colour, tuple(self.color)), self.bold, self.rect.w,
                      self.rect.h, self.align, self.wrap)

    def draw(self, surf: pygame.Surface) -> pygame.Rect:
        """Draw and return the rect actually covered."""
        f = self.fitted()
        r = place(f.image, self.rect, self.align, self.valign)
        surf.blit(f.image, r)
        if audit.active():
            audit.note_text(f.shown, cap_height(f.size, self.bold), f.size, self.role, self.rect, r, surf.get_rect(),
                            cut=f.shown != self.text)
        return r


def draw_text(surf: pygame.Surface, s: str, pos: tuple[int, int], size: int, color: Colour = theme.INK,
              bold: bool = False, anchor: str = "topleft", role: str = "min",
              width: int | None = None) -> pygame.Rect:
    """One line at a point (what ``theme.blit_text`` does): ``width`` shortens it with "…".
    The audit checks it against the surface it is drawn on."""
    if width is not None:
        s = fit(s, size, width, bold)
    img = theme.text(s, size, cast(Colour, tuple(color)), bold)
    r = img.get_rect(**{anchor: pos})
    surf.blit(img, r)
    if audit.active():
        audit.note_text(s, cap_height(size, bold), size, role, None, r, surf.get_rect())
    return r


def line_height(size: int, bold: bool = False) -> int:
    """Distance between wrapped lines at ``size``."""
    return theme.font(size, bold).get_linesize()
