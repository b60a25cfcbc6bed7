# Serial button box firmware for a Raspberry Pi Pico (RP2040) running MicroPython.
#
# Six arcade buttons, each between a GPIO and GND (internal pull-ups, no resistors), reported
# to the companion over the Pico's USB serial port in protocol 2 (hardware/serial-box.md):
#
#   box -> Pi:  HELLO fw=3 proto=2 boot=812*XX   on start-up and when asked
#               BTN ROLL DOWN #17*XX          a debounced press, numbered (UP on release)
#               PONG*XX                       answer to PING
#   Pi -> box:  ACK 17                        event 17 arrived: stop resending it
#               PING / HELLO
#
# Every line the box sends ends in *XX, the XOR of the bytes before the '*' as two hex
# digits. An event is resent every RESEND_MS until its ACK arrives, for at most EVENT_TTL_MS:
# a press that could not be delivered by then is dropped rather than acted on late.
# boot= is a random number drawn at every start, so the companion can tell a box that
# restarted (numbers from 1 again) from one that did not, even when it missed the HELLO of the
# start. Lines from the Pi are read by the protocol document's rules: verbs in any case, words
# separated by one or more spaces, extra words ignored.
#
# Install: copy this file to the Pico as main.py (Thonny, or `mpremote cp main.py :main.py`).
# The USB ids are 2E8A:0005, which the companion looks for by itself.
#
# The protocol logic is the Box class, with the clock, the pins and the serial port passed
# in, so that the companion's tests run this very file on a PC against a pseudo-terminal.

import sys

FW_VERSION = "3"
DEBOUNCE_MS = 20       # a contact must be still this long to count
RESEND_MS = 300        # resend an unacknowledged event this often ...
EVENT_TTL_MS = 2000    # ... for at most this long
MAX_UNACKED = 8        # events kept for resending; the oldest is dropped when full
MAX_LINE = 80          # same limit as the companion's reader
MAX_SEQ = 65535

# GP2..GP7 (physical pins 4, 5, 6, 7, 9, 10); GND on physical pin 3 or 8.
BUTTONS = (("ROLL", 2), ("LEFT", 3), ("STRAIGHT", 4), ("RIGHT", 5), ("OK", 6), ("UNDO", 7))


def new_boot_id():
    """A number from 1 to 65535 that differs from one start to the next (os.urandom is the
    RP2040's ring oscillator on a Pico)."""
    import os

    data = os.urandom(2)
    return (data[0] << 8 | data[1]) or 1


def event_number(word):
    """An event number: 1 to 5 ASCII digits, 1..MAX_SEQ; None for anything else."""
    if not 0 < len(word) <= 5 or not all(c in "0123456789" for c in word):
        return None
    value = int(word)
    return value if 0 < value <= MAX_SEQ else None


def checksum(body):
    value = 0
    for ch in body:
        value ^= ord(ch)
    return f"{value:02X}"


class Box:
    """The button box: debounce, number and resend events, answer the host.

    ``now_ms()`` returns milliseconds, ``pressed(i)`` whether button ``i`` is closed now,
    ``write(text)`` sends text to the host, ``diff(a, b)`` is ``a - b`` for two clock
    readings (``time.ticks_diff`` on the Pico, whose millisecond clock wraps around).
    """

    def __init__(self, now_ms, pressed, write, diff=None, boot_id=None):
        self.now_ms = now_ms
        self.boot_id = boot_id or new_boot_id()
        self.diff = diff or (lambda a, b: a - b)
        self.pressed = pressed
        self.write = write
        now = now_ms()
        self.stable = [False] * len(BUTTONS)
        self.last_read = [False] * len(BUTTONS)
        self.changed_at = [now] * len(BUTTONS)
        self.seq = 0
        self.unacked = []  # [seq, text, first_sent_ms, last_sent_ms]
        self.line = ""
        self.too_long = False

    def send(self, body):
        self.write(f"{body}*{checksum(body)}\r\n")

    def hello(self):
        self.send(f"HELLO fw={FW_VERSION} proto=2 boot={self.boot_id}")

    def event(self, body):
        self.seq = self.seq % MAX_SEQ + 1
        text = f"{body} #{self.seq}"
        now = self.now_ms()
        if len(self.unacked) >= MAX_UNACKED:
            self.unacked.pop(0)
        self.unacked.append([self.seq, text, now, now])
        self.send(text)

    def scan(self):
        now = self.now_ms()
        for i, (name, _pin) in enumerate(BUTTONS):
            down = self.pressed(i)
            if down != self.last_read[i]:
                # The contact moved: start timing again. Bounces keep restarting this clock.
                self.last_read[i] = down
                self.changed_at[i] = now
            elif down != self.stable[i] and self.diff(now, self.changed_at[i]) >= DEBOUNCE_MS:
                self.stable[i] = down
                state = "DOWN" if down else "UP"
                self.event(f"BTN {name} {state}")

    def resend(self):
        now = self.now_ms()
        keep = []
        for item in self.unacked:
            if self.diff(now, item[2]) > EVENT_TTL_MS:
                continue  # too old to act on: the host will log the gap
            if self.diff(now, item[3]) >= RESEND_MS:
                item[3] = now
                self.send(item[1])
            keep.append(item)
        self.unacked = keep

    def handle(self, text):
        """One line from the host, by the protocol document's rules ("Reading a line")."""
        text = text.rstrip(" ")
        star = text.rfind("*")
        if star >= 0:
            if text[star + 1:].upper() != checksum(text[:star]):
                return  # damaged on the way: ignore
            text = text[:star]
        words = [word for word in text.split(" ") if word]
        if not words:
            return
        verb = words[0].upper()
        if verb == "PING":
            self.send("PONG")
        elif verb == "HELLO":
            self.hello()
        elif verb == "ACK" and len(words) >= 2:
            seq = event_number(words[1])
            if seq is not None:
                self.unacked = [item for item in self.unacked if item[0] != seq]
        # Anything else is ignored, so a newer companion can talk to an older box.

    def feed(self, chars):
        for c in chars:
            if c == "\r":
                continue
            if c == "\n":
                if not self.too_long:
                    self.handle(self.line)
                self.line = ""
                self.too_long = False
            elif len(self.line) < MAX_LINE:
                self.line += c
            else:
                self.too_long = True  # drop the rest of this line

    def step(self, chars=""):
        self.scan()
        if chars:
            self.feed(chars)
        self.resend()


def main():
    import select
    import time

    import micropython
    from machine import Pin

    micropython.kbd_intr(-1)  # a stray Ctrl-C byte from the host must not stop the box
    pins = [Pin(number, Pin.IN, Pin.PULL_UP) for _name, number in BUTTONS]
    poll = select.poll()
    poll.register(sys.stdin, select.POLLIN)

    def write(text):
        sys.stdout.write(text)

    box = Box(time.ticks_ms, lambda i: pins[i].value() == 0, write, time.ticks_diff)
    box.hello()
    while True:
        chars = ""
        while poll.poll(0):
            chars += sys.stdin.read(1)
            if len(chars) >= 64:
                break
        box.step(chars)
        time.sleep_ms(2)


if sys.implementation.name == "micropython":
    main()
