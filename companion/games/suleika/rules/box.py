"""What is in the café's Suleika box: the values the rules file marks [assumed] or that a
box may differ in. Read from ``assets/suleika.toml`` by ``companion.games.suleika.box_files.load``
(which checks every value); the engine only reads it.

>>> box = Box(omar_start=(3, 3), omar_facing="N", die_faces=(1, 2, 2, 3, 3, 4),
...           carpets_in_box=(("red", 15), ("blue", 15), ("yellow", 15), ("green", 12)),
...           seat_colors=((2, (("red", "yellow"), ("blue", "green"))),
...                        (3, (("red",), ("blue",), ("yellow",))),
...                        (4, (("red",), ("blue",), ("yellow",), ("green",)))),
...           carpets_per_color=((2, 12), (3, 15), (4, 12)),
...           money=(("suleika", ((2, 60), (3, 40), (4, 30))),
...                  ("marrakech", ((2, 30), (3, 30), (4, 30)))),
...           final_tie="shared")
>>> box.seats(2), box.carpets_each(3), box.start_money("suleika", 3), box.in_box("green")
((('red', 'yellow'), ('blue', 'green')), 15, 40, 12)
"""

from __future__ import annotations

from dataclasses import dataclass

RULE_SETS: tuple[str, ...] = ("suleika", "marrakech")
FINAL_TIES: tuple[str, ...] = ("shared", "none")
PLAYER_COUNTS: tuple[int, ...] = (2, 3, 4)


@dataclass(frozen=True)
class Box:
    """The box data, as tuples of pairs so that it stays immutable and hashable."""

    #: Omar's start cell ``(row, col)`` and heading.
    omar_start: tuple[int, int]
    omar_facing: str
    #: The carpet die, one entry per face (repeats weigh more).
    die_faces: tuple[int, ...]
    #: (colour, how many carpets of it the box holds), in the box's colour order.
    carpets_in_box: tuple[tuple[str, int], ...]
    #: (player count, colours of each seat).
    seat_colors: tuple[tuple[int, tuple[tuple[str, ...], ...]], ...]
    #: (player count, carpets each player gets of each of his colours).
    carpets_per_color: tuple[tuple[int, int], ...]
    #: (rule set, ((player count, starting money), ...)).
    money: tuple[tuple[str, tuple[tuple[int, int], ...]], ...]
    #: What happens when the tie-break still ties: "shared" (all win) or "none" (nobody wins).
    final_tie: str

    def colours(self) -> tuple[str, ...]:
        return tuple(name for name, _ in self.carpets_in_box)

    def in_box(self, colour: str) -> int:
        """How many carpets of ``colour`` the box holds (0 for a colour it lacks)."""
        return dict(self.carpets_in_box).get(colour, 0)

    def seats(self, players: int) -> tuple[tuple[str, ...], ...]:
        return dict(self.seat_colors)[players]

    def carpets_each(self, players: int) -> int:
        return dict(self.carpets_per_color)[players]

    def start_money(self, rules: str, players: int) -> int:
        return dict(dict(self.money)[rules])[players]
