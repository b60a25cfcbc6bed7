#!/usr/bin/env bash
# Turn a Raspberry Pi OS (Bookworm or later, 64-bit Lite recommended) into a companion kiosk:
# the companion starts full screen on boot and restarts itself after any crash.
#
#   sudo git clone <repository> /opt/companion
#   sudo /opt/companion/hardware/install-kiosk.sh [--pin 2468]
#
# Safe to run again (after `git pull`, say): every step checks what is already there.
# Run from another checkout, it copies that checkout to /opt/companion first.
#
# Options:
#   --pin NNNN     the staff PIN (4 to 8 digits); without it the installer asks when run in a
#                  terminal (Enter keeps the PIN already set). Stored only as a salted hash in
#                  /var/lib/companion/settings.toml; the installer never shows or logs it, but
#                  sudo logs its command line and the shell keeps a history: asking, or
#   --pin -        (read the PIN from standard input: --pin - < file) keeps it out of both.
#   --dry-run      print every step it would take and change nothing
#   --root DIR     install into DIR instead of / (also: KIOSK_ROOT=DIR), for tests: files go
#                  under DIR, useradd/usermod/groupadd/systemctl get --root DIR, and the steps
#                  that only make sense on the running system (apt-get, raspi-config, reloading
#                  and starting the service) are printed, not run
#   --no-start     install and enable, but do not (re)start the companion now
#   --keep-boot    leave the boot target alone (by default the Pi boots to the console,
#                  because a desktop would hold the screen the companion needs)
#   --uninstall    undo the install: service, polkit rule, journal cap, the console lock (other
#                  consoles, SysRq, Ctrl+Alt+Del), user, /etc/default/companion and the venv;
#                  the games in /var/lib/companion stay unless --purge is given too
#   --purge        with --uninstall: delete /var/lib/companion as well (every stored game)
#
# The café floor (see README "The café floor"):
#   --hub --tables t1,t2,...   this machine is the café's hub: installs mosquitto, writes its
#                  configuration, password file and ACL (one user per table and "hub"), the
#                  tables' passwords into /etc/companion/floor/<table>.password (root only:
#                  copy each to its table) and the hub's unit (companion-hub.service, floor page
#                  on 127.0.0.1:8080 unless /etc/default/companion-hub says otherwise)
#   --floor mqtt://HOST:PORT --table NAME --floor-password FILE
#                  this table sends its steps to that hub; FILE is its password from the hub,
#                  installed readable by the companion user only
set -euo pipefail

readonly APP_DIR=/opt/companion
readonly VENV="${APP_DIR}/venv"
readonly APP_USER=companion
readonly DATA_DIR=/var/lib/companion
readonly UNIT=/etc/systemd/system/companion.service
readonly DEFAULTS=/etc/default/companion
# Lets the companion user shut down/reboot (logind) and mount a USB stick (udisks2), nothing else.
readonly POLKIT_RULE=/etc/polkit-1/rules.d/50-companion.rules
# Caps the journal (where the companion logs) so the log never fills the card.
readonly JOURNALD_CONF=/etc/systemd/journald.conf.d/50-companion.conf
# A kiosk has one console: no login prompt on tty2-6, no SysRq, no Ctrl+Alt+Del.
readonly LOGIND_CONF=/etc/systemd/logind.conf.d/50-companion.conf
readonly SYSCTL_CONF=/etc/sysctl.d/50-companion.conf
readonly SYSTEM_CONF=/etc/systemd/system.conf.d/50-companion.conf
readonly CONSOLE_UNITS=(ctrl-alt-del.target getty@tty2.service getty@tty3.service getty@tty4.service
                        getty@tty5.service getty@tty6.service)
readonly GROUPS_NEEDED=(video render input gpio dialout)
readonly APT_PACKAGES=(
    python3 python3-venv python3-pip python3-dev
    # gpiozero's pin library from the OS: the venv sees it (--system-site-packages), which
    # also covers Python versions lgpio has no wheels for.
    python3-lgpio python3-gpiozero
    # only used if pip has to build lgpio from source
    swig liblgpio-dev
    rsync
    # the staff menu's shut down and reboot (through logind) and the USB export (udisksctl),
    # allowed for the companion user by the polkit rule hardware/50-companion.rules
    polkitd udisks2
)

usage() { sed -n '2,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'; }

