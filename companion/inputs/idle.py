"""How often the input side wakes up while nobody presses anything (Linux only).

Every time a sleeping thread wakes (a timed wait running out, an event set, data arriving)
Linux counts a voluntary context switch for it in ``/proc/self/task/<tid>/status``. This
starts the GPIO buttons (and a serial box, if given), lets them settle, and sums the switches
of every thread but the main one over a while::

    python -m companion.inputs.idle                  # the Pi's pins, 10 s
    python -m companion.inputs.idle --mock --seconds 5
    python -m companion.inputs.idle --serial /dev/ttyACM0

On a Pi this also counts the pin library's own threads (lgpio's callback thread), which the
mock pins do not have.
"""

from __future__ import annotations

import argparse
import os
import threading
import time

from .hub import InputHub

__all__ = ["thread_switches", "wakeups_per_second"]


def thread_switches() -> dict[int, int]:
    """Voluntary context switches so far of each thread of this process but the main one."""
    main = threading.main_thread().native_id
    counts: dict[int, int] = {}
    for tid in os.listdir("/proc/self/task"):
        if int(tid) == main:
            continue
        try:
            with open(f"/proc/self/task/{tid}/status", encoding="ascii") as status:
                for line in status:
                    if line.startswith("voluntary_ctxt_switches"):
                        counts[int(tid)] = int(line.split()[1])
        except FileNotFoundError:
            pass  # the thread ended meanwhile
    return counts


def wakeups_per_second(seconds: float, settle: float = 1.0) -> tuple[float, int]:
    """Wake-ups per second of all other threads over ``seconds``, and how many threads."""
    time.sleep(settle)
    before, start = thread_switches(), time.monotonic()
    time.sleep(seconds)
    after, took = thread_switches(), time.monotonic() - start
    return sum(n - before.get(tid, 0) for tid, n in after.items()) / took, len(after)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m companion.inputs.idle", description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--mock", action="store_true", help="gpiozero's mock pins instead of the real ones")
    parser.add_argument("--serial", help="also open the serial box on this port ('usb': find it)")
    args = parser.parse_args(argv)
    from .gpio import GpioButtons, load_pins

    factory = None
    if args.mock:
        from gpiozero.pins.mock import MockFactory

        factory = MockFactory()
    with InputHub() as hub:
        GpioButtons(hub, load_pins(), pin_factory=factory)
        if args.serial:
            from .serial_box import SerialBox

            SerialBox(hub, None if args.serial == "usb" else args.serial)
        rate, threads = wakeups_per_second(args.seconds)
    print(f"{rate:.2f} wake-ups per second over {args.seconds:g} s, {threads} threads besides the main one")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
