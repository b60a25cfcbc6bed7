"""Figures, their statistics over repeated runs, and the printed table.

A figure is one number measured several times with the same work (a run); the table shows
the median of the runs and their spread (lowest to highest), so a reader sees at once how
much this machine wobbled. Targets come from the speed promises in docs/performance.md.
"""

from __future__ import annotations

import statistics
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Target:
    """A promise a figure is held to: ``op`` is ``"<="``, ``"<"`` or ``">="``."""

    op: str
    value: float

    def met(self, x: float) -> bool:
        if self.op == ">=":
            return x >= self.value
        if self.op == "<":
            return x < self.value
        return x <= self.value

    def __str__(self) -> str:
        return f"{self.op} {_num(self.value)}"


@dataclass
class Figure:
    """One measured quantity: its samples (one per run) and, if promised, its target."""

    key: str
    label: str
    unit: str
    samples: list[float] = field(default_factory=list)
    target: Target | None = None
    note: str = ""
    #: what the figure comes to on a Raspberry Pi Zero 2 W, estimated ("" if not estimated)
    pi: str = ""

    @property
    def median(self) -> float:
        return statistics.median(self.samples)

    @property
    def low(self) -> float:
        return min(self.samples)

    @property
    def high(self) -> float:
        return max(self.samples)

    @property
    def spread_pct(self) -> float:
        """(highest − lowest) / median, in percent: 0 means every run agreed."""
        m = self.median
        return 0.0 if m == 0 else 100.0 * (self.high - self.low) / abs(m)

    @property
    def met(self) -> bool | None:
        return None if self.target is None else self.target.met(self.median)

    def to_json(self) -> dict[str, Any]:
        return {
            "key": self.key, "label": self.label, "unit": self.unit,
            "median": self.median, "min": self.low, "max": self.high,
            "spread_pct": round(self.spread_pct, 2), "runs": len(self.samples),
            "samples": self.samples,
            "target": None if self.target is None else {"op": self.target.op, "value": self.target.value},
            "met": self.met, "note": self.note, "pi_zero_2_w": self.pi or None,
        }


def percentile(values: list[float], pct: float) -> float:
    """The ``pct``-th percentile by linear interpolation (numpy's default method)."""
    if not values:
        raise ValueError("no values")
    ordered = sorted(values)
    k = (len(ordered) - 1) * pct / 100.0
    lo = int(k)
    hi = min(lo + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (k - lo)


def _num(x: float) -> str:
    """Three significant figures, no exponent for the ranges a bench sees."""
    if x == int(x) and abs(x) < 1e6:
        return f"{int(x):,}"  # targets are round numbers: "< 4 ms", not "< 4.00 ms"
    ax = abs(x)
    if ax >= 100:
        return f"{x:,.0f}"
    if ax >= 10:
        return f"{x:.1f}"
    if ax >= 1:
        return f"{x:.2f}"
    return f"{x:.3g}"


def render(figures: list[Figure], header_lines: list[str], notes: list[str]) -> str:
    """The table as plain text, widths fitted to the content."""
    rows = [("figure", "median", "spread (min – max)", "runs", "target", "", "Pi Zero 2 W (est.)")]
    for f in figures:
        verdict = "" if f.met is None else ("met" if f.met else "MISSED")
        spread = f"{_num(f.low)} – {_num(f.high)} ({f.spread_pct:.0f} %)" if len(f.samples) > 1 else "one run"
        rows.append((
            f.label, f"{_num(f.median)} {f.unit}", spread,
            str(len(f.samples)), "" if f.target is None else f"{f.target} {f.unit}", verdict, f.pi,
        ))
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    lines = list(header_lines)
    for n, r in enumerate(rows):
        cells = [r[0].ljust(widths[0]), r[1].rjust(widths[1]), r[2].rjust(widths[2]),
                 r[3].rjust(widths[3]), r[4].ljust(widths[4]), r[5].ljust(widths[5]), r[6]]
        lines.append("  ".join(cells).rstrip())
        if n == 0:
            lines.append("  ".join("-" * w for w in widths).rstrip())
    for note in notes:
        lines.append(f"note: {note}")
    return "\n".join(lines)
