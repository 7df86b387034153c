"""In a 1200x800 window with the Tile Sets dock sharing the Inspector's column, a border's
passages keep their rows' height, from the first frame after the border is selected, and the
page scrolls to the last of them instead of squashing them over each other."""

from __future__ import annotations

from PySide6.QtCore import QRect
from PySide6.QtWidgets import QApplication

from tabletop.samples import af_encounter, room_with_door


def _rows_whole(editor) -> list[str]:
    """What is wrong with the passage rows: a field lower than it asks, or a row laid over the
    row above it."""
    wrong, bottom = [], -1
    for index, row in enumerate(editor._rows):
        for name, widget in (("label", row.label), ("there", row.there), ("back", row.back), ("door", row.door)):
            if widget.height() < widget.minimumSizeHint().height():
                wrong.append(f"passage {index} {name}: {widget.height()} high")
        for widget in (row.label, row.there, row.back, row.door):
            top = widget.mapTo(editor, widget.rect().topLeft()).y()
            if top < bottom:
                wrong.append(f"passage {index}: {widget.__class__.__name__} over the row above")
            bottom = max(bottom, top + widget.height())
    return wrong


def test_the_passage_rows_keep_their_height_and_the_page_scrolls(qtbot, window):
    assert window.size().toTuple() == (1200, 800)
    window.document.replace_map(af_encounter(), None)
    window.document.select([("grid", "creek")])
    window.grid_menu.show_action.trigger()
    qtbot.waitUntil(lambda: window.grid_menu.dock.isVisible() and window.grid_menu.dock.height() > 100)
    window.document.replace_map(room_with_door(), None)
    window.document.select([("border", "wall")])
    editor = window.inspector.passage_editor
    assert len(editor._rows) == 3
    assert _rows_whole(editor) == [], "as soon as the border is shown"
    QApplication.processEvents()  # the first frame
    assert _rows_whole(editor) == [], "in the first frame"
    scroll = window.inspector.scroll_area
    assert scroll.verticalScrollBar().maximum() > 0, "the page is taller than the dock: it scrolls"
    last = editor._rows[-1].opening
    scroll.ensureWidgetVisible(last)
    qtbot.waitUntil(lambda: scroll.verticalScrollBar().value() > 0)
    corner = last.mapTo(scroll.viewport(), last.rect().topLeft())
    assert scroll.viewport().rect().contains(QRect(corner, last.size())), "the last passage scrolls into sight"
    assert last.height() >= last.minimumSizeHint().height()
