"""Words that carry meaning are never cut: every refusal and every event of every game, and
what the table says as a game goes on (payments, captures, passes), drawn by the game's own
table with the most players and the longest names the name keyboard takes, in German and in
English: the kit's audit finds no "…" in them (it reports a ``role="say"`` text that is cut),
nothing runs out of its box or is too small to read from the chairs.
"""

from __future__ import annotations

import random
import re
import string
import tomllib
from pathlib import Path
from typing import Any

import pytest

from companion.games import REGISTRY, playable, spec
from companion.root import make_app
from companion.session.session import Session
from companion.session.simulate import random_step
from companion.session.store import Store
from companion.ui.kit import problems, recording
from companion.ui.shell.names import MAX_LEN

#: names as long as the keyboard takes, wide letters first
LONG_NAMES = ["Maximiliane-So", "Alexandra-Mari", "Wilhelmina Ann", "Bartholomäus M", "Scheherazade A",
              "Marie-Luise Wo"]
assert all(len(n) == MAX_LEN for n in LONG_NAMES)

NAME_FIELDS = {"name", "payer", "payee", "owner", "victim", "who", "player", "seller", "buyer", "giver", "taker"}


@pytest.fixture(params=("de", "en"))
def app(request, tmp_path):
    a = make_app(store=Store(tmp_path / "g.sqlite3"), lang=request.param, fullscreen=False, sound=False)
    yield a
    a.close()


def biggest(game: str, seed: int = 3, steps: int = 30) -> Session:
    """A game with the most players, all with the longest names, some steps in."""
    g = spec(game)
    players = max(g.counts)
    session = Session.new({**g.header(players, seed), "names": LONG_NAMES[:players]})
    rng = random.Random(seed)
    while not session.over and len(session.actions) < steps:
        session.act(random_step(session.engine, session.state, rng))
    return session


def filled(template: str) -> str:
    """``template`` with every field filled as long as a game fills it: a longest name for a
    name, 8 for a row or column of the 8×8 maze, a two-digit number for anything else."""
    values: dict[str, Any] = {}
    for _text, field, _spec, _conv in string.Formatter().parse(template):
        if field is None or field == "":
            continue
        key = field.split(".")[0].split("[")[0]
        values[key] = LONG_NAMES[0] if key in NAME_FIELDS else 8 if key in ("row", "col") else 12
    try:
        return template.format(**values)
    except (ValueError, KeyError, IndexError, AttributeError):
        return template


def templates(app: Any, game: str, section: str) -> dict[str, str]:
    """The game's own word file's ``[section]`` in the screen's language."""
    path = Path(spec(game).texts or "") / f"{app.texts.lang}.toml"  # any game's, installed or not
    words = tomllib.loads(path.read_text(encoding="utf-8")).get(section, {})
    return {k: v for k, v in words.items() if isinstance(v, str)}


def cut_or_bad(app: Any, scene: Any) -> list[str]:
    """The audit's problems with one frame, and any name cut short inside what is said."""
    app.show(scene)
    if hasattr(scene, "sync_controls"):
        scene.sync_controls()
    with recording() as rec:
        scene.draw(app.screen)
    found = problems(rec)
    found += [f"{t.text!r} has a word cut short" for t in rec.texts if t.role == "say" and re.search(r"\w…", t.text)]
    found += [f"{t.text!r} lies under the key {c.label or c.key!r}" for t in rec.texts if t.role == "say"
              for c in rec.controls if c.rect.colliderect(t.drawn)]
    return found


#: the games that come with the companion (the race of tests/tinygame is a bare fixture of the
#: plug-in mechanism, not a screen players read)
PLAYABLE = [g for g in REGISTRY if playable(g) and spec(g).engine.startswith("companion.")]


#: the words of the games' screens that tell an event, a payment, a capture or a pass
SAID = re.compile(r"^(event|pays|captured|passes|fate_|die_set|white_was|black_was|both_dice|gang_die|"
                  r"round_end|ledger_|forgiven|arrest|undone|swapped|blown|sank|drift)")


