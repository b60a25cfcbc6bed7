"""Plays on a games file on a really full file system (a small tmpfs the test mounts), and
prints what happened as one JSON line. Run by ``test_full_card.py`` inside its own mount
namespace. Usage: ``python tests/session/full_card_worker.py DIR``."""

from __future__ import annotations

import json
import os
import random
import sys
from pathlib import Path

from companion.session.notice import StoreError
from companion.session.session import Session
from companion.session.store import Store


def main(folder: Path) -> dict:
    path = folder / "companion.sqlite3"
    out: dict = {}
    store, notices = Store.open(path)
    out["first_notices"] = [n.code for n in notices]
    session = Session.new({"game": "alibaba", "players": 3, "seed": 7}, store)
    ballast = folder / "ballast"
    fd = os.open(ballast, os.O_WRONLY | os.O_CREAT, 0o644)  # everything else on the card
    try:
        while True:
            os.write(fd, b"\0" * 4096)
    except OSError:
        pass
    finally:
        os.close(fd)
    rng = random.Random(7)
    refused = None
    for _ in range(20_000):
        before = list(session.actions)
        try:
            if session.engine.chance(session.state) is not None and rng.random() < 0.6:
                session.roll()
            else:
                legal = session.engine.legal_actions(session.state)
                if not legal:
                    session.roll()
                else:
                    session.act(rng.choice(legal))
        except StoreError as exc:
            refused = exc
            out["kept_as_it_was"] = session.actions == before
            break
        if session.over:
            session = Session.new({"game": "alibaba", "players": 3, "seed": rng.randrange(999)}, store)
    out["refused"] = None if refused is None else refused.code
    out["words"] = str(refused) if refused else ""
    shown = list(session.actions)
    out["stored_equals_shown"] = store.load(session.game_id)[1] == shown
    try:
        Session.new({"game": "suleika", "players": 2, "seed": 1}, store)
        out["new_game"] = "started"
    except StoreError as exc:
        out["new_game"] = exc.code
    store.close()
    # pulling the plug and starting again on the full card
    again, notices = Store.open(path)
    out["restart_notices"] = [n.code for n in notices]
    out["integrity"] = again.db.execute("PRAGMA integrity_check").fetchone()[0]
    resumed, error = Session.resume(again, session.game_id)
    out["resumed_equals_shown"] = error is None and resumed.actions == shown
    again.close()
    ballast.unlink()  # the staff free some space: it plays on
    third, notices = Store.open(path)
    out["after_freeing"] = [n.code for n in notices]
    resumed, error = Session.resume(third, session.game_id)
    resumed.roll() if resumed.engine.chance(resumed.state) is not None else resumed.act(
        resumed.engine.legal_actions(resumed.state)[0])
    out["plays_on"] = len(resumed.actions) == len(shown) + 1
    third.close()
    return out


if __name__ == "__main__":
    print(json.dumps(main(Path(sys.argv[1]))), flush=True)
