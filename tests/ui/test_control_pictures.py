"""A control's picture is painted once per look and blitted: a steady key's run-length encoded
at once; a choice's (its look changes with the highlight) first in three parts (the columns
between its rounded corners copied, the two outer columns colour-keyed), from its
``ENCODE_AT``-th blit on encoded and blitted whole. Either way the screen gets the very
pixels of the control painted straight onto it, corners included."""

from __future__ import annotations

import pygame
import pytest

from companion.ui import theme
from companion.ui.kit import controls
from companion.ui.kit.controls import CORNER, ENCODE_AT, Control


@pytest.fixture(autouse=True)
def _fonts() -> None:
    pygame.font.init()
    controls._pictures.clear()


def _ground(size: tuple[int, int] = (400, 200)) -> pygame.Surface:
    """A background of many colours: a see-through corner that is copied shows at once."""
    surf = pygame.Surface(size)
    for x in range(0, size[0], 3):
        for y in range(0, size[1], 3):
            surf.fill(((x * 7) % 256, (y * 11) % 256, (x + y) % 256), (x, y, 3, 3))
    return surf


def _pixels(surf: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surf, "RGB")


@pytest.mark.parametrize(("size", "label"), [((316, 117), "Karawanenräuber verkaufen: 120"), ((151, 64), "Menü"),
                                              ((64, 64), "6"), ((18, 80), ""), ((120, 14), "")])
@pytest.mark.parametrize("selected", [False, True])
@pytest.mark.parametrize("steady", [False, True])
def test_every_blit_of_a_picture_gives_the_pixels_of_the_control_painted_there(size, label, selected, steady) -> None:
    rect = pygame.Rect((37, 21), size)
    key = Control(rect, label, selected=selected, key="k")
    key.steady = steady
    painted = _ground()
    key.paint(painted, rect)
    for n in range(ENCODE_AT + 2):  # in parts, then encoded
        drawn = _ground()
        key.draw(drawn)
        assert _pixels(drawn) == _pixels(painted), f"blit {n + 1} of a {size} key"
    assert controls._pictures.get(key.look()).middle is None  # encoded by now


def test_a_choice_s_picture_is_encoded_at_its_encode_at_th_blit_and_then_counted_twice() -> None:
    key = Control(pygame.Rect(0, 0, 316, 117), "Weiter", key="k")
    key.steady = False
    screen = pygame.Surface((800, 480))
    kept = controls.picture(key)
    pixels = kept.img.get_pitch() * kept.img.get_height()
    for _ in range(ENCODE_AT - 1):
        key.draw(screen)
    assert kept.middle is not None and controls._pictures.bytes == pixels
    key.draw(screen)
    assert kept.middle is None and controls._pictures.bytes == 2 * pixels
    assert controls.picture(key) is kept  # the same picture, blitted whole from now on


def test_a_steady_key_and_a_narrow_choice_are_encoded_whole_from_the_start() -> None:
    menu = controls.picture(Control(pygame.Rect(0, 0, 151, 64), "Menü", key="menu"))
    assert menu.middle is None and menu.img.get_colorkey() is not None
    narrow = Control(pygame.Rect(0, 0, 2 * CORNER, 64), "", key="k", icon="left")
    narrow.steady = False
    kept = controls.picture(narrow)
    assert kept.middle is None and kept.img.get_colorkey() is not None


def test_the_choices_of_a_list_are_not_steady_its_page_arrows_are() -> None:
    from companion.ui.kit.choices import Choice, ChoiceList

    cl = ChoiceList(pygame.Rect(0, 0, 316, 432), lambda _key: None, lines=3)
    cl.set_choices([Choice("a", "3 Felder"), Choice("b", "4 Felder")])
    steady = {c.key: c.steady for c in cl.controls()}
    assert steady[("choices", "choice", "a")] is False and steady[("choices", "choice", "b")] is False
    assert steady[("choices", "prev")] is True and steady[("choices", "next")] is True


def test_a_new_look_is_a_new_picture_and_an_old_one_is_kept() -> None:
    rect = pygame.Rect(0, 0, 316, 117)
    before = controls.painted
    plain = controls.picture(Control(rect, "3 Felder", key="a"))
    lit = controls.picture(Control(rect, "3 Felder", key="a", selected=True))
    other = controls.picture(Control(rect, "4 Felder", key="a"))
    assert controls.painted == before + 3
    assert len({_pixels(p.img) for p in (plain, lit, other)}) == 3  # each shows what it is
    assert controls.picture(Control(rect, "3 Felder", key="b")) is plain  # the same look, not painted again
    assert controls.painted == before + 3
    assert theme.PANEL_HI != theme.PANEL  # the lit key's fill differs from the plain one's
