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

The keyboard is data (:data:`KEYS`, :func:`key_to_event`); the screen loop calls it with
``pygame.key.name(ev.key)``.

The GPIO, serial and output modules import gpiozero and pyserial; import them from their
modules (``companion.inputs.gpio``, ``companion.inputs.serial_box``,
``companion.inputs.outputs``) so that importing this package stays cheap.
"""

from .debounce import Debouncer, EdgeDebouncer
from .events import BUTTONS, InputEvent
from .hub import InputHub, SourceStatus
from .keyboard import KEYS, key_to_event

__all__ = [
    "BUTTONS", "KEYS", "Debouncer", "EdgeDebouncer", "InputEvent", "InputHub", "SourceStatus",
    "key_to_event",
]
