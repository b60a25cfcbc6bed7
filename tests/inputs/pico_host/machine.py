# The one module stubbed for running hardware/pico-box/main.py in the MicroPython unix port
# (test_pico_firmware.py): Pin reads the buttons from a file the test writes ("1" released,
# "0" pressed, one character a GPIO number). A line "seq <n>" in that file sets the running
# box's last event number (to try the wrap at 65535 without 65535 presses).
import time

NAMESPACE = None  # main.py's globals, set by run.py
_state = {"at": None, "levels": "1" * 32, "box": None, "seq": None}


def _read():
    now = time.ticks_ms()
    if _state["at"] == now:
        return
    _state["at"] = now
    try:
        with open(_PINS) as f:
            lines = f.read().split("\n")
    except OSError:
        return
    _state["levels"] = lines[0]
    for line in lines[1:]:
        if line.startswith("seq ") and line != _state["seq"] and _state["box"] is not None:
            _state["seq"] = line
            _state["box"].seq = int(line[4:])


def _capture():
    # Record the Box that main() makes, for the "seq" line above.
    base = NAMESPACE["Box"]

    class Recorded(base):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            _state["box"] = self

    NAMESPACE["Box"] = Recorded


class Pin:
    IN = 0
    OUT = 1
    PULL_UP = 1

    def __init__(self, number, mode=IN, pull=None):
        self.number = number
        if NAMESPACE is not None and _state["box"] is None and NAMESPACE["Box"].__name__ == "Box":
            _capture()

    def value(self):
        _read()
        return 1 if _state["levels"][self.number] == "1" else 0


_PINS = None
