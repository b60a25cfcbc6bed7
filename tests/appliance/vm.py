"""The appliance image in qemu-system-aarch64, seen from outside: the Pi Zero 2 W's core and
memory (``-M virt -cpu cortex-a53 -m 512``), a virtio GPU for kmsdrm, a virtio keyboard for
the buttons' keys, a virtio tablet as the touch panel, a serial console with a root shell and
a QMP socket. A power cut is SIGKILL of qemu: with a raw disk in ``cache=writeback`` whatever
the guest had not written back or flushed is gone, as at a real power cut (the host's page
cache keeps what qemu handed over; see docs/appliance.md).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import socket
import subprocess
import threading
import time
from pathlib import Path

#: the panel's size, as the app draws it
SCREEN = (800, 480)


class VM:
    def __init__(self, image_dir: Path, work: Path, disk: Path) -> None:
        self.image_dir, self.work, self.disk = image_dir, work, disk
        self.qmp_path = work / "qmp.sock"
        self.serial_path = work / "ser.sock"
        self.console = work / "console.log"
        self.proc: subprocess.Popen[bytes] | None = None
        self._qmp: socket.socket | None = None
        self._ser: socket.socket | None = None
        self.started = 0.0

    # -- power -------------------------------------------------------------------------------
    def boot(self, extra_args: str = "") -> None:
        for p in (self.qmp_path, self.serial_path):
            p.unlink(missing_ok=True)
        self.console.unlink(missing_ok=True)
        cmd = [
            "qemu-system-aarch64", "-M", "virt", "-cpu", "cortex-a53", "-smp", "2", "-m", "512",
            "-kernel", str(self.image_dir / "vmlinuz"), "-initrd", str(self.image_dir / "initrd.img"),
            "-append", f"root=LABEL=root ro console=ttyAMA0 {extra_args}".strip(),
            "-drive", f"file={self.disk},format=raw,if=virtio,cache=writeback",
            "-device", "virtio-gpu-pci,id=gpu0,xres=800,yres=480",
            "-device", "virtio-keyboard-pci", "-device", "virtio-tablet-pci",
            "-nic", "none", "-display", "none",
            "-chardev", f"socket,id=ser0,path={self.serial_path},server=on,wait=off,logfile={self.console}",
            "-serial", "chardev:ser0",
            "-qmp", f"unix:{self.qmp_path},server=on,wait=off",
        ]
        self.started = time.monotonic()
        self.proc = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                     stderr=subprocess.DEVNULL, start_new_session=True)
        self._wait_for(self.qmp_path.exists, 30, "qemu's QMP socket")
        self._qmp = socket.socket(socket.AF_UNIX)
        self._qmp.connect(str(self.qmp_path))
        self._qmp_read()
        self.qmp("qmp_capabilities")
        self._ser = socket.socket(socket.AF_UNIX)
        self._ser.connect(str(self.serial_path))
        # the console's text is read from qemu's log file; the socket is drained all the same,
        # or the guest's console stops once its buffer is full
        threading.Thread(target=self._drain, args=(self._ser,), daemon=True).start()

    @staticmethod
    def _drain(sock: socket.socket) -> None:
        try:
            while sock.recv(65536):
                pass
        except OSError:
            pass

    def cut(self) -> None:
        """The power cut: qemu killed at once, nothing flushed."""
        if self.proc is not None:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait()
            self.proc = None
        for s in (self._qmp, self._ser):
            if s is not None:
                s.close()
        self._qmp = self._ser = None

    # -- QMP -------------------------------------------------------------------------------
    def _qmp_read(self) -> dict[str, object]:
        assert self._qmp is not None
        buf = b""
        while True:
            chunk = self._qmp.recv(65536)
            if not chunk:
                raise ConnectionError("QMP closed")
            buf += chunk
            for line in buf.split(b"\r\n"):
                if line.strip():
                    msg = json.loads(line)
                    if "event" not in msg:
                        return msg  # type: ignore[no-any-return]
            buf = b"" if buf.endswith(b"\r\n") else buf.split(b"\r\n")[-1]

    def qmp(self, command: str, **arguments: object) -> object:
        assert self._qmp is not None
        self._qmp.sendall(json.dumps({"execute": command, "arguments": arguments}).encode() + b"\r\n")
        reply = self._qmp_read()
        if "error" in reply:
            raise RuntimeError(f"QMP {command}: {reply['error']}")
        return reply.get("return")

    def key_down(self, qcode: str) -> None:
        """Only the key's press (the app acts on it): what a cut right after it needs."""
        self.qmp("input-send-event", events=[{"type": "key", "data": {"down": True, "key": {"type": "qcode", "data": qcode}}}])

    def key(self, qcode: str) -> None:
        for down in (True, False):
            self.qmp("input-send-event", events=[{"type": "key", "data": {"down": down, "key": {"type": "qcode", "data": qcode}}}])
            time.sleep(0.05)

    def tap(self, x: int, y: int) -> None:
        ax, ay = x * 32767 // SCREEN[0], y * 32767 // SCREEN[1]
        self.qmp("input-send-event", events=[{"type": "abs", "data": {"axis": "x", "value": ax}},
                                             {"type": "abs", "data": {"axis": "y", "value": ay}}])
        for down in (True, False):
            self.qmp("input-send-event", events=[{"type": "btn", "data": {"down": down, "button": "left"}}])
            time.sleep(0.08)

    def screendump(self, path: Path) -> Path:
        self.qmp("screendump", filename=str(path), device="gpu0")
        return path

    # -- the serial console ------------------------------------------------------------------
    def wait_for_shell(self, timeout: float = 900) -> float:
        """Seconds from qemu's start to the root shell on the serial console."""
        self._wait_for(lambda: "root@companion" in self._console_text(), timeout, "the serial root shell")
        self.sh("stty -echo; bind 'set enable-bracketed-paste off' 2>/dev/null; PS1='# '; "
                "export SYSTEMD_PAGER=cat PAGER=cat SYSTEMD_COLORS=0", 60)
        shell = time.monotonic() - self.started
        # Emulation on a busy host can take longer than the unit's 90 s from start to the first
        # frame, and systemd would then restart it over and over: in RAM only (/run, gone at
        # the next boot), the start may take 10 minutes
        self.sh("mkdir -p /run/systemd/system/companion.service.d && printf '[Service]\\nTimeoutStartSec=600\\n' "
                "> /run/systemd/system/companion.service.d/emulation.conf && systemctl daemon-reload", 300)
        return shell

    def _console_text(self) -> str:
        try:
            return self.console.read_text(errors="replace")
        except OSError:
            return ""

    def sh(self, command: str, timeout: float = 60) -> tuple[int, str]:
        """Runs a shell command on the serial console; its status and output."""
        assert self._ser is not None
        tag = f"{time.monotonic_ns()}"
        before = len(self._console_text())
        self._ser.sendall(f"echo B{tag}; {command}; echo E{tag}=$?\n".encode())
        pattern = re.compile(rf"B{tag}\r?\n(.*?)E{tag}=(\d+)", re.S)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            found = pattern.search(self._console_text()[before:])
            if found:
                return int(found.group(2)), found.group(1).replace("\r", "")
            time.sleep(0.3)
        raise TimeoutError(f"no answer from the guest in {timeout} s: {command}")

    def _wait_for(self, ready, timeout: float, what: str) -> None:  # type: ignore[no-untyped-def]
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if ready():
                return
            if self.proc is not None and self.proc.poll() is not None:
                raise RuntimeError(f"qemu ended while waiting for {what}")
            time.sleep(0.5)
        raise TimeoutError(f"{what} not there after {timeout} s")


def fresh_disk(image: Path, work: Path) -> Path:
    disk = work / "disk.img"
    subprocess.run(["cp", "--sparse=always", str(image), str(disk)], check=True)
    return disk


def have_qemu() -> bool:
    return shutil.which("qemu-system-aarch64") is not None
