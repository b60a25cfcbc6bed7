"""The touchscreen kit: layout once, text that fits, controls that keep their places, taps
on release, cached layers, and an audit that checks what players can read and hit.

A screen builds its hit areas in ``layout()`` with :func:`row`, :func:`column`,
:func:`grid` and :func:`cut` (``touch=True`` refuses targets under ``MIN_TOUCH``), puts its
controls and groups (:class:`ChoiceList`, :class:`DieKeypad`, :class:`NumberPad`) into one
:class:`Controls`, feeds it finger DOWN/UP, and draws text with :class:`Label`
(``role="read"`` for what the table reads from its chairs). ``with recording() as rec:``
around a frame, then ``problems(rec)`` lists what is too small, clipped or overlapping.

A screen on the kit, in short::

    def layout(self):                                   # once
        top, rest = cut(SCREEN, "top", 64, 6)
        board, side = row(rest, [3, 2], 8)
        picks, keys = cut(side, "bottom", 64, 6)
        self.turn = Label("", top, role="read", bold=True)
        self.grid = BoardGrid(board, 7, 7)
        self.choices = ChoiceList(picks, self.choose)
        self.die = DieKeypad(keys, self.roll, faces=(1, 2, 3, 4))
        self.controls = Controls(clock=app.now, on_free=self.tap_board)
        self.controls.set([self.choices, self.die])

    def refresh(self):                                  # after every command
        self.choices.set_choices([Choice(k, self.t(k)) for k in options])  # slots stay put
        self.turn.text = self.t("turn_of", name=...)

    def draw(self, surf):                               # every frame: no layout here
        self.board_layer.draw(surf, key=state.board)
        self.turn.draw(surf)
        self.controls.draw(surf)
        self.choices.draw(surf)

    # the app: for each pygame event, kind_pos = pointer(ev); "down" -> controls.down(pos),
    # "up" -> controls.up(pos) (a tap acts on release; on no control it goes to on_free)
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

#: each name and the kit module it lives in; a module is imported the first time one of its
#: names is asked for, so a screen loads the parts it uses and start-up no more than the menu's
_WHERE = {
    "Record": "audit", "problems": "audit", "recording": "audit",
    "BoardGrid": "board",
    "Choice": "choices", "ChoiceList": "choices",
    "Confirm": "confirm",
    "GUARD_S": "controls", "Control": "controls", "Controls": "controls", "TapTracker": "controls",
    "DirtyRects": "layers", "Layer": "layers",
    "LayoutError": "layout", "column": "layout", "cut": "layout", "fitting": "layout", "grid": "layout",
    "inset": "layout", "row": "layout",
    "DieKeypad": "pads", "NumberPad": "pads",
    "pointer": "pointer",
    "Scoreboard": "scoreboard", "ScoreRow": "scoreboard",
    "MIN_PX": "sizes", "MIN_TOUCH": "sizes", "READ_PX": "sizes",
    "ELLIPSIS": "text", "Label": "text", "cap_height": "text", "fit": "text", "label_lines": "text",
    "line_height": "text",
    "min_size": "text", "read_size": "text", "room_for": "text", "size_for": "text", "text_size": "text",
    "wrap_lines": "text",
}


def __getattr__(name: str) -> Any:
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *_WHERE])


if TYPE_CHECKING:
    from companion.ui.kit.audit import Record, problems, recording
    from companion.ui.kit.board import BoardGrid
    from companion.ui.kit.choices import Choice, ChoiceList
    from companion.ui.kit.confirm import Confirm
    from companion.ui.kit.controls import GUARD_S, Control, Controls, TapTracker
    from companion.ui.kit.layers import DirtyRects, Layer
    from companion.ui.kit.layout import LayoutError, column, cut, fitting, grid, inset, row
    from companion.ui.kit.pads import DieKeypad, NumberPad
    from companion.ui.kit.pointer import pointer
    from companion.ui.kit.scoreboard import Scoreboard, ScoreRow
    from companion.ui.kit.sizes import MIN_PX, MIN_TOUCH, READ_PX
    from companion.ui.kit.text import (
        ELLIPSIS,
        Label,
        cap_height,
        fit,
        label_lines,
        line_height,
        min_size,
        read_size,
        room_for,
        size_for,
        text_size,
        wrap_lines,
    )

__all__ = [
    "BoardGrid", "Choice", "ChoiceList", "Confirm", "Control", "Controls", "DieKeypad", "DirtyRects", "ELLIPSIS",
    "GUARD_S",
    "Label", "Layer", "LayoutError", "MIN_PX", "MIN_TOUCH", "NumberPad", "READ_PX", "Record", "ScoreRow",
    "Scoreboard", "TapTracker", "cap_height", "column", "cut", "fit", "fitting", "grid", "inset",
    "label_lines", "line_height", "min_size", "pointer", "problems", "read_size", "recording", "room_for", "row",
    "size_for", "text_size", "wrap_lines",
]
