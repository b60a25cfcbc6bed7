"""The kiosk holds its virtual console: a switch away (Ctrl+Alt+F2, Alt+Right, chvt) is
refused, a switch back acknowledged, and the console given back when the app ends. The kernel
is played by a recorder of ioctls; the signals are real."""

from __future__ import annotations

import os
import signal

from companion.ui import console


class Kernel:
    """What the companion asked of the virtual console."""

    def __init__(self, a_console: bool = True) -> None:
        self.a_console = a_console
        self.calls: list[tuple[int, object]] = []

    def __call__(self, _fd: int, request: int, arg: object) -> object:
        if not self.a_console:
            raise OSError(25, "Inappropriate ioctl for device")
        self.calls.append((request, arg))
        return arg


def test_a_switch_away_is_refused_and_a_switch_back_acknowledged(tmp_path) -> None:
    kernel = Kernel()
    tty = tmp_path / "tty1"
    tty.write_text("")
    held = console.hold(str(tty), ioctl=kernel)
    assert held is not None
    try:
        relsig, acqsig = held.signals
        mode = console.VT_MODE.unpack(kernel.calls[-1][1])
        assert kernel.calls[-1][0] == console.VT_SETMODE and mode == (console.VT_PROCESS, 0, relsig, acqsig, 0)
        os.kill(os.getpid(), relsig)  # the kernel asks: may the console be switched away?
        assert kernel.calls[-1] == (console.VT_RELDISP, 0) and held.refused == 1
        os.kill(os.getpid(), acqsig)
        assert kernel.calls[-1] == (console.VT_RELDISP, console.VT_ACKACQ)
    finally:
        held.release()
    assert kernel.calls[-1][0] == console.VT_SETMODE
    assert console.VT_MODE.unpack(kernel.calls[-1][1])[0] == console.VT_AUTO
    assert signal.getsignal(relsig) is signal.SIG_DFL and signal.getsignal(acqsig) is signal.SIG_DFL


def test_nothing_is_held_where_there_is_no_virtual_console(tmp_path) -> None:
    tty = tmp_path / "pts"
    tty.write_text("")
    assert console.hold(str(tty), ioctl=Kernel(a_console=False)) is None
    assert console.hold(str(tmp_path / "missing")) is None
