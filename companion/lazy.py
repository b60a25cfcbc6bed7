"""Names a package offers but loads from its modules on first use (PEP 562's module
``__getattr__``), so that importing one small module of a package does not load the rest.

>>> import types, sys
>>> pkg = types.ModuleType("demo_pkg"); sys.modules["demo_pkg"] = pkg
>>> pkg.__getattr__ = exports("demo_pkg", {"dumps": "json"}, package="")
>>> pkg.dumps([1])  # json.dumps, loaded on first use and kept
'[1]'
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable
from typing import Any


def exports(name: str, where: dict[str, str], package: str | None = None) -> Callable[[str], Any]:
    """The module ``__getattr__`` of package ``name``: each name in ``where`` comes from the
    module ``where[name]`` (inside ``package``, by default ``name`` itself) and is kept as a
    plain attribute once found."""
    inside = name if package is None else package

    def __getattr__(attr: str) -> Any:
        if attr not in where:
            raise AttributeError(f"module {name!r} has no attribute {attr!r}")
        module = f"{inside}.{where[attr]}" if inside else where[attr]
        value = getattr(importlib.import_module(module), attr)
        setattr(sys.modules[name], attr, value)
        return value

    return __getattr__
