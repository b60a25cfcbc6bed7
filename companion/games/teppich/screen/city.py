"""Building the city before the first move: the companion's suggestion shown piece by piece
so the table can set it up, or the table's own city tapped in and checked for a way through.

Either way the city goes into the record header (``scenery`` and ``clouds``) and the game
starts afresh with it, so a resumed or replayed game always has the city the table built.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.games.teppich.rules import City, Placement, generate
from companion.games.teppich.screen import draw
from companion.ui.i18n import Texts
from companion.ui.kit import Control

Cell = tuple[int, int]


def span(values: list[int]) -> str:
    """Columns or rows counted from 1 for the table: ``"7"`` or ``"7–8"``.

    >>> span([6, 7]), span([3])
    ('7–8', '4')
    """
    low, high = min(values) + 1, max(values) + 1
    return str(low) if low == high else f"{low}–{high}"


def game_header(header: dict[str, Any], seed: int, scenery: Any, clouds: Any) -> dict[str, Any]:
    """The header of the game a city starts: the city's, with its seed, scenery and clouds."""
    out = {k: v for k, v in header.items() if k not in ("rules_version", "box")}
    out.update(seed=seed, scenery=[list(c) for c in scenery], clouds=[list(c) for c in clouds])
    return out


def tree_cells(box: Any, header: Any, scenery: Any) -> tuple[Cell, ...]:
    """The scenery cells of palms and trees in a game's city: the city suggested for the
    header's seed, when the game's scenery is that city's (a city built by taps has houses
    only)."""
    seed = header.get("seed") if isinstance(header, dict) else None
    if not isinstance(seed, int) or isinstance(seed, bool):
        return ()
    return trees_of(generate(box, seed), scenery)


def trees_of(city: City, scenery: Any) -> tuple[Cell, ...]:
    """The cells of ``city``'s palms and trees, when ``scenery`` is that city's; else none."""
    if set(city.scenery) != set(scenery):
        return ()
    return tuple(c for p in city.placements if p.kind == "tree" for c in p.cells)


