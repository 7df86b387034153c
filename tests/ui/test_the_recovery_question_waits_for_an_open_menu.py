"""After a crash, the maps kept are offered back once the empty window's parts are made, from an
event of its own: a menu opened in the first moment (which builds every waiting part at once)
is never interrupted by the question, which comes once the menu is closed."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QSettings
from PySide6.QtWidgets import QApplication, QMenu

from tabletop.ui.app import offer_recovery_later
from tabletop.ui.main_window import MainWindow


def test_the_question_comes_after_the_parts_and_after_the_menu(qtbot, tmp_path, monkeypatch, answers):
    monkeypatch.setenv("TABLETOP_RECOVERY_DIR", str(tmp_path / "recovery"))
    window = MainWindow(settings=QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat), whole=False)
    qtbot.addWidget(window)
    asked = []
    monkeypatch.setattr(window, "offer_recovery", lambda: asked.append(QApplication.activePopupWidget()))
    offer_recovery_later(window)
    window.show()
    menu = QMenu(window)
    menu.addAction("Open…")
    menu.popup(window.mapToGlobal(QPoint(10, 10)))
    qtbot.waitUntil(lambda: QApplication.activePopupWidget() is menu)
    window.later.finish()  # as the menu's opening builds every waiting part
    assert asked == [], "not asked in the middle of the menu's showing"
    qtbot.waitUntil(lambda: window.later.done)
    menu.close()
    qtbot.waitUntil(lambda: asked == [None], timeout=5000)  # asked once, with no menu open
