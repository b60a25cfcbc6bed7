"""Where presses come from: GPIO buttons, the serial button box, the keyboard.

Every source turns a press into the same :class:`InputEvent` on one queue and wakes the
screen loop. Inputs know nothing of games, and nothing here imports pygame::

    hub = InputHub(wake=lambda: pygame.event.post(pygame.event.Event(INPUT_EVENT)))
    start_gpio(hub)                        # None on a desktop: the keyboard takes over
    SerialBox(hub, "/dev/ttyACM0")         # optional; reconnects on its own
    ...
    for event in hub.drain(): scene.handle(event)
    hub.close()                            # closes every source

The keyboard is data (:data:`KEYS`, :func:`key_to_event`); the screen loop calls it with
``pygame.key.name(ev.key)``.

The GPIO and serial modules import gpiozero and pyserial; import them from their modules
(``companion.inputs.gpio``, ``companion.inputs.serial_box``) so that importing this package
stays cheap.
"""

from .debounce import Debouncer
from .events import BUTTONS, InputEvent
from .hub import InputHub
from .keyboard import KEYS, key_to_event

__all__ = ["BUTTONS", "KEYS", "Debouncer", "InputEvent", "InputHub", "key_to_event"]
