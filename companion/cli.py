"""`companion` command line: run (default), demo, replay, simulate, selftest, bench, export."""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    print("not yet", file=sys.stderr)
    return 1
