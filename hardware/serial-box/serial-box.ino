// Serial button box for the tabletop companion, protocol 2.
//
// Six arcade buttons on a small microcontroller (Arduino Uno/Nano/Micro, or an RP2040 board
// with the arduino-pico core), reported to the Raspberry Pi over USB serial as text lines.
// The protocol is described in hardware/serial-box.md; hardware/pico-box/main.py is the same
// box in MicroPython.
//
//   box -> Pi:  HELLO fw=3 proto=2 boot=812*XX   on start-up and when asked
//               BTN ROLL DOWN #17*XX             a debounced press, numbered (UP on release)
//               PONG*XX                          answer to PING
//   Pi -> box:  ACK 17                           event 17 arrived: stop resending it
//               PING / HELLO
//
// Every line sent ends in *XX: the XOR of the bytes before the '*', as two hex digits.
// boot= is a number that changes at every start (a counter in the EEPROM), so the companion
// can tell a box that restarted (numbers from 1 again) from one that did not, even when it
// missed the HELLO of the start. Lines from the Pi are read by the rules of the protocol
// document: verbs in any case, words separated by one or more spaces, extra words ignored.
// An event is resent every RESEND_MS until its ACK arrives, for at most EVENT_TTL_MS; a
// press that could not be delivered by then is dropped rather than acted on late.
//
// Wiring: each button between its input pin and GND; the input's internal pull-up holds it
// HIGH, a press pulls it LOW. No resistors.

#include <Arduino.h>
#if defined(__AVR__)
#include <avr/eeprom.h>
#endif

static const unsigned long BAUD = 115200;
static const unsigned long DEBOUNCE_MS = 20;    // a contact must be still this long to count
static const unsigned long RESEND_MS = 300;     // resend an unacknowledged event this often
static const unsigned long EVENT_TTL_MS = 2000; // ... for at most this long
static const size_t MAX_LINE = 80;              // same limit as the companion's reader
static const size_t MAX_UNACKED = 8;            // the oldest is dropped when full
static const unsigned long MAX_SEQ = 65535;
static const char FW_VERSION[] = "3";

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
static uint16_t bootId = 0;  // 1..65535, a new one at every start

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
  char body[40];
  snprintf(body, sizeof(body), "HELLO fw=%s proto=2 boot=%u", FW_VERSION, (unsigned)bootId);
  sendLine(body);
}

// A number that differs from the last start's: a counter kept in the EEPROM on AVR boards
// (about 100,000 writes per cell: one write per start), a random number elsewhere.
static uint16_t nextBootId() {
#if defined(__AVR__)
  uint16_t *cell = (uint16_t *)0;  // EEPROM address 0
  uint16_t id = (uint16_t)(eeprom_read_word(cell) + 1);
  if (id == 0) {
    id = 1;  // 0 is never used; an erased EEPROM reads 0xFFFF
  }
  eeprom_update_word(cell, id);
  return id;
#else
  uint16_t id = (uint16_t)(micros() ^ (micros() >> 16) ^ analogRead(A0));
  return id == 0 ? 1 : id;
#endif
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

// Splits text at runs of spaces into at most max words (the rest of the line is ignored).
static size_t splitWords(char *text, char **words, size_t max) {
  size_t n = 0;
  char *p = text;
  while (n < max) {
    while (*p == ' ') {
      p++;
    }
    if (*p == '\0') {
      break;
    }
    words[n++] = p;
    while (*p != ' ' && *p != '\0') {
      p++;
    }
    if (*p == ' ') {
      *p++ = '\0';
    }
  }
  return n;
}

// An event number: 1 to 5 ASCII digits, 1..MAX_SEQ; 0 if the word is anything else.
static unsigned long eventNumber(const char *word) {
  size_t n = strlen(word);
  if (n == 0 || n > 5) {
    return 0;
  }
  unsigned long value = 0;
  for (size_t i = 0; i < n; i++) {
    if (word[i] < '0' || word[i] > '9') {
      return 0;
    }
    value = value * 10 + (unsigned long)(word[i] - '0');
  }
  return value <= MAX_SEQ ? value : 0;
}

// One line from the Pi, by the protocol document's rules ("Reading a line").
static void handleLine(char *text) {
  size_t n = strlen(text);
  while (n > 0 && text[n - 1] == ' ') {
    text[--n] = '\0';  // trailing spaces are not part of the checksum's two digits
  }
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
  char *words[2];
  size_t count = splitWords(text, words, 2);
  if (count == 0) {
    return;
  }
  if (strcasecmp(words[0], "PING") == 0) {
    sendLine("PONG");
  } else if (strcasecmp(words[0], "HELLO") == 0) {
    sayHello();
  } else if (strcasecmp(words[0], "ACK") == 0 && count == 2) {
    unsigned long value = eventNumber(words[1]);
    if (value != 0) {
      acknowledge(value);
    }
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
  bootId = nextBootId();
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
