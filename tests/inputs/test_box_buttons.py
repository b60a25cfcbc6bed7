"""The serial box's event lines on a fake clock: UNDO at its UP line, holds, protocol 1."""

from __future__ import annotations

import pytest

from companion.inputs.box_buttons import BoxButtons
from companion.inputs.box_protocol import parse


@pytest.fixture
def sent() -> list[tuple[str, int | None]]:
    return []


@pytest.fixture
def buttons(sent, clock) -> BoxButtons:
    return BoxButtons(lambda name, value: sent.append((name, value)), clock=clock, timer=clock.timer)


def line(buttons: BoxButtons, text: str) -> str | None:
    parsed = parse(text)
    return buttons.event(parsed, numbered=parsed.seq is not None)


def names(sent) -> list[str]:
    return [name for name, _ in sent]


def test_numbered_undo_acts_at_its_up_line(buttons, sent, clock):
    line(buttons, "BTN UNDO DOWN #1")
    clock.advance(0.3)
    assert sent == []
    line(buttons, "BTN UNDO UP #2")
    assert sent == [("undo", None)]


def test_numbered_undo_held_is_the_menu(buttons, sent, clock):
    line(buttons, "BTN UNDO DOWN #1")
    clock.advance(1.5)
    assert names(sent) == ["menu"]
    line(buttons, "BTN UNDO UP #2")
    assert names(sent) == ["menu"]


def test_undo_and_ok_lines_held_are_the_staff_menu(buttons, sent, clock):
    line(buttons, "BTN OK DOWN #1")
    line(buttons, "BTN UNDO DOWN #2")
    clock.advance(3.0)
    line(buttons, "BTN UNDO UP #3")
    line(buttons, "BTN OK UP #4")
    assert names(sent) == ["ok", "staff"]


def test_protocol_1_undo_acts_at_down_until_the_box_has_said_up(buttons, sent, clock):
    line(buttons, "BTN UNDO DOWN")
    assert names(sent) == ["undo"]  # this box may never send UP
    line(buttons, "BTN UNDO UP")
    assert names(sent) == ["undo"]
    clock.advance(0.1)
    line(buttons, "BTN UNDO DOWN")  # it does send UP: from now on UNDO waits for it
    assert names(sent) == ["undo"]
    clock.advance(1.6)
    assert names(sent) == ["undo", "menu"]


def test_reset_forgets_a_hold(buttons, sent, clock):
    line(buttons, "BTN UNDO DOWN #1")
    buttons.reset()
    clock.advance(2.0)
    line(buttons, "BTN UNDO UP #2")
    assert sent == []


def test_die_and_bad_lines(buttons, sent):
    assert line(buttons, "DIE 4 #1") is None
    assert sent == [("roll", 4)]
    assert line(buttons, "DIE 7 #2") == "DIE needs one value 1-6"
    assert line(buttons, "BTN ROLL #3") == "BTN needs a name and DOWN/UP"
    assert line(buttons, "BTN JUMP DOWN #4") == "unknown button"
    assert line(buttons, "BTN ROLL SIDEWAYS #5") == "BTN action must be DOWN or UP"
    assert sent == [("roll", 4)]
