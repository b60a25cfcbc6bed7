"""A café day in one command: ``companion soak --hours H``.

Two screen loops play every game of the registry, one after another, with presses a table
would make, through the real loop (SDL's dummy driver), each with one store:

- the **café** process lives the whole run, as a table's does from opening to closing time.
  Its RSS, open file descriptors and threads, its store and write-ahead log are written every
  ``--every`` seconds to ``soak.csv``; now and then it saves the game on the screen to a
  "stick" (a folder) through the staff page's export, on its thread, while the loop plays on.
- the **killed** process is ended with SIGKILL at a random moment every few minutes and
  started again; each start must offer the game it was killed in with every step the screen
  had shown (``lost`` counts those that came back shorter, or not at all).

At the end the café process is stopped with SIGTERM (it must leave with 0) and ``soak.json``
sums it up: RSS at the start, after 10 minutes and at the end, the spread after 10 minutes,
the file descriptors and threads seen. ``python -m companion.soak play ...`` is one process;
the options of the whole run are ``companion soak``'s (companion.cli).
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

#: columns of soak.csv
COLUMNS = ("minutes", "rss_mb", "fds", "threads", "store_kb", "wal_kb", "games", "actions", "cache_mb",
           "exports", "kills", "resumed", "lost",
           # what the RSS is made of (added at the end: tools read the columns above by place):
           # the process's own memory and the files it maps (libraries, fonts), the C heap's
           # memory in use and kept free (fragmentation), and the game on the screen
           "rss_anon_mb", "rss_file_mb", "heap_mb", "heap_free_mb", "on_screen")
#: seconds between the café process's status lines at most (each row of soak.csv reads the last)
REPORT_S = 30.0
#: a game that has not ended after this many presses is left (a table walks away)
MAX_PRESSES = 3000
#: where the figures are compared: the first minutes fill the caches
SETTLED_S = 600.0


# -- one process: a screen loop playing game after game -----------------------------------------
class Player:
    """The driver of the screen loop: presses for the game on screen, the next game of the
    registry when one has ended, an export now and then, a status line every ``report_s``."""

    waits = True  # animations are watched to their end, as at a table

    def __init__(self, app: Any, store: Any, rng: random.Random, log: Any, stick: Path | None,
                 seconds: float, export_s: float, report_s: float = REPORT_S) -> None:
        from companion.games import menu_games

        self.app, self.store, self.rng, self.log, self.stick = app, store, rng, log, stick
        self.games = [g for g in menu_games()]
        self.turn = rng.randrange(len(self.games))
        self.started = time.monotonic()
        self.deadline = self.started + seconds
        self.export_s, self.report_s = export_s, report_s
        self.next_export = self.started + rng.uniform(0.5, 1.5) * export_s
        self.next_report = self.started
        self.queue: list[str] = []
        self.presses = 0  # in the game on screen
        self.played = 0
        self.exports = self.export_failed = 0
        self.export: Any = None
        #: the game on the screen (the soak's figures swing with its pictures)
        self.on_screen = ""

    def say(self, **line: Any) -> None:
        self.log.write(json.dumps({"t": round(time.monotonic() - self.started, 1), **line}) + "\n")
        self.log.flush()

    def next_game(self) -> None:
        from companion.games import REGISTRY
        from companion.session.session import Session

        name = self.games[self.turn % len(self.games)]
        self.turn += 1
        game = REGISTRY[name]
        header = game.header(self.rng.choice(game.counts), self.rng.randrange(1 << 30))
        session = Session.new(header, self.store)
        self.presses = 0
        self.queue = []
        self.app.go("table", session=session)
        self.on_screen = name
        self.say(game=name, id=session.game_id, players=header["players"])

    def _export(self, session: Any, now: float) -> None:
        """The staff page's export (:class:`companion.ui.staff.usb.Export`), to a folder."""
        from companion.ui.staff import usb

        self.next_export = now + self.rng.uniform(0.5, 1.5) * self.export_s
        if self.stick is None or (self.export is not None and self.export.busy):
            return
        stick = self.stick

        def to_folder(name: str, text: str) -> Any:
            try:
                usb.write_synced(stick / name, text)
            except OSError as exc:
                return usb.Saved("write_failed", detail=str(exc))
            return usb.Saved("done", file=name)

        self.export = usb.Export(f"companion-{session.game_id}.jsonl", session.record(), done=self.app.wake,
                                 save=to_folder)

    def _report(self, now: float) -> None:
        from companion.ui.kit import cache

        if self.export is not None and self.export.result is not None:
            ok = self.export.result.code == "done"
            self.exports += ok
            self.export_failed += not ok
            self.export = None
        self.next_report = now + self.report_s
        heap = cache.malloc_held() or (None, None)
        self.say(status=True, games=self.played, actions=self.store.commits, exports=self.exports,
                 export_failed=self.export_failed, cache_bytes=sum(cache.held().values()), heap_bytes=heap[0],
                 heap_free_bytes=heap[1], on_screen=self.on_screen)

    def __call__(self, app: Any) -> bool:
        from companion.ui.table import TableScene

        now = time.monotonic()
        if now >= self.deadline:
            return False
        if now >= self.next_report:
            self._report(now)
        if self.waits and app.warming:
            # as at a table, where seconds pass between two presses: the loop does its idle
            # work first (a screen's warm-up, letting go of what the screens dropped), which
            # a driver pressing in every pass would never leave room for
            return True
        scene = app.scene
        if self.queue:
            app.inject(self.queue.pop(0))
            return True
        if not isinstance(scene, TableScene):  # the end screen, or nothing yet
            self.next_game()
            return True
        session = scene.session
        if session.over:
            return True  # the loop goes to the end screen by itself
        if now >= self.next_export:
            self._export(session, now)
        self.queue = scene.demo_presses(self.rng) if self.presses < MAX_PRESSES else []
        if not self.queue:  # stuck or endless: the table leaves the game
            session.abandon("left")
            self.say(left=session.game_id, presses=self.presses)
            self.next_game()
            return True
        self.presses += len(self.queue)
        app.inject(self.queue.pop(0))
        return True

    def count_ended(self) -> None:
        """Called for every game that reached its end screen."""
        self.played += 1


