"""The window says a background it cannot draw in one line and opens the map all the same: a
picture that is a pipe never holds the window; a map whose picture path leads out of its
folder is refused in one line naming the field, and the map on screen is kept."""

from __future__ import annotations

import json
import os

from tabletop.io import map_to_text, save_map
from tabletop.model import Background
from tabletop.samples import warehouse
from tests.ui.window_process import WHEN_LOADED, run_window

SHOWN = (
    WHEN_LOADED
    + """
import sys
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication

app = QApplication(sys.argv[:1])

def report(window):
    print("status:", window.statusBar().currentMessage(), file=sys.stderr)
    app.quit()

QTimer.singleShot(0, lambda: when_loaded(app, report))
from tabletop.cli.app import main
sys.exit(main([sys.argv[1]]))
"""
)


def _lines(stderr: str) -> list[str]:
    return [line for line in stderr.splitlines() if "propagateSizeHints" not in line]  # offscreen Qt's


def test_the_window_opens_a_map_whose_background_is_a_pipe_and_says_so(tmp_path):
    """A fresh process: a read that waited on the pipe would hold it past the runner's limit."""
    os.mkfifo(tmp_path / "scan.png")
    save_map(warehouse().model_copy(update={"background": Background(path="scan.png")}), tmp_path / "map.tabletop")
    done = run_window(SHOWN, tmp_path, str(tmp_path / "map.tabletop"))
    assert done.returncode == 0, done.stderr
    assert _lines(done.stderr) == [
        f"status: Background picture '{tmp_path.resolve() / 'scan.png'}' is not a regular file (a device or a pipe): "
        "only pictures can be read"
    ]


def _sent(tmp_path, path: str):
    document = json.loads(map_to_text(warehouse()))
    document["background"] = {"path": path}
    (tmp_path / "sent.tabletop").write_text(json.dumps(document))
    return tmp_path / "sent.tabletop"


ASKED = (
    SHOWN.rsplit("QTimer.singleShot(0, lambda: when_loaded(app, report))", 1)[0]
    + """
def cancel():
    box = QApplication.activeModalWidget()
    if box is None:
        QTimer.singleShot(20, cancel)
        return
    print("asked:", box.windowTitle(), file=sys.stderr)
    box.reject()

QTimer.singleShot(0, cancel)
from tabletop.cli.app import main
sys.exit(main([sys.argv[1]]))
"""
)


def test_the_command_asks_in_the_window_and_a_cancel_is_one_line(tmp_path):
    """`tabletop FILE` on such a map opens the window, which asks what to do with the picture;
    cancelled, the map is refused in the terminal's one line, as any refused map is."""
    sent = _sent(tmp_path, "/home/gm/secret.png")
    done = run_window(ASKED, tmp_path, str(sent))
    assert done.returncode != 0 and "Traceback" not in done.stderr
    assert _lines(done.stderr) == [
        "asked: The background picture is outside the map's folder",
        f"{sent}: background.path: '/home/gm/secret.png' is outside the map's folder: a picture must be a file "
        "in the map's folder (copy it there and write 'secret.png')",
    ]


def test_opening_a_map_whose_background_leads_out_says_why_and_keeps_the_map_on_screen(window, tmp_path, answers):
    """The GM cancels the question (test_old_maps_with_a_picture_outside: the other answers)."""
    window.document.replace_map(warehouse(), None)
    sent = _sent(tmp_path, "../pics/scan.png")
    assert not window.files.open(sent)
    assert "Tabletop shows only pictures kept with the map" in answers["asked"][-1]
    assert answers["warned"] == [
        f"{sent}: background.path: '../pics/scan.png' climbs out of the map's folder: a picture must be a file "
        "in the map's folder (copy it there and write 'scan.png')"
    ]
    assert window.document.map == warehouse() and window.document.path is None
    assert json.loads(sent.read_text())["background"] == {"path": "../pics/scan.png"}, "the file is as it was"
