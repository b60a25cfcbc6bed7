"""The Ali Baba table in words: choices, what the game waits for, the field, the ledger, what
the dice and events did. Pure functions of the texts, the box, the state and the seat names
(``names`` are always the screen's own, ``TableScene.seat_name``, never the engine's).

Every text lives in ``companion/games/alibaba/<lang>.toml`` under ``[ui]``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.engine.base import Action, Event
from companion.games.alibaba.rules.arrest import fate_number
from companion.games.alibaba.rules.box import EVENT, FOUR, FOUR_ALL, FOUR_DIE, GANG, START, Box
from companion.games.alibaba.rules.state import BAZAAR, DUMP, GIFT, LAST_CHANCE, LOOT, State
from companion.ui.i18n import Texts

Names = list[str] | tuple[str, ...]


def ui(t: Texts, key: str, **values: Any) -> str:
    """One of the screen's own words (``alibaba.ui.<key>``)."""
    return t("alibaba.ui." + key, **values)


def counted(t: Texts, key: str, count: int, **values: Any) -> str:
    """Singular or plural: ``<key>_one`` for 1, else ``<key>_many``."""
    return ui(t, f"{key}_{'one' if count == 1 else 'many'}", count=count, **values)


def gang_of(box: Box, group: str) -> int:
    """The gang a group of the box belongs to (the group is one the engine named)."""
    index = box.group_index(group)
    assert index is not None, group
    return box.groups[index].gang


def named(t: Texts, name: str) -> str:
    """A group or gang name as the German cards print it, with its meaning in the screen's
    language where that language has one ("Wunderheiler (miracle healer)"): said where a
    player chooses cards; elsewhere the name alone."""
    key = f"alibaba.meaning.{name}"
    meaning = t(key) if t.has(key) else name
    return name if meaning.casefold() == name.casefold() else ui(t, "with_meaning", name=name, meaning=meaning)


def hyphenated(text: str, fits: Callable[[str], bool], stems: tuple[str, ...] = ()) -> str:
    """``text`` with every word too wide for a line (``fits``) broken with a hyphen: before a
    gang's name inside it where there is one ("Schatzkammer- räuber"), else where the
    longest beginning still fits; unchanged where every word fits.

    >>> hyphenated("Schatzkammerräuber für 40", lambda w: len(w) <= 14, ("räuber",))
    'Schatzkammer- räuber für 40'
    >>> hyphenated("Langerundlangername", lambda w: len(w) <= 8)
    'Langeru- ndlange- rname'
    """
    out = []
    for word in text.split(" "):
        while not fits(word) and len(word) > 3:
            cut = next((i for stem in stems if (i := word.lower().rfind(stem.lower(), 3)) > 0
                        and fits(word[:i] + "-")), 0)
            if not cut:
                cut = max((i for i in range(2, len(word) - 1) if fits(word[:i] + "-")), default=0)
            if not cut:
                break
            out.append(word[:cut] + "-")
            word = word[cut:]
        out.append(word)
    return " ".join(out)


def quarter_price(box: Box, state: State, group: str) -> int:
    return box.price(box.board.quarter(state.position), gang_of(box, group))


def choice_label(t: Texts, box: Box, state: State, a: Action, names: Names) -> str:
    """One choice in a few words: "Card 3", "Hehler for 40", "Keep my cards"."""
    name = str(a["action"])
    s = box.settings
    if name == "move":
        if a.get("forks"):
            forks = ", ".join(ui(t, "fork_" + f) for f in a["forks"])
            return ui(t, "move_forks", card=a["card"], forks=forks)
        return ui(t, "move", card=a["card"])
    if name == "sell":
        return ui(t, "sell", count=a["count"], group=a["group"],
                  amount=a["count"] * quarter_price(box, state, a["group"]))
    if name == "take":
        if state.phase == LOOT:
            return ui(t, "take", group=named(t, a["group"]), price=quarter_price(box, state, a["group"]))
        return ui(t, "take_free", group=named(t, a["group"]))
    if name == "done":
        if state.phase in (DUMP, LAST_CHANCE) and state.actor is not None and not any(
                state.cards[state.actor][g] for g in box.groups_of(state.arrest_gangs)):
            return ui(t, "done_nothing_left")  # everything dumped: there is nothing to keep
        return ui(t, {LOOT: "done_loot", BAZAAR: "done_bazaar"}.get(state.phase, "done_keep"))
    if name == "choose_player":
        return ui(t, "choose_player", name=names[a["player"]])
    if name == "set_die":
        return ui(t, "set_die", value=a["value"])
    if name == "give":
        return ui(t, "give", group=a["group"])
    if name == "pick_gang":
        return ui(t, "pick_gang", gang=named(t, a["gang"]))
    if name == "dump":
        return ui(t, "dump", fee=a["count"] * s.dump_fee, count=a["count"], group=a["group"])
    if name == "last_chance":
        return ui(t, "last_chance", fee=a["count"] * s.last_chance_fee, count=a["count"], group=a["group"])
    if name == "choose_starter":
        return ui(t, "choose_starter", name=names[a["player"]])
    return name


