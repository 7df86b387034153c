"""Fixtures shared by the tests of reading map files."""

from __future__ import annotations

import pytest


@pytest.fixture
def parsing():
    """The one way a map file is parsed: whole, by the careful reader (io/json_file.py)."""
    return "whole"