class CityPhase:
    """The city step of a Teppich table: ``generate`` (pieces one by one) or ``enter``."""

    def __init__(self, scene: Any) -> None:
        self.scene = scene
        self.box = scene.session.engine.box
        self.seed = int(scene.session.header.get("seed", 0))
        self.mode = "generate"
        self.city: City = generate(self.box, self.seed)
        self.shown = 0                          # the piece the table places now
        self.heights = [0] * self.box.width     # the table's own city: scenery per column
        self.clouds: set[Cell] = set()

    # -- what is on the board ------------------------------------------------------------------
    def placements(self) -> tuple[Placement, ...]:
        return self.city.placements

    def current(self) -> Placement | None:
        pieces = self.placements()
        return pieces[self.shown] if self.mode == "generate" and pieces else None

    def scenery_clouds(self) -> tuple[tuple[Cell, ...], tuple[Cell, ...]]:
        """The cells shown: the pieces placed so far (up to the current one), or the own city."""
        if self.mode == "enter":
            scenery = tuple((x, y) for x, h in enumerate(self.heights) for y in range(h))
            return scenery, tuple(sorted(self.clouds))
        placed = self.placements()[: self.shown + 1]
        scenery = tuple(c for p in placed if p.kind != "cloud" for c in p.cells)
        clouds = tuple(c for p in placed if p.kind == "cloud" for c in p.cells)
        return scenery, clouds

    def trees(self) -> tuple[Cell, ...]:
        """The cells of the palms and trees shown (drawn as plants, not houses)."""
        if self.mode == "enter":
            return ()
        return tuple(c for p in self.placements()[: self.shown + 1] if p.kind == "tree" for c in p.cells)

    def words(self) -> str:
        t: Texts = self.scene.t
        if self.mode == "enter":
            return t("teppich.ui.city_tap")
        piece = self.current()
        if piece is None:
            return t("teppich.ui.city_none")
        xs = [c[0] for c in piece.cells]
        ys = [c[1] for c in piece.cells]
        values = {"i": self.shown + 1, "n": len(self.placements()), "piece": t(f"teppich.ui.piece_{piece.piece}"),
                  "cols": span(xs), "rows": span(ys)}
        return t("teppich.ui.city_cloud" if piece.kind == "cloud" else "teppich.ui.city_piece", **values)

    def leads_to(self) -> dict[str, Any]:
        """The header of the game the suggested city starts (warmed while the table builds
        it: ``TableScene.leads_to``)."""
        return game_header(self.scene.session.header, self.seed, self.city.scenery, self.city.clouds)

    # -- what the table does -------------------------------------------------------------------
    def step(self, by: int) -> None:
        n = len(self.placements())
        if n:
            self.shown = max(0, min(n - 1, self.shown + by))

    def other_city(self) -> None:
        """The next seed's city (the header's seed moves with it, so the record matches)."""
        self.seed += 1
        self.city, self.shown, self.mode = generate(self.box, self.seed), 0, "generate"

    def own_city(self) -> None:
        self.mode = "enter"

    def suggest(self) -> None:
        self.mode, self.shown = "generate", 0

    def clear(self) -> None:
        self.heights = [0] * self.box.width
        self.clouds = set()

    def tap(self, cell: Cell) -> None:
        """Own city: a low cell sets its column's height (tap the top again to lower it by
        one); a sky cell lays or lifts a cloud."""
        if self.mode != "enter":
            return
        x, y = cell
        if y >= self.box.sky_from:
            self.clouds ^= {cell}
            return
        self.heights[x] = y if self.heights[x] == y + 1 else y + 1

    def start(self) -> None:
        """Start the game with the city in the header. The rules check the city as they set
        the game up (``start_state``), before anything is written: a city they refuse is
        refused in words and stays on screen (checked here first, it was checked twice, some
        2 M instructions in the press that starts the game)."""
        scenery, clouds = self.scenery_clouds() if self.mode == "enter" else (self.city.scenery, self.city.clouds)
        # the new game is a new row in the store: a card that filled up meanwhile says so in
        # words (attempt) and the city stays on screen
        self.scene.attempt(self.scene.start_with_city, self.seed, scenery, clouds)

    def controls(self, menu: Control) -> list[Control]:
        t = self.scene.t
        button: Callable[..., Control] = self.scene.button
        if self.mode == "generate":
            r = draw.button_row([1, 1, 2, 2, 2.4, 1.2])
            n = len(self.placements())
            return [button(r[0], "", lambda: self.step(-1), "city_back", icon="left", enabled=self.shown > 0),
                    button(r[1], "", lambda: self.step(1), "city_next", icon="right", enabled=self.shown < n - 1),
                    button(r[2], t("teppich.ui.city_other"), self.other_city, "city_other"),
                    button(r[3], t("teppich.ui.city_own"), self.own_city, "city_own"),
                    button(r[4], t("teppich.ui.city_go"), self.start, "city_go", selected=True),
                    menu.__class__(r[5], menu.label, menu.on_tap, key=menu.key, role="min", size=menu.size)]
        r = draw.button_row([2, 2, 2.6, 1.2])
        return [button(r[0], t("teppich.ui.city_clear"), self.clear, "city_clear"),
                button(r[1], t("teppich.ui.city_suggest"), self.suggest, "city_suggest"),
                button(r[2], t("teppich.ui.city_check"), self.start, "city_check", selected=True),
                menu.__class__(r[3], menu.label, menu.on_tap, key=menu.key, role="min", size=menu.size)]

    # -- the demo ------------------------------------------------------------------------------
    def demo_presses(self) -> list[str]:
        """Step through the pieces one by one, then start."""
        return ["right"] * (len(self.placements()) - 1 - self.shown) + ["ok"]
