"""The staff pages about data: the box files, the game history (export to a USB stick or a
QR code) and the health of the games file.
"""

from __future__ import annotations

import os
import sys
import time
from functools import partial
from typing import Any

import pygame

from companion.boxdata import BoxDataError
from companion.games import REGISTRY, resolve
from companion.session.record import dumps
from companion.session.store import HistoryRow, StoreError
from companion.ui import theme
from companion.ui.i18n import title
from companion.ui.kit import ELLIPSIS, min_size, row
from companion.ui.scene import Scene
from companion.ui.shell.when import day_time, minutes
from companion.ui.staff.base import BODY, StaffPage, lines, shut
from companion.ui.staff.qr import MIN_PX, encode, largest_version
from companion.ui.widgets import Button

#: the square the QR codes are drawn in (logical pixels) and the largest version that keeps
#: every module at least staff_qr.MIN_PX wide in it
QR_SIDE = 396
QR_VERSION = largest_version(QR_SIDE)


def check_boxes() -> list[tuple[str, BoxDataError | Exception | None]]:
    """Each registered game's box files, loaded through the registry: None when fine."""
    out: list[tuple[str, BoxDataError | Exception | None]] = []
    for name, spec in REGISTRY.items():
        if not spec.box:
            continue
        try:
            resolve(spec.box)()
        except Exception as exc:  # noqa: BLE001 - any failure of a box file is shown, not raised
            out.append((name, exc))
        else:
            out.append((name, None))
    return out


