"""Caches bounded by the bytes they hold, not by how many things they hold.

A rendered text is a few hundred bytes for "5" and over a megabyte for a wrapped paragraph
across the screen, so a cache of 1,024 entries may hold 1 MB or 300 MB: a table that plays
all day fills any count-bounded cache with its largest pictures. Every cache of pictures
(and of opened font faces, whose glyph caches grow with their size) keeps the least recently
used ones within its budget of bytes and forgets the rest.

SDL's surfaces live in C memory, where ``tracemalloc`` does not look: :func:`held` counts
what every cache holds, by pixels, for the soak test and the bench.

>>> import pygame
>>> c = ByteCache("demo", 100 * 100 * 4 * 2, surface_bytes)
>>> for n in range(3):
...     _ = c.put(n, pygame.Surface((100, 100), depth=32))
>>> sorted(c.keys()), c.bytes
([1, 2], 80000)
"""

from __future__ import annotations

import gc
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterator
from functools import wraps
from typing import Any, Generic, TypeVar

import pygame

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")
F = TypeVar("F", bound=Callable[..., Any])

#: every cache made, by name (``held`` reports them)
CACHES: dict[str, ByteCache[Any, Any]] = {}


def surface_bytes(surface: pygame.Surface) -> int:
    """The bytes of a surface's pixels (rows are padded to the pitch)."""
    return int(surface.get_pitch()) * int(surface.get_height())


class ByteCache(Generic[K, V]):
    """A least-recently-used mapping that holds at most ``budget`` bytes by ``size_of``
    (a single value larger than the budget is kept alone until the next one comes)."""

    def __init__(self, name: str, budget: int, size_of: Callable[[V], int]) -> None:
        self.name, self.budget, self.size_of = name, budget, size_of
        self._items: OrderedDict[K, tuple[V, int]] = OrderedDict()
        self.bytes = 0
        #: how many values were forgotten to stay within the budget
        self.evicted = 0
        CACHES[name] = self

    def __len__(self) -> int:
        return len(self._items)

    def keys(self) -> Iterator[K]:
        return iter(self._items)

    def get(self, key: K) -> V | None:
        kept = self._items.get(key)
        if kept is None:
            return None
        self._items.move_to_end(key)
        return kept[0]

    def put(self, key: K, value: V) -> V:
        size = max(1, int(self.size_of(value)))
        old = self._items.pop(key, None)
        if old is not None:
            self.bytes -= old[1]
        self._items[key] = (value, size)
        self.bytes += size
        while self.bytes > self.budget and len(self._items) > 1:
            _key, (_value, gone) = self._items.popitem(last=False)
            self.bytes -= gone
            self.evicted += 1
        return value

    def pop(self, key: K) -> V | None:
        """The value of ``key``, no longer kept; None if there is none."""
        kept = self._items.pop(key, None)
        if kept is None:
            return None
        self.bytes -= kept[1]
        return kept[0]

    def clear(self) -> None:
        self._items.clear()
        self.bytes = 0


def byte_cached(name: str, budget: int, size_of: Callable[[Any], int]) -> Callable[[F], F]:
    """Decorate a function of hashable arguments: its results are kept in a :class:`ByteCache`
    (``fn.cache``; ``fn.cache_clear()`` empties it, as with ``functools.lru_cache``)."""

    def decorate(fn: F) -> F:
        cache: ByteCache[Hashable, Any] = ByteCache(name, budget, size_of)

        @wraps(fn)
        def cached(*args: Any, **kwargs: Any) -> Any:
            key = (args, tuple(kwargs.items())) if kwargs else args
            found = cache.get(key)
            if found is None:
                found = cache.put(key, fn(*args, **kwargs))
            return found

        cached.cache = cache  # type: ignore[attr-defined]
        cached.cache_clear = cache.clear  # type: ignore[attr-defined]
        return cached  # type: ignore[return-value]

    return decorate


def held() -> dict[str, int]:
    """Bytes each cache holds now, by name."""
    return {name: cache.bytes for name, cache in CACHES.items()}


