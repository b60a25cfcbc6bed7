"""The appliance tests boot the image in emulation (tens of minutes on two cores): they run
only when asked for by marker, ``pytest -m appliance tests/appliance`` (``make appliance-test``),
never in ``make test``."""

from __future__ import annotations

import pytest


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "appliance: boots the appliance image in qemu (make appliance-test)")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if "appliance" in (config.option.markexpr or ""):
        return
    chosen = [item for item in items if item.get_closest_marker("appliance") is None]
    if len(chosen) != len(items):
        config.hook.pytest_deselected(items=[i for i in items if i.get_closest_marker("appliance")])
        items[:] = chosen
