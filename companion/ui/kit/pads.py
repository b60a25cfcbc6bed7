"""Keypads: one key per face of a real die, and digits for agreed prices and counts.

>>> import pygame; pygame.font.init()
>>> typed = []
>>> pad = DieKeypad(pygame.Rect(0, 0, 420, 64), typed.append, faces=(1, 2, 3, 4, 5, 6))
>>> [k.label for k in pad.controls()], pad.controls()[2].tap(), typed
(['1', '2', '3', '4', '5', '6'], True, [3])
>>> got = []
>>> num = NumberPad(pygame.Rect(0, 0, 240, 360), got.append)
>>> for d in "120": num.type(d)
>>> num.delete(); num.type("5"); num.ok(); got
[125]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial

import pygame

from companion.ui import theme
from companion.ui.kit.controls import Control
from companion.ui.kit.layout import LayoutError, column, grid, row
from companion.ui.kit.sizes import MIN_TOUCH
from companion.ui.kit.text import Label, read_size


class DieKeypad:
    """Keys for typing what a physical die shows, each at least 64 px, in ``rows`` rows
    (default: one row). ``set_faces`` changes the faces (a new die) and lays out again."""

    def __init__(self, rect: pygame.Rect, on_value: Callable[[int], None], *,
                 faces: Sequence[int] = (1, 2, 3, 4, 5, 6), rows: int = 1, gap: int = 6, name: str = "die") -> None:
        self.rect = pygame.Rect(rect)
        self.on_value = on_value
        self.rows, self.gap, self.name = rows, gap, name
        self.enabled = True
        self.faces: tuple[int, ...] = ()
        self.key_rects: list[pygame.Rect] = []
        self.set_faces(faces)

    def set_faces(self, faces: Sequence[int]) -> None:
        faces = tuple(sorted(set(faces)))
        if faces == self.faces:
            return
        if not faces:
            raise LayoutError(f"{self.name}: a die needs at least one face")
        cols = -(-len(faces) // self.rows)
        try:
            self.key_rects = grid(self.rect, self.rows, cols, self.gap, touch=True)[: len(faces)]
        except LayoutError as exc:
            raise LayoutError(f"{self.name} keypad for faces {list(faces)}: {exc}") from None
        self.faces = faces

    def controls(self) -> list[Control]:
        return [Control(r, str(v), partial(self.on_value, v), enabled=self.enabled, key=(self.name, v))
                for r, v in zip(self.key_rects, self.faces, strict=True)]


class NumberPad:
    """A number field and the keys 1–9, delete, 0, OK (3×4 under the field). ``on_ok``
    gets the typed number; OK is disabled while nothing is typed. ``ok_label`` comes from the
    screen's texts; delete is a drawn left arrow."""

    def __init__(self, rect: pygame.Rect, on_ok: Callable[[int], None], *, max_digits: int = 3, gap: int = 6,
                 ok_label: str = "OK", name: str = "number") -> None:
        self.rect = pygame.Rect(rect)
        self.on_ok = on_ok
        self.max_digits = max_digits
        self.ok_label = ok_label
        self.name = name
        self.digits = ""
        self.field, keys = column(self.rect, [1, 4], gap)
        if self.field.h < MIN_TOUCH:
            raise LayoutError(f"{name}: the pad needs {5 * MIN_TOUCH + 4 * gap} px height, has {rect.h}")
        cells = grid(keys, 4, 3, gap, touch=True)
        labels = [*"123456789", "del", "0", "ok"]
        self.key_rects = dict(zip(labels, cells, strict=True))

    @property
    def value(self) -> int | None:
        """The typed number, or None."""
        return int(self.digits) if self.digits else None

    def type(self, digit: str) -> None:
        if digit.isdigit() and len(digit) == 1 and len(self.digits) < self.max_digits:
            self.digits = (self.digits + digit).lstrip("0") or "0"

    def delete(self) -> None:
        self.digits = self.digits[:-1]

    def clear(self) -> None:
        self.digits = ""

    def ok(self) -> None:
        if self.value is not None:
            value = self.value
            self.digits = ""
            self.on_ok(value)

    def controls(self) -> list[Control]:
        out = []
        for label, r in self.key_rects.items():
            if label == "del":
                out.append(Control(r, "", self.delete, enabled=bool(self.digits), key=(self.name, "del"), icon="left"))
            elif label == "ok":
                out.append(Control(r, self.ok_label, self.ok, enabled=self.value is not None,
                                   selected=self.value is not None, key=(self.name, "ok")))
            else:
                out.append(Control(r, label, partial(self.type, label), enabled=len(self.digits) < self.max_digits,
                                   key=(self.name, label)))
        return out

    def draw(self, surf: pygame.Surface) -> None:
        """The field with the typed number (the keys are drawn by the screen's ``Controls``)."""
        pygame.draw.rect(surf, theme.PANEL, self.field, border_radius=8)
        pygame.draw.rect(surf, theme.GOLD, self.field, 2, border_radius=8)
        Label(self.digits or "–", row(self.field, 1)[0].inflate(-16, -4), role="read", size=read_size(bold=True),
              bold=True, color=theme.GOLD if self.digits else theme.INK_DIM, align="right").draw(surf)
