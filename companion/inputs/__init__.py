"""Where presses come from: GPIO buttons, the serial button box, the keyboard.

Every source turns a press into the same :class:`InputEvent` on one bounded queue and wakes
the screen loop. Inputs know nothing of games, and nothing here imports pygame::

    hub = InputHub(wake=lambda: pygame.event.post(pygame.event.Event(INPUT_EVENT)))
    start_gpio(hub)                        # None on a desktop: the keyboard takes over
    SerialBox(hub, "/dev/ttyACM0")         # optional (None: find it by USB id); reconnects
    outputs = start_outputs()              # optional LED and buzzer; no-ops if not wired
    ...
    for event in hub.drain(): scene.handle(event)
    if hub.status_version != seen: show(hub.offline())   # e.g. ["serial"]: box offline
    hub.close()                            # closes every source

``wake`` is called (on the source's thread) when the queue stops being empty and when a
source's status changes; nothing here wakes periodically while nobody presses anything,
except the serial box's heartbeat while a box is connected.

Besides the six :data:`BUTTONS` an event may be one of the :data:`GESTURES`: ``"menu"``
(UNDO held :data:`MENU_HOLD_S`, or the M key) and ``"staff"`` (UNDO and OK held together
:data:`STAFF_HOLD_S`, or F12). Sources with both edges (GPIO, the serial box) send UNDO at its
release, through :class:`HoldGestures`, whose one-shot timer runs only while UNDO is held.

The keyboard is data (:data:`KEYS`, :func:`key_to_event`); the screen loop calls it with
``pygame.key.name(ev.key)``.

The GPIO, serial and output modules import gpiozero and pyserial; import them from their
modules (``companion.inputs.gpio``, ``companion.inputs.serial_box``,
``companion.inputs.outputs``) so that importing this package stays cheap.
"""

from __future__ import annotations

from companion.lazy import exports

# Each name is loaded from its module on first use, so that ``companion.inputs.events`` (what
# every screen needs) does not bring in the hub, the debouncers and logging before the first
# frame.
_WHERE = {
    "Debouncer": "debounce", "EdgeDebouncer": "debounce",
    "BUTTONS": "events", "GESTURES": "events", "NAMES": "events", "InputEvent": "events",
    "MENU_HOLD_S": "holds", "STAFF_HOLD_S": "holds", "HoldGestures": "holds",
    "InputHub": "hub", "SourceStatus": "hub", "KEYS": "keyboard", "key_to_event": "keyboard",
}

__all__ = [
    "BUTTONS", "GESTURES", "KEYS", "MENU_HOLD_S", "NAMES", "STAFF_HOLD_S", "Debouncer",
    "EdgeDebouncer", "HoldGestures", "InputEvent", "InputHub", "SourceStatus", "key_to_event",
]


__getattr__ = exports(__name__, _WHERE)
