"""Suleika – Basar der fliegenden Teppiche (the German *Marrakech*): a pure rules engine.

The rules are /work/shared/rules/suleika.md (authority after the German rulebook). Rule
decisions implemented here:

- **Coordinates**: ``(row, col)``, row 0 at the top; headings ``N E S W``. Omar's start cell
  and heading come from the box (``assets/suleika.toml``: (3, 3) facing N).
- **Facing** (standard game): any number of ``face`` actions before the roll, each measured
  against Omar's heading at the start of the turn, so a player may change his mind; straight
  on or 90° only, never 180°. Before the game's very first roll any of the four headings.
- **2-player variant** (``variant2p``): roll, place, then the same player may ``face`` Omar
  (0/±90° from his heading after the move) for the other player; the next roll ends that
  phase. Before the game's first roll a ``face`` may pick any heading.
- **Die**: faces from the box (1, 2, 2, 3, 3, 4); a typed value must be one of them.
- **Walk**: exactly the rolled number of cells; leaving the market Omar follows the balcony
  table (``corner_loops`` "TR_BL", or its mirror image "TL_BR"). The step onto the re-entry
  cell costs one pip; at a corner loop Omar stays on his cell and only turns, which also
  costs the pip (``(0,6,E)+1 → (0,6,S)``).
- **Payment**: on a visible carpet of another player still in the game, the mover pays the
  size of the orthogonally connected area of that colour containing Omar's cell. In the
  2-player game each colour is its own area; both of a player's colours are free for him.
  Suleika rules: pay what you can, no debts, nobody leaves. Marrakech rules: a player whose
  money is less than the amount due pays all he has and is out at once (he lays no carpet
  that turn, takes no more turns, cannot win; landing on his carpets is then free); equal
  money is not elimination. A ``pay`` event is emitted whenever something is due, even 0.
- **Placement**: two orthogonally neighbouring cells on the board, one of them next to Omar,
  neither under him; it may not cover both still-visible halves of one carpet (by carpet
  identity, own carpets too); a half-covered carpet may be covered entirely. The ``place``
  action names the colour unless the mover holds carpets of only one colour.
- **No legal placement cannot happen** on a 7×7 board, so the rules file's fallback ("the
  turn passes") is never needed: every cell has a neighbour N with at least two on-board
  neighbours besides Omar's cell, and the one carpet showing on N can join N to at most one
  of them; the other spot is legal. ``tests/engine/test_suleika_placement.py`` checks both
  the geometry for every cell and random boards.
- **End**: when no player still in holds a carpet (with equal stocks: after the last carpet
  is laid). Players with no carpets left are skipped.
- **Words**: refusals are ``IllegalAction`` codes, the ``pay`` event's reason is ``"carpet"``
  (with the area's colour and size), the die is ``Chance.kind`` ``"carpet_die"``; the words
  are in ``companion/games/suleika/<lang>.toml``.
- **Winner**: score = visible cells + money, among players still in. Tie: more visible cells
  (Suleika rules) or more money (Marrakech rules); still tied: the box's ``final_tie``
  ("shared": all of them win; "none": nobody does).

How it stays quick (no rule depends on this): the geometry is worked out once into tables
(``board.py``: neighbours, Omar's walk from every cell in every heading under both corner
settings, the carpet spots around every cell and an index of them by the four numbers a
record line gives); ``apply`` checks a ``place`` by one lookup in that index and falls back to
the step-by-step checks, with their reasons, for anything the index does not hold; each
action writes its changes into one copy of the old state's fields (``state.draft``/``made``),
and a carpet copies only the board rows it lies on.

>>> from companion.games.suleika.box_files import load
>>> engine = make_engine(load())
>>> state = engine.new_game({"record": 1, "game": "suleika", "players": 2, "seed": 1})
>>> state, events = engine.apply(state, {"action": "roll", "value": 2})
>>> engine.summary(state)["omar"]
{'row': 1, 'col': 3, 'facing': 'N'}
"""

from companion.games.suleika.rules.board import walk
from companion.games.suleika.rules.box import Box
from companion.games.suleika.rules.engine import SuleikaEngine, make_engine
from companion.games.suleika.rules.queries import (
    HeadingHint,
    allowed_headings,
    carpets_left,
    hint,
    legal_placements,
    payment_area,
    scores,
    seat_colors,
    visible_cells,
    winners,
)
from companion.games.suleika.rules.state import State

REASONS, CHANCE_KINDS = SuleikaEngine.REASONS, SuleikaEngine.CHANCE_KINDS

__all__ = [
    "CHANCE_KINDS", "REASONS",
    "Box", "HeadingHint", "State", "SuleikaEngine", "allowed_headings", "carpets_left", "hint",
    "legal_placements", "make_engine", "payment_area", "scores", "seat_colors", "visible_cells",
    "walk", "winners",
]
