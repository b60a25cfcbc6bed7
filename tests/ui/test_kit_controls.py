"""Taps act on release, once, on the control that was pressed; lists keep their slots."""

from __future__ import annotations

import pygame
import pytest

from companion.ui.kit import (
    GUARD_S,
    MIN_TOUCH,
    Choice,
    ChoiceList,
    Control,
    Controls,
    DieKeypad,
    LayoutError,
    NumberPad,
    TapTracker,
    pointer,
    problems,
    recording,
)
from companion.ui.widgets import Button


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.t = 100.0

    def __call__(self) -> float:
        return self.t


def two_buttons(log: list[str]) -> list[Control]:
    return [Control(pygame.Rect(0, 0, 100, 64), "A", lambda: log.append("A"), key="a"),
            Control(pygame.Rect(110, 0, 100, 64), "B", lambda: log.append("B"), key="b")]


def test_a_tap_acts_on_release_not_on_press():
    log: list[str] = []
    ctl = Controls(clock=Clock())
    ctl.set(two_buttons(log))
    assert ctl.down((10, 10)).key == "a" and log == []
    assert ctl.up((20, 20)).key == "a" and log == ["A"]


def test_a_press_that_slides_off_does_nothing():
    log: list[str] = []
    ctl = Controls(clock=Clock())
    ctl.set(two_buttons(log))
    ctl.down((10, 10))
    assert ctl.up((10, 300)) is None          # off every control
    ctl.down((10, 10))
    assert ctl.up((150, 10)) is None          # onto another control
    assert ctl.up((10, 10)) is None           # a release without a press
    assert log == []


def test_disabled_controls_do_not_act():
    log: list[str] = []
    ctl = Controls(clock=Clock())
    a, b = two_buttons(log)
    a.enabled = False
    ctl.set([a, b])
    ctl.down((10, 10))
    assert ctl.up((10, 10)) is None and log == []


def test_two_taps_60_ms_apart_across_a_change_act_once():
    """The reported bug: the first tap played a card, the list changed, and the second tap
    of a double tap took what appeared under the finger."""
    clock, log = Clock(), []
    ctl = Controls(clock=clock)
    items = {"card": "Play the card", "loot": "Take the loot"}

    def show(keys):
        ctl.set([Control(pygame.Rect(0, 70 * i, 300, 64), items[k], lambda k=k: act(k), key=k)
                 for i, k in enumerate(keys)])

    def act(k):
        log.append(k)
        show(["loot"])          # the card is gone: the loot moves up under the finger

    show(["card", "loot"])
    ctl.down((50, 30))
    clock.t += 0.03
    ctl.up((50, 30))
    clock.t += 0.03
    ctl.down((50, 30))
    clock.t += 0.03
    ctl.up((50, 30))
    assert log == ["card"]
    clock.t += GUARD_S
    ctl.down((50, 30))
    ctl.up((50, 30))  # still the spot just tapped: what took its place does not act yet
    assert log == ["card"]
    clock.t += GUARD_S
    ctl.down((50, 30))
    ctl.up((50, 30))  # a deliberate tap later works
    assert log == ["card", "loot"]


def test_a_double_tap_on_a_control_that_stays_in_place_acts_once():
    """Mutabor's "Zurück" took back two moves: the key stays where it is, so no change of the
    screen started the guard."""
    clock, log = Clock(), []
    ctl = Controls(clock=clock)
    ctl.set([Control(pygame.Rect(0, 0, 300, 64), "Zurück", lambda: log.append("undo"), key="undo")])
    for _ in range(2):
        ctl.down((50, 30))
        clock.t += 0.02
        ctl.up((52, 31))
        clock.t += 0.04
    assert log == ["undo"]
    clock.t += GUARD_S
    ctl.down((200, 30))  # elsewhere on the same key, after the guard: a second undo, meant
    ctl.up((200, 30))
    assert log == ["undo", "undo"]


