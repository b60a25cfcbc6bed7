"""Saving a game's record on a USB stick, on a Pi without a desktop.

Raspberry Pi OS Lite mounts nothing by itself, so the export finds the stick and mounts it:

1. ``lsblk --json`` lists the block devices; a stick is a partition (or an unpartitioned
   disk) with a file system on a disk that hangs on USB or is removable (never the SD card).
2. ``udisksctl mount`` mounts it for the companion user (udisks2 is installed by the
   installer; its polkit rule ``hardware/50-companion.rules`` allows mounting and powering a
   stick off, nothing else), usually at ``/media/companion/<label>``.
3. The record is written and synced (file and folder), then ``udisksctl unmount`` and
   ``udisksctl power-off``: the stick may be pulled out as soon as the screen says so.

A stick is anybody's: what it holds under the record's name may be a link to the games
database or to the staff's settings, or a named pipe that never takes a byte. So the record
goes to a new file of its own (``O_CREAT | O_EXCL | O_NOFOLLOW | O_NONBLOCK``) on the stick's
file system, renamed over the name only once it is written and synced; a name that is there
as anything but a plain file, or a folder that is not on the stick, is refused and nothing is
written. And it all happens on a thread of its own (:class:`Export`): a stick that hangs never
holds up the screen.

A stick some other program mounted already (a desktop's automounter) is written to where it
is and left mounted; after the sync it may be pulled out too. Without ``lsblk`` (not Linux)
the usual automount folders are looked at instead.

The commands go through :data:`run`, which tests replace.
"""

from __future__ import annotations

import glob
import json
import os
import re
import stat
import subprocess
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

#: runs a command; tests replace it
run: Callable[..., subprocess.CompletedProcess[str]] = subprocess.run

#: where a desktop's automounter puts sticks
USB_GLOBS = ("/media/*/*", "/run/media/*/*")
#: file systems a stick may carry that Linux writes
FILE_SYSTEMS = {"vfat", "exfat", "ntfs", "ntfs3", "ext2", "ext3", "ext4", "btrfs", "f2fs"}
LSBLK = ("lsblk", "--json", "--paths", "--output", "NAME,TYPE,RM,HOTPLUG,TRAN,FSTYPE,LABEL,MOUNTPOINT")


@dataclass(frozen=True)
class Stick:
    device: str  # /dev/sda1
    disk: str  # /dev/sda
    label: str
    mountpoint: str | None


@dataclass(frozen=True)
class Saved:
    """What became of an export: ``code`` names the words (``usb_<code>`` in staff.*.toml)."""

    code: str  # done, no_stick, no_udisks, mount_failed, write_failed, refused
    file: str = ""
    label: str = ""
    detail: str = ""


def _yes(value: Any) -> bool:
    # lsblk writes true/false, older versions "1"/"0"
    return value is True or value in ("1", 1, "true")


def _mounted(path: Path) -> bool:
    return os.path.ismount(path) and os.access(path, os.W_OK)


def usb_drives() -> list[Path]:
    """Mounted removable drives in the automounter's folders that we may write to."""
    found = [Path(p) for pattern in USB_GLOBS for p in sorted(glob.glob(pattern))]
    return [p for p in found if _mounted(p)]


def sticks() -> list[Stick] | None:
    """The USB sticks plugged in (mounted or not); None when lsblk cannot be asked."""
    try:
        done = run(list(LSBLK), capture_output=True, text=True, timeout=10)
        devices = json.loads(done.stdout).get("blockdevices", []) if done.returncode == 0 else None
    except (OSError, subprocess.SubprocessError, ValueError, AttributeError):
        return None
    if not isinstance(devices, list):
        return None
    out: list[Stick] = []
    for disk in devices:
        if not isinstance(disk, dict) or disk.get("type") != "disk" or "mmcblk" in str(disk.get("name")):
            continue
        if disk.get("tran") != "usb" and not _yes(disk.get("rm")) and not _yes(disk.get("hotplug")):
            continue
        parts = [p for p in disk.get("children") or [] if isinstance(p, dict)] or [disk]
        for part in parts:
            if part.get("fstype") in FILE_SYSTEMS:
                out.append(Stick(str(part["name"]), str(disk["name"]), str(part.get("label") or ""),
                                 part.get("mountpoint") or None))
    return out


def _udisks(*args: str) -> subprocess.CompletedProcess[str]:
    return run(["udisksctl", *args, "--no-user-interaction"], capture_output=True, text=True, timeout=30)


def mount(stick: Stick) -> tuple[Path | None, Saved | None]:
    """Mount ``stick`` through udisks2: the folder, or why not."""
    try:
        done = _udisks("mount", "--block-device", stick.device)
    except FileNotFoundError as exc:
        return None, Saved("no_udisks", detail=str(exc))
    except (OSError, subprocess.SubprocessError) as exc:
        return None, Saved("mount_failed", label=stick.label, detail=str(exc))
    said = (done.stdout or "").strip()
    found = re.search(r" at (/.+?)\.?$", said)
    if done.returncode != 0 or found is None:
        return None, Saved("mount_failed", label=stick.label, detail=(done.stderr or said).strip())
    return Path(found.group(1)), None


