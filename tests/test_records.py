"""Records refuse bad input with a line number and a reason, never a traceback; v1 and v2
records replay; other box data is said, not fatal."""

from __future__ import annotations

import json

import pytest

from companion.games import get_engine
from companion.session.record import (
    MAX_LINE,
    RecordError,
    box_fingerprint,
    dumps,
    parse_record,
    read_record_file,
    replay,
    replay_record,
    split_lines,
)
from companion.session.session import Session

V1 = '{"record": 1, "game": "suleika", "players": 2, "seed": 1}'
V2 = '{"record": 2, "game": "suleika", "players": 2, "seed": 1}'


def refused(lines, line: int, code: str) -> RecordError:
    with pytest.raises(RecordError) as err:
        replay(lines)
    assert (err.value.line, err.value.code) == (line, code), str(err.value)
    assert err.value.params["line"] == line
    return err.value


# -- numbers, nesting, length ----------------------------------------------------------------
def test_a_5000_digit_number_is_refused_by_line():
    refused([V2, '{"action": "roll", "value": ' + "9" * 5000 + "}"], 2, "number_too_long")


def test_a_deeply_nested_line_is_refused_by_line():
    refused([V2, "", '{"action": "roll", "x": ' + "[" * 20000 + "]" * 20000 + "}"], 3, "too_deep")


def test_an_overlong_line_is_refused_by_line(tmp_path):
    long = '{"action": "roll", "note": "' + "x" * MAX_LINE + '"}'
    refused([V2, long], 2, "line_too_long")
    path = tmp_path / "r.jsonl"
    path.write_text(V2 + "\n" + long + "\n", encoding="utf-8")
    with pytest.raises(RecordError) as err:
        read_record_file(path)
    assert (err.value.line, err.value.code) == (2, "line_too_long")


# -- splitting lines and decoding bytes ------------------------------------------------------
def named(name: str) -> str:
    return json.dumps({"record": 2, "game": "alibaba", "players": 2, "seed": 1, "names": [name, "Bo"]},
                      ensure_ascii=False)


@pytest.mark.parametrize("odd", ["\u2028", "\u0085", "\u2029", "\x0c", "\x1c"])
def test_odd_line_breaks_inside_a_name_stay_in_the_name(odd, tmp_path):
    text = named(f"Ann{odd}a") + "\n" + '{"action": "roll", "value": 9}' + "\n"
    err = refused(split_lines(text), 2, "does_not_replay")
    assert err.cause is not None
    path = tmp_path / "r.jsonl"
    path.write_bytes(text.encode("utf-8"))
    lines = read_record_file(path)
    assert len(lines) == 2 and parse_record(lines)[0]["names"][0] == f"Ann{odd}a"


def test_a_byte_order_mark_is_accepted(tmp_path):
    path = tmp_path / "r.jsonl"
    path.write_bytes(b"\xef\xbb\xbf" + V2.encode() + b"\r\n" + b'{"action": "roll", "value": 2}\r\n')
    engine, state, actions = replay(read_record_file(path))
    assert actions == [{"action": "roll", "value": 2}]
    assert replay("\ufeff" + V2 + "\n")[2] == []
    assert replay(["\ufeff" + V2])[2] == []


def test_a_byte_that_is_not_utf8_is_named_by_its_line(tmp_path):
    path = tmp_path / "r.jsonl"
    path.write_bytes(V2.encode() + b'\n{"action": "roll", "value": 2}\n{"action": "pl\xe4ce"}\n')
    with pytest.raises(RecordError) as err:
        read_record_file(path)
    assert (err.value.line, err.value.code, err.value.params["byte"]) == (3, "not_utf8", 15)


def test_split_lines_splits_on_newline_only():
    assert split_lines("a\r\nb\u2028c\n\nd") == ["a", "b\u2028c", "", "d"]


# -- header types --------------------------------------------------------------------------
@pytest.mark.parametrize("field, value", [
    ("record", True), ("record", 2.0), ("game", 5), ("players", "2"), ("players", True),
    ("seed", 1.5), ("seed", False), ("names", 0), ("names", ["Ada", 3]), ("colors", "red"),
    ("rules_version", "1"), ("box", 12),
])
def test_header_fields_of_the_wrong_type_are_refused(field, value):
    header = {"record": 2, "game": "alibaba", "players": 2, "seed": 1, field: value}
    err = refused([json.dumps(header)], 1, "wrong_type")
    assert err.params["field"] == field


def test_unknown_versions_and_missing_games_are_refused():
    refused(['{"record": 3, "game": "suleika", "players": 2}'], 1, "not_header")
    refused(['{"record": 2, "players": 2}'], 1, "header_without_game")
    refused([], 1, "empty")
    refused([V2, '{"value": 3}'], 2, "no_action")
    refused([V2, "[1, 2]"], 2, "not_object")
    refused([V2, "{oops"], 2, "not_json")
    refused(['{"record": 2, "game": "suleika", "players": 9}'], 1, "bad_header")


# -- versions, box fingerprint, warnings ---------------------------------------------------
def played(game: str = "suleika") -> Session:
    s = Session.new({"game": game, "players": 2, "seed": 3})
    for _ in range(6):
        chance = s.engine.chance(s.state)
        if chance is not None:
            s.roll()
        else:
            s.act(s.engine.legal_actions(s.state)[0])
    return s


@pytest.mark.parametrize("game", ["suleika", "alibaba"])
def test_v1_v2_and_v2_without_stamp_all_replay(game):
    s = played(game)
    assert s.header["box"] == box_fingerprint(s.engine)
    bare = {k: v for k, v in s.header.items() if k not in ("rules_version", "box")}
    for header in (s.header, bare, {**bare, "record": 1}):
        done = replay_record(dumps(header, s.actions))
        assert done.state == s.state and done.warnings == []
        assert done.events == s.events


def test_other_box_data_is_a_warning_not_an_error():
    s = played()
    text = dumps({**s.header, "box": "0123456789abcdef", "rules_version": 99}, s.actions)
    done = replay_record(text)
    assert done.state == s.state
    assert sorted(w.code for w in done.warnings) == ["other_box", "other_rules"]
    assert "0123456789abcdef" in str(next(w for w in done.warnings if w.code == "other_box"))


def test_the_box_fingerprint_is_stable_and_follows_the_data():
    import dataclasses

    engine = get_engine("alibaba")
    assert box_fingerprint(engine) == box_fingerprint(engine)

    class Other:
        name = "alibaba"
        box = dataclasses.replace(engine.box, settings=dataclasses.replace(
            engine.box.settings, **{dataclasses.fields(engine.box.settings)[0].name: 12345}))

    assert box_fingerprint(Other()) != box_fingerprint(engine)  # type: ignore[arg-type]


def test_the_box_fingerprint_is_spelled_out_once_per_box(monkeypatch):
    """Every new game's header carries it: the box is spelled out once, not at every start."""
    import dataclasses

    from companion.session import record

    engine = get_engine("alibaba")
    first = box_fingerprint(engine)
    spelled = []
    plain = record._plain
    monkeypatch.setattr(record, "_plain", lambda value: spelled.append(1) or plain(value))
    assert box_fingerprint(engine) == first and not spelled
    assert Session.new({"game": "alibaba", "players": 3, "seed": 1}).header["box"] == first and not spelled

    class Other:
        name = "alibaba"
        box = dataclasses.replace(engine.box, settings=dataclasses.replace(
            engine.box.settings, **{dataclasses.fields(engine.box.settings)[0].name: 54321}))

    assert box_fingerprint(Other()) != first and spelled  # type: ignore[arg-type]
