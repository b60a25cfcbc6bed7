# Runs hardware/pico-box/main.py (path in argv[1]) with its globals reachable by the stubbed
# machine module; argv[2] is the file the stub reads the buttons from.
import sys

import machine

machine._PINS = sys.argv[2]
namespace = {"__name__": "__main__"}
machine.NAMESPACE = namespace
with open(sys.argv[1]) as f:
    source = f.read()
exec(source, namespace)