def test_a_double_tap_on_the_board_acts_once():
    """Teppich: a tap on a lit target chose it, the second tap of a double tap flew."""
    clock, log = Clock(), []
    ctl = Controls(clock=clock, on_free=log.append)
    ctl.set([Control(pygame.Rect(600, 400, 200, 64), "Fliegen", lambda: log.append("fly"), key="fly")])
    for _ in range(2):
        ctl.down((100, 100))
        clock.t += 0.03
        ctl.up((100, 100))
        clock.t += 0.03
    assert log == [(100, 100)]
    clock.t += 2 * GUARD_S
    ctl.down((100, 100))
    ctl.up((100, 100))
    assert log == [(100, 100), (100, 100)]


def test_an_explicit_change_starts_the_guard():
    clock, log = Clock(), []
    ctl = TapTracker(clock=clock)
    ctl.set(two_buttons(log))
    ctl.changed()
    clock.t += GUARD_S - 0.01
    ctl.down((10, 10))
    ctl.up((10, 10))
    clock.t += 0.02
    ctl.down((10, 10))
    ctl.up((10, 10))
    assert log == ["A"]


def test_a_press_made_before_a_change_does_not_act_after_it():
    clock, log = Clock(), []
    ctl = Controls(clock=clock)
    ctl.set(two_buttons(log))
    ctl.down((10, 10))
    ctl.changed()
    clock.t += 1.0
    assert ctl.up((10, 10)) is None and log == []


def test_a_new_screen_full_of_controls_is_not_a_change_but_new_keys_are():
    clock, log = Clock(), []
    ctl = Controls(clock=clock)
    ctl.set(two_buttons(log))
    assert not ctl.guarded()
    same = two_buttons(log)          # rebuilt, same keys: nothing moved
    ctl.set(same)
    assert not ctl.guarded()
    ctl.set(same[:1])
    assert ctl.guarded()


def test_groups_are_asked_for_their_controls_each_time():
    clock, picked = Clock(), []
    cl = ChoiceList(pygame.Rect(0, 0, 300, 4 * 70 + 64), picked.append, slots=4)
    cl.set_choices([Choice(i, f"Choice {i}") for i in range(6)])
    ctl = Controls(clock=clock)
    ctl.set([cl])
    assert len(ctl) == 4 + 2
    ctl.down(cl.next_rect.center)
    ctl.up(cl.next_rect.center)
    assert cl.page == 1
    clock.t += GUARD_S  # the page turned: new keys under the fingers
    slot = cl.slot_rects[0].center
    ctl.down(slot)
    ctl.up(slot)
    assert picked == [4]


def test_choice_slots_stay_put_when_a_choice_runs_out():
    picked: list = []
    cl = ChoiceList(pygame.Rect(0, 0, 300, 400), picked.append, slots=3)
    cl.set_choices([Choice(k, k) for k in "abcde"])
    assert all(r.h >= MIN_TOUCH and r.w >= MIN_TOUCH for r in cl.slot_rects)
    cl.turn(1)
    cl.set_choices([Choice(k, k) for k in "abce"])          # "d" taken: page 2 keeps "e" in place
    assert cl.page == 1
    assert [c.key if c else None for _, c in cl.visible()] == [None, "e", None]
    empty = cl.controls()[0]
    assert not empty.enabled and empty.label == ""
    cl.set_choices([Choice(k, k) for k in "abcef"])          # a new one goes after, not into the hole
    assert [c.key if c else None for _, c in cl.visible()] == [None, "e", "f"]
    assert cl.set_choices([Choice(k, k) for k in "xy"])      # nothing in common: laid out afresh
    assert cl.page == 0 and [c.key if c else None for _, c in cl.visible()] == ["x", "y", None]


