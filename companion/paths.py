"""Where the companion finds the files it ships (the café's ``assets/`` and the pin map) and
the folder where it keeps its own (the games and ``settings.toml``).

Both folders stay at the top of the checkout (``assets/``, ``hardware/pins.toml``), where the
README and the café's habits put them. ``pyproject.toml`` maps them into the package as
``companion/_assets`` and ``companion/_hardware``, so an installed wheel carries them too:

- ``$COMPANION_ASSETS`` / ``$COMPANION_PINS`` win when set (a café's own box, a rewired Pi);
- else the copy inside an installed wheel (``site-packages/companion/_assets``);
- else the folder beside the package in a checkout (an editable install, ``make run``).

Editable installs cannot take the wheel's route: setuptools' editable finder does not import
a data folder mapped to another directory, so the checkout is looked up directly.

>>> shipped_dir("_assets", "assets").name in {"_assets", "assets"}
True
>>> pins_file(env={"COMPANION_PINS": "/etc/companion-pins.toml"})
PosixPath('/etc/companion-pins.toml')
>>> data_home(env={"COMPANION_DATA": "/var/lib/companion"})
PosixPath('/var/lib/companion')
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from importlib.resources import files
from pathlib import Path

__all__ = ["assets_dir", "data_home", "pins_file", "shipped_dir", "shipped_pins_file"]


def shipped_dir(inside: str, beside: str) -> Path:
    """The shipped folder: ``companion/<inside>`` of a wheel, else ``<checkout>/<beside>``."""
    package = Path(str(files("companion")))
    installed = package / inside
    if installed.is_dir():
        return installed
    return package.parent / beside


def assets_dir(env: Mapping[str, str] | None = None) -> Path:
    """The assets folder: ``$COMPANION_ASSETS``, else the shipped ``assets/``."""
    env = os.environ if env is None else env
    override = env.get("COMPANION_ASSETS")
    return Path(override) if override else shipped_dir("_assets", "assets")


def shipped_pins_file() -> Path:
    """The pin map that comes with the program (``hardware/pins.toml``)."""
    return shipped_dir("_hardware", "hardware") / "pins.toml"


def pins_file(env: Mapping[str, str] | None = None) -> Path:
    """The pin map in use: ``$COMPANION_PINS``, else the shipped ``hardware/pins.toml``."""
    env = os.environ if env is None else env
    override = env.get("COMPANION_PINS")
    return Path(override) if override else shipped_pins_file()


def data_home(env: Mapping[str, str] | None = None) -> Path:
    """The companion's own folder, unless a command is given another: ``$COMPANION_DATA``,
    else ``$XDG_DATA_HOME/companion`` (``~/.local/share/companion``)."""
    env = os.environ if env is None else env
    base = env.get("COMPANION_DATA")
    if base:
        return Path(base)
    xdg = env.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(xdg) / "companion"
