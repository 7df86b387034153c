"""The map window in a fresh process, for what only a fresh start shows (the command's own
path, the platform's screens, signals): a script run offscreen with its own recovery and
settings folders, and the poll such scripts use to wait until the window holds its map."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

WHEN_LOADED = """
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QMainWindow


def when_loaded(app, then):
    '''then(window) once the window holds its map (timers fire while a read shows its progress too).
    The map window only: a pane being built after the first frame is a parentless widget with
    the document too, until its dock takes it.'''
    window = next((w for w in app.topLevelWidgets() if isinstance(w, QMainWindow) and hasattr(w, "document")), None)
    if window is None or not window.document.map.zones:
        QTimer.singleShot(50, lambda: when_loaded(app, then))
        return
    then(window)
"""
"""Prepended to a script that waits for the window's map: defines when_loaded(app, then)."""


def run_window(script: str, tmp_path: Path, *args: str, env: dict[str, str] | None = None, timeout: int = 60):
    """`python -c script args` offscreen from the project's root, recovery and settings in
    `tmp_path`; `env` adds to (or replaces) the environment."""
    environment = dict(os.environ, QT_QPA_PLATFORM="offscreen", TABLETOP_RECOVERY_DIR=str(tmp_path / "recovery"))
    environment |= {"XDG_CONFIG_HOME": str(tmp_path / "config"), "PYTHONPATH": str(ROOT), **(env or {})}
    return subprocess.run(
        [sys.executable, "-c", script, *args],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=timeout,
    )
