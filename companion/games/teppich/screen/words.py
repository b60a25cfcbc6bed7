"""What the Teppich table says: what the game waits for, and what an action did, in words.

Names always come from the screen (``seat_name``), never from the engine's state, so a seat
the table did not name is "Spieler 2" / "Player 2" in the screen's language.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.engine.base import Action, Event
from companion.games.teppich.rules.box import Box
from companion.ui.i18n import Texts

Name = Callable[[int], str]
#: The special die tumbles this long; the face was decided at the press.
ROLL_S = 0.5
#: A token use the entry offers (none first), and the arrow colours (any first).
TOKENS: tuple[tuple[str, int] | None, ...] = (None, ("vertical", 1), ("vertical", -1), ("side", 1), ("side", -1))
ARROWS: tuple[str | None, ...] = (None, "up_side", "side_up", "down_side", "side_down")


def token_of(action: Action) -> tuple[str, int] | None:
    """The token an action uses as (leg, change), or None."""
    raw = action.get("token")
    return (raw["leg"], raw["change"]) if isinstance(raw, dict) else None


def face_words(t: Texts, box: Box, value: int) -> str:
    """A face of the special die in the screen's language, from the box data."""
    face = next((f for f in box.faces if f.value == value), None)
    if face is None:
        return str(value)
    return face.words_de if t.lang == "de" else face.words_en


def face_short(t: Texts, box: Box, value: int) -> str:
    """The same in two short lines, for the box beside the die's picture."""
    face = next((f for f in box.faces if f.value == value), None)
    if face is None:
        return str(value)
    short = face.short_de if t.lang == "de" else face.short_en
    return short or face_words(t, box, value)


def token_words(t: Texts, token: tuple[str, int] | None) -> str:
    if token is None:
        return str(t("teppich.ui.token_none"))
    return str(t(f"teppich.ui.token_{token[0]}_{'plus' if token[1] > 0 else 'minus'}"))


def arrows_words(t: Texts, arrows: str | None) -> str:
    return str(t("teppich.ui.arrows_any" if arrows is None else f"teppich.ui.arrows_{arrows}"))


def flight_words(t: Texts, action: Action) -> str:
    """How a card flies, in words: its arrow colour, or only up or down when the flight has
    no sideways leg (a card without a sideways arrow, and no sideways token)."""
    token = token_of(action)
    if action.get("h") == 0 and (token is None or token[0] != "side"):
        up = action["arrows"] in ("up_side", "side_up")
        return str(t("teppich.ui.arrows_up_only" if up else "teppich.ui.arrows_down_only"))
    return arrows_words(t, action["arrows"])


def event_words(t: Texts, box: Box, name: Name, events: list[Event]) -> str:
    """One line for what an action caused: a roll, a blockade, a skipped turn, a win."""
    out: list[str] = []
    for ev in events:
        d = ev.data
        who = name(d["player"]) if isinstance(d.get("player"), int) else ""
        if ev.kind == "roll":
            out.append(t("teppich.ui.rolled", value=d["value"], words=face_words(t, box, d["value"])))
        elif ev.kind == "block":
            out.append(t("teppich.ui.blocks", name=who, other=name(d["on"])))
        elif ev.kind == "force":
            carpets = [name(p) for p in d.get("carpets", []) if isinstance(p, int)]
            mover = next((e.data["player"] for e in events if e.kind == "move"), None)
            out.append(t("teppich.ui.forced", name=name(mover) if mover is not None else "",
                         others=", ".join(carpets)))
        elif ev.kind == "skip":
            out.append(t("teppich.ui.skipped", name=who))
        elif ev.kind == "pass":
            out.append(t("teppich.ui.passed", name=who))
        elif ev.kind == "blown_off":
            out.append(t("teppich.ui.blown", name=who))
        elif ev.kind == "tokens":
            out.append(t("teppich.ui.got_tokens_one" if d["got"] == 1 else "teppich.ui.got_tokens", name=who,
                         n=d["got"]))
        elif ev.kind == "swap":
            out.append(t("teppich.ui.swapped", name=who, other=name(d["with"])))
        elif ev.kind == "no_hop":
            out.append(t("teppich.ui.no_hop_cell", name=who))
        elif ev.kind == "win":
            out.append(t("teppich.ui.won", name=who))
        elif ev.kind == "stuck":
            out.append(t("teppich.ui.nobody_won"))
    return " · ".join(out)


def waiting_words(t: Texts, state: Any, name: Name) -> str:
    """What the special die waits for, or "" when the player just moves."""
    who = name(state.current)
    return {"roll": t("teppich.ui.ask_roll", name=who), "clouds": t("teppich.ui.ask_clouds", name=who),
            "swap_with": t("teppich.ui.ask_swap", name=who), "hop": t("teppich.ui.ask_hop", name=who),
            }.get(state.pending or "", "")


def header_words(t: Texts, state: Any, name: Name) -> str:
    """The turn banner: whose turn, or who won."""
    if state.over:
        if state.winners:
            return str(t("teppich.ui.won", name=name(state.winners[0])))
        return str(t("teppich.ui.nobody_won"))
    return str(t("turn_of", name=name(state.current)))
