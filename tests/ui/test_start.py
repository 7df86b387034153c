"""The empty window starts on what its first frame needs: the map check's networkx (and its dialog), numpy's
arrays (the layout of a whole map, ranges) and the resolvers' rules are imported when a GM
first uses them (start-up is measured in tests/benchmarks/scaling.py; here only what is imported)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

REPORT = """
import json, sys
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication
from tabletop.ui.app import run

app = QApplication(sys.argv[:1])

def report():
    for shown in (w for w in app.topLevelWidgets() if w.isVisible()):
        shown.grab()  # the first frame painted whole, docks and marks, as a screen shows it
    seen = sorted(m for m in sys.modules if m.split(".")[0] in ("numpy", "networkx")
                  or m.startswith(("tabletop.rules.checks", "tabletop.rules.topology", "tabletop.rules.cards",
                                  "tabletop.ui.dialogs.export", "tabletop.ui.dialogs.map_check",
                                  "tabletop.ui.dialogs.background", "tabletop.ui.docks.cards_pane",
                                  "tabletop.ui.docks.reserve_pane")))
    print(json.dumps(seen), file=sys.stderr)
    app.quit()

QTimer.singleShot(200, report)  # after the first frame and the window's own zero-delay timers
sys.exit(run(sys.argv[1] if len(sys.argv) > 1 else None))
"""


def start(tmp_path, *args: str) -> list[str]:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", TABLETOP_RECOVERY_DIR=str(tmp_path))
    done = subprocess.run(
        [sys.executable, "-c", REPORT, *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stderr.strip().splitlines()[-1])


def test_the_empty_window_starts_without_networkx_numpy_the_resolvers_or_the_map_menus_dialogs(tmp_path):
    assert start(tmp_path) == []


def test_a_map_opened_at_start_still_gets_its_layout_and_ranges(tmp_path, maps_dir):
    """The lazy imports are there when a map needs them: its layout is numpy's."""
    seen = start(tmp_path, str(maps_dir / "warehouse.tabletop"))
    assert "numpy" in seen
    assert "networkx" not in seen and "tabletop.rules.checks" not in seen


def test_a_resolver_pane_is_built_when_its_dock_is_first_shown(window, qtbot):
    from PySide6.QtWidgets import QDockWidget

    from tabletop.ui.docks.cards_pane import CardsPane

    dock = window.docks["Cards"]
    assert QDockWidget.widget(dock) is None, "not built while hidden"
    window.show()
    dock.toggleViewAction().trigger()  # View ▸ Cards, as a GM opens it
    qtbot.waitUntil(lambda: QDockWidget.widget(dock) is not None)
    built = QDockWidget.widget(dock)
    assert isinstance(dock.pane(), CardsPane) and built.isAncestorOf(dock.pane())
    assert dock.widget() is built and dock.pane() is window.panes["Cards"], "built once"