def field_words(t: Texts, box: Box, state: State) -> str:
    """What Ali Baba's field shows: "start", "Räuber symbol", "event 3", ... (which way of a
    fork he is on is said by :func:`where_note`)."""
    f = box.board.field(state.position, state.branch)
    if f.kind == START:
        what = ui(t, "field_start")
    elif f.kind == GANG and f.gang is not None:
        what = ui(t, "field_gang", gang=box.gangs[f.gang].name)
    elif f.kind == EVENT:
        what = ui(t, "field_event", n=f.event)
    elif f.kind == FOUR:
        what = ui(t, {FOUR_DIE: "field_four_die", FOUR_ALL: "field_four_all"}.get(f.four or "", "field_four_question"))
    else:
        what = ui(t, "field_empty")
    return what


def where_note(t: Texts, box: Box, state: State) -> str:
    """The short line under the field's words: round and quarter; on a fork the quarter and
    which way he took (the line has room for two of the three)."""
    quarter = ui(t, "quarter", n=box.board.quarter(state.position))
    if state.branch:
        return f"{quarter} · {ui(t, 'branch_' + state.branch)}"
    return f"{ui(t, 'round', n=state.round)} · {quarter}"


def die_words(t: Texts, kind: str) -> str:
    """The die a chance kind rolls, as the object of a sentence ("the black die")."""
    return ui(t, {"black_die": "die_black", "white_die": "die_white"}.get(kind, "die_plain"))


def phase_words(t: Texts, box: Box, session: Any, names: Names) -> str:
    """Whose turn, and what the game waits for, in a short sentence."""
    st: State = session.state
    seat = session.engine.current_player(st)
    who = names[seat] if seat is not None else ""
    target = names[st.target] if st.target is not None else ""
    die = die_words(t, "black_die" if st.event == 3 else "white_die")
    colour = ui(t, "colour_black" if st.event == 3 else "colour_white")  # the die by its colour alone
    values = dict(name=who, row=st.row, event=st.event, target=target, takes=st.takes_left, round=st.round,
                  die=die, colour=colour, dealer=names[st.dealer])
    if st.phase in (LOOT, GIFT):
        return counted(t, "phase_" + st.phase, st.takes_left, **values)
    return ui(t, "phase_" + st.phase, **values)


# -- the ledger ----------------------------------------------------------------------------------
#: Short words for the bank's reason codes: (key, the param that numbers it, or the number).
SHORT_REASONS: dict[str, tuple[str, str | int | None]] = {
    "kadi_bribe": ("r_kadi", None), "kadi_bribe_broke": ("r_kadi", None), "dump_fee": ("r_dump", None),
    "last_chance_fee": ("r_last", None), "loot": ("r_loot", None), "sold": ("r_sold", None),
    "bought_before_arrest": ("r_bought", None), "bazaar_sale": ("r_bazaar", None),
    "bazaar_swap": ("r_bazaar", None), "broke_sale": ("r_broke", None), "event1": ("r_event", 1),
    "event2": ("r_event", 2), "event8": ("r_event", 8), "event9": ("r_event", 9),
    "round_bonus": ("r_bonus", "round"), "round_payout": ("r_payout", "round"),
    "round_payout_complete": ("r_payout", "round"),
}


