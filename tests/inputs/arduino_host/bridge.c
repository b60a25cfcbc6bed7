// Runs the serial box's real firmware (the .elf that hardware/serial-box/build.sh makes) on
// an emulated ATmega328P (libsimavr), in step with the wall clock, for test_arduino_sketch.py.
//
//   bridge FIRMWARE.elf LINK [reset-on-open]
//
// The chip's UART goes to a pseudo-terminal; LINK is made a symbolic link to it, and the
// companion opens LINK as it would /dev/ttyACM0. What the chip sends while nobody has the port
// open is lost, as on a real board. With "reset-on-open" every opening of the port resets the
// chip, as DTR does on an Uno.
//
// Commands on standard input, one a line:   D <n>  pin PD<n> LOW (button pressed)
//                                            U <n>  pin PD<n> HIGH (released)
//                                            R      reset the chip
//                                            H      hang: the chip stops running until R
//                                            S <address> <n>   write the 16-bit n into the
//                                                   RAM at address (to set an event number)
//                                            W <ms> take the next command only after <ms>
//                                                   of the chip's time, then report "waited"
//                                            Q      quit
// Reports on standard output, one a line:   ready | open | closed | reset | waited
// (The W command makes presses and chatter exact in the chip's time, however busy the PC.)
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include <simavr/avr_ioport.h>
#include <simavr/avr_uart.h>
#include <simavr/sim_avr.h>
#include <simavr/sim_elf.h>
#include <simavr/sim_irq.h>

static avr_t *avr;
static int master = -1;
static int portOpen = 0;      // someone has the pty's other end open
static int hung = 0;
static int xon = 0;           // the chip's UART has room for a byte
static avr_irq_t *uartIn;
static avr_irq_t *pins[8];
static uint8_t levels = 0xFF; // port D as the buttons hold it (pull-ups: HIGH when released)
static unsigned char toChip[4096];
static size_t toChipLength = 0;
static uint64_t baseCycle;
static uint64_t waitUntil = 0;    // commands wait until the chip's cycle count reaches this
static char commands[65536];      // commands read but not yet taken
static size_t commandsLength = 0;
static uint64_t baseNs;

