"""A main window per test, with its settings, recovery folder and dialogs kept in tmp_path."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QPointF, QSettings, Qt
from PySide6.QtWidgets import QMessageBox

from tabletop.ui.main_window import MainWindow


@pytest.fixture
def answers(monkeypatch):
    """What the GM answers to questions and warnings; the test can change it."""
    log = {"question": QMessageBox.StandardButton.Discard, "asked": [], "warned": [], "choose": None}

    def exec_(box):
        """A message box of the window's own: its text is asked, and the button named by
        log["choose"] is pressed (None: its Cancel, or Escape's)."""
        log["asked"].append(box.text())
        for button in box.buttons():
            if button.text() == log["choose"]:
                button.click()
                return box.standardButton(button)  # as exec answers: the standard button, or NoButton
        cancel = box.button(QMessageBox.StandardButton.Cancel) or box.escapeButton()
        if cancel is not None:
            cancel.click()
        return QMessageBox.StandardButton.Cancel

    def question(parent, title, text, *args, **kwargs):
        log["asked"].append(text)
        return log["question"]

    def warning(parent, title, text, *args, **kwargs):
        log["warned"].append(text)
        return QMessageBox.StandardButton.Ok

    monkeypatch.setattr(QMessageBox, "question", question)
    monkeypatch.setattr(QMessageBox, "warning", warning)
    monkeypatch.setattr(QMessageBox, "exec", exec_)
    return log


@pytest.fixture
def window(qtbot, tmp_path, monkeypatch, answers):
    monkeypatch.setenv("TABLETOP_RECOVERY_DIR", str(tmp_path / "recovery"))
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    win = MainWindow(settings=settings)
    qtbot.addWidget(win)
    win.resize(1200, 800)
    win.show()
    qtbot.waitExposed(win)
    return win


@pytest.fixture
def busy_entered(monkeypatch) -> list[str]:
    """Each time the busy cursor is taken (ui/opening.busy), from here on."""
    from tabletop.ui import opening

    entered: list[str] = []
    real = opening.busy

    def counted():
        entered.append("busy")
        return real()

    monkeypatch.setattr(opening, "busy", counted)
    return entered


def at(window, x: float, y: float) -> QPoint:
    """The viewport point showing scene point (x, y)."""
    return window.view.mapFromScene(QPointF(x, y))


def click(qtbot, window, x, y, button=Qt.MouseButton.LeftButton):
    qtbot.mouseClick(window.view.viewport(), button, pos=at(window, x, y))


def drag(qtbot, window, start, end, steps: int = 6):
    viewport = window.view.viewport()
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=at(window, *start))
    for k in range(1, steps + 1):
        x = start[0] + (end[0] - start[0]) * k / steps
        y = start[1] + (end[1] - start[1]) * k / steps
        qtbot.mouseMove(viewport, pos=at(window, x, y))
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=at(window, *end))


@pytest.fixture
def sharing(qtbot, window, tmp_path):
    """The window sharing the warehouse conflict with phones (View ▸ Share with Phones…), its
    server stopped after the test."""
    from tabletop.io import save_map
    from tabletop.play_samples import warehouse_conflict

    path = tmp_path / "warehouse.tabletop"
    save_map(warehouse_conflict(), path)
    window.files.open(path)
    phones = window.phones
    yield phones
    phones.stop()
