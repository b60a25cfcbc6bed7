"""The screens around the tables and the staff pages as a café owner and English-speaking
players met them (the "Every player and every staff member" findings, and the shell's part of
"At the table"). Each through the real loop on the dummy SDL driver."""

from __future__ import annotations

import shutil

import pytest

from companion import games, root
from companion.games import spec
from companion.paths import assets_dir
from companion.session.session import Session
from companion.session.store import Store
from companion.ui.kit import problems, recording
from tests.ui.screen import press, settle, tap_label


@pytest.fixture
def app(tmp_path):
    a = root.make_app(store=Store(tmp_path / "g.sqlite3"), lang="de", fullscreen=False, sound=False)
    yield a
    a.close()


def shown(app) -> list[str]:
    with recording() as rec:
        app.scene.draw(app.screen)
    return [t.text for t in rec.texts]


def scene_name(app) -> str:
    return type(app.scene).__name__


# -- 24.1 a broken box file is refused at setup, every other game stays playable -----------------
@pytest.mark.parametrize(("lang", "words"), [("de", ("gangs.csv“, Zeile", "Deine Schachtel prüfen")),
                                             ("en", ("gangs.csv”, line", "Check your box"))])
def test_a_game_with_a_broken_box_file_is_refused_at_setup_and_the_others_play(tmp_path, monkeypatch, lang, words):
    mine = tmp_path / "assets"
    shutil.copytree(assets_dir(), mine)
    gangs = mine / "alibaba" / "gangs.csv"
    lines = gangs.read_text(encoding="utf-8").splitlines()
    lines.append("Diebe,green,forty")
    gangs.write_text("\n".join(lines) + "\n", encoding="utf-8")
    monkeypatch.setenv("COMPANION_ASSETS", str(mine))
    monkeypatch.setattr(games, "_ENGINES", {})
    app = root.make_app(store=Store(tmp_path / "g.sqlite3"), lang=lang, fullscreen=False, sound=False)
    try:
        app.go("menu")
        settle(app)
        app.go("setup", game="alibaba")
        settle(app)
        said = " ".join(shown(app))
        assert all(w in said for w in words), said
        assert f"{len(lines)}" in said  # the line of the broken row
        press(app, "ok")  # refused, no black screen, no exit
        assert scene_name(app) == "SetupScene"
        press(app, "roll")
        assert scene_name(app) == "SetupScene"
        assert app.store.unfinished() == []
        app.go("setup", game="suleika")
        settle(app)
        press(app, "ok")
        assert scene_name(app) not in ("SetupScene", "MenuScene")  # Suleika's table
    finally:
        app.close()


# -- 24.3 / 19.15 every unfinished game is offered; the game menu's focus goes on with it -------
def unfinished_games(store, games=("suleika", "alibaba", "suleika")):
    out = []
    for seed, game in enumerate(games, 1):
        session = Session.new(spec(game).header(3, seed), store)
        session.roll(3) if game == "suleika" else session.roll()
        out.append(session)
    return out


def test_the_menu_and_the_resume_screen_offer_every_unfinished_game(app):
    sessions = unfinished_games(app.store)
    app.go("menu")
    settle(app)
    assert "Weiterspielen: 3 Spiele sind nicht zu Ende" in shown(app)
    press(app, "ok")  # the focus is on going on
    assert scene_name(app) == "ResumeScene"
    seen = set()
    for _ in range(3):
        seen.add(app.scene.row.id)
        assert any(t.startswith("Nicht zu Ende: Spiel") for t in shown(app))
        press(app, "right")
    assert seen == {s.game_id for s in sessions}
    # the paused Suleika game, not only the newest, can be taken up
    while app.scene.row.id != sessions[0].game_id:
        press(app, "right")
    press(app, "ok")
    assert scene_name(app) != "ResumeScene" and app.scene.session.game_id == sessions[0].game_id


def test_discarding_one_of_several_unfinished_games_keeps_the_others_offered(app, monkeypatch):
    from companion.ui.kit import confirm

    sessions = unfinished_games(app.store)
    app.go("resume", row=app.store.waiting()[0])
    settle(app)
    t = [1000.0]
    app.scene.discarding.clock = lambda: t[0]
    tap_label(app, "Verwerfen")
    t[0] += confirm.SEEN_S + 0.1
    tap_label(app, "Wirklich verwerfen? Noch einmal drücken.")
    assert scene_name(app) == "ResumeScene" and len(app.scene.rows) == 2
    assert {r.id for r in app.store.waiting()} == {s.game_id for s in sessions[:2]}


