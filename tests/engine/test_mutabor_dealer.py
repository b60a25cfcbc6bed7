"""The dealer (the same maze from the same seed, solvable unless told otherwise), a hand-dealt
maze checked against the box, unreachable goal cells and the swap, and the moves-home hint."""

from __future__ import annotations

import os
import statistics
import time
from collections import Counter
from dataclasses import replace

import pytest
from mutabor_helpers import BOX, ENGINE, TOP, kinds, maze, new, put, refused

from companion.engine.base import IllegalAction
from companion.engine.rng import SplitMix64
from companion.games.mutabor.rules import (
    deal,
    deal_tries,
    grid_of,
    make_engine,
    moves_home,
    solvable,
    unreachable_goals,
)
from companion.games.mutabor.rules.dealer import shuffle
from companion.games.mutabor.rules.geometry import SEAT_SIDES
from companion.games.mutabor.rules.moves import unreachable_cells

#: Seeds whose first shuffle leaves a goal cell unreachable (2 players): bottom's (0, 4) and top's (7, 4).
BOTTOM_CUT, TOP_CUT = 87, 286


def test_the_generator_gives_the_same_numbers_everywhere():
    # SplitMix64's published first output for seed 0 is 0xE220A8397B1DCDAF.
    assert SplitMix64(0).next64() == 0xE220A8397B1DCDAF
    rng = SplitMix64(1234567)
    assert [rng.next64() for _ in range(3)] == [6457827717110365317, 3203168211198807973, 9817491932198370423]
    assert SplitMix64(-1).state == (1 << 64) - 1  # negative seeds are taken modulo 2**64


def test_the_same_seed_gives_the_same_maze():
    assert deal(9, BOX, 4)[:12] == ("krebs", "krebs", "baum", "morgenstern", "elefant", "elefant", "krebs",
                                    "morgenstern", "elefant", "morgenstern", "baum", "elefant")
    assert deal(9, BOX, 4) == deal(9, BOX, 4) != deal(10, BOX, 4)
    header = {"record": 2, "game": "mutabor", "players": 4, "seed": 9}
    assert ENGINE.summary(ENGINE.new_game(header)) == ENGINE.summary(ENGINE.new_game(dict(header)))


def test_the_shuffle_is_even():
    # Each of 52 places gets each kind about as often as the box holds it (a biased shuffle
    # would show here); 2000 shuffles, so 10/52 * 2000 = 385 expected per kind and place.
    rng = SplitMix64(5)
    firsts: Counter = Counter()
    lasts: Counter = Counter()
    for _ in range(2000):
        pile = shuffle(BOX.pile(), rng)
        firsts[pile[0]] += 1
        lasts[pile[-1]] += 1
    for counter in (firsts, lasts):
        for kind in ("morgenstern", "baum", "tor", "elefant", "krebs"):
            assert 300 < counter[kind] < 470, counter
        assert counter["storch"] < 150


@pytest.mark.parametrize("players", [2, 3, 4])
def test_dealt_mazes_have_the_box_counts_and_every_goal_reachable(players):
    for seed in range(150):
        cards = deal(seed, BOX, players)
        assert Counter(cards) == Counter(dict(BOX.cards))
        assert solvable(grid_of(cards, BOX), players)


def test_allow_unreachable_keeps_the_first_shuffle():
    first = shuffle(BOX.pile(), SplitMix64(BOTTOM_CUT))
    assert deal(BOTTOM_CUT, BOX, 2, allow_unreachable=True) == first
    assert not solvable(grid_of(first, BOX), 2)
    cards, tries = deal_tries(BOTTOM_CUT, BOX, 2)
    assert cards != first and tries == 2 and solvable(grid_of(cards, BOX), 2)


def test_the_dealer_gives_up_after_max_deals():
    with pytest.raises(IllegalAction) as info:
        deal(BOTTOM_CUT, replace(BOX, max_deals=1), 2)
    assert info.value.code == "no_solvable_maze" and info.value.params == {"tries": 1}


def test_a_hand_dealt_maze_is_laid_in_dealing_order():
    cards = maze({(3, 3): "storch", (7, 2): "krebs", (0, 2): "elefant"})
    state = new(2, maze=cards)
    summary = ENGINE.summary(state)
    assert summary["maze"][3][3] == "hidden" and state.card((3, 3)) == "storch"
    assert summary["maze"][7][2] == "krebs" and summary["maze"][0][2] == "elefant"
    assert summary["maze"][0][0] is None and summary["maze"][7][7] is None
    assert sum(v is not None for row in summary["maze"] for v in row) == 52


@pytest.mark.parametrize("bad,code", [
    ("krebs", "maze_not_list"),
    (["baum"] * 51, "maze_length"),
    (maze()[:-1] + ["drache"], "maze_card"),
    (maze()[:-1] + [7], "maze_card"),
    (["krebs"] + maze()[1:], "maze_counts"),
])
def test_a_hand_dealt_maze_is_checked_against_the_box(bad, code):
    with pytest.raises(IllegalAction) as info:
        new(2, maze=bad)
    assert info.value.code == code


