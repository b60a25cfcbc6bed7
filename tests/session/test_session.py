"""The session: actions committed before they show, undo of all but dice, resume."""

from __future__ import annotations

import json

import pytest

from companion.engine.base import IllegalAction
from companion.games.suleika import rules as suleika
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
    store.db.execute("INSERT INTO actions (game_id, seq, action, at) "
                     "VALUES (?, 2, '{\"action\": \"roll\", \"value\": 9}', 0)",
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


# -- record v2, the event log, runs of chance, codes, ending ---------------------------------
def test_new_games_get_a_v2_header_with_rules_version_and_box():
    from companion.session.record import box_fingerprint

    s = Session.new({"record": 1, **HEADER})
    assert s.header["record"] == 2 and list(s.header)[0] == "record"
    assert s.header["rules_version"] == getattr(s.engine, "rules_version", 1)
    assert s.header["box"] == box_fingerprint(s.engine) and len(s.header["box"]) == 16


def test_the_session_keeps_every_action_s_events():
    s = Session.new(HEADER)
    s.roll(2)
    s.act(first_placement(s))
    assert len(s.events) == len(s.actions) == 2
    assert s.last_events == s.events[-1]
    s.undo()
    assert s.last_events == [] and len(s.events) == 1
    again, _ = Session.resume(*_stored(s))
    assert again.events == s.events


def _stored(s: Session) -> tuple[Store, int]:
    store = Store(":memory:")
    copy = Session.new(s.header, store)
    for action in s.actions:
        copy.act(action)
    return store, copy.game_id


def test_refusals_carry_codes():
    s = Session.new(HEADER)
    with pytest.raises(IllegalAction) as err:
        s.undo()
    assert err.value.code == "nothing_to_undo"
    s.roll(2)
    with pytest.raises(IllegalAction) as err:
        s.undo()
    assert err.value.code == "chance_cannot_undo"
    with pytest.raises(IllegalAction) as err:
        s.roll()
    assert err.value.code == "nothing_to_roll"


def test_dealing_movement_cards_is_one_transaction(tmp_path):
    store = Store(tmp_path / "g.sqlite3")
    s = Session.new({"game": "alibaba", "players": 4, "seed": 2}, store)
    chance = s.engine.chance(s.state)
    assert chance is not None and chance.kind == "movement_card"
    before = store.commits
    events = s.roll_many(100)
    assert store.commits == before + 1
    assert len(events) == len(s.actions) == len(s.events) == 24
    assert all(a["action"] == "draw" for a in s.actions)
    assert s.engine.chance(s.state) is None or s.engine.chance(s.state).kind != "movement_card"
    again, error = Session.resume(Store(tmp_path / "g.sqlite3"), s.game_id)
    assert error is None and again.state == s.state
    # the same cards as rolling them one by one
    one = Session.new({"game": "alibaba", "players": 4, "seed": 2})
    for _ in range(24):
        one.roll()
    assert one.actions == s.actions


def test_roll_many_stops_at_its_limit_and_a_full_card_keeps_none(tmp_path):
    import sqlite3

    store = Store(tmp_path / "g.sqlite3")
    s = Session.new({"game": "alibaba", "players": 3, "seed": 5}, store)
    s.roll_many(5)
    assert len(s.actions) == 5
    pages = store.db.execute("PRAGMA page_count").fetchone()[0]
    store.db.execute(f"PRAGMA max_page_count = {pages}")
    seq = 0
    for size in (200, 20, 1):  # fill the card to the last byte, in the pages actions go to
        with pytest.raises(sqlite3.OperationalError):
            while True:
                seq += 1
                store.db.execute("INSERT INTO actions (game_id, seq, action, at) VALUES (-1, ?, ?, 0)",
                                 (seq, "x" * size))
    before = s.state
    with pytest.raises(StoreError) as err:
        s.roll_many(19)
    assert err.value.code == "card_full" and s.state is before and len(s.actions) == 5
    assert len(store.load(s.game_id)[1]) == 5


def test_abandon_records_why_and_history_lists_ended_games(tmp_path):
    from companion.session.simulate import random_game

    store = Store(tmp_path / "g.sqlite3")
    a = Session.new(HEADER, store)
    a.roll(2)
    a.abandon("abandoned")
    b = Session.new({**HEADER, "names": ["Ada", "Bo", "Cy"]}, store)
    b.abandon()
    c = Session.new({"game": "suleika", "players": 2, "seed": 4}, store)
    _, actions = random_game(c.engine, c.header, 4)
    for action in actions:
        c.act(action)
    assert store.unfinished() == []
    rows = store.history(10)
    assert [(r.id, r.end) for r in rows] == [(c.game_id, "finished"), (b.game_id, "left"), (a.game_id, "abandoned")]
    assert rows[0].winners == tuple(c.engine.summary(c.state)["winners"]) and rows[0].length == len(actions)
    assert rows[1].names == ("Ada", "Bo", "Cy") and rows[1].players == 3
    with pytest.raises(ValueError):
        a.abandon("bored")


def test_resume_warns_when_the_box_data_changed(tmp_path):
    store = Store(tmp_path / "g.sqlite3")
    s = Session.new(HEADER, store)
    store.db.execute("UPDATE games SET header = ?, header_sum = NULL WHERE id = ?",
                     (json.dumps({**s.header, "box": "0000000000000000"}), s.game_id))
    again, error = Session.resume(store, s.game_id)
    assert error is None and [n.code for n in again.notices] == ["other_box"]


def test_a_stored_header_the_engine_refuses_is_a_store_error_not_a_crash(tmp_path):
    store = Store(tmp_path / "g.sqlite3")
    s = Session.new(HEADER, store)
    store.db.execute("UPDATE games SET header = ?, header_sum = NULL WHERE id = ?",
                     (json.dumps({**s.header, "players": 7}), s.game_id))
    with pytest.raises(StoreError) as err:
        Session.resume(store, s.game_id)
    assert err.value.code == "does_not_start" and err.value.params["game"] == s.game_id


def test_a_deal_worked_out_before_is_taken_as_it_is_and_stored_as_if_dealt_now(tmp_path, monkeypatch):
    """The setup's warm-up deals a throwaway game of the very header the table starts with: the
    game's first press takes those steps (the rules are not asked again), and the store, the
    states and the events are those of a deal worked out by the rules there and then."""
    from companion.session import session as session_module

    header = {"game": "alibaba", "players": 4, "seed": 7}
    session_module._rolled = None
    fresh = Session.new(header, Store(tmp_path / "fresh.sqlite3"))
    fresh.roll_many()
    session_module._rolled = None
    Session.new(header).roll_many()  # the warm-up's throwaway game, no store
    applied = []
    real_apply = type(fresh.engine).apply
    monkeypatch.setattr(type(fresh.engine), "apply", lambda self, *a: applied.append(a) or real_apply(self, *a))
    store = Store(tmp_path / "game.sqlite3")
    game = Session.new(header, store)
    events = game.roll_many()
    assert applied == []  # taken, not dealt again
    assert len(events) == 24 and game.actions == fresh.actions and game.states == fresh.states
    assert [[(e.kind, e.data) for e in evs] for evs in game.events] == \
        [[(e.kind, e.data) for e in evs] for evs in fresh.events]
    again, error = Session.resume(Store(tmp_path / "game.sqlite3"), game.game_id)
    assert error is None and again.actions == fresh.actions and again.state == fresh.state
    # what the game does with its lists is its own: the next game of that header deals the same
    game.actions[0]["value"] = 99
    game.events[0].clear()
    other = Session.new(header)
    other.roll_many()
    assert other.actions == fresh.actions and all(other.events)


def test_a_deal_of_another_seed_or_position_is_worked_out_by_the_rules():
    Session.new({"game": "alibaba", "players": 4, "seed": 7}).roll_many()
    other = Session.new({"game": "alibaba", "players": 4, "seed": 8})
    other.roll_many()
    one = Session.new({"game": "alibaba", "players": 4, "seed": 8})
    for _ in range(24):
        one.roll()
    assert other.actions == one.actions
    part = Session.new({"game": "alibaba", "players": 4, "seed": 8})
    part.roll()  # one card dealt by hand: the rest follows from another position
    part.roll_many()
    assert part.actions == one.actions
    fewer = Session.new({"game": "alibaba", "players": 4, "seed": 8})
    fewer.roll_many(5)  # another limit
    assert fewer.actions == one.actions[:5]
