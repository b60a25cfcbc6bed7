// Just enough of the Arduino core to run hardware/serial-box/serial-box.ino on a PC, for the
// tests (test_arduino_sketch.py): Serial is a file descriptor (a pty), the pins are set by
// the test over a pipe, millis() is the PC's clock.
#pragma once
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstring>

#define INPUT_PULLUP 2
#define LOW 0
#define HIGH 1

unsigned long millis();
void pinMode(uint8_t pin, int mode);
int digitalRead(uint8_t pin);

class HostSerial {
 public:
  void begin(unsigned long) {}
  explicit operator bool() const { return true; }
  int available();
  int read();
  void print(const char *text);
  void println(const char *text);
};

extern HostSerial Serial;
