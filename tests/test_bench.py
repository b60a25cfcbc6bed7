"""``companion bench`` runs and reports every figure honestly; the simulated players play as
documented. Speed itself is not judged here (a shared test machine is too noisy for that,
see ARCHITECTURE.md)."""

from __future__ import annotations

import ast
import json
import os
import random
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from companion.bench import callgrind, process, run
from companion.bench.games import undeclared
from companion.bench.table import Figure, Target, percentile, render
from companion.games import REGISTRY, get_engine, spec
from companion.session.simulate import OneHeading, play_game, random_game

KINDS = ("engine.", "press.", "frame.", "start.", "idle.", "memory.", "store.")
BENCH = Path(run.__file__).parent
TINY = {**os.environ, "COMPANION_BENCH_SCALE": "tiny", "GPIOZERO_PIN_FACTORY": "mock"}


def _bench(*args: str) -> dict:
    done = subprocess.run([sys.executable, "-m", "companion", "bench", "--json", *args],
                          capture_output=True, text=True, env=TINY, timeout=180)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


@pytest.mark.slow
def test_quick_json_has_every_figure():
    # tiny: the quick run's shape with less work, so this test stays well under 30 s
    out = _bench("--quick")
    assert out["scale"] == "tiny" and out["instructions"] is False
    assert {"cpu", "cores", "python", "pygame_ce", "sdl"} <= set(out["machine"])
    keys = {f["key"] for f in out["figures"]}
    for kind in KINDS:
        assert any(k.startswith(kind) for k in keys), kind
    for key in ("engine.suleika.4p.suleika.one-heading.games_per_s", "engine.suleika.4p.suleika.random.games_per_s",
                "engine.suleika.2p.marrakech.one-heading.games_per_s", "press.p95_ms", "frame.suleika.4p.hint_ms",
                "frame.suleika.4p.place_ms", "start.ratio", "idle.menu.cpu_pct", "idle.menu.wakeups_per_s",
                "idle.table.wakeups_per_s", "memory.peak_rss_mb", "store.commit_p50_ms", "store.commit_p99_ms",
                "store.actions_per_s", "store.bytes_per_action"):
        assert key in keys, key
    for f in out["figures"]:
        assert f["runs"] == len(f["samples"]) >= 1
        assert f["min"] <= f["median"] <= f["max"]
        if f["key"].startswith(("idle.", "store.device")):
            assert f["median"] >= 0, f  # an idle app may use no measurable CPU at all
        else:
            assert f["median"] > 0, f
        assert (f["target"] is None) == (f["met"] is None)
    assert any("--instructions" in n for n in out["notes"])


def test_every_game_says_what_the_bench_measures():
    """The bench names no game: each registered game (the race game too) declares its engine
    workloads and its busy frames, and they are games it can set up."""
    assert "race" in REGISTRY  # installed for the tests (tests/tinygame)
    for name, game in REGISTRY.items():
        bench = game.bench
        assert bench is not None and bench.games, f"{name} declares no bench workloads"
        assert bench.frames or game.scene is None, f"{name} declares no frame of its screen"
        assert bench.players in game.counts and (bench.press_players or bench.players) in game.counts, name
        for work in bench.games:
            game.header(work.players, 1, **dict(work.options))  # a header the game takes
        for frame in bench.frames + ((bench.press,) if bench.press else ()):
            assert frame.players in game.counts, (name, frame)
        assert undeclared(game) == [], name
    assert any(g.bench and g.bench.press for g in REGISTRY.values()), "no game declares the bench's table"


def test_a_game_without_its_heavy_frames_and_presses_declared_is_named():
    """A game whose table screen has no counted frame, or whose table makes no presses the
    bench could count, is named by what it leaves out."""
    from companion.games import BenchFrame, BenchGames, BenchSpec

    RACE = REGISTRY["race"]  # installed for the tests (tests/tinygame)
    quiet = RACE._replace(bench=BenchSpec(games=(BenchGames(2),), frames=(BenchFrame(2),), players=2))
    assert [w.split(" ", 1)[1] for w in undeclared(quiet)] == [
        "declares no busy frame counted in instructions (GameSpec.bench.frames, counted)"]
    mute = RACE._replace(scene="companion.ui.table:TableScene")
    assert undeclared(mute) == ["race's table makes no presses for the bench (its scene's demo_presses)"]
    assert undeclared(RACE._replace(bench=None)) == ["race declares no bench workloads (GameSpec.bench.games)"]
    assert undeclared(RACE._replace(scene=None, bench=quiet.bench)) == []


