"""Dates and times as the screen's language writes them (German "26.11. 10:57", English
"26 Nov, 10:57"), and a game's length in minutes."""

from __future__ import annotations

import time
from typing import Any


def day_time(t: Any, stamp: float, year: bool = False) -> str:
    """A day and a time of day in the words of ``t``'s language (``[when]`` in its word file)."""
    moment = time.localtime(stamp)
    months = str(t("when_months")).split()
    hour = moment.tm_hour
    values = {"day": moment.tm_mday, "month": moment.tm_mon, "mon": months[moment.tm_mon - 1],
              "year": moment.tm_year, "yy": f"{moment.tm_year % 100:02d}", "hour": hour,
              "dd": f"{moment.tm_mday:02d}", "mm": f"{moment.tm_mon:02d}", "hh": f"{hour:02d}",
              "minute": f"{moment.tm_min:02d}"}
    return str(t("when_day_time_year" if year else "when_day_time", **values))


def minutes(seconds: float) -> int:
    """A length in whole minutes, at least 1 for a game that had any length at all.

    >>> minutes(0), minutes(20), minutes(61), minutes(3599)
    (0, 1, 1, 60)
    """
    if seconds <= 0:
        return 0
    return max(1, round(seconds / 60))


def number(t: Any, n: int) -> str:
    """A whole number with the language's thousands mark ("10.000", "10,000"); four digits and
    fewer as they are.

    >>> number(lambda key: ".", 10000), number(lambda key: ",", 2000)
    ('10.000', '2000')
    """
    if abs(n) < 10000:
        return str(n)
    return f"{n:,}".replace(",", str(t("thousands_mark")))
