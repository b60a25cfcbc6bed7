"""Mutabor – im Irrgarten des Kalifen: a pure rules engine, the maze dealer and the referee.

The rules are /work/shared/rules/mutabor.md (after the German rulebook); the issue "Mutabor:
the maze dealer and referee" fixes what the texts leave open. Rule decisions implemented here:

- **Cells** ``(row, col)``, row 0 at the top: core rows 1–6 × cols 1–6; border cells top
  ``(0, 2..5)``, bottom ``(7, 2..5)``, left ``(2..5, 0)``, right ``(2..5, 7)``. The centre
  ``(3..4, 3..4)`` holds face-down cards 1–4: never entered or passed, only jumped by the
  Krebs. No move passes through or lands outside these cells (``geometry.py``).
- **Dealing order**: card k of the shuffled pile goes to the k-th place of the rulebook's
  picture, kept in ``assets/mutabor/dealing.csv``; card counts 10/10/10/10/10/2 in
  ``assets/mutabor/box.toml``. A header's ``maze`` lists the 52 cards in that order and must
  match the box's counts; without one the dealer shuffles from ``seed`` (SplitMix64 and
  Fisher–Yates, no ``random``, the same maze everywhere) and shuffles again while a goal cell
  of a side in play is unreachable, unless ``allow_unreachable`` (``dealer.py``).
- **Sides and turns**: seat 0 bottom (goal top), 1 left (goal right), 2 top, 3 right; with 2
  players bottom and top, with 3 bottom, left and top. Turns go 0, 1, 2, 3 (clockwise from
  above). 3 players: seat 1 (left) is the middle player and sits out his first turn; the
  header's ``first`` (0 or 2, default 0) says who begins. Only 3 players may choose ``first``.
- **Moves** (by the card the figure stands on): Morgenstern queen, Baum and Storch king, Tor
  rook, Elefant bishop, all sliding in a straight line and stopping before the centre, a closed
  side cell or the maze's end, and on the first figure (rule 5: no jumping); Krebs the eight
  knight targets, jumping figures and the centre.
- **Rules 2–4**: a figure on one of its goal cells never moves again; no figure lands on its
  own start cells (so no start-to-start move either); the two sides that are neither a player's
  start nor his goal are closed to his figures (rule 4), and a slide cannot pass them. With 2
  players and ``open_sides`` the left and right borders are ordinary cells for both.
- **Captures** (rules 6–10): landing on a foreign figure captures it unless it stands on a
  start or goal cell of a side in play or on a Storch; its owner picks one of his free start
  cells (``capture_to``, required when he has more than one, refused on a move that captures
  nothing); with none free the move is illegal. In an open-sides game the side borders are
  nobody's start or goal, so figures there can be captured.
- **Passes**: after each move (and at the start) the turn goes to the next player who can
  move; each player skipped gives a ``pass`` event with reason ``no_move`` or ``sits_out``
  (kept in ``State.passes`` for the banner). When no player can move the game ends as a
  draw (``over`` event, reason ``no_moves``, no pass events); ``{"action": "draw"}`` ends it as an agreed
  draw at any time (reason ``agreed``). The first player with all four figures home wins
  (reason ``all_home``) and the game ends at once.
- **Unreachable goal cells**: a goal cell not holding its own player's figure is unreachable
  when, with all figures lifted off, no cell from which that player's figure could move has a
  move onto it. The player to move with such a cell may swap two visible cards with no figure
  on them, once a turn, before moving; the swap does not end his turn. A player with no legal
  move passes even if he could swap (a swap never gives his own figures a move: they move by
  their own cards).
- **Hint**: ``moves_home`` gives each player's fewest moves for his nearest figure not yet
  home to reach a goal cell on the empty maze; goal cells already holding his own figures do
  not count (they never leave). 0 when all are home, None when no way leads there.
- **Record actions**: ``{"action": "move", "from": [r, c], "to": [r, c], "capture_to": [r, c]}``,
  ``{"action": "swap", "a": [r, c], "b": [r, c]}``, ``{"action": "draw"}``. ``legal_actions``
  lists every move (one per ``capture_to`` choice) and the swaps when allowed, never ``draw``.

>>> from companion.games.mutabor.box_files import load
>>> engine = make_engine(load())
>>> state = engine.new_game({"record": 2, "game": "mutabor", "players": 2, "seed": 9})
>>> engine.current_player(state), engine.summary(state)["figures"][0]
(0, [[7, 2], [7, 3], [7, 4], [7, 5]])
>>> first = engine.legal_actions(state)[0]
>>> state, events = engine.apply(state, first)
>>> [e.kind for e in events], engine.current_player(state)
(['move'], 1)
"""

from companion.games.mutabor.rules.box import Box
from companion.games.mutabor.rules.dealer import check_maze, deal, deal_tries, grid_of, solvable
from companion.games.mutabor.rules.engine import MutaborEngine, make_engine
from companion.games.mutabor.rules.moves import moves_home, seat_moves, targets, unreachable_goals
from companion.games.mutabor.rules.state import State

REASONS, CHANCE_KINDS = MutaborEngine.REASONS, MutaborEngine.CHANCE_KINDS

__all__ = [
    "CHANCE_KINDS", "REASONS",
    "Box", "MutaborEngine", "State", "check_maze", "deal", "deal_tries", "grid_of", "make_engine",
    "moves_home", "seat_moves", "solvable", "targets", "unreachable_goals",
]