def test_a_game_at_its_table_is_counted_pass_by_pass(monkeypatch):
    """The counted game (``icount game``) at a registered game's table, come to through the
    menu and the game's setup: the setup's warm-up (idle passes, none a press), the setup's
    start key to the table's first frame, the first press, the presses, the unstored rest, the
    end screen's first step and its redraws, one mark each, in order."""
    from companion.bench import icount

    marks = icount._Marks()
    monkeypatch.setattr("builtins.print", lambda *a, **k: None)
    icount.game("race", 1, 4, marks)  # the race, installed for the tests (tests/tinygame)
    labels = marks.labels
    assert labels[:3] == ["setup", "setup.first_frame", "warm"]  # the setup warms the race's table
    first = labels.index("table.first_frame")
    assert set(labels[2:first]) == {"warm"}
    assert sum(1 for x in labels if x.startswith("press.first.")) == 1
    assert sum(1 for x in labels if x.startswith("press.")) == 4
    assert labels.count("end.first") == 1
    assert [x for x in labels[labels.index("end.first") + 1:] if x != "warm"] == ["end.redraw"] * 3
    assert labels.index("end.first") > max(i for i, x in enumerate(labels) if x.startswith("press."))


def test_the_bench_measures_a_registered_game_it_has_never_heard_of(monkeypatch):
    """The race, installed for the tests as a distribution of its own (tests/tinygame)."""
    from companion.bench import engine
    from companion.bench.games import benched

    assert "race" in dict(benched())
    keys = [c.key for c in engine.configs([])]
    assert "race.2p.one-heading" in keys and "race.2p.20.one-heading" in keys


def test_store_dir_measures_commits_there_and_leaves_nothing(tmp_path):
    out = _bench("--only", "store", "--store-dir", str(tmp_path))
    figs = {f["key"]: f for f in out["figures"]}
    assert figs["store.commit_p50_ms"]["median"] <= figs["store.commit_p99_ms"]["median"]
    assert any(str(tmp_path) in n for n in out["notes"])
    assert list(tmp_path.iterdir()) == []  # the scratch database is gone


@pytest.mark.parametrize("args, words", [(["--store-dir", "nope"], "not a folder"),
                                         (["--only", "engine,frames"], "no such part")])
def test_bad_arguments_are_one_line(tmp_path, args, words):
    args = [str(tmp_path / a) if a == "nope" else a for a in args]
    done = subprocess.run([sys.executable, "-m", "companion", "bench", *args],
                          capture_output=True, text=True, env=TINY, timeout=60)
    assert done.returncode == 2 and words in done.stderr and "Traceback" not in done.stderr


def test_without_valgrind_the_bench_says_so(monkeypatch, tmp_path):
    monkeypatch.setattr(callgrind, "valgrind", lambda: None)
    notes: list[str] = []
    figures = run.measure(run.SCALES["tiny"], tmp_path, tmp_path, ("instructions",), notes, lambda _w: None)
    assert figures == [] and any("valgrind is not installed" in n for n in notes)


@pytest.mark.slow
@pytest.mark.skipif(callgrind.valgrind() is None, reason="valgrind is not installed")
def test_callgrind_counts_a_process():
    small = callgrind.count([sys.executable, "-S", "-c", "pass"])
    more = callgrind.count([sys.executable, "-S", "-c", "sum(range(200000))"])
    assert 0 < small < more


def test_pi_estimate_follows_the_readme_method():
    assert callgrind.pi_seconds(2e6) == (0.0025, 0.004)  # 2 M at 0.8 and 0.5 per cycle, 1 GHz


def _imports(path: Path, top_level_only: bool = False) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    nodes = tree.body if top_level_only else list(ast.walk(tree))
    names: set[str] = set()
    for node in nodes:
        if isinstance(node, ast.Import):
            names |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.add(node.module.split(".")[0])
    return names - {"__future__"}


def test_the_yardstick_and_the_children_import_nothing_they_do_not_measure():
    assert _imports(BENCH / "bare_window.py") <= {"json", "os", "sys", "time", "pygame"}
    for child in ("child.py", "icount.py"):
        assert _imports(BENCH / child, top_level_only=True) <= set(sys.stdlib_module_names), child
    assert _imports(BENCH / "__init__.py") == set()


def _imported(argv: list[str]) -> set[str]:
    """The modules a process imports (``-X importtime``), top packages and dotted names."""
    env = {**process.child_env(), "PYTHONPROFILEIMPORTTIME": "1"}
    done = subprocess.run(argv, capture_output=True, text=True, env=env, timeout=60, cwd=process.CHECKOUT)
    assert done.returncode == 0, done.stderr
    names = {line.rsplit("|", 1)[1].strip() for line in done.stderr.splitlines() if line.startswith("import time:")}
    return names | {n.split(".")[0] for n in names}


def test_bare_window_and_start_child_import_what_they_should(tmp_path):
    # -I ignores PYTHON* variables, so ask for the import times on the command line
    bare = _imported([sys.executable, "-I", "-X", "importtime", str(process.BARE_WINDOW), "--exit"])
    assert "pygame" in bare and "companion" not in bare
    app = _imported(process.child_argv("start", tmp_path, "--exit"))
    assert "companion.root" in app and "gpiozero" not in app  # the pins open after the first frame


def test_wakeups_count_every_thread():
    before = process.wakeups(os.getpid())

    def nap() -> None:
        for _ in range(50):
            time.sleep(0.001)

    t = threading.Thread(target=nap)
    t.start()
    time.sleep(0.02)
    during = process.wakeups(os.getpid())  # while the other thread still lives
    t.join()
    assert during - before >= 5


