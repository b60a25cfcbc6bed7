#!/bin/sh
# What `make run` and `make test` need from the system before they can make .venv: Python 3.11
# or newer with its venv module and ensurepip, which Debian and Raspberry Pi OS ship apart as
# python3-venv. Nothing else: pygame-ce's wheels carry SDL (video, sound, fonts, images) for
# x86-64 and aarch64. Run as root, this installs what is missing; else it prints the one apt
# line and fails, before a venv is half made.
#
# usage: tools/need-system.sh [PYTHON]
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
[ -z "$missing" ] && exit 0

if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "installing what Debian keeps apart: apt-get install $missing"
    export DEBIAN_FRONTEND=noninteractive
    # shellcheck disable=SC2086  # one word per package
    apt-get install -y -q $missing >/dev/null \
        || { apt-get update -q >/dev/null && apt-get install -y -q $missing >/dev/null; } \
        || { echo "apt-get install $missing failed" >&2; exit 1; }
    exit 0
fi
echo "first install what Debian keeps apart, then run make again:  sudo apt install $missing" >&2
exit 1
