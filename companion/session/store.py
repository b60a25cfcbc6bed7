"""The SQLite store: every game, every action, every movement of money.

One transaction per action, in WAL mode with ``synchronous=FULL``, so an action the screen
has shown survives a power cut. Undo removes the action's row and keeps a copy in ``undone``
so that nothing a table did is ever lost. Every header and action row carries a checksum, and
every commit bumps a counter that is also written to a small file beside the database
(``<name>-last``): a lost or damaged ``-wal`` file leaves the database behind that file, and
:func:`companion.session.recovery.open_store` notices. Start the app through ``Store.open``;
``Store(path)`` opens without those checks (tools and tests).

>>> s = Store(":memory:")
>>> gid = s.new_game({"record": 2, "game": "suleika", "players": 2, "seed": 7})
>>> s.append(gid, 0, {"action": "roll", "value": 2}, [])
>>> s.load(gid)[1]
[{'action': 'roll', 'value': 2}]
"""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from companion import settings
from companion.paths import data_home
from companion.session import schema
from companion.session.notice import Notice, StoreError
from companion.session.witness import Witness, read_witness, witness_path

if TYPE_CHECKING:
    from companion.engine.base import Action, Event

__all__ = ["Store", "StoreError", "GameRow", "HistoryRow", "LedgerRow", "Loaded", "default_path", "read_witness",
           "witness_path"]

#: The games that ended: played to the end, or closed (left, abandoned, damaged).
ENDED = "(finished IS NOT NULL OR closed IS NOT NULL)"
#: Finished (or closed) games kept by default (the staff may choose another number, see
#: companion.settings); older ones are pruned, unfinished ones never.
KEEP_FINISHED = settings.KEEP_FINISHED
#: SQLite's page cache per open store, in KiB (see Store.__init__)
CACHE_KIB = 512


def default_path() -> Path:
    """Where the companion keeps its games: $COMPANION_DATA, else the XDG data directory."""
    return data_home() / "companion.sqlite3"


# Rows are named tuples, not data classes: the store is opened before the first frame, and
# a frozen data class costs about five times as much to define (its methods are compiled
# from source at import).
class GameRow(NamedTuple):
    id: int
    game: str
    header: dict[str, Any]
    started: float
    actions: int


class HistoryRow(NamedTuple):
    """One ended game for the staff menu; ``end`` is "finished", "left", "abandoned" or "damaged"."""

    id: int
    date: float
    game: str
    players: int
    winners: tuple[int, ...]
    names: tuple[str, ...]
    length: int
    end: str
    #: when the game began (``date`` is when it ended)
    started: float = 0.0


class LedgerRow(NamedTuple):
    seq: int
    payer: int | None
    payee: int | None
    amount: int
    code: str
    params: dict[str, Any]


class Loaded(NamedTuple):
    """A stored game as read back: the actions up to the first damaged row, and what was wrong."""

    header: dict[str, Any]
    actions: list[Action]
    notices: list[Notice]
    #: seq of the first action that could not be read, None if all were fine
    damaged_at: int | None = None


def _words(exc: sqlite3.Error) -> StoreError:
    text = str(exc).lower()
    if "full" in text:
        return StoreError("card_full", "The memory card is full, so this step was not saved. "
                          "Free some space and try again.")
    if "readonly" in text or "read-only" in text:
        return StoreError("read_only", "The memory card is write-protected, so this step was not saved.")
    if "malformed" in text or "not a database" in text or "corrupt" in text:
        return StoreError("damaged_store", "The games file on the memory card is damaged ({detail}).",
                          detail=str(exc))
    return StoreError("write_failed", "This step could not be saved ({detail}). The game is as it was.",
                      detail=str(exc))


