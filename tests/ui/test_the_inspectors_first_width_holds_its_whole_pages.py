"""The empty window's first frame shows only the Inspector's map page, yet the Inspector is
already as wide as its other pages, built just after that frame, will need: the dock does not
widen when they come (the map beside it would jump), at a small font or a large one, and it is
not made much wider than they need either."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QApplication, QDockWidget, QMainWindow, QWidget

from tabletop.document import MapDocument
from tabletop.model import Map
from tabletop.ui.docks.inspector import Inspector


@pytest.fixture
def font_of_size(qapp):
    """The application's font at a point size, as a GM's desktop may set it; put back after."""
    before = QFont(qapp.font())

    def at(points: float) -> None:
        font = QFont(before)
        font.setPointSizeF(points)
        QApplication.setFont(font)

    yield at
    QApplication.setFont(before)


@pytest.mark.parametrize("points", [7, 9, 14, 24])
def test_the_pages_built_later_fit_the_first_width(qtbot, font_of_size, points):
    font_of_size(points)
    inspector = Inspector(None)
    qtbot.addWidget(inspector)
    first = inspector.pages.minimumSizeHint().expandedTo(inspector.pages.minimumSize()).width()
    inspector.follow(MapDocument(Map(title="Crypt")))
    inspector.build_pages()
    needed = max(inspector._page(kind).minimumSizeHint().width() for kind in ("zone", "border", "token", "grid"))
    assert needed > inspector._page("map").minimumSizeHint().width(), "a page built later is the wider"
    assert needed <= first
    assert first - needed <= 4 * inspector.fontMetrics().averageCharWidth(), "not much wider than needed"


def test_the_inspectors_dock_keeps_its_width_when_the_pages_come(qtbot):
    """In a window narrow enough that the dock stands at its least width."""
    window = QMainWindow()
    qtbot.addWidget(window)
    window.setCentralWidget(QWidget())  # the canvas, which takes what the dock leaves
    inspector = Inspector(None)
    dock = QDockWidget("Inspector", window)
    dock.setWidget(inspector)
    window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
    window.resize(640, 480)
    window.resizeDocks([dock], [40], Qt.Orientation.Horizontal)
    window.show()
    qtbot.waitExposed(window)
    qtbot.waitUntil(lambda: dock.width() >= dock.minimumSizeHint().width())
    before = dock.width()
    inspector.follow(MapDocument(Map(title="Crypt")))
    inspector.build_pages()
    for kind in ("grid", "token", "zone", "map"):  # each shown in turn, as a selection shows it
        inspector.pages.setCurrentWidget(inspector._page(kind))
        QApplication.processEvents()
        assert dock.width() == before, kind