def count_ends(app: Any, player: Any) -> None:
    """Have ``player`` count each game whose end screen the loop shows (``count_ended``), by
    the app's end route. A table also makes its end screen early, for a stand-in of the app
    where nobody sees it (``companion.ui.warm.end_screen``): that is no game ended."""
    end = app.routes["end"]

    def end_route(a: Any, **kw: Any) -> Any:
        if a is app:
            player.count_ended()
        return end(a, **kw)

    app.routes["end"] = end_route


def play(args: argparse.Namespace) -> int:
    """One screen loop on one store for ``args.seconds`` (or until SIGTERM)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from companion.root import make_app
    from companion.session.session import Session
    from companion.session.store import Store

    store, notices = Store.open(args.data)
    app = make_app(store=store, sound=False, kiosk=True, fullscreen=False)
    app.tap_guard_s = 0
    log = open(args.log, "a", encoding="utf-8")
    player = Player(app, store, random.Random(args.seed), log, Path(args.stick) if args.stick else None,
                    args.seconds, args.export_every, args.report_every)
    for notice in notices:
        player.say(notice=str(notice))
    first = app.routes["menu"](app)
    waiting = store.waiting()
    if waiting:  # what the last start was killed in: it must come back whole
        session, error = Session.resume(store, waiting[0].id)
        player.say(resumed=waiting[0].id, actions=len(session.actions), error=str(error) if error else None)
        player.on_screen = str(session.header["game"])
        for row in waiting[1:]:
            store.close_game(row.id, "left")
        first = app.routes["table"](app, session=session)
    count_ends(app, player)
    app.driver = player
    try:
        app.run(first)
    finally:
        player._report(time.monotonic())
        app.close()
        store.close()
        log.close()
    return 0


# -- the whole run: the café process, the killed one, the figures -------------------------------
def _proc_figures(pid: int) -> dict[str, float] | None:
    """Of process ``pid`` (Linux /proc): RSS in MB, and its two parts (``RssAnon``, the
    process's own memory; ``RssFile``, the files it maps: libraries, fonts), open file
    descriptors and threads."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
        fds = len(os.listdir(f"/proc/{pid}/fd"))
    except OSError:
        return None
    fields = dict(line.split(":", 1) for line in status.splitlines() if ":" in line)

    def mb(name: str) -> float:
        return int(fields.get(name, "0 kB").split()[0]) / 1024

    return {"rss": mb("VmRSS"), "anon": mb("RssAnon"), "file": mb("RssFile"), "fds": fds,
            "threads": int(fields.get("Threads", "0").strip())}


def _size_kb(path: Path) -> float:
    try:
        return path.stat().st_size / 1024
    except OSError:
        return 0.0


def _last_status(log: Path) -> dict[str, Any]:
    """The café process's last status line; its ``on_screen`` is the game of the newest game
    line, which may be later than the status (a status comes every 30 s, a game every few)."""
    try:
        lines = log.read_text(encoding="utf-8").splitlines()
    except OSError:
        return {}
    newest_game = None
    for line in reversed(lines):
        try:
            found = json.loads(line)
        except ValueError:
            continue
        if newest_game is None and isinstance(found.get("game"), str):
            newest_game = found["game"]
        if found.get("status"):
            return dict(found, on_screen=newest_game or found.get("on_screen", ""))
    return {}


def _last_shown(trace: Path) -> dict[str, Any] | None:
    """The last frame's game as the killed process showed it (``COMPANION_TRACE``)."""
    try:
        with open(trace, "rb") as f:
            f.seek(max(0, f.seek(0, os.SEEK_END) - 65536))
            lines = f.read().decode("utf-8", "replace").splitlines()
    except OSError:
        return None
    for line in reversed(lines):
        try:
            return dict(json.loads(line))
        except ValueError:
            continue
    return None


class _Stopped(Exception):
    """A stop signal came: end the run early, with its figures."""


class Soak:
    """Runs the two processes and writes the figures."""

    def __init__(self, out: Path, hours: float, every: float, kill_min: float, kill_max: float,
                 export_every: float, seed: int) -> None:
        self.out, self.hours, self.every = out, hours, every
        self.kill_min, self.kill_max, self.export_every = kill_min, kill_max, export_every
        self.rng = random.Random(seed)
        self.seed = seed
        out.mkdir(parents=True, exist_ok=True)
        (out / "stick").mkdir(exist_ok=True)
        self.kills = self.resumed = self.lost = 0
        self.rows: list[dict[str, Any]] = []
        self.env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
        for name in ("NOTIFY_SOCKET", "WATCHDOG_USEC", "COMPANION_TRACE"):
            self.env.pop(name, None)

    def _child(self, name: str, seconds: float, trace: bool = False) -> subprocess.Popen[bytes]:
        env = dict(self.env)
        if trace:
            env["COMPANION_TRACE"] = str(self.out / f"{name}.trace")
            Path(env["COMPANION_TRACE"]).write_text("")
        cmd = [sys.executable, "-m", "companion.soak", "play", "--data", str(self.out / f"{name}.sqlite3"),
               "--log", str(self.out / f"{name}.log"), "--seed", str(self.rng.randrange(1 << 30)),
               "--seconds", str(seconds), "--export-every", str(self.export_every),
               "--report-every", str(min(REPORT_S, self.every))]
        if name == "cafe":
            cmd += ["--stick", str(self.out / "stick")]
        err = open(self.out / f"{name}.err", "ab")
        try:
            return subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=err)
        finally:
            err.close()

    def _check_resume(self, shown: dict[str, Any] | None) -> None:
        """After a kill and a new start: did the game on screen come back with every step?"""
        log = self.out / "killed.log"
        for _ in range(600):  # the new start writes what it resumed within its first second
            lines = log.read_text(encoding="utf-8").splitlines() if log.exists() else []
            started = [json.loads(x) for x in lines[self._killed_lines:]]
            if started:
                break
            time.sleep(0.1)
        else:
            return
        resumed = next((x for x in started if "resumed" in x), None)
        if shown is None or shown.get("summary", {}).get("over"):
            return  # killed between games, or on an end screen: nothing waiting
        if resumed is None and self._ended_whole(shown):
            self.resumed += 1  # its last step was saved and ended it; the kill came before its frame
            return
        if resumed is None or resumed.get("error") or int(resumed["actions"]) < int(shown["actions"]):
            self.lost += 1
            print(f"soak: lost steps after a kill: shown {shown.get('actions')}, resumed {resumed}",
                  file=sys.stderr)
        else:
            self.resumed += 1

    def _ended_whole(self, shown: dict[str, Any]) -> bool:
        """True if the game on screen is stored as ended with at least the steps shown."""
        import sqlite3

        if "game_id" not in shown:
            return False
        db = sqlite3.connect(f"file:{self.out / 'killed.sqlite3'}?mode=ro", uri=True, timeout=10)
        try:
            row = db.execute("SELECT finished, steps FROM games WHERE id = ?", (shown["game_id"],)).fetchone()
        except sqlite3.Error:
            return False
        finally:
            db.close()
        return row is not None and row[0] is not None and int(row[1] or 0) >= int(shown["actions"])

    def run(self) -> int:
        # stopped early (SIGTERM, Ctrl+C): the children are ended and the figures written all
        # the same
        def stop(signum: int, _frame: Any) -> None:
            raise _Stopped(signum)

        for signum in (signal.SIGTERM, signal.SIGINT):
            signal.signal(signum, stop)
        seconds = self.hours * 3600
        start = time.monotonic()
        cafe = self._child("cafe", seconds + 60)
        killed = self._child("killed", seconds + 60, trace=True)
        self._killed_lines = 0
        next_kill = start + self.rng.uniform(self.kill_min, self.kill_max)
        next_sample = start
        csv_file = open(self.out / "soak.csv", "w", newline="", encoding="utf-8")
        writer = csv.writer(csv_file)
        writer.writerow(COLUMNS)
        rc = 0
        try:
            while time.monotonic() - start < seconds:
                now = time.monotonic()
                if cafe.poll() is not None:
                    print(f"soak: the café process ended with {cafe.returncode}", file=sys.stderr)
                    rc = 1
                    break
                if now >= next_kill:
                    shown = _last_shown(self.out / "killed.trace")
                    killed.send_signal(signal.SIGKILL)
                    killed.wait()
                    self.kills += 1
                    log = self.out / "killed.log"
                    self._killed_lines = len(log.read_text(encoding="utf-8").splitlines()) if log.exists() else 0
                    killed = self._child("killed", seconds + 60, trace=True)
                    self._check_resume(shown)
                    next_kill = time.monotonic() + self.rng.uniform(self.kill_min, self.kill_max)
                if now >= next_sample:
                    self._sample(cafe.pid, now - start, writer)
                    csv_file.flush()
                    next_sample += self.every
                time.sleep(min(1.0, max(0.05, next_sample - time.monotonic())))
            self._sample(cafe.pid, time.monotonic() - start, writer)
        except _Stopped:
            print("soak: stopped early", file=sys.stderr)
        finally:
            csv_file.close()
            killed.send_signal(signal.SIGKILL)
            killed.wait()
            if cafe.poll() is None:
                cafe.send_signal(signal.SIGTERM)
                try:
                    cafe.wait(60)
                except subprocess.TimeoutExpired:
                    cafe.kill()
                    cafe.wait()
            cafe_rc = cafe.returncode
        summary = self.summary(cafe_rc)
        (self.out / "soak.json").write_text(json.dumps(summary, indent=1) + "\n")
        print(table(self.rows))
        print(json.dumps(summary))
        return rc or (0 if summary["ok"] else 1)

    def _sample(self, pid: int, t: float, writer: Any) -> None:
        figures = _proc_figures(pid)
        if figures is None:
            return
        status = _last_status(self.out / "cafe.log")

        def mb(n: Any) -> float | str:
            return round(n / 2**20, 1) if isinstance(n, int) else ""

        row = {"minutes": round(t / 60, 1), "rss_mb": round(figures["rss"], 1), "fds": figures["fds"],
               "threads": figures["threads"],
               "store_kb": round(_size_kb(self.out / "cafe.sqlite3")),
               "wal_kb": round(_size_kb(self.out / "cafe.sqlite3-wal")),
               "games": status.get("games", 0), "actions": status.get("actions", 0),
               "cache_mb": round(status.get("cache_bytes", 0) / 2**20, 1), "exports": status.get("exports", 0),
               "kills": self.kills, "resumed": self.resumed, "lost": self.lost,
               "rss_anon_mb": round(figures["anon"], 1), "rss_file_mb": round(figures["file"], 1),
               "heap_mb": mb(status.get("heap_bytes")), "heap_free_mb": mb(status.get("heap_free_bytes")),
               "on_screen": status.get("on_screen", "")}
        self.rows.append(row)
        writer.writerow([row[c] for c in COLUMNS])

    def summary(self, cafe_rc: int | None) -> dict[str, Any]:
        rows = self.rows
        settled = [r for r in rows if r["minutes"] * 60 >= SETTLED_S] or rows[-1:]
        rss = [r["rss_mb"] for r in settled]
        out = {
            "hours": round(rows[-1]["minutes"] / 60, 2) if rows else 0,
            "rss_start_mb": rows[0]["rss_mb"] if rows else None,
            "rss_10min_mb": settled[0]["rss_mb"] if settled else None,
            "rss_end_mb": rows[-1]["rss_mb"] if rows else None,
            "rss_spread_after_10min_mb": round(max(rss) - min(rss), 1) if rss else None,
            "rss_max_mb": max((r["rss_mb"] for r in rows), default=None),
            "fds_seen": sorted({r["fds"] for r in settled}),
            "threads_seen": sorted({r["threads"] for r in settled}),
            "games": rows[-1]["games"] if rows else 0, "exports": rows[-1]["exports"] if rows else 0,
            "kills": self.kills, "resumed": self.resumed, "lost": self.lost, "cafe_exit": cafe_rc,
        }
        out["ok"] = bool(rows) and self.lost == 0 and cafe_rc == 0
        return out


