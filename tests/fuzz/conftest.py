"""The fuzz families: a fast sample in the default run; each full family is marked slow and
runs only when asked for, by `-m slow` (the default run has no marker expression). The map
window and its answers are the UI tests' own fixtures."""

from __future__ import annotations

import pytest

from tests.ui.conftest import answers, window  # noqa: F401


@pytest.fixture(autouse=True)
def full_families_only_when_asked(request):
    if request.node.get_closest_marker("slow") and "slow" not in (request.config.getoption("markexpr") or ""):
        pytest.skip("a full fuzz family: run it with -m slow")
