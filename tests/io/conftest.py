"""Fixtures shared by the tests of reading map files."""

from __future__ import annotations

import pytest


@pytest.fixture(params=["whole", "by lines"])
def parsing(request, monkeypatch):
    """Both ways of parsing: the whole file at once, or (as for a big file) a few lines at a time."""
    from tabletop.io import bulk_read

    if request.param == "by lines":
        monkeypatch.setattr(bulk_read, "BIG_FILE", 0)
        monkeypatch.setattr(bulk_read, "CHUNK", 2)
    return request.param
