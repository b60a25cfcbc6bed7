"""The command line as a user meets it: replay, simulate, demo, selftest, export."""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest

from companion.cli import main
from companion.games import REGISTRY, get_engine, register
from companion.games.suleika import rules as suleika
from companion.session.record import dumps
from companion.session.simulate import random_game, random_step

HEADER = {"record": 1, "game": "suleika", "players": 3, "seed": 5}


def write(tmp_path, header, actions, extra: list[str] = ()) -> str:
    path = tmp_path / "game.jsonl"
    path.write_text(dumps(header, actions) + "".join(line + "\n" for line in extra))
    return str(path)


def replay_err(capsys, path) -> tuple[int, str]:
    code = main(["replay", path])
    return code, capsys.readouterr().err.strip()


def test_replay_json_has_the_documented_shape(tmp_path, capsys):
    engine = get_engine("suleika")
    state, actions = random_game(engine, HEADER, 3)
    assert main(["replay", write(tmp_path, HEADER, actions), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert set(out) == {"omar", "players", "board", "turn", "over", "winners"}
    assert set(out["omar"]) == {"row", "col", "facing"}
    assert all(set(p) == {"money", "visible", "carpets_left", "out"} for p in out["players"])
    assert len(out["board"]) == 7 and all(len(r) == 7 for r in out["board"])
    assert out["over"] is True and out["winners"]
    assert out == engine.summary(state)


@pytest.mark.parametrize("line,reason", [
    ("{not json", "not valid JSON"),
    ('{"action": "jump"}', "unknown action"),
    ('{"action": "roll", "value": 0}', "1 to 4"),
    ('{"action": "roll", "value": 5}', "1 to 4"),
    ('{"action": "roll", "value": "three"}', ""),
    ('[1, 2]', "JSON object"),
    ('{"value": 3}', 'needs an "action"'),
])
def test_replay_bad_lines_name_the_line(tmp_path, capsys, line, reason):
    code, err = replay_err(capsys, write(tmp_path, HEADER, [{"action": "face", "dir": "E"}], [line]))
    assert code != 0
    assert err.startswith("line 3: ") and reason in err
    assert "Traceback" not in err


def test_replay_180_degree_turn(tmp_path, capsys):
    actions = [{"action": "face", "dir": "E"}, {"action": "roll", "value": 1}]
    state = get_engine("suleika").new_game(HEADER)
    for a in actions:
        state, _ = get_engine("suleika").apply(state, a)
    place = next(a for a in get_engine("suleika").legal_actions(state) if a["action"] == "place")
    code, err = replay_err(capsys, write(tmp_path, HEADER, actions + [place], ['{"action": "face", "dir": "W"}']))
    assert code == 1 and err.startswith("line 5: ") and "turn" in err.lower()


def find_place_phase(seed: int, want) -> tuple[list, object]:
    """Play random games until a place phase where ``want(state)`` gives a bad placement."""
    engine = get_engine("suleika")
    rng = random.Random(seed)
    for _ in range(200):
        state, actions = engine.new_game(HEADER), []
        while not engine.is_over(state):
            if state.phase == "place":
                bad = want(state)
                if bad is not None:
                    return actions, bad
            a = random_step(engine, state, rng)
            state, _ = engine.apply(state, a)
            actions.append(a)
    raise AssertionError("no such position found")


def whole_carpet_next_to_omar(state):
    r, c = state.omar
    for cell in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
        if not (0 <= cell[0] < 7 and 0 <= cell[1] < 7) or state.board[cell[0]][cell[1]] is None:
            continue
        cid = state.board[cell[0]][cell[1]][1]
        for other in ((cell[0] + 1, cell[1]), (cell[0] - 1, cell[1]), (cell[0], cell[1] + 1), (cell[0], cell[1] - 1)):
            if 0 <= other[0] < 7 and 0 <= other[1] < 7 and other != state.omar \
                    and state.board[other[0]][other[1]] is not None and state.board[other[0]][other[1]][1] == cid:
                colour = suleika.seat_colors(state, state.current)[0]
                return {"action": "place", "cells": [list(cell), list(other)], "color": colour}
    return None


def under_omar(state):
    r, c = state.omar
    other = (r, c + 1) if c < 6 else (r, c - 1)
    return {"action": "place", "cells": [[r, c], list(other)], "color": suleika.seat_colors(state, state.current)[0]}


def colour_not_held(state):
    good = next(a for a in get_engine("suleika").legal_actions(state) if a["action"] == "place")
    return {**good, "color": "green"}  # three players: nobody holds green


@pytest.mark.parametrize("want,words", [
    (whole_carpet_next_to_omar, "whole carpet"),
    (under_omar, "Omar"),
    (colour_not_held, "green"),
])
def test_replay_illegal_placements(tmp_path, capsys, want, words):
    actions, bad = find_place_phase(1, want)
    code, err = replay_err(capsys, write(tmp_path, HEADER, actions + [bad]))
    assert code == 1
    assert err.startswith(f"line {len(actions) + 2}: ") and words in err


def test_replay_action_after_the_end(tmp_path, capsys):
    _state, actions = random_game(get_engine("suleika"), HEADER, 8)
    code, err = replay_err(capsys, write(tmp_path, HEADER, actions + [{"action": "roll", "value": 2}]))
    assert code == 1 and err.startswith(f"line {len(actions) + 2}: ") and "over" in err


def test_replay_bad_header_and_missing_file(tmp_path, capsys):
    path = tmp_path / "h.jsonl"
    path.write_text('{"record": 1, "game": "suleika", "players": 7, "seed": 1}\n')
    code, err = replay_err(capsys, str(path))
    assert code == 1 and err.startswith("line 1: ")
    path.write_text('{"record": 1, "game": "chess", "players": 2}\n')
    assert replay_err(capsys, str(path))[0] == 1
    assert main(["replay", str(tmp_path / "missing.jsonl")]) == 2
    assert "cannot read" in capsys.readouterr().err


def test_replay_as_a_user_runs_it_prints_no_traceback(tmp_path):
    path = write(tmp_path, HEADER, [], ["garbage"])
    res = subprocess.run([sys.executable, "-m", "companion", "replay", path], capture_output=True, text=True)
    assert res.returncode == 1
    assert res.stderr.strip() == "line 2: not valid JSON (Expecting value at column 1)"


def test_simulate_json(capsys):
    assert main(["simulate", "--game", "suleika", "--players", "2", "--games", "3", "--seed", "2", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["games"] == 3 and out["games_per_second"] > 0


def test_the_rules_shortcut_is_the_game_s_own_and_the_first_game_is_the_default(capsys):
    assert main(["simulate", "--games", "2", "--rules", "marrakech", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["game"] == next(iter(REGISTRY)) and out["options"]["rules"] == "marrakech"
    offered = [g for g in REGISTRY.values() if ("--rules", "rules") in g.cli_aliases]
    assert offered, "a game offers --rules"
    assert main(["simulate", "--game", offered[0].name, "--games", "1", "--rules", "marrakech", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["options"]["rules"] == "marrakech"
    plain = next(g.name for g in REGISTRY.values() if not g.cli_aliases)
    assert main(["simulate", "--game", plain, "--games", "1", "--rules", "marrakech"]) == 2
    assert capsys.readouterr().err.strip().startswith(f"{plain} has no option rules")


def test_a_game_s_shortcut_reaches_its_option(capsys):
    from race_game import SPEC  # the race, installed for the tests (tests/tinygame)

    register(SPEC._replace(cli_aliases=(("--goal", "goal"),)))
    try:
        assert main(["simulate", "--game", "race", "--games", "2", "--goal", "20", "--json"]) == 0
        assert json.loads(capsys.readouterr().out)["options"] == {"goal": 20}
    finally:
        register(SPEC)  # the installed race as it was


@pytest.mark.slow
def test_demo_saves_a_screenshot(tmp_path, capsys):
    shot = tmp_path / "demo.png"
    assert main(["--lang", "en", "demo", "--players", "3", "--seed", "2", "--turns", "5", "--screenshot", str(shot)]) == 0
    assert shot.stat().st_size > 5000


def test_selftest_mock_reaches_the_screen(capsys):
    assert main(["selftest", "--mock", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert [b["button"] for b in out["buttons"]] == ["roll", "left", "straight", "right", "ok", "undo"]
    assert all(b["reached_screen"] and b["ms"] >= 0 for b in out["buttons"])


def test_export_writes_a_record_that_replays(tmp_path, capsys):
    from companion.session.session import Session
    from companion.session.store import Store

    db = tmp_path / "g.sqlite3"
    s = Session.new({"game": "suleika", "players": 2, "seed": 4}, Store(db))
    s.roll(2)
    assert main(["export", "--data", str(db)]) == 0
    text = capsys.readouterr().out
    path = tmp_path / "e.jsonl"
    path.write_text(text)
    assert main(["replay", str(path), "--json"]) == 0


def test_the_start_and_every_command_are_read_by_one_parser(capsys):
    from companion import cli

    args = cli.parse_args(["--data", "/tmp/x.sqlite3", "--no-gpio"])
    assert (args.command, args.data, args.no_gpio) == (None, "/tmp/x.sqlite3", True)
    assert cli.parse_args(["run", "--serial", "usb"]).serial == "usb"
    assert cli.parse_args(["run", "--data=g.sqlite3"]).data == "g.sqlite3"
    assert cli.parse_args(["replay", "g.jsonl", "--json"]).file == "g.jsonl"
    with pytest.raises(SystemExit) as stop:
        cli.parse_args(["foo"])
    assert stop.value.code == 2
    assert "'simulate'" in capsys.readouterr().err  # the parser names every command
    with pytest.raises(SystemExit):
        cli.parse_args(["--help"])
    assert "qr-join" in capsys.readouterr().out


@pytest.mark.parametrize(("argv", "expected"), [
    ([], {"command": None, "lang": "de", "data": None, "serial": None, "no_gpio": False, "fullscreen": None,
          "kiosk": None}),
    (["--lang", "en", "run", "--data", "x"], {"command": "run", "lang": "en", "data": "x"}),
    (["run", "--no-kiosk", "--fullscreen"], {"kiosk": False, "fullscreen": True}),
    (["--data", "x", "run", "--data", "y"], {"data": "y"}),  # after the word run wins
    (["--serial", "usb", "--data", "a", "--no-fullscreen", "--fullscreen"], {"serial": "usb", "fullscreen": True}),
])
def test_the_start_options_read_before_or_after_the_word_run(argv, expected, monkeypatch):
    from companion import cli

    monkeypatch.delenv("COMPANION_LANG", raising=False)
    got = vars(cli.parse_args(argv))
    assert {k: got[k] for k in expected} == expected


@pytest.mark.parametrize("argv", [["run", "--lang", "en"], ["run", "--bogus"], ["--lang", "fr"], ["--data"]])
def test_a_start_line_the_parser_cannot_take_is_refused_in_words(argv, capsys):
    from companion import cli

    with pytest.raises(SystemExit) as stop:
        cli.parse_args(argv)
    assert stop.value.code == 2 and "usage: companion" in capsys.readouterr().err


def test_options_before_the_word_run_are_kept():
    from companion import cli

    args = cli.build_parser().parse_args(["--data", "x.sqlite3", "--no-gpio", "run", "--serial", "usb"])
    assert (args.command, args.data, args.no_gpio, args.serial) == ("run", "x.sqlite3", True, "usb")


def test_a_refusal_in_words_is_one_line_and_a_fault_is_not_hidden(monkeypatch, capsys):
    from companion import cli
    from companion.engine.base import IllegalAction

    monkeypatch.setitem(cli.COMMANDS, "simulate", lambda args: (_ for _ in ()).throw(
        IllegalAction("unknown_game", "unknown game {game}", game="x")))
    assert cli.main(["simulate"]) == 2
    assert capsys.readouterr().err.strip() == "unknown game x"
    monkeypatch.setitem(cli.COMMANDS, "simulate", lambda args: 1 / 0)
    with pytest.raises(ZeroDivisionError):
        cli.main(["simulate"])


def test_selftest_counts_a_button_that_came_after_its_wait_ran_out(monkeypatch, capsys):
    """The screen passes over a button whose wait ran out; a press of it that arrives later
    marks it after all (every button seen, in any order), on the screen and in the report."""
    from companion.ui import drivers

    class LateOk(drivers.MockSelftestDriver):
        def __call__(self, app):
            if app.scene.asking == "ok" and self.pressed != "ok":
                self.pressed = "ok"
                app.scene.index += 1  # its wait ran out: the screen marks it as never come
                pin = self.factory.pin(self.pins["ok"])
                pin.drive_low()  # ... and then it comes, too late
                pin.drive_high()
                return True
            return super().__call__(app)

    monkeypatch.setattr(drivers, "MockSelftestDriver", LateOk)
    assert main(["selftest", "--mock", "--json"]) == 0
    report = {r["button"]: r for r in json.loads(capsys.readouterr().out)["buttons"]}
    assert all(r["reached_screen"] for r in report.values())


@pytest.mark.parametrize("argv", [["--data", "{dir}", "run"], ["run", "--data", "{dir}"], ["demo", "--data", "{dir}"],
                                  ["export", "--data", "{dir}"]])
def test_a_folder_given_for_the_games_file_is_refused_in_words(tmp_path, capsys, argv):
    """Opened as a database, a folder failed: the companion fell back to memory ("the games
    cannot be saved") and looked for the staff's PIN beside the folder instead of in it."""
    with pytest.raises(SystemExit) as stopped:
        main([a.format(dir=tmp_path) for a in argv])
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert f"{tmp_path} is a folder: give the games file in it, e.g. {tmp_path / 'companion.sqlite3'}" in err
    assert list(tmp_path.iterdir()) == []  # nothing written, nothing moved aside
