"""Long presses on a fake clock: UNDO held is "menu", UNDO and OK held together "staff"."""

from __future__ import annotations

import pytest

from companion.inputs.holds import MENU_HOLD_S, STAFF_HOLD_S, HoldGestures


@pytest.fixture
def sent() -> list[str]:
    return []


@pytest.fixture
def g(sent, clock) -> HoldGestures:
    return HoldGestures(sent.append, release_s=0.05, clock=clock, timer=clock.timer)


def down(g: HoldGestures, name: str) -> None:
    g.edge(name, True, True)


def up(g: HoldGestures, name: str) -> None:
    g.edge(name, False, False)


def chatter(g: HoldGestures, clock, name: str, ends_down: bool, edges: int = 4) -> None:
    """A few bounces of one contact, 2 ms apart, none of them a new press."""
    level = not ends_down
    for _ in range(edges):
        clock.advance(0.002)
        g.edge(name, level, False)
        level = not level
    clock.advance(0.002)
    g.edge(name, ends_down, False)


def test_the_hold_times():
    assert (MENU_HOLD_S, STAFF_HOLD_S) == (1.5, 3.0)


def test_other_buttons_are_sent_at_their_press(g, sent):
    for name in ("roll", "left", "straight", "right", "ok"):
        down(g, name)
        assert sent[-1] == name  # at once, before any release
    assert sent == ["roll", "left", "straight", "right", "ok"]


def test_a_short_undo_is_sent_once_at_its_release(g, sent, clock):
    down(g, "undo")
    clock.advance(0.2)
    assert sent == []  # not at the press
    up(g, "undo")
    assert sent == []  # not before the contact has stayed open for release_s
    clock.advance(0.049)
    assert sent == []
    clock.advance(0.002)
    assert sent == ["undo"]
    clock.advance(5.0)
    assert sent == ["undo"] and clock.pending() == []


def test_release_chatter_of_a_short_undo_is_still_one_undo(g, sent, clock):
    down(g, "undo")
    chatter(g, clock, "undo", ends_down=True)  # bouncing closed
    clock.advance(0.3)
    up(g, "undo")
    chatter(g, clock, "undo", ends_down=False)  # bouncing open
    clock.advance(0.1)
    assert sent == ["undo"]


def test_a_long_undo_is_the_menu_while_still_held(g, sent, clock):
    down(g, "undo")
    clock.advance(1.499)
    assert sent == []
    clock.advance(0.002)
    assert sent == ["menu"]  # while the button is still down
    clock.advance(0.1)       # held 1.6 s
    up(g, "undo")
    clock.advance(1.0)
    assert sent == ["menu"]  # and no undo at the release


def test_chatter_on_the_release_of_a_long_hold_sends_nothing_more(g, sent, clock):
    down(g, "undo")
    clock.advance(1.6)
    up(g, "undo")
    chatter(g, clock, "undo", ends_down=False, edges=8)
    clock.advance(0.5)
    assert sent == ["menu"]
    assert clock.pending() == []


def test_chatter_at_the_press_does_not_stop_the_hold(g, sent, clock):
    down(g, "undo")
    chatter(g, clock, "undo", ends_down=True)
    clock.advance(1.6)
    up(g, "undo")
    clock.advance(0.1)
    assert sent == ["menu"]


def test_a_hold_just_short_of_the_menu_is_an_undo(g, sent, clock):
    down(g, "undo")
    clock.advance(1.45)
    up(g, "undo")
    clock.advance(0.1)  # the release is confirmed before 1.5 s would have passed
    assert sent == ["undo"]


@pytest.mark.parametrize("first", ["undo", "ok"])
def test_undo_and_ok_held_three_seconds_is_the_staff_menu(g, sent, clock, first):
    second = "ok" if first == "undo" else "undo"
    down(g, first)
    clock.advance(0.08)
    down(g, second)
    clock.advance(2.99)
    assert "staff" not in sent
    clock.advance(0.02)
    assert sent == ["ok", "staff"]
    clock.advance(3.0)  # held on: still one
    up(g, "ok")
    up(g, "undo")
    clock.advance(1.0)
    assert sent == ["ok", "staff"]  # neither undo nor menu for that hold


