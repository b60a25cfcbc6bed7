"""The session: actions committed before they show, undo of all but dice, resume."""

from __future__ import annotations

import pytest

from companion.engine import suleika
from companion.engine.base import IllegalAction
from companion.session.session import Session
from companion.session.store import Store, StoreError

HEADER = {"game": "suleika", "players": 3, "seed": 11}


def first_placement(session: Session) -> dict:
    return next(a for a in session.engine.legal_actions(session.state) if a["action"] == "place")


def test_seeded_rolls_are_repeatable_and_typed_values_are_used():
    a, b = Session.new(HEADER), Session.new(HEADER)
    a.roll()
    b.roll()
    assert a.actions == b.actions
    c = Session.new(HEADER)
    c.roll(4)
    assert c.actions[-1] == {"action": "roll", "value": 4}


def test_undo_takes_back_choices_but_never_a_roll():
    s = Session.new(HEADER)
    s.act({"action": "face", "dir": "E"})
    assert s.can_undo()
    s.undo()
    assert s.state.facing == "N" and s.actions == []
    s.roll(2)
    assert not s.can_undo()
    with pytest.raises(IllegalAction, match="cannot be taken back"):
        s.undo()
    place = first_placement(s)
    s.act(place)
    s.undo()
    assert s.state.phase == "place"
    with pytest.raises(IllegalAction, match="nothing to undo"):
        Session.new(HEADER).undo()


def test_an_illegal_action_changes_nothing():
    s = Session.new(HEADER, Store(":memory:"))
    before = s.state
    with pytest.raises(IllegalAction):
        s.act({"action": "face", "dir": "X"})
    assert s.state is before and s.actions == []
    assert s.store.load(s.game_id)[1] == []


def test_a_store_failure_changes_nothing(tmp_path):
    store = Store(tmp_path / "g.sqlite3")
    s = Session.new(HEADER, store)
    s.roll(1)
    store.db.close()  # the card was pulled
    with pytest.raises(StoreError):
        s.act(first_placement(s))
    assert len(s.actions) == 1 and s.state.phase == "place"


def test_resume_gives_the_same_state(tmp_path):
    store = Store(tmp_path / "g.sqlite3")
    s = Session.new(HEADER, store)
    for _ in range(5):
        s.roll()
        s.act(first_placement(s))
    s.act({"action": "face", "dir": suleika.allowed_headings(s.state)[0]})
    again, error = Session.resume(Store(tmp_path / "g.sqlite3"), s.game_id)
    assert error is None
    assert again.state == s.state and again.actions == s.actions


def test_resume_sets_a_broken_action_aside_and_keeps_the_rest(tmp_path):
    store = Store(tmp_path / "g.sqlite3")
    s = Session.new(HEADER, store)
    s.roll(2)
    s.act(first_placement(s))
    store.db.execute("INSERT INTO actions (game_id, seq, action, at) VALUES (?, 2, '{\"action\": \"roll\", \"value\": 9}', 0)",
                     (s.game_id,))
    again, error = Session.resume(store, s.game_id)
    assert error is not None and error.line == 4 and "9" in str(error)
    assert again.actions == s.actions
    assert store.db.execute("SELECT COUNT(*) FROM undone").fetchone()[0] == 1
    assert len(store.load(s.game_id)[1]) == 2


def test_record_round_trip():
    from companion.session.record import replay

    s = Session.new(HEADER)
    for _ in range(3):
        s.roll()
        s.act(first_placement(s))
    engine, state, actions = replay(s.record().splitlines())
    assert state == s.state and actions == s.actions
