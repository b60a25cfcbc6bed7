"""Reading every game that can still be read out of a damaged games file.

SQLite stops a table scan at the first damaged page. :func:`scan` walks a table in key order
in small batches and, where a batch fails, reads up to the damage one row at a time and then
seeks past it with growing jumps, so every intact page is reached. The actions are read twice:
from the table (the steps themselves) and from its primary-key index (which steps existed), so
a step whose page was lost is noticed even when it was the last one of its game.

Where that leaves something unread, SQLite's own ``.recover`` and then a reader of the pages
themselves (:mod:`companion.session.pages`) fill the gaps; a game whose row in the games table
is lost is rebuilt from the copy of its header kept as the first row of its steps.

Every game is copied up to its first missing or damaged step (checksums are checked); the
steps after it go to the new store's ``undone`` table as they were read, with the old
``undone`` rows, so nothing that could be read is dropped.
"""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from companion.session import schema
from companion.session.notice import Notice, StoreError
from companion.session.store import Store

#: Below every key the store uses (ids and step numbers start at 0 or 1).
LOW = -(1 << 62)
#: Above every key the store uses; SQLite's integers end at 2**63 - 1.
HIGH = 1 << 61
#: Give up on a table after this many failed reads in all.
MAX_FAILURES = 400
BATCH = 64
#: More rows than a card of games can hold: a damaged page is being read in a circle.
MAX_ROWS = 5_000_000


def connect_readonly(path: Path) -> sqlite3.Connection:
    """Open a database for reading only, even on a write-protected card."""
    for query in ("mode=ro", "immutable=1"):
        try:
            db = sqlite3.connect(f"file:{path}?{query}", uri=True, isolation_level=None)
            # a damaged page can make SQLite refuse the whole schema; read it as plain rows
            db.execute("PRAGMA writable_schema = ON")
            db.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()
            return db
        except sqlite3.Error:
            continue
    raise sqlite3.DatabaseError("cannot be opened at all")


def columns(db: sqlite3.Connection, table: str) -> set[str]:
    try:
        return {row[1] for row in db.execute(f"PRAGMA table_info({table})")}
    except sqlite3.Error:
        return set()


def _past(after: tuple[int, ...], streak: int) -> tuple[int, ...]:
    """A key beyond ``after``, further the longer the damage lasts."""
    if len(after) == 1 or streak <= 24:
        return (*after[:-1], max(after[-1], 0) + (1 << min(streak, 61)))
    return (max(after[0], 0) + (1 << min(streak - 24, 61)),) + (LOW,) * (len(after) - 1)


def scan(db: sqlite3.Connection, table: str, key: Sequence[str], cols: str, index: str | None = None
         ) -> tuple[list[tuple[Any, ...]], bool]:
    """Every readable row as (key..., cols...) in key order, and whether nothing was in the way."""
    names = ", ".join(key)
    where = f"({names}) > ({', '.join('?' * len(key))})" if len(key) > 1 else f"{key[0]} > ?"
    sql = (f"SELECT {names}, {cols} FROM {table}" + (f" INDEXED BY {index}" if index else "")
           + f" WHERE {where} ORDER BY {names} LIMIT ?")
    rows: list[tuple[Any, ...]] = []
    after: tuple[int, ...] = (LOW,) * len(key)
    complete, limit, streak, failures = True, BATCH, 0, 0
    while failures < MAX_FAILURES:
        try:
            got = db.execute(sql, (*after, limit)).fetchall()
        except sqlite3.Error:
            complete = False
            failures += 1
            if limit > 1:
                limit = 1  # read up to the damage row by row
            else:
                streak += 1
                after = _past(after, streak)
                if max(after) > HIGH:  # jumped past every key there can be
                    return rows, False
            continue
        if not got:
            return rows, complete
        last = tuple(v if isinstance(v, int) else LOW for v in got[-1][: len(key)])
        if last <= after or len(rows) > MAX_ROWS:  # a damaged page that sorts wrong: never loop
            complete, failures, streak = False, failures + 1, streak + 1
            after = _past(after, streak)
            if max(after) > HIGH:
                return rows, False
            continue
        rows.extend(got)
        after, limit, streak = last, BATCH, 0
    return rows, False


def _good_prefix(gid: int, steps: dict[int, tuple[Any, Any]]) -> list[str]:
    good: list[str] = []
    while len(good) in steps:
        text, check = steps[len(good)]
        if not isinstance(text, str) or (check is not None and check != schema.action_sum(gid, len(good), text)):
            break
        try:
            action = json.loads(text)
        except ValueError:
            break
        if not isinstance(action, dict) or not isinstance(action.get("action"), str):
            break
        good.append(text)
    return good


