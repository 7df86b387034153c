"""F7 on a grid the GM prepared at 4x4 tiles: the dock's message says the grid kept its
prepared 4x4 tiles (the text trims a zone to 3x3), and the log's entry says so in its story,
with no "grids trimmed 0" in its numbers."""

from __future__ import annotations

from PySide6.QtCore import Qt

from tests.ui.playing import press
from tests.ui.test_an_exchanges_end_in_the_dock_keeps_a_prepared_grid import begin, prepared_4x4


def test_the_message_and_the_log_say_the_grid_kept_its_prepared_tiles(qtbot, window):
    begin(window, prepared_4x4())
    dock = window.play.dock_widget
    press(qtbot, window, Qt.Key.Key_F7)
    assert "The creek kept its prepared 4x4 tiles" in dock.message.text()
    entry = window.document.map.conflict.log[-1]
    assert entry.action == "end exchange" and entry.numbers == {"exchange": 1}
    row = dock.log.rowCount() - 1
    assert dock.log.item(row, 4).text() == "exchange 1"
    assert "kept its prepared 4x4 tiles" in dock.log.item(row, 5).text()
