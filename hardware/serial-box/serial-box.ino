// Serial button box for the tabletop companion.
//
// Six arcade buttons on a small microcontroller (Arduino Uno/Nano/Micro, or an RP2040 board
// with the arduino-pico core), reported to the Raspberry Pi over USB serial as text lines.
// The protocol is described in hardware/serial-box.md:
//
//   box -> Pi:  HELLO fw=1 proto=1      on start-up
//               BTN ROLL DOWN           a debounced press (UP on release)
//               PONG                    answer to PING
//   Pi -> box:  PING
//
// Wiring: each button between its input pin and GND; the input's internal pull-up holds it
// HIGH, a press pulls it LOW. No resistors.

#include <Arduino.h>

static const unsigned long BAUD = 115200;
static const unsigned long DEBOUNCE_MS = 20;  // a contact must be still this long to count
static const size_t MAX_LINE = 80;             // same limit as the companion's reader

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

static char line[MAX_LINE + 1];
static size_t lineLength = 0;
static bool lineTooLong = false;

static void sayHello() {
  Serial.println(F("HELLO fw=1 proto=1"));
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
      Serial.print(F("BTN "));
      Serial.print(b.name);
      Serial.println(pressed ? F(" DOWN") : F(" UP"));
    }
  }
}

static void handleLine(const char *text) {
  if (strcmp(text, "PING") == 0) {
    Serial.println(F("PONG"));
  } else if (strcmp(text, "HELLO") == 0) {
    sayHello();
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
}
