// Serial button box for the tabletop companion, protocol 2.
//
// Six arcade buttons on a small microcontroller (Arduino Uno/Nano/Micro, or an RP2040 board
// with the arduino-pico core), reported to the Raspberry Pi over USB serial as text lines.
// The protocol is described in hardware/serial-box.md; hardware/pico-box/main.py is the same
// box in MicroPython.
//
//   box -> Pi:  HELLO fw=2 proto=2*XX        on start-up and when asked
//               BTN ROLL DOWN #17*XX         a debounced press, numbered (UP on release)
//               PONG*XX                      answer to PING
//   Pi -> box:  ACK 17                       event 17 arrived: stop resending it
//               PING / HELLO
//
// Every line sent ends in *XX: the XOR of the bytes before the '*', as two hex digits.
// An event is resent every RESEND_MS until its ACK arrives, for at most EVENT_TTL_MS; a
// press that could not be delivered by then is dropped rather than acted on late.
//
// Wiring: each button between its input pin and GND; the input's internal pull-up holds it
// HIGH, a press pulls it LOW. No resistors.

#include <Arduino.h>

static const unsigned long BAUD = 115200;
static const unsigned long DEBOUNCE_MS = 20;    // a contact must be still this long to count
static const unsigned long RESEND_MS = 300;     // resend an unacknowledged event this often
static const unsigned long EVENT_TTL_MS = 2000; // ... for at most this long
static const size_t MAX_LINE = 80;              // same limit as the companion's reader
static const size_t MAX_UNACKED = 8;            // the oldest is dropped when full
static const unsigned long MAX_SEQ = 65535;

struct Button {
  const char *name;   // as the companion names it, upper case on the wire
  uint8_t pin;
  bool stable;        // debounced level: true = pressed
  bool lastRead;      // raw level at the previous scan
  unsigned long changedAt;
};

// Pins D2..D7 are plain digital inputs on every board listed above.
static Button buttons[] = {
  {"ROLL", 2, false, false, 0},
  {"LEFT", 3, false, false, 0},
  {"STRAIGHT", 4, false, false, 0},
  {"RIGHT", 5, false, false, 0},
  {"OK", 6, false, false, 0},
  {"UNDO", 7, false, false, 0},
};
static const size_t BUTTON_COUNT = sizeof(buttons) / sizeof(buttons[0]);

struct Pending {
  uint16_t seq;
  uint8_t button;
  bool down;
  unsigned long firstSent;
  unsigned long lastSent;
};
static Pending unacked[MAX_UNACKED];
static size_t unackedCount = 0;
static uint16_t seq = 0;

static char line[MAX_LINE + 1];
static size_t lineLength = 0;
static bool lineTooLong = false;

// Sends body followed by *XX and a line end.
static void sendLine(const char *body) {
  uint8_t sum = 0;
  for (const char *p = body; *p; p++) {
    sum ^= (uint8_t)*p;
  }
  char tail[6];
  snprintf(tail, sizeof(tail), "*%02X", sum);
  Serial.print(body);
  Serial.println(tail);
}

static void sayHello() {
  sendLine("HELLO fw=2 proto=2");
}

static void sendEvent(const Pending &e) {
  char body[MAX_LINE + 1];
  snprintf(body, sizeof(body), "BTN %s %s #%u", buttons[e.button].name, e.down ? "DOWN" : "UP",
           (unsigned)e.seq);
  sendLine(body);
}

static void newEvent(uint8_t button, bool down) {
  seq = (uint16_t)(seq % MAX_SEQ + 1);
  if (unackedCount == MAX_UNACKED) {
    // Full: forget the oldest; the companion logs the gap.
    memmove(&unacked[0], &unacked[1], sizeof(Pending) * (MAX_UNACKED - 1));
    unackedCount--;
  }
  unsigned long now = millis();
  Pending &e = unacked[unackedCount++];
  e.seq = seq;
  e.button = button;
  e.down = down;
  e.firstSent = now;
  e.lastSent = now;
  sendEvent(e);
}