class Found:
    """What one way of reading found in a damaged file, by game."""

    def __init__(self) -> None:
        #: game id -> (game, header, started, finished, closed, header_sum, closed_reason, result, steps)
        self.games: dict[int, tuple[Any, ...]] = {}
        #: game id -> {seq: (action text, checksum)}; seq -1 is the header's copy
        self.steps: dict[int, dict[int, tuple[Any, Any]]] = {}
        #: game id -> how many steps it had (from the steps and from their index)
        self.known: dict[int, int] = {}
        self.ledgers: dict[int, list[tuple[Any, ...]]] = {}
        self.undones: dict[int, list[tuple[Any, ...]]] = {}

    def add_step(self, gid: Any, seq: Any, text: Any, check: Any) -> None:
        if isinstance(gid, int) and isinstance(seq, int) and gid > 0:
            self.steps.setdefault(gid, {})[seq] = (text, check)
            self.know(gid, seq)

    def know(self, gid: Any, seq: Any) -> None:
        if isinstance(gid, int) and isinstance(seq, int) and gid > 0 and seq >= 0:
            self.known[gid] = max(self.known.get(gid, 0), seq + 1)

    def fill_from(self, other: Found) -> None:
        """Add what ``other`` read and this did not (or read damaged): this one is trusted more."""
        for gid, row in other.games.items():
            if gid not in self.games or _header_of(gid, self.games[gid]) is None:
                self.games[gid] = row
        for gid, steps in other.steps.items():
            mine = self.steps.setdefault(gid, {})
            for seq, (text, check) in steps.items():
                if seq not in mine or not _sound(gid, seq, *mine[seq]):
                    mine[seq] = (text, check)
        for gid, n in other.known.items():
            self.known[gid] = max(self.known.get(gid, 0), n)
        for table, theirs in ((self.ledgers, other.ledgers), (self.undones, other.undones)):
            for gid, rows in theirs.items():
                if not table.get(gid):
                    table[gid] = rows

    def whole(self) -> bool:
        """Every game with its header and every step it had, each fitting its checksum."""
        for gid in set(self.games) | set(self.known):
            if gid not in self.games or _header_of(gid, self.games[gid]) is None:
                return False
            if len(_good_prefix(gid, self.steps.get(gid, {}))) < self._count(gid):
                return False
        return True

    def _count(self, gid: int) -> int:
        counted = self.games[gid][8] if gid in self.games else None
        return max(self.known.get(gid, 0), counted if isinstance(counted, int) else 0)


def _sound(gid: int, seq: int, text: Any, check: Any) -> bool:
    return isinstance(text, str) and (check is None or check == schema.action_sum(gid, seq, text))


def _header_of(gid: int, row: tuple[Any, ...]) -> dict[str, Any] | None:
    """A games row's header if it is sound."""
    text, hsum = row[1], row[5]
    if not isinstance(text, str) or (hsum is not None and hsum != schema.header_sum(gid, text)):
        return None
    try:
        header = json.loads(text)
    except ValueError:
        return None
    return header if isinstance(header, dict) and isinstance(header.get("game"), str) else None


def read_tables(db: sqlite3.Connection) -> Found:
    """Every row SQLite can still reach through its tables and the steps' index."""
    found = Found()
    have = columns(db, "games")
    wanted = ["game", "header", "started", "finished", "closed", "header_sum", "closed_reason", "result", "steps"]
    for row in scan(db, "games", ("id",), ", ".join(c if c in have else "NULL" for c in wanted))[0]:
        if isinstance(row[0], int):
            found.games[row[0]] = tuple(row[1:])
    acts = "action, " + ("sum" if "sum" in columns(db, "actions") else "NULL")
    # the table by rowid and the index by key: two separate b-trees, so either finds what
    # the damage hid in the other
    for _rowid, gid, seq, text, check in scan(db, "actions", ("rowid",), "game_id, seq, " + acts)[0]:
        found.add_step(gid, seq, text, check)
    for gid, seq, _one in scan(db, "actions", ("game_id", "seq"), "1", index="sqlite_autoindex_actions_1")[0]:
        found.know(gid, seq)
    coded = columns(db, "ledger") >= {"code", "params"}
    found.ledgers = _by_game(db, "ledger", "seq, payer, payee, amount, "
                             + ("COALESCE(code, reason), params" if coded else "reason, '{}'"))
    found.undones = _by_game(db, "undone", "seq, action, why, at")
    return found