def test_undo_and_ok_held_two_seconds_give_only_the_ok(g, sent, clock):
    down(g, "undo")
    down(g, "ok")
    clock.advance(2.0)
    up(g, "undo")
    up(g, "ok")
    clock.advance(5.0)
    assert sent == ["ok"]
    assert clock.pending() == []


def test_letting_go_of_ok_does_not_turn_the_hold_into_a_menu(g, sent, clock):
    down(g, "undo")
    down(g, "ok")
    clock.advance(1.0)
    up(g, "ok")
    clock.advance(2.0)  # UNDO alone for 3 s, after it was held with OK
    up(g, "undo")
    clock.advance(0.1)
    assert sent == ["ok"]


def test_ok_chatter_at_the_press_still_counts_as_held(g, sent, clock):
    down(g, "ok")
    clock.advance(0.002)
    up(g, "ok")          # OK bounces open just as UNDO goes down
    down(g, "undo")
    clock.advance(0.002)
    g.edge("ok", True, False)
    clock.advance(3.1)
    assert sent == ["ok", "staff"]


def test_an_undo_just_after_an_ok_is_an_undo(g, sent, clock):
    down(g, "ok")
    clock.advance(0.1)
    up(g, "ok")
    down(g, "undo")      # pressed the moment OK is let go
    clock.advance(0.004)
    g.edge("ok", True, False)  # OK's release bounces
    clock.advance(0.002)
    up(g, "ok")
    clock.advance(0.1)
    up(g, "undo")
    clock.advance(0.1)
    assert sent == ["ok", "undo"]


def test_the_menu_then_ok_held_three_seconds_is_the_staff_menu(g, sent, clock):
    down(g, "undo")
    clock.advance(1.6)
    down(g, "ok")
    clock.advance(3.0)
    up(g, "undo")
    up(g, "ok")
    clock.advance(0.1)
    assert sent == ["menu", "ok", "staff"]


def test_a_new_press_before_the_release_is_confirmed_ends_the_last(g, sent, clock):
    down(g, "undo")
    clock.advance(0.1)
    up(g, "undo")
    down(g, "undo")  # the source says this is a new press (its debouncer knows best)
    clock.advance(0.1)
    up(g, "undo")
    clock.advance(0.1)
    assert sent == ["undo", "undo"]


def test_reset_and_drop_send_nothing(g, sent, clock):
    down(g, "undo")
    clock.advance(1.0)
    g.reset()
    clock.advance(2.0)
    up(g, "undo")
    down(g, "undo")
    g.drop("undo")
    clock.advance(2.0)
    assert sent == []
    assert clock.pending() == []


def test_a_timer_per_held_undo_and_none_at_rest(g, clock):
    assert clock.pending() == []
    down(g, "ok")
    assert clock.pending() == []  # OK alone needs no timer
    up(g, "ok")
    down(g, "undo")
    assert len(clock.pending()) == 1
    down(g, "ok")
    assert len(clock.pending()) == 1  # the staff timer replaced the menu timer
    up(g, "ok")
    up(g, "undo")
    assert len(clock.pending()) == 1  # the release timer
    clock.advance(0.1)
    assert clock.pending() == []


def test_a_source_without_release_debounce_releases_at_once(sent, clock):
    g = HoldGestures(sent.append, release_s=0.0, clock=clock, timer=clock.timer)
    down(g, "undo")
    clock.advance(0.2)
    up(g, "undo")
    assert sent == ["undo"]
    assert clock.pending() == []


def test_wrong_times_are_refused(sent):
    with pytest.raises(ValueError):
        HoldGestures(sent.append, menu_s=0)
    with pytest.raises(ValueError):
        HoldGestures(sent.append, release_s=-1)
