"""The appliance, booted and cut: the image of ``make image`` in qemu-system-aarch64 (the Pi
Zero 2 W's Cortex-A53 and 512 MB), checked from outside the guest through QMP and the serial
console. Figures are printed (``-s``); ``make appliance-test`` runs it.

- boot to the unit's READY and the menu's first frame (a QMP screendump against the menu the
  same code draws on this machine);
- a Suleika game played by key and pointer events sent through QMP;
- power cuts at random moments, during commits too: the next boot keeps every stored step (those
  shown, or one more), ``PRAGMA integrity_check`` is ok, a settings file written at the cut is
  the old or the new one;
- the watchdog restarts a frozen app (SIGSTOP); ``systemctl stop`` takes under 2 s;
- the read-only root is unchanged by all of it.
"""

from __future__ import annotations

import hashlib
import os
import random
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.appliance.vm import VM, fresh_disk, have_qemu

pytestmark = pytest.mark.appliance

IMAGE_DIR = Path(os.environ.get("APPLIANCE_IMAGE", "build/image"))
CUTS = int(os.environ.get("APPLIANCE_CUTS", "20"))
DB = "/var/lib/companion/companion.sqlite3"
# the newest game's stored steps and the store's own check, read on the guest
PROBE = ("python3 -c \"import sqlite3; c=sqlite3.connect('file:" + DB + "?mode=ro', uri=True); "
         "print('steps', c.execute('select count(*) from actions where game_id=(select max(id) from games) and seq>=0').fetchone()[0]); "
         "print('check', c.execute('pragma integrity_check').fetchone()[0]); "
         "last=c.execute('select action from actions where game_id=(select max(id) from games) and seq>=0 order by seq desc limit 1').fetchone(); "
         "print('last', last[0] if last else '{}')\"")
SETTINGS_PROBE = ("python3 -c \"import tomllib; d=tomllib.load(open('/var/lib/companion/settings.toml','rb')); "
                  "print('settings', 'staff' in d and d['staff']['pin'].startswith('scrypt'))\"")
# A café's box files on the appliance live on the data partition (the root is read-only; see
# docs/appliance.md): one of them rewritten as the docs say, a copy synced and renamed over it
BOX = "/var/lib/companion/box/suleika.toml"
BOX_SEED = (f"mkdir -p {BOX.rsplit('/', 1)[0]} && cp /opt/companion/assets/suleika.toml {BOX}.a && "
            f"cp {BOX}.a {BOX}.b && echo '# changed to match our box' >> {BOX}.b && cp {BOX}.a {BOX} && "
            f"sync -f {BOX}; sha256sum {BOX}.a {BOX}.b")
BOX_UPDATES = (f"(for i in $(seq 100); do v=$([ $((i % 2)) = 0 ] && echo a || echo b); cp {BOX}.$v {BOX}.new && "
               f"sync {BOX}.new && mv -f {BOX}.new {BOX} && sync -f {BOX}; done) >/dev/null 2>&1 &")
# Suleika's keys: heading, roll, placing; illegal ones are refused on screen and change nothing
KEYS = ["left", "right", "up", "r", "ret", "ret", "r", "ret"]


def _partitions(disk: Path) -> list[tuple[str, int, int]]:
    """The disk's parts in bytes, in order: what lies before the root (the partition table),
    the root, the data partition, what follows (the table's backup copy)."""
    out = subprocess.run(["sfdisk", "-J", str(disk)], capture_output=True, text=True, check=True).stdout
    import json
    root, data = json.loads(out)["partitiontable"]["partitions"][:2]
    r0, r1 = root["start"] * 512, (root["start"] + root["size"]) * 512
    d0, d1 = data["start"] * 512, (data["start"] + data["size"]) * 512
    return [("table", 0, r0), ("root", r0, r1), ("gap", r1, d0), ("data", d0, d1),
            ("table copy", d1, disk.stat().st_size)]


def _part_sums(disk: Path) -> dict[str, str]:
    """A checksum of each part of the disk (see :func:`_partitions`)."""
    sums: dict[str, str] = {}
    with disk.open("rb") as f:
        for name, begin, end in _partitions(disk):
            digest = hashlib.sha256()
            f.seek(begin)
            left = end - begin
            while left:
                chunk = f.read(min(left, 1 << 22))
                digest.update(chunk)
                left -= len(chunk)
            sums[name] = digest.hexdigest()
    return sums