def test_hardware_buttons_step_over_disabled_choices_and_turn_pages():
    picked: list = []
    cl = ChoiceList(pygame.Rect(0, 0, 300, 300), picked.append, slots=2)
    cl.set_choices([Choice("a", "A"), Choice("b", "B", enabled=False), Choice("c", "C"), Choice("d", "D")])
    assert cl.press("ok") is False               # nothing chosen yet
    cl.press("right")
    assert cl.cursor == "a" and cl.page == 0
    cl.press("right")
    assert cl.cursor == "c" and cl.page == 1
    cl.press("left")
    cl.press("left")
    assert cl.cursor == "d"   # wraps round
    assert cl.press("ok") and picked == ["d"]
    assert cl.press("undo") is False
    assert next(c for c in cl.controls() if c.key == ("choices", "choice", "d")).selected


def test_tapping_a_disabled_or_vanished_choice_does_nothing():
    picked: list = []
    cl = ChoiceList(pygame.Rect(0, 0, 300, 300), picked.append, slots=2)
    cl.set_choices([Choice("a", "A", enabled=False)])
    assert cl.pick("a") is False and cl.pick("zz") is False and picked == []


def test_a_choice_list_too_small_for_a_finger_is_refused():
    with pytest.raises(LayoutError):
        ChoiceList(pygame.Rect(0, 0, 300, 100), print, slots=2)
    with pytest.raises(LayoutError):
        ChoiceList(pygame.Rect(0, 0, 150, 300), print)


@pytest.mark.parametrize("faces", [(1, 2, 3, 4), (1, 2, 3, 4, 5, 6)])
def test_die_keypad_has_one_big_key_per_face(faces):
    typed: list[int] = []
    pad = DieKeypad(pygame.Rect(0, 0, 420, 64), typed.append, faces=faces)
    keys = pad.controls()
    assert [k.label for k in keys] == [str(f) for f in faces]
    assert all(k.rect.w >= MIN_TOUCH and k.rect.h >= MIN_TOUCH for k in keys)
    keys[-1].tap()
    assert typed == [faces[-1]]
    pad.enabled = False
    assert not any(k.tap() for k in pad.controls())


def test_die_keypad_refuses_keys_under_64_px():
    with pytest.raises(LayoutError, match="faces"):
        DieKeypad(pygame.Rect(0, 0, 300, 64), print, faces=range(1, 7))
    pad = DieKeypad(pygame.Rect(0, 0, 300, 140), print, faces=range(1, 7), rows=2)
    assert len(pad.controls()) == 6


def test_number_pad_types_deletes_and_confirms():
    got: list[int] = []
    pad = NumberPad(pygame.Rect(0, 0, 240, 360), got.append, max_digits=2)
    keys = {c.key[1]: c for c in pad.controls()}
    assert all(c.rect.w >= MIN_TOUCH and c.rect.h >= MIN_TOUCH for c in keys.values())
    assert not keys["ok"].enabled and not keys["del"].enabled
    for d in "0473":
        pad.type(d)
    assert pad.value == 47              # a leading zero goes, the third digit is refused
    assert not {c.key[1]: c for c in pad.controls()}["4"].enabled
    pad.delete()
    pad.type("2")
    pad.ok()
    assert got == [42] and pad.value is None
    with pytest.raises(LayoutError):
        NumberPad(pygame.Rect(0, 0, 240, 300), print)


def test_old_buttons_keep_their_signature_and_are_controls():
    hits: list[int] = []
    b = Button(pygame.Rect(0, 0, 100, 40), "OK", lambda: hits.append(1), True, False, 30, (1, 2, 3))
    assert (b.size, b.color, b.key) == (30, (1, 2, 3), None) and isinstance(b, Control)
    assert Button(pygame.Rect(0, 0, 10, 10), "x", print).size == 28
    assert b.hit((5, 5)) and b.tap() and hits == [1]

    class Arrow(Button):
        def __init__(self, *args, up=True, **kwargs):
            super().__init__(*args, **kwargs)
            self.up = up
    arrow = Arrow(pygame.Rect(0, 0, 48, 48), "", print, up=False)
    assert arrow.up is False and arrow.size == 28 and arrow.settings()["label"] == ""