root="${KIOSK_ROOT:-}"
dry_run=0
start=1
keep_boot=0
uninstall=0
purge=0
pin=""
# the café floor
floor_hub=0
floor_tables=""
floor_url=""
floor_table=""
floor_password=""
while (($#)); do
    case "$1" in
        --dry-run) dry_run=1 ;;
        --root) root="${2:?--root needs a directory}"; shift ;;
        --root=*) root="${1#--root=}" ;;
        --pin) pin="${2:?--pin needs 4 to 8 digits}"; shift ;;
        --pin=*) pin="${1#--pin=}" ;;
        --no-start) start=0 ;;
        --keep-boot) keep_boot=1 ;;
        --uninstall) uninstall=1 ;;
        --purge) purge=1 ;;
        # -- the café floor --
        --hub) floor_hub=1 ;;
        --tables) floor_tables="${2:?--tables needs t1,t2,...}"; shift ;;
        --floor) floor_url="${2:?--floor needs mqtt://HOST:PORT}"; shift ;;
        --table) floor_table="${2:?--table needs a name}"; shift ;;
        --floor-password) floor_password="${2:?--floor-password needs a file}"; shift ;;
        -h|--help) usage; exit 0 ;;
        # the option is not repeated: it might be a mistyped PIN
        *) echo "unknown option (try --help)" >&2; exit 2 ;;
    esac
    shift
done

valid_pin() { [[ "$1" =~ ^[0-9]{4,8}$ ]]; }
if [[ "${pin}" == "-" ]]; then
    IFS= read -r pin || true
fi
if [[ -n "${pin}" ]] && ! valid_pin "${pin}"; then
    echo "The staff PIN must be 4 to 8 digits." >&2
    exit 2
fi
if [[ ${purge} -eq 1 && ${uninstall} -eq 0 ]]; then
    echo "--purge only goes with --uninstall" >&2
    exit 2
fi
# -- the café floor: checked before anything changes --
if [[ ${floor_hub} -eq 1 && -z "${floor_tables}" ]]; then
    echo "--hub needs --tables t1,t2,... (the tables' names)" >&2
    exit 2
fi
if [[ -n "${floor_url}" && ( -z "${floor_table}" || ! -r "${floor_password}" ) ]]; then
    echo "--floor needs --table NAME and --floor-password FILE (a readable file)" >&2
    exit 2
fi

