"""The USB export on a Pi without a desktop: lsblk finds the stick, udisksctl mounts it, the
record is written and synced, the stick unmounted and powered off, all with the commands
stubbed; and what the staff page says when there is no stick, no udisks2 or a broken one."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from companion.ui.staff import usb as staff_usb
from tests.language import foreign_words


def lsblk(*disks: dict) -> str:
    return json.dumps({"blockdevices": list(disks)})


SD_CARD = {"name": "/dev/mmcblk0", "type": "disk", "rm": False, "hotplug": False, "tran": None, "fstype": None,
           "label": None, "mountpoint": None, "children": [
               {"name": "/dev/mmcblk0p1", "type": "part", "rm": False, "hotplug": False, "tran": None,
                "fstype": "vfat", "label": "bootfs", "mountpoint": "/boot/firmware"},
               {"name": "/dev/mmcblk0p2", "type": "part", "rm": False, "hotplug": False, "tran": None,
                "fstype": "ext4", "label": "rootfs", "mountpoint": "/"}]}
STICK = {"name": "/dev/sda", "type": "disk", "rm": "1", "hotplug": "1", "tran": "usb", "fstype": None, "label": None,
         "mountpoint": None, "children": [
             {"name": "/dev/sda1", "type": "part", "rm": "1", "hotplug": "1", "tran": None, "fstype": "vfat",
              "label": "KASSE", "mountpoint": None}]}


class Machine:
    """lsblk and udisksctl as a Pi would answer them; every command is logged."""

    def __init__(self, tmp: Path, disks: list[dict], *, udisks: bool = True, mount_ok: bool = True) -> None:
        self.tmp, self.disks, self.udisks, self.mount_ok = tmp, disks, udisks, mount_ok
        self.calls: list[list[str]] = []
        self.mounted: Path | None = None

    def __call__(self, cmd: list[str], **kw) -> subprocess.CompletedProcess[str]:
        self.calls.append(list(cmd))
        if cmd[0] == "lsblk":
            return subprocess.CompletedProcess(cmd, 0, lsblk(*self.disks), "")
        if cmd[0] == "udisksctl":
            if not self.udisks:
                raise FileNotFoundError(2, "No such file or directory", "udisksctl")
            if cmd[1] == "mount":
                if not self.mount_ok:
                    return subprocess.CompletedProcess(cmd, 1, "", "Error mounting /dev/sda1: wrong fs type")
                self.mounted = self.tmp / "media" / "companion" / "KASSE"
                self.mounted.mkdir(parents=True)
                return subprocess.CompletedProcess(cmd, 0, f"Mounted /dev/sda1 at {self.mounted}\n", "")
            return subprocess.CompletedProcess(cmd, 0, "", "")
        raise AssertionError(cmd)


def test_a_stick_is_found_mounted_written_synced_unmounted_and_powered_off(tmp_path: Path, monkeypatch) -> None:
    machine = Machine(tmp_path, [SD_CARD, STICK])
    monkeypatch.setattr(staff_usb, "run", machine)
    synced = []
    monkeypatch.setattr(staff_usb.os, "sync", lambda: synced.append(True))
    saved = staff_usb.save_to_stick("companion-7.jsonl", '{"record": 2}\n')
    assert saved == staff_usb.Saved("done", file="companion-7.jsonl", label="KASSE")
    assert machine.mounted is not None and (machine.mounted / "companion-7.jsonl").read_text() == '{"record": 2}\n'
    assert synced == [True]
    assert [c[:2] for c in machine.calls] == [["lsblk", "--json"], ["udisksctl", "mount"],
                                              ["udisksctl", "unmount"], ["udisksctl", "power-off"]]
    assert machine.calls[1] == ["udisksctl", "mount", "--block-device", "/dev/sda1", "--no-user-interaction"]
    assert machine.calls[3][3] == "/dev/sda"  # the whole stick is powered off


def test_the_sd_card_is_never_taken_for_a_stick(tmp_path: Path, monkeypatch) -> None:
    machine = Machine(tmp_path, [SD_CARD])
    monkeypatch.setattr(staff_usb, "run", machine)
    assert staff_usb.save_to_stick("x.jsonl", "x") == staff_usb.Saved("no_stick")
    assert [c[0] for c in machine.calls] == ["lsblk"]


def test_a_stick_mounted_already_is_written_where_it_is_and_left_mounted(tmp_path: Path, monkeypatch) -> None:
    there = tmp_path / "media" / "pi" / "STICK"
    there.mkdir(parents=True)
    stick = json.loads(json.dumps(STICK))
    stick["children"][0]["mountpoint"] = str(there)
    machine = Machine(tmp_path, [stick])
    monkeypatch.setattr(staff_usb, "run", machine)
    monkeypatch.setattr(staff_usb.os, "sync", lambda: None)
    assert staff_usb.save_to_stick("a.jsonl", "a").code == "done"
    assert (there / "a.jsonl").read_text() == "a"
    assert [c[0] for c in machine.calls] == ["lsblk"]


@pytest.mark.parametrize(("udisks", "mount_ok", "code"), [(False, True, "no_udisks"), (True, False, "mount_failed")])
def test_no_udisks_or_a_stick_that_does_not_mount(tmp_path: Path, monkeypatch, udisks: bool, mount_ok: bool,
                                                  code: str) -> None:
    monkeypatch.setattr(staff_usb, "run", Machine(tmp_path, [STICK], udisks=udisks, mount_ok=mount_ok))
    saved = staff_usb.save_to_stick("a.jsonl", "a")
    assert saved.code == code and saved.detail


def test_a_write_that_fails_still_unmounts(tmp_path: Path, monkeypatch) -> None:
    machine = Machine(tmp_path, [STICK])
    monkeypatch.setattr(staff_usb, "run", machine)

    def full(path, text, device=""):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(staff_usb, "write_synced", full)
    saved = staff_usb.save_to_stick("a.jsonl", "a")
    assert saved.code == "write_failed" and saved.label == "KASSE"
    assert ["udisksctl", "unmount"] in [c[:2] for c in machine.calls]


def test_without_lsblk_the_automount_folders_are_used(tmp_path: Path, monkeypatch) -> None:
    def no_lsblk(cmd, **kw):
        raise FileNotFoundError(2, "No such file or directory", cmd[0])

    monkeypatch.setattr(staff_usb, "run", no_lsblk)
    monkeypatch.setattr(staff_usb, "usb_drives", lambda: [])
    assert staff_usb.save_to_stick("a.jsonl", "a").code == "no_stick"


@pytest.mark.parametrize("code", ["done", "no_stick", "no_udisks", "mount_failed", "write_failed", "refused",
                                  "busy"])
@pytest.mark.parametrize("lang", ["de", "en"])
def test_every_outcome_has_words_in_both_languages(code: str, lang: str) -> None:
    from companion.ui.i18n import Texts

    text = Texts(lang)(f"staff.ui.usb_{code}", file="companion-7.jsonl", label="KASSE")
    assert "usb_" not in text and "{" not in text
    assert foreign_words(text, lang, proper=["KASSE", "udisks2", "install-kiosk.sh", "FAT", "exFAT", "NTFS"]) == []


# -- what a stick may hold under the record's name ------------------------------------------------
def _mounted_stick(tmp_path: Path, monkeypatch) -> Path:
    there = tmp_path / "media" / "pi" / "STICK"
    there.mkdir(parents=True)
    stick = json.loads(json.dumps(STICK))
    stick["children"][0]["mountpoint"] = str(there)
    monkeypatch.setattr(staff_usb, "run", Machine(tmp_path, [stick]))
    monkeypatch.setattr(staff_usb.os, "sync", lambda: None)
    return there


@pytest.mark.parametrize("victim", ["games.sqlite3", "settings.toml"])
def test_a_link_under_the_records_name_is_refused_and_its_target_kept(tmp_path: Path, monkeypatch,
                                                                      victim: str) -> None:
    there = _mounted_stick(tmp_path, monkeypatch)
    data = tmp_path / "data"
    data.mkdir()
    (data / victim).write_bytes(b"SQLite format 3\x00 or pin = scrypt$...")
    (there / "companion-7.jsonl").symlink_to(data / victim)
    saved = staff_usb.save_to_stick("companion-7.jsonl", '{"record": 2, "game": "x"}\n')
    assert saved.code == "refused" and saved.label == "KASSE"
    assert (data / victim).read_bytes() == b"SQLite format 3\x00 or pin = scrypt$..."
    assert (there / "companion-7.jsonl").is_symlink()
    assert sorted(p.name for p in there.iterdir()) == ["companion-7.jsonl"]  # no half-written file left


def test_a_pipe_under_the_records_name_is_refused_at_once(tmp_path: Path, monkeypatch) -> None:
    import os
    import threading

    there = _mounted_stick(tmp_path, monkeypatch)
    os.mkfifo(there / "companion-7.jsonl")
    got: list[staff_usb.Saved] = []
    worker = threading.Thread(target=lambda: got.append(staff_usb.save_to_stick("companion-7.jsonl", "x\n")),
                              daemon=True)
    worker.start()
    worker.join(30)  # a pipe nobody reads would hold it for ever: it must have returned
    assert not worker.is_alive()
    assert got[0].code == "refused"
    assert sorted(p.name for p in there.iterdir()) == ["companion-7.jsonl"]


def test_a_folder_under_the_records_name_is_refused(tmp_path: Path, monkeypatch) -> None:
    there = _mounted_stick(tmp_path, monkeypatch)
    (there / "companion-7.jsonl").mkdir()
    assert staff_usb.save_to_stick("companion-7.jsonl", "x").code == "refused"


def test_a_plain_file_under_the_records_name_is_replaced_whole(tmp_path: Path, monkeypatch) -> None:
    there = _mounted_stick(tmp_path, monkeypatch)
    (there / "companion-7.jsonl").write_text("an older, much longer export of the same game\n" * 100)
    assert staff_usb.save_to_stick("companion-7.jsonl", "new\n").code == "done"
    assert (there / "companion-7.jsonl").read_text() == "new\n"
    assert sorted(p.name for p in there.iterdir()) == ["companion-7.jsonl"]


def test_a_folder_not_on_the_sticks_file_system_is_refused(tmp_path: Path, monkeypatch) -> None:
    there = _mounted_stick(tmp_path, monkeypatch)
    monkeypatch.setattr(staff_usb, "_stick_device", lambda device: there.stat().st_dev + 1)
    assert staff_usb.save_to_stick("companion-7.jsonl", "x").code == "refused"
    assert list(there.iterdir()) == []


def test_the_export_runs_beside_the_screen_loop(tmp_path: Path, monkeypatch) -> None:
    """A stick that hangs (here: a save that waits for the test) never holds up the loop: the
    tap returns, the page says it is working, frames go on, and the result shows when done."""
    import threading

    from companion.root import make_app
    from companion.session.store import Store
    from companion.ui.staff.data import GamePage

    store = Store(tmp_path / "games.sqlite3")
    release = threading.Event()
    calls: list[str] = []

    def hanging(name: str, text: str) -> staff_usb.Saved:
        calls.append(name)
        release.wait(60)
        return staff_usb.Saved("done", file=name, label="KASSE")

    monkeypatch.setattr(staff_usb, "save_to_stick", hanging)
    app = make_app(store=store, sound=False, kiosk=False, fullscreen=False)
    try:
        gid = store.new_game({"record": 2, "game": "suleika", "players": 2, "seed": 1})
        page = GamePage(app, None, game_id=gid)
        app.show(page)
        page.to_usb()  # returns at once although the save is hanging
        page.to_usb()  # a second tap while it works starts no second export
        frames = app.frames
        for _ in range(3):
            page.dirty = True
            app.step(block=False)
        assert app.frames == frames + 3
        assert page.usb is not None and page.usb[0] == app.texts("staff.ui.usb_busy")
        release.set()
        page.export.thread.join(30)
        app.step(block=False)
        assert page.usb[0] == app.texts("staff.ui.usb_done", file=f"companion-{gid}.jsonl", label="KASSE")
        assert calls == [f"companion-{gid}.jsonl"]
    finally:
        release.set()
        app.close()
        store.close()
