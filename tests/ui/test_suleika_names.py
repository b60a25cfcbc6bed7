"""The Suleika panel with the longest names the keyboard allows (14 letters) and every player
count, in German and English: the turn line and the scores show every name whole at the read
size, the scores' headings are whole (no "mo…": money is headed by a coin), and the real-die
keys are labelled.
"""

from __future__ import annotations

import pytest

from companion.games.suleika.screen import panel
from companion.games.suleika.screen.table import SuleikaScene
from companion.ui import theme
from companion.ui.kit import READ_PX, recording
from tests.ui.test_suleika_readable import play_until

LONG = ["Maximiliane-So", "Alexanderplatz", "Anna-Katharina", "Friedrich-Wilh"]


def frame(app, scene):
    app.show(scene)
    scene.sync_controls()
    with recording() as rec:
        scene.draw(app.screen)
    return rec.texts


@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("phase", ["roll", "place"])
def test_long_names_stay_whole_on_the_turn_line_and_the_scores(app, players, phase):
    names = LONG[:players]
    session = play_until(players, lambda st: st is not None and st.phase == phase, names=False)
    session.header["names"] = names
    scene = SuleikaScene(app, session)
    texts = frame(app, scene)
    panel_texts = [t for t in texts if t.drawn.colliderect(panel.SCORES) or t.drawn.colliderect(panel.TURN)]
    assert not [t.text for t in panel_texts if t.cut]
    for name in names:
        shown = [t for t in panel_texts if t.text == name and t.drawn.colliderect(panel.SCORES)]
        assert shown and shown[0].px >= READ_PX, (name, [t.text for t in panel_texts])
    current = names[session.state.current]
    turn = [t for t in panel_texts if t.drawn.colliderect(panel.TURN)]
    assert turn and current in turn[0].text and turn[0].px >= READ_PX
    # every figure shown is at the read size; the money is always there (the companion is
    # the bank: what each holds is seen nowhere else)
    figures = [t for t in panel_texts if t.text.isdigit()]
    assert len(figures) >= players and min(t.px for t in figures) >= READ_PX
    assert 0 in scene.scores.figures
    shown = [int(t.text) for t in figures if t.drawn.colliderect(panel.SCORES)]
    assert all(str(m) in [str(v) for v in shown] for m in session.state.money)


@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_headings_are_whole_and_the_real_die_keys_have_a_label(app):
    session = play_until(4, lambda st: st is not None and st.phase == "roll", names=False)
    texts = frame(app, SuleikaScene(app, session))
    want = {"de": ("Punkte", "Echter Würfel"), "en": ("score", "Real die")}[app.texts.lang]
    drawn = {t.text: t for t in texts}
    for word in want:
        assert word in drawn and not drawn[word].cut, (word, sorted(drawn))
    assert not [t.text for t in texts if t.cut]
    # money is headed by a Dinar coin over its column: gold pixels, no word to cut
    scene = SuleikaScene(app, session)
    money = scene.scores.heading_cells()[0][1]
    assert scene.scores.figures == (0, 1)
    assert app.screen.get_at((money.right - 14, money.centery))[:3] == theme.GOLD
    caption = drawn[want[1]].drawn
    keys = [c.rect for c in SuleikaScene(app, session).tappables() if isinstance(c.key, tuple) and c.key[0] == "die"]
    assert len(keys) == 4
    # right under the four keys, and beside no other control
    assert 0 <= caption.top - max(k.bottom for k in keys) <= 8
    assert caption.left >= min(k.left for k in keys) - 4
