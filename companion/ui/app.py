"""The screen loop: sleeps in ``pygame.event.wait`` when idle, draws within a frame of a press.

A press travels: a pin/serial/keyboard source -> ``InputHub`` queue -> a wake event posted to
pygame -> this loop drains the queue -> the active scene -> the session -> redraw. Touch and
mouse taps go straight to the scene.
"""

from __future__ import annotations

import os
import signal
import threading
import time
import warnings
from collections import deque
from collections.abc import Callable, Iterator, MutableMapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from companion.inputs.events import InputEvent
from companion.ui import theme
from companion.ui.i18n import Texts
from companion.ui.kit import GUARD_S, pointer
from companion.ui.kit.confirm import Confirm
from companion.ui.scene import Scene
from companion.ui.sound import Sounds

if TYPE_CHECKING:
    from companion.inputs.hub import InputHub
    from companion.session.store import Store

#: Posted by input threads to wake the loop; the event itself carries nothing.
WAKE = pygame.event.custom_type()
FRAME_S = 1 / 60
IDLE_WAIT_MS = 1000  # the loop still ticks once a second (banners fade, watchdog)
# pygame's event.wait wakes every millisecond on every driver we use (measured: ~1,200 times a
# second, 2-3 % of a core doing nothing). So the idle loop sleeps on a threading.Event that
# button, serial and keyboard presses set, and looks at SDL's queue (touch, window) this often.
TOUCH_POLL_S = 0.02
#: the staff menu's hidden door: a finger held this long in the top-left corner of this size
CORNER_PX = 64
CORNER_HOLD_S = 5.0


#: presses whose press-to-screen time is kept (selftest, bench): the newest, never more
LATENCIES_KEPT = 1000
#: presses after which an idle pass lets go of what the screens dropped (``cache.give_back``)
TIDY_PRESSES = 40


def on_a_pi() -> bool:
    try:
        return "raspberry pi" in Path("/proc/device-tree/model").read_text(errors="ignore").lower()
    except OSError:
        return False


def kiosk_mode(flag: bool | None = None, environ: Any = None) -> bool:
    """Whether the companion runs as a kiosk: full screen, and neither Escape nor closing the
    window leaves it (only the staff menu does). ``--kiosk``/``--no-kiosk`` decides; else
    ``$COMPANION_KIOSK`` (``1`` or ``0``; the unit sets 1); else a systemd service (systemd
    sets ``$INVOCATION_ID`` for every unit it starts) is a kiosk whatever the machine. Started
    by hand from a terminal (``make run``), even on a Pi, it is a window that Escape closes:
    only the installed unit is a kiosk.

    >>> kiosk_mode(None, {"COMPANION_KIOSK": "1"}), kiosk_mode(None, {"INVOCATION_ID": "ab12"})
    (True, True)
    >>> kiosk_mode(False, {"COMPANION_KIOSK": "1"}), kiosk_mode(None, {"COMPANION_KIOSK": "0", "INVOCATION_ID": "x"})
    (False, False)
    """
    if flag is not None:
        return flag
    env = os.environ if environ is None else environ
    said = str(env.get("COMPANION_KIOSK", "")).strip().lower()
    if said in ("1", "yes", "true", "on"):
        return True
    if said in ("0", "no", "false", "off"):
        return False
    return bool(env.get("INVOCATION_ID"))


#: SDL's drivers that draw where nobody sees it; chosen by SDL only when no screen answered
UNSEEN_DRIVERS = ("offscreen", "dummy")
NO_SCREEN = ("no screen to show the companion on: no desktop ($DISPLAY, $WAYLAND_DISPLAY) and no graphics "
             "device ({dri}); start it on a desktop or on the Pi's own screen "
             "(`companion demo --screenshot FILE` needs none)")


#: where the kernel lists graphics devices (the Pi's screen: ``card0`` or ``card1``)
DRI = Path("/dev/dri")


