"""Der fliegende Teppich (Ravensburger 1987, Flogaus & Feyerabend): a pure rules engine.

The companion is the special die, the turn keeper and the flight referee; the wind cards stay
physical and secret, and the table says which card was played. Rules:
/work/shared/rules/teppich.md after the German rulebook; the issue's decisions override it.
Box data (every [assumed] value) comes from ``assets/teppich/`` via
``companion.games.teppich.box_files.load()``.

Actions (one JSON object per record line)::

    {"action": "fly", "v": 3, "h": 2, "pair": "UR", "arrows": "up_side",
     "token": {"leg": "vertical", "change": 1}, "then": "block"}   token, then optional
    {"action": "steer", "dir": "up"}         a steering token alone (up, down, left, right)
    {"action": "drift"}                      play nothing
    {"action": "roll", "value": 4}           chance: the special die, after a free star
    {"action": "clouds", "cells": [[x, y], ...]}   face 2
    {"action": "swap_with", "player": 2}     face 5
    {"action": "hop", "to": [x, y]}          face 6

Rule decisions:

1. **Board**: cells ``(x, y)``, x from the left, y from the bottom; zones, podiums, stars from
   the box (24×12; rows 0–5 calm, 6–8 wind 1, 9–11 wind 2; start (0, 0), goal (23, 0)).
   Wind blows right. Player 0 begins; every carpet starts on the shared start podium.
2. **City**: scenery in gapless columns on the ground, calm zone only; clouds in the sky; both
   podiums and the cells right of the start and left of the goal free; a way through (free
   cells joined side to side) from start to goal. A header without ``scenery``/``clouds``
   gets a city from ``city.generate`` seeded by ``seed`` (SplitMix64, no ``random``):
   scenery first, then clouds each only where a way through remains.
3. **Card**: ``v`` 1–3, ``h`` 0–3, pairing ``UR`` (up goes right, down goes left) or ``UL``;
   arrows ``up_side``/``side_up``/``down_side``/``side_down`` give the order of the two
   legs. ``h = 0`` is entered with ``UR`` and flies ``up_side`` or ``down_side`` only.
4. **Wind**: at the start of the sideways leg the zone adds 1 or 2 cells to the right; a
   leftward leg is shortened and may turn rightward; no sideways leg, no push.
5. **Token** (one per turn, gone once used): with a card ±1 on one leg before the push (a
   vertical leg may shrink to 0; a sideways leg shrunk to 0 is still pushed); on an ``h = 0``
   card ``side`` adds a one-cell leg (+1 the way UR gives the colour, −1 the other way;
   ``side_up``/``side_down`` put it first). Alone (``steer``) one cell, pushed when sideways.
6. **Drift**: wind zone: right by its strength; calm: sink one, grounded (ground or roof):
   stay. A drift into a cloud is refused (``drift_cloud``).
7. **Paths**: every cell passed and ended on is free of scenery and clouds; carpets are
   jumped. Below the ground: refused. Leaving at the top, left or right: back to the start
   podium (the path stops at the edge). A move ending where it began is legal, needs no
   ``then`` and rolls nothing.
8. **Landing on carpets** (not on the start podium): ``then`` ``block`` (sit on top; the
   carpet below misses its next turn) or ``force`` (the whole stack sinks straight down
   through clouds and past hovering carpets onto scenery or the ground; onto a carpet
   there, which it blocks; onto the start podium it just joins). ``force`` is refused where
   the stack cannot sink (already grounded, or it would come to rest in a cloud). A carpet
   always flies alone: whoever sat on it now sits on what it sat on.
9. **Turns**: a player with misses is skipped, one miss per skipped turn; a player with no
   legal move passes (if every player in a row passes, the game ends unwon: ``stuck``).
10. **Stars**: a move ending alone on a star (not blocking or forcing, not where it began)
    rolls the special die, unless ``special_die`` is false. Faces in order: 1 miss the next
    turn; 2 new cloud layout (same number of cells, all in the sky, no carpet covered, the
    way through kept and no carpet that could reach it shut off; leaving them is allowed);
    3 move again at once (a new turn: a token is allowed, a star rolls again); 4 two more
    tokens from the supply (fewer if it runs out); 5 swap places with another player (each
    takes the other's place in its stack); 6 hop to a free cell 1–4 cells away along a
    path with at most one bend free of scenery and clouds, no wind (the start podium counts
    as free); skipped if there is none. Hops, swaps and forced landings never roll.
11. **Goal**: the first carpet on the goal podium wins at once: by its own move or a hop, or
    forced down onto it (the bottom carpet of the forced stack).

Queries for the screen and for random games: ``card_options`` (every legal end cell of an
entered card per arrow colour and token use, with path and pushes), ``options`` (every legal
move), ``hop_targets``, ``generate`` (a city piece by piece), ``check_city`` and ``has_way``
(a table's own city), and on the engine ``cloud_move`` (a valid cloud layout for face 2: the
layouts are too many to list) and ``toward_goal`` (the moves ending nearest the goal).

>>> from companion.games.teppich.box_files import load
>>> engine = make_engine(load())
>>> s = engine.new_game({"record": 2, "game": "teppich", "players": 3, "seed": 3,
...                      "scenery": [], "clouds": []})
>>> s, events = engine.apply(s, {"action": "fly", "v": 3, "h": 2, "pair": "UR", "arrows": "up_side"})
>>> engine.summary(s)["carpets"][0], engine.current_player(s)
({'cell': [2, 3], 'tokens': 5, 'misses': 0, 'on': None}, 1)
"""

from companion.games.teppich.rules.board import has_way
from companion.games.teppich.rules.box import Box
from companion.games.teppich.rules.city import City, Placement, check_city, generate
from companion.games.teppich.rules.die import hop_targets, propose_clouds
from companion.games.teppich.rules.engine import TeppichEngine
from companion.games.teppich.rules.flight import Flight
from companion.games.teppich.rules.legal import Option, card_options, describe, options
from companion.games.teppich.rules.state import State

REASONS, CHANCE_KINDS = TeppichEngine.REASONS, TeppichEngine.CHANCE_KINDS


def make_engine(box: Box) -> TeppichEngine:
    """The Der fliegende Teppich engine for one box's data (``companion.games.teppich.box_files.load()``)."""
    return TeppichEngine(box)


__all__ = ["CHANCE_KINDS", "REASONS",
           "Box", "City", "Flight", "Option", "Placement", "State", "TeppichEngine", "card_options",
           "check_city", "describe", "generate", "has_way", "hop_targets", "make_engine", "options",
           "propose_clouds"]
