"""The examples in the Suleika docstrings stay true, and the state stays plain JSON."""

from __future__ import annotations

import doctest
import importlib
import json

import pytest
from suleika_helpers import ENGINE, apply_all, new

MODULES = ["companion.games.suleika.rules", "companion.games.suleika.rules.board", "companion.games.suleika.rules.box",
           "companion.games.suleika.rules.header", "companion.games.suleika.box_files"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    result = doctest.testmod(importlib.import_module(name))
    assert result.failed == 0 and result.attempted > 0


def test_state_is_plain_json():
    s, _ = apply_all(new(2), {"action": "roll", "value": 2},
                     {"action": "place", "cells": [[1, 4], [1, 5]], "color": "yellow"})
    data = json.loads(json.dumps(s.to_dict()))
    assert data["board"][1][4] == ["yellow", 0] and data["omar"] == [1, 3] and data["phase"] == "roll"
    assert json.loads(json.dumps(ENGINE.summary(s)))["board"][1][5] == "yellow"
