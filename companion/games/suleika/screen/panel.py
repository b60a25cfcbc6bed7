"""The Suleika panel right of the board: where everything goes, and what it says.

The panel is 340 px wide, laid out once::

    [ Menü ][ ZURÜCK ][die]          64 px: menu, undo, the die showing the last roll
    Anna ist am Zug                  the turn (read from across the table)
    Hier zahlst du im Mittel         status and payment, two lines
    0,7 Dinar
    [ ◀ ][ ▲ ][ ▶ ][ Würfeln ]       heading and roll; placing: [◀][▶][colour][OK]
    [ ⚀ ][ ⚁ ][ ⚂ ][ ⚃ ]              what a real die shows
    Echter Würfel    Geld Punkte     their label, and the scores' headings
    one row a player                 the scores (``scores.Scores``; with names too wide for the
                                     money beside them, a strip of every seat's money, then a
                                     line a name)

Every text here is at the read size, every key at least 64 px. Sentences are built with
names shortened to fit (``short``), so "… ist am Zug" never loses its verb.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from companion.games.suleika.screen.scores import Scores
from companion.ui.kit import Label, fit, line_height, read_size, row, text_size
from companion.ui.kit.scoreboard import ScoreRow

if TYPE_CHECKING:
    from companion.games.suleika.screen.table import SuleikaScene
    from companion.games.suleika.screen.view import View
    from companion.ui.i18n import Texts

X, W = 456, 340
TOP = pygame.Rect(X, 0, W, 64)
MENU, UNDO, DIE = row(TOP, [104, 160, 64], 6)
TURN = pygame.Rect(X, 67, W, line_height(read_size()) + 2)  #: + 2: "Özlem" stands taller than a line
STATUS = pygame.Rect(X, 104, W, 2 * line_height(read_size()) + 2)  #: + 2: "Özlem" on the first line
ACTIONS = row(pygame.Rect(X, 178, W, 64), [64, 64, 64, 133], 5, touch=True)
KEYS = row(pygame.Rect(X, 245, W, 64), 4, 5, touch=True)  #: the faces of a real die
SCORES = pygame.Rect(X, 312, W, 480 - 312)
SWATCH = 24
TURN_NAME = SWATCH + 4  #: the turn line's words start this far right of its swatch's left edge
#: where refusals and notes appear: over the half of the board Omar is not in
BANNER_TOP = pygame.Rect(8, 20, 432, 150)
BANNER_BOTTOM = pygame.Rect(8, 310, 432, 150)
#: where a longer one grows rather than be cut (still the half of the board Omar is not in)
SAY_TOP = pygame.Rect(8, 8, 432, 232)
SAY_BOTTOM = pygame.Rect(8, 240, 432, 232)
NAME_PX = 150  #: a name inside a sentence is shortened to this width


def scoreboard(names: list[str], texts: Texts) -> Scores:
    """Money and score per player, every name whole (the visible cells are on the board, and
    on the end screen); its heading line also labels the real-die keys right above it."""
    return Scores(SCORES, names, (texts("money"), texts("score")))


def short(name: str, width: int = NAME_PX, bold: bool = False) -> str:
    """A name shortened with "…" to ``width`` px at the read size (for use in a sentence).

    >>> import pygame; pygame.font.init()
    >>> short("Ben"), short("Scheherazade Alexandra").endswith("…")
    ('Ben', True)
    """
    return fit(name, read_size(bold), width, bold)


def decimal(value: float, lang: str) -> str:
    """One decimal, with a decimal comma in German.

    >>> decimal(0.666, "de"), decimal(0.666, "en")
    ('0,7', '0.7')
    """
    text = f"{value:.1f}"
    return text.replace(".", ",") if lang == "de" else text


def pay_text(scene: SuleikaScene) -> str:
    """The payment of the last roll (and who went out), or "" if nothing was due; worked out
    once per position and language (a frame asks for it some six times: the status, whether
    it fits there, the board's words)."""
    return scene.session.per_position(f"suleika.pay_text.{scene.t.lang}", lambda _state: _pay_text(scene))


def _pay_text(scene: SuleikaScene) -> str:
    if not scene.session.actions or scene.session.actions[-1]["action"] != "roll":
        return ""
    t = scene.t
    text, names = "", {}
    for ev in scene.session.events[-1]:
        d = ev.data
        if ev.kind == "pay":
            # names whole: a payment is never cut (a long one is said over the board)
            names = {"payer": scene.seat_name(d["payer"]), "payee": scene.seat_name(d["payee"]),
                     "amount": d["amount"]}
            key = "pays" if d["amount"] >= d.get("due", d["amount"]) else "pays_all"
            if key == "pays" and d["amount"] == 1:
                key = "pays_one"  # "1 dinar", not "1 dinars"
            text = t(f"suleika.ui.{key}", **names)
        elif ev.kind == "out" and names:
            text = t("suleika.ui.pays_out", **names)
    return text


def fits_status(text: str) -> bool:
    """Whether ``text`` shows whole in the status lines (asked of the kit, which draws it)."""
    return Label(text, STATUS, role="say", wrap=True).fitted().shown == text


def board_words(scene: SuleikaScene, now: float) -> str:
    """A payment too long for the status lines (long names), said over the half of the
    board Omar is not in while it stands; "" when the status lines hold it."""
    if scene.animating(now) or scene.state.phase == "over":
        return ""
    if scene.state.phase == "place" and (scene.chosen() is not None or scene.first is not None):
        return ""
    paid = pay_text(scene)
    return paid if paid and not fits_status(paid) else ""


def status_text(scene: SuleikaScene, now: float) -> str:
    """What the table is told now: the walk, the payment, the hint or the next step (a payment
    too long for two lines is said over the board, :func:`board_words`)."""
    paid = pay_text(scene)
    if paid and not fits_status(paid) and board_words(scene, now):
        return scene.t("suleika.ui.paid_see_board") if scene.state.phase != "place" else place_hint(scene)
    return _status_text(scene, now)


def _status_text(scene: SuleikaScene, now: float) -> str:
    t = scene.t
    if scene.animating(now):
        if scene.rolling(now):
            return t("suleika.ui.rolling")
        return t("suleika.ui.rolled", n=scene.die_value)
    st, view = scene.state, scene.view
    if st.phase == "over":
        return t("game_over")
    if st.phase == "place":
        if scene.chosen() is not None:
            return t("suleika.ui.place_confirm")
        if scene.first is not None:
            return t("suleika.ui.place_second")
        return pay_text(scene) or place_hint(scene)
    paid = pay_text(scene)  # Marrakech: the last mover paid all and is out
    if paid:
        return paid
    hint = view.hint_for(st.facing)
    roller = view.roller
    if st.phase == "heading" and roller is not None:
        name = scene.seat_name(roller)
        for key in ("heading_for", "heading_for_long"):  # the second puts the name on a line of its own
            whole = t(f"suleika.ui.{key}", name=name)
            if fits_status(whole):
                return whole
        return t("suleika.ui.heading_for_long", name=short(name, STATUS.w))  # wider than the panel
    if hint is None:
        return t("suleika.ui.roll_now")
    if hint.expected_payment < 0.05:
        return t("suleika.ui.expect_nothing")
    return t("suleika.ui.expect", amount=decimal(hint.expected_payment, t.lang))


def place_hint(scene: SuleikaScene) -> str:
    """What to do while placing, with the carpets the player has left (or, with two colours,
    what the colour key does: its swatch shows how many of that colour are left)."""
    t, view = scene.t, scene.view
    if len(view.held_now) > 1:
        return t("suleika.ui.place_colours")
    left = sum(scene.carpets_left(view.seat).values()) if view.seat is not None else 0
    if left == 1:
        return t("suleika.ui.place_last")
    return t("suleika.ui.place_left", n=left) if left else t("suleika.ui.place_hint")


def turn_text(scene: SuleikaScene, seat: int) -> str:
    """Whose turn it is, the name always whole: the usual sentence, else its shorter form
    ("Am Zug: Spieler 3"), else the name alone beside the seat's swatch (the scores' row of
    that seat is lit as well); only a name wider than the whole line is shortened."""
    name, width = scene.seat_name(seat), TURN.w - TURN_NAME
    for text in (scene.t("turn_of", name=name), scene.t("turn_short", name=name), name):
        if text_size(text, read_size())[0] <= width:  # measured once (the panel asks every frame)
            return text
    return short(name, width)


def score_rows(scene: SuleikaScene, view: View) -> list[ScoreRow]:
    """One row a player, from the state shown (before a roll while Omar still walks)."""
    st = view.state
    return [ScoreRow(tuple(st.colors[i]), scene.seat_name(i), (str(st.money[i]), str(view.scores[i])),
                     current=i == view.seat, out=st.out[i]) for i in range(st.players)]