def _wait_ready(vm: VM, timeout: float = 600) -> float:
    """Seconds from qemu's start until the unit is active (Type=notify: READY=1 after the
    first frame)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        status, out = vm.sh("systemctl is-active companion", 30)
        if out.strip() == "active":
            return time.monotonic() - vm.started
        time.sleep(2)
    raise TimeoutError("companion.service not active")


def _probe(vm: VM) -> dict[str, str]:
    status, out = vm.sh(PROBE, 60)
    assert status == 0, out
    return dict(line.split(" ", 1) for line in out.strip().splitlines() if " " in line)


def _menu_reference(path: Path) -> Path:
    """The menu's first frame as this machine draws it (same code, same fonts), with the games
    the image carries: the companion's own (the test venv may also hold the tests' race)."""
    code = ("import importlib.metadata as md\n"
            "every = md.entry_points\n"
            "md.entry_points = lambda **kw: [p for p in every(**kw) if p.dist is not None and p.dist.name == 'companion']\n"
            "import sys, tempfile; from companion import root; from companion.session.store import Store\n"
            "store = Store(tempfile.mktemp(suffix='.sqlite3'))\n"
            "app, scene, sources = root.start(store, fullscreen=False, gpio=False)\n"
            "app.show(scene); scene.draw(app.screen); app.screenshot(sys.argv[1])\n")
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "GPIOZERO_PIN_FACTORY": "mock"}
    subprocess.run([sys.executable, "-c", code, str(path)], env=env, check=True, timeout=120)
    return path


def _difference(a: Path, b: Path) -> float:
    """The share of pixels that differ between two pictures of the screen."""
    import pygame
    one, two = pygame.image.load(str(a)), pygame.image.load(str(b))
    assert one.get_size() == two.get_size(), (one.get_size(), two.get_size())
    w, h = one.get_size()
    differ = sum(1 for x in range(0, w, 2) for y in range(0, h, 2) if one.get_at((x, y))[:3] != two.get_at((x, y))[:3])
    return differ / ((w // 2) * (h // 2))


@pytest.fixture(scope="module")
def vm(tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    image = IMAGE_DIR / "companion-arm64.img"
    assert have_qemu(), "apt-get install qemu-system-arm"
    assert image.exists(), f"no {image}: make image first"
    work = tmp_path_factory.mktemp("appliance")
    machine = VM(IMAGE_DIR, work, fresh_disk(image, work))
    machine.sums = _part_sums(machine.disk)  # type: ignore[attr-defined]
    yield machine
    machine.cut()


def test_boot_to_ready_and_the_menu(vm: VM, tmp_path: Path) -> None:
    vm.boot()
    shell = vm.wait_for_shell()
    ready = _wait_ready(vm)
    status, out = vm.sh("systemctl show companion -p ActiveEnterTimestampMonotonic --value", 30)
    guest = int(out.strip() or 0) / 1e6
    print(f"\nboot: root shell {shell:.1f} s, unit READY {ready:.1f} s after qemu started "
          f"({guest:.1f} s after the guest kernel started)")
    time.sleep(2)
    shot = vm.screendump(tmp_path / "menu.ppm")
    share = _difference(shot, _menu_reference(tmp_path / "menu-here.png"))
    print(f"menu: {share:.2%} of the pixels differ from the menu drawn here")
    assert share < 0.02


def test_a_game_by_keys_and_taps(vm: VM) -> None:
    vm.key("ret")          # Suleika, the first game of the menu
    time.sleep(3)
    vm.key("ret")          # the setup's defaults
    time.sleep(5)
    for qcode in KEYS * 2:
        vm.key(qcode)
        time.sleep(1.5)
    vm.tap(700, 240)       # a tap on the side panel (refused or acted on: never twice)
    time.sleep(2)
    found = _probe(vm)
    print(f"game: {found['steps']} steps stored after {len(KEYS) * 2} presses and a tap")
    assert int(found["steps"]) > 0 and found["check"] == "ok"


def _chord(vm: VM, *qcodes: str) -> None:
    """Keys held together, as a player's hand does: pressed in order, let go in reverse."""
    for down, keys in ((True, qcodes), (False, tuple(reversed(qcodes)))):
        for qcode in keys:
            vm.qmp("input-send-event", events=[{"type": "key", "data": {"down": down, "key": {"type": "qcode", "data": qcode}}}])
            time.sleep(0.05)


