"""German and English screen texts, from ``assets/i18n/<lang>.toml``.

>>> t = Texts("en")
>>> t("pays", payer="Anna", amount=3, payee="Ben")
'Anna pays 3 to Ben'
"""

from __future__ import annotations

import re
import tomllib

from companion.gamedata import assets_dir

LANGUAGES = ("de", "en")


class Texts:
    """Looks a text up by key in the chosen language, falling back to English, then the key."""

    def __init__(self, lang: str = "de") -> None:
        self.lang = lang if lang in LANGUAGES else "en"
        self._en = self._load("en")
        self._own = self._en if self.lang == "en" else self._load(self.lang)
        self._messages = self._load_messages(self.lang)

    @staticmethod
    def _load(lang: str) -> dict[str, str]:
        with open(assets_dir() / "i18n" / f"{lang}.toml", "rb") as f:
            return {k: str(v) for k, v in tomllib.load(f).items()}

    @staticmethod
    def _load_messages(lang: str) -> list[tuple[re.Pattern[str], str]]:
        path = assets_dir() / "i18n" / f"messages_{lang}.toml"
        if not path.exists():
            return []
        with open(path, "rb") as f:
            entries = tomllib.load(f).get("message", [])
        return [(re.compile(e["en"]), e[lang]) for e in entries]

    def message(self, text: str) -> str:
        """A referee's message (written in English by the rules) in the screen's language.

        >>> Texts("de").message("This carpet would cover one whole carpet")
        'Dieser Teppich würde einen ganzen Teppich verdecken'
        """
        for pattern, template in self._messages:
            m = pattern.search(text)
            if m:
                return m.expand(template)
        return text

    def __call__(self, key: str, **values: object) -> str:
        template = self._own.get(key) or self._en.get(key) or key
        return template.format(**values) if values else template
