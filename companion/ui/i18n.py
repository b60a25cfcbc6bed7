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

from companion.paths import assets_dir

LANGUAGES = ("de", "en")


def _flatten(table: dict[str, Any], prefix: str, out: dict[str, str]) -> None:
    for key, value in table.items():
        if isinstance(value, dict):
            _flatten(value, f"{prefix}{key}.", out)
        else:
            out[prefix + key] = str(value)


def _files(lang: str, folder: Path | None = None) -> tuple[Path, dict[str, Path]]:
    """The screens' file of ``lang`` and each other file of it by its key prefix."""
    folder = folder or assets_dir() / "i18n"
    from companion.games import REGISTRY

    found = {path.name[: -len(f".{lang}.toml")]: path for path in sorted(folder.glob(f"*.{lang}.toml"))}
    found.update({g.name: Path(g.texts) / f"{lang}.toml" for g in REGISTRY.values() if g.texts})
    return folder / f"{lang}.toml", found


def _load(path: Path, prefix: str, out: dict[str, str]) -> None:
    with open(path, "rb") as f:
        _flatten(tomllib.load(f), prefix, out)


def load_language(lang: str, folder: Path | None = None) -> dict[str, str]:
    """Every text of one language: the screens' file and each game's file, as flat keys."""
    own, others = _files(lang, folder)
    out: dict[str, str] = {}
    _load(own, "", out)
    for game, path in others.items():
        _load(path, f"{game}.", out)
    return out


class Words:
    """One language's texts, read when first asked for: the screens' own file at once, a
    game's file (keys ``<game>.…``) the first time one of its keys is looked up, so the menu
    does not wait for the words of every game.

    >>> w = Words("en")
    >>> sorted(w.loaded())
    ['']
    >>> w.get("suleika.ui.roll") is not None, "suleika" in w.loaded()
    (True, True)
    """

    def __init__(self, lang: str, folder: Path | None = None) -> None:
        self.lang, self.folder = lang, folder
        own = (folder or assets_dir() / "i18n") / f"{lang}.toml"
        self._texts: dict[str, str] = {}
        _load(own, "", self._texts)
        self._others: dict[str, Path] | None = None  # prefix -> file, listed on first need
        self._read: set[str] = {""}

    def loaded(self) -> set[str]:
        """The prefixes whose files are read ("" is the screens' own file)."""
        return set(self._read)

    def _need(self, key: str) -> None:
        prefix = key.split(".", 1)[0] if "." in key else ""
        if prefix in self._read:
            return
        if self._others is None:
            self._others = _files(self.lang, self.folder)[1]
        path = self._others.get(prefix)
        self._read.add(prefix)
        if path is not None:
            _load(path, f"{prefix}.", self._texts)

    def get(self, key: str, default: str | None = None) -> str | None:
        self._need(key)
        return self._texts.get(key, default)

    def __contains__(self, key: object) -> bool:
        if not isinstance(key, str):
            return False
        self._need(key)
        return key in self._texts


def title(texts: Texts, game: str) -> str:
    """A game's name as the screens show it, in ``texts``' language (else English, else its
    registry name): from the game's ``GameSpec.titles``, so no shared file names a game.

    >>> title(Texts("de"), "teppich")
    'Der fliegende Teppich'
    """
    from companion.games import REGISTRY

    spec = REGISTRY.get(game)
    names = dict(spec.titles) if spec is not None else {}
    return names.get(texts.lang) or names.get("en") or game


class Texts:
    """Looks a text up by key in the chosen language, falling back to English, then the key.
    Each language's files are read when first needed (English only when a text is missing)."""

    def __init__(self, lang: str = "de") -> None:
        self.lang = lang if lang in LANGUAGES else "en"
        self._own = Words(self.lang)
        self._english: Words | None = self._own if self.lang == "en" else None

    @property
    def _en(self) -> Words:
        if self._english is None:
            self._english = Words("en")
        return self._english

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
        ``params``), in this language: the game's text for the code, else the common one, else
        the store's (a new game or a step the card refused: full, write-protected). A code with
        no text at all shows the English message (a test makes sure none is missing)."""
        code = getattr(exc, "code", None)
        params = getattr(exc, "params", None) or {}
        keys = ([f"{game}.refusal.{code}"] if game else []) + [f"refusal.{code}"]
        if game != "store":
            keys.append(f"store.refusal.{code}")
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
