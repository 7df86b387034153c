"""The map window's first size: most of the screen on a first start, where the GM left it after."""

from __future__ import annotations

import json
from pathlib import Path

from PySide6.QtCore import QSettings

from tabletop.ui.main_window import FIRST_SHARE, GEOMETRY_KEY, MainWindow
from tests.ui.window_process import run_window

ROOT = Path(__file__).resolve().parents[2]
SCREENS = Path(__file__).with_name("screens.json")
"""The GM's laptop (1920x1080) first, then a projector and a table TV."""


def _settings(tmp_path) -> QSettings:
    return QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)


def test_a_first_start_takes_most_of_the_screen_centred(qtbot, tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_RECOVERY_DIR", str(tmp_path / "recovery"))
    window = MainWindow(settings=_settings(tmp_path))
    qtbot.addWidget(window)
    free = window.screen().availableGeometry()
    shown = window.geometry()
    assert shown.width() == round(free.width() * FIRST_SHARE) and shown.height() == round(free.height() * FIRST_SHARE)
    assert free.contains(shown), "nothing off the screen"
    assert abs(shown.center().x() - free.center().x()) <= 1 and abs(shown.center().y() - free.center().y()) <= 1


def test_the_place_and_size_the_gm_left_win_over_the_first_size(qtbot, tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_RECOVERY_DIR", str(tmp_path / "recovery"))
    first = MainWindow(settings=_settings(tmp_path))
    qtbot.addWidget(first)
    first.show()
    qtbot.waitExposed(first)
    first.setGeometry(30, 50, 500, 400)
    left = first.geometry()
    assert first.close()
    assert isinstance(_settings(tmp_path).value(GEOMETRY_KEY), str)  # text, as every setting Tabletop keeps
    again = MainWindow(settings=_settings(tmp_path))
    qtbot.addWidget(again)
    assert again.geometry() == left


LAPTOP = """
import json, sys
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication
app = QApplication(sys.argv[:1])
from tabletop.ui.main_window import MainWindow

def started():
    win = MainWindow(settings=QSettings(sys.argv[1], QSettings.Format.IniFormat))
    win.show()
    app.processEvents()
    return win, [win.screen().name(), *win.geometry().getRect()]

win, first = started()
win.setGeometry(100, 80, 1000, 700)
win.close()
win, again = started()
win.close()
print(json.dumps({"first": first, "again": again}))
"""


def test_on_a_1920x1080_laptop_the_first_window_is_1728x972_and_the_next_start_keeps_the_gms_size(tmp_path):
    """The GM's report: 1400x900 on a 1920x1080 screen. A fresh interpreter, as the screens
    are the platform's from its start."""
    screens = {"QT_QPA_PLATFORM": f"offscreen:configfile={SCREENS}"}
    done = run_window(LAPTOP, tmp_path, str(tmp_path / "settings.ini"), env=screens, timeout=120)
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout.strip().splitlines()[-1])
    assert out["first"] == ["laptop", 96, 54, 1728, 972]
    assert out["again"] == ["laptop", 100, 80, 1000, 700]


MID_CONFLICT = """
import json, sys
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication
from tabletop.ui.app import run
app = QApplication(sys.argv[:1])
seen = {}

def watch():
    window = next((w for w in app.topLevelWidgets() if type(w).__name__ == "MainWindow"), None)
    if window is not None and window.isVisible() and "shown" not in seen:
        seen["shown"] = window.geometry().getRect()
    if window is not None and window.later.done and window.play.dock.isVisible():
        QTimer.singleShot(300, lambda: finish(window))  # the layout's later passes, as a GM would wait
        return
    QTimer.singleShot(10, watch)

def finish(window):
    seen.update(after=window.geometry().getRect(), play=window.play.dock.isVisible())
    print(json.dumps(seen))
    app.quit()

QTimer.singleShot(0, watch)
QTimer.singleShot(60_000, app.quit)
sys.exit(run(sys.argv[1]))
"""


def test_a_map_opened_mid_conflict_keeps_the_first_windows_size_when_its_play_dock_shows(tmp_path):
    """The GM's report: `tabletop FILE` on a map saved mid-conflict made the window 1011 pixels
    tall on a 1080-pixel screen, its status bar past the 90% the first window takes: the Play
    dock, shown after the first frame, asked for more height than the window had."""
    screens = {"QT_QPA_PLATFORM": f"offscreen:configfile={SCREENS}"}
    conflict = str(ROOT / "maps" / "warehouse-conflict.tabletop")
    done = run_window(MID_CONFLICT, tmp_path, conflict, env=screens, timeout=120)
    assert done.returncode == 0, done.stderr
    seen = json.loads(done.stdout.strip().splitlines()[-1])
    assert seen["play"], "the Play dock shows for a map mid-conflict"
    assert seen["shown"] == [96, 54, 1728, 972]
    assert seen["after"] == seen["shown"]
