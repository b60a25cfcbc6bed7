"""German and English screen texts, from ``assets/i18n/<lang>.toml``.

>>> t = Texts("en")
>>> t("pays", payer="Anna", amount=3, payee="Ben")
'Anna pays 3 to Ben'
"""

from __future__ import annotations

import tomllib

from companion.gamedata import assets_dir

LANGUAGES = ("de", "en")


class Texts:
    """Looks a text up by key in the chosen language, falling back to English, then the key."""

    def __init__(self, lang: str = "de") -> None:
        self.lang = lang if lang in LANGUAGES else "en"
        self._en = self._load("en")
        self._own = self._en if self.lang == "en" else self._load(self.lang)

    @staticmethod
    def _load(lang: str) -> dict[str, str]:
        with open(assets_dir() / "i18n" / f"{lang}.toml", "rb") as f:
            return {k: str(v) for k, v in tomllib.load(f).items()}

    def __call__(self, key: str, **values: object) -> str:
        template = self._own.get(key) or self._en.get(key) or key
        return template.format(**values) if values else template