def find_screen(env: MutableMapping[str, str], dri: Path | None = None) -> str | None:
    """Chooses SDL's video driver before the display opens, or says in one line why there is
    no screen (``None``: there is one). ``$SDL_VIDEODRIVER`` given (the unit's ``kmsdrm``, the
    tests' ``dummy``) is kept; a desktop is left to SDL; without one, a graphics device means
    the console of a Pi: ``kmsdrm`` straight away, so SDL probes for no Wayland desktop (which
    prints ``XDG_RUNTIME_DIR is invalid or not set``). Without either, SDL would settle on its
    ``offscreen`` driver and run on where nobody sees it.

    >>> find_screen({"SDL_VIDEODRIVER": "dummy"}), find_screen({"DISPLAY": ":0"})
    (None, None)
    >>> env = {}
    >>> find_screen(env, Path("/nonexistent")).startswith("no screen"), env
    (True, {})
    """
    if env.get("SDL_VIDEODRIVER") or env.get("DISPLAY") or env.get("WAYLAND_DISPLAY"):
        return None
    dri = DRI if dri is None else dri
    if any(dri.glob("card*")):
        env["SDL_VIDEODRIVER"] = "kmsdrm"
        return None
    return NO_SCREEN.format(dri=dri)


def display_flags(fullscreen: bool) -> int:
    """The window's flags. ``SCALED`` only where the screen is not 800×480 itself: scaling
    goes through a renderer that copies the whole screen at every flip, and no pixels are
    sent where the window already has the logical size (a window on a desktop, the 7"
    display, SDL's dummy driver), so a frame costs what was drawn."""
    if not fullscreen:
        return 0
    try:
        native = tuple(theme.SIZE) in [tuple(s) for s in pygame.display.get_desktop_sizes()]
    except pygame.error:
        native = False
    return pygame.FULLSCREEN | (0 if native else pygame.SCALED)


