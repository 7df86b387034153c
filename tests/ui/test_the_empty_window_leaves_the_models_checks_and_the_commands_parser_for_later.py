"""The empty window's first frame pays for no model checks and no command parsers: pydantic builds
a model class's checks (most of importing the model) at the class's first use, the empty map is
made unchecked, and the window builds every class's checks just after the frame, before a GM can
edit or open anything (a map read on a worker thread finds them built); `tabletop` alone opens the
window as `tabletop open` does, without building every command's parser. Start-up is timed in
tests/benchmarks/start.py; here only what is built, and when."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from pydantic import ValidationError

from tabletop.cli import app as command_line
from tabletop.model import Map

ROOT = Path(__file__).resolve().parents[2]

CHECKED = """
import tabletop.model
import tabletop.model.session
from tabletop.model.base import Model
from tabletop.model.record import RECORDS

def checked():
    kinds, waiting = list(RECORDS), list(Model.__subclasses__())  # every model class, a session's too
    while waiting:
        kinds.append(waiting.pop())
        waiting.extend(kinds[-1].__subclasses__())
    return sorted(kind.__name__ for kind in kinds if kind.__pydantic_complete__), len(kinds)
"""

FIRST_FRAME = (
    CHECKED
    + """
import json, sys
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication

event_loop = QApplication.exec

def first_frame(app):
    window = next(w for w in app.topLevelWidgets() if w.isVisible())
    window.grab()  # the first frame, painted whole
    at_frame = checked()

    def when_built():
        if not window.later.done:
            QTimer.singleShot(10, when_built)
            return
        print(json.dumps({"frame": at_frame, "after": checked()}), file=sys.stderr)
        app.quit()

    QTimer.singleShot(0, when_built)
    return event_loop()

QApplication.exec = first_frame
sys.argv = ["tabletop"]
from tabletop.cli import run_program

run_program()
"""
)

BUILT_ON_ASKING = (
    CHECKED
    + """
import json, sys
from tabletop.model import build_checks

imported = checked()
build_checks()
print(json.dumps({"imported": imported, "built": checked()}), file=sys.stderr)
"""
)


def _run(tmp_path, script: str) -> dict:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", TABLETOP_RECOVERY_DIR=str(tmp_path))
    env["XDG_CONFIG_HOME"] = str(tmp_path / "config")  # no saved window
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stderr.strip().splitlines()[-1])


def test_the_first_frame_builds_no_checks_and_the_window_builds_them_all_just_after(tmp_path):
    seen = _run(tmp_path, FIRST_FRAME)
    built_at_frame, _ = seen["frame"]
    assert built_at_frame == [], "built before the first frame"
    built_after, kinds = seen["after"]  # the window's own modules are loaded after its first frame now
    assert len(built_after) == kinds > 20, "every model class and record, once the later parts are built"


def test_importing_the_model_builds_no_checks_and_asking_builds_them_all(tmp_path):
    seen = _run(tmp_path, BUILT_ON_ASKING)
    assert seen["imported"][0] == []
    built, kinds = seen["built"]
    assert len(built) == kinds and "Map" in built and "Zone" in built


def test_the_empty_windows_unchecked_map_is_the_checked_empty_map_and_still_refuses_bad_values(window):
    made = window.document.map
    assert made == Map(title="Untitled map")
    assert made.model_dump() == Map(title="Untitled map").model_dump()
    assert made.model_fields_set == {"title"}, "saved as a new map is"
    with pytest.raises(ValidationError):
        made.lattice_step = -5.0  # assignments are checked as on any map
    assert made.lattice_step == Map(title="x").lattice_step


def test_tabletop_alone_opens_the_window_as_tabletop_open_does(monkeypatch):
    opened = []
    monkeypatch.setitem(command_line.COMMANDS, "open", lambda args: opened.append(vars(args)) or 0)
    assert command_line.main([]) == 0
    assert command_line.main(["open"]) == 0
    assert opened[0] == opened[1] == {"command": "open", "file": None}
    opened[0]["file"] = "elsewhere.tabletop"
    assert command_line.main([]) == 0 and opened[2]["file"] is None, "each start its own arguments"


SESSION_AFTER = """
import json, sys
from tabletop.model import build_checks

build_checks()
from tabletop.model.session import Scene, Session

print(json.dumps([Scene.__pydantic_complete__, Session.__pydantic_complete__]), file=sys.stderr)
"""


def test_asking_builds_a_sessions_checks_too_though_nothing_imported_it_yet(tmp_path):
    """A session is read beside its scenes' maps, on the worker that reads them."""
    assert _run(tmp_path, SESSION_AFTER) == [True, True]
