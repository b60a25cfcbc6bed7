"""The one shape every press takes, whatever button, box or key it came from."""

from __future__ import annotations

import time
from dataclasses import dataclass, field

#: The companion's buttons. Every source maps its own keys or pins onto these names.
BUTTONS = ("roll", "left", "straight", "right", "ok", "undo")


@dataclass(frozen=True)
class InputEvent:
    """A press of one of the companion's buttons.

    ``name`` is one of :data:`BUTTONS`; ``source`` says where it came from (``"gpio"``,
    ``"serial"``, ``"keyboard"``, ``"touch"``); ``t`` is ``time.monotonic()`` at the press
    (used to measure press-to-screen latency); ``value`` carries a typed die value if any.
    """

    name: str
    source: str = "keyboard"
    t: float = field(default_factory=time.monotonic)
    value: int | None = None
