"""The Mutabor table: the dealt maze to lay out (or a hand-dealt one to enter), then the referee.

Three views. **Layout**: every card with its picture and dealing number, so the table lays
its cards to match (before the first move, and later from the "Karten" button); from here
the table may instead **enter** the maze it dealt by hand (pick a picture, tap its cells).
**Play**: tap a figure of the player to move, its legal targets light up, tap one to move;
when a capture leaves the captured figure's owner a choice of start cells, they light up
and he taps one. Buttons: LEFT / RIGHT step through the movable figures, then (after OK or
STRAIGHT) through the targets, OK moves; STRAIGHT goes back to the figures; ROLL opens the
card swap when a goal cell is unreachable; UNDO cancels a choice, else takes the move back.
The drawing of the side panel lives in ``mutabor_panel.py``.
"""

from __future__ import annotations

import random
from typing import Any

import pygame

from companion.engine.base import Event, IllegalAction
from companion.games.mutabor.rules import MutaborEngine, State
from companion.games.mutabor.rules.geometry import CENTRE, GOAL, VISIBLE, Cell
from companion.games.mutabor.rules.moves import figure_moves, moves_home, targets, unreachable_goals
from companion.games.mutabor.screen import board, panel
from companion.games.mutabor.screen.demo import demo_presses
from companion.games.mutabor.screen.entry import MazeEntry
from companion.inputs.events import InputEvent
from companion.session.session import Session
from companion.session.store import StoreError
from companion.ui import theme
from companion.ui.kit import Confirm, Layer
from companion.ui.table import TableScene


def _pair(cell: Cell) -> list[int]:
    return [cell[0], cell[1]]


def _step(items: list[Cell], current: Cell | None, by: int) -> Cell | None:
    """The next (or previous) item after ``current``; from nothing, the first (or last)."""
    if not items:
        return None
    if current not in items:
        return items[0] if by > 0 else items[-1]
    return items[(items.index(current) + by) % len(items)]