class Refused(OSError):
    """The stick holds something under the record's name that is not a plain file (a link, a
    pipe, a folder), or the folder is not on the stick: nothing was written."""


#: how a file on the stick is opened: never through a link, never waiting on a pipe
OPEN_FLAGS = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0)


def _stick_device(device: str) -> int | None:
    """The device number of the stick's file system (``st_rdev`` of its block device), or
    None when there is no such block device to ask (no lsblk, tests)."""
    try:
        st = os.stat(device) if device else None
    except OSError:
        return None
    return st.st_rdev if st is not None and stat.S_ISBLK(st.st_mode) else None


def write_synced(path: Path, text: str, device: str = "") -> None:
    """Write ``text`` as ``path`` on the stick and make sure it is there, name and all.

    The text goes to a new hidden file beside ``path`` (made here, never followed, never
    waited on), is synced, and then renamed to ``path``: whatever was under that name (a
    link to the games file, a pipe) is replaced, never written through. Raises
    :class:`Refused` when ``path`` is there as anything but a plain file or the folder is not
    on the stick's file system (``device``, when known), ``OSError`` when writing fails."""
    folder = os.open(path.parent, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | getattr(os, "O_CLOEXEC", 0))
    try:
        home = os.fstat(folder).st_dev
        expected = _stick_device(device)
        if expected is not None and home != expected:
            raise Refused(0, f"{path.parent} is not on the stick {device}")
        try:
            there = os.stat(path.name, dir_fd=folder, follow_symlinks=False)
        except FileNotFoundError:
            there = None
        if there is not None and (not stat.S_ISREG(there.st_mode) or there.st_dev != home):
            raise Refused(0, f"{path} is there already and is not a plain file")
        temp = f".{path.name}.{os.getpid()}.{threading.get_ident()}.part"
        fd = os.open(temp, OPEN_FLAGS, 0o644, dir_fd=folder)
        try:
            try:
                st = os.fstat(fd)
                if not stat.S_ISREG(st.st_mode) or st.st_dev != home:  # made just now: cannot be
                    raise Refused(0, f"{temp} is not a plain file on the stick")
                data = text.encode("utf-8")
                done = 0
                while done < len(data):
                    done += os.write(fd, data[done:])
                os.fsync(fd)
            finally:
                os.close(fd)
            os.rename(temp, path.name, src_dir_fd=folder, dst_dir_fd=folder)
        except BaseException:
            try:
                os.unlink(temp, dir_fd=folder)
            except OSError:
                pass
            raise
        os.fsync(folder)
    finally:
        os.close(folder)
    os.sync()


def save_to_stick(name: str, text: str) -> Saved:
    """Find a stick, mount it if need be, write ``name`` with ``text``, sync, unmount."""
    found = sticks()
    if found is None:  # no lsblk: only what a desktop mounted already
        drives = usb_drives()
        if not drives:
            return Saved("no_stick")
        found = [Stick("", "", drives[0].name, str(drives[0]))]
    if not found:
        return Saved("no_stick")
    stick = next((s for s in found if s.mountpoint), found[0])
    ours = stick.mountpoint is None
    folder: Path | None = Path(stick.mountpoint) if stick.mountpoint else None
    if folder is None:
        folder, failed = mount(stick)
        if failed is not None:
            return failed
    assert folder is not None
    label = stick.label or folder.name
    target = folder / name
    try:
        write_synced(target, text, stick.device)
    except Refused as exc:
        return Saved("refused", file=name, label=label, detail=exc.strerror or str(exc))
    except OSError as exc:
        return Saved("write_failed", label=label, detail=exc.strerror or str(exc))
    finally:
        if ours:
            try:
                _udisks("unmount", "--block-device", stick.device)
                _udisks("power-off", "--block-device", stick.disk)
            except (OSError, subprocess.SubprocessError):
                pass  # written and synced: pulling the stick out loses nothing
    return Saved("done", file=name, label=label)


class Export:
    """One export on a thread of its own: the screen keeps drawing while a stick is found,
    mounted, written and unmounted (each may take seconds, a broken stick much longer).
    ``result`` is None until it is done; ``done`` is called (from the thread) when it is."""

    def __init__(self, name: str, text: str, done: Callable[[], None] = lambda: None,
                 save: Callable[[str, str], Saved] | None = None) -> None:
        self.name, self.text, self._done = name, text, done
        self._save = save or save_to_stick
        self.result: Saved | None = None
        self.thread = threading.Thread(target=self._work, name="usb-export", daemon=True)
        self.thread.start()

    def _work(self) -> None:
        try:
            self.result = self._save(self.name, self.text)
        except Exception as exc:  # noqa: BLE001 -- a fault on the thread is told, never lost
            self.result = Saved("write_failed", detail=f"{type(exc).__name__}: {exc}")
        self._done()

    @property
    def busy(self) -> bool:
        return self.result is None