def give_back() -> bool:
    """Let go of the screens that were left, then hand the C heap's free pages back to the
    system (glibc's ``malloc_trim``); True if it could trim.

    A scene is a cycle (its buttons and layers call its bound methods), so refcounting never
    frees one: the collector does, and its oldest generation runs only when Python objects
    pile up, which the pixels of a layer (C memory, a megabyte and a half for a whole screen)
    do not count towards. Left alone, the layers of games long gone stay resident for minutes.
    Collecting here, at a moment nobody notices the few milliseconds (a game's start or end),
    frees them while the next picture is still to be painted. And glibc keeps what was freed
    for later, so the resident memory would creep up by the high-water mark of each game."""
    gc.collect()
    if not ready_to_give_back():
        return False
    _trim(0)
    return True


def ready_to_give_back() -> bool:
    """Looks ``malloc_trim`` up (importing ``ctypes``) without calling it; True if there is one.
    Done once the first frame is on screen, so the end of a game does not pay for it."""
    global _trim
    if _trim is None:
        _trim = _libc("malloc_trim")
    return _trim is not False


def _libc(name: str) -> Any:
    """glibc's function ``name`` (ctypes), or False where there is none (another C library)."""
    try:
        import ctypes

        return getattr(ctypes.CDLL("libc.so.6"), name)
    except (OSError, AttributeError):
        return False


#: glibc's mallopt parameters (malloc.h)
M_TRIM_THRESHOLD, M_MMAP_THRESHOLD, M_ARENA_MAX = -1, -3, -8
#: allocations from this size on get their own mapping, handed back whole when freed
MMAP_FROM = 64 * 1024
#: free memory at the top of the heap beyond this goes back to the system at once
TRIM_FROM = 1024 * 1024
#: malloc arenas: the loop's thread and one for all others (inputs, export, floor)
ARENAS = 2


def tune_malloc() -> bool:
    """Make glibc's malloc suit a loop that makes and frees large pictures all day; True if
    it could (not on other C libraries). Called once by the app, before its threads start, so
    the kiosk unit, ``make run`` and the soak run alike.

    - glibc raises its mmap threshold to the size of each large block freed (up to 32 MB), so
      after the first screen-sized layer is freed every later one (1.5 MB at 800x480) comes
      from the heap, where a block still in use above it keeps its pages resident after it
      is freed: the heap fragments and RSS swings by several layers. A fixed threshold
      switches that off: every picture of 64 KiB or more (a line of text across half the
      screen, a layer) is its own mapping, unmapped when freed; small texts and pictures, the
      many, stay on the heap. Measured over 3 minutes of every game in turn: the heap's free
      but resident holes stay at 1-3 MB instead of growing to 8 MB (256 KiB: 6-8 MB), for
      about 50 mappings.
    - a fixed trim threshold likewise keeps the top of the heap from growing its own limit.
    - each thread that allocates would get its own arena of up to 64 MB, each fragmenting on
      its own; two are enough for one drawing thread and a few quiet ones."""
    global _mallopt
    if _mallopt is None:
        _mallopt = _libc("mallopt")
    if _mallopt is False:
        return False
    ok = True
    for param, value in ((M_MMAP_THRESHOLD, MMAP_FROM), (M_TRIM_THRESHOLD, TRIM_FROM), (M_ARENA_MAX, ARENAS)):
        ok = bool(_mallopt(param, value)) and ok
    return ok


_mallopt: Any = None  #: glibc's mallopt once looked up, False where there is none
_trim: Any = None  #: glibc's malloc_trim once looked up, False where there is none
_mallinfo: Any = None  #: glibc's mallinfo2 once looked up (its result type set), False where there is none


def malloc_held() -> tuple[int, int] | None:
    """Bytes the C heap (glibc's malloc: SDL's pictures, FreeType, SQLite, Python's larger
    objects) hands out now, and bytes it keeps free between them for later (``mallinfo2``:
    every arena, and the pictures with mappings of their own); None on other C libraries.

    The soak writes both beside the RSS: memory in use that grows is something kept, free
    memory that grows is the heap fragmenting (holes between pictures still in use)."""
    global _mallinfo
    if _mallinfo is None:
        _mallinfo = _libc("mallinfo2")
        if _mallinfo is not False:
            import ctypes

            class MallInfo2(ctypes.Structure):
                _fields_ = [(name, ctypes.c_size_t) for name in (
                    "arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks", "fsmblks", "uordblks", "fordblks",
                    "keepcost")]

            _mallinfo.restype = MallInfo2
    if _mallinfo is False:
        return None
    info = _mallinfo()
    return int(info.uordblks + info.hblkhd), int(info.fordblks)


def clear_all() -> None:
    """Forget everything every cache holds."""
    for cache in CACHES.values():
        cache.clear()