static void scanButtons() {
  unsigned long now = millis();
  for (size_t i = 0; i < BUTTON_COUNT; i++) {
    Button &b = buttons[i];
    bool pressed = digitalRead(b.pin) == LOW;
    if (pressed != b.lastRead) {
      // The contact moved: start timing again. Bounces keep restarting this clock.
      b.lastRead = pressed;
      b.changedAt = now;
    } else if (pressed != b.stable && now - b.changedAt >= DEBOUNCE_MS) {
      b.stable = pressed;
      newEvent((uint8_t)i, pressed);
    }
  }
}

static void resendEvents() {
  unsigned long now = millis();  // unsigned subtraction survives millis() wrapping
  size_t kept = 0;
  for (size_t i = 0; i < unackedCount; i++) {
    Pending e = unacked[i];
    if (now - e.firstSent > EVENT_TTL_MS) {
      continue;  // too old to act on
    }
    if (now - e.lastSent >= RESEND_MS) {
      e.lastSent = now;
      sendEvent(e);
    }
    unacked[kept++] = e;
  }
  unackedCount = kept;
}

static void acknowledge(unsigned long n) {
  size_t kept = 0;
  for (size_t i = 0; i < unackedCount; i++) {
    if (unacked[i].seq != n) {
      unacked[kept++] = unacked[i];
    }
  }
  unackedCount = kept;
}

static bool hexValue(char c, uint8_t &out) {
  if (c >= '0' && c <= '9') { out = c - '0'; return true; }
  if (c >= 'A' && c <= 'F') { out = c - 'A' + 10; return true; }
  if (c >= 'a' && c <= 'f') { out = c - 'a' + 10; return true; }
  return false;
}

static void handleLine(char *text) {
  char *star = strrchr(text, '*');
  if (star != NULL) {
    uint8_t hi, lo, sum = 0;
    if (strlen(star) != 3 || !hexValue(star[1], hi) || !hexValue(star[2], lo)) {
      return;
    }
    for (char *p = text; p < star; p++) {
      sum ^= (uint8_t)*p;
    }
    if (sum != (uint8_t)(hi * 16 + lo)) {
      return;  // damaged on the way: ignore
    }
    *star = '\0';
  }
  if (strcmp(text, "PING") == 0) {
    sendLine("PONG");
  } else if (strcmp(text, "HELLO") == 0) {
    sayHello();
  } else if (strncmp(text, "ACK ", 4) == 0) {
    const char *digits = text + 4;
    size_t n = strlen(digits);
    if (n == 0 || n > 5) {
      return;
    }
    unsigned long value = 0;
    for (size_t i = 0; i < n; i++) {
      if (digits[i] < '0' || digits[i] > '9') {
        return;
      }
      value = value * 10 + (digits[i] - '0');
    }
    acknowledge(value);
  }
  // Anything else is ignored, so a newer companion can talk to an older box.
}

static void readHost() {
  while (Serial.available() > 0) {
    char c = (char)Serial.read();
    if (c == '\r') {
      continue;
    }
    if (c == '\n') {
      if (!lineTooLong) {
        line[lineLength] = '\0';
        handleLine(line);
      }
      lineLength = 0;
      lineTooLong = false;
    } else if (lineLength < MAX_LINE) {
      line[lineLength++] = c;
    } else {
      lineTooLong = true;  // drop the rest of this line, never overrun the buffer
    }
  }
}

void setup() {
  for (size_t i = 0; i < BUTTON_COUNT; i++) {
    pinMode(buttons[i].pin, INPUT_PULLUP);
  }
  Serial.begin(BAUD);
  // Boards with native USB (Micro, RP2040) need a moment for the port to appear; boards
  // with a USB-serial chip (Uno, Nano) reset when the Pi opens the port, so HELLO is sent
  // then anyway.
  unsigned long start = millis();
  while (!Serial && millis() - start < 2000) {
  }
  sayHello();
}

void loop() {
  scanButtons();
  readHost();
  resendEvents();
}
