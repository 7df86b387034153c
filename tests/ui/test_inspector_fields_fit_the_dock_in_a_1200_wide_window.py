"""In a 1200-wide window every field of every Inspector page lies inside the dock: a page is
never wider than the dock shows (fields shrink, or go under their label), and the dock, however
narrow the GM drags it, keeps the width its fields need and no more than a share of the window."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWidget

from tabletop.samples import af_encounter, room_with_door, warehouse

SELECTIONS = {
    "map": (room_with_door, []),
    "zone": (room_with_door, [("zone", "hall")]),
    "border": (room_with_door, [("border", "wall")]),
    "token in a zone": (warehouse, [("token", "gatto")]),
    "token on a grid": (af_encounter, [("token", "kell")]),
    "grid": (af_encounter, [("grid", "creek")]),
    "several": (warehouse, [("token", "gatto"), ("zone", "z1")]),
}


def _cut(window) -> list[str]:
    """The fields of the shown page that reach past the dock's visible width."""
    scroll = window.inspector.scroll_area
    page, viewport = scroll.widget(), scroll.viewport()
    cut = []
    for widget in page.findChildren(QWidget):
        if not widget.isVisibleTo(page) or widget.isWindow():
            continue
        left = widget.mapTo(viewport, widget.rect().topLeft()).x()
        if left < 0 or left + widget.width() > viewport.width():
            cut.append(f"{widget.__class__.__name__} {widget.objectName() or widget.property('text') or ''}")
    return cut


@pytest.mark.parametrize("name", list(SELECTIONS))
def test_every_field_is_inside_the_dock(qtbot, window, name):
    build, selection = SELECTIONS[name]
    assert window.width() == 1200
    map_ = build()
    window.document.replace_map(map_, None)
    assert all(window.document.get(*key) is not None for key in selection), selection
    window.document.select(selection)
    dock = window.docks["Inspector"]
    qtbot.waitUntil(lambda: window.inspector.scroll_area.viewport().width() > 0)
    assert _cut(window) == [], f"{name} at the dock's first width"
    window.resizeDocks([dock], [60], Qt.Orientation.Horizontal)  # dragged as narrow as it goes
    qtbot.waitUntil(lambda: dock.width() == dock.minimumSizeHint().width() or dock.width() < 200)
    assert _cut(window) == [], f"{name} at the dock's least width"
    assert dock.width() <= window.width() * 0.3, "the map keeps most of the window"
    assert window.inspector.scroll_area.horizontalScrollBar().maximum() == 0