class BoxPage(StaffPage):
    """"Your box": every game's data files checked, with the file, the line and the reason."""

    title_key = "entry_box"

    def __init__(self, app: Any, back: Scene | None = None, page_no: int = 0) -> None:
        self.results = check_boxes()
        for game, problem in self.results:
            if problem is not None:  # the English sentence, for whoever reads the log
                print(f"box: {game}: {problem}", file=sys.stderr)
        self.page_no = page_no
        super().__init__(app, back)

    def reason(self, game: str, problem: BoxDataError) -> str:
        return box_reason(self.t, problem, game)

    def problems(self) -> list[tuple[str, BoxDataError | Exception]]:
        return [(g, p) for g, p in self.results if p is not None]

    def per_page(self) -> int:
        """Two broken games fit a page; more go one to a page, with the arrows."""
        return 2 if len(self.problems()) <= 2 else 1

    def entries(self) -> list[Button]:
        pages = max(1, -(-len(self.problems()) // self.per_page()))
        self.page_no = min(self.page_no, pages - 1)
        return self.pager(pygame.Rect(20, 404, 760, 68), pages)

    def draw_page(self, surf: pygame.Surface) -> None:
        y = BODY.y
        bad = self.problems()
        fine = [title(self.t, g) for g, p in self.results if p is None]
        if not bad:
            for name in fine:
                self.label(surf, self.st("box_fine", game=name), pygame.Rect(20, y, 760, 44), color=theme.GOOD)
                y += 48
            return
        if fine:  # the games without a fault on one line, the faults below
            self.label(surf, self.st("box_fine_list", games=", ".join(fine)), pygame.Rect(20, y, 760, 44), role="min",
                       color=theme.GOOD)
            y += 52
        per = self.per_page()
        for game, problem in bad[self.page_no * per:(self.page_no + 1) * per]:
            name = title(self.t, game)
            if isinstance(problem, BoxDataError):
                where = self.st("box_where_line", file=problem.file, line=problem.line) if problem.line \
                    else self.st("box_where", file=problem.file)
                reason = self.reason(game, problem)
            else:  # not a box file's fault as far as the loader knows: the log has the details
                where, reason = name, self.st("box_other")
            # the game, the file and its line: on two lines if need be, never cut short
            self.label(surf, self.st("box_bad", game=name, where=where), pygame.Rect(20, y, 760, 64), role="min",
                       color=theme.BAD, wrap=True, valign="top")
            self.label(surf, reason, pygame.Rect(40, y + 64, 740, 100), role="min", wrap=True, valign="top")
            y += 168
        if len(bad) > per:
            self.label(surf, f"{self.page_no + 1}/{-(-len(bad) // per)}", pygame.Rect(220, 404, 360, 68),
                       color=theme.INK_DIM, align="center")


def box_reason(t: Any, problem: BoxDataError, game: str) -> str:
    """Why a box file of ``game`` cannot be used, in the words of ``t``'s language: the reason's
    code from ``[box]`` in the game's own word file, or for a fault every file can have (empty,
    unreadable, bad TOML) from ``[box]`` in ``staff.<lang>.toml``, with its values, after the
    place in the file."""
    if problem.code:
        reason = t.first(f"{game}.box.{problem.code}", f"staff.box.{problem.code}", **problem.params)
    else:
        reason = t("staff.ui.box_other")
    return str(t("staff.ui.box_key", key=problem.key, reason=reason) if problem.key else reason)


def when(stamp: float) -> str:
    return time.strftime("%d.%m.%y %H:%M", time.localtime(stamp))


#: a history row's ``end`` for a game that is not over yet
OPEN = "open"


def open_rows(store: Any) -> list[HistoryRow]:
    """The unfinished games as history rows (``end`` is :data:`OPEN`), newest first."""
    out = []
    for r in store.unfinished():
        names = r.header.get("names")
        players = r.header.get("players")
        out.append(HistoryRow(r.id, r.started, r.game, players if isinstance(players, int) else 0, (),
                              tuple(str(n) for n in names) if isinstance(names, list) else (), r.actions, OPEN,
                              r.started))
    return out


class HistoryPage(StaffPage):
    """Every game kept: the unfinished ones first, then the ended ones, newest first, four to a
    page; a tap opens one."""

    title_key = "entry_history"
    ROWS = 4
    #: which games: the unfinished and the ended ones (the "unfinished games" page: only those)
    ENDED = True

    def __init__(self, app: Any, back: Scene | None = None, page_no: int = 0) -> None:
        self.page_no = page_no
        self.error: str | None = None
        self.rows: list[HistoryRow] = []
        store = getattr(app, "store", None)
        if store is not None:
            try:
                self.rows = open_rows(store) + (store.history(limit=100) if self.ENDED else [])
            except StoreError as exc:
                self.error = app.texts.refusal("store", exc)
        super().__init__(app, back)

    def player(self, row: HistoryRow, seat: int) -> str:
        return row.names[seat] if seat < len(row.names) and row.names[seat] else self.t("player_n", n=seat + 1)

    def line(self, row: HistoryRow) -> str:
        """The game, the players and how it ended (who won); when it began, how many minutes
        it took and how many steps, on a second line."""
        if row.end == "finished":
            end = self.st("won_by", names=", ".join(self.player(row, w) for w in row.winners)) if row.winners \
                else self.st("no_winner")
        else:
            end = self.st(f"end_{row.end}")
        steps = self.st("steps_one" if row.length == 1 else "steps", n=row.length)
        players = self.t("players_one" if row.players == 1 else "players_n", n=row.players)
        began = day_time(self.t, row.started, year=True)
        if row.end == OPEN:
            return self.st("history_line_open", game=title(self.t, row.game), players=players, end=end,
                           started=began, steps=steps)
        took = minutes(row.date - row.started)
        length = self.st("minutes_one" if took == 1 else "minutes", n=took)
        return self.st("history_line", game=title(self.t, row.game), players=players, end=end, started=began,
                       length=length, steps=steps)

    def entries(self) -> list[Button]:
        pages = max(1, -(-len(self.rows) // self.ROWS))
        self.page_no = min(self.page_no, pages - 1)
        shown = self.rows[self.page_no * self.ROWS:(self.page_no + 1) * self.ROWS]
        out = [self.button(pygame.Rect(20, 80 + i * 80, 760, 74), self.line(r),
                           partial(self.go, "staff", page="game", back=self.back, game_id=r.id), r.id)
               for i, r in enumerate(shown)]
        return out + self.pager(pygame.Rect(20, 402, 760, 70), pages)

    def draw_page(self, surf: pygame.Surface) -> None:
        if self.error or not self.rows:
            self.label(surf, self.error or self.st("no_history" if self.ENDED else "no_unfinished"), BODY,
                       role="min", wrap=True, valign="top")
        elif len(self.rows) > self.ROWS:
            pages = -(-len(self.rows) // self.ROWS)
            self.label(surf, f"{self.page_no + 1}/{pages}", pygame.Rect(220, 402, 360, 70), color=theme.INK_DIM,
                       align="center")


class UnfinishedPage(HistoryPage):
    """Only the games not over yet (each can be opened, then resumed or deleted)."""

    title_key = "entry_unfinished"
    ENDED = False


class GamePage(HistoryPage):
    """One game: who played, who won, when and how long; saved to a USB stick, shown as a QR
    code, deleted (asked twice), or, not over yet, played on."""

    title_key = "entry_game"

    def __init__(self, app: Any, back: Scene | None = None, game_id: int = 0) -> None:
        self.game_id = game_id
        #: what the last USB export did, in words, and its colour
        self.usb: tuple[str, tuple[int, int, int]] | None = None
        #: the export under way, if any (see staff_usb.Export)
        self.export: Any = None
        self.deleting = app.confirm()  # the first tap on "delete" only asks
        self.laid_sure = False
        super().__init__(app, back)
        self.row = next((r for r in self.rows if r.id == game_id), None)
        self.layout()

    def title(self) -> str:
        return self.st("game_title", game=self.game_id)

    def entries(self) -> list[Button]:
        row_ = getattr(self, "row", None)
        if row_ is None:
            return []
        self.laid_sure = self.deleting.armed()
        keys = [(self.st("to_usb"), self.to_usb, "usb"),
                (self.st("to_qr"), lambda: self.go("staff", page="qr", back=self.back, game_id=self.game_id), "qr")]
        if row_.end == OPEN:
            keys.append((self.st("play_on"), self.play_on, "play_on"))
        keys.append((self.st("delete_sure" if self.laid_sure else "delete"), self.delete, "delete"))
        # two rows of two: each key's words whole on it ("Wirklich löschen? Noch einmal drücken.")
        cells = [*row(pygame.Rect(20, 318, 760, 74), 2, 12, touch=True),
                 *row(pygame.Rect(20, 398, 760, 74), 2, 12, touch=True)][:len(keys)]
        return [self.button(cell, label, fn, key, color=theme.BAD_FILL if key == "delete" and self.laid_sure
                            else None) for cell, (label, fn, key) in zip(cells, keys, strict=True)]

    def wake_at(self) -> float | None:
        times = [t for t in (super().wake_at(), self.deleting.wake_at()) if t is not None]
        return min(times) if times else None

    def delete(self) -> None:
        """Asked twice: the game, its steps and its payments go for good."""
        session = getattr(self.back, "session", None)
        if session is not None and getattr(session, "game_id", None) == self.game_id:
            self.say(self.st("delete_playing"), bad=True)  # the table the menu was opened from plays it
            return
        if not self.deleting.press():
            self.layout()
            return
        store = self.app.store
        assert store is not None  # the history page lists games of the store
        try:
            store.delete_game(self.game_id)
        except StoreError as exc:
            self.say(self.t.refusal("store", exc), bad=True)
            return
        self.app.go("staff", page="history", back=self.back).say(self.st("deleted", game=self.game_id))

    def play_on(self) -> None:
        """An unfinished game: the staff screens shut, the game's resume screen opens."""
        store = self.app.store
        assert store is not None  # the history page lists games of the store
        rows = [r for r in store.waiting() if r.id == self.game_id] \
            or [r for r in store.unfinished() if r.id == self.game_id]
        if not rows:
            return
        shut(self.app)
        self.go("resume", row=rows[0])

    def on_back(self) -> None:
        self.go("staff", page="history", back=self.back)

    def record(self) -> str:
        assert self.app.store is not None  # the history page lists games of the store
        header, actions = self.app.store.load(self.game_id)
        return dumps(header, actions)

    def to_usb(self) -> None:
        """Find and mount a stick, write the record, sync, unmount (see staff_usb)."""
        from companion.ui.staff import usb as staff_usb

        try:
            text = self.record()
        except StoreError as exc:
            self.say(self.t.refusal("store", exc), bad=True)
            return
        if self.export is not None and self.export.busy:
            return  # one export at a time: a second tap while it works does nothing
        # on a thread of its own: mounting, writing and unmounting a stick take seconds (a
        # broken one far longer), and the screen keeps drawing and closing by itself meanwhile
        self.export = staff_usb.Export(f"companion-{self.game_id}.jsonl", text, done=self.app.wake)
        self.usb = (self.st("usb_busy"), theme.INK)
        self.dirty = True

    def update(self, now: float) -> bool:
        if self.laid_sure != self.deleting.armed():  # the delete question went away unanswered
            self.layout()
        export = self.export
        if export is not None and export.result is not None:
            self.export = None
            saved = export.result
            if saved.detail:  # the system's own words go to the log
                print(f"staff: usb export {saved.code}: {saved.detail}", file=sys.stderr)
            self.usb = (self.st(f"usb_{saved.code}", file=saved.file, label=saved.label or "USB"),
                        theme.GOOD if saved.code == "done" else theme.BAD)
            self.dirty = True
        return super().update(now)

    def draw_page(self, surf: pygame.Surface) -> None:
        r = self.row
        if r is None:
            self.label(surf, self.st("no_game_id", game=self.game_id), BODY, role="min", wrap=True)
            return
        names = ", ".join(self.player(r, i) for i in range(r.players))
        self.label(surf, self.line(r), pygame.Rect(20, 84, 760, 72), role="min", wrap=True, valign="top")
        self.label(surf, self.st("players_were", names=names), pygame.Rect(20, 160, 760, 72), role="min", wrap=True,
                   valign="top")  # the title names the game's number
        if self.usb is not None:
            self.label(surf, self.usb[0], pygame.Rect(20, 236, 760, 78), role="min", color=self.usb[1], wrap=True,
                       valign="top")


class QrPage(StaffPage):
    """A game's record as QR codes (compressed; a long game in numbered parts, shown one after
    another: see :mod:`companion.ui.staff.qr`)."""

    title_key = "entry_qr"

    def __init__(self, app: Any, back: Scene | None = None, game_id: int = 0, part: int = 0) -> None:
        self.game_id = game_id
        self.parts: list[str] = []
        self.part = part
        self.picture: pygame.Surface | None = None
        self.problem = ""
        try:
            header, actions = app.store.load(game_id)
            self.parts = encode(dumps(header, actions), version=QR_VERSION)
        except StoreError as exc:
            self.problem = app.texts.refusal("store", exc)
        super().__init__(app, back)
        self.show_part(min(part, max(0, len(self.parts) - 1)))

    def show_part(self, part: int) -> None:
        self.part = part
        if self.parts:
            self.picture = qr_picture(self.parts[part], QR_SIDE)
        self.layout()

    def entries(self) -> list[Button]:
        if len(getattr(self, "parts", [])) <= 1:
            return []
        prev, nxt = row(pygame.Rect(440, 396, 340, 76), 2, 12, touch=True)
        back = self.button(prev, "", lambda: self.show_part(self.part - 1), "prev", enabled=self.part > 0)
        ahead = self.button(nxt, "", lambda: self.show_part(self.part + 1), "next",
                            enabled=self.part < len(self.parts) - 1)
        back.icon, ahead.icon = "left", "right"
        return [back, ahead]

    def on_back(self) -> None:
        self.go("staff", page="game", back=self.back, game_id=self.game_id)

    def draw_page(self, surf: pygame.Surface) -> None:
        if self.picture is None:
            self.label(surf, self.problem, BODY, role="min", wrap=True, valign="top", color=theme.BAD)
            return
        surf.blit(self.picture, self.picture.get_rect(center=(20 + QR_SIDE // 2, 76 + QR_SIDE // 2)))
        many = len(self.parts) > 1
        if many:
            self.label(surf, self.st("qr_part", part=self.part + 1, parts=len(self.parts)),
                       pygame.Rect(440, 80, 340, 48), color=theme.GOLD)  # not bold: see StaffPage.draw
        self.label(surf, self.st("qr_note_parts" if many else "qr_note", game=self.game_id),
                   pygame.Rect(440, 136 if many else 84, 340, 252 if many else 300), role="min", wrap=True,
                   valign="top")


def qr_picture(text: str, side_px: int) -> pygame.Surface:
    """The QR code of ``text`` (one part from staff_qr.encode, alphanumeric, error level L)
    at the largest whole number of pixels per module that fits ``side_px``, black on white
    with its quiet zone."""
    import segno

    code = segno.make(text, mode="alphanumeric", error="l", micro=False, boost_error=False)
    modules = code.symbol_size(border=4)[0]
    scale = side_px // modules
    assert scale >= MIN_PX, (code.version, scale)
    picture = pygame.Surface((modules * scale, modules * scale))
    picture.fill((255, 255, 255))
    for y, line in enumerate(code.matrix):
        for x, dark in enumerate(line):
            if dark:
                picture.fill((0, 0, 0), ((x + 4) * scale, (y + 4) * scale, scale, scale))
    return picture


def tail(path: str, width: int) -> str:
    """``path``, or "…" and as much of its end as fits ``width`` px at the minimum size (the
    end names the file and its folder, the part worth reading)."""
    size = min_size()
    if theme.font(size).size(path)[0] <= width:
        return path
    for start in range(1, len(path)):
        if theme.font(size).size(ELLIPSIS + path[start:])[0] <= width:
            return ELLIPSIS + path[start:]
    return ELLIPSIS


class StorePage(StaffPage):
    """The games file: where, how big, how many games, what was found at start, and SQLite's
    own check."""

    title_key = "entry_store"

    def __init__(self, app: Any, back: Scene | None = None) -> None:
        self.facts: list[tuple[str, tuple[int, int, int]]] = []
        self.notices: list[str] = []
        super().__init__(app, back)
        self.facts = self.look()

    def look(self) -> list[tuple[str, tuple[int, int, int]]]:
        store = getattr(self.app, "store", None)
        if store is None:
            return [(self.st("no_store"), theme.BAD)]
        path = str(store.path)
        size = sum(os.path.getsize(path + s) for s in ("", "-wal") if os.path.exists(path + s))
        out = [(self.st("store_path", path=tail(path, 640)), theme.INK),
               (self.st("store_size", size=f"{size / 1024:.0f}"), theme.INK)]
        try:
            games, open_ = store.db.execute(
                "SELECT COUNT(*), SUM(finished IS NULL AND closed IS NULL) FROM games").fetchone()
            check = [r[0] for r in store.db.execute("PRAGMA quick_check").fetchall()]
        except Exception as exc:  # noqa: BLE001 - a damaged file is what this page is for
            return [*out, (self.st("store_check_bad", result=str(exc)), theme.BAD)]
        out.append((self.st("store_games", games=games, open=open_ or 0), theme.INK))
        ok = check == ["ok"]
        out.append((self.st("store_check_ok") if ok else self.st("store_check_bad", result="; ".join(check)[:200]),
                    theme.GOOD if ok else theme.BAD))
        notices = list(getattr(self.app, "store_notices", ()) or ())
        out.append((self.st("store_notices", count=len(notices)) if notices else self.st("store_no_notices"),
                    theme.BAD if notices else theme.GOOD))
        self.notices = [self.t.refusal("store", n) for n in notices]
        return out

    def draw_page(self, surf: pygame.Surface) -> None:
        lines(self, surf, self.facts, pygame.Rect(20, 84, 760, 388), 44)
        y = 84 + 44 * len(self.facts)
        for text in self.notices:  # a notice is a sentence or two: two lines each
            if y + 64 > 472:
                break
            self.label(surf, text, pygame.Rect(40, y, 740, 64), role="min", wrap=True, valign="top")
            y += 68
