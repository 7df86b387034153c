"""With the Tile Sets dock open under the Inspector, a grid's setup marks show in one place,
the grid's Inspector page, and the Inspector keeps a height a GM reads at: at 1920x1080 the
whole grid page, Apply Setup included, without scrolling; at 1200x800 a dozen rows of fields."""

from __future__ import annotations

from PySide6.QtCore import QRect
from PySide6.QtWidgets import QLineEdit

from tabletop.samples import af_encounter
from tabletop.ui.docks.inspector import LEAST_ROWS
from tabletop.ui.docks.setup_marks import SetupEditor


def _open_tile_sets(qtbot, window, width: int, height: int) -> None:
    window.resize(width, height)
    qtbot.waitUntil(lambda: window.size().toTuple() == (width, height))
    window.document.replace_map(af_encounter(), None)
    window.document.select([("grid", "creek")])
    window.grid_menu.show_action.trigger()
    dock = window.grid_menu.dock
    qtbot.waitUntil(lambda: dock.isVisible() and dock.widget().viewport().height() > 0)
    inspector = window.docks["Inspector"]
    qtbot.waitUntil(lambda: inspector.y() + inspector.height() < dock.y())  # one above the other


def _in_sight(scroll, widget) -> bool:
    corner = widget.mapTo(scroll.viewport(), widget.rect().topLeft())
    return scroll.viewport().rect().contains(QRect(corner, widget.size()))


def test_at_1080_the_marks_show_once_and_the_grid_page_whole(qtbot, window):
    _open_tile_sets(qtbot, window, 1920, 1080)
    shown = [editor for editor in window.findChildren(SetupEditor) if editor.isVisible()]
    assert shown == [window.inspector.setup_editor], "one editor of the marks, on the grid's page"
    scroll, tiles = window.inspector.scroll_area, window.grid_menu.dock.widget()
    fill, apply = window.grid_menu.dock_widget.buttons["fill"], window.inspector.setup_editor.apply_button
    qtbot.waitUntil(lambda: _in_sight(tiles, fill) and _in_sight(scroll, apply))  # the docks settled
    assert scroll.verticalScrollBar().maximum() == 0, "the grid page shows whole"


def test_at_800_the_inspector_keeps_a_dozen_rows(qtbot, window):
    _open_tile_sets(qtbot, window, 1200, 800)
    row = QLineEdit().sizeHint().height()
    assert window.inspector.scroll_area.viewport().height() >= LEAST_ROWS * row
    window.document.select([("token", "kell")])  # a long page: it scrolls in the room it keeps
    scroll = window.inspector.scroll_area
    qtbot.waitUntil(lambda: scroll.verticalScrollBar().maximum() > 0)
    assert scroll.viewport().height() >= LEAST_ROWS * row
