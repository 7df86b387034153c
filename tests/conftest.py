"""Test set-up: Qt offscreen, a Hypothesis profile fit for CI, and the sample maps."""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci",
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
    print_blob=True,
)
settings.register_profile("dev", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("ci" if os.environ.get("CI") else "dev")

ROOT = Path(__file__).resolve().parents[1]
MAPS = ROOT / "maps"


@pytest.fixture
def maps_dir() -> Path:
    return MAPS


LAYERS = ["model", "geometry", "rules", "io", "document", "render", "cli", "ui"]
"""Tests run bottom-up, as the layers stand (napari does the same): a broken model fails its
own tests first, not a hundred window tests."""


def pytest_collection_modifyitems(items):
    def layer(item) -> int:
        parts = Path(str(item.fspath)).relative_to(ROOT / "tests").parts
        return LAYERS.index(parts[0]) if len(parts) > 1 and parts[0] in LAYERS else len(LAYERS)

    items.sort(key=layer)


def open_windows() -> list:
    """The top-level windows still shown (none when Qt was never loaded). PySide may hand back
    a stale wrapper of another type for a widget freed at the same address: not a window."""
    widgets = sys.modules.get("PySide6.QtWidgets")
    app = widgets.QApplication.instance() if widgets else None
    shown = (w for w in app.topLevelWidgets() if isinstance(w, widgets.QWidget)) if app else ()
    return [w for w in shown if w.isVisible()]


@pytest.fixture(autouse=True)
def no_leaked_windows():
    """A test that leaves a top-level window open fails: a leaked window keeps its document,
    its timers and its signal connections alive into every later test. pytest-qt has closed
    the widgets a test gave to qtbot before this runs."""
    yield
    leaked = open_windows()
    for widget in leaked:
        widget.hide()  # not close(): that runs the window's own questions again
    names = ", ".join(f"{type(w).__name__} {w.windowTitle()!r}" for w in leaked)
    assert not leaked, f"the test left top-level windows open: {names}"


@pytest.fixture(autouse=True)
def full_families_only_when_asked(request):
    """The fuzz and kill families run whole only when asked for (`-m family`); the default run
    takes their fast samples, so the suite stays within CI's time."""
    if request.node.get_closest_marker("family") and "family" not in (request.config.getoption("markexpr") or ""):
        pytest.skip("a full family of generated cases: run it with -m family")


def pytest_sessionfinish(session, exitstatus):
    """A piece of a map left on the clipboard is let go as the app does before it quits:
    Qt freeing a QMimeData Python made, after Python, crashes the interpreter at exit. With no
    application made (a run of tests that never needed one), there is no clipboard to let go."""
    if "tabletop.ui.clipboard" in sys.modules:
        from PySide6.QtGui import QGuiApplication

        if QGuiApplication.instance() is not None:
            sys.modules["tabletop.ui.clipboard"].let_go()
