"""The fuzz families: a fast sample in the default run; each full family is marked `family`
and runs only when asked for, by `-m family` (tests/conftest.py). The map window and its
answers are the UI tests' own fixtures."""

from __future__ import annotations

from tests.ui.conftest import answers, window  # noqa: F401
