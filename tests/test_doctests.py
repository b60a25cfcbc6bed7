"""Every module's docstring examples run (python-chess style: the examples are the docs)."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import companion

#: every module but the entry point (importing it runs the command line)
MODULES = sorted(m.name for m in pkgutil.walk_packages(companion.__path__, "companion.") if m.name != "companion.__main__")


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0, f"{name}: {result.failed} of {result.attempted} examples failed"
