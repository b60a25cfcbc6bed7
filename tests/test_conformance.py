"""The conformance test every registered game passes, for every player count (after
OpenSpiel's random-simulation test): seeded random games end; ``apply`` never changes its
input; an illegal action raises and changes nothing; summaries and events are plain JSON;
replaying the record gives the live final state; a finished game has no die and nobody to
move; every refusal code an engine raises has a German and an English text; every engine
declares the reasons its events carry and the kinds of chance it asks for (``REASONS``,
``CHANCE_KINDS``), and every game's events and dice stay within them."""

from __future__ import annotations

import json
import pickle
import random

import pytest

from companion.engine.base import IllegalAction
from companion.games import REGISTRY, get_engine
from companion.session.record import dumps, replay
from companion.session.simulate import random_step
from companion.ui.i18n import Texts

# every game installed, the race (tests/tinygame, a distribution of its own) like any other
CASES = [(name, n) for name, game in REGISTRY.items() for n in game.counts]
SEEDS = (1, 2)
MAX_STEPS = 20_000


def plain_json(value: object) -> bool:
    return json.loads(json.dumps(value)) == value


def play(name: str, players: int, seed: int):
    """A seeded random game, checking every step on the way; returns the header, actions,
    the final state and every refusal seen."""
    engine = get_engine(name)
    header = REGISTRY[name].header(players, seed)
    state = engine.new_game(header)
    rng = random.Random(seed)
    actions, refusals = [], []
    reasons, kinds = set(engine.REASONS), set(engine.CHANCE_KINDS)
    while not engine.is_over(state):
        assert len(actions) < MAX_STEPS, f"{name} {players}p seed {seed} did not end"
        assert engine.current_player(state) is not None
        before = pickle.dumps(state)
        chance = engine.chance(state)
        assert chance is None or chance.kind in kinds, f"{name}: Chance kind {chance.kind!r} not in CHANCE_KINDS"
        action = random_step(engine, state, rng)
        new, events = engine.apply(state, action)
        assert pickle.dumps(state) == before, f"apply changed its input state at step {len(actions)}"
        assert all(plain_json(e.data) and isinstance(e.kind, str) for e in events)
        for e in events:
            for key in ("reason", "why"):
                assert key not in e.data or e.data[key] in reasons, f"{name}: {e.data[key]!r} not in REASONS"
        # a nonsense action is refused and changes nothing
        for bad in ({"action": "no_such_action"}, {"action": action["action"], "value": 10**9}):
            if bad == action:
                continue
            try:
                engine.apply(state, bad)
            except IllegalAction as exc:
                refusals.append(exc)
            else:
                if bad["action"] == "no_such_action":
                    pytest.fail(f"{name} accepted an unknown action")
            assert pickle.dumps(state) == before
        state = new
        actions.append(action)
    return header, actions, state, refusals


@pytest.mark.slow
@pytest.mark.parametrize("name,players", CASES)
def test_random_games_end_replay_and_keep_every_promise(name, players):
    engine = get_engine(name)
    texts = {lang: Texts(lang) for lang in ("de", "en")}
    for seed in SEEDS:
        header, actions, final, refusals = play(name, players, seed)
        summary = engine.summary(final)
        assert plain_json(summary)
        assert engine.chance(final) is None and engine.current_player(final) is None
        assert engine.legal_actions(final) == [] or summary.get("over")
        with pytest.raises(IllegalAction):
            engine.apply(final, actions[-1])
        # the record replays to the same state
        _engine, replayed, _actions = replay(dumps(header, actions).split("\n"))
        assert engine.summary(replayed) == summary
        assert replayed == final
        for exc in refusals:
            assert isinstance(exc.code, str) and exc.code
            for lang, t in texts.items():
                assert t.has(f"{name}.refusal.{exc.code}") or t.has(f"refusal.{exc.code}"), \
                    f"{name}: no {lang} text for refusal {exc.code!r}"


@pytest.mark.parametrize("name", sorted({name for name, _ in CASES}))
def test_every_engine_declares_its_reasons_and_chance_kinds(name):
    engine = get_engine(name)
    for declared in (engine.REASONS, engine.CHANCE_KINDS):
        assert isinstance(declared, tuple) and all(isinstance(c, str) and c for c in declared)
    assert bool(engine.CHANCE_KINDS) == bool(engine.chance_actions), f"{name}: chance actions but no kinds"


def test_every_registered_game_is_covered():
    from importlib.metadata import entry_points

    installed = {point.name for point in entry_points(group="companion.games")}
    assert "race" in installed  # the tests' set-up installs it (make test)
    assert {name for name, _ in CASES} == set(REGISTRY) == installed