def test_a_box_with_other_counts_takes_mazes_with_those_counts():
    box = replace(BOX, cards=(("morgenstern", 11), ("baum", 9), ("tor", 10), ("elefant", 10), ("krebs", 10),
                              ("storch", 2)))
    engine = make_engine(box)
    state = engine.new_game({"record": 2, "game": "mutabor", "players": 2, "maze": list(box.pile())})
    assert Counter(kind for row in state.grid for kind in row if kind)["morgenstern"] == 11
    with pytest.raises(IllegalAction) as info:
        engine.new_game({"record": 2, "game": "mutabor", "players": 2, "maze": list(BOX.pile())})
    assert info.value.code == "maze_counts" and info.value.params == {"have": 10, "card": "morgenstern", "want": 11}
    assert Counter(deal(3, box, 2))["baum"] == 9


@pytest.mark.parametrize("header,code", [
    ({"players": 5}, "bad_players"),
    ({"players": True}, "bad_players"),
    ({"game": "suleika"}, "wrong_game"),
    ({"seed": "nine"}, "bad_seed"),
    ({"seed": None, "maze": None}, "bad_seed"),
    ({"allow_unreachable": "yes"}, "bad_option"),
    ({"names": ["Ann"]}, "names_count"),
    ({"colors": ["red", 3]}, "colors_entry"),
    ({"colors": ["red", "red"]}, "colour_twice"),
    ({"colors": ["red", "pink"]}, "unknown_colour"),
])
def test_bad_headers_are_refused(header, code):
    base = {"record": 2, "game": "mutabor", "players": 2, "seed": 1}
    with pytest.raises(IllegalAction) as info:
        ENGINE.new_game({**base, **header})
    assert info.value.code == code
    with pytest.raises(IllegalAction) as info:
        ENGINE.new_game({"record": 2, "game": "mutabor", "players": 2})
    assert info.value.code == "no_maze"
    with pytest.raises(IllegalAction) as info:
        ENGINE.new_game(["mutabor"])
    assert info.value.code == "header_not_object"


# -- unreachable goal cells and the swap ---------------------------------------------------------

def cut(seed=BOTTOM_CUT):
    return ENGINE.new_game({"record": 2, "game": "mutabor", "players": 2, "seed": seed, "allow_unreachable": True})


def test_an_unreachable_goal_cell_is_found_and_offers_a_swap():
    state = cut()
    summary = ENGINE.summary(state)
    assert summary["unreachable"] == [[[0, 4]], []] and summary["may_swap"] is True
    swaps = [a for a in ENGINE.legal_actions(state) if a["action"] == "swap"]
    occupied = {c for f in state.figures for c in f}
    free = 48 - len(occupied)
    assert len(swaps) == free * (free - 1) // 2
    assert all(tuple(a["a"]) not in occupied and tuple(a["b"]) not in occupied for a in swaps)


def test_the_definition_of_unreachable_with_all_figures_lifted_off():
    grid = cut().grid
    assert unreachable_cells(grid, "bottom", False) == ((0, 4),)
    # Nothing the bottom player could stand on leads there, whatever stands on the maze.
    from companion.games.mutabor.rules.moves import empty_moves
    assert all((0, 4) not in targets for targets in empty_moves(grid, "bottom", False).values())


def test_a_goal_cell_holding_its_own_figure_is_not_reported():
    state = cut()
    state = put(state, [(0, 4), (7, 3), (7, 4), (7, 5)], TOP)
    assert unreachable_goals(state) == [[], []] and not ENGINE.summary(state)["may_swap"]


def test_a_swap_can_open_the_way_and_the_player_then_moves():
    state = cut()
    baum = next(c for c in [(r, k) for r in range(8) for k in range(8)]
                if state.card(c) == "baum" and c not in {x for f in state.figures for x in f} and c != (1, 4))
    after, events = ENGINE.apply(state, {"action": "swap", "a": [1, 4], "b": list(baum)})
    assert kinds(events) == ["swap"] and events[0].data["cards"] == ["baum", state.card((1, 4))]
    assert after.card((1, 4)) == "baum" and after.card(baum) == state.card((1, 4))
    assert ENGINE.summary(after)["unreachable"] == [[], []]
    assert ENGINE.current_player(after) == 0 and after.swapped and not ENGINE.summary(after)["may_swap"]
    assert all(a["action"] == "move" for a in ENGINE.legal_actions(after))
    moved, _ = ENGINE.apply(after, ENGINE.legal_actions(after)[0])
    assert ENGINE.current_player(moved) == 1 and not moved.swapped