class App:
    """Owns the display, the input hub, the store and the active scene."""

    #: seconds taps are ignored after the controls on screen changed (tests set 0)
    tap_guard_s = GUARD_S

    def __init__(self, *, store: Store | None = None, lang: str = "de", fullscreen: bool | None = None,
                 hub: InputHub | None = None, sound: bool = True,
                 routes: dict[str, Callable[..., Scene]] | None = None, kiosk: bool | None = None) -> None:
        # SDL would turn SIGTERM and SIGINT into a quit event, which a kiosk ignores (its close
        # button must do nothing): systemctl stop, a reboot and the staff's shutdown would wait
        # for the stop timeout and end in SIGKILL. Our own handlers stop the loop instead.
        os.environ.setdefault("SDL_NO_SIGNAL_HANDLERS", "1")
        # malloc set for large pictures made and freed all day, before any thread starts
        # (why: companion.ui.kit.cache.tune_malloc)
        from companion.ui.kit.cache import tune_malloc

        tune_malloc()
        #: the signal that asked the app to stop (SIGTERM, SIGINT), once one came
        self.stopped_by: int | None = None
        self._signals_before: dict[int, Any] = {}  # given back at close
        pygame.display.init()
        pygame.font.init()
        if fullscreen is None:
            fullscreen = on_a_pi()
        #: in kiosk mode neither Escape nor closing the window leaves the app
        self.kiosk = fullscreen if kiosk is None else kiosk
        #: route name -> scene factory ``(app, **kwargs) -> Scene``, set by the composition root
        self.routes: dict[str, Callable[..., Scene]] = dict(routes or {})
        flags = display_flags(fullscreen)
        pygame.display.set_caption("Companion")
        with warnings.catch_warnings():
            # the dummy driver (tests, headless demo) has no GPU renderer; that is expected
            warnings.filterwarnings("ignore", "no fast renderer")
            self.screen = pygame.display.set_mode(theme.SIZE, flags)
        if fullscreen:
            pygame.mouse.set_visible(False)
        #: the virtual console held in a kiosk (Ctrl+Alt+F2 refused, see companion.ui.console);
        #: after set_mode, so the kernel asks the companion rather than SDL
        self.console: Any = None
        if self.kiosk and fullscreen and threading.current_thread() is threading.main_thread():
            from companion.ui import console

            self.console = console.hold()
        # Touch screens send both finger and mouse events on some systems: once a finger event
        # arrives we ignore mouse events that came from touch, so one tap is one tap.
        self._fingers_seen = False
        self._corner_since: float | None = None  # when a finger went down in the staff corner
        self.store = store
        self.texts = Texts(lang)
        self.sounds = Sounds() if sound else Silent()
        self._woken = threading.Event()
        self._hub = hub
        if hub is not None:
            hub.wake = self.wake
        self.scene: Scene | None = None
        self.running = False
        self.clock = pygame.time.Clock()
        #: (button name, seconds from press to the frame showing it), for selftest and bench:
        #: the newest LATENCIES_KEPT only, so a table that plays all day keeps no growing list
        self.latencies: deque[tuple[str, float]] = deque(maxlen=LATENCIES_KEPT)
        #: presses shown since the start (the list above forgets the oldest)
        self.presses_shown = 0
        self.frames = 0
        self.driver: Callable[[App], bool] | None = None
        self._scripted: list[InputEvent] = []
        #: when each button last acted (a second press within the guard is a bounce or a
        #: double press, and is dropped: one press, one action)
        self._pressed_at: dict[str, float] = {}
        #: the last tap that acted, on any screen (see ``Controls.acted``)
        self.last_tap: Any = None
        self.notifier = _notifier()
        self._after_first: list[Callable[[], None]] = []
        self.first_frame_at: float | None = None
        #: the scene whose frame is on screen (its warm-up may start once it is)
        self._framed: Scene | None = None
        #: the shown scene's warm-up pieces still to do (``Scene.warm_up``); None when there
        #: are none, or they were not asked for yet (``_warm_asked``)
        self._warm: Iterator[object] | None = None
        #: when the last press or tap was handled (idle work waits a tap's guard after it)
        self._input_at = float("-inf")
        self._warm_asked = False
        #: what stopped a warm-up, if one failed (it is only a head start: the app goes on)
        self.warm_failed: BaseException | None = None
        #: the screens left are to be let go of (``cache.give_back``) in the next idle pass
        self._give_back = False
        #: ``presses_shown`` when the app last let go of them
        self._given_back_at = 0
        self._was_animating = False
        #: the café floor's link (companion.floor.table.TableFloor) when the table is on one
        self.floor: Any = None
        #: how often an idle loop looks at SDL's queue for touch and keys; None when a thread
        #: wakes the loop for them (see companion.ui.display_wake)
        self.poll_s: float | None = TOUCH_POLL_S
        #: called after every look at SDL's queue (a waker on the X socket waits for it)
        self.pumped: Callable[[], None] = lambda: None
        #: outputs the composition root may connect (an RGB LED, a buzzer); the app calls
        #: them with plain values and knows nothing of pins
        self.turn_light: Callable[[str | None], None] = lambda colour: None
        self.die_rolled: Callable[[], None] = lambda: None
        self._turn_colour: str | None = None
        self._actions_seen: int | None = None
        self._status_seen = 0
        # COMPANION_TRACE=file: after every frame, one JSON line with the game state shown
        # (used to check that a kill at any moment resumes to what was on screen).
        trace = os.environ.get("COMPANION_TRACE")
        self._trace = open(trace, "a", buffering=1, encoding="utf-8") if trace else None
        self._handle_stop_signals()
        pygame.event.clear()

    def _handle_stop_signals(self) -> None:
        """SIGTERM and SIGINT end the loop after the pass under way, in every mode, the kiosk
        too: every step is saved when it is made, so what follows is closing the store and
        leaving with 0 (``companion run``). Only the main thread may set handlers."""
        if threading.current_thread() is not threading.main_thread():
            return
        for signum in (signal.SIGTERM, signal.SIGINT):
            self._signals_before[signum] = signal.signal(signum, self._stop_signal)

    def _stop_signal(self, signum: int, _frame: Any) -> None:
        self.stopped_by = signum
        self.running = False
        self._woken.set()  # a sleeping loop wakes at once

    @property
    def hub(self) -> InputHub:
        """The input hub, made on first use: the composition root opens the buttons after the
        first frame, and the input modules need not load before it."""
        if self._hub is None:
            from companion.inputs.hub import InputHub

            self._hub = InputHub(wake=self.wake)
        return self._hub

    @staticmethod
    def now() -> float:
        return time.monotonic()

    def wake(self) -> None:
        """Called from input threads: wakes the sleeping loop at once."""
        self._woken.set()
        try:
            pygame.event.post(pygame.event.Event(WAKE))
        except pygame.error:
            pass  # display already closed while a late press arrived

    def set_language(self, lang: str) -> None:
        self.texts = Texts(lang)

    def show(self, scene: Scene) -> None:
        """Switch to another scene. A screen that starts something new (a game's table, the
        first time it shows) lets go of the screens left before it once its first frame is on
        screen, in the loop's first pass with nothing else to do (``_idle_work``): their
        layers and pictures are freed and their pages handed back (``cache.give_back``), not
        while the press that opened it waits for its frame."""
        if scene.settles and not scene.appeared:
            self.scene = None  # the scene being left is garbage too, unless something keeps it
            self._owe_give_back()
        if scene.appeared:
            # a screen shown again (the setup after the name keyboard, the table after the
            # pause): its keys are new under the finger, as a new screen's are (the second tap
            # of a double tap on the keyboard's OK started the game by "Los" beneath it)
            scene.controls.changed()
            scene.controls.acted = self.last_tap
        self.scene = scene
        scene.appeared = True
        scene.dirty = True
        self._drop_warm_up()

    def go(self, route: str, **kwargs: Any) -> Scene:
        """Show the scene of a named route (``"menu"``, ``"setup"``, ``"table"``, ``"end"``...);
        scenes ask for routes by name and never import each other."""
        try:
            factory = self.routes[route]
        except KeyError:
            raise KeyError(f"no route {route!r} (routes: {', '.join(self.routes)})") from None
        scene = factory(self, **kwargs)
        self.show(scene)
        return scene

    def inject(self, name: str, value: int | None = None) -> None:
        """A scripted press (demo, attract mode): handled on the next pass like a button press,
        but not debounced, so a script may press the same button on consecutive frames."""
        self._scripted.append(InputEvent(name, "script", value=value))

    def quit(self) -> None:
        self.running = False

    # -- the loop -------------------------------------------------------------------------
    def _pygame_event(self, ev: pygame.event.Event, pending: list[tuple[str, float]]) -> None:
        assert self.scene is not None
        if ev.type == pygame.QUIT:
            if not self.kiosk:
                self.running = False
        elif ev.type == pygame.KEYDOWN:
            if ev.key == pygame.K_ESCAPE:
                # on a table Escape pauses the game; elsewhere it closes the window (never on
                # a kiosk, where only the staff menu may leave the app)
                if not self.scene.on_menu() and not self.kiosk:
                    self.running = False
                return
            if self.scene.wants_text and ev.unicode and (ev.unicode.isalpha() or ev.unicode in " -"):
                return  # typed as a letter by the TEXTINPUT event that follows
            from companion.inputs.keyboard import key_to_event

            iev = key_to_event(pygame.key.name(ev.key))
            if iev is not None:
                self.hub.press(iev.name, "keyboard", iev.value)
        elif ev.type == pygame.TEXTINPUT:
            if self.scene.wants_text:
                self.scene.on_text(ev.text)
                self.scene.dirty = True
        else:
            if ev.type in (pygame.FINGERDOWN, pygame.FINGERUP):
                self._fingers_seen = True
            touch = pointer(ev, self._fingers_seen)
            if touch is None:
                return
            kind, pos = touch
            self._corner_since = self.now() if kind == "down" and pos[0] < CORNER_PX and pos[1] < CORNER_PX \
                else None
            if kind == "down":
                self.scene.on_press(pos)
            else:
                pending.append(("tap", self.now()))
                self.scene.on_release(pos)

    def _sleep(self, seconds: float) -> list[pygame.event.Event]:
        """Sleep until a press wakes us, SDL has an event, or ``seconds`` have passed."""
        deadline = self.now() + seconds
        while True:
            self._woken.clear()  # before looking, so a press in between is not missed
            events = self._pump()
            if events or self.hub_pending():
                return events
            left = deadline - self.now()
            if left <= 0:
                return []
            self._woken.wait(left if self.poll_s is None else min(self.poll_s, left))

    def _pump(self) -> list[pygame.event.Event]:
        events = pygame.event.get()
        self.pumped()
        return events

    def hub_pending(self) -> bool:
        return bool(self._scripted) or self._woken.is_set()

    def step(self, block: bool = True) -> None:
        """One pass of the loop: wait or poll, hand out input, animate, draw if needed."""
        assert self.scene is not None
        if self._after_first and self.first_frame_at is not None:
            # the pass after the first frame (which is on screen already), before any sleep:
            # the buttons answer from the first second
            while self._after_first:
                self._after_first.pop(0)()
        animating = self.scene.update(self.now())
        warming = self._warming(self.scene)
        # no piece of idle work within a tap's guard of the last input: the second touch of a
        # double tap is handled (and dropped) before a long piece could hold it past the guard
        settling = warming and self.now() < self._input_at + self.tap_guard_s
        if animating or not block or self.scene.dirty or self._was_animating or (warming and not settling):
            if warming:  # no sleep while warm-up pieces remain; a press from now on is seen
                self._woken.clear()  # before the next piece (see the end of this pass)
            events = self._pump()
        else:
            timeout = IDLE_WAIT_MS
            wake_at = self.scene.wake_at()
            if settling:
                wake_at = min(wake_at, self._input_at + self.tap_guard_s) if wake_at is not None \
                    else self._input_at + self.tap_guard_s
            if wake_at is not None:
                timeout = max(1, min(timeout, int((wake_at - self.now()) * 1000) + 1))
            self.sounds.rest()
            events = self._sleep(timeout / 1000)
        pending: list[tuple[str, float]] = []
        for ev in events:
            self._pygame_event(ev, pending)
        scripted, self._scripted = self._scripted, []
        for iev in scripted + (self._hub.drain() if self._hub is not None else []):
            self._input_at = self.now()
            if self._repeated(iev):
                continue
            pending.append((iev.name, iev.t))
            plays = self.sounds.plays
            if iev.name == "menu":
                self.scene.on_menu()
            elif iev.name == "staff":
                self.open_staff()
            elif iev.name == "call":
                if self.floor is not None:  # UNDO held on: call the staff (on the café floor only)
                    from companion.floor.on_screen import call_staff
                    call_staff(self)
            else:
                self.scene.on_input(iev)
            if self.sounds.plays == plays:  # nothing of its own (a roll, a refusal): a click
                self.sounds.play("click")
        if self.floor is not None and not self.floor.inbox.empty():
            from companion.floor.on_screen import serve
            serve(self)
        if self._corner_since is not None and self.now() - self._corner_since >= CORNER_HOLD_S:
            self._corner_since = None
            self.open_staff()
        scene = self.scene
        animating = scene.update(self.now()) or animating
        if not animating and scene.finished_game() and "end" in self.routes:
            # whatever ended the game (a roll, a carpet, a forced landing), the end screen
            # follows once the last animation is over, for every game
            scene = self.go("end", table=scene)
            self._owe_give_back()  # the game's pictures are freed once the end is on screen
        self._check_status(scene)
        # the pass an animation ends in draws once more: the final state (the payment lit,
        # the legal cells) shows without anyone touching the screen
        ended = self._was_animating and not animating
        self._was_animating = animating
        if scene.dirty or animating or ended or pending or (scene.banner.text and not scene.banner.active(self.now())):
            if scene.banner.text and not scene.banner.active(self.now()):
                scene.banner.text = ""
            # the controls of the state about to be drawn, not of the last frame: a new
            # screen shows its keys in its first frame, a new phase its own keys at once
            scene.sync_controls()
            scene.draw(self.screen)
            pygame.display.flip()
            self.frames += 1
            scene.dirty = False
            scene.sync_controls()
            self._after_frame(scene)
            shown = self.now()
            self.latencies.extend((name, shown - t) for name, t in pending)
            self.presses_shown += len(pending)
            if self._trace is not None:
                self._write_trace()
            if self.first_frame_at is None:
                self.first_frame_at = shown
                self.notifier.ready()
            self._framed = scene
        if self.floor is not None and not animating:  # the board's picture for the floor page
            from companion.floor.on_screen import picture
            picture(self, scene)
        if pending:
            self._input_at = self.now()
        if warming and not settling and scene is self.scene \
                and not (events or pending or animating or ended or self.hub_pending()):
            # a pass that had no input and no animation: one piece of idle work. A frame
            # this pass drew is on screen already (a screen that asks for frames by itself,
            # such as a gently blinking piece, would otherwise never leave room for one)
            self._idle_work()
        self.notifier.alive()
        if animating:
            self.clock.tick(60)

    # -- work while idle -----------------------------------------------------------------
    @property
    def warming(self) -> bool:
        """True while there is idle work left once the shown scene's first frame is on
        screen: the screens left to let go of, the scene's warm-up pieces (``Scene.warm_up``).
        The loop then looks for input without sleeping and does one piece in each pass that
        has nothing else to do."""
        return self.scene is not None and self._warming(self.scene)

    def _warming(self, scene: Scene) -> bool:
        if self._framed is not scene:
            return False  # the scene's first frame comes first
        if not self._warm_asked:
            self._warm_asked = True
            pieces = scene.warm_up()
            self._warm = iter(pieces) if pieces is not None else None
        return self._give_back or self._warm is not None or self._tidy_due()

    def _tidy_due(self) -> bool:
        """True once ``TIDY_PRESSES`` presses were shown since the app last let go of what
        the screens dropped. A table's keys, layers and banners of a phase gone are cycles
        that hold pictures, and Python's collector runs its oldest generation only when
        Python objects pile up, which pixels (C memory) do not count towards: without this
        a table played for a while holds a few megabytes more than it shows. It costs an
        idle pass a few milliseconds every forty presses or so, never a press."""
        return self.presses_shown - self._given_back_at >= TIDY_PRESSES

    def _let_go(self) -> None:
        """Let go of what the screens dropped now (``cache.give_back``)."""
        from companion.ui.kit.cache import give_back

        self._given_back_at = self.presses_shown
        give_back()

    def _owe_give_back(self) -> None:
        """The screens left are to be let go of in the next idle pass; if the last ones still
        are (a table pressed on without a pause, as the soak does), they go now: never more
        than one screen change's pictures wait for the collector."""
        if self._give_back:
            self._let_go()
        self._give_back = True

    def _idle_work(self) -> None:
        """One piece of idle work: first letting go of the screens left (or, every
        ``TIDY_PRESSES`` presses, of what the screen dropped), then the next piece of the
        shown scene's warm-up. Nothing a warm-up draws is audited as being on screen;
        a warm-up that fails is given up: it was only a head start."""
        from companion.ui.kit import audit

        if self._give_back or self._tidy_due():
            self._give_back = False
            self._let_go()
            return
        if self._warm is None:
            return
        try:
            with audit.capture():
                next(self._warm)
        except StopIteration:
            self._warm = None
        except Exception as exc:  # noqa: BLE001 -- a head start must never stop the table
            import sys
            import traceback

            self.warm_failed = exc
            print(f"warm-up of {type(self.scene).__name__} given up:", file=sys.stderr)
            traceback.print_exception(exc, file=sys.stderr)
            self._warm = None  # and not asked again while this screen stands

    def _drop_warm_up(self) -> None:
        """A screen was shown: the last one's warm-up ends (what it made is let go of), and
        the new one is asked for its own once its first frame is on screen."""
        warm, self._warm, self._warm_asked = self._warm, None, False
        close = getattr(warm, "close", None)
        if close is not None:
            close()

    def _repeated(self, iev: InputEvent) -> bool:
        """True for the second press of a button within the guard (a script's presses are
        meant, each of them)."""
        if iev.source == "script":
            return False
        last = self._pressed_at.get(iev.name)
        if last is not None and 0 <= iev.t - last < self.tap_guard_s:
            return True
        self._pressed_at[iev.name] = iev.t
        return False

    def confirm(self) -> Confirm:
        """A confirmation on this app's clock: its answer counts once the question has been on
        screen for twice the tap guard (0.5 s)."""
        return Confirm(clock=self.now, seen_s=2 * self.tap_guard_s)

    def open_staff(self) -> None:
        """The staff menu (UNDO and OK held, or the corner held), from any screen but its own."""
        if "staff" in self.routes and not getattr(self.scene, "staff", False):
            self.go("staff", back=self.scene)

    def _after_frame(self, scene: Scene) -> None:
        """What follows a frame outside the screen: the turn light and the buzzer for a roll."""
        session = getattr(scene, "session", None)
        if session is not None and hasattr(scene, "seat_colours"):  # a table screen
            seat = session.engine.current_player(session.state)
            colour = scene.seat_colours(seat)[0] if seat is not None else None
            if colour != self._turn_colour:
                self._turn_colour = colour
                self.turn_light(colour)
            count = len(session.actions)
            if self._actions_seen is not None and count > self._actions_seen \
                    and session.actions[-1]["action"] in session.engine.chance_actions:
                self.die_rolled()
            if self._actions_seen is not None and count > self._actions_seen and any(
                    ev.kind == "pay" and ev.data.get("amount") for step in session.events[self._actions_seen:count]
                    for ev in step):
                self.sounds.play("coins")  # money changed hands, in whatever game
            self._actions_seen = count

    def _check_status(self, scene: Scene) -> None:
        """A word on screen when the button box goes offline or comes back."""
        if self._hub is None or self._hub.status_version == self._status_seen:
            return
        self._status_seen = self.hub.status_version
        if "serial" in self.hub.statuses():
            offline = "serial" in self.hub.offline()
            scene.say(self.texts("box_offline" if offline else "box_online"), bad=offline)

    def after_first_frame(self, fn: Callable[[], None]) -> None:
        """Run ``fn`` once the first frame is on screen (slow start-up work such as the pins)."""
        self._after_first.append(fn)

    def run(self, scene: Scene) -> None:
        """Run until quit. With a ``driver`` (demo, selftest, bench), it is asked for the next
        scripted press whenever the screen is idle; it returns False when it is done."""
        self.show(scene)
        self.running = self.stopped_by is None
        while self.running:
            if self.driver is not None and self.scene is not None and not self.scene.dirty \
                    and (not self.scene.is_busy() or not getattr(self.driver, "waits", True)):
                if not self.driver(self):
                    self.running = False
                    break
            # block in event.wait unless a scripted press waits to be handled
            self.step(block=not self._scripted)
        # the last frame, fully settled, for screenshots; a game that ended with the last
        # press still goes to its end screen (not when told to stop: that is quick)
        if self.scene is not None and self.stopped_by is None:
            while self.scene.update(self.now()):
                self.clock.tick(60)
            if self.scene.finished_game() and "end" in self.routes:
                self.go("end", table=self.scene)
            self.scene.draw(self.screen)
            pygame.display.flip()

    def _write_trace(self) -> None:
        session = getattr(self.scene, "session", None)
        if session is not None:
            line = {"game_id": session.game_id, "actions": len(session.actions),
                    "summary": session.engine.summary(session.state)}
            import json

            if self._trace is not None:
                self._trace.write(json.dumps(line) + "\n")

    def screenshot(self, path: str | os.PathLike[str]) -> None:
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(self.screen, str(path))

    def close(self) -> None:
        for signum, before in self._signals_before.items():
            if signal.getsignal(signum) == self._stop_signal:
                signal.signal(signum, before)
        self._signals_before.clear()
        if self.console is not None:
            self.console.release()
            self.console = None
        if self._trace is not None:
            self._trace.close()
        if self._hub is not None:
            self._hub.close()
        pygame.display.quit()


def _notifier() -> Any:
    """systemd's notifier where systemd started us (its socket is named), else nothing to tell."""
    if os.environ.get("NOTIFY_SOCKET") or os.environ.get("WATCHDOG_USEC"):
        from companion.systemd import Notifier

        return Notifier()
    return _NoNotifier()


class _NoNotifier:
    def ready(self) -> bool:
        return False

    def alive(self, now: float | None = None) -> bool:
        return False


class Silent:
    plays = 0
    available = False

    def play(self, name: str) -> None:
        self.plays += 1

    def rest(self, now: float | None = None) -> None:
        pass


__all__ = ["App", "WAKE", "InputEvent"]