def table(rows: list[dict[str, Any]], points: int = 12) -> str:
    """A few rows of the curve as a Markdown table (for the README)."""
    if not rows:
        return "(no samples)"
    step = max(1, (len(rows) - 1) // (points - 1))
    chosen = rows[::step]
    if chosen[-1] is not rows[-1]:
        chosen.append(rows[-1])
    cols = ("minutes", "rss_mb", "fds", "threads", "store_kb", "wal_kb", "games", "cache_mb", "exports", "kills",
            "lost")
    lines = ["| " + " | ".join(cols) + " |", "|" + "---:|" * len(cols)]
    lines += ["| " + " | ".join(str(r[c]) for c in cols) + " |" for r in chosen]
    return "\n".join(lines)


def soak(args: argparse.Namespace) -> int:
    """``companion soak``: see the module's words."""
    if args.kill_min > args.kill_max:
        print("soak: --kill-min must not be more than --kill-max", file=sys.stderr)
        return 2
    return Soak(Path(args.out), args.hours, args.every, args.kill_min, args.kill_max, args.export_every,
                args.seed).run()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m companion.soak")
    sub = parser.add_subparsers(dest="command", required=True)
    one = sub.add_parser("play", help="one screen loop playing game after game")
    one.add_argument("--data", required=True)
    one.add_argument("--log", required=True)
    one.add_argument("--stick", default=None)
    one.add_argument("--seed", type=int, default=1)
    one.add_argument("--seconds", type=float, default=3600.0)
    one.add_argument("--export-every", type=float, default=300.0)
    one.add_argument("--report-every", type=float, default=REPORT_S)
    return play(parser.parse_args(argv))


if __name__ == "__main__":
    raise SystemExit(main())
