"""The layers keep their shape (import-linter's contracts in pyproject.toml): engines import no
pygame, pins, files, dice or other layer; inputs know no games; the screens open no pins; game
engines (and game screens) are independent of each other."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_import_contracts_are_kept():
    exe = shutil.which("lint-imports", path=str(Path(sys.executable).parent))
    assert exe, "import-linter is part of the [dev] extra"
    result = subprocess.run([exe], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-2000:]
    assert "0 broken" in result.stdout