static uint64_t nowNs(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

static void report(const char *what) {
  printf("%s\n", what);
  fflush(stdout);
}

static void feedChip(void) {
  while (xon && toChipLength > 0 && !hung) {
    unsigned char byte = toChip[0];
    memmove(toChip, toChip + 1, --toChipLength);
    avr_raise_irq(uartIn, byte);
  }
}

static void fromChip(struct avr_irq_t *irq, uint32_t value, void *param) {
  (void)irq;
  (void)param;
  if (!portOpen) {
    return;  // nobody listening: lost, as on a real board
  }
  unsigned char byte = (unsigned char)value;
  if (write(master, &byte, 1) < 0 && errno != EAGAIN) {
    perror("bridge: write");
  }
}

static void onXon(struct avr_irq_t *irq, uint32_t value, void *param) {
  (void)irq;
  (void)value;
  (void)param;
  xon = 1;
  feedChip();
}

static void onXoff(struct avr_irq_t *irq, uint32_t value, void *param) {
  (void)irq;
  (void)value;
  (void)param;
  xon = 0;
}

static void applyPins(void) {
  for (int i = 0; i < 8; i++) {
    avr_raise_irq(pins[i], (levels >> i) & 1);
  }
}

static void resetChip(void) {
  avr_reset(avr);
  if (waitUntil != 0) {
    waitUntil = 0;  // the chip's clock starts again
    report("waited");
  }
  hung = 0;
  xon = 0;
  toChipLength = 0;
  // The pins' inputs are kept by the outside world across a reset: drive them again (via the
  // opposite level first, as an IRQ that does not change is not passed on).
  for (int i = 0; i < 8; i++) {
    avr_raise_irq(pins[i], !((levels >> i) & 1));
  }
  applyPins();
  baseCycle = avr->cycle;
  baseNs = nowNs();
  report("reset");
}

static void command(const char *line) {
  if (line[0] == 'D' || line[0] == 'U') {
    int pin = atoi(line + 1);
    if (pin >= 0 && pin < 8) {
      if (line[0] == 'D') {
        levels &= (uint8_t)~(1u << pin);
      } else {
        levels |= (uint8_t)(1u << pin);
      }
      avr_raise_irq(pins[pin], (levels >> pin) & 1);
    }
  } else if (line[0] == 'R') {
    resetChip();
  } else if (line[0] == 'H') {
    hung = 1;
  } else if (line[0] == 'S') {
    unsigned address = 0, value = 0;
    if (sscanf(line + 1, "%u %u", &address, &value) == 2 && address + 1 < avr->ramend + 1u) {
      avr->data[address] = (uint8_t)(value & 0xFF);
      avr->data[address + 1] = (uint8_t)(value >> 8);
    }
  } else if (line[0] == 'W') {
    waitUntil = avr->cycle + (uint64_t)atoi(line + 1) * (avr->frequency / 1000);
  } else if (line[0] == 'Q') {
    exit(0);
  }
}

// Takes the commands that are due.
static void takeCommands(void) {
  char *end;
  while ((waitUntil == 0 || avr->cycle >= waitUntil || hung) &&
         (end = memchr(commands, '\n', commandsLength)) != NULL) {
    if (waitUntil != 0) {
      waitUntil = 0;
      report("waited");
    }
    *end = '\0';
    command(commands);
    size_t used = (size_t)(end - commands) + 1;
    memmove(commands, end + 1, commandsLength - used);
    commandsLength -= used;
  }
  if (waitUntil != 0 && (avr->cycle >= waitUntil || hung)) {
    waitUntil = 0;
    report("waited");
  }
}

// Reads commands and the host's bytes, notices the port being opened and closed.
static void serviceIo(int timeoutMs) {
  struct pollfd fds[2] = {{0, POLLIN, 0}, {master, POLLIN, 0}};
  if (poll(fds, 2, timeoutMs) < 0) {
    return;
  }
  if (fds[0].revents & (POLLIN | POLLHUP)) {
    ssize_t n = read(0, commands + commandsLength, sizeof(commands) - 1 - commandsLength);
    if (n <= 0) {
      exit(0);  // the test went away
    }
    commandsLength += (size_t)n;
  }
  takeCommands();
  int open = !(fds[1].revents & POLLHUP);
  if (open && !portOpen) {
    portOpen = 1;
    report("open");
    if (getenv("BRIDGE_RESET_ON_OPEN") != NULL) {
      resetChip();
    }
  } else if (!open && portOpen) {
    portOpen = 0;
    report("closed");
  }
  if (open && (fds[1].revents & POLLIN)) {
    unsigned char buf[256];
    ssize_t n = read(master, buf, sizeof(buf));
    if (n > 0 && !hung) {
      size_t room = sizeof(toChip) - toChipLength;
      size_t take = (size_t)n < room ? (size_t)n : room;
      memcpy(toChip + toChipLength, buf, take);
      toChipLength += take;
      feedChip();
    }
  }
}

int main(int argc, char **argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: bridge FIRMWARE.elf LINK [reset-on-open]\n");
    return 2;
  }
  if (argc > 3 && strcmp(argv[3], "reset-on-open") == 0) {
    setenv("BRIDGE_RESET_ON_OPEN", "1", 1);
  }
  elf_firmware_t firmware;
  memset(&firmware, 0, sizeof(firmware));
  if (elf_read_firmware(argv[1], &firmware) != 0) {
    fprintf(stderr, "bridge: cannot read %s\n", argv[1]);
    return 2;
  }
  strcpy(firmware.mmcu, "atmega328p");
  firmware.frequency = 16000000;
  avr = avr_make_mcu_by_name(firmware.mmcu);
  if (avr == NULL || avr_init(avr) != 0) {
    fprintf(stderr, "bridge: no %s in simavr\n", firmware.mmcu);
    return 2;
  }
  avr_load_firmware(avr, &firmware);
  avr->log = 0;

  master = posix_openpt(O_RDWR | O_NOCTTY | O_NONBLOCK);
  if (master < 0 || grantpt(master) != 0 || unlockpt(master) != 0) {
    perror("bridge: pty");
    return 2;
  }
  struct termios raw;
  tcgetattr(master, &raw);
  cfmakeraw(&raw);
  tcsetattr(master, TCSANOW, &raw);
  char tmp[4096];
  snprintf(tmp, sizeof(tmp), "%s.new", argv[2]);
  unlink(tmp);
  if (symlink(ptsname(master), tmp) != 0 || rename(tmp, argv[2]) != 0) {
    perror("bridge: link");
    return 2;
  }

  uint32_t uart = AVR_IOCTL_UART_GETIRQ('0');
  uartIn = avr_io_getirq(avr, uart, UART_IRQ_INPUT);
  avr_irq_register_notify(avr_io_getirq(avr, uart, UART_IRQ_OUTPUT), fromChip, NULL);
  avr_irq_register_notify(avr_io_getirq(avr, uart, UART_IRQ_OUT_XON), onXon, NULL);
  avr_irq_register_notify(avr_io_getirq(avr, uart, UART_IRQ_OUT_XOFF), onXoff, NULL);
  // No echo of the chip's lines on the console, no sleeping when the firmware polls the UART.
  uint32_t flags = 0;
  avr_ioctl(avr, AVR_IOCTL_UART_GET_FLAGS('0'), &flags);
  flags &= ~(uint32_t)(AVR_UART_FLAG_STDIO | AVR_UART_FLAG_POLL_SLEEP);
  avr_ioctl(avr, AVR_IOCTL_UART_SET_FLAGS('0'), &flags);
  for (int i = 0; i < 8; i++) {
    pins[i] = avr_io_getirq(avr, AVR_IOCTL_IOPORT_GETIRQ('D'), i);
  }
  applyPins();
  baseCycle = avr->cycle;
  baseNs = nowNs();
  report("ready");

  // Run the chip in step with the wall clock: never more than a millisecond ahead of it.
  for (;;) {
    if (hung) {
      serviceIo(1);
      baseCycle = avr->cycle;
      baseNs = nowNs();
      continue;
    }
    uint64_t target = baseCycle + (nowNs() - baseNs) * (uint64_t)avr->frequency / 1000000000u;
    if (avr->cycle > target + avr->frequency / 1000) {
      serviceIo(1);
      continue;
    }
    for (int i = 0; i < 2000 && !hung; i++) {
      int state = avr_run(avr);
      if (state == cpu_Done || state == cpu_Crashed) {
        fprintf(stderr, "bridge: the chip stopped (%d)\n", state);
        return 1;
      }
    }
    serviceIo(0);
  }
}
