"""``companion demo --record`` names the same line as ``companion replay``: the line number an
editor shows, blank lines counted, and ``line 1:`` for a header that does not set up a game."""

from __future__ import annotations

import random

import pytest

from companion.cli import main
from companion.games import REGISTRY, get_engine, playable, spec
from companion.session.record import dumps
from companion.session.simulate import random_step

GAMES = [name for name in REGISTRY if playable(name)]


def errors(capsys, path: str) -> tuple[str, str]:
    """What ``replay`` and ``demo --record`` say about the record at ``path`` (both refuse it)."""
    assert main(["replay", path]) == 1
    replay = capsys.readouterr().err.strip()
    assert main(["--lang", "en", "demo", "--record", path]) == 1
    demo = capsys.readouterr().err.strip()
    return replay, demo


@pytest.mark.parametrize("game", GAMES)
def test_a_refused_step_after_blank_lines_is_named_by_its_line(tmp_path, capsys, game):
    engine = get_engine(game)
    for seed in range(4, 40):  # four steps of a game still going on (a short race may end first)
        header = {"record": 2, "game": game, "players": spec(game).counts[0], "seed": seed}
        state, rng, actions = engine.new_game(header), random.Random(seed), []
        while len(actions) < 4 and not engine.is_over(state):
            action = random_step(engine, state, rng)
            state, _events = engine.apply(state, action)
            actions.append(action)
        if not engine.is_over(state):
            break
    lines = dumps(header, actions).splitlines()
    # a blank line after the header and after each step: the refused step is on line 11
    text = "\n\n".join(lines) + "\n\n" + '{"action": "no such step"}\n'
    path = tmp_path / "game.jsonl"
    path.write_text(text)
    replay, demo = errors(capsys, str(path))
    assert replay.startswith("line 11: ") and demo == replay, (replay, demo)


def test_a_header_that_sets_up_no_game_is_line_1(tmp_path, capsys):
    path = tmp_path / "game.jsonl"
    path.write_text('{"record": 2, "game": "suleika", "players": 7, "seed": 1}\n')
    replay, demo = errors(capsys, str(path))
    assert replay.startswith("line 1: ") and demo == replay, (replay, demo)