class MutaborScene(TableScene):
    """The maze, the figures and the referee's words beside them."""

    def __init__(self, app: Any, session: Session[Any], view: str | None = None) -> None:
        super().__init__(app, session)
        self.grid = board.make_grid()
        self.view = view or ("layout" if not session.actions and not session.over else "play")
        self.hint_on = True
        self.sel: Cell | None = None          # the chosen figure
        self.target: Cell | None = None       # the target under the button cursor
        self.mode = "figure"                  # the buttons choose a "figure" or a "target"
        self.pending: tuple[Cell, Cell, list[Cell]] | None = None  # a capture: from, to, start cells
        self.choice: Cell | None = None       # the start cell under the button cursor
        self.swapping = False
        self.swap_first: Cell | None = None
        self.swap_cursor: Cell | None = None
        self.drawing: Confirm = app.confirm()          # the draw was tapped once: "Sicher?"
        self._sure_shown = False
        self.entry: MazeEntry | None = None
        assert isinstance(session.engine, MutaborEngine)
        self.rules: MutaborEngine = session.engine
        box = self.rules.box
        self.numbers = {cell: k + 1 for k, cell in enumerate(box.dealing)}
        self.colours = [self.seat_colours(i)[0] for i in range(int(session.header["players"]))]
        self.cards = Layer(self.grid.area, self.paint_cards)
        #: the maze with its margins as it stands while a player chooses (the cards, the marks
        #: that stay, the figures), painted once per position and view, and the panel's side
        #: (its words and keys), painted once per thing it says: a press that only moves a
        #: choice blits both and draws the choice's marks over them
        self.still = Layer(pygame.Rect(0, 0, panel.SIDE.x, panel.SIDE.h), self.paint_still, screen_coords=True,
                           clear=False)
        self.words = Layer(panel.SIDE, self.paint_words, screen_coords=True, clear=False)
        self._laid_for: Any = None  #: what the keys were laid out for (see ``layout``)
        self.layout()

    # -- reading ------------------------------------------------------------------------------
    @property
    def state(self) -> State:
        st: State = self.session.state
        return st

    def seat(self) -> int | None:
        return self.session.engine.current_player(self.state)

    def movable(self) -> list[Cell]:
        seat = self.seat()
        if seat is None:
            return []
        return [c for c in self.state.figures[seat] if targets(self.state, c)]

    def lit(self) -> list[Cell]:
        if self.sel is None:
            return []
        sel = self.sel  # the chosen figure's targets, once per position and figure (asked every frame)
        return self.session.per_position(f"mutabor.targets.{sel}", lambda state: targets(state, sel))

    def may_swap(self) -> bool:
        return self.session.per_position("mutabor.may_swap", self.rules.may_swap)

    def free_cards(self) -> list[Cell]:
        occupied = self.state.occupancy()
        return sorted(c for c in VISIBLE if c not in occupied)

    def home_counts(self) -> list[int]:
        st = self.state
        return [sum(1 for c in cells if c in GOAL[st.sides[s]]) for s, cells in enumerate(st.figures)]

    def hints(self) -> list[int | None]:
        return self.session.per_position("mutabor.hints", moves_home)  # asked at every frame

    def last_capture(self) -> Event | None:
        return next((e for e in self.session.last_events if e.kind == "capture"), None)

    def last_swap(self) -> Event | None:
        return next((e for e in self.session.last_events if e.kind == "swap"), None)

    def unreachable(self) -> list[Cell]:
        """The goal cells of the player to move that no card leads to (a swap may mend it),
        worked out once per position."""
        seat = self.seat()
        return [] if seat is None else self.session.per_position("mutabor.unreachable", unreachable_goals)[seat]

    def last_move(self) -> Event | None:
        return next((e for e in self.session.last_events if e.kind == "move"), None)

    # -- commands -----------------------------------------------------------------------------
    def clear(self) -> None:
        self.sel = self.target = self.choice = self.pending = None
        self.swap_first = self.swap_cursor = None
        self.mode, self.swapping = "figure", False
        self.drawing.cancel()

    def act(self, action: dict[str, Any]) -> bool:
        events = self.attempt(self.session.act, action)
        if events is None:
            return False
        self.clear()
        return True

    def move(self, a: Cell, b: Cell) -> None:
        """Move, or first ask where the captured figure goes when its owner has a choice."""
        starts = [to for t, to in figure_moves(self.state, a) if t == b and to is not None]
        if len(starts) > 1:
            self.pending, self.choice = (a, b, sorted(starts)), None
            return
        self.act({"action": "move", "from": _pair(a), "to": _pair(b)})

    def capture_to(self, cell: Cell) -> None:
        assert self.pending is not None
        a, b, _starts = self.pending
        self.act({"action": "move", "from": _pair(a), "to": _pair(b), "capture_to": _pair(cell)})

    def select(self, cell: Cell) -> None:
        """Choose a figure of the player to move; say why when it cannot move."""
        if targets(self.state, cell):
            self.sel, self.target, self.mode = cell, None, "target"
            return
        self.sel = None
        if cell in GOAL[self.state.sides[self.seat() or 0]]:
            self.explain(cell, cell)
        else:
            self.say(self.t("mutabor.ui.stuck"), bad=True)

    def explain(self, a: Cell, b: Cell) -> None:
        """Why a move from ``a`` to ``b`` is not allowed, in the engine's words."""
        self.attempt(self.session.engine.apply, self.state, {"action": "move", "from": _pair(a), "to": _pair(b)})

    def undo(self) -> None:
        if self.pending or self.swapping or self.sel is not None or self.sure:
            self.clear()
            return
        last = self.attempt(self.session.undo)
        if last is not None:
            self.say(self.undone_words(last))

    def undone_words(self, action: dict[str, Any]) -> str:
        """What was taken back, said as the table saw it: whose move, from where to where (or
        whose card swap); the player to move now is the one who made it."""
        name = self.seat_name(self.seat() or 0)
        if action.get("action") == "move":
            (row, col), (to_row, to_col) = action["from"], action["to"]
            return str(self.t("mutabor.ui.undone_move", name=name, row=row + 1, col=col + 1,
                              to_row=to_row + 1, to_col=to_col + 1))
        if action.get("action") == "swap":
            return str(self.t("mutabor.ui.undone_swap", name=name))
        return str(self.t("undone"))

    def toggle_swap(self) -> None:
        if self.swapping:
            self.clear()
        elif self.may_swap():
            self.clear()
            self.swapping = True
        else:
            code = "swap_twice" if self.state.swapped else "swap_not_allowed"
            self.refuse(IllegalAction(code, "No swap now"))

    def swap_pick(self, cell: Cell) -> None:
        if self.swap_first is None:
            other = next((c for c in self.free_cards() if c != cell), cell)
            try:
                self.session.engine.apply(self.state, {"action": "swap", "a": _pair(cell), "b": _pair(other)})
            except IllegalAction as exc:
                self.refuse(exc)
                return
            self.swap_first = cell
        elif cell == self.swap_first:
            self.swap_first = None
        else:  # the side panel then says which two cards changed places, and they are framed
            self.act({"action": "swap", "a": _pair(self.swap_first), "b": _pair(cell)})

    @property
    def sure(self) -> bool:
        """True while the draw's "Sicher?" stands (it goes away by itself after a few seconds)."""
        return self.drawing.armed()

    def draw_agreed(self) -> None:
        if not self.sure:
            self.clear()
        if not self.drawing.press():
            if self.sure:
                self.say(self.t("mutabor.ui.draw_ask"))
            return
        self.act({"action": "draw"})

    def update(self, now: float) -> bool:
        shown = self.drawing.armed(now)
        if shown != self._sure_shown:  # "Sicher?" went away unanswered: the key says so at once
            self._sure_shown, self.dirty = shown, True
        return super().update(now)

    def wake_at(self) -> float | None:
        times = [t for t in (super().wake_at(), self.drawing.wake_at()) if t is not None]
        return min(times) if times else None

    def toggle_hint(self) -> None:
        self.hint_on = not self.hint_on

    def show_layout(self) -> None:
        self.clear()
        self.view = "layout"

    def play(self) -> None:
        self.view = "play"

    def start_entry(self) -> None:
        self.entry = MazeEntry(self.rules.box)
        self.view = "enter"

    def finish_entry(self) -> None:
        """A new game with the entered maze in its header (nothing has been moved yet)."""
        assert self.entry is not None
        if self.entry.missing():
            self.say(self.t("mutabor.ui.enter_missing", missing=self.entry.missing()), bad=True)
            return
        header = {**self.session.header, "maze": self.entry.maze()}
        session = self.attempt(Session.new, header, self.app.store)
        if session is None:
            return
        try:
            self.session.abandon("left")
        except StoreError:
            pass  # the unplayed deal stays in the store; it never had a move to resume
        self.go("table", session=session, view="play")

    def pick_kind(self, kind: str) -> None:
        assert self.entry is not None
        self.entry.kind = kind

    # -- input --------------------------------------------------------------------------------
    def on_input(self, ev: InputEvent) -> None:
        name = ev.name
        if self.view == "layout":
            if name in ("ok", "roll", "straight") or (name == "undo" and self.session.actions):
                self.play()
        elif self.view == "enter":
            self.entry_input(name)
        elif not self.session.over:
            self.play_input(name)
        self.dirty = True

    def entry_input(self, name: str) -> None:
        assert self.entry is not None
        e = self.entry
        if name in ("left", "right"):
            e.step(1 if name == "right" else -1)
        elif name == "straight":
            e.next_kind()
        elif name == "ok":
            e.put(e.at)
            e.step(1)
        elif name == "roll":
            self.finish_entry()
        elif name == "undo":
            self.view = "layout"

    def play_input(self, name: str) -> None:
        by = 1 if name == "right" else -1
        if name == "undo":
            self.undo()
        elif self.pending is not None:
            if name in ("left", "right"):
                self.choice = _step(self.pending[2], self.choice, by)
            elif name in ("ok", "roll") and self.choice is not None:
                self.capture_to(self.choice)
        elif self.swapping:
            if name in ("left", "right"):
                self.swap_cursor = _step(self.free_cards(), self.swap_cursor, by)
            elif name == "ok" and self.swap_cursor is not None:
                self.swap_pick(self.swap_cursor)
            elif name in ("roll", "straight"):
                self.clear()
        elif name == "roll" and self.may_swap():
            self.toggle_swap()
        elif self.mode == "figure" or self.sel is None:
            if name in ("left", "right"):
                self.sel = _step(self.movable(), self.sel, by)
            elif name in ("ok", "straight", "roll"):
                if self.sel is None:
                    self.say(self.t("mutabor.ui.pick_figure"), bad=True)
                else:
                    self.mode, self.target = "target", None
        elif name in ("left", "right"):
            self.target = _step(self.lit(), self.target, by)
        elif name == "straight":
            self.mode = "figure"
        elif name in ("ok", "roll"):
            if self.target is None:
                self.say(self.t("mutabor.ui.pick_target"), bad=True)
            else:
                self.move(self.sel, self.target)

    def on_free_tap(self, pos: tuple[int, int]) -> None:
        cell = self.grid.cell_at(pos)
        if self.view == "enter":
            if cell in CENTRE:
                self.say(self.t("mutabor.ui.centre_auto"))
            elif cell is not None and self.entry is not None:
                self.entry.put(cell)
                self.entry.cursor = self.entry.order.index(cell)
            return
        if self.view != "play" or self.session.over:
            return
        if cell is None:
            self.clear()
        elif self.pending is not None:
            if cell in self.pending[2]:
                self.capture_to(cell)
            else:
                self.say(self.t("mutabor.ui.capture_pick", name=self.seat_name(self.victim())), bad=True)
        elif self.swapping:
            self.swap_pick(cell)
        else:
            self.tap_play(cell)

    def tap_play(self, cell: Cell) -> None:
        seat = self.seat()
        owner = self.state.occupancy().get(cell)
        if self.sel is not None and cell in self.lit():
            self.move(self.sel, cell)
        elif owner is not None and owner == seat:
            self.select(cell)
        elif self.sel is not None:
            self.explain(self.sel, cell)
        elif owner is not None:
            self.explain(cell, cell)
        elif cell in CENTRE:
            self.say(self.t.refusal(self.game, IllegalAction("enters_centre", "")))
        else:
            kind = self.state.card(cell)
            self.say(self.t("mutabor.ui.card_info", card=self.t(f"mutabor.ui.card_{kind}"),
                            move=self.t(f"mutabor.ui.move_{kind}")))

    def victim(self) -> int:
        """Whose figure the pending capture takes."""
        assert self.pending is not None
        return self.state.occupancy()[self.pending[1]]

    # -- drawing ------------------------------------------------------------------------------
    def layout(self) -> None:
        """The keys of the view shown now, laid out again only when something they show
        changed (the app asks before and after every frame, and the frame itself)."""
        key = self.keys_shown()
        if key is None or key != self._laid_for:
            self.buttons = panel.buttons(self)
            self._laid_for = key

    def keys_shown(self) -> Any:
        """Everything the keys of the layout and play views show; None in the maze entry,
        whose keys follow the entry itself."""
        if self.view == "enter":
            return None
        return (self.view, getattr(self.t, "lang", None), self.session.state, len(self.session.actions),
                self.session.can_undo(), self.hint_on, self.swapping, self.sel is not None, self.sure,
                self.may_swap())

    def tappables(self) -> list[Any]:
        self.layout()  # the controls of the view shown now, whatever changed it
        return list(self.buttons)

    def paint_cards(self, surf: pygame.Surface) -> None:
        """The cards' layer: the maze with its margins, in the layer's own coordinates."""
        surf.fill(theme.BG)
        self.paint_maze(surf, (-self.grid.area.x, -self.grid.area.y))

    def paint_maze(self, surf: pygame.Surface, offset: Cell) -> None:
        """The cards of the view shown (the deal or the cards entered so far) and the sides'
        marks, moved by ``offset``."""
        st = self.state
        if self.view == "enter" and self.entry is not None:
            board.paint_maze(surf, self.grid, self.entry.cells, offset=offset)
        else:
            board.paint_maze(surf, self.grid, st.grid, offset=offset,
                             numbers=self.numbers if self.view == "layout" else None)
        board.paint_sides(surf, self.grid, st.sides, self.colours, closed=self.closed_sides(), offset=offset,
                          seats=self.view == "layout")

    def closed_sides(self) -> tuple[str, ...]:
        """The side borders nobody may enter: both of them in a 2-player game with closed sides."""
        st = self.state
        return () if st.open_sides or st.players != 2 else ("left", "right")

    def cards_key(self) -> Any:
        entered = tuple(sorted(self.entry.cells.items())) if self.view == "enter" and self.entry else ()
        return (self.state.grid, self.view, entered)

    def draw(self, surf: pygame.Surface) -> None:
        """The still picture and the panel (each painted again only when what it shows
        changed), then the marks of the choice being made over them; the maze entry, whose
        every tap changes the maze, is drawn whole."""
        self.layout()
        if self.view == "enter":
            self.draw_entry(surf)
            return
        self.still.draw(surf, key=self.still_key())
        self.words.draw(surf, key=self.words_key())
        if self.view == "play":
            panel.draw_choice_marks(self, surf)
            sel = self.sel
            owner = None if sel is None else self.state.occupancy().get(sel)
            if sel is not None and owner is not None and self.pending is None:  # lit, over its ring
                board.draw_figure_at(surf, self.grid, sel, self.colours[owner], lit=True)

    def paint_still(self, surf: pygame.Surface) -> None:
        """The maze and its margins: the cards, and in play the marks that stay while a
        player chooses and the figures (in a capture's choice or the card swap, every mark)."""
        surf.fill(theme.BG, self.still.rect)
        if self.view != "play":  # the deal: shown once, painted straight onto this picture
            self.paint_layout(surf)
            return
        self.cards.draw(surf, key=self.cards_key())
        panel.draw_still_marks(self, surf)
        lit = self.sel if self.pending is not None else None  # else lit over the choice's marks
        board.draw_figures(surf, self.grid, self.state.figures, self.colours, lit=lit)

    def paint_layout(self, surf: pygame.Surface) -> None:
        """The deal with its dealing numbers, as the cards' layer shows it, but painted where
        the still picture shows it: the layout view is a new table's first frame, and the
        cards' layer is for the positions of play (a new one is a canvas of its own cleared,
        and then blitted; both cost more than the cards themselves)."""
        clip = surf.get_clip()
        surf.set_clip(self.grid.area)  # as on the layer, nothing reaches beyond the maze's area
        self.paint_maze(surf, (0, 0))
        surf.set_clip(clip)

    def still_key(self) -> Any:
        """Everything the still picture shows: the cards, the position and its last move,
        capture and swap; in a capture's choice or the card swap, that choice as well."""
        if self.view != "play":
            return (self.cards_key(),)
        moved, took, swap = self.last_move(), self.last_capture(), self.last_swap()
        recent = (None if moved is None else (tuple(moved.data["from"]), tuple(moved.data["to"])),
                  None if took is None else tuple(took.data["to"]),
                  None if swap is None else (tuple(swap.data["a"]), tuple(swap.data["b"])))
        choosing = (self.pending, self.choice, self.sel) if self.pending is not None else None
        swapping = (self.swap_first, self.swap_cursor) if self.swapping else None
        return (self.cards_key(), self.state, recent, choosing, swapping)

    def paint_words(self, surf: pygame.Surface) -> None:
        surf.fill(theme.BG, self.words.rect)
        panel.draw(self, surf)

    def words_key(self) -> Any:
        """Everything the panel shows: the view's words (whose turn, what the referee says or
        the message shown, the fewest moves home) and how each key looks."""
        looks = tuple(b.look() for b in self.buttons)
        lang = getattr(self.t, "lang", None)
        if self.view == "layout":
            return ("layout", lang, bool(self.session.actions), looks)
        banner = (self.banner.text, self.banner.bad) if self.banner.active(self.app.now()) else None
        said = None if banner is not None else panel.info(self)
        hints = self.hints() if self.hint_on else None
        return ("play", lang, self.seat(), self.state.over, banner, said, bool(self.pending or self.swapping),
                hints, looks)

    def draw_entry(self, surf: pygame.Surface) -> None:
        """The maze entry: the cards entered so far, the cursor, the palette."""
        area = self.grid.area  # the cards' layer covers it whole: the rest of the screen is cleared
        for strip in (pygame.Rect(0, 0, surf.get_width(), area.y), pygame.Rect(0, area.y, area.x, area.h),
                      pygame.Rect(area.right, area.y, surf.get_width() - area.right, area.h),
                      pygame.Rect(0, area.bottom, surf.get_width(), surf.get_height() - area.bottom)):
            if strip.w > 0 and strip.h > 0:
                surf.fill(theme.BG, strip)
        self.cards.draw(surf, key=self.cards_key())
        if self.entry is not None:
            board.ring(surf, self.grid, self.entry.at, theme.INK, 5, strong=True)
        panel.draw(self, surf)

    # -- what the app, the demo and the end screen ask ------------------------------------------
    def turns_played(self) -> int:
        return self.state.moves

    def demo_presses(self, rng: random.Random) -> list[str]:
        return demo_presses(self, rng)

    def end_rows(self) -> list[tuple[str, list[Any]]]:
        return [(self.t("mutabor.ui.home"), list(self.home_counts()))]

    def end_picture_rect(self) -> pygame.Rect | None:
        """The final maze, right of the names (a row per player with four, so no name runs
        into the next); after a draw, taller, with why nobody won above the maze."""
        if self.state.draw:
            return pygame.Rect(476, 96, 310, 296)
        return {2: pygame.Rect(520, 122, 264, 264)}.get(self.state.players, pygame.Rect(536, 122, 250, 250))

    def end_reason(self) -> str | None:
        """Why the game ended without a winner, in the reason's words ("Niemand kann mehr
        ziehen: unentschieden"); None when somebody won."""
        if not self.state.draw:
            return None
        for events in reversed(self.session.events):
            for event in events:
                if event.kind == "over":
                    return str(self.t.reason("mutabor", event.data["reason"]))
        return str(self.t("mutabor.ui.is_draw"))

    def draw_end_picture(self, surf: pygame.Surface, rect: pygame.Rect) -> None:
        why = self.end_reason()
        if why is not None:
            said = pygame.Rect(rect.x, rect.y, rect.w, 70)
            self.label(surf, why, said, role="min", wrap=True, color=theme.GOLD)
            side = min(rect.w, rect.bottom - said.bottom - 4)
            rect = pygame.Rect(rect.centerx - side // 2, said.bottom + 4, side, side)
        grid = board.make_grid(rect)
        st = self.state
        board.paint_maze(surf, grid, st.grid)
        board.paint_sides(surf, grid, st.sides, self.colours, closed=self.closed_sides())
        board.draw_figures(surf, grid, st.figures, self.colours)
