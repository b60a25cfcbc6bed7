"""`companion` command line: run (default), demo, replay, simulate, selftest, export, bench,
qr-join, soak.

Every command reports bad input as one plain line on stderr and a non-zero exit, never a
traceback.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from typing import Any

# Everything else is imported by the command that needs it: ``companion run`` shows its first
# frame before the engines, the box data or the pins are loaded.

#: the errors a command reports as one line for a user (module, class), see ``_for_the_user``
USER_ERRORS = (("companion.engine.errors", "IllegalAction"), ("companion.boxdata", "BoxDataError"),
               ("companion.inputs.gpio", "PinMapError"), ("companion.floor.topics", "FloorError"))


def _ui_env(headless: bool) -> None:
    if headless:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def header_for(args: argparse.Namespace) -> dict[str, Any]:
    """The record header for ``--game``, ``--players``, ``--seed``, ``--option key=value``
    (any option of the game's registry entry) and the game's shortcuts for options (its
    ``cli_aliases``: a flag given for a game that does not offer it names the option it
    stands for, and is refused as that option would be)."""
    from companion.engine.errors import IllegalAction
    from companion.games import cli_aliases, spec

    game = spec(args.game)
    options: dict[str, Any] = {}
    raw = list(getattr(args, "option", None) or [])
    mine = dict(game.cli_aliases)
    for flag, dest in reversed(cli_aliases().items()):
        value = getattr(args, dest, None)
        if value is not None:
            raw.insert(0, f"{mine.get(flag, flag.lstrip('-'))}={value}")
    known = {o.key: o for o in game.options}
    for item in raw:
        key, sep, value = item.partition("=")
        if not sep:
            raise IllegalAction("bad_option_syntax", "write options as key=value, not {item}", item=item)
        if key not in known:
            raise IllegalAction("unknown_option", "{game} has no option {key} (options: {keys})",
                                game=game.name, key=key, keys=", ".join(known) or "none")
        options[key] = known[key].parse(value)
    players = args.players if args.players is not None else game.default_count
    if players not in game.counts:
        raise IllegalAction("bad_players", "{game} is played by {counts} players, not {players}",
                            game=game.name, counts=", ".join(map(str, game.counts)), players=players)
    return game.header(players, args.seed, **options)


# -- run -------------------------------------------------------------------------------------
def cmd_run(args: argparse.Namespace) -> int:
    import pygame

    from companion import settings
    from companion.root import start, stop
    from companion.session.store import Store
    from companion.ui import app as app_module
    from companion.ui.app import NO_SCREEN, UNSEEN_DRIVERS, find_screen, kiosk_mode

    # no screen: one line and a non-zero exit, rather than a window nobody sees
    chosen_driver = os.environ.get("SDL_VIDEODRIVER")
    problem = find_screen(os.environ)
    if problem:
        print(problem, file=sys.stderr)
        return 1
    # the staff's settings beside the games, read once: how many ended games the store keeps,
    # the language and the volume; the staff PIN comes from there too, even when the store
    # cannot be opened there and falls back to memory
    folder = settings.data_dir(args.data)
    chosen = settings.load(folder)
    # whatever state the card is in, the app starts; what was found is shown and logged
    store, notices = Store.open(args.data, keep_finished=chosen.keep_finished)
    for notice in notices:
        print(f"store: {notice}", file=sys.stderr)
    # a kiosk (the unit says so) is full screen and only the staff menu leaves it,
    # whatever the machine it runs on
    kiosk = kiosk_mode(args.kiosk)
    fullscreen = kiosk if args.fullscreen is None else args.fullscreen
    try:
        app, scene, sources = start(store, lang=args.lang, fullscreen=fullscreen, kiosk=kiosk,
                                    gpio=not args.no_gpio, serial=args.serial, notices=notices, chosen=chosen,
                                    folder=folder)
    except pygame.error as exc:  # e.g. the Pi's screen held by the running unit
        store.close()
        print(f"the screen cannot be opened: {exc}", file=sys.stderr)
        return 1
    if not chosen_driver and pygame.display.get_driver() in UNSEEN_DRIVERS:
        stop(app, sources)
        store.close()
        print(NO_SCREEN.format(dri=app_module.DRI), file=sys.stderr)
        return 1
    # the same list the first screen told: the staff menu's "games file" page shows it for as
    # long as the app runs
    app.store_notices = list(notices)

    def join_the_floor() -> None:
        # after the first frame (the start stays as fast as before); a floor setting that
        # cannot work is said and the table plays on its own
        from companion.floor.commands import start_floor
        from companion.floor.topics import FloorError
        try:
            app.floor = start_floor(folder, args.floor, args.table, store)
        except FloorError as exc:
            print(f"floor: {exc}", file=sys.stderr)
        if app.floor is not None:
            app.floor.wake = app.wake
    app.after_first_frame(join_the_floor)
    try:
        app.run(scene)
    finally:
        stop(app, sources)
        if app.floor is not None:
            app.floor.stop()
        store.close()
    return 0


# -- the café floor (companion.floor) -------------------------------------------------------
def cmd_hub(args: argparse.Namespace) -> int:
    from companion.floor.commands import cmd_hub as hub
    return hub(args)


def cmd_floor_sim(args: argparse.Namespace) -> int:
    from companion.floor.commands import cmd_floor_sim as sim
    return sim(args)


# -- demo ------------------------------------------------------------------------------------
def cmd_demo(args: argparse.Namespace) -> int:
    _ui_env(args.screenshot is not None and "DISPLAY" not in os.environ)
    from companion.engine.errors import IllegalAction
    from companion.root import make_app
    from companion.session.session import Session
    from companion.ui.drivers import DemoDriver, RecordDriver

    driver: Any
    lines: list[int] = []
    if args.record:
        from companion.session.record import RecordError, parse_record
        try:
            header, numbered = parse_record(_read_lines(args.record))
        except RecordError as exc:
            print(str(exc), file=sys.stderr)
            return 1
        header = dict(header)
        driver = RecordDriver([a for _n, a in numbered])
        lines = [n for n, _a in numbered]  # the file's line of each action: blank lines skipped
    else:
        header = header_for(args)
        driver = DemoDriver(args.turns, args.seed)
    store = None
    if args.data or args.floor:  # attract mode stores nothing unless asked to (or on the floor)
        from companion.floor.commands import demo_store
        store = demo_store(args.data)
    floor = None
    if args.floor:
        from companion.floor.commands import start_floor
        floor = start_floor(None, args.floor, args.table, store)
    try:
        session = Session.new(header, store)
    except IllegalAction as exc:
        if not args.record:
            raise
        print(f"line 1: {exc}", file=sys.stderr)  # as `companion replay` names a header that does not fit
        return 1
    # the app gets the store too: a table that starts its game afresh (Teppich after its city)
    # stores the new game where the first one was
    app = make_app(store=store, lang=args.lang, fullscreen=False, sound=False, kiosk=False)
    app.driver = driver
    app.floor = floor
    if floor is not None:
        floor.wake = app.wake
    try:
        app.run(app.routes["table"](app, session=session))
        if isinstance(driver, RecordDriver) and driver.error is not None:
            done = len(session.actions)
            print(f"line {lines[done] if done < len(lines) else done + 2}: {driver.error}", file=sys.stderr)
            return 1
        screen = "end" if app.scene is not None and type(app.scene).__name__ == "EndScene" else "table"
        # a table may start its game afresh (a city or maze entered first): count the one shown
        shown = getattr(app.scene, "session", None) or session
        if args.screenshot:
            app.screenshot(args.screenshot)
            print(f"saved {args.screenshot} after {len(shown.actions)} actions, on the {screen} screen")
        else:
            print(f"{len(shown.actions)} actions, on the {screen} screen")
    finally:
        app.close()
        if floor is not None:
            floor.stop(flush=5.0)
    return 0


def _read_lines(path: str) -> list[str]:
    """A record file's lines (split on newlines only, so a U+2028 in a name stays in it; a
    byte that is not UTF-8 is a RecordError naming its line)."""
    from companion.session.record import read_record_file

    return list(read_record_file(path))


# -- replay ----------------------------------------------------------------------------------
def describe(engine_name: str, summary: dict[str, Any]) -> str:
    """A short human reading of a summary."""
    lines = [f"{engine_name}: {'over' if summary.get('over') else 'in progress'}"]
    for i, p in enumerate(summary.get("players", [])):
        figures = ", ".join(f"{k} {v}" for k, v in p.items() if not isinstance(v, (dict, list)))
        lines.append(f"  player {i}: {figures}")
    if summary.get("over"):
        lines.append(f"  winners: {', '.join(str(w) for w in summary.get('winners', []))}")
    if "board" in summary and isinstance(summary["board"], list):
        for row in summary["board"]:
            lines.append("  " + " ".join((c or ".")[0] for c in row))
    return "\n".join(lines)


def cmd_replay(args: argparse.Namespace) -> int:
    from companion.session.record import RecordError, replay_record

    try:
        lines = _read_lines(args.file)
    except OSError as exc:
        print(f"cannot read {args.file}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    except RecordError as exc:
        print(str(exc), file=sys.stderr)
        return 1
    try:
        game = replay_record(lines)
    except RecordError as exc:
        print(str(exc), file=sys.stderr)
        return 1
    for warning in game.warnings:  # other box data or rules than the record's: said, not fatal
        print(f"note: {warning}", file=sys.stderr)
    engine, state = game.engine, game.state
    summary = engine.summary(state)
    if args.legal:
        summary["legal"] = [] if engine.is_over(state) else engine.legal_actions(state)
    print(json.dumps(summary) if args.json else describe(engine.name, summary))
    return 0


# -- simulate --------------------------------------------------------------------------------
def cmd_simulate(args: argparse.Namespace) -> int:
    from companion.games import get_engine
    from companion.session.simulate import play_game

    engine = get_engine(args.game)
    header = header_for(args)
    engine.new_game(header)  # a bad header is reported before the clock starts
    actions = 0
    start = time.perf_counter()
    for g in range(args.games):
        _state, acts = play_game(engine, {**header, "seed": args.seed + g}, args.seed + g, args.policy)
        actions += len(acts)
    secs = time.perf_counter() - start
    result = {"game": args.game, "players": header["players"], "options": {k: v for k, v in header.items()
              if k not in ("record", "game", "players", "seed")}, "games": args.games, "policy": args.policy,
              "seconds": round(secs, 4), "games_per_second": round(args.games / secs, 1),
              "actions_per_game": round(actions / max(1, args.games), 1)}
    if args.json:
        print(json.dumps(result))
    else:
        print(f"{args.games} {args.game} games ({args.policy} policy), {header['players']} players: {secs:.2f} s, "
              f"{result['games_per_second']} games/s, {result['actions_per_game']} actions per game")
    return 0


# -- selftest --------------------------------------------------------------------------------
def cmd_selftest(args: argparse.Namespace) -> int:
    _ui_env(args.mock and "DISPLAY" not in os.environ)
    from companion.inputs.events import BUTTONS
    from companion.inputs.gpio import GpioButtons, load_pins, start_gpio
    from companion.root import make_app
    from companion.ui.drivers import MockSelftestDriver, WaitDriver

    no_gpio = bool(getattr(args, "no_gpio", False)) and not args.mock
    pins = {} if no_gpio else load_pins()
    app = make_app(lang=args.lang, fullscreen=False if args.mock else None, sound=False)
    factory = None
    buttons: Any = None
    if args.mock:
        from gpiozero import Device
        from gpiozero.pins.mock import MockFactory

        factory = MockFactory()
        Device.pin_factory = factory
        buttons = GpioButtons(app.hub, pins, pin_factory=factory)
        app.driver = MockSelftestDriver(factory, pins)
    else:
        if not no_gpio:  # --no-gpio: the keyboard (and a serial box) only
            buttons = start_gpio(app.hub, pins)
        app.driver = WaitDriver(args.timeout)
    scene = app.routes["selftest"](app, timeout=None if args.mock else args.timeout)
    try:
        app.run(scene)
    finally:
        if buttons is not None:
            buttons.close()
        if factory is not None:
            factory.reset()
        app.close()
    # a button counts as reached when its press came to the screen, asked for or not (the screen
    # marks every button seen, in any order); the time is that of its first press
    first: dict[str, float] = {}
    for name, secs in app.latencies:
        first.setdefault(name, secs)
    came = set(scene.arrived)
    report = [{"button": b, "label": BUTTON_NAMES.get(b, b.upper()), "screen": app.texts(b),
               "pin": pins.get(b), "reached_screen": b in came,
               "ms": round(first[b] * 1000, 2) if b in came and b in first else None} for b in BUTTONS]
    wrong = [{"came": got, "asked": want} for got, want in scene.wrong]
    if args.json:
        print(json.dumps({"mock": args.mock, "gpio": not no_gpio, "buttons": report, "wrong": wrong}))
    else:
        for r in report:
            state = ("NOT reached" if not r["reached_screen"] else "reached the screen"
                     + (f" in {r['ms']:.2f} ms" if r["ms"] is not None else ""))
            # the README's name of the button, the screen's word beside it, the pin only if one is used
            said = f" \"{r['screen']}\"" if r["screen"] != r["label"] else ""
            pin = f" (GPIO {r['pin']})" if r["pin"] is not None else ""
            print(f"{r['label']:>8}{said}{pin}: {state}")
        for w in wrong:
            print(f"wrong press: {BUTTON_NAMES.get(w['came'], w['came'])} came while "
                  f"{BUTTON_NAMES.get(w['asked'], w['asked'])} was asked for")
        missing = [r["label"] for r in report if not r["reached_screen"]]
        if missing:
            print(f"never came: {', '.join(missing)}")
    return 0 if all(r["reached_screen"] for r in report) else 1


#: the buttons as the README and the arcade buttons name them
BUTTON_NAMES = {"roll": "ROLL", "left": "LEFT", "straight": "STRAIGHT", "right": "RIGHT", "ok": "OK", "undo": "UNDO"}


# -- export ----------------------------------------------------------------------------------
def cmd_export(args: argparse.Namespace) -> int:
    from companion.session.record import dumps
    from companion.session.store import Store, StoreError

    try:
        store, notices = Store.open(args.data)
    except StoreError as exc:
        print(str(exc), file=sys.stderr)
        return 1
    for notice in notices:
        print(f"store: {notice}", file=sys.stderr)
    try:
        game_id = args.game_id
        if game_id is None:
            row = store.db.execute("SELECT MAX(id) FROM games").fetchone()
            game_id = row[0]
            if game_id is None:
                print("there are no games stored yet", file=sys.stderr)
                return 1
        loaded = store.load_checked(game_id)
        header, actions = loaded.header, loaded.actions
        for notice in loaded.notices:
            print(f"store: {notice}", file=sys.stderr)
    except StoreError as exc:
        print(str(exc), file=sys.stderr)
        return 1
    finally:
        store.close()
    sys.stdout.write(dumps(header, actions))
    return 0


def cmd_qr_join(args: argparse.Namespace) -> int:
    """The record from the texts of its QR codes (one code's text a line, any order)."""
    from companion.ui.staff.qr import QrError, decode

    texts: list[str] = []
    for name in args.files or ["-"]:
        try:
            raw = sys.stdin.read() if name == "-" else open(name, encoding="utf-8").read()
        except (OSError, UnicodeDecodeError) as exc:
            print(f"{name}: {exc}", file=sys.stderr)
            return 1
        texts += [line for line in raw.splitlines() if line.strip()]
    try:
        sys.stdout.write(decode(texts))
    except QrError as exc:
        print(f"qr-join: {exc}", file=sys.stderr)
        return 1
    return 0


def cmd_soak(args: argparse.Namespace) -> int:
    from companion.soak import soak
    return soak(args)


def cmd_bench(args: argparse.Namespace) -> int:
    from companion.bench.run import main as bench_main
    only = [p.strip() for p in args.only.split(",") if p.strip()] if args.only else None
    return bench_main(quick=args.quick, as_json=args.json, instructions=args.instructions,
                      store_dir=args.store_dir, only=only)


# -- parser ----------------------------------------------------------------------------------
#: The start's own options (``companion [run] ...``): flag, its name in the Namespace, its kind
#: ("value", "file": a value naming the games file (:func:`games_file`), "flag": store_true,
#: "both": --x and --no-x) and its help; given before the word ``run`` or after it.
RUN_OPTIONS = (
    ("--data", "data", "file", "the games database file (default: the data directory)"),
    ("--serial", "serial", "value", "serial button box, e.g. /dev/ttyACM0, or usb to find it by its USB id"),
    ("--no-gpio", "no_gpio", "flag", "do not use GPIO buttons"),
    ("--fullscreen", "fullscreen", "both", "full screen (default: in kiosk mode)"),
    ("--kiosk", "kiosk", "both", "Escape and closing the window do nothing, only the staff menu leaves "
                                 "(default: $COMPANION_KIOSK, else under systemd)"),
    ("--floor", "floor", "value", "the café floor's broker, mqtt://HOST:PORT (default: [floor] in the settings)"),
    ("--table", "table", "value", "this table's name on the café floor"),
)


def games_file(value: str) -> str:
    """``--data``: the games database file. A folder is refused in words here, at the command
    line: opened as a database it failed, the companion fell back to memory, and the staff's
    PIN was looked for beside the folder instead of in it.

    >>> games_file("/var/lib/companion/companion.sqlite3")
    '/var/lib/companion/companion.sqlite3'
    """
    if os.path.isdir(value):
        raise argparse.ArgumentTypeError(
            f"{value} is a folder: give the games file in it, e.g. {os.path.join(value, 'companion.sqlite3')}")
    return value


def _run_options(parser: argparse.ArgumentParser, defaults: bool = True) -> None:
    """The start's options. ``defaults=False`` for the ``run`` sub-command: its defaults would
    overwrite what was given before the word ``run`` (``companion --data x run``)."""
    for flag, _name, kind, words in RUN_OPTIONS:
        default = (False if kind == "flag" else None) if defaults else argparse.SUPPRESS
        if kind in ("value", "file"):
            parser.add_argument(flag, default=default, help=words, type=games_file if kind == "file" else str)
        else:
            action = "store_true" if kind == "flag" else argparse.BooleanOptionalAction
            parser.add_argument(flag, action=action, default=default, help=words)


def _game_options(parser: argparse.ArgumentParser) -> None:
    """Which game and how (``demo`` and ``simulate``): the header of its record."""
    from companion.games import REGISTRY, cli_aliases, first_game

    parser.add_argument("--game", default=first_game() if REGISTRY else None,
                        help="default: the first game of the menu")
    parser.add_argument("--players", type=int, default=None, help="default: the game's usual count")
    parser.add_argument("--seed", type=int, default=1)
    for flag, dest in cli_aliases().items():  # the games' shortcuts, e.g. --rules X for --option rules=X
        keys = sorted({k for g in REGISTRY.values() for f, k in g.cli_aliases if f == flag})
        parser.add_argument(flag, dest=dest, default=None, metavar=flag.lstrip("-").upper(),
                            help=f"short for --option {'/'.join(keys)}=...")
    parser.add_argument("--option", action="append", metavar="KEY=VALUE", help="any option of the game")


def build_parser() -> argparse.ArgumentParser:
    """The parser of every command."""
    p = argparse.ArgumentParser(prog="companion", description="The tabletop companion.")
    p.add_argument("--lang", choices=("de", "en"), default=os.environ.get("COMPANION_LANG", "de"))
    sub = p.add_subparsers(dest="command")

    _run_options(p)
    _run_options(sub.add_parser("run", help="start the companion (the default)"), defaults=False)

    demo = sub.add_parser("demo", help="play turns with scripted presses through the real screen")
    _game_options(demo)
    demo.add_argument("--turns", type=int, default=10)
    demo.add_argument("--record", default=None, help="play this record's actions on screen instead")
    demo.add_argument("--screenshot", default=None, help="save the last frame as PNG")
    demo.add_argument("--data", default=None, type=games_file, help="store the demo game in this database file")
    demo.add_argument("--floor", default=None, help="send the steps to the café floor, mqtt://HOST:PORT")
    demo.add_argument("--table", default=None, help="this table's name on the café floor")

    from companion.floor.commands import add_parsers
    add_parsers(sub)

    rp = sub.add_parser("replay", help="rebuild a game from a record file")
    rp.add_argument("file")
    rp.add_argument("--json", action="store_true")
    rp.add_argument("--legal", action="store_true", help='add "legal": the actions the player to move may take')

    sim = sub.add_parser("simulate", help="play simulated games and report their speed")
    _game_options(sim)
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--policy", choices=("one-heading", "random"), default="one-heading",
                     help="one-heading: before a roll a player makes each kind of choice at most once, "
                          "as a person does; random: any legal action at every step")
    sim.add_argument("--json", action="store_true")

    st = sub.add_parser("selftest", help="press every button and see it reach the screen")
    st.add_argument("--mock", action="store_true", help="press them itself through gpiozero mock pins")
    st.add_argument("--json", action="store_true")
    st.add_argument("--timeout", type=float, default=15.0, help="seconds to wait for each press")

    ex = sub.add_parser("export", help="write a stored game as a record (JSON Lines)")
    ex.add_argument("game_id", nargs="?", type=int)
    ex.add_argument("--data", type=games_file, help="the games database file (default: the data directory)")

    qj = sub.add_parser("qr-join", help="the record from the texts of the staff menu's QR codes")
    qj.add_argument("files", nargs="*", help="files with one scanned code's text a line (default: standard input)")

    be = sub.add_parser("bench", help="measure speed and memory")
    be.add_argument("--quick", action="store_true", help="less work per figure: a smoke check under a minute")
    be.add_argument("--json", action="store_true")
    be.add_argument("--instructions", action="store_true",
                    help="also count instructions under valgrind's callgrind, with the Pi Zero 2 W estimate")
    be.add_argument("--store-dir", metavar="PATH", default=None,
                    help="time the store's commits in a scratch database in PATH (e.g. on the SD card)")
    be.add_argument("--only", metavar="PARTS", default=None,
                    help="comma-separated: engine, press, frame, start, idle, store, instructions")

    soak = sub.add_parser("soak", help="a café day: every game through the screen loop, kills, exports, "
                                       "memory, files and threads over time")
    soak.add_argument("--hours", type=float, default=2.0)
    soak.add_argument("--out", default="soak", help="folder for soak.csv, soak.json, the stores and logs")
    soak.add_argument("--every", type=float, default=30.0, help="seconds between samples")
    soak.add_argument("--kill-min", type=float, default=120.0, help="seconds between kills, at least")
    soak.add_argument("--kill-max", type=float, default=300.0, help="seconds between kills, at most")
    soak.add_argument("--export-every", type=float, default=300.0, help="seconds between exports, about")
    soak.add_argument("--seed", type=int, default=1)
    return p


