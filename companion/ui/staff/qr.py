"""A game's record as QR codes a phone can read off the screen, however long the game was.

The record (JSON Lines, see docs/records.md) is compressed with zlib and written in base45
(RFC 9285: the 45 characters of a QR code's alphanumeric mode, as in the EU's vaccination
certificates), which packs 5.5 bits into a character where plain text takes 8. A whole game
of four fits in one or two codes. Each code's text is::

    CR1:<part>/<parts>:<base45>

``CR1`` names this format; the parts are numbered from 1. Joined in the order of their
numbers, the base45 pieces decode to the zlib data of the record file (whose own checksum
refuses a missing or damaged piece). ``companion qr-join`` does that from the scanned texts.

>>> encode('{"record": 2}\\n')
['CR1:1/1:NCFWTLQF5S$91:5YEAPHA9RLHB0KQ4QO0']
>>> parts = encode('{"record": 2}\\n', most=28)
>>> parts
['CR1:1/2:NCFWTLQF5S$91:5YE', 'CR1:2/2:APHA9RLHB0KQ4QO0']
>>> decode(parts[::-1])
'{"record": 2}\\n'
"""

from __future__ import annotations

import re
import zlib

__all__ = ["ALPHABET", "MIN_PX", "QrError", "b45decode", "b45encode", "capacity", "decode", "encode",
           "largest_version"]

ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:"
_INDEX = {c: i for i, c in enumerate(ALPHABET)}
#: the smallest module a phone camera reads off the 7-inch screen, in logical pixels
MIN_PX = 3
#: the quiet zone around a code, in modules (the standard's four)
BORDER = 4
_PART = re.compile(r"^CR1:(\d+)/(\d+):(.*)$", re.S)


class QrError(ValueError):
    """Scanned texts that do not make a record."""


def b45encode(data: bytes) -> str:
    """RFC 9285 base45.

    >>> b45encode(b"AB"), b45encode(b"ietf!")
    ('BB8', 'QED8WEX0')
    """
    out = []
    for i in range(0, len(data) - 1, 2):
        n = data[i] * 256 + data[i + 1]
        out += [ALPHABET[n % 45], ALPHABET[n // 45 % 45], ALPHABET[n // 2025]]
    if len(data) % 2:
        n = data[-1]
        out += [ALPHABET[n % 45], ALPHABET[n // 45]]
    return "".join(out)


def b45decode(text: str) -> bytes:
    """The bytes of a base45 text (QrError for characters or groups it cannot be)."""
    try:
        values = [_INDEX[c] for c in text]
    except KeyError as exc:
        raise QrError(f"{exc.args[0]!r} is not a base45 character") from None
    out = bytearray()
    for i in range(0, len(values), 3):
        group = values[i:i + 3]
        if len(group) == 3:
            n = group[0] + group[1] * 45 + group[2] * 2025
            if n > 0xFFFF:
                raise QrError("a base45 group is too large")
            out += bytes((n >> 8, n & 0xFF))
        elif len(group) == 2:
            n = group[0] + group[1] * 45
            if n > 0xFF:
                raise QrError("the last base45 group is too large")
            out.append(n)
        else:
            raise QrError("the base45 text has a stray last character")
    return bytes(out)


def largest_version(side_px: int, min_px: int = MIN_PX) -> int:
    """The largest QR version whose modules are ``min_px`` or more in a square of ``side_px``.

    >>> largest_version(396)
    26
    """
    modules = side_px // min_px - 2 * BORDER
    return max(1, min(40, (modules - 17) // 4))


#: alphanumeric characters a code holds at error level L, versions 1 to 40 (ISO/IEC 18004,
#: table 7; a test checks it against segno)
CAPACITY = (25, 47, 77, 114, 154, 195, 224, 279, 335, 395, 468, 535, 619, 667, 758, 854, 938, 1046, 1153, 1249,
            1352, 1460, 1588, 1704, 1853, 1990, 2132, 2223, 2369, 2520, 2677, 2840, 3009, 3183, 3351, 3537, 3729,
            3927, 4087, 4296)


def capacity(version: int) -> int:
    """How many alphanumeric characters a code of ``version`` holds at error level L.

    >>> capacity(26)
    1990
    """
    return CAPACITY[version - 1]


def encode(text: str, most: int | None = None, version: int = 26) -> list[str]:
    """The texts of the QR codes that carry ``text`` (parts of at most ``most`` characters,
    by default what a code of ``version`` holds), split into parts of even length."""
    data = b45encode(zlib.compress(text.encode("utf-8"), 9))
    room = (most if most is not None else capacity(version)) - len("CR1:99/99:")
    parts = max(1, -(-len(data) // room))
    size = -(-len(data) // parts)
    return [f"CR1:{i + 1}/{parts}:{data[i * size:(i + 1) * size]}" for i in range(parts)]


def decode(texts: list[str]) -> str:
    """The record from the scanned texts of its codes, in any order (QrError if one is
    missing, doubled in two versions, or not a part at all)."""
    pieces: dict[int, str] = {}
    total: int | None = None
    for raw in texts:
        # a space is one of base45's own characters: only the line's end is cut off, never a
        # space the part ends with
        line = raw.lstrip().rstrip("\r\n")
        found = _PART.match(line)
        if found is None:
            raise QrError(f"not a part of a game record: {line[:20]!r}")
        part, parts, body = int(found.group(1)), int(found.group(2)), found.group(3)
        if total is not None and parts != total:
            raise QrError(f"parts of different records ({total} and {parts} parts)")
        total = parts
        if not 1 <= part <= parts:
            raise QrError(f"part {part} of {parts} does not exist")
        if pieces.get(part, body) != body:
            raise QrError(f"part {part} was scanned twice with different texts")
        pieces[part] = body
    if total is None:
        raise QrError("no parts")
    missing = [str(n) for n in range(1, total + 1) if n not in pieces]
    if missing:
        raise QrError(f"part {', '.join(missing)} of {total} is missing")
    try:
        return zlib.decompress(b45decode("".join(pieces[n] for n in range(1, total + 1)))).decode("utf-8")
    except (zlib.error, UnicodeDecodeError) as exc:
        raise QrError(f"the parts do not make a record ({exc})") from None
