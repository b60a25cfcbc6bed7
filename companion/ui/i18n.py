"""German and English screen texts, from ``assets/i18n/``.

``<lang>.toml`` holds the screens' own words (flat keys, plus tables such as ``[refusal]``
for refusals that are not a game's); ``<game>.<lang>.toml`` holds one game's words, with
the tables ``[refusal]`` (an ``IllegalAction`` code), ``[reason]`` (a ledger reason code),
``[chance]`` (a ``Chance.kind``) and any screen words of its own. A game file's keys are
looked up as ``<game>.<table>.<key>``.

>>> t = Texts("en")
>>> t("pays", payer="Anna", amount=3, payee="Ben")
'Anna pays 3 to Ben'
>>> from companion.engine.base import IllegalAction
>>> Texts("de").refusal("suleika", IllegalAction("game_over", "The game is over"))
'Das Spiel ist vorbei'
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from companion.gamedata import assets_dir

LANGUAGES = ("de", "en")


def _flatten(table: dict[str, Any], prefix: str, out: dict[str, str]) -> None:
    for key, value in table.items():
        if isinstance(value, dict):
            _flatten(value, f"{prefix}{key}.", out)
        else:
            out[prefix + key] = str(value)


def load_language(lang: str, folder: Path | None = None) -> dict[str, str]:
    """Every text of one language: the screens' file and each game's file, as flat keys."""
    folder = folder or assets_dir() / "i18n"
    out: dict[str, str] = {}
    with open(folder / f"{lang}.toml", "rb") as f:
        _flatten(tomllib.load(f), "", out)
    paths = sorted(folder.glob(f"*.{lang}.toml"))
    from companion.games import REGISTRY

    paths += [Path(g.texts) / f"{g.name}.{lang}.toml" for g in REGISTRY.values() if g.texts]
    for path in paths:
        game = path.name[: -len(f".{lang}.toml")]
        with open(path, "rb") as f:
            _flatten(tomllib.load(f), f"{game}.", out)
    return out


class Texts:
    """Looks a text up by key in the chosen language, falling back to English, then the key."""

    def __init__(self, lang: str = "de") -> None:
        self.lang = lang if lang in LANGUAGES else "en"
        self._own = load_language(self.lang)
        self._en = self._own if self.lang == "en" else load_language("en")

    def has(self, key: str) -> bool:
        return key in self._own

    def __call__(self, key: str, /, **values: object) -> str:
        template = self._own.get(key) or self._en.get(key) or key
        if not values:
            return template
        try:
            return template.format(**values)
        except (KeyError, IndexError, ValueError):
            return template

    def first(self, *keys: str, **values: object) -> str:
        """The text of the first key this language has (a game's own word before the common)."""
        for key in keys:
            if key in self._own:
                return self(key, **values)
        return self(keys[-1], **values)

    def refusal(self, game: str | None, exc: Exception) -> str:
        """Why an action was refused (an ``IllegalAction``, or any error carrying ``code`` and
        ``params``), in this language: the game's text for the code, else the common one. A
        code with no text at all shows the English message (a test makes sure none is
        missing)."""
        code = getattr(exc, "code", None)
        params = getattr(exc, "params", None) or {}
        keys = ([f"{game}.refusal.{code}"] if game else []) + [f"refusal.{code}"]
        for key in keys:
            if code and key in self._own:
                return self(key, **self.words(params))
        return str(exc)

    def reason(self, game: str, code: str, params: dict[str, Any] | None = None) -> str:
        """A ledger reason code in words."""
        return self.first(f"{game}.reason.{code}", f"reason.{code}", **self.words(params or {}))

    def chance(self, game: str, kind: str) -> str:
        """What is rolled or drawn (``Chance.kind``), in words."""
        return self.first(f"{game}.chance.{kind}", f"chance.{kind}")

    def words(self, params: dict[str, Any]) -> dict[str, Any]:
        """Parameters made readable: colour names and yes/no in this language, lists joined."""
        out: dict[str, Any] = {}
        for key, value in params.items():
            if isinstance(value, bool):
                value = self("yes" if value else "no")
            elif isinstance(value, str) and f"color_{value}" in self._own:
                value = self(f"color_{value}")
            elif isinstance(value, (list, tuple)):
                value = ", ".join(str(self(f"color_{v}") if f"color_{v}" in self._own else v) for v in value)
            out[key] = value
        return out
