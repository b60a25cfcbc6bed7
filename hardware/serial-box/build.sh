#!/bin/sh
# Builds serial-box.ino for an Arduino Uno (ATmega328P) and an Arduino Micro (ATmega32U4)
# with the Arduino AVR core as Debian packages it, offline and without the Arduino IDE:
#
#   apt-get install gcc-avr avr-libc arduino-core-avr
#   sh hardware/serial-box/build.sh [OUT_DIR]      (`make firmware` runs this into build/firmware)
#
# Writes OUT_DIR/serial-box.<board>.elf and .hex and prints flash and RAM use against the chip.
# The core is compiled once per board and archived with avr-gcc-ar (so link-time optimisation
# sees it); the sketch is compiled with -Wall -Wextra -Werror; the link drops what is unused.
#
# Debian's arduino-core-avr 1.8.7 uses DECIMAL_DIG, which gcc-avr 5.4's headers do not define;
# -DDECIMAL_DIG=__DECIMAL_DIG__ gives it the compiler's own value.
set -eu

HERE=$(cd "$(dirname "$0")" && pwd)
OUT=${1:-build/firmware}
ARDUINO=${ARDUINO_AVR:-/usr/share/arduino/hardware/arduino/avr}
CORE=$ARDUINO/cores/arduino
SKETCH=$HERE/serial-box.ino

for tool in avr-gcc avr-g++ avr-gcc-ar avr-objcopy avr-size; do
  command -v "$tool" >/dev/null || { echo "build.sh: $tool missing (apt-get install gcc-avr avr-libc)" >&2; exit 2; }
done
[ -f "$CORE/Arduino.h" ] || { echo "build.sh: no Arduino core in $CORE (apt-get install arduino-core-avr)" >&2; exit 2; }
mkdir -p "$OUT"

# board mcu f_cpu variant flash_bytes ram_bytes extra_defines (a gcc response file's text, so
# that a define may hold a quoted space)
# (flash is what the bootloader leaves, as boards.txt says: upload.maximum_size/data_size)
build() {
  board=$1 mcu=$2 fcpu=$3 variant=$4 flash=$5 ram=$6 extra=$7
  obj=$OUT/$board
  mkdir -p "$obj/core"
  printf '%s\n' "$extra" > "$obj/defines"
  common="-mmcu=$mcu -DF_CPU=$fcpu -DARDUINO=10807 -DARDUINO_ARCH_AVR @$obj/defines -DDECIMAL_DIG=__DECIMAL_DIG__
    -I$CORE -I$ARDUINO/variants/$variant -Os -flto -ffunction-sections -fdata-sections"
  cflags="$common -std=gnu11 -fno-fat-lto-objects"
  cxxflags="$common -std=gnu++11 -fpermissive -fno-exceptions -fno-threadsafe-statics -fno-fat-lto-objects"
  rm -f "$obj/core.a"
  # The core's files (the core is not ours: its warnings are not shown) and the sketch, all at
  # once; `wait` for each, so that a failed compile stops the build.
  pids=""
  for src in "$CORE"/*.c "$CORE"/*.cpp "$CORE"/*.S; do
    name=$(basename "$src")
    case $src in
      *.c) avr-gcc $cflags -w -c "$src" -o "$obj/core/$name.o" & ;;
      *.cpp) avr-g++ $cxxflags -w -c "$src" -o "$obj/core/$name.o" & ;;
      *.S) avr-gcc $common -x assembler-with-cpp -c "$src" -o "$obj/core/$name.o" & ;;
    esac
    pids="$pids $!"
  done
  avr-g++ $cxxflags -Wall -Wextra -Werror -include Arduino.h -x c++ -c "$SKETCH" -o "$obj/sketch.o" &
  pids="$pids $!"
  for pid in $pids; do
    wait "$pid"
  done
  avr-gcc-ar rcs "$obj/core.a" "$obj"/core/*.o
  avr-gcc -mmcu="$mcu" -Os -flto -fuse-linker-plugin -Wl,--gc-sections -o "$OUT/serial-box.$board.elf" \
    "$obj/sketch.o" "$obj/core.a" -lm
  avr-objcopy -O ihex -R .eeprom "$OUT/serial-box.$board.elf" "$OUT/serial-box.$board.hex"
  # avr-size's Berkeley lines: text data bss. Flash holds text+data, RAM data+bss (the stack
  # takes what is left of the RAM).
  avr-size "$OUT/serial-box.$board.elf" | awk -v b="$board" -v m="$mcu" -v f="$flash" -v r="$ram" 'NR == 2 {
    fl = $1 + $2; rm = $2 + $3
    printf "%-6s %-10s flash %6d of %6d bytes (%2d %%), RAM %5d of %5d bytes (%2d %%)\n",
      b, m, fl, f, fl * 100 / f, rm, r, rm * 100 / r }'
}

build uno atmega328p 16000000L standard 32256 2048 "-DARDUINO_AVR_UNO"
build micro atmega32u4 16000000L micro 28672 2560 \
  '-DARDUINO_AVR_MICRO -DUSB_VID=0x2341 -DUSB_PID=0x8037 -DUSB_MANUFACTURER="\"Arduino\"" -DUSB_PRODUCT="\"Arduino Micro\""'