def salvage(source: Path, store: Store, quiet: bool = False) -> list[Notice]:
    """Copy every game that can be read from ``source`` into ``store``; a notice per damaged
    game or step, and one with the count (left out when ``quiet`` and nothing was copied).

    Read three ways, each filling what the ones before could not read: through SQLite's tables
    (row by row, past damaged pages), SQLite's own recovery (the ``sqlite3`` program's
    ``.recover``, where it is installed and built with it) and every page of the file read on
    its own (:mod:`companion.session.pages`: a damaged file header or table page hides no row
    that is still on the card)."""
    notices: list[Notice] = []
    found: Found | None = None
    why = ""
    try:
        db = connect_readonly(source)
        try:
            found = read_tables(db)
        finally:
            db.close()
    except sqlite3.Error as exc:
        why = str(exc)
    if found is None or not found.whole():
        from companion.session import pages

        recovered = pages.sqlite_recover(source)
        if recovered is not None:
            try:
                more = read_tables(recovered)
            finally:
                recovered.close()
            if found is None:
                found = more
            else:
                found.fill_from(more)
        if not found or not found.whole():
            more = Found()
            for kind, rowid, values in pages.rows(source):
                _sort(more, kind, rowid, values)
            if found is None:
                found = more
            else:
                found.fill_from(more)
    if why and not found.games and not found.steps:  # not even SQLite could open it
        return [Notice("nothing_recovered", "No game could be read from {file} ({why}).",
                       file=str(source), why=why or "no readable rows")]
    copied = 0
    rebuilt: set[int] = set()
    # a game whose row is lost is rebuilt from the copy of its header among its steps
    for gid, steps in found.steps.items():
        if gid in found.games and _header_of(gid, found.games[gid]) is not None:
            continue
        copy = steps.get(schema.HEADER_SEQ)
        if copy is not None and _sound(gid, schema.HEADER_SEQ, *copy) and copy[1] is not None:
            header = json.loads(copy[0]) if _is_json_object(copy[0]) else None
            if isinstance(header, dict) and isinstance(header.get("game"), str):
                found.games[gid] = (header["game"], copy[0], None, None, None,
                                    schema.header_sum(gid, copy[0]), None, None, None)
                rebuilt.add(gid)
    # steps whose game row is lost: the game cannot be rebuilt without its header; name it
    for gid in sorted(set(found.known) - set(found.games)):
        notices.append(Notice("damaged_game", "Game {game} is damaged on the card and cannot be read.", game=gid))
    for gid in sorted(found.games):
        _game, text, started, finished, closed, _hsum, reason, result, counted = found.games[gid]
        header = _header_of(gid, found.games[gid])
        if header is None:
            notices.append(Notice("damaged_game", "Game {game} is damaged on the card and cannot be read.",
                                  game=gid))
            continue
        mine = found.steps.get(gid, {})
        good = _good_prefix(gid, mine)
        if isinstance(counted, int):  # a step undone after it was written on a page read here
            good = good[:counted]
        lost = max(found.known.get(gid, 0), counted if isinstance(counted, int) else 0) - len(good)
        if lost > 0:
            notices.append(Notice("damaged_step", "Game {game}: step {step} is damaged on the card; it "
                                  "and the {later} steps after it are set aside, the {kept} before it "
                                  "are kept.", game=gid, step=len(good) + 1, later=lost - 1, kept=len(good)))
            if finished is not None:  # no longer a whole game: listed as damaged, never resumed
                finished, closed, reason, result = None, closed or time.time(), "damaged", None
        elif gid in rebuilt and finished is None:
            # the row that said the game had ended is lost: its steps say it, played again
            winners = _played_out(header, good)
            if winners is not None:
                finished, result = time.time(), json.dumps({"winners": winners})
        tail = [(seq, t, "damaged on the card", time.time())
                for seq, (t, _c) in sorted(mine.items()) if seq >= len(good) and isinstance(t, str)]
        ledger = [r for r in found.ledgers.get(gid, []) if isinstance(r[0], int) and r[0] < len(good)]
        try:
            _copy(store, header, good, ledger, found.undones.get(gid, []) + tail,
                  (started, finished, closed, reason, result))
        except StoreError as exc:
            notices.append(Notice(exc.code, str(exc), **exc.params))
            break
        copied += 1
    if not quiet or copied:
        notices.append(Notice("games_recovered", "{count} games were copied from {file}.",
                              count=copied, file=str(source)))
    return notices


