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


def _code_words(path: Path) -> list[tuple[int, str]]:
    """(line, text) of every name and string of a Python file's code: comments and docstrings
    (a module's, a class's or a function's first string) are left out."""
    import ast
    import io
    import tokenize

    source = path.read_text(encoding="utf-8")
    docstrings: set[int] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) \
                    and isinstance(first.value.value, str):
                docstrings.update(range(first.lineno, (first.end_lineno or first.lineno) + 1))
    out = []
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type in (tokenize.NAME, tokenize.STRING) or token.type == getattr(tokenize, "FSTRING_MIDDLE", -1):
            if token.start[0] not in docstrings:
                out.append((token.start[0], token.string))
    return out


def _game_names() -> dict[str, set[str]]:
    """Each game that comes with the companion (a folder of companion/games/) and the words
    that name it: its registry name and its titles in both languages."""
    from companion.games import REGISTRY

    names: dict[str, set[str]] = {}
    for name, game in REGISTRY.items():
        if not (ROOT / "companion" / "games" / name).is_dir():
            continue  # an installed game lives in its own distribution
        names[name] = {name} | {words.lower() for _lang, words in game.titles}
    return names


def test_no_game_is_named_in_code_outside_its_own_folder():
    names = _game_names()
    assert len(names) >= 4
    hits = []
    for path in sorted((ROOT / "companion").rglob("*.py")):
        rel = path.relative_to(ROOT)
        own = rel.parts[2] if rel.parts[:2] == ("companion", "games") and len(rel.parts) > 3 else None
        for line, text in _code_words(path):
            low = text.lower()
            hits += [f"{rel}:{line}: {game} in {text[:60]}" for game, words in names.items()
                     if game != own and any(w in low for w in words)]
    for path in sorted((ROOT / "assets" / "i18n").glob("*.toml")):  # the shared words
        for line, text in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            low = text.split("#", 1)[0].lower()
            hits += [f"{path.relative_to(ROOT)}:{line}: {game}" for game, words in names.items()
                     if any(w in low for w in words)]
    assert hits == [], "\n".join(hits)


def test_the_independence_contract_catches_a_new_game_importing_another_game_s_rules(tmp_path):
    """A fifth game that reaches into a game's rules breaks the project's own independence
    contract (copied from pyproject.toml as it stands), wherever the new folder is named: the
    contract covers ``companion.games.*`` by wildcard, not a list of the games there are."""
    import tomllib

    from companion.games import REGISTRY

    contracts = [c for c in tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]["contracts"]
                 if c["type"] == "independence"]
    assert contracts, "pyproject.toml has an independence contract"
    games = [n for n in REGISTRY if (ROOT / "companion" / "games" / n).is_dir()]
    tree = tmp_path / "src"
    for package in ["companion", "companion/games"] + [f"companion/games/{g}" for g in games] + \
            [f"companion/games/{g}/rules" for g in games] + ["companion/games/fifth"]:
        (tree / package).mkdir(parents=True, exist_ok=True)
        (tree / package / "__init__.py").write_text('"""A stand-in."""\n')
    for g in games:
        (tree / "companion" / "games" / g / "rules" / "board.py").write_text("SIZE = 7\n")
    leak = f"companion.games.{games[0]}.rules.board"
    (tree / "companion" / "games" / "fifth" / "rules.py").write_text(f"import {leak}\n")

    def lint(fifth_imports: str) -> subprocess.CompletedProcess[str]:
        (tree / "companion" / "games" / "fifth" / "rules.py").write_text(fifth_imports)
        lines = ["[importlinter]", "root_package = companion", ""]
        for i, c in enumerate(contracts):
            lines += [f"[importlinter:contract:{i}]", f"name = {c['name']}", "type = independence", "modules ="]
            lines += [f"    {m}" for m in c["modules"]] + [""]
        (tmp_path / ".importlinter").write_text("\n".join(lines))
        exe = shutil.which("lint-imports", path=str(Path(sys.executable).parent))
        assert exe
        return subprocess.run([exe, "--config", str(tmp_path / ".importlinter"), "--no-cache"], cwd=tmp_path,
                              capture_output=True, text=True, timeout=120, env={"PYTHONPATH": str(tree)})

    kept = lint("SIZE = 7\n")
    assert kept.returncode == 0, kept.stdout[-2000:] + kept.stderr[-1000:]
    broken = lint(f"import {leak}\n")
    assert broken.returncode != 0 and "BROKEN" in broken.stdout, broken.stdout[-2000:] + broken.stderr[-1000:]
    assert f"companion.games.fifth.rules -> {leak}" in broken.stdout, broken.stdout[-2000:]
