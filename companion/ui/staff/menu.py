"""The staff menu and its settings pages: language, volume, every game's options (from the
registry), the games kept, restart and shut down.

Every change is written to ``settings.toml`` at once (see :mod:`companion.settings`); the
language and the volume count at once, the options from the next new game (the setup screen
starts from them).
"""

from __future__ import annotations

import dataclasses
import subprocess
import sys
from collections.abc import Callable
from functools import partial
from typing import Any

import pygame

from companion.games import REGISTRY, OptionSpec
from companion.session.notice import StoreError
from companion.settings import KEEP_CHOICES, LANGUAGES, change, option_defaults
from companion.ui import theme
from companion.ui.i18n import title
from companion.ui.kit import Confirm, grid, read_size, row
from companion.ui.scene import Scene
from companion.ui.shell.when import number
from companion.ui.staff.base import BODY, RETURN_S, StaffPage, open_for, shut
from companion.ui.widgets import Button

#: exit status that makes systemd start the companion again (``Restart=always``)
RESTART_EXIT = 3
#: shutting down and rebooting the Pi: systemctl asks logind over D-Bus (no setuid program,
#: so the unit's NoNewPrivileges=yes stays); the installer's polkit rule
#: (hardware/50-companion.rules) allows exactly these two for the companion user
SYSTEM_COMMANDS: dict[str, tuple[str, ...]] = {
    "poweroff": ("systemctl", "--no-ask-password", "poweroff"),
    "reboot": ("systemctl", "--no-ask-password", "reboot"),
}
#: kept for callers that name the power-off command
POWEROFF = SYSTEM_COMMANDS["poweroff"]

# app -> (the button test's screen, the screen the staff menu was opened from)
_BACK: dict[int, tuple[Scene, Scene | None]] = {}


class StaffMenu(StaffPage):
    """Every staff entry, each its own small screen; "Done" goes back to the game."""

    title_key = "menu_title"
    ENTRIES = ("language", "volume", "options", "buttons", "touch", "box", "history", "unfinished", "store",
               "keep", "pin", "clock", "restart", "reboot", "poweroff")

    def __init__(self, app: Any, back: Scene | None = None) -> None:
        test, before = _BACK.pop(id(app), (None, None))
        if test is not None and back is test:
            back = before  # back from the button test: "Done" goes where it would have gone
        super().__init__(app, back)

    def back_label(self) -> str:
        return self.st("done")

    def entries(self) -> list[Button]:
        cells = grid(BODY, 5, 3, 8, touch=True)
        return [self.button(cells[i], self.st(f"entry_{name}"), partial(self.open, name), name)
                for i, name in enumerate(self.ENTRIES)]

    def open(self, name: str) -> None:
        if name == "buttons":
            # the button test's way back (or the staff gesture) brings the menu back without
            # the PIN for a short while
            open_for(self.app, RETURN_S)
            test = self.app.go("selftest", back="staff")
            _BACK[id(self.app)] = (test, self.back)
            return
        page = {"restart": "system", "reboot": "system", "poweroff": "system"}.get(name, name)
        extra = {"action": name} if page == "system" else {}
        self.go("staff", page=page, back=self.back, **extra)

    def on_back(self) -> None:
        """Done: back to the screen the menu was opened from, in the language now set."""
        self.leave_staff()

    def draw_page(self, surf: pygame.Surface) -> None:
        pass


class LanguagePage(StaffPage):
    title_key = "entry_language"

    def entries(self) -> list[Button]:
        cells = row(pygame.Rect(120, 170, 560, 110), len(LANGUAGES), 24, touch=True)
        return [self.button(cells[i], self.st(f"lang_{lang}"), partial(self.choose, lang), f"lang_{lang}",
                            read=True, selected=lang == self.app.texts.lang)
                for i, lang in enumerate(LANGUAGES)]

    def choose(self, lang: str) -> None:
        self.store_settings(language=lang)
        self.app.set_language(lang)
        self.t = self.app.texts
        self.layout()

    def store_settings(self, **values: Any) -> None:
        """Set ``values`` here and in ``settings.toml``, on the file as it is now (a PIN the
        installer set meanwhile stays)."""
        self.settings = dataclasses.replace(self.settings, **values)
        try:
            self.settings = change(self.folder, **values)
        except OSError as exc:
            self.say(self.st("not_saved", error=exc.strerror or str(exc)), bad=True)

    def draw_page(self, surf: pygame.Surface) -> None:
        self.label(surf, self.st("language_note"), pygame.Rect(20, 300, 760, 90), role="min",
                   color=theme.INK_DIM, wrap=True, align="center")


