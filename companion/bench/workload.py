"""A fixed engine workload, for counting instructions by hand:
``python -m companion.bench.workload GAME PLAYERS GAMES [POLICY]``.

``valgrind --tool=callgrind python -m companion.bench.workload GAME 4 20`` counts the
instructions of 20 seeded 4-player games of GAME (default: the first game of the menu) with the
``one-heading`` policy (``random`` as the fourth argument for the random player); run it once
with 0 games and subtract to leave out starting Python and loading the box. ``companion bench
--instructions`` does this itself (``companion.bench.icount``).
"""

from __future__ import annotations

import sys

from companion.games import first_game, get_engine, spec
from companion.session.simulate import play_game


def main(argv: list[str]) -> int:
    game = argv[0] if argv else first_game()
    players = int(argv[1]) if len(argv) > 1 else 4
    games = int(argv[2]) if len(argv) > 2 else 20
    policy = argv[3] if len(argv) > 3 else "one-heading"
    engine = get_engine(game)
    actions = 0
    for seed in range(1, games + 1):
        _state, acts = play_game(engine, spec(game).header(players, seed), seed, policy)
        actions += len(acts)
    print(f"{games} {game} games, {players} players, {policy} policy, {actions} actions")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
