#!/bin/sh
# What `make run` and `make test` need from the system before they can make .venv: Python 3.11
# or newer with its venv module and ensurepip, which Debian and Raspberry Pi OS ship apart as
# python3-venv. pygame-ce's wheels carry SDL (sound, fonts, images) for x86-64 and aarch64; a
# desktop gives SDL its window. Only on a screen without a desktop (a Pi's console: kmsdrm) SDL
# opens the graphics libraries of the system itself (libgbm, EGL, GLES and Mesa's drivers),
# so `--screen` (make run) checks for those there too. Run as root, this installs what is
# missing; else it prints the one apt line and fails, before a venv is half made.
#
# usage: tools/need-system.sh [--screen] [PYTHON]   ($DRI stands for /dev/dri in tests)
screen=0
if [ "${1:-}" = --screen ]; then screen=1; shift; fi
PYTHON=${1:-python3}
missing=""
if ! command -v "$PYTHON" >/dev/null 2>&1; then
    missing="python3 python3-venv"
elif ! "$PYTHON" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
    echo "the companion needs Python 3.11 or newer; $PYTHON is $("$PYTHON" -V 2>&1)" \
         "(Debian 12 and Raspberry Pi OS Bookworm have 3.11)" >&2
    exit 1
elif ! "$PYTHON" -c 'import ensurepip, venv' >/dev/null 2>&1; then
    missing="python3-venv"
fi
if [ $screen = 1 ] && [ -z "${DISPLAY:-}${WAYLAND_DISPLAY:-}${SDL_VIDEODRIVER:-}" ] \
        && ls "${DRI:-/dev/dri}"/card* >/dev/null 2>&1; then
    libs=$(/sbin/ldconfig -p 2>/dev/null)
    for pair in libgbm.so.1:libgbm1 libEGL.so.1:libegl1 libGLESv2.so.2:libgles2; do
        case "$libs" in *"${pair%%:*} "*) ;; *) missing="$missing ${pair#*:}" ;; esac
    done
    [ -e /usr/lib/"$(uname -m)"-linux-gnu/dri ] || missing="$missing libgl1-mesa-dri libegl-mesa0"
fi
missing=${missing# }
[ -z "$missing" ] && exit 0

if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "installing what Debian keeps apart: apt-get install $missing"
    export DEBIAN_FRONTEND=noninteractive
    log=$(mktemp)
    # shellcheck disable=SC2086  # one word per package
    if apt-get install -y -q $missing >"$log" 2>&1 \
        || { apt-get update -q >>"$log" 2>&1 && apt-get install -y -q $missing >>"$log" 2>&1; }; then
        rm -f "$log"
        exit 0
    fi
    cat "$log" >&2
    rm -f "$log"
    echo "apt-get install $missing failed" >&2
    exit 1
fi
echo "first install what Debian keeps apart, then run make again:  sudo apt install $missing" >&2
exit 1