class VolumePage(LanguagePage):
    """The sound volume in steps of 10 per cent; "Test" plays the click."""

    title_key = "entry_volume"

    def entries(self) -> list[Button]:
        minus, _value, plus = row(pygame.Rect(60, 90, 680, 100), [1, 2, 1], 16, touch=True)
        presets = row(pygame.Rect(60, 210, 680, 80), 4, 16, touch=True)
        v = self.settings.volume
        out = [self.button(minus, "− 10", lambda: self.set(v - 10), "minus", read=True, enabled=v > 0),
               self.button(plus, "+ 10", lambda: self.set(v + 10), "plus", read=True, enabled=v < 100)]
        out += [self.button(r, self.st("percent", n=p), partial(self.set, p), f"p{p}", read=True, selected=p == v)
                for r, p in zip(presets[:3], (0, 50, 100), strict=True)]
        out.append(self.button(presets[3], self.st("volume_test"), lambda: self.app.sounds.play("click"), "test"))
        return out

    def set(self, volume: int) -> None:
        self.store_settings(volume=max(0, min(100, volume)))
        apply_volume(self.app, self.settings.volume)
        self.layout()

    def draw_page(self, surf: pygame.Surface) -> None:
        value = row(pygame.Rect(60, 90, 680, 100), [1, 2, 1], 16)[1]
        self.label(surf, self.st("percent", n=self.settings.volume), value, size=read_size(True) + 20, bold=True,
                   color=theme.GOLD, align="center")
        self.label(surf, self.st("volume_note"), pygame.Rect(20, 304, 760, 90), role="min", color=theme.INK_DIM,
                   wrap=True, align="center")
        if not getattr(self.app.sounds, "available", True):
            # no sound card (or the mixer would not open): the setting is kept for when there is one
            self.label(surf, self.st("volume_no_card"), pygame.Rect(20, 396, 760, 76), role="min", color=theme.BAD,
                       wrap=True, align="center", valign="top")


class KeepPage(LanguagePage):
    """How many ended games the store keeps: older ones are deleted when a game ends and at
    start, an unfinished one never. Counts from the next game that ends (nothing goes at a
    tap here)."""

    title_key = "entry_keep"
    PRESETS = (100, 500, 2000, 10000)

    def entries(self) -> list[Button]:
        minus, _value, plus = row(pygame.Rect(60, 90, 680, 100), [1, 2, 1], 16, touch=True)
        presets = row(pygame.Rect(60, 210, 680, 80), len(self.PRESETS), 16, touch=True)
        n = self.settings.keep_finished
        fewer = [c for c in KEEP_CHOICES if c < n]
        more = [c for c in KEEP_CHOICES if c > n]
        out = [self.button(minus, "−", lambda: self.set(fewer[-1]), "minus", read=True, enabled=bool(fewer)),
               self.button(plus, "+", lambda: self.set(more[0]), "plus", read=True, enabled=bool(more))]
        out += [self.button(r, number(self.t, p), partial(self.set, p), f"p{p}", read=True, selected=p == n)
                for r, p in zip(presets, self.PRESETS, strict=True)]
        return out

    def set(self, keep: int) -> None:
        self.store_settings(keep_finished=keep)
        store = getattr(self.app, "store", None)
        if store is not None:
            store.keep_finished = keep  # pruned to it when the next game ends
        self.layout()

    def ended(self) -> int:
        store = getattr(self.app, "store", None)
        try:
            return store.ended_count() if store is not None else 0
        except StoreError:  # a damaged file is told on the games file page
            return 0

    def draw_page(self, surf: pygame.Surface) -> None:
        value = row(pygame.Rect(60, 90, 680, 100), [1, 2, 1], 16)[1]
        self.label(surf, number(self.t, self.settings.keep_finished), value, size=read_size(True) + 20, bold=True,
                   color=theme.GOLD, align="center")
        self.label(surf, self.st("keep_note", count=self.ended()), pygame.Rect(20, 304, 760, 168), role="min",
                   color=theme.INK_DIM, wrap=True, align="center", valign="top")


