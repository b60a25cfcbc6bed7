"""The command line names a Mutabor cell as the screen does: counted from 1, the row from the
top and the column from the left, never the engine's 0-based pair; a refusal's ``row`` and
``col`` count from 1 too, for the screen's words (German or English). Records and
``replay --json`` keep the engine's pairs exactly (outside tools read them)."""

from __future__ import annotations

import json
import re

import pytest

from companion.cli import main
from companion.engine.base import IllegalAction
from companion.games import spec
from companion.session.record import dumps
from companion.session.session import Session
from tests.engine.mutabor_helpers import ENGINE, TOP, new, put, refused

#: the engine's own pair, as the command line once printed it: "(3, 3)"
PAIR = re.compile(r"\(\d, \d\)")


def record(tmp_path, actions):
    session = Session.new(spec("mutabor").header(2, 5))
    path = tmp_path / "game.jsonl"
    path.write_text(dumps(session.header, actions), encoding="utf-8")
    return str(path), session


def test_replay_names_the_cell_as_the_screen_counts_it(tmp_path, capsys):
    path, _ = record(tmp_path, [{"action": "move", "from": [7, 2], "to": [6, 2]},
                                {"action": "move", "from": [3, 3], "to": [2, 3]}])
    assert main(["replay", path]) == 1
    err = capsys.readouterr().err
    assert "line 3: There is no figure in row 4 from the top, column 4 from the left" in err, err
    assert not PAIR.search(err), err


def test_the_json_keeps_the_engines_pairs(tmp_path, capsys):
    path, _ = record(tmp_path, [{"action": "move", "from": [7, 2], "to": [6, 2]}])
    assert main(["replay", path, "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert [6, 2] in summary["figures"][0] and [7, 2] not in summary["figures"][0]
    assert json.loads(open(path, encoding="utf-8").read().splitlines()[1])["from"] == [7, 2]


@pytest.mark.parametrize(("action", "words"), [
    ({"action": "move", "from": [0, 0], "to": [1, 1]}, "Row 1 from the top, column 1 from the left is not"),
    ({"action": "move", "from": [0, 2], "to": [1, 2]}, "The figure in row 1 from the top, column 3 from the left"),
    ({"action": "move", "from": [7, 2], "to": [7, 2]}, "A move must leave its cell"),
])
def test_every_refusal_that_names_a_cell_counts_from_1(action, words):
    state = ENGINE.new_game({**spec("mutabor").header(2, 5)})
    with pytest.raises(IllegalAction) as err:
        ENGINE.apply(state, action)
    assert words in str(err.value) and not PAIR.search(str(err.value))
    if "row" in err.value.params:  # the screen's words get the same numbers as the command line
        assert (err.value.params["row"], err.value.params["col"]) == (action["from"][0] + 1, action["from"][1] + 1)


def test_a_capture_refusal_and_the_start_cells_to_choose_from_count_from_1():
    own = put(new(2, {(5, 2): "baum"}), [(5, 2), (4, 2), (7, 4), (7, 5)], TOP)
    said = str(refused(own, {"action": "move", "from": [5, 2], "to": [4, 2]}))
    assert said == "Your own figure in row 5 from the top, column 3 from the left cannot be captured", said
    state = put(new(2, {(5, 2): "baum"}), [(5, 2), (7, 3), (7, 4), (7, 5)], [(4, 2), (1, 5), (1, 4), (0, 5)])
    said = str(refused(state, {"action": "move", "from": [5, 2], "to": [4, 2]}))
    assert said.endswith(": row 1 from the top, column 3 from the left or row 1 from the top, column 4 from the "
                         "left or row 1 from the top, column 5 from the left"), said
    said = str(refused(state, {"action": "move", "from": [5, 2], "to": [4, 2], "capture_to": [7, 2]}))
    assert said.startswith("The cell in row 8 from the top, column 3 from the left is not"), said



def test_a_refusal_names_the_card_as_the_box_does():
    """"The Krebs card …": the card's name as the box and the rules print it, not a lower-case key."""
    from tests.engine.mutabor_helpers import move, put
    from tests.engine.test_mutabor_moves import FIGURES, HERE

    state = put(new(2, {HERE: "krebs"}), *FIGURES)
    try:
        move(state, HERE, (4, 2))
    except IllegalAction as refusal:
        assert refusal.code == "card_forbids"
        assert str(refusal).startswith("The Krebs card in row "), str(refusal)
    else:
        raise AssertionError("the Krebs moved straight on")