def test_swaps_that_are_refused():
    state = cut()
    assert refused(state, {"action": "swap", "a": [1, 4], "b": [1, 4]}).code == "swap_same"
    assert refused(state, {"action": "swap", "a": [1, 4], "b": [3, 3]}).code == "swap_hidden"
    assert refused(state, {"action": "swap", "a": [7, 3], "b": [1, 4]}).code == "swap_under_figure"
    assert refused(state, {"action": "swap", "a": [0, 0], "b": [1, 4]}).code == "not_a_cell"
    assert refused(state, {"action": "swap", "a": [1, 4]}).code == "bad_cell"
    once, _ = ENGINE.apply(state, {"action": "swap", "a": [1, 4], "b": [2, 2]})
    assert refused(once, {"action": "swap", "a": [1, 4], "b": [2, 2]}).code == "swap_twice"
    # The other player has no unreachable goal cell: no swap for him.
    other, _ = ENGINE.apply(state, next(a for a in ENGINE.legal_actions(state) if a["action"] == "move"))
    assert ENGINE.current_player(other) == 1
    assert refused(other, {"action": "swap", "a": [1, 4], "b": [2, 2]}).code == "swap_not_allowed"


def test_the_swap_is_offered_only_on_the_affected_players_turn():
    state = cut(TOP_CUT)
    assert ENGINE.summary(state)["unreachable"] == [[], [[7, 4]]]
    assert ENGINE.current_player(state) == 0 and not ENGINE.summary(state)["may_swap"]
    state, _ = ENGINE.apply(state, ENGINE.legal_actions(state)[0])
    assert ENGINE.current_player(state) == 1 and ENGINE.summary(state)["may_swap"]


# -- the hint ------------------------------------------------------------------------------------

def test_moves_home_on_the_empty_maze():
    state = put(new(2, {(1, 5): "baum", (6, 1): "krebs"}), [(1, 5), (7, 3), (7, 4), (7, 5)],
                [(6, 1), (0, 3), (0, 4), (0, 5)])
    hint = moves_home(state)
    assert hint[0] == 1  # the tree next to the goal row
    assert hint[1] == 1  # the crab on (6, 1) jumps to (7, 3), the top player's goal
    home = put(state, [(0, 2), (0, 3), (0, 4), (0, 5)], [(6, 1), (1, 1), (1, 2), (1, 3)])
    assert moves_home(home)[0] == 0


def test_moves_home_is_none_when_no_way_leads_home():
    state = cut()
    # Every bottom figure starts away from home; the unreachable cell is only one of four.
    assert moves_home(state)[0] is not None
    only = put(state, [(0, 2), (0, 3), (0, 5), (3, 1)], [(1, 1), (1, 2), (1, 3), (0, 4)])
    # Figures home on the three reachable cells: the last one can never arrive (even with
    # the top figure gone from (0, 4)).
    assert moves_home(only)[0] is None


# -- the figures for the closing note: MUTABOR_SHUFFLES=10000 pytest -s -k measure -------------

@pytest.mark.slow
def test_measure_unreachable_mazes_and_dealer_time():
    n = int(os.environ.get("MUTABOR_SHUFFLES", "300"))
    for players in (2, 3, 4):
        bad = sum(any(unreachable_cells(grid_of(shuffle(BOX.pile(), SplitMix64(seed)), BOX), side, False)
                      for side in SEAT_SIDES[players]) for seed in range(n))
        times, tries = [], []
        for seed in range(n, n + min(n, 1000)):
            unreachable_cells.cache_clear()
            start = time.perf_counter()
            tries.append(deal_tries(seed, BOX, players)[1])
            times.append(time.perf_counter() - start)
        print(f"\n{players} players: {bad} of {n} shuffles have an unreachable goal cell; dealer: "
              f"mean {1000 * statistics.mean(times):.2f} ms, worst {1000 * max(times):.2f} ms, "
              f"mean {statistics.mean(tries):.3f} shuffles, worst {max(tries)}")
        assert bad < n / 5


def test_the_answers_kept_about_mazes_stay_few_however_many_games_are_dealt() -> None:
    """A table deals a maze for every game and makes one with every swap: the answers kept
    about them (empty-maze moves, unreachable goal cells, distance home) are the last few
    mazes' only, not thousands of games' worth (about 40 MB)."""
    from companion.engine.rng import SplitMix64
    from companion.games.mutabor.box_files import load
    from companion.games.mutabor.rules import moves
    from companion.games.mutabor.rules.dealer import deal_tries, grid_of, shuffle
    from companion.games.mutabor.rules.geometry import GOAL, SEAT_SIDES

    box = load()
    rng = SplitMix64(5)
    for seed in range(60):  # the dealer's shuffles, then a position's hints on other mazes
        deal_tries(seed, box, 4)
        grid = grid_of(shuffle(box.pile(), rng), box)
        for side in SEAT_SIDES[4]:
            moves.distance_home(grid, side, False, frozenset(GOAL[side]))
    for question in (moves.empty_moves, moves.unreachable_cells, moves.distance_home):
        info = question.cache_info()
        assert info.maxsize == moves.KEPT <= 64, question.__name__
        assert info.currsize <= moves.KEPT, question.__name__
    # the maze on the table is among those kept: asked again, it is answered from memory
    hits = moves.distance_home.cache_info().hits
    moves.distance_home(grid, SEAT_SIDES[4][-1], False, frozenset(GOAL[SEAT_SIDES[4][-1]]))
    assert moves.distance_home.cache_info().hits == hits + 1
