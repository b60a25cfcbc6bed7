"""load_pins: the pin map file and its errors."""

from __future__ import annotations

import pytest

from companion.inputs.gpio import PinMapError, load_pins

GOOD = """\
# comment
[buttons]
roll = 17
left = 27
straight = 22
right = 23
ok = 24
undo = 25
"""


def write(tmp_path, text: str):
    path = tmp_path / "pins.toml"
    path.write_text(text)
    return path


def error(tmp_path, text: str) -> PinMapError:
    path = write(tmp_path, text)
    with pytest.raises(PinMapError) as info:
        load_pins(path)
    assert str(path) in str(info.value)
    return info.value


def test_good_map(tmp_path):
    assert load_pins(write(tmp_path, GOOD)) == {
        "roll": 17, "left": 27, "straight": 22, "right": 23, "ok": 24, "undo": 25,
    }


def test_pin_map_error_is_a_value_error():
    assert issubclass(PinMapError, ValueError)


def test_env_var_points_elsewhere(tmp_path, monkeypatch):
    monkeypatch.setenv("COMPANION_PINS", str(write(tmp_path, GOOD.replace("= 25", "= 5"))))
    assert load_pins()["undo"] == 5


def test_missing_file(tmp_path):
    with pytest.raises(PinMapError, match="file not found"):
        load_pins(tmp_path / "nope.toml")


def test_missing_button_names_it_and_the_table_line(tmp_path):
    e = error(tmp_path, GOOD.replace("undo = 25\n", ""))
    assert e.line == 2 and "undo" in e.problem


def test_unknown_button(tmp_path):
    e = error(tmp_path, GOOD + "jump = 5\n")
    assert e.line == 9 and "'jump'" in e.problem


def test_pin_used_twice(tmp_path):
    e = error(tmp_path, GOOD.replace("ok = 24", "ok = 17"))
    assert e.line == 7 and "already used by roll" in e.problem
    assert ", line 7: " in str(e)


@pytest.mark.parametrize("value", ["1", "28", "0", "-3", "40"])
def test_pin_out_of_range(tmp_path, value):
    e = error(tmp_path, GOOD.replace("left = 27", f"left = {value}"))
    assert e.line == 4 and "2 to 27" in e.problem


@pytest.mark.parametrize("value", ['"17"', "true", "17.0", "[17]"])
def test_pin_not_a_number(tmp_path, value):
    e = error(tmp_path, GOOD.replace("roll = 17", f"roll = {value}"))
    assert e.line == 3 and "BCM number" in e.problem


def test_bad_toml_gives_the_line(tmp_path):
    e = error(tmp_path, GOOD.replace("right = 23", "right = = 23"))
    assert e.line == 6 and "not valid TOML" in e.problem


def test_no_buttons_table(tmp_path):
    e = error(tmp_path, "roll = 17\n")
    assert "[buttons]" in e.problem