def test_after_pausing_to_the_menu_its_focus_is_on_going_on(app):
    session = unfinished_games(app.store, ("alibaba",))[0]
    app.go("table", session=session)
    settle(app)
    press(app, "menu")
    assert scene_name(app) == "PauseScene"
    press(app, "right")
    press(app, "ok")  # "Zum Spielmenü"
    assert scene_name(app) == "MenuScene"
    focused = [b.label for b in app.scene.buttons if b.selected]
    assert focused == ["Weiterspielen: Ali Baba"]
    press(app, "ok")
    assert scene_name(app) == "ResumeScene"


def test_the_resume_screen_writes_the_start_in_the_screens_language(tmp_path):
    store = Store(tmp_path / "g.sqlite3")
    unfinished_games(store, ("suleika",))
    for lang, words in (("de", "begonnen "), ("en", "started ")):
        app = root.make_app(store=store, lang=lang, fullscreen=False, sound=False)
        try:
            app.go("resume", row=store.waiting()[0])
            settle(app)
            line = next(t for t in shown(app) if t.startswith("Suleika"))
            started = line.split("\n")[1]
            assert started.startswith(words)
            if lang == "en":
                assert "." not in started and any(m in started for m in ("Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                                                          "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"))
            else:
                assert " Uhr" in started
        finally:
            app.close()


# -- 24.2 the button test goes on past a dead button and marks every button seen ---------------
def test_the_button_test_passes_over_a_dead_button_and_marks_the_others_in_any_order(app):
    from companion.inputs.events import BUTTONS

    scene = app.go("selftest", back="staff")
    settle(app)
    t = [app.now()]
    app.now = lambda: t[0]  # the app's clock, moved by hand
    scene.asked_since = t[0]
    press(app, "undo")     # out of turn: marked at once
    press(app, "right")
    assert {"undo", "right"} <= set(scene.arrived) and scene.asking == "roll"
    t[0] += scene.timeout + 0.1   # ROLL is dead: its wait runs out
    settle(app)
    assert scene.asking == "left"
    press(app, "left")
    assert scene.asking == "straight"  # RIGHT came already
    tap_label(app, "Auslassen")         # STRAIGHT skipped by hand
    assert scene.asking == "ok"
    press(app, "ok")
    assert scene.asking is None and set(scene.missing()) == {"roll", "straight"}
    result = " ".join(shown(app))
    assert "Nicht angekommen: WÜRFELN, GERADE" in result and "mit OK zurück" in result
    assert set(scene.arrived) == set(BUTTONS) - {"roll", "straight"}


def test_a_skipped_button_that_comes_later_is_marked_after_all(app):
    scene = app.go("selftest")
    settle(app)
    tap_label(app, "Auslassen")
    assert scene.missing() == ["roll"]
    press(app, "roll")
    assert scene.missing() == [] and "roll" in scene.arrived


# -- 24.15 the command-line button test -----------------------------------------------------------
def test_the_command_line_button_test_names_buttons_as_the_readme_and_no_pins_without_gpio(monkeypatch, capsys):
    from companion import cli
    from companion.ui import drivers

    monkeypatch.setattr(drivers.WaitDriver, "result_s", 0.0)
    assert cli.main(["--no-gpio", "--lang", "en", "selftest", "--timeout", "0"]) == 1
    out = capsys.readouterr().out
    assert "GPIO" not in out
    assert 'STRAIGHT "AHEAD": NOT reached' in out and "    ROLL: NOT reached" in out
    assert "never came: ROLL, LEFT, STRAIGHT, RIGHT, OK, UNDO" in out


def test_the_command_line_button_test_lists_a_wrong_press(monkeypatch, capsys):
    from companion import cli
    from companion.ui import drivers

    class Slip(drivers.MockSelftestDriver):
        slipped = False

        def __call__(self, app):
            if not self.slipped and app.scene.asking == "roll":
                self.slipped = True
                pin = self.factory.pin(self.pins["left"])  # LEFT pressed while ROLL was asked for
                pin.drive_low()
                pin.drive_high()
                return True
            return super().__call__(app)

    monkeypatch.setattr(drivers, "MockSelftestDriver", Slip)
    assert cli.main(["selftest", "--mock"]) == 0
    out = capsys.readouterr().out
    assert "wrong press: LEFT came while ROLL was asked for" in out
    assert "(GPIO " in out  # the pins, where pins are used


# -- 24.11 sounds: a click for an accepted press, a buzz for a refused one, coins for a payment ---
class Heard:
    """What the app asked its sounds to play."""

    available = True

    def __init__(self) -> None:
        self.names: list[str] = []

    @property
    def plays(self) -> int:
        return len(self.names)

    def play(self, name: str) -> None:
        self.names.append(name)

    def rest(self, now=None) -> None:
        pass


def test_every_accepted_press_clicks_and_a_refused_one_buzzes(app):
    app.sounds = heard = Heard()
    app.go("menu")
    settle(app)
    press(app, "right")
    assert heard.names == ["click"]
    session = Session.new(spec("suleika").header(3, 1), app.store)
    app.go("table", session=session)
    settle(app)
    heard.names.clear()
    press(app, "undo")  # nothing to take back yet: refused
    assert heard.names == ["refused"], heard.names
    heard.names.clear()
    tap_label(app, "Menü")
    assert heard.names == ["click"]


def test_a_payment_rings_the_coins_in_any_game(app):
    app.sounds = heard = Heard()
    session = Session.new(spec("suleika").header(2, 3), app.store)
    app.go("table", session=session)
    settle(app)
    import random

    from companion.session.simulate import random_step

    rng = random.Random(5)
    for _ in range(400):
        paid = any(ev.kind == "pay" and ev.data.get("amount") for ev in session.last_events)
        if paid or session.over:
            break
        session.act(random_step(session.engine, session.state, rng))
    assert paid, "no payment in 400 steps"
    app.scene.dirty = True
    settle(app)
    assert "coins" in heard.names


def test_a_machine_without_a_sound_card_opens_no_mixer_and_prints_no_alsa_lines(tmp_path, monkeypatch, capfd):
    from companion.ui import sound

    cards = tmp_path / "cards"
    cards.write_text("--- no soundcards ---\n")
    assert not sound.sound_card(cards, {})
    assert not sound.sound_card(tmp_path / "none", {})  # no /proc/asound/cards at all
    assert sound.sound_card(cards, {"SDL_AUDIODRIVER": "dummy"})
    opened = []
    monkeypatch.setattr(sound.pygame.mixer, "init", lambda *a, **k: opened.append(a))
    monkeypatch.setattr(sound, "sound_card", lambda *a, **k: False)
    sounds = sound.Sounds()
    sounds.play("click")
    assert not sounds.available and opened == []  # the mixer (and ALSA with it) is never asked
    assert "ALSA" not in capfd.readouterr().err


def test_the_volume_page_says_when_there_is_no_sound_card(app):
    from companion.ui.staff import base as staff_base

    app.sounds = Heard()
    app.sounds.available = False
    staff_base.open_for(app)
    try:
        app.go("staff", page="volume")
        settle(app)
        assert any("keine Soundkarte" in t for t in shown(app))
    finally:
        staff_base.shut(app)


# -- 24.16 / 19.15 names: the limit is told, nothing is cut silently, a name breaks at its hyphen --
def name_screen(app, lang="de"):
    app.set_language(lang)
    app.go("setup", game="alibaba")
    settle(app)
    tap_label(app, "Spieler 1" if lang == "de" else "Player 1")
    assert scene_name(app) == "NameScene"
    return app.scene


def test_the_name_keyboard_tells_the_limit_and_says_when_a_name_is_full(app):
    scene = name_screen(app)
    assert "noch 14 von 14 Zeichen" in shown(app)
    with recording() as rec:
        app.scene.draw(app.screen)
    assert problems(rec) == []
    for ch in "Maximiliane-Sophie":
        scene.on_text(ch)
    settle(app)
    assert scene.name == "Maximiliane-So"
    said = shown(app)
    assert "noch 0 von 14 Zeichen" in said and "Ein Name hat höchstens 14 Zeichen." in said


def test_the_english_name_keyboard_is_qwerty_with_the_accents_a_key_away(app):
    scene = name_screen(app, "en")
    letters = [b.label for b in scene.tappables() if isinstance(b.key, tuple) and b.key[0] == "key"]
    assert "".join(letters).startswith("QWERTYUIOP") and "Ü" not in letters and "Z" in letters
    tap_label(app, "ÄÉÇ")
    letters = [b.label for b in app.scene.tappables() if isinstance(b.key, tuple) and b.key[0] == "key"]
    assert {"Ä", "Ö", "Ü", "É", "ß"} <= set(letters)
    tap_label(app, "É")
    tap_label(app, "ABC")
    tap_label(app, "M")
    assert app.scene.name == "Ém"


# -- 24.3 Teppich's city and its game are one game: no phantom history row ----------------------
def test_the_city_and_its_game_are_one_game_in_the_history(app):
    session = Session.new(spec("teppich").header(3, 4), app.store)
    app.go("table", session=session)
    settle(app)
    assert app.scene.city is not None
    for _ in range(60):
        if getattr(app.scene, "city", None) is None:
            break
        press(app, "ok")
    assert app.scene.city is None and app.scene.session.game_id != session.game_id
    assert app.store.history() == []  # no "vorzeitig beendet · 0 Schritte" row
    assert [r.id for r in app.store.unfinished()] == [app.scene.session.game_id]


# -- 19.15 the first tap on "Los" after typing names acts (with the real tap guard) ---------------
@pytest.mark.parametrize("how", ["keys", "keyboard"])
def test_the_first_tap_on_start_after_typing_a_name_is_not_ignored(app, monkeypatch, how):
    from companion.ui.app import App
    from companion.ui.kit import GUARD_S
    from tests.ui.screen import FakeClock

    monkeypatch.setattr(App, "tap_guard_s", GUARD_S)
    clock = FakeClock()
    app.now = clock
    app.go("setup", game="suleika")
    settle(app)
    clock.advance(1.0)
    tap_label(app, "Spieler 1")
    for ch in "Anna":
        clock.advance(0.4)
        if how == "keys":
            tap_label(app, ch.upper())
        else:
            app.scene.on_text(ch)
            settle(app)
    clock.advance(0.4)
    if how == "keys":
        tap_label(app, "OK")
    else:
        press(app, "ok")
    assert scene_name(app) == "SetupScene"
    clock.advance(0.3)  # a deliberate tap a moment after the setup came back
    tap_label(app, "Los")
    assert scene_name(app) not in ("SetupScene", "NameScene"), "the first tap on Los was ignored"


# -- 19.15 "Regeln: Marrakech" is explained at setup ----------------------------------------------
@pytest.mark.parametrize(("lang", "words"), [("de", "jeder hat 30 Dinar"), ("en", "30 dinars each")])
def test_the_rules_chosen_at_setup_are_explained(app, lang, words):
    app.set_language(lang)
    for players in (3, 4):
        app.go("setup", game="suleika", players=players, options={"rules": "marrakech"})
        settle(app)
        with recording() as rec:
            app.scene.draw(app.screen)
        assert any(words in t.text for t in rec.texts), (players, [t.text for t in rec.texts])
        assert problems(rec) == []


# -- 24.10 English staff words, numbers and per cent per language ---------------------------------
def test_english_staff_pages_read_naturally_and_numbers_follow_the_language(tmp_path):
    from companion.ui.i18n import Texts
    from companion.ui.shell.when import number

    en, de = Texts("en"), Texts("de")
    assert en("staff.ui.language_note") == "Takes effect at once on every screen and is kept after a restart."
    assert "never is" not in en("staff.ui.keep_note", count=3)
    assert "packed file" not in en("staff.ui.qr_note", game=3)
    assert en("staff.ui.game_title", game=4) == "Game number 4"
    assert (number(en, 10000), number(de, 10000), number(en, 500)) == ("10,000", "10.000", "500")
    assert (en("staff.ui.percent", n=100), de("staff.ui.percent", n=100)) == ("100%", "100 %")
    assert (en("staff.ui.steps_one"), en("staff.ui.minutes_one")) == ("1 step", "1 minute")


def test_a_double_click_on_a_game_in_the_menu_opens_its_setup_and_nothing_in_it(app, monkeypatch):
    """The second click of a double click reaches the setup late when its first frame is slow
    (a loaded Pi): the spot just tapped stays dead there for twice the guard."""
    from companion.ui.app import App
    from companion.ui.kit import GUARD_S
    from tests.ui.screen import FakeClock

    monkeypatch.setattr(App, "tap_guard_s", GUARD_S)
    clock = FakeClock()
    app.now = clock
    app.show(app.routes["menu"](app))
    settle(app)
    clock.advance(1.0)
    game = next(c for c in app.scene.tappables() if c.label == "Mutabor")
    spot = game.rect.center
    app.scene.on_press(spot)
    app.scene.on_release(spot)
    settle(app)
    assert scene_name(app) == "SetupScene"
    under = app.scene.controls.at(spot)
    assert under is not None and under.enabled, "nothing lies under the spot in the setup: the test shows nothing"
    clock.advance(GUARD_S * 1.5)  # the second click, after the guard but within the dead spot's time
    app.scene.on_press(spot)
    app.scene.on_release(spot)
    settle(app)
    assert scene_name(app) == "SetupScene"


def test_a_rematch_names_an_unnamed_seat_in_the_screen_s_language(app):
    """One name typed at an English setup stored the others as "Player 2"; "Noch einmal" on a
    German screen then showed English names."""
    from companion.ui.shell.setup import SetupScene

    setup = SetupScene(app, "suleika", names=["Anna", "Player 2", "Spieler 3"], players=3)
    assert setup.names[:3] == ["Anna", None, None]
    assert setup.header()["names"] == ["Anna", "Spieler 2", "Spieler 3"]
