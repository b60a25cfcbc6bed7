#!/usr/bin/env bash
# Turn a Raspberry Pi OS (Bookworm or later, 64-bit Lite recommended) into a companion kiosk:
# the companion starts full screen on boot and restarts itself after any crash.
#
#   sudo git clone <repository> /opt/companion
#   sudo /opt/companion/hardware/install-kiosk.sh
#
# Safe to run again (after `git pull`, say): every step checks what is already there.
# Run from another checkout, it copies that checkout to /opt/companion first.
#
# Options:
#   --no-start     install and enable, but do not (re)start the companion now
#   --keep-boot    leave the boot target alone (by default the Pi boots to the console,
#                  because a desktop would hold the screen the companion needs)
set -euo pipefail

readonly APP_DIR=/opt/companion
readonly VENV="${APP_DIR}/venv"
readonly APP_USER=companion
readonly DATA_DIR=/var/lib/companion
readonly UNIT=/etc/systemd/system/companion.service
readonly DEFAULTS=/etc/default/companion
readonly GROUPS_NEEDED=(video render input gpio dialout)
readonly APT_PACKAGES=(
    python3 python3-venv python3-pip python3-dev
    # gpiozero's pin library from the OS: the venv sees it (--system-site-packages), which
    # also covers Python versions lgpio has no wheels for.
    python3-lgpio python3-gpiozero
    # only used if pip has to build lgpio from source
    swig liblgpio-dev
    rsync
)

start=1
keep_boot=0
for arg in "$@"; do
    case "${arg}" in
        --no-start) start=0 ;;
        --keep-boot) keep_boot=1 ;;
        -h|--help) sed -n '2,15p' "$0"; exit 0 ;;
        *) echo "unknown option: ${arg} (try --help)" >&2; exit 2 ;;
    esac
done

say() { printf '\n== %s\n' "$*"; }

if [[ ${EUID} -ne 0 ]]; then
    echo "Please run as root: sudo $0 $*" >&2
    exit 1
fi

src_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
if [[ ! -f "${src_dir}/pyproject.toml" ]]; then
    echo "Cannot find the companion's pyproject.toml next to ${src_dir}/hardware" >&2
    exit 1
fi
if [[ ! -e /etc/rpi-issue ]]; then
    echo "Note: this does not look like Raspberry Pi OS; carrying on anyway." >&2
fi

say "System packages"
export DEBIAN_FRONTEND=noninteractive
apt-get update
apt-get install -y --no-install-recommends "${APT_PACKAGES[@]}"

say "Program in ${APP_DIR}"
if [[ "${src_dir}" != "${APP_DIR}" ]]; then
    mkdir -p "${APP_DIR}"
    # The venv and local settings in APP_DIR survive: excluded paths are never deleted.
    rsync -a --delete --exclude '/venv/' --exclude '/.venv/' --exclude '__pycache__/' \
        "${src_dir}/" "${APP_DIR}/"
fi
chmod -R a+rX "${APP_DIR}"

say "User ${APP_USER}"
for group in "${GROUPS_NEEDED[@]}"; do
    # The unit names these groups; systemd refuses to start if one is missing.
    getent group "${group}" >/dev/null || groupadd --system "${group}"
done
if ! id -u "${APP_USER}" >/dev/null 2>&1; then
    useradd --system --user-group --home-dir "${DATA_DIR}" --no-create-home \
        --shell /usr/sbin/nologin "${APP_USER}"
fi
usermod -a -G "$(IFS=,; echo "${GROUPS_NEEDED[*]}")" "${APP_USER}"

say "Python environment ${VENV}"
if [[ ! -x "${VENV}/bin/python" ]]; then
    python3 -m venv --system-site-packages "${VENV}"
fi
"${VENV}/bin/python" -m pip install --quiet --upgrade pip
"${VENV}/bin/python" -m pip install --quiet -e "${APP_DIR}[pi]"
chmod -R a+rX "${VENV}"

say "Settings ${DEFAULTS}"
if [[ ! -e "${DEFAULTS}" ]]; then
    cat > "${DEFAULTS}" <<'SETTINGS'
# Settings for the companion service (read by /etc/systemd/system/companion.service).
# After a change: sudo systemctl restart companion

# Language of the screens: de or en.
#COMPANION_LANG=de

# Extra arguments, e.g. a serial button box (see /opt/companion/hardware/serial-box.md):
#COMPANION_ARGS=--serial /dev/serial/by-id/usb-Arduino_LLC_Arduino_Micro-if00

# Another pin map than /opt/companion/hardware/pins.toml:
#COMPANION_PINS=/etc/companion-pins.toml
SETTINGS
fi

say "Service"
install -m 0644 "${APP_DIR}/hardware/companion.service" "${UNIT}"
systemctl daemon-reload
# The companion takes tty1; a login prompt there would fight it for the screen.
systemctl disable getty@tty1.service >/dev/null 2>&1 || true
systemctl enable companion.service

say "Screen"
if command -v raspi-config >/dev/null 2>&1; then
    # 1 = blanking off. A failure here is not worth an unfinished install.
    raspi-config nonint do_blanking 1 || echo "raspi-config could not turn blanking off" >&2
    if [[ ${keep_boot} -eq 0 ]]; then
        # B1 = console: no desktop holding the display the companion draws on.
        raspi-config nonint do_boot_behaviour B1 || echo "raspi-config could not set the boot target" >&2
    fi
fi
# The console blanks after 10 minutes unless told otherwise on the kernel command line.
for cmdline in /boot/firmware/cmdline.txt /boot/cmdline.txt; do
    if [[ -f "${cmdline}" ]] && ! grep -q 'consoleblank=0' "${cmdline}"; then
        sed -i '1 s/$/ consoleblank=0/' "${cmdline}"
        break
    fi
done

if [[ ${start} -eq 1 ]]; then
    say "Starting"
    systemctl restart companion.service
    systemctl --no-pager --lines=5 status companion.service || true
fi

cat <<DONE

Done. The companion starts on every boot (a reboot applies the screen settings).
  Logs:       journalctl -u companion -f
  Settings:   ${DEFAULTS}
  Pin map:    ${APP_DIR}/hardware/pins.toml   (wiring: ${APP_DIR}/hardware/WIRING.md)
  Test pins:  sudo systemctl stop companion
              sudo -u ${APP_USER} SDL_VIDEODRIVER=kmsdrm ${VENV}/bin/companion selftest
              sudo systemctl start companion
DONE