def _played_out(header: dict[str, Any], actions: list[str]) -> list[int] | None:
    """The winners if ``actions`` play the game of ``header`` to its end, else None (a step
    that does not replay, or a game not over). A game that was left unfinished on purpose
    (closed) cannot be told from one still under way: its row held that, and it is offered
    for going on, where the table may discard it."""
    from companion.session.session import Session

    try:
        session: Session[Any] = Session(header)
        engine, state = session.engine, session.state
        for text in actions:
            state, _events = engine.apply(state, json.loads(text))
        if not engine.is_over(state):
            return None
        winners = engine.summary(state).get("winners", [])
    except Exception:  # noqa: BLE001 -- a step read off a damaged card must never stop the start
        return None
    return [w for w in winners if isinstance(w, int)] if isinstance(winners, list) else []


def _is_json_object(text: str) -> bool:
    try:
        return isinstance(json.loads(text), dict)
    except ValueError:
        return False


def _sort(found: Found, kind: str, rowid: int | None, values: list[Any]) -> None:
    """One row read from the pages into its table (see :func:`companion.session.pages.rows`);
    a later copy of a row (a newer ``-wal`` frame) replaces an earlier one. Columns added by a
    migration are missing from rows written before it: they are read as NULL."""
    if kind == "games" and isinstance(rowid, int):
        found.games[rowid] = tuple((values + [None] * 10)[1:10])
    elif kind == "actions":
        gid, seq, text, _at, check = (values + [None] * 5)[:5]
        found.add_step(gid, seq, text, check)
    elif kind == "steps_index":
        found.know(values[0], values[1])
    elif kind == "ledger":
        gid, seq, payer, payee, amount, reason, code, params = (values + [None] * 9)[1:9]
        if isinstance(gid, int):
            found.ledgers.setdefault(gid, []).append((seq, payer, payee, amount, code or reason, params or "{}"))
    elif kind == "undone":
        gid, seq, action, why, at = (values + [None] * 6)[1:6]
        if isinstance(gid, int):
            found.undones.setdefault(gid, []).append((seq, action, why, at))


def _by_game(db: sqlite3.Connection, table: str, cols: str) -> dict[int, list[tuple[Any, ...]]]:
    """The readable rows of a per-game table, grouped by game, in the order they were written."""
    out: dict[int, list[tuple[Any, ...]]] = {}
    for row in scan(db, table, ("rowid",), f"game_id, {cols}")[0]:
        out.setdefault(row[1], []).append(row[2:])
    return out


def _copy(store: Store, header: dict[str, Any], actions: list[str], ledger: list[tuple[Any, ...]],
          undone: list[tuple[Any, ...]], times: tuple[Any, Any, Any, Any, Any]) -> None:
    """One game into ``store`` in one transaction, with its payments and its ``undone`` rows."""
    started, finished, closed, reason, result = times
    now = time.time()
    text = json.dumps(header)
    with store._transaction() as db:
        cur = db.execute("INSERT INTO games (game, header, started, finished, closed, closed_reason, result, steps) "
                         "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                         (str(header["game"]), text, started if isinstance(started, (int, float)) else now,
                          finished, closed, reason if closed is not None else None, result, len(actions)))
        gid = int(cur.lastrowid or 0)
        db.execute("UPDATE games SET header_sum = ? WHERE id = ?", (schema.header_sum(gid, text), gid))
        db.execute("INSERT INTO actions (game_id, seq, action, at, sum) VALUES (?, ?, ?, ?, ?)",
                   (gid, schema.HEADER_SEQ, text, now, schema.action_sum(gid, schema.HEADER_SEQ, text)))
        for seq, action in enumerate(actions):
            db.execute("INSERT INTO actions (game_id, seq, action, at, sum) VALUES (?, ?, ?, ?, ?)",
                       (gid, seq, action, now, schema.action_sum(gid, seq, action)))
        for seq, action, why, at in undone:
            db.execute("INSERT INTO undone (game_id, seq, action, why, at) VALUES (?, ?, ?, ?, ?)",
                       (gid, seq, str(action), str(why), at if isinstance(at, (int, float)) else now))
        for seq, payer, payee, amount, code, params in ledger:
            db.execute("INSERT INTO ledger (game_id, seq, payer, payee, amount, reason, code, params) "
                       "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                       (gid, seq, payer, payee, amount, code, code, params if isinstance(params, str) else "{}"))
