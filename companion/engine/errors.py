"""The refusal every engine raises: :class:`IllegalAction` (kept apart from ``companion.engine.base``
so that the screens can catch it without loading the engines' data classes before the first frame).

>>> err = IllegalAction("no_card", "No movement card {value} is left to deal", value=6)
>>> err.code, err.params, str(err)
('no_card', {'value': 6}, 'No movement card 6 is left to deal')
"""

from __future__ import annotations

from typing import Any


class IllegalAction(ValueError):
    """An action the rules do not allow, or a record line that makes no sense.

    ``code`` names the refusal (``"covers_whole"``); the screen shows the text kept under
    ``<game>.refusal.<code>`` in ``assets/i18n/``, filled in from ``params``. ``text`` is the
    English template, used by the command line and in logs. Parameters are plain JSON values.
    """

    def __init__(self, code: str, text: str = "", **params: Any) -> None:
        self.code = code
        self.params = params
        self.template = text or code
        try:
            message = self.template.format(**params)
        except (KeyError, IndexError, ValueError):
            message = self.template
        super().__init__(message)