# The root everything is written under; empty for the real system.
root="${root%/}"
if [[ -n "${root}" && "${root}" != /* ]]; then
    root="$(pwd)/${root}"
fi
root_opt=()
if [[ -n "${root}" ]]; then
    root_opt=(--root "${root}")
fi

say() { printf '\n== %s\n' "$*"; }
note() { printf '   %s\n' "$*"; }
# A command as it would be typed (quotes only where needed).
show() {
    local arg
    for arg in "$@"; do
        if [[ "${arg}" =~ ^[][A-Za-z0-9_./=:@,+%-]+$ ]]; then printf ' %s' "${arg}"; else printf ' %q' "${arg}"; fi
    done
    printf '\n'
}
# A step that changes the system: shown, and run unless --dry-run.
run() {
    printf '   $'; show "$@"
    if [[ ${dry_run} -eq 0 ]]; then
        "$@"
    fi
}
# A step that only makes sense on the running system: shown, run only without --root.
run_live() {
    if [[ -n "${root}" ]]; then
        printf '   (not under --root) $'; show "$@"
    elif [[ ( "$1" == systemctl || "$1" == sysctl ) && ${dry_run} -eq 0 ]] && ! systemd_running; then
        # an image being built (a chroot): its settings count from its first boot, and sysctl
        # here would change the building machine's kernel
        printf '   (no running systemd: an image being built) $'; show "$@"
    else
        run "$@"
    fi
}

# --- plain Debian and image builds ------------------------------------------------------
# The installer also runs inside a Debian root being made into a disk image (chroot, no
# systemd running): there, reloading and restarting units is left to the first boot, while
# enabling them (files only) still happens.
systemd_running() { [[ -d /run/systemd/system ]]; }
# Raspberry Pi OS's archive has packages plain Debian lacks (python3-lgpio, liblgpio-dev);
# on plain Debian the [pi] extra brings lgpio from its aarch64 wheel instead. What apt does
# not know is left out and said; SDL's kmsdrm needs Mesa's GBM, EGL and GLES, which a Debian
# without a desktop lacks. Only where apt-get really runs: --dry-run and --root list them all.
apt_for_this_system() {
    local package
    apt_packages=()
    for package in "${APT_PACKAGES[@]}" "${KMSDRM_PACKAGES[@]}"; do
        if apt-cache show "${package}" >/dev/null 2>&1; then
            apt_packages+=("${package}")
        else
            note "${package} is not in this system's archive (plain Debian): pip brings what it is for"
        fi
    done
}
readonly KMSDRM_PACKAGES=(libgbm1 libegl1 libegl-mesa0 libgles2 libgl1-mesa-dri)
apt_packages=("${APT_PACKAGES[@]}")
# --- end of plain Debian and image builds -----------------------------------------------
# Write standard input to a file (mode $2), or say that it would.
write_file() {
    local path="$1" mode="$2"
    printf '   write %s (mode %s)\n' "${path}" "${mode}"
    if [[ ${dry_run} -eq 0 ]]; then
        mkdir -p "$(dirname "${path}")"
        cat > "${path}"
        chmod "${mode}" "${path}"
    else
        cat > /dev/null
    fi
}
group_exists() {
    if [[ -n "${root}" ]]; then grep -q "^$1:" "${root}/etc/group" 2>/dev/null; else getent group "$1" >/dev/null; fi
}
user_exists() {
    if [[ -n "${root}" ]]; then grep -q "^$1:" "${root}/etc/passwd" 2>/dev/null; else id -u "$1" >/dev/null 2>&1; fi
}

if [[ ${EUID} -ne 0 && -z "${root}" && ${dry_run} -eq 0 ]]; then
    echo "Please run as root: sudo $0 (or look first: $0 --dry-run)" >&2
    exit 1
fi
if [[ ${dry_run} -eq 1 ]]; then
    echo "Dry run: nothing is changed; these are the steps."
fi
if [[ -n "${root}" ]]; then
    echo "Installing under ${root} instead of /."
fi

# --------------------------------------------------------------------------------- uninstall
if [[ ${uninstall} -eq 1 ]]; then
    say "Service"
    if [[ -n "${root}" ]]; then
        run systemctl "${root_opt[@]}" disable companion.service || true
    else
        # || true: uninstalling twice, or after a half install, is fine
        run systemctl disable --now companion.service || true
    fi
    run rm -f "${root}${UNIT}"
    run_live systemctl daemon-reload
    # the login prompt on tty1 that the companion had replaced
    run systemctl "${root_opt[@]}" enable getty@tty1.service

    say "Permissions"
    run rm -f "${root}${POLKIT_RULE}"

    say "Log size"
    run rm -f "${root}${JOURNALD_CONF}"
    run_live systemctl restart systemd-journald

    say "Consoles, SysRq and Ctrl+Alt+Del as before"
    run systemctl "${root_opt[@]}" unmask "${CONSOLE_UNITS[@]}"
    run rm -f "${root}${LOGIND_CONF}" "${root}${SYSCTL_CONF}" "${root}${SYSTEM_CONF}"
    # the system's own SysRq setting again (Debian: 438, the safe keys); the rest at the reboot
    run_live sysctl --quiet --system

    say "Settings and program environment"
    run rm -f "${root}${DEFAULTS}"
    run rm -rf "${root}${VENV}"

    say "User ${APP_USER}"
    if user_exists "${APP_USER}"; then
        run userdel "${root_opt[@]}" "${APP_USER}"
    else
        note "no user ${APP_USER}"
    fi

    say "Games in ${DATA_DIR}"
    if [[ ${purge} -eq 1 ]]; then
        run rm -rf "${root}${DATA_DIR}"
    else
        note "kept (every stored game and the staff PIN); --uninstall --purge deletes them"
    fi
    if [[ ${dry_run} -eq 1 ]]; then
        printf '\nDry run over: nothing was changed.\n'
        exit 0
    fi
    cat <<DONE

Uninstalled. Left as they were: the program folder ${APP_DIR} (your git clone; delete it
yourself if you like), the system packages, and the screen settings (boot to the console,
no blanking). Boot to the desktop again with: sudo raspi-config nonint do_boot_behaviour B4
DONE
    exit 0
fi

# ----------------------------------------------------------------------------------- install
src_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
if [[ ! -f "${src_dir}/pyproject.toml" ]]; then
    echo "Cannot find the companion's pyproject.toml next to ${src_dir}/hardware" >&2
    exit 1
fi
if [[ ! -e "${root}/etc/rpi-issue" ]]; then
    echo "Note: this does not look like Raspberry Pi OS; carrying on anyway." >&2
fi

# Ask for the PIN before anything changes, so a typo costs nothing.
pin_hash_file="${root}${DATA_DIR}/settings.toml"
if [[ -z "${pin}" && -t 0 && ${dry_run} -eq 0 ]]; then
    while :; do
        read -r -s -p "Staff PIN, 4 to 8 digits (Enter keeps the current one): " pin; echo
        [[ -z "${pin}" ]] && break
        if ! valid_pin "${pin}"; then echo "Only 4 to 8 digits, please."; continue; fi
        read -r -s -p "The same PIN again: " again; echo
        [[ "${pin}" == "${again}" ]] && break
        echo "The two did not match."
    done
    unset again
fi

say "System packages"
export DEBIAN_FRONTEND=noninteractive
run_live apt-get update
if [[ ${dry_run} -eq 0 && -z "${root}" ]]; then apt_for_this_system; fi
run_live apt-get install -y --no-install-recommends "${apt_packages[@]}"

say "Program in ${APP_DIR}"
if [[ "${src_dir}" != "${root}${APP_DIR}" ]]; then
    run mkdir -p "${root}${APP_DIR}"
    # The venv and local settings in APP_DIR survive: excluded paths are never deleted. What a
    # checkout builds (build/: disk images of gigabytes, firmware; dist/: wheels) is not the
    # program and is not copied.
    run rsync -a --delete --exclude '/venv/' --exclude '/.venv/' --exclude '__pycache__/' \
        --exclude '/build/' --exclude '/dist/' "${src_dir}/" "${root}${APP_DIR}/"
fi
run chmod -R a+rX "${root}${APP_DIR}"

say "User ${APP_USER}"
if [[ -n "${root}" ]]; then
    # groupadd and useradd --root lock and edit the account files under the root; on an empty
    # root there are none, and they stop ("cannot lock /etc/group"). Empty ones will do.
    for account_file in passwd:0644 group:0644 shadow:0640 gshadow:0640; do
        if [[ ! -e "${root}/etc/${account_file%%:*}" ]]; then
            run install -D -m "${account_file##*:}" /dev/null "${root}/etc/${account_file%%:*}"
        fi
    done
fi
for group in "${GROUPS_NEEDED[@]}"; do
    # The unit names these groups; systemd refuses to start if one is missing.
    group_exists "${group}" || run groupadd "${root_opt[@]}" --system "${group}"
done
if ! user_exists "${APP_USER}"; then
    run useradd "${root_opt[@]}" --system --user-group --home-dir "${DATA_DIR}" --no-create-home \
        --shell /usr/sbin/nologin "${APP_USER}"
fi
run usermod "${root_opt[@]}" -a -G "$(IFS=,; echo "${GROUPS_NEEDED[*]}")" "${APP_USER}"

say "Python environment ${VENV}"
if [[ ! -x "${root}${VENV}/bin/python" ]]; then
    run python3 -m venv --system-site-packages "${root}${VENV}"
fi
run "${root}${VENV}/bin/python" -m pip install --quiet --upgrade pip
# Editable: the café's edits to ${APP_DIR}/assets and hardware/pins.toml count at the next start.
run "${root}${VENV}/bin/python" -m pip install --quiet -e "${root}${APP_DIR}[pi]"
# The bytecode, made now: the service may not write ${APP_DIR} (ProtectSystem=strict), so
# without it every start would compile each module it imports again (some 200 M instructions
# for a game's screen, a noticeable wait on a Pi Zero 2 W). Under --root, the paths the
# bytecode names are those of the running system.
compile_opt=(-q)
[[ -n ${root} ]] && compile_opt+=(-s "${root}" -p /)
run "${root}${VENV}/bin/python" -m compileall "${compile_opt[@]}" "${root}${APP_DIR}/companion"
run chmod -R a+rX "${root}${VENV}" "${root}${APP_DIR}/companion"

say "Settings ${DEFAULTS}"
if [[ ! -e "${root}${DEFAULTS}" ]]; then
    write_file "${root}${DEFAULTS}" 0644 <<'SETTINGS'
# Settings for the companion service (read by /etc/systemd/system/companion.service).
# After a change: sudo systemctl restart companion

# Language of the screens: de or en.
#COMPANION_LANG=de

# Extra arguments, e.g. a serial button box (see /opt/companion/hardware/serial-box.md):
#COMPANION_ARGS=--serial /dev/serial/by-id/usb-Arduino_LLC_Arduino_Micro-if00

# Another pin map than /opt/companion/hardware/pins.toml:
#COMPANION_PINS=/etc/companion-pins.toml
SETTINGS
else
    note "kept as it is"
fi

say "Games and the staff PIN in ${DATA_DIR}"
run install -d -m 0750 "${root}${DATA_DIR}"
if [[ -n "${pin}" ]]; then
    printf '   $ %s -m companion.staff_pin set --data %s   (the PIN on standard input, not shown)\n' \
        "${root}${VENV}/bin/python" "${root}${DATA_DIR}"
    if [[ ${dry_run} -eq 0 ]]; then
        # printf is a shell builtin: the PIN never appears on a command line.
        printf '%s\n' "${pin}" | "${root}${VENV}/bin/python" -m companion.staff_pin set --data "${root}${DATA_DIR}"
    fi
    unset pin
elif [[ -e "${pin_hash_file}" ]] && grep -q '^pin *= *"scrypt\$' "${pin_hash_file}"; then
    note "staff PIN kept as it is"
else
    note "NO STAFF PIN SET YET. Run this again in a terminal (it asks), or: sudo $0 --pin - < file"
fi
if [[ -z "${root}" ]]; then
    run chown -R "${APP_USER}:${APP_USER}" "${DATA_DIR}"
else
    note "(under --root the owner is left to systemd's StateDirectory= at the first start)"
fi

say "Permissions: shut down, reboot, USB stick"
# Why polkit and not sudo: sudo is a setuid program, which the unit's NoNewPrivileges=yes
# (kept on: a player who broke out of the app gains nothing) does not let run. systemctl asks
# logind and udisksctl asks udisksd over D-Bus instead; polkit answers for them, and this rule
# allows the companion user only power-off, reboot, mounting a stick and powering it off.
# polkitd picks a new rule up by itself.
printf '   $ cat %s\n' "${root}${APP_DIR}/hardware/50-companion.rules"
while IFS= read -r rule_line; do printf '     | %s\n' "${rule_line}"; done < "${src_dir}/hardware/50-companion.rules"
run install -D -m 0644 "${root}${APP_DIR}/hardware/50-companion.rules" "${root}${POLKIT_RULE}"

say "Log size"
# The companion logs to the journal only; capped here (64 MB on the card, 16 MB in RAM), the
# log can never fill the card the games are on.
run install -D -m 0644 "${root}${APP_DIR}/hardware/journald-companion.conf" "${root}${JOURNALD_CONF}"
run_live systemctl restart systemd-journald

say "Service"
run install -D -m 0644 "${root}${APP_DIR}/hardware/companion.service" "${root}${UNIT}"
run_live systemctl daemon-reload
# The companion takes tty1; a login prompt there would fight it for the screen.
run systemctl "${root_opt[@]}" disable getty@tty1.service || true
run systemctl "${root_opt[@]}" enable companion.service

say "Consoles, SysRq and Ctrl+Alt+Del"
# A player at the keyboard must not reach a login prompt (Ctrl+Alt+F2), reboot the table or
# kill the companion (Alt+SysRq, Ctrl+Alt+Del). --uninstall gives all three back.
run install -D -m 0644 "${root}${APP_DIR}/hardware/kiosk-logind.conf" "${root}${LOGIND_CONF}"
run install -D -m 0644 "${root}${APP_DIR}/hardware/kiosk-sysctl.conf" "${root}${SYSCTL_CONF}"
run install -D -m 0644 "${root}${APP_DIR}/hardware/kiosk-system.conf" "${root}${SYSTEM_CONF}"
run systemctl "${root_opt[@]}" mask "${CONSOLE_UNITS[@]}"
# SysRq off at once; the consoles and Ctrl+Alt+Del's burst at the next boot
run_live sysctl --quiet --load "${SYSCTL_CONF}"

say "Screen"
if [[ -n "${root}" ]] || command -v raspi-config >/dev/null 2>&1; then
    # 1 = blanking off. A failure here is not worth an unfinished install.
    run_live raspi-config nonint do_blanking 1 || echo "raspi-config could not turn blanking off" >&2
    if [[ ${keep_boot} -eq 0 ]]; then
        # B1 = console: no desktop holding the display the companion draws on.
        run_live raspi-config nonint do_boot_behaviour B1 || echo "raspi-config could not set the boot target" >&2
    fi
else
    note "no raspi-config here: blanking and the boot target left alone"
fi
# The console blanks after 10 minutes unless told otherwise on the kernel command line.
for cmdline in "${root}/boot/firmware/cmdline.txt" "${root}/boot/cmdline.txt"; do
    if [[ -f "${cmdline}" ]]; then
        if ! grep -q 'consoleblank=0' "${cmdline}"; then
            run sed -i '1 s/$/ consoleblank=0/' "${cmdline}"
        fi
        break
    fi
done

# -- the café floor (install-kiosk.sh --hub / --floor URL --table NAME) ----------------------
if [[ ${floor_hub} -eq 1 || -n "${floor_url}" ]]; then
    say "The café floor"
    # the hub's web server and the tables' MQTT client
    run "${root}${VENV}/bin/python" -m pip install --quiet -e "${root}${APP_DIR}[pi,hub]"
fi
if [[ ${floor_hub} -eq 1 ]]; then
    run_live apt-get install -y mosquitto
    run install -d -m 0755 "${root}/etc/companion"
    run "${root}${VENV}/bin/python" -m companion.floor.setup hub --tables "${floor_tables}" \
        --conf "${root}/etc/mosquitto" --secrets "${root}/etc/companion/floor"
    run install -m 0640 "${root}/etc/companion/floor/hub.password" "${root}/etc/companion/hub-password"
    if [[ -z "${root}" ]]; then  # mosquitto reads its files, the hub's unit its password
        run chgrp mosquitto /etc/mosquitto/companion-passwords /etc/mosquitto/companion-acl
        run chgrp "${APP_USER}" /etc/companion/hub-password
    fi
    run install -D -m 0644 "${root}${APP_DIR}/hardware/companion-hub.service" "${root}/etc/systemd/system/companion-hub.service"
    run_live systemctl daemon-reload
    run systemctl "${root_opt[@]}" enable mosquitto.service companion-hub.service
    run_live systemctl restart mosquitto.service companion-hub.service
    note "the tables' passwords: /etc/companion/floor/<table>.password (copy each to its table)"
    note "the floor page's staff PIN: sudo -u ${APP_USER} ${VENV}/bin/python -m companion.staff_pin set --data /var/lib/companion-hub"
fi
if [[ -n "${floor_url}" ]]; then
    run install -d -m 0755 "${root}/etc/companion"
    run install -m 0600 "${floor_password}" "${root}/etc/companion/floor-password"
    if [[ -z "${root}" ]]; then  # the companion's unit alone reads it
        run chown "${APP_USER}" /etc/companion/floor-password
    fi
    run "${root}${VENV}/bin/python" -m companion.floor.setup table --data "${root}${DATA_DIR}" \
        --broker "${floor_url}" --table "${floor_table}" --password-file /etc/companion/floor-password
fi

if [[ ${start} -eq 1 ]]; then
    say "Starting"
    run_live systemctl restart companion.service
    if [[ -z "${root}" && ${dry_run} -eq 0 ]]; then
        systemctl --no-pager --lines=5 status companion.service || true
    fi
fi

if [[ ${dry_run} -eq 1 ]]; then
    printf '\nDry run over: nothing was changed.\n'
    exit 0
fi
cat <<DONE

Done. The companion starts on every boot (a reboot applies the screen settings).
  Logs:       journalctl -u companion -f
  Settings:   ${DEFAULTS}
  Staff PIN:  sudo $0   (asks; stored as a hash in ${DATA_DIR}/settings.toml)
  Pin map:    ${APP_DIR}/hardware/pins.toml   (wiring: ${APP_DIR}/hardware/WIRING.md)
  Test pins:  sudo systemctl stop companion
              sudo -u ${APP_USER} SDL_VIDEODRIVER=kmsdrm ${VENV}/bin/companion selftest
              sudo systemctl start companion
  Uninstall:  sudo $0 --uninstall   (keeps the games; add --purge to delete them)
DONE
