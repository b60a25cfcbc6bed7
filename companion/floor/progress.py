"""A table's game as the floor sees it: players, step, whose turn, progress, money or scores.

Game-blind: the engine, the summary and the progress function come from the game's spec in the
registry. The game is replayed incrementally (only the steps not seen yet are applied).
"""

from __future__ import annotations

import json
from typing import Any

from companion.games import get_engine, resolve, spec

#: the per-player numbers of a summary the floor shows, where a game has them
NUMBERS = ("money", "score", "points")


def players_of(header: dict[str, Any], summary: dict[str, Any]) -> list[dict[str, Any]]:
    """Each seat's name, colour and money or score."""
    count: int = header["players"] if isinstance(header.get("players"), int) else 0
    names: list[Any] = header["names"] if isinstance(header.get("names"), list) else []
    colors: list[Any] = header["colors"] if isinstance(header.get("colors"), list) else []
    seats: list[Any] = summary["players"] if isinstance(summary.get("players"), list) else []
    scores: list[Any] = summary["scores"] if isinstance(summary.get("scores"), list) else []
    out = []
    for i in range(count):
        seat: dict[str, Any] = {"name": str(names[i]) if i < len(names) else f"{i + 1}"}
        if i < len(colors):
            seat["color"] = colors[i]
        info = seats[i] if i < len(seats) and isinstance(seats[i], dict) else {}
        for key in NUMBERS:
            if isinstance(info.get(key), (int, float)) and not isinstance(info.get(key), bool):
                seat[key] = info[key]
        if i < len(scores) and isinstance(scores[i], (int, float)):
            seat.setdefault("score", scores[i])
        out.append(seat)
    return out


def describe(cache: dict[str, Any], rows: list[tuple[int, str, float]]) -> dict[str, Any]:
    """Bring ``cache`` (header, steps, state) up to the stored ``rows`` (seq, action, at) and
    describe the game; a step that no longer replays leaves the state where it was."""
    header: dict[str, Any] = cache["header"]
    name = str(header.get("game"))
    out: dict[str, Any] = {"game": name, "players": players_of(header, {}), "step": len(cache["steps"])}
    try:
        game = spec(name)
        engine = get_engine(name)
        if cache.get("state") is None:
            cache["state"], cache["steps"] = engine.new_game(header), []
        for seq, text, at in rows:
            if seq < len(cache["steps"]):
                continue
            action = json.loads(text)
            cache["state"], _ = engine.apply(cache["state"], action)
            cache["steps"].append(action)
            cache["last_at"] = at
        state = cache["state"]
        summary = engine.summary(state)
        fraction = resolve(game.progress)(state) if game.progress else None
        out.update(players=players_of(header, summary), step=len(cache["steps"]),
                   turn=engine.current_player(state), over=engine.is_over(state),
                   progress=None if fraction is None else round(float(fraction), 3))
    except Exception:  # noqa: BLE001 -- a game this companion cannot rebuild is still shown by name
        out["step"] = max(out["step"], len(rows))
    out["last_step_at"] = cache.get("last_at")
    return out