class OptionsPage(LanguagePage):
    """Every game's options (from the registry) with their choices: what setup starts from."""

    title_key = "entry_options"
    ROWS = 4

    def __init__(self, app: Any, back: Scene | None = None, page_no: int = 0) -> None:
        self.page_no = page_no
        super().__init__(app, back)

    def lines(self) -> list[tuple[str, OptionSpec]]:
        return [(g, o) for g, s in REGISTRY.items() for o in s.options]

    def word(self, option: OptionSpec, value: Any) -> str:
        return self.t("yes" if value else "no") if isinstance(value, bool) else self.t(f"{option.text}_{value}")

    def entries(self) -> list[Button]:
        all_lines = self.lines()
        pages = max(1, -(-len(all_lines) // self.ROWS))
        self.page_no = min(self.page_no, pages - 1)
        out = []
        for i, (game, option) in enumerate(all_lines[self.page_no * self.ROWS:(self.page_no + 1) * self.ROWS]):
            now = option_defaults(game, self.settings)[option.key]
            cells = row(pygame.Rect(340, 84 + i * 78, 440, 70), len(option.choices), 6, touch=True)
            out += [self.button(r, self.word(option, c), partial(self.choose_option, game, option, c),
                                (game, option.key, str(c)), selected=c == now)
                    for r, c in zip(cells, option.choices, strict=True)]
        return out + self.pager(pygame.Rect(20, 404, 760, 68), pages)

    def choose_option(self, game: str, option: OptionSpec, value: Any) -> None:
        self.settings.options.setdefault(game, {})[option.key] = value
        self.store_settings(options=self.settings.options)
        self.layout()

    def draw_page(self, surf: pygame.Surface) -> None:
        shown = self.lines()[self.page_no * self.ROWS:(self.page_no + 1) * self.ROWS]
        for i, (game, option) in enumerate(shown):
            self.label(surf, f"{title(self.t, game)}: {self.t(option.text)}",
                       pygame.Rect(20, 84 + i * 78, 310, 70), role="min", wrap=True)


class SystemPage(StaffPage):
    """Restart the companion or shut the Pi down, each asked twice."""

    def __init__(self, app: Any, back: Scene | None = None, action: str = "restart") -> None:
        self.action = action
        self.asking: Confirm = app.confirm()
        #: why the last try did not work, in words (shown under the button)
        self.failure = ""
        super().__init__(app, back)

    def title(self) -> str:
        return self.st(f"entry_{self.action}")

    @property
    def sure(self) -> bool:
        """True while "Wirklich …? Noch einmal drücken." stands."""
        return self.asking.armed()

    def entries(self) -> list[Button]:
        self.laid_sure = self.sure
        label = self.st(f"{self.action}_sure" if self.laid_sure else f"{self.action}_do")
        return [self.button(pygame.Rect(120, 180, 560, 100), label, self.do, "do", read=True,
                            color=theme.BAD_FILL if self.laid_sure else None)]

    def update(self, now: float) -> bool:
        if self.laid_sure != self.sure:  # the question went away unanswered: the key says so
            self.layout()
        return super().update(now)

    def wake_at(self) -> float | None:
        times = [t for t in (super().wake_at(), self.asking.wake_at()) if t is not None]
        return min(times) if times else None

    def do(self) -> None:
        if not self.asking.press():
            self.layout()
            return
        if self.action == "restart":
            restart(self.app)
            return
        failure = system(self.action)
        if failure is not None:
            code, detail = failure
            self.asking.cancel()
            self.layout()
            # the system's own words (English) go to the log; the screen says it in the
            # screen's language
            print(f"staff: {self.action} failed: {code} {detail}", file=sys.stderr)
            self.failure = self.st(f"{self.action}_failed", reason=self.st(f"system_{code}", detail=detail))
            self.dirty = True

    def draw_page(self, surf: pygame.Surface) -> None:
        self.label(surf, self.st(f"{self.action}_note"), pygame.Rect(20, 84, 760, 90), role="min",
                   color=theme.INK_DIM, wrap=True, align="center")
        if self.failure:
            self.label(surf, self.failure, pygame.Rect(20, 296, 760, 176), role="min", color=theme.BAD, wrap=True,
                       valign="top")


def restart(app: Any) -> None:
    """Leave with exit status 3: systemd's ``Restart=always`` starts the companion again."""
    shut(app)
    app.quit()
    sys.exit(RESTART_EXIT)


#: runs a command; tests replace it
run: Callable[..., subprocess.CompletedProcess[str]] = subprocess.run


#: what systemctl/logind say when polkit refuses (systemd's messages in English)
_DENIED = ("access denied", "interactive authentication required", "not authorized", "permission denied")


def system(action: str) -> tuple[str, str] | None:
    """Ask systemd (through logind) to power off or reboot. None when it was accepted, else
    why not as a code with words in ``staff.<lang>.toml`` (``system_<code>``) and the detail:
    ``denied`` (no polkit rule), ``missing`` (no systemctl), ``timeout``, ``failed``."""
    try:
        done = run(list(SYSTEM_COMMANDS[action]), capture_output=True, text=True, timeout=15)
    except FileNotFoundError as exc:
        return "missing", str(exc)
    except subprocess.TimeoutExpired as exc:
        return "timeout", str(exc)
    except (OSError, subprocess.SubprocessError) as exc:
        return "failed", str(exc)
    if done.returncode != 0:
        said = (done.stderr or done.stdout or "").strip()
        if any(word in said.lower() for word in _DENIED):
            return "denied", said
        return "failed", str(done.returncode)
    return None


def poweroff() -> tuple[str, str] | None:
    """Power the Pi off (see :func:`system`)."""
    return system("poweroff")


# -- the volume --------------------------------------------------------------------------------
def apply_volume(app: Any, percent: int) -> None:
    """Play the app's sounds at ``percent`` (0–100) from now on (``Sounds.set_volume``: every
    loaded sound at once, every sound loaded later before it is heard)."""
    volume = max(0, min(100, percent)) / 100
    setter = getattr(app.sounds, "set_volume", None)
    if setter is not None:
        setter(volume)
    else:  # an app without sound keeps the number, for the page to show
        app.sounds.volume = volume
