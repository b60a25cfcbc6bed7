"""The input hub: debounce, queue, wake, sources."""

from __future__ import annotations

import logging
import threading

import pytest

from companion.inputs.debounce import Debouncer
from companion.inputs.events import InputEvent
from companion.inputs.hub import InputHub


def test_press_queues_and_wakes(hub, wakes):
    assert hub.press("roll", "gpio")
    events = hub.drain()
    assert [(e.name, e.source, e.value) for e in events] == [("roll", "gpio", None)]
    assert wakes.count == 1
    assert hub.drain() == []


def test_bounce_is_not_queued_and_does_not_wake(hub, wakes, clock):
    assert hub.press("roll", "gpio")
    clock.advance(0.01)
    assert not hub.press("roll", "gpio")
    assert len(hub.drain()) == 1
    assert wakes.count == 1


def test_value_travels_with_the_press(hub):
    hub.press("roll", "serial", value=5)
    assert hub.drain()[0].value == 5


def test_unknown_button_is_a_programming_error(hub):
    with pytest.raises(ValueError, match="unknown button"):
        hub.press("jump", "gpio")


def test_post_takes_ready_made_events(hub, clock):
    assert hub.post(InputEvent("undo", "keyboard"))
    clock.advance(0.001)
    assert not hub.post(InputEvent("undo", "keyboard"))
    assert [e.name for e in hub.drain()] == ["undo"]


def test_get_waits_with_a_timeout(hub):
    assert hub.get(timeout=0.01) is None
    hub.press("ok", "gpio")
    assert hub.get(timeout=1).name == "ok"


def test_wake_failure_is_logged_once_and_never_raised(caplog, clock):
    def broken_wake() -> None:
        raise RuntimeError("video system not initialized")

    hub = InputHub(wake=broken_wake, debouncer=Debouncer(0.0, clock=clock))
    with caplog.at_level(logging.ERROR, logger="companion.inputs.hub"):
        assert hub.press("roll", "gpio")
        assert hub.press("roll", "gpio")
    assert len(hub.drain()) == 2  # presses are kept even if the wake failed
    assert len(caplog.records) == 1


def test_no_wake_function_is_fine():
    hub = InputHub()
    assert hub.press("left", "gpio")
    assert hub.drain()[0].name == "left"


class Closable:
    def __init__(self, log: list[str], name: str, fail: bool = False) -> None:
        self.log, self.name, self.fail = log, name, fail

    def close(self) -> None:
        self.log.append(self.name)
        if self.fail:
            raise OSError("stuck")


def test_close_closes_every_source_even_if_one_fails(caplog):
    closed: list[str] = []
    hub = InputHub()
    hub.attach(Closable(closed, "a"))
    hub.attach(Closable(closed, "b", fail=True))
    hub.attach(Closable(closed, "c"))
    with caplog.at_level(logging.ERROR):
        hub.close()
    assert closed == ["c", "b", "a"]
    assert hub.closed
    assert not hub.press("roll", "gpio")  # a closed hub ignores late presses


def test_context_manager_closes(clock):
    closed: list[str] = []
    with InputHub() as hub:
        hub.attach(Closable(closed, "a"))
    assert closed == ["a"]


def test_presses_from_many_threads_all_arrive(wakes):
    hub = InputHub(wake=wakes, debouncer=Debouncer(0.0), max_queued=6 * 200)
    names = ["roll", "left", "straight", "right", "ok", "undo"]

    def press_many(name: str) -> None:
        for _ in range(200):
            hub.press(name, "gpio")

    threads = [threading.Thread(target=press_many, args=(n,)) for n in names]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=5)
    events = hub.drain()
    assert len(events) == 6 * 200
    assert 1 <= wakes.count < 6 * 200  # woken when the queue stops being empty, not per press


# -- bounded queue, coalesced wakes, source status ------------------------------------------


def test_put_skips_the_debouncer(hub, clock):
    assert hub.put("roll", "gpio")
    assert hub.put("roll", "gpio")  # the source debounced already
    assert len(hub.drain()) == 2


def test_queue_is_bounded_and_counts_drops(wakes):
    hub = InputHub(wake=wakes, max_queued=8)
    results = [hub.put("ok", "gpio") for _ in range(100)]
    assert results.count(True) == 8
    assert hub.dropped == 92
    assert len(hub.drain()) == 8
    assert hub.put("ok", "gpio")  # room again once drained


def test_a_burst_wakes_the_loop_once(wakes):
    hub = InputHub(wake=wakes)
    for _ in range(50):
        hub.put("left", "serial")
    assert wakes.count == 1
    hub.drain()
    hub.put("left", "serial")
    assert wakes.count == 2


def test_get_takes_events_in_order_across_threads():
    hub = InputHub()
    threading.Timer(0.05, lambda: hub.put("undo", "gpio")).start()
    event = hub.get(timeout=5)
    assert event is not None and event.name == "undo"


def test_status_changes_wake_and_notify(wakes):
    hub = InputHub(wake=wakes)
    seen = []
    hub.on_status(seen.append)
    version = hub.status_version
    hub.set_status("serial", False, "connecting")
    hub.set_status("serial", False, "connecting")  # no change: no wake, no call
    hub.set_status("serial", True, "online")
    assert [(s.online, s.detail) for s in seen] == [(False, "connecting"), (True, "online")]
    assert hub.status_version == version + 2
    assert wakes.count == 2
    assert hub.offline() == []
    hub.set_status("serial", False, "silent")
    assert hub.offline() == ["serial"]
    assert hub.statuses()["serial"].detail == "silent"
    assert hub.drain() == []  # a status is not a press


def test_a_failing_status_listener_is_logged_not_raised(caplog):
    hub = InputHub()

    def broken(status):
        raise RuntimeError("screen not ready")

    hub.on_status(broken)
    with caplog.at_level(logging.ERROR):
        hub.set_status("serial", True)
    assert "status listener failed" in caplog.text
