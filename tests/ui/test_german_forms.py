"""German as it is written: every refusal, reason and screen word of every game, rendered with
every name, count, die and gang it is filled with, holds none of the wrong forms a family met
(an accusative after "Der", a dative plural without its "n", a bank that buys cards players
keep, two words for whose turn it is, a drawn card in a game without cards), and the events
that had them read in their correct forms.
"""

from __future__ import annotations

import re
import string
import tomllib
from pathlib import Path

import pytest

from companion.engine.base import Event
from companion.games import REGISTRY, playable, spec
from companion.games.alibaba.screen.words import event_words
from companion.session.session import Session
from companion.ui.i18n import Texts
from tests.ui.screen import press, settle

NAMES = ["Anna", "Jörg", "Maximiliane-So"]
COUNTS = (0, 1, 2, 12)

#: forms that are wrong in any German sentence of the games (what they should read in the comment)
WRONG = [
    (re.compile(r"\b[Dd]er (schwarzen|weißen) Würfel\b"), "der schwarze/weiße Würfel, den schwarzen Würfel"),
    (re.compile(r"\bbei den (Diebe|Räuber|Betrüger|Schwindler)\b"), "bei den Dieben / bei der Bande Diebe"),
    (re.compile(r"Bank kauft jede Karte"), "players keep their cards in event 8"),
    (re.compile(r"\bist dran\b"), "one phrase for the turn: ist am Zug"),
]


def german(game: str) -> dict[str, dict[str, str]]:
    path = Path(spec(game).texts or "") / "de.toml"
    return tomllib.loads(path.read_text(encoding="utf-8"))


def renderings(template: str) -> list[str]:
    """``template`` with each name and each count in every field."""
    fields = {f.split(".")[0].split("[")[0] for _t, f, _s, _c in string.Formatter().parse(template) if f}
    out = []
    for name in NAMES:
        for n in COUNTS:
            values = {k: (name if "name" in k or k in ("payer", "payee", "who") else n) for k in fields}
            try:
                out.append(template.format(**values))
            except (ValueError, KeyError, IndexError, AttributeError):
                out.append(template)
    return out


# the games that come with the companion (the race of tests/tinygame has no German of its own to check)
@pytest.mark.parametrize("game", [g for g in REGISTRY if playable(g) and spec(g).engine.startswith("companion.")])
def test_no_wrong_form_in_any_german_text_of_the_game(game):
    found = []
    for section in ("refusal", "reason", "ui", "chance"):
        for key, template in german(game).get(section, {}).items():
            if not isinstance(template, str):
                continue
            for text in renderings(template):
                found += [f"{section}.{key}: {text!r} ({why})" for pattern, why in WRONG if pattern.search(text)]
    assert list(dict.fromkeys(found)) == []


def test_the_shared_german_words_say_whose_turn_one_way():
    texts = Texts("de")
    for name in NAMES:
        for key in ("turn_of", "turn_short"):
            said = texts(key, name=name)
            assert "am zug" in said.lower() and not any(p.search(said) for p, _ in WRONG), said


def test_ali_baba_events_with_every_die_and_gang_read_in_their_correct_forms():
    texts = Texts("de")
    box = Session.new(spec("alibaba").header(3, 1)).engine.box
    names = ["Anna", "Jörg", "Özlem"]
    assert event_words(texts, box, names, [Event("die_set", {"die": "black", "value": 3})]) == \
        "Den schwarzen Würfel auf 3 gelegt: so bleibt er bis zur nächsten Razzia"
    assert event_words(texts, box, names, [Event("die_set", {"die": "white", "value": 5})]) == \
        "Den weißen Würfel auf 5 gelegt: so bleibt er bis zur nächsten Razzia"
    for gang in box.gangs:
        said = event_words(texts, box, names, [Event("die", {"value": 4, "gang": gang.name})])
        assert said == f"Würfel 4: Razzia bei der Bande {gang.name}"
    said = event_words(texts, box, names, [Event("event", {"number": 8})])
    assert said.startswith("Ereignis 8: Die Bank zahlt für jede Karte") and "behält sie" in said


def test_suleika_undo_after_a_roll_speaks_of_a_roll_only(tmp_path):
    """Through the loop: UNDO pressed right after a roll."""
    from companion.root import make_app
    from companion.session.store import Store

    app = make_app(store=Store(tmp_path / "g.sqlite3"), lang="de", fullscreen=False, sound=False)
    try:
        session = Session.new(spec("suleika").header(2, 1))
        session.roll()
        assert session.actions[-1]["action"] == "roll"
        scene = app.routes["table"](app, session=session)
        app.show(scene)
        settle(app)
        press(app, "undo")
        assert scene.banner.text == "Ein Wurf kann nicht zurückgenommen werden." and scene.banner.bad
        assert session.actions[-1]["action"] == "roll"
    finally:
        app.close()


@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize("game", ["suleika", "teppich"])
def test_one_cell_is_never_said_in_the_plural(game, lang):
    """Suleika's carpet area and Teppich's clouds can be one cell: "1 Felder" / "1 cells"
    was said."""
    path = Path(spec(game).texts or "") / f"{lang}.toml"
    texts = tomllib.loads(path.read_text(encoding="utf-8"))
    plural = re.compile(r"\b1 (Felder|Feldern|cells)\b")
    found = []
    for section in ("refusal", "reason", "ui"):
        entries = texts.get(section, {})
        has_one = {k.replace("_one", "") for k in entries if "_one" in k}   # said with 1 by a "_one" text
        for key, template in entries.items():
            if key in has_one:
                continue
            fields = {f.split(".")[0].split("[")[0] for _t, f, _s, _c in string.Formatter().parse(template) if f}
            try:
                text = template.format(**{k: ("Anna" if "name" in k else 1) for k in fields})
            except (ValueError, KeyError, IndexError, AttributeError):
                continue
            if plural.search(text):
                found.append(f"{section}.{key}: {text}")
    assert found == []