COMMANDS = {"run": cmd_run, "demo": cmd_demo, "replay": cmd_replay, "simulate": cmd_simulate,
            "selftest": cmd_selftest, "export": cmd_export, "bench": cmd_bench, "qr-join": cmd_qr_join,
            "soak": cmd_soak, "hub": cmd_hub, "floor-sim": cmd_floor_sim}


def parse_args(argv: list[str]) -> argparse.Namespace:
    """The command line (no command: ``run``)."""
    return build_parser().parse_args(argv)


def _for_the_user(exc: Exception) -> bool:
    """Whether ``exc`` is a refusal in words (a bad option, a broken box file, a bad pin map)
    rather than a fault. Its module was loaded by whatever raised it, so only those are looked
    at."""
    kinds = [getattr(sys.modules.get(module), name, None) for module, name in USER_ERRORS]
    return any(isinstance(kind, type) and isinstance(exc, kind) for kind in kinds)


def main(argv: list[str] | None = None) -> int:
    # pygame's greeting line is for its own developers, not for the people at the table
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    args = parse_args(sys.argv[1:] if argv is None else list(argv))
    command = args.command or "run"  # the start's options are read before the word run too
    try:
        return COMMANDS[command](args)
    except KeyboardInterrupt:
        return 130
    except Exception as exc:
        if not _for_the_user(exc):
            raise
        print(str(exc), file=sys.stderr)
        return 2


if __name__ == "__main__":
    raise SystemExit(main())