def test_taps_on_no_control_go_to_the_board_with_the_same_rules():
    clock, cells, log = Clock(), [], []
    ctl = Controls(clock=clock, on_free=cells.append)
    ctl.set(two_buttons(log))
    ctl.down((400, 300))
    ctl.up((405, 302))
    assert cells == [(405, 302)]
    ctl.down((400, 300))
    ctl.up((400, 380))   # a slide, not a tap
    ctl.down((400, 300))
    ctl.up((20, 20))     # released over a control it did not press
    assert cells == [(405, 302)] and log == []
    ctl.changed()
    ctl.down((400, 300))
    ctl.up((400, 300))   # inside the guard
    assert cells == [(405, 302)]


def test_a_held_control_is_drawn_lit_until_release():
    log: list[str] = []
    ctl = Controls(clock=Clock())
    ctl.set(two_buttons(log))
    surf = pygame.Surface((800, 480))
    ctl.draw(surf)
    idle = surf.get_at((50, 5))
    ctl.down((50, 30))
    assert ctl.held is not None and ctl.held.key == "a"
    ctl.draw(surf)
    assert surf.get_at((50, 5)) != idle
    ctl.up((50, 30))
    ctl.draw(surf)
    assert surf.get_at((50, 5)) == idle and ctl.held is None


def test_choice_slots_can_be_made_tall_enough_for_two_lines():
    cl = ChoiceList(pygame.Rect(0, 0, 256, 334), print, lines=2)
    assert len(cl.slot_rects) == 3 and cl.slot_rects[0].h >= 78
    with pytest.raises(LayoutError, match="2 line"):
        ChoiceList(pygame.Rect(0, 0, 256, 280), print, lines=2, slots=3)
    cl.set_choices([Choice("buy", "Kaufe zwei Karten der roten Bande für zwölf Dinar")])
    surf = pygame.Surface((800, 480))
    with recording() as rec:
        for c in cl.controls():
            c.draw(surf)
    assert problems(rec) == [] and rec.texts[0].drawn.h > 40


def test_pointer_events_drive_taps_once_per_touch():
    log: list[str] = []
    ctl = Controls(clock=Clock())
    ctl.set(two_buttons(log))
    touch = [pygame.event.Event(pygame.FINGERDOWN, x=20 / 800, y=20 / 480, finger_id=0, touch_id=0),
             pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(20, 20), touch=True),
             pygame.event.Event(pygame.FINGERUP, x=22 / 800, y=21 / 480, finger_id=0, touch_id=0),
             pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=(22, 21), touch=True)]
    for ev in touch:
        got = pointer(ev)
        if got is not None:
            kind, pos = got
            (ctl.down if kind == "down" else ctl.up)(pos)
    assert log == ["A"]
    assert pointer(touch[1], fingers_seen=False) == ("down", (20, 20))
    corner = pygame.event.Event(pygame.FINGERDOWN, x=1.0, y=1.0, finger_id=0, touch_id=0)
    assert pointer(corner) == ("down", (799, 479))


def test_a_screen_a_tap_opens_knows_that_tap_at_once():
    """A double click on a game in the menu opened the setup, and the second click, arriving
    once the setup's first frame was drawn, opened the name keyboard under it: the new screen
    was told the tap only after the tap had opened it, so it inherited the one before."""
    clock, seen = Clock(), []
    ctl = Controls(clock=clock, on_act=seen.append)
    opened: list[object] = []
    ctl.set([Control(pygame.Rect(0, 0, 300, 64), "Mutabor", lambda: opened.append(seen[-1]), key="m")])
    ctl.down((50, 30))
    clock.t += 0.03
    ctl.up((50, 30))
    assert len(opened) == 1 and opened[0] is not None and opened[0].pos == (50, 30)
    # a tap that does not act (a disabled control) is not told, or is taken back
    off = Control(pygame.Rect(0, 100, 300, 64), "Aus", lambda: None, key="off")
    off.enabled = False
    before = ctl.acted
    ctl.set([off])
    clock.t += 1.0
    ctl.down((50, 130))
    ctl.up((50, 130))
    assert ctl.acted == before and seen[-1] == before