def _reference_random_game(engine, header, seed):
    """The random player exactly as records and tests first used it, with the engine's optional
    hooks as ``companion.engine.base.OPTIONAL_HOOKS`` documents them: when nothing is listed and
    no die waits, the ``unlisted_actions`` are the choices (Teppich's cloud layouts after face
    2); and where ``progress_actions`` exists, half the time (one ``rng.random()`` per step
    with choices) a move heading for the end is taken instead. A game without the hooks draws
    no extra random number, so its games are the first ones."""
    rng = random.Random(seed)
    state = engine.new_game(header)
    actions = []
    unlisted = getattr(engine, "unlisted_actions", None)
    progress = getattr(engine, "progress_actions", None)
    while not engine.is_over(state):
        options = list(engine.legal_actions(state))
        chance = engine.chance(state)
        if not options and chance is None and unlisted is not None:
            options = list(unlisted(state))
        action = None
        if progress is not None and options and rng.random() < 0.5:
            ahead = progress(state)
            if ahead:
                action = dict(rng.choice(ahead))
        if action is None:
            if chance is not None:
                options.append(None)
            if not options:
                raise RuntimeError(f"{engine.name}: no legal action and no die in a game that is not over")
            pick = rng.choice(options)
            action = {"action": chance.action, "value": rng.choice(chance.faces)} if pick is None else pick
        state, _ = engine.apply(state, action)
        actions.append(action)
    return actions


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(REGISTRY))
def test_random_game_is_unchanged_and_random_policy_is_it(name):
    engine, game = get_engine(name), spec(name)
    for seed in (1, 2):
        header = game.header(game.default_count, seed)
        _state, actions = random_game(engine, header, seed)
        assert actions == _reference_random_game(engine, header, seed)
        assert play_game(engine, header, seed, "random")[1] == actions


@pytest.mark.parametrize("players,seed", [(3, 6), (6, 28)])
def test_the_random_teppich_player_moves_clouds_and_heads_for_the_goal_as_documented(players, seed):
    """Teppich's random games use both hooks: a cloud layout when face 2 lists nothing, and the
    moves toward the goal; the reference player, written from the hooks' documentation, plays
    the same game (these seeds reach face 2)."""
    engine, game = get_engine("teppich"), spec("teppich")
    header = game.header(players, seed)
    state, actions = random_game(engine, header, seed)
    assert engine.is_over(state)
    assert any(a["action"] == "clouds" for a in actions)
    assert _reference_random_game(engine, header, seed) == actions


@pytest.mark.parametrize("name", sorted(REGISTRY))
def test_one_heading_makes_each_kind_of_choice_once_before_a_roll(name):
    engine, game = get_engine(name), spec(name)
    for seed in (1, 2, 3):
        header = game.header(max(game.counts), seed)
        final, actions = play_game(engine, header, seed)
        assert engine.is_over(final)
        state, taken, player = engine.new_game(header), set(), None
        for action in actions:
            if engine.current_player(state) != player:
                taken, player = set(), engine.current_player(state)
            if action["action"] in engine.chance_actions:
                taken = set()
            elif engine.chance(state) is not None:
                assert action["action"] not in taken, (seed, action)
                taken.add(action["action"])
            state, _ = engine.apply(state, action)


def test_one_heading_suleika_turns_omar_at_most_once_per_turn():
    engine = get_engine("suleika")
    header = spec("suleika").header(4, 9)
    _final, actions = play_game(engine, header, 9)
    _f, randomly = random_game(engine, header, 9)
    runs = "".join("f" if a["action"] == "face" else "." for a in actions)
    assert "ff" not in runs and len(actions) < len(randomly)
    assert OneHeading(engine).step(engine.new_game(header), random.Random(1))["action"] in ("face", "roll")


def test_simulate_policies_on_the_command_line(capsys):
    from companion.cli import main

    assert main(["simulate", "--players", "4", "--games", "2", "--json"]) == 0
    person = json.loads(capsys.readouterr().out)
    assert main(["simulate", "--players", "4", "--games", "2", "--json", "--policy", "random"]) == 0
    rand = json.loads(capsys.readouterr().out)
    assert person["policy"] == "one-heading" and rand["policy"] == "random"
    assert person["actions_per_game"] < rand["actions_per_game"]


def test_table_and_statistics():
    fig = Figure("x", "engine: x", "games/s", [3.0, 1.0, 2.0], Target(">=", 2))
    assert (fig.median, fig.low, fig.high, fig.met) == (2.0, 1.0, 3.0, True)
    assert fig.spread_pct == 100.0
    assert percentile([1, 2, 3, 4, 5], 50) == 3 and percentile([0, 10], 95) == 9.5
    fig.pi = "10–16 ms"
    text = render([fig], ["head"], ["a note"])
    assert "engine: x" in text and ">= 2 games/s" in text and "met" in text and "note: a note" in text
    assert "10–16 ms" in text and fig.to_json()["pi_zero_2_w"] == "10–16 ms"