def reason_words(t: Texts, reason: str, params: dict[str, Any] | None = None) -> str:
    """A ledger reason code in a word or two; a code without short words in its full words."""
    params = params or {}
    short = SHORT_REASONS.get(reason)
    if short is None:
        return t.reason("alibaba", reason, params)
    key, n = short
    return ui(t, key, n=params.get(n, "") if isinstance(n, str) else n)


def ledger_line(t: Texts, names: Names, ev: Event) -> str:
    """``"Kadi: −400 from Anna"``; player to player: ``"Bazaar: 40 from Ben to Anna"``."""
    d = ev.data
    if ev.kind == "forgiven":
        return ui(t, "forgiven", amount=d["amount"], name=names[d["seat"]])
    what = reason_words(t, d["reason"], d.get("params"))
    payer, payee = d["payer"], d["payee"]
    if payee is None:
        return ui(t, "ledger_from", what=what, amount=d["amount"], name=names[payer])
    if payer is None:
        return ui(t, "ledger_to", what=what, amount=d["amount"], name=names[payee])
    return ui(t, "ledger_between", what=what, amount=d["amount"], payer=names[payer], payee=names[payee])


# -- what just happened ----------------------------------------------------------------------------
def event_words(t: Texts, box: Box, names: Names, events: list[Event], mover: str = "") -> str:
    """What the dice did and what an event does, for the banner (``mover``: the name of the
    player whose turn it is, who names the player an event hits)."""
    s = box.settings
    out: list[str] = []
    rolled = {ev.data.get("die"): ev.data["value"] for ev in events if ev.kind == "die"}
    both = "black" in rolled and "white" in rolled  # one roll, both dice: the fate number says the row
    for ev in events:
        d = ev.data
        if ev.kind == "die" and d.get("die") == "black" and both:
            out.append(ui(t, "both_dice", black=rolled["black"], white=rolled["white"]))
        elif ev.kind == "die" and d.get("die") == "white" and both:
            continue
        elif ev.kind == "die" and d.get("die") == "black":
            out.append(ui(t, "black_was", value=d["value"], first=fate_number(d["value"], 1),
                          last=fate_number(d["value"], 6)))
        elif ev.kind == "die" and d.get("die") == "white":
            out.append(ui(t, "white_was", value=d["value"]))
        elif ev.kind == "die" and "gang" in d:
            out.append(ui(t, "gang_die", value=d["value"], gang=d["gang"]))
        elif ev.kind == "die":
            out.append(ui(t, "die_was", value=d["value"]))
        elif ev.kind == "die_set":
            out.append(ui(t, "die_set", die=die_words(t, d["die"] + "_die"), value=d["value"]))
        elif ev.kind == "event":
            out.append(ui(t, f"event_{d['number']}", per=s.event1_per_pip if d["number"] == 1
                          else s.event9_per_card_per_pip, amount=s.event2_amount, gifts=s.gift_cards,
                          mover=mover or ui(t, "the_mover")))
        elif ev.kind == "target":
            key = "hit_2" if d["event"] == 2 else "hit"
            out.append(ui(t, key, event=d["event"], name=names[d["seat"]], amount=s.event2_amount))
        elif ev.kind == "fate":
            caught = [f"{names[e.data['seat']]} −{e.data['bribe']}" for e in events if e.kind == "caught"]
            out.append(ui(t, "fate_caught", n=d["number"], who=", ".join(caught)) if caught
                       else ui(t, "fate_nobody", n=d["number"]))
        elif ev.kind == "arrest_over" and not any(e.kind == "fate" for e in events):
            out.append(ui(t, "arrest_off"))
        elif ev.kind == "round_end":
            out.append(ui(t, "round_end", round=d["round"]))
    return " · ".join(out)


#: Where "done" goes in the list: first where passing is the usual answer, so OK, OK, OK
#: walks a table through an arrest nobody wants to pay for; and first in the loot, so that
#: "No more loot" is on the page shown, not behind the last of the groups.
DONE_FIRST = frozenset({DUMP, LAST_CHANCE, BAZAAR, LOOT})
