"""A table that plays random steps through a stored session and "shows" each one on stdout.

Run by ``test_kill_resume.py`` and killed there with SIGKILL. It opens the store as the app
does (``Store.open``), resumes the unfinished game or starts one, and after every commit prints
one JSON line: the game, the number of actions, a digest of the actions and of the summary.
That line is the state the screen shows. Before each operation it prints what it is about to
do (``{"doing": "step" | "roll_many" | "undo"}``): the press. Usage::

    python tests/session/kill_worker.py DB GAME SEED [--die insert|commit|witness|start N]

``--die`` makes it SIGKILL itself at the N-th such moment: inside a transaction after an
action row was written, at the start of COMMIT, or after COMMIT before the side file and the
screen were updated; ``--die start N`` at the N-th SQL statement of its start-up, before it
shows anything.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import signal
import sqlite3
import sys
from typing import Any

from companion.games import spec
from companion.session.session import Session
from companion.session.store import Store


def digest(items: list[Any]) -> str:
    return hashlib.sha1(json.dumps(items, sort_keys=True).encode()).hexdigest()[:16]


def show(session: Session) -> None:
    summary = session.engine.summary(session.state)
    print(json.dumps({"game": session.game_id, "n": len(session.actions), "actions": digest(session.actions),
                      "prev": digest(session.actions[:-1]),
                      "summary": digest(summary)}), flush=True)


def doing(session: Session, what: str) -> None:
    """Said before each operation (the press), so the test knows what may be committed unshown."""
    print(json.dumps({"doing": what}), flush=True)


def choose(session: Session, legal: list[dict[str, Any]], rng: random.Random) -> dict[str, Any]:
    """A random legal choice; with the engine's optional hooks (Teppich) the choices too many to
    list while no die waits, and half the time a move toward the goal, so its games end too."""
    engine = session.engine
    options = legal or list(getattr(engine, "unlisted_actions", lambda state: [])(session.state))
    progress = getattr(engine, "progress_actions", None)
    if progress is not None and legal and rng.random() < 0.5:
        options = list(progress(session.state)) or options
    return dict(rng.choice(options))


def arm(store: Store, where: str, count: int) -> None:
    """SIGKILL this process at the ``count``-th moment of the kind ``where``."""
    left = [count]

    def hit() -> None:
        left[0] -= 1
        if left[0] <= 0:
            os.kill(os.getpid(), signal.SIGKILL)

    if where in ("insert", "commit"):
        key = "INSERT INTO actions" if where == "insert" else "COMMIT"
        store.db.set_trace_callback(lambda sql: hit() if sql.startswith(key) else None)
    elif where == "witness":
        mark = store._mark

        def dying_mark() -> None:
            hit()
            mark()
        store._mark = dying_mark  # type: ignore[method-assign]


def arm_start_up(count: int) -> None:
    """SIGKILL this process at the ``count``-th SQL statement of the start-up (``Store.open``:
    its checks, the first write, pruning), or right after it when it runs fewer."""
    real = sqlite3.connect
    left = [count]

    def trace(sql: str) -> None:
        left[0] -= 1
        if left[0] <= 0:
            os.kill(os.getpid(), signal.SIGKILL)

    def connect(*args: Any, **kwargs: Any) -> sqlite3.Connection:
        db = real(*args, **kwargs)
        db.set_trace_callback(trace)
        return db

    sqlite3.connect = connect  # type: ignore[assignment]


def main(argv: list[str]) -> int:
    db, game, seed = argv[0], argv[1], int(argv[2])
    rng = random.Random(seed)
    dying_at_start = "--die" in argv and argv[argv.index("--die") + 1] == "start"
    if dying_at_start:
        arm_start_up(int(argv[argv.index("--die") + 2]))
    store, notices = Store.open(db)
    if dying_at_start:
        os.kill(os.getpid(), signal.SIGKILL)
    for n in notices:
        print(f"NOTICE {n.code} {n}", file=sys.stderr, flush=True)
    waiting = store.unfinished()
    if waiting:
        session, error = Session.resume(store, waiting[0].id)
        if error is not None:
            print(f"RESUME ERROR {error}", file=sys.stderr, flush=True)
    else:
        session = Session.new({"game": game, "players": rng.choice(spec(game).counts), "seed": seed}, store)
    if "--die" in argv:
        i = argv.index("--die")
        arm(store, argv[i + 1], int(argv[i + 2]))
    show(session)
    while True:
        if session.over:
            session = Session.new({"game": game, "players": rng.choice(spec(game).counts), "seed": rng.randrange(10**6)},
                                  store)
            show(session)
            continue
        chance = session.engine.chance(session.state)
        legal = session.engine.legal_actions(session.state)
        if session.can_undo() and rng.random() < 0.1:
            doing(session, "undo")
            session.undo()
        elif chance is not None and (not legal or rng.random() < 0.5):
            if chance.action == "draw" and rng.random() < 0.5:
                doing(session, "roll_many")
                session.roll_many(limit=rng.randrange(2, 8))
            else:
                doing(session, "step")
                session.roll()
        else:
            doing(session, "step")
            session.act(choose(session, legal, rng))
        show(session)


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
