"""The city: the seeded generator, a table's own city, and the record header."""

from __future__ import annotations

import pytest
from teppich_helpers import BOX, ENGINE, column

from companion.engine.base import IllegalAction
from companion.engine.rng import SplitMix64
from companion.games.teppich.rules import check_city, generate
from companion.games.teppich.rules.board import has_way
from companion.games.teppich.rules.city import reserved


def header(**extra):
    return {"record": 2, "game": "teppich", "players": 4, "seed": 3, **extra}


def refused_header(h: dict) -> str:
    with pytest.raises(IllegalAction) as info:
        ENGINE.new_game(h)
    return info.value.code


def test_splitmix64_gives_the_published_sequence():
    r = SplitMix64(0)
    assert [r.next64() for _ in range(3)] == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F]
    assert SplitMix64(7).shuffled(range(10)) == SplitMix64(7).shuffled(range(10))


def test_the_generator_is_the_same_for_a_seed_on_every_machine():
    city = generate(BOX, 3)
    # pinned: a change of the generator or the box would change every seeded record's city
    assert [(p.piece, p.corner) for p in city.placements] == [
        ("tree", (20, 0)), ("elephant_house", (14, 0)), ("minaret", (17, 0)), ("palace", (4, 0)),
        ("hut", (2, 0)), ("house", (8, 0)), ("palm", (19, 0)), ("tower", (21, 0)),
        ("small_cloud", (1, 6))]
    assert generate(BOX, 3) == city and generate(BOX, 4) != city
    state = ENGINE.new_game(header())
    assert state.scenery == city.scenery and state.clouds == city.clouds


@pytest.mark.parametrize("seed", range(40))
def test_generated_cities_follow_the_rules(seed):
    count = seed % (len(BOX.pieces) + 1)
    city = generate(BOX, seed, count)
    check_city(BOX, city.scenery, city.clouds)      # raises if not
    assert has_way(BOX, frozenset(city.scenery) | frozenset(city.clouds))
    assert len(city.placements) <= count
    cells = [c for p in city.placements for c in p.cells]
    assert len(cells) == len(set(cells)) == len(city.scenery) + len(city.clouds)
    for placement in city.placements:
        piece = BOX.piece(placement.piece)
        assert placement.kind == piece.kind
        assert placement.cells == tuple((placement.corner[0] + dx, placement.corner[1] + dy)
                                        for dx, dy in piece.shape())
        if not piece.is_cloud:
            assert placement.corner[1] == 0
    assert not set(reserved(BOX)) & set(cells)


def test_the_generator_uses_the_box_count_by_default():
    assert all(len(generate(BOX, s).placements) == BOX.city_pieces for s in range(10))
    assert generate(BOX, 1, 0).placements == ()


def test_a_table_city_is_taken_as_entered():
    scenery = column(5, 3) + column(6, 2)
    state = ENGINE.new_game(header(scenery=scenery, clouds=[[9, 9], [10, 9]], special_die=False))
    assert state.scenery == ((5, 0), (5, 1), (5, 2), (6, 0), (6, 1)) and state.clouds == ((9, 9), (10, 9))
    assert state.special_die is False and state.stars == BOX.stars
    assert ENGINE.new_game(header(scenery=[], clouds=[], stars=[[3, 3]])).stars == ((3, 3),)


@pytest.mark.parametrize("extra,code", [
    ({"scenery": [[5, 0]]}, "city_half"),
    ({"scenery": [[5, 0], [5, 0]], "clouds": []}, "cell_twice"),
    ({"scenery": [[5, 0]], "clouds": [[5, 0]]}, "cell_twice"),
    ({"scenery": [[24, 0]], "clouds": []}, "cell_off_board"),
    ({"scenery": [], "clouds": [[3, 12]]}, "cell_off_board"),
    ({"scenery": [[5, 1]], "clouds": []}, "scenery_floating"),
    ({"scenery": column(5, 7), "clouds": []}, "scenery_in_sky"),
    ({"scenery": [], "clouds": [[5, 5]]}, "cloud_below_sky"),
    ({"scenery": [[1, 0]], "clouds": []}, "podium_blocked"),
    ({"scenery": [[22, 0]], "clouds": []}, "podium_blocked"),
    ({"scenery": column(12, 6), "clouds": [[12, y] for y in range(6, 12)]}, "no_way_through"),
    ({"scenery": "houses", "clouds": []}, "bad_cells"),
    ({"scenery": [[1, 2, 3]], "clouds": []}, "bad_cells"),
    ({"stars": [[30, 1]]}, "cell_off_board"),
    ({"players": 2}, "bad_players"),
    ({"players": 7}, "bad_players"),
    ({"seed": "x"}, "bad_seed"),
    ({"game": "suleika"}, "wrong_game"),
    ({"special_die": "yes"}, "bad_option"),
    ({"names": ["A", "B"]}, "names_count"),
    ({"colors": ["red"] * 3}, "colors_count"),
    ({"colors": ["red"] * 4}, "colour_twice"),
    ({"colors": [["nope"], 5, None, {}]}, "colors_entry"),
    ({"colors": [["nope"], "red", "blue", "green"]}, "unknown_colour"),
])
def test_bad_headers_and_cities(extra, code):
    assert refused_header(header(**extra)) == code


def test_a_header_that_is_not_an_object():
    with pytest.raises(IllegalAction) as info:
        ENGINE.new_game(["teppich"])  # type: ignore[arg-type]
    assert info.value.code == "header_not_object"


def test_names_and_colours_from_the_header():
    state = ENGINE.new_game(header(players=3, names=["Ann", "Bo", "Cy"], colors=["green", "red", "blue"]))
    assert state.names == ("Ann", "Bo", "Cy") and state.colors == ("green", "red", "blue")
    assert ENGINE.new_game(header(players=6)).names[5] == "Orange"
