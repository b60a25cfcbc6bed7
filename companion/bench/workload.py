"""A fixed engine workload for instruction counting: ``python -m companion.bench.workload``.

``valgrind --tool=callgrind python -m companion.bench.workload suleika 4 20`` counts the
instructions of 20 seeded random 4-player games; the README's Pi Zero 2 W estimate divides
them by the A53's clock and an assumed instructions-per-cycle. Run it once with 0 games to
subtract the cost of starting Python and loading the box.
"""

from __future__ import annotations

import sys

from companion.games import get_engine
from companion.session.simulate import random_game


def main(argv: list[str]) -> int:
    game = argv[0] if argv else "suleika"
    players = int(argv[1]) if len(argv) > 1 else 4
    games = int(argv[2]) if len(argv) > 2 else 20
    engine = get_engine(game)
    actions = 0
    for seed in range(1, games + 1):
        _state, acts = random_game(engine, {"record": 1, "game": game, "players": players, "seed": seed}, seed)
        actions += len(acts)
    print(f"{games} {game} games, {players} players, {actions} actions")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
