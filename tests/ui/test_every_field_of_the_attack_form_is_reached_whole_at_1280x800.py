"""Every input of the attack form (Who, Move, each field and each part of one made of several,
Do) is reached with Tab in the order the form shows them, and is then whole in sight inside
the play dock at its default width: at 1280x800, where the Edgerunner attack's fields are
more than the dock's height shows, and at 1600x1000."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QLineEdit,
    QScrollArea,
    QWidget,
)

from tabletop.ui.docks.play.controls import PLAY_WIDTH
from tests.ui.playing import choose, start_af, start_edgerunner

INPUTS = (QComboBox, QAbstractSpinBox, QLineEdit, QAbstractButton)


def _inputs(form) -> list[QWidget]:
    """Every input the GM can see in the form: not the parts inside a box or a list."""
    found = []
    for widget in form.findChildren(QWidget):
        inside_another = isinstance(widget.parent(), (QComboBox, QAbstractSpinBox))
        if isinstance(widget, INPUTS) and widget.isVisibleTo(form) and not inside_another:
            found.append(widget)
    return found


def _box_in(widget: QWidget, outer: QWidget) -> QRect:
    return QRect(widget.mapTo(outer, QPoint(0, 0)), widget.size())


def _whole_in_sight(widget: QWidget, form, dock) -> bool:
    scroll = form.findChild(QScrollArea)
    viewport = scroll.viewport()
    if not dock.rect().contains(_box_in(widget, dock)):
        return False
    if scroll.widget().isAncestorOf(widget) and not viewport.rect().contains(_box_in(widget, viewport)):
        return False
    least = widget.minimumSizeHint()
    return widget.width() >= least.width() and widget.height() >= least.height()


@pytest.mark.parametrize("size", [(1280, 800), (1600, 1000)], ids=["1280x800", "1600x1000"])
@pytest.mark.parametrize("begin", [start_edgerunner, start_af], ids=["edgerunner", "af"])
def test_tab_reaches_every_input_of_the_attack_form_whole_in_the_dock(qtbot, window, size, begin):
    window.resize(*size)
    qtbot.waitUntil(lambda: (window.width(), window.height()) == size)
    begin(window)
    default = min(PLAY_WIDTH, size[0] // 3)  # the width a conflict's start gives the dock
    qtbot.waitUntil(lambda: window.play.dock.width() == default)
    dock = window.play.dock_widget
    choose(dock, "attack", actor=dock.form.actor() or "gatto")
    form = dock.form
    qtbot.waitUntil(lambda: form.chosen() is not None and form.isVisible())
    every = _inputs(form)
    assert len(every) >= 8
    form.who.widget.setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is form.who.widget)
    reached: list[QWidget] = []
    while QApplication.focusWidget() is not form.do:
        now = QApplication.focusWidget()
        assert now in every and now not in reached, f"Tab went to {type(now).__name__} outside the form's order"
        reached.append(now)
        assert _whole_in_sight(now, form, window.play.dock), f"{type(now).__name__} #{len(reached)} is cut"
        qtbot.keyClick(now, Qt.Key.Key_Tab)
        qtbot.waitUntil(lambda now=now: QApplication.focusWidget() is not now)
    reached.append(form.do)
    assert _whole_in_sight(form.do, form, window.play.dock)
    missed = [type(w).__name__ for w in every if w not in reached]
    assert not missed, f"Tab never reaches {missed}"


@pytest.mark.parametrize("begin", [start_edgerunner, start_af], ids=["edgerunner", "af"])
def test_no_move_of_the_form_runs_past_the_docks_right_edge_at_1280x800(qtbot, window, begin):
    """However long a field's words (a tick's help), every input of every move stays inside the
    dock's width at 1280x800: the form never scrolls sideways, so nothing may be cut there."""
    window.resize(1280, 800)
    qtbot.waitUntil(lambda: (window.width(), window.height()) == (1280, 800))
    begin(window)
    qtbot.waitUntil(lambda: window.play.dock.width() == 1280 // 3)
    form = window.play.dock_widget.form
    viewport = form.findChild(QScrollArea).viewport()
    for at in range(form.choice.count()):
        form.choice.setCurrentIndex(at)
        qtbot.waitUntil(lambda: form.chosen() is not None)
        for widget in _inputs(form):
            box = _box_in(widget, viewport)
            inside = form.findChild(QScrollArea).widget().isAncestorOf(widget)
            assert not inside or 0 <= box.left() <= box.right() < viewport.width(), (
                f"{form.choice.itemText(at)}: a {type(widget).__name__} runs past the dock's edge"
            )
