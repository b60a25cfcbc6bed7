"""``companion replay --json`` and ``--json --legal`` for Der fliegende Teppich print exactly the
fields the README and the issue document, in every phase of a turn; ``simulate``, ``demo`` and
``replay`` reach the game through the registry."""

from __future__ import annotations

import json
from typing import Any

import pytest

from companion.cli import main
from companion.games import get_engine, spec
from companion.session.record import dumps
from companion.session.simulate import random_game

ENGINE = get_engine("teppich")
UP3 = {"action": "fly", "v": 3, "h": 0, "pair": "UR", "arrows": "up_side"}
DRIFT = {"action": "drift"}
TOP = {"carpets", "clouds", "turn", "pending", "over", "winners"}
CARPET = {"cell", "tokens", "misses", "on"}


def header(**extra: Any) -> dict[str, Any]:
    return {"record": 2, "game": "teppich", "players": 3, "seed": 1, "scenery": [],
            "clouds": [[10, 8], [11, 8]], "stars": [[0, 3]], **extra}


def replay(tmp_path, capsys, head: dict[str, Any], actions: list[dict[str, Any]], *flags: str) -> dict[str, Any]:
    path = tmp_path / "game.jsonl"
    path.write_text(dumps(head, actions))
    assert main(["replay", str(path), "--json", *flags]) == 0
    return json.loads(capsys.readouterr().out)


def shape(out: dict[str, Any], players: int) -> None:
    assert set(out) == TOP
    assert len(out["carpets"]) == players
    for carpet in out["carpets"]:
        assert set(carpet) == CARPET
        assert isinstance(carpet["cell"], list) and len(carpet["cell"]) == 2
        assert isinstance(carpet["tokens"], int) and isinstance(carpet["misses"], int)
        assert carpet["on"] is None or carpet["on"] in range(players)
    assert all(isinstance(c, list) and len(c) == 2 for c in out["clouds"])
    assert out["pending"] in (None, "roll", "clouds", "swap_with", "hop")
    assert isinstance(out["over"], bool) and isinstance(out["winners"], list)


ROLL = {"action": "roll", "value": 0}
PHASES: dict[str, tuple[list[dict[str, Any]], str | None]] = {
    "a turn": ([], None),
    "a roll due": ([UP3], "roll"),
    "a cloud move due": ([UP3, {**ROLL, "value": 2}], "clouds"),
    "a swap due": ([UP3, {**ROLL, "value": 5}], "swap_with"),
    "a hop due": ([UP3, {**ROLL, "value": 6}], "hop"),
    "move again": ([UP3, {**ROLL, "value": 3}], None),
}


@pytest.mark.parametrize("phase", list(PHASES))
def test_replay_json_and_legal_in_every_phase(tmp_path, capsys, phase):
    actions, pending = PHASES[phase]
    out = replay(tmp_path, capsys, header(), actions)
    shape(out, 3)
    assert out["pending"] == pending and out["turn"] == 0 and out["over"] is False
    assert out["carpets"][1] == {"cell": [0, 0], "tokens": 5, "misses": 0, "on": None}
    with_legal = replay(tmp_path, capsys, header(), actions, "--legal")
    legal = with_legal.pop("legal")
    assert with_legal == out
    state = ENGINE.new_game(header())
    for action in actions:
        state, _ = ENGINE.apply(state, action)
    assert legal == ENGINE.legal_actions(state)
    if pending in ("roll", "clouds"):
        assert legal == []
    elif pending == "swap_with":
        assert legal == [{"action": "swap_with", "player": 1}, {"action": "swap_with", "player": 2}]
    elif pending == "hop":
        assert legal and all(set(a) == {"action", "to"} and a["action"] == "hop" for a in legal)
        assert {"action": "hop", "to": [0, 7]} in legal and {"action": "hop", "to": [4, 3]} in legal
    else:
        kinds = {a["action"] for a in legal}
        assert kinds == {"fly", "steer", "drift"}
        cards = {(a["v"], a["h"], a["pair"], a["arrows"], json.dumps(a.get("token"))) for a in legal
                 if a["action"] == "fly"}
        # every card, both pairings, each arrow colour, with and without each token use
        assert {v for v, *_ in cards} == {1, 2, 3} and {h for _, h, *_ in cards} == {0, 1, 2, 3}
        assert {p for _, _, p, *_ in cards} == {"UR", "UL"}
        assert {a for *_, a, _ in cards} == {"up_side", "side_up", "down_side", "side_down"}
        assert {t for *_, t in cards} == {"null", *(json.dumps({"leg": leg, "change": c})
                                                     for leg in ("vertical", "side") for c in (1, -1))}
    for action in legal:
        ENGINE.apply(state, action)     # every listed action is legal


def test_legal_lists_then_where_a_move_ends_on_a_carpet(tmp_path, capsys):
    out = replay(tmp_path, capsys, header(stars=[]), [UP3], "--legal")
    thens = [a for a in out["legal"] if "then" in a]
    assert {**UP3, "then": "block"} in thens and {**UP3, "then": "force"} in thens
    assert UP3 not in out["legal"]
    assert all(a["then"] in ("block", "force") for a in thens)


def test_replay_json_once_the_game_is_over(tmp_path, capsys):
    head = spec("teppich").header(3, 4)
    state, actions = random_game(ENGINE, head, 4)
    out = replay(tmp_path, capsys, head, actions, "--legal")
    assert out.pop("legal") == []
    shape(out, 3)
    assert out == ENGINE.summary(state)
    assert out["over"] is True and out["turn"] is None and out["pending"] is None
    winner = out["winners"][0]
    assert out["carpets"][winner]["cell"] == [23, 0]


def test_replay_json_shows_misses_and_who_sits_on_whom(tmp_path, capsys):
    out = replay(tmp_path, capsys, header(stars=[]), [UP3, {**UP3, "then": "block"}])
    assert out["carpets"][1] == {"cell": [0, 3], "tokens": 5, "misses": 0, "on": 0}
    assert out["carpets"][0]["misses"] == 1 and out["turn"] == 2


def test_simulate_runs_teppich_for_three_to_six(capsys):
    for players in (3, 6):
        assert main(["simulate", "--game", "teppich", "--players", str(players), "--games", "2",
                     "--seed", "1", "--json"]) == 0
        out = json.loads(capsys.readouterr().out)
        assert out["game"] == "teppich" and out["players"] == players and out["games"] == 2