#: the active virtual terminal ("tty1"), read where the kernel shows it (the image has no kbd tools)
ACTIVE_VT = "cat /sys/class/tty/tty0/active"
#: ``chvt 2``: VT_ACTIVATE then VT_WAITACTIVE on /dev/tty0, which waits while the switch is refused
CHVT_2 = ("timeout 5 python3 -c \"import fcntl, os; fd = os.open('/dev/tty0', os.O_RDWR); "
          "fcntl.ioctl(fd, 0x5606, 2); fcntl.ioctl(fd, 0x5607, 2)\"; echo $?")


def _black(path: Path) -> float:
    """The share of pure black pixels: a text console is nearly all black, the app has none."""
    import pygame
    shot = pygame.image.load(str(path))
    w, h = shot.get_size()
    black = sum(1 for x in range(0, w, 2) for y in range(0, h, 2) if shot.get_at((x, y))[:3] == (0, 0, 0))
    return black / ((w // 2) * (h // 2))


def test_the_console_stays_with_the_kiosk(vm: VM, tmp_path: Path) -> None:
    """Ctrl+Alt+F2, Alt+F3 and ``chvt 2`` switch to nothing: the kiosk holds its console
    (``companion/ui/console.py``) and the app stays on the screen."""
    _, first = vm.sh(ACTIVE_VT, 30)
    seen = []
    for what, do in (("Ctrl+Alt+F2", lambda: _chord(vm, "ctrl", "alt", "f2")),
                     ("Alt+F3", lambda: _chord(vm, "alt", "f3")),
                     ("chvt 2", lambda: seen.append(vm.sh(CHVT_2, 30)[1].strip()))):
        do()
        time.sleep(2)
        _, vt = vm.sh(ACTIVE_VT, 30)
        black = _black(vm.screendump(tmp_path / "after.ppm"))
        print(f"console: {what}: {first.strip()} before, {vt.strip()} after; {black:.1%} of the screen black")
        assert vt.strip() == first.strip() == "tty1"
        assert black < 0.05
    print(f"console: chvt 2 waited and was ended by timeout (status {seen[0]}): the switch was refused")
    assert seen == ["124"]


def _stop_story(vm: VM) -> str:
    """What systemd logged of the last stop, with the guest's clock."""
    _, out = vm.sh("journalctl -u companion -o short-monotonic --no-pager -n 40 | "
                   "grep -E 'Stopping|Deactivated|Stopped|Consumed|Killing' | tail -4", 30)
    return out.strip()


def test_the_watchdog_and_the_stop(vm: VM) -> None:
    _, pid = vm.sh("systemctl show companion -p MainPID --value", 30)
    started = time.monotonic()
    vm.sh(f"kill -STOP {pid.strip()}", 30)
    killed = None
    while True:
        _, now = vm.sh("systemctl show companion -p MainPID --value; systemctl is-active companion", 30)
        new_pid, state = (now.split() + ["", ""])[:2]
        if killed is None and new_pid != pid.strip():
            killed = time.monotonic() - started
        if new_pid not in ("0", pid.strip()) and state == "active":
            break
        assert time.monotonic() - started < 180, "the frozen app was not restarted"
        time.sleep(1)
    _, why = vm.sh("journalctl -u companion --no-pager -o cat | grep -i watchdog | tail -2", 30)
    print(f"watchdog: frozen app gone {killed:.1f} s after SIGSTOP, a new app READY "
          f"{time.monotonic() - started:.1f} s after it (WatchdogSec=15, RestartSec=2)\n  {why.strip()}")
    assert "watchdog" in why.lower()
    seconds = []
    for _ in range(3):
        # systemd's own clock: from the stop's start (SIGTERM) to the unit inactive, every
        # process of it gone; the command's time around it also counts systemctl starting up
        # and asking systemd over D-Bus, slow under emulation
        status, out = vm.sh("s=$(date +%s.%N); systemctl stop companion; e=$(date +%s.%N); "
                            "python3 -c \"print(round($e-$s, 2))\"; systemctl is-failed companion; "
                            "systemctl show companion -p ActiveExitTimestampMonotonic --value; "
                            "systemctl show companion -p InactiveEnterTimestampMonotonic --value", 60)
        command, state, began, ended = out.split()[:4]
        seconds.append((int(ended) - int(began)) / 1e6)
        print(f"stop: the unit stopped in {seconds[-1]:.2f} s (systemctl stop took {command} s), unit {state}\n"
              f"{_stop_story(vm)}")
        vm.sh("systemctl start companion", 180)
        _wait_ready(vm)
    vm.key("ret")          # the start offers the unfinished game: go on with it
    time.sleep(3)
    assert max(seconds) < 2.0, seconds


def _acting_key(vm: VM, last: str) -> str:
    """A key that makes one step now: after a roll the carpet is laid (RIGHT picks a place,
    which is not a step; OK lays it), else the die is rolled."""
    if '"roll"' in last:
        vm.key("right")
        time.sleep(1.0)
        return "ret"
    return "r"


def test_power_cuts_lose_nothing_that_was_shown(vm: VM) -> None:
    rng = random.Random(int(os.environ.get("APPLIANCE_SEED", "1")))
    lost = bad = 0
    _, sums = vm.sh(BOX_SEED, 60)
    box_versions = {line.split()[0] for line in sums.strip().splitlines()}
    outcomes: list[tuple[float, int]] = []
    for cut in range(CUTS):
        found = _probe(vm)
        before = int(found["steps"])
        also = ""
        if cut % 5 == 4:   # a settings file being written at the cut
            vm.sh("(for i in $(seq 50); do echo 2468 | /opt/companion/venv/bin/python -m companion.staff_pin set "
                  "--data /var/lib/companion >/dev/null 2>&1; done) & sleep 1", 30)
            also = ", settings.toml being rewritten"
        elif cut % 5 == 2:  # a box file being replaced at the cut
            vm.sh(BOX_UPDATES + " sleep 1", 30)
            also = ", a box file being replaced"
        key = _acting_key(vm, found.get("last", ""))
        if cut % 2 == 1:    # within the first moments after the press: while the step is committed
            wait = rng.uniform(0.0, 0.06)
            vm.key_down(key)
        else:               # later, once the step is stored (or about to be)
            wait = rng.uniform(0.0, 1.5)
            vm.key(key)
        time.sleep(wait)    # the cut before, during or after the step's commit
        vm.cut()
        vm.boot()
        vm.wait_for_shell()
        _wait_ready(vm)
        time.sleep(2)
        vm.key("ret")        # the start offers the unfinished game: OK goes on with it
        time.sleep(3)
        after = _probe(vm)
        _, settings = vm.sh(SETTINGS_PROBE, 60)
        _, box = vm.sh(f"sha256sum {BOX}; ls -a {BOX.rsplit('/', 1)[0]}", 30)
        box_ok = box.split()[0] in box_versions
        steps = int(after["steps"])
        lost += steps < before
        bad += after["check"] != "ok" or "settings True" not in settings or not box_ok
        outcomes.append((wait, steps - before))
        print(f"cut {cut + 1}: key {key}, cut {wait:.2f} s after it{also}: steps {before} -> {steps}, "
              f"integrity {after['check']}, {settings.strip()}, box file {'old or new' if box_ok else 'TORN'}")
        assert steps > 0
        assert before <= steps <= before + 1
        for qcode in rng.sample(KEYS, 3):    # the resumed game goes on
            vm.key(qcode)
            time.sleep(1.0)
    kept = [w for w, d in outcomes if d == 1]
    gone = [w for w, d in outcomes if d == 0]
    print(f"power cuts: {CUTS}, lost steps {lost}, integrity, settings or box file failures {bad}; "
          f"the step pressed before the cut was stored in {len(kept)} cuts "
          f"(cut {min(kept, default=0):.2f}-{max(kept, default=0):.2f} s after the key), not yet in {len(gone)} "
          f"(cut {min(gone, default=0):.2f}-{max(gone, default=0):.2f} s after the key)")
    assert lost == 0 and bad == 0


def test_the_read_only_root_is_unchanged(vm: VM) -> None:
    vm.cut()
    now = _part_sums(vm.disk)
    changed = [name for name in now if now[name] != vm.sums[name]]  # type: ignore[attr-defined]
    print(f"disk after every cut: changed {changed or 'nothing'}; root partition sha256 "
          f"{now['root'][:16]}… {'unchanged' if 'root' not in changed else 'CHANGED'}")
    assert changed == ["data"]