class Store:
    """Games on disk. Every method either completes in one transaction or raises StoreError."""

    #: Set by :mod:`companion.floor` when the table is on the café's floor: turns what a
    #: transaction writes into outbox rows ``(topic, payload)``, written in that same transaction.
    floor: Callable[[sqlite3.Connection, str, int, dict[str, Any]], list[tuple[str, str]]] | None = None

    def _outbox(self, db: sqlite3.Connection, kind: str, game_id: int, data: dict[str, Any]) -> None:
        if self.floor is not None:
            db.executemany("INSERT INTO outbox (topic, payload, at) VALUES (?, ?, ?)",
                           [(t, p, time.time()) for t, p in self.floor(db, kind, game_id, data)])

    def __init__(self, path: str | Path | None = None, *, keep_finished: int = KEEP_FINISHED,
                 uri: str | None = None) -> None:
        path = default_path() if path is None else path
        self.path = path
        self.keep_finished = keep_finished
        self.commits = 0
        self._witness: Witness | None = None
        memory = str(path) == ":memory:" or uri is not None
        try:
            if not memory:
                Path(path).parent.mkdir(parents=True, exist_ok=True)
            # isolation_level=None: we open every transaction ourselves, one per action.
            self.db = sqlite3.connect(uri or str(path), isolation_level=None, check_same_thread=False,
                                      uri=uri is not None)
        except OSError as exc:
            raise StoreError("cannot_open", "The games file {file} cannot be opened ({detail}).",
                             file=str(path), detail=exc.strerror or str(exc)) from exc
        except sqlite3.Error as exc:
            raise _words(exc) from exc
        try:
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute("PRAGMA synchronous=FULL")
            # what is deleted (an undone step, a pruned game) is overwritten, so a salvage that
            # reads the pages themselves never brings it back
            self.db.execute("PRAGMA secure_delete=ON")
            # SQLite's own page cache (2 MB by default) fills as the file grows over a day and
            # stays resident; a step touches the game's last page and the index, and the system
            # keeps the file in its cache anyway: 512 KiB holds what is used
            self.db.execute(f"PRAGMA cache_size=-{CACHE_KIB}")
            found = schema.version(self.db)
            if found > schema.VERSION:
                raise StoreError("newer_store", "The games file {file} was written by a newer companion "
                                 "(store version {found}, this one knows {known}).",
                                 file=str(path), found=found, known=schema.VERSION)
            schema.migrate(self.db)
            self.commits = self._counter()
        except sqlite3.Error as exc:
            self.db.close()
            raise _words(exc) from exc
        except StoreError:
            self.db.close()
            raise
        if not memory:
            self._witness = Witness.open(path)
            if self._witness is not None and read_witness(path) is None:
                self._mark()

    @classmethod
    def open(cls, path: str | Path | None = None, *, keep_finished: int | None = None
             ) -> tuple[Store, list[Notice]]:
        """The store to start the app with, whatever state the card is in, and what was found.
        ``keep_finished`` None: the staff's limit from the settings beside the games.

        See :func:`companion.session.recovery.open_store`.
        """
        from companion.session.recovery import open_store
        return open_store(path, keep_finished=keep_finished)

    def close(self) -> None:
        witness, self._witness = self._witness, None
        if witness is not None:
            witness.close()
        self.db.close()

    # -- the commit counter and its copy beside the database ------------------------------
    def _counter(self) -> int:
        row = self.db.execute("SELECT value FROM meta WHERE key = 'commits'").fetchone()
        return int(row[0]) if row else 0

    def _mark(self) -> None:
        witness = getattr(self, "_witness", None)
        if witness is not None:
            witness.mark(self.commits)

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        """One write transaction that also bumps the commit counter; StoreError if it fails."""
        try:
            self.db.execute("BEGIN IMMEDIATE")
            try:
                yield self.db
                # (no RETURNING: Raspberry Pi OS 11 ships SQLite 3.34, which lacks it)
                self.db.execute("UPDATE meta SET value = value + 1 WHERE key = 'commits'")
                row = self.db.execute("SELECT value FROM meta WHERE key = 'commits'").fetchone()
                self.db.execute("COMMIT")
            except BaseException:
                # SQLite may already have rolled back (a full disk at COMMIT does that)
                if self.db.in_transaction:
                    self.db.execute("ROLLBACK")
                raise
        except sqlite3.Error as exc:
            raise _words(exc) from exc
        self.commits = int(row[0]) if row else getattr(self, "commits", 0) + 1
        self._mark()

    def _write(self, statements: Iterable[tuple[str, tuple[Any, ...]]]) -> None:
        with self._transaction() as db:
            for sql, args in statements:
                db.execute(sql, args)

    # -- writing ---------------------------------------------------------------------------
    def new_game(self, header: dict[str, Any], started: float | None = None) -> int:
        text = json.dumps(header)
        now = time.time() if started is None else started
        with self._transaction() as db:
            cur = db.execute("INSERT INTO games (game, header, started) VALUES (?, ?, ?)",
                             (str(header["game"]), text, now))
            gid = int(cur.lastrowid or 0)
            db.execute("UPDATE games SET header_sum = ? WHERE id = ?", (schema.header_sum(gid, text), gid))
            # the header's copy among the steps: a damaged page of the games table loses no game
            db.execute("INSERT INTO actions (game_id, seq, action, at, sum) VALUES (?, ?, ?, ?, ?)",
                       (gid, schema.HEADER_SEQ, text, now, schema.action_sum(gid, schema.HEADER_SEQ, text)))
            self._outbox(db, "start", gid, {"header": header})
        return gid

    def append(self, game_id: int, seq: int, action: Action, events: list[Event], over: bool = False,
               winners: list[int] | None = None) -> None:
        """Commit one action with its payments; ``over`` marks the game finished."""
        self.append_many(game_id, seq, [(action, events)], over=over, winners=winners)

    def append_many(self, game_id: int, first_seq: int, steps: list[tuple[Action, list[Event]]],
                    over: bool = False, winners: list[int] | None = None) -> None:
        """Commit several actions (seq ``first_seq`` on) and their payments in ONE transaction."""
        now = time.time()
        with self._transaction() as db:
            for offset, (action, events) in enumerate(steps):
                seq = first_seq + offset
                text = json.dumps(action)
                db.execute("INSERT INTO actions (game_id, seq, action, at, sum) VALUES (?, ?, ?, ?, ?)",
                           (game_id, seq, text, now, schema.action_sum(game_id, seq, text)))
                for ev in events:
                    if ev.kind == "pay" and ev.data.get("amount"):
                        d = ev.data
                        code = str(d.get("reason", ""))
                        db.execute(
                            "INSERT INTO ledger (game_id, seq, payer, payee, amount, reason, code, params) "
                            "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                            (game_id, seq, d.get("payer"), d.get("payee"), int(d["amount"]), code, code,
                             schema.dumps_params(d.get("params", {}))))
            db.execute("UPDATE games SET steps = ? WHERE id = ?", (first_seq + len(steps), game_id))
            if over:
                db.execute("UPDATE games SET finished = ?, result = ? WHERE id = ?",
                           (now, json.dumps({"winners": list(winners or [])}), game_id))
            self._outbox(db, "steps", game_id, {"first": first_seq, "steps": [a for a, _ in steps], "over": over,
                                                "winners": list(winners or [])})
        if over:
            self.prune()

    def pop(self, game_id: int, seq: int, why: str = "undo") -> None:
        """Take back action ``seq`` (the last one); a copy stays in ``undone``."""
        row = self._read("SELECT action FROM actions WHERE game_id = ? AND seq = ?", (game_id, seq))
        if not row or seq < 0:  # (the header's copy is no step)
            return
        self._write([
            ("INSERT INTO undone (game_id, seq, action, why, at) VALUES (?, ?, ?, ?, ?)",
             (game_id, seq, row[0][0], why, time.time())),
            ("DELETE FROM actions WHERE game_id = ? AND seq >= ?", (game_id, seq)),
            ("DELETE FROM ledger WHERE game_id = ? AND seq >= ?", (game_id, seq)),
            ("UPDATE games SET finished = NULL, result = NULL, steps = ? WHERE id = ?", (seq, game_id)),
        ])

    def set_aside(self, game_id: int, from_seq: int, why: str) -> None:
        """Move actions from ``from_seq`` on into ``undone`` (a record that no longer replays)."""
        rows = self._read("SELECT seq, action FROM actions WHERE game_id = ? AND seq >= ? ORDER BY seq",
                          (game_id, from_seq))
        now = time.time()
        self._write(
            [("INSERT INTO undone (game_id, seq, action, why, at) VALUES (?, ?, ?, ?, ?)",
              (game_id, seq, text, why, now)) for seq, text in rows]
            + [("DELETE FROM actions WHERE game_id = ? AND seq >= ?", (game_id, from_seq)),
               ("DELETE FROM ledger WHERE game_id = ? AND seq >= ?", (game_id, from_seq)),
               ("UPDATE games SET finished = NULL, result = NULL, steps = ? WHERE id = ?",
                (from_seq, game_id))])

    def close_game(self, game_id: int, reason: str = "left") -> None:
        """The table stopped this game unfinished (``"left"`` it or ``"abandoned"`` it on
        purpose; ``"damaged"`` when the card lost it): it is no longer offered for resuming."""
        with self._transaction() as db:
            db.execute("UPDATE games SET closed = ?, closed_reason = ? WHERE id = ?", (time.time(), reason, game_id))
            self._outbox(db, "closed", game_id, {"how": reason})
        self.prune()  # an ended game too: the oldest beyond the limit go

    def delete_game(self, game_id: int) -> None:
        """Delete one game, ended or not, with its steps, payments and set-aside steps (the
        staff menu's "delete this game")."""
        self._write([(f"DELETE FROM {t} WHERE game_id = ?", (game_id,)) for t in ("actions", "ledger", "undone")]
                    + [("DELETE FROM games WHERE id = ?", (game_id,))])

    def prune(self, keep: int | None = None) -> int:
        """Delete the games that ended longest ago beyond the ``keep`` that ended last;
        unfinished ones never. By when a game ended, not when it began: a long game that began
        first must not go the moment it ends. Returns how many went. A full card is no reason
        to fail: the next start tries again."""
        keep = self.keep_finished if keep is None else keep
        old = f"SELECT id FROM games WHERE {ENDED} ORDER BY COALESCE(finished, closed) DESC, id DESC LIMIT -1 OFFSET ?"
        try:
            ids = [r[0] for r in self._read(old, (keep,))]
            if ids:
                marks = ",".join("?" * len(ids))
                self._write([(f"DELETE FROM {t} WHERE game_id IN ({marks})", tuple(ids))
                             for t in ("actions", "ledger", "undone")]
                            + [(f"DELETE FROM games WHERE id IN ({marks})", tuple(ids))])
        except StoreError:
            return 0
        return len(ids)

    # -- reading ---------------------------------------------------------------------------
    def ended_count(self) -> int:
        """How many ended games the store holds now (what ``prune`` keeps to its limit)."""
        return int(self._read(f"SELECT COUNT(*) FROM games WHERE {ENDED}")[0][0])

    def _read(self, sql: str, args: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        try:
            return self.db.execute(sql, args).fetchall()
        except sqlite3.Error as exc:
            raise _words(exc) from exc

    def header(self, game_id: int) -> dict[str, Any]:
        """A game's header, checked against its checksum (else its copy among the steps is
        used); StoreError if missing or both are damaged."""
        rows = self._read("SELECT header, header_sum FROM games WHERE id = ?", (game_id,))
        if not rows:
            raise StoreError("no_game", "There is no game number {game}.", game=game_id)
        header = _header(game_id, *rows[0]) or self._header_copy(game_id)
        if header is None:
            raise StoreError("damaged_game", "Game {game} is damaged on the card and cannot be read.",
                             game=game_id)
        return header

    def _header_copy(self, game_id: int) -> dict[str, Any] | None:
        """The copy of a game's header kept as the first row of its steps, if it is sound."""
        rows = self._read("SELECT action, sum FROM actions WHERE game_id = ? AND seq = ?",
                          (game_id, schema.HEADER_SEQ))
        if not rows or rows[0][1] != schema.action_sum(game_id, schema.HEADER_SEQ, rows[0][0]):
            return None
        return _header(game_id, rows[0][0], None)

    def load_checked(self, game_id: int) -> Loaded:
        """A game with every row checked: the actions before the first damaged one, and a
        notice naming the game and the step (1-based) where it stopped."""
        header = self.header(game_id)
        rows = self._read("SELECT seq, action, sum FROM actions WHERE game_id = ? AND seq >= 0 ORDER BY seq",
                          (game_id,))
        actions: list[Action] = []
        for seq, text, check in rows:
            if seq != len(actions):
                break
            action = _json(text)
            if (check is not None and check != schema.action_sum(game_id, seq, text)) \
                    or not isinstance(action, dict) or not isinstance(action.get("action"), str):
                break
            actions.append(action)
        counted = self._read("SELECT steps FROM games WHERE id = ?", (game_id,))[0][0]
        total = max(len(rows), counted if isinstance(counted, int) else 0)  # rows lost with a page
        if len(actions) == total:
            return Loaded(header, actions, [])
        step = len(actions)
        notice = Notice("damaged_step", "Game {game}: step {step} is damaged on the card; it and the "
                        "{later} steps after it are set aside, the {kept} before it are kept.",
                        game=game_id, step=step + 1, later=total - step - 1, kept=step)
        return Loaded(header, actions, [notice], damaged_at=step)

    def load(self, game_id: int) -> tuple[dict[str, Any], list[Action]]:
        """Header and actions (those before any damaged row: see :meth:`load_checked`)."""
        loaded = self.load_checked(game_id)
        return loaded.header, loaded.actions

    def unfinished(self) -> list[GameRow]:
        """Games neither finished nor closed, newest first: the ones to offer for resuming.
        A game whose header is damaged is left out (``Store.open`` reports it)."""
        rows = self._read(
            "SELECT g.id, g.game, g.header, g.started, g.header_sum, "
            "(SELECT COUNT(*) FROM actions a WHERE a.game_id = g.id AND a.seq >= 0) "
            "FROM games g WHERE g.finished IS NULL AND g.closed IS NULL ORDER BY g.id DESC")
        out = []
        for gid, game, text, started, check, count in rows:
            header = _header(gid, text, check) or self._header_copy(gid)
            if header is not None:
                out.append(GameRow(gid, game, header, started, count))
        return out

    def waiting(self) -> list[GameRow]:
        """The unfinished games with at least one step, newest first: the ones the companion
        offers to go on with (a game with no steps has nothing to lose)."""
        return [row for row in self.unfinished() if row.actions > 0]

    def ledger(self, game_id: int) -> list[tuple[int, int | None, int | None, int, str]]:
        """(seq, payer, payee, amount, reason code) for every movement of money, in order."""
        return [(r.seq, r.payer, r.payee, r.amount, r.code) for r in self.ledger_rows(game_id)]

    def ledger_rows(self, game_id: int) -> list[LedgerRow]:
        """Every movement of money with its reason code and the parameters for its words."""
        rows = self._read("SELECT seq, payer, payee, amount, COALESCE(code, reason), params FROM ledger "
                          "WHERE game_id = ? ORDER BY id", (game_id,))
        out = []
        for seq, payer, payee, amount, code, params in rows:
            p = _json(params or "{}")
            out.append(LedgerRow(seq, payer, payee, amount, code, p if isinstance(p, dict) else {}))
        return out

    def history(self, limit: int = 50) -> list[HistoryRow]:
        """The newest ended games (finished, left, abandoned), newest first."""
        rows = self._read(
            "SELECT g.id, COALESCE(g.finished, g.closed, g.started), g.game, g.header, g.result, "
            "g.finished, g.closed_reason, (SELECT COUNT(*) FROM actions a WHERE a.game_id = g.id AND a.seq >= 0), "
            "g.started "
            f"FROM games g WHERE {ENDED} ORDER BY g.id DESC LIMIT ?",
            (limit,))
        out = []
        for gid, date, game, text, result, finished, reason, length, started in rows:
            header = _json(text)
            header = header if isinstance(header, dict) else {}
            won = _json(result or "{}")
            winners: list[Any] = won.get("winners") or [] if isinstance(won, dict) else []
            names: list[Any] = header["names"] if isinstance(header.get("names"), list) else []
            players: int = header["players"] if isinstance(header.get("players"), int) else 0
            out.append(HistoryRow(gid, date, game, players, tuple(w for w in winners if isinstance(w, int)),
                                  tuple(str(n) for n in names), length,
                                  "finished" if finished is not None else (reason or "left"), started or date))
        return out


def _header(game_id: int, text: Any, check: Any) -> dict[str, Any] | None:
    """A stored header if it fits its checksum (None: no checksum to check) and names a game."""
    if check is not None and (not isinstance(text, str) or check != schema.header_sum(game_id, text)):
        return None
    header = _json(text)
    return header if isinstance(header, dict) and isinstance(header.get("game"), str) else None


def _json(text: Any) -> Any:
    """Parsed JSON, or None for anything that is not (a damaged row)."""
    try:
        return json.loads(text)
    except (TypeError, ValueError, RecursionError):
        return None