@pytest.mark.parametrize("game", PLAYABLE)
def test_every_refusal_and_event_shows_whole_on_the_table(app, game):
    session = biggest(game)
    scene = app.routes["table"](app, session=session)
    said = {f"refusal.{k}": v for k, v in templates(app, game, "refusal").items()}
    said |= {f"reason.{k}": v for k, v in templates(app, game, "reason").items()}
    said |= {f"ui.{k}": v for k, v in templates(app, game, "ui").items() if SAID.match(k)}
    for view in _views(scene):
        found = []
        for key, template in said.items():
            scene.say(filled(template), bad=key.startswith("refusal"))
            found += [f"{key}: {p}" for p in cut_or_bad(app, scene)]
        assert found == [], f"{game} ({view})"


def _views(scene: Any) -> list[str]:
    """The table views a refusal can show on (Mutabor's refusals come on its play view)."""
    if hasattr(scene, "view") and isinstance(scene.view, str) and hasattr(scene, "play"):
        scene.play()
        return ["play"]
    return ["table"]


@pytest.mark.parametrize("game", PLAYABLE)
def test_what_happens_in_a_whole_game_shows_whole(app, game):
    """A whole game with the most players and the longest names, drawn after every step: no
    event, payment, capture or pass the table is told is cut."""
    g = spec(game)
    players = max(g.counts)
    session = Session.new({**g.header(players, 5), "names": LONG_NAMES[:players]})
    rng = random.Random(5)
    found: list[str] = []
    scene = app.routes["table"](app, session=session)
    while not session.over and len(session.actions) < 400:
        session.act(random_step(session.engine, session.state, rng))
        scene = app.routes["table"](app, session=session)
        found += [p for p in cut_or_bad(app, scene) if "cut with" in p]
    assert list(dict.fromkeys(found)) == []


# -- cells named as the table counts them -------------------------------------------------------------
def test_a_mutabor_refusal_names_the_cell_by_row_and_column_from_1(tmp_path):
    """Through the loop: a tap on a figure of the next player, on a table whose top-left
    cell is row 1, column 1."""
    from companion.games.mutabor.rules.geometry import CELLS
    from tests.ui.screen import settle, tap

    app = make_app(store=Store(tmp_path / "g.sqlite3"), lang="de", fullscreen=False, sound=False)
    try:
        session = biggest("mutabor", steps=6)
        scene = app.routes["table"](app, session=session, view="play")
        app.show(scene)
        settle(app)
        st = session.state
        other = (st.turn + 1) % st.players
        row, col = st.figures[other][0]
        tap(app, scene.grid.center_of((row, col)))
        said = scene.banner.text
        assert scene.banner.bad and f"Reihe {row + 1} von oben, Spalte {col + 1} von links" in said, said
        assert f"({row}, {col})" not in said
        assert (row, col) in CELLS
    finally:
        app.close()


def test_a_teppich_refusal_names_the_cell_by_column_and_row_from_1(tmp_path):
    """The podium's free cell, refused in the city step, is named as the city's steps name
    columns: from 1 (the engine's cell (1, 0) is column 2, row 1)."""
    from companion.engine.errors import IllegalAction

    app = make_app(store=Store(tmp_path / "g.sqlite3"), lang="de", fullscreen=False, sound=False)
    try:
        scene = app.routes["table"](app, session=biggest("teppich", steps=0))
        app.show(scene)
        scene.refuse(IllegalAction("podium_blocked", "", x=1, y=0))
        assert scene.banner.text == "Das Feld in Spalte 2, Reihe 1 am Podest muss frei bleiben"
        scene.refuse(IllegalAction("bad_card", "", v=4, h=1))
        assert "1" in scene.banner.text and "2" not in scene.banner.text  # a card's numbers stay
    finally:
        app.close()


def test_a_suleika_payment_of_1_is_singular_in_english(tmp_path):
    """Played until someone pays exactly 1: the table says "1 dinar"."""
    from companion.games.suleika.screen import panel

    app = make_app(store=Store(tmp_path / "g.sqlite3"), lang="en", fullscreen=False, sound=False)
    try:
        for seed in range(1, 40):
            session = Session.new(spec("suleika").header(3, seed))
            rng = random.Random(seed)
            while not session.over:
                session.act(random_step(session.engine, session.state, rng))
                pays = [e for e in session.events[-1] if e.kind == "pay"]
                if pays and pays[0].data["amount"] == 1 and pays[0].data.get("due", 1) <= 1:
                    said = panel.pay_text(app.routes["table"](app, session=session))
                    assert "pays 1 dinar to" in said and "dinars" not in said, said
                    return
        raise AssertionError("no payment of 1 in 40 games")
    finally:
        app.close()
