"""Ali Baba's smaller findings from the table test (12 of "At the table"), through the real
loop in German: the loot list keeps its page after a take and shows each gang's colour, the
start names the key that deals, an event says what it does, and counts are never "1 Zeilen"
or "Karte(n)"."""

from __future__ import annotations

import re

import pytest

from companion.engine.alibaba.state import LOOT
from companion.gamedata import assets_dir
from companion.root import make_app
from companion.session.session import Session
from companion.session.store import Store
from companion.ui.kit import READ_PX, recording
from companion.ui.scenes import alibaba_dice
from companion.ui.scenes.alibaba import AlibabaScene, choices_for, key_of
from companion.ui.scenes.alibaba_draw import gang_tint
from companion.ui.scenes.alibaba_words import gang_of, ui
from tests.ui.screen import press, settle, tap
from tests.ui.test_alibaba_findings import game_at, texts_of


@pytest.fixture(autouse=True)
def quick(monkeypatch):
    monkeypatch.setattr(alibaba_dice, "TUMBLE_S", 0.08)


@pytest.fixture
def app():
    a = make_app(lang="de", fullscreen=False, sound=False)
    yield a
    a.close()


def show(app, session: Session) -> AlibabaScene:
    scene = AlibabaScene(app, session)
    app.show(scene)
    settle(app)
    return scene


def choice_keys(scene):
    return [c for c in scene.tappables() if isinstance(c.key, tuple) and len(c.key) == 3 and c.key[1] == "choice"]


def control(scene, key):
    return next(c for c in scene.tappables() if c.key == key)


# -- the loot list -------------------------------------------------------------------------------
def test_the_loot_list_keeps_its_page_after_a_take_and_shows_each_gangs_colour(app):
    def loot_of_two_pages(session, s):
        return s.phase == LOOT and s.takes_left >= 2 and \
            sum(a["action"] == "take" for a in choices_for(session, s)) >= 6

    scene = show(app, game_at(3, loot_of_two_pages))
    assert scene.choices.pages >= 2
    tap(app, control(scene, ("choices", "next")).rect.center)
    assert scene.choices.page == 1
    keys = choice_keys(scene)
    takes = [c for c in keys if '"take"' in c.key[2]]
    assert takes
    action = {key_of(a): a for a in scene.options()}
    for c in takes:  # each loot key in its gang's colour
        assert c.color == gang_tint(scene.box, gang_of(scene.box, action[c.key[2]]["group"]))
    assert len(set(scene.choices.colours.values())) >= 2  # one colour per gang, over the pages
    before = len(scene.session.actions)
    tap(app, takes[0].rect.center)
    assert scene.session.actions[before]["action"] == "take" and scene.state.phase == LOOT
    assert scene.choices.page == 1, "the list went back to its first page after the take"
    left = choice_keys(scene)
    assert left and all(c.rect == k.rect for c, k in zip(left, keys[1:], strict=False)
                        if c.key == k.key)  # what was not taken stayed where it was
    press(app, "ok")  # OK takes the highlighted card on this page, not one from page 1
    assert scene.session.actions[-1]["action"] == "take"
    assert scene.session.actions[-1]["group"] in {c.label.split(" für")[0] for c in left}


# -- the start names the key that deals -----------------------------------------------------------
def test_the_start_says_the_deal_key_by_its_label(app):
    scene = show(app, Session.new({"game": "alibaba", "players": 3, "seed": 2}, Store(":memory:")))
    deal = ui(scene.t, "deal")
    roll = ui(scene.t, "roll")
    assert deal == "GEBEN" and control(scene, "roll").label == deal
    shown = texts_of(scene)
    assert any(t.startswith(f"{deal} drücken") for t in shown)
    assert not any(roll in t for t in shown)
    tap(app, scene.players_rect.center)  # a tap beside the keys says the same word
    assert deal in scene.banner.text and roll not in scene.banner.text


# -- an event says what it does -------------------------------------------------------------------
def test_landing_on_an_event_field_says_what_the_event_does(app):
    def event_next(session, s):
        return s.phase == "turn" and any(
            e.kind == "event" for a in choices_for(session, s) if a["action"] == "move"
            for e in session.engine.apply(s, a)[1])

    scene = show(app, game_at(4, event_next))
    move = next(a for a in choices_for(scene.session, scene.state) if a["action"] == "move"
                and any(e.kind == "event" for e in scene.session.engine.apply(scene.state, a)[1]))
    key = next(c for c in choice_keys(scene) if c.label.startswith(f"Karte {move['card']}"))
    tap(app, key.rect.center)
    number = next(e.data["number"] for e in scene.session.last_events if e.kind == "event")
    s = scene.box.settings
    said = ui(scene.t, f"event_{number}", per=s.event1_per_pip if number == 1 else s.event9_per_card_per_pip,
              amount=s.event2_amount, gifts=s.gift_cards)
    assert said.startswith(f"Ereignis {number}: ") and len(said) > len(f"Ereignis {number}: ") + 10
    assert said in scene.banner.text
    assert any(said in t for t in texts_of(scene))


# -- counts in the singular -----------------------------------------------------------------------
def test_one_ledger_line_is_one_zeile(app):
    scene = show(app, game_at(3, lambda session, s: sum(e.kind == "pay" for evs in session.events
                                                          for e in evs) == 1))
    press(app, "straight")
    assert scene.view == "ledger"
    head = next(t for t in texts_of(scene) if t.startswith("Kassenbuch"))
    assert head.startswith("Kassenbuch: 1 Zeile ·")


def test_no_screen_text_has_a_bracketed_plural():
    slips = []
    for path in sorted((assets_dir() / "i18n").glob("*.toml")):
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            if not line.lstrip().startswith("#") and re.search(r"\w\((n|en|e|s|es)\)", line):
                slips.append(f"{path.name}:{n}: {line.strip()}")
    assert slips == []


# -- what the event box says is shown whole ------------------------------------------------------
@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_event_box_shows_a_refused_undo_and_every_event_whole(lang):
    app = make_app(lang=lang, fullscreen=False, sound=False)
    try:
        scene = show(app, Session.new({"game": "alibaba", "players": 6, "seed": 2}, Store(":memory:")))
        press(app, "roll", 3)  # one real card dealt
        press(app, "undo")     # it cannot be taken back: the box says why
        said = [scene.banner.text]
        s = scene.box.settings
        for n in range(1, 10):
            said.append(ui(scene.t, f"event_{n}", per=s.event1_per_pip if n == 1 else s.event9_per_card_per_pip,
                           amount=s.event2_amount, gifts=s.gift_cards))
        for text in said:
            scene.say(text)
            with recording() as rec:
                scene.draw(app.screen)
            box = scene.banner_box()
            inside = [t.text for t in rec.texts if box.contains(t.drawn) and t.px >= READ_PX]
            assert text in inside, (box, inside)
    finally:
        app.close()
