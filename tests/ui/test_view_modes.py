"""Full screen (F11) and map only (Tab), remembered; the map starts with most of the window."""

from __future__ import annotations

from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QApplication, QStatusBar, QToolBar

from tabletop.samples import warehouse
from tabletop.ui.main_window import MainWindow
from tabletop.ui.view_modes import FULL_SCREEN_KEY, MAP_ONLY_KEY


def test_the_map_starts_with_most_of_the_window(qtbot, window):
    QApplication.processEvents()
    docks = sum(d.width() for d in window.docks.values() if d.isVisible() and d.objectName() != "Tokens")
    assert window.view.width() > window.width() / 2
    assert window.view.width() > docks


def test_tab_on_the_canvas_shows_the_map_only_and_it_is_remembered(qtbot, window, tmp_path):
    window.document.replace_map(warehouse(), None)
    shown = [name for name, d in window.docks.items() if d.isVisible()]
    assert "Inspector" in shown and "Reserve" not in shown, "the resolvers wait until a GM opens them"
    window.view.setFocus()
    qtbot.keyClick(window.view, Qt.Key.Key_Tab)
    assert window.view_modes.map_only
    assert not any(d.isVisible() for d in window.docks.values())
    assert not window.findChild(QStatusBar).isVisible()
    assert window.findChildren(QToolBar) and all(not bar.isVisible() for bar in window.findChildren(QToolBar))
    assert window.settings.value(MAP_ONLY_KEY, type=bool) is True
    later = MainWindow(settings=QSettings(window.settings.fileName(), QSettings.Format.IniFormat))
    qtbot.addWidget(later)
    later.show()
    assert later.view_modes.map_only and not later.docks["Inspector"].isVisible()
    window.view.setFocus()
    qtbot.keyClick(window.view, Qt.Key.Key_Tab)
    assert not window.view_modes.map_only
    assert [name for name, d in window.docks.items() if d.isVisible()] == shown, "the same docks come back"
    assert window.statusBar().isVisible()
    assert window.settings.value(MAP_ONLY_KEY, type=bool) is False


def test_tab_in_the_inspector_still_moves_between_fields(qtbot, window):
    window.document.replace_map(warehouse(), None)
    window.document.select([("zone", "z1")])
    fields = {f.path: f.widget for f in window.inspector.fields["zone"]}
    fields["name"].setFocus()
    qtbot.keyClick(fields["name"], Qt.Key.Key_Tab)
    assert not window.view_modes.map_only
    assert QApplication.focusWidget() is fields["description"]


def test_f11_is_full_screen_and_remembered(qtbot, window):
    qtbot.keyClick(window, Qt.Key.Key_F11)
    assert window.isFullScreen()
    assert window.settings.value(FULL_SCREEN_KEY, type=bool) is True
    later = MainWindow(settings=QSettings(window.settings.fileName(), QSettings.Format.IniFormat))
    qtbot.addWidget(later)
    later.show()
    assert later.windowState() & Qt.WindowState.WindowFullScreen
    qtbot.keyClick(window, Qt.Key.Key_F11)
    assert not window.isFullScreen()
    assert window.settings.value(FULL_SCREEN_KEY, type=bool) is False


def test_a_map_shown_whole_grows_to_fill_the_map_only_window(qtbot, window):
    window.document.replace_map(warehouse(), None)
    window.view.fit_map()
    before = window.view.scale_now()
    window.view_modes.set_map_only(True)
    qtbot.waitUntil(lambda: window.view.scale_now() > before * 1.05)
    window.view_modes.set_map_only(False)
    QApplication.processEvents()
    window.view.zoom(3)
    zoomed = window.view.scale_now()
    window.view_modes.set_map_only(True)
    QApplication.processEvents()
    assert window.view.scale_now() == zoomed, "a zoomed-in view keeps its zoom"
