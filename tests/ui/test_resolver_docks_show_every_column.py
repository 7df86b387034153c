"""The Reserve and Cards docks, shown on a laptop's window, widen until their tables show every
column (no sideways scrolling to find a side's reserve or a card's effect), never past two
fifths of the window, the first time only: after that their width is the GM's."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from tabletop.model import Map


@pytest.mark.parametrize("title", ["Reserve", "Cards"])
def test_a_resolver_dock_shown_widens_to_show_every_column(qtbot, window, title):
    window.resize(1366, 768)
    qtbot.waitUntil(lambda: window.width() == 1366)
    window.document.replace_map(Map(title="Chase"), None)
    dock = window.docks[title]
    pane = window.panes[title]
    if title == "Reserve":
        pane.add_button.click()
        pane.add_button.click()
    window.resizeDocks([window.docks["Inspector"]], [250], Qt.Orientation.Horizontal)
    dock.show()
    dock.raise_()
    qtbot.waitUntil(lambda: dock.width() > 300)
    table = pane.table
    qtbot.waitUntil(lambda: not table.horizontalScrollBar().isVisible())
    assert dock.width() <= 0.4 * window.width() + 1
    for width in (int(0.45 * window.width()), 300):  # the GM's width, wider or narrower, is kept
        window.resizeDocks([dock], [width], Qt.Orientation.Horizontal)
        qtbot.waitUntil(lambda w=width: abs(dock.width() - w) < 30)
        chosen = dock.width()
        window.docks["Inspector"].raise_()
        qtbot.waitUntil(lambda: dock.visibleRegion().isEmpty())  # its tab behind the Inspector's
        dock.raise_()
        qtbot.waitUntil(lambda: not dock.visibleRegion().isEmpty())
        QApplication.processEvents()  # a widening would be laid out by now
        assert dock.width() == chosen, "the dock keeps the width the GM gave it"
