// Runs the Arduino sketch on a PC: fd 0 is the serial line (the master side of a pty whose
// other side the companion opens), the fd named by argv[1] carries pin commands from the
// test, one a line:
//   "D 2" pin 2 pressed (LOW), "U 2" released (HIGH), "Q" quit.
// Every command is taken before the next loop() runs, so a test can make chatter.
#include "Arduino.h"

#include <chrono>
#include <cstdlib>
#include <poll.h>
#include <string>
#include <unistd.h>

HostSerial Serial;
static int levels[64];
static std::string fromHost;
static std::string control;
static const auto started = std::chrono::steady_clock::now();
static int controlFd = -1;

unsigned long millis() {
  return (unsigned long)std::chrono::duration_cast<std::chrono::milliseconds>(
      std::chrono::steady_clock::now() - started).count();
}
void pinMode(uint8_t pin, int) { levels[pin] = HIGH; }
int digitalRead(uint8_t pin) { return levels[pin]; }

static void writeAll(const char *data, size_t n) {
  while (n > 0) {
    ssize_t done = write(0, data, n);
    if (done <= 0) { std::exit(0); }  // the line is gone: the box was unplugged
    data += done;
    n -= (size_t)done;
  }
}
void HostSerial::print(const char *text) { writeAll(text, strlen(text)); }
void HostSerial::println(const char *text) { print(text); writeAll("\r\n", 2); }

static void pump() {
  struct pollfd fds[2] = {{0, POLLIN, 0}, {controlFd, POLLIN, 0}};
  if (poll(fds, 2, 1) <= 0) { return; }
  if ((fds[0].revents | fds[1].revents) & POLLNVAL) { std::exit(2); }
  char buf[512];
  if (fds[0].revents & POLLIN) {
    ssize_t n = ::read(0, buf, sizeof(buf));
    if (n > 0) { fromHost.append(buf, (size_t)n); }
  }
  if (fds[1].revents & (POLLIN | POLLHUP)) {
    ssize_t n = ::read(controlFd, buf, sizeof(buf));
    if (n <= 0) { std::exit(0); }
    control.append(buf, (size_t)n);
    size_t end;
    while ((end = control.find('\n')) != std::string::npos) {
      std::string cmd = control.substr(0, end);
      control.erase(0, end + 1);
      if (cmd == "Q") { std::exit(0); }
      if (cmd.size() > 2) { levels[std::atoi(cmd.c_str() + 2)] = cmd[0] == 'D' ? LOW : HIGH; }
    }
  }
}

int HostSerial::available() { return (int)fromHost.size(); }
int HostSerial::read() {
  if (fromHost.empty()) { return -1; }
  int c = (unsigned char)fromHost[0];
  fromHost.erase(0, 1);
  return c;
}

void setup();
void loop();

int main(int argc, char **argv) {
  if (argc < 2) { return 2; }
  controlFd = std::atoi(argv[1]);
  setup();
  for (;;) {
    pump();
    loop();
  }
}
