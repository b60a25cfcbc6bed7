"""What the store and the records tell the staff: a code for the screen, words for the log.

A :class:`Notice` is something that happened and was handled (a damaged file moved aside, a
step that could not be read); a :class:`StoreError` is a write that did not happen. Both carry
a ``code`` and plain ``params``, worded on screen by ``store.refusal.<code>`` in
``assets/i18n/store.<lang>.toml``, and an English text for the command line and the log.

>>> n = Notice("moved_aside", "{file} was damaged and moved to {aside}", file="a.db", aside="a.db.x")
>>> n.code, n.params["aside"], str(n)
('moved_aside', 'a.db.x', 'a.db was damaged and moved to a.db.x')
>>> StoreError("card_full", "The memory card is full.").code
'card_full'
"""

from __future__ import annotations

from typing import Any


def _format(template: str, params: dict[str, Any]) -> str:
    try:
        return template.format(**params)
    except (KeyError, IndexError, ValueError):
        return template


class Notice:
    """Something the store or a record found and dealt with; shown once, logged always."""

    __slots__ = ("code", "params", "template")

    def __init__(self, code: str, text: str = "", **params: Any) -> None:
        self.code = code
        self.params = params
        self.template = text or code

    def __str__(self) -> str:
        return _format(self.template, self.params)

    def __repr__(self) -> str:
        return f"Notice({self.code!r}, {self.params!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Notice) and (self.code, self.params) == (other.code, other.params)

    __hash__ = None  # type: ignore[assignment]  # params is a dict


class StoreError(RuntimeError):
    """The store could not do what was asked; the game state is unchanged.

    Like ``IllegalAction``: ``code`` and ``params`` for the screen, the English message for the
    command line. ``StoreError("some text")`` alone still works (the code is then
    ``"store_failed"``).
    """

    def __init__(self, code: str, text: str = "", **params: Any) -> None:
        if not text and " " in code:  # an old-style call with only a message
            code, text = "store_failed", code
        self.code = code
        self.params = params
        self.template = text or code
        super().__init__(_format(self.template, params))
