"""The Tile Sets dock on a 1920x1080 screen, opened from the Grid menu under the Inspector:
Fill Grid, Grow and Trim are in sight without scrolling, nothing scrolls sideways, every set's
name is whole, and a greyed Grow says why in its tooltip."""

from __future__ import annotations

from PySide6.QtCore import QRect

from tabletop.samples import af_encounter


def _in_sight(scroll, widget) -> bool:
    """The widget lies wholly inside the scroll area's viewport as it is scrolled now."""
    viewport = scroll.viewport()
    corner = widget.mapTo(viewport, widget.rect().topLeft())
    return viewport.rect().contains(QRect(corner, widget.size()))


def test_the_grid_buttons_are_in_sight_and_the_names_whole(qtbot, window):
    window.resize(1920, 1080)
    qtbot.waitUntil(lambda: window.height() == 1080)
    window.document.replace_map(af_encounter(), None)
    window.document.select([("grid", "creek")])
    menu = window.grid_menu
    menu.show_action.trigger()
    scroll, pane = menu.dock.widget(), menu.dock_widget
    qtbot.waitUntil(lambda: menu.dock.isVisible() and scroll.viewport().height() > 0)
    qtbot.waitUntil(lambda: _in_sight(scroll, pane.buttons["trim"]))
    for key in ("fill", "grow", "trim", "build"):
        assert _in_sight(scroll, pane.buttons[key]), key
    assert scroll.horizontalScrollBar().maximum() == 0, "nothing scrolls sideways"
    sets = pane.sets
    for row in range(sets.count()):
        words = sets.item(row).text()
        assert sets.fontMetrics().horizontalAdvance(words) <= sets.viewport().width(), words
    assert window.docks["Inspector"].height() > 300, "the Inspector keeps room to name what is selected"


def test_a_greyed_grow_says_why(qtbot, window):
    map_ = af_encounter()
    bare = map_.grids[0].model_copy(update={"tile_set": None})
    window.document.replace_map(map_.model_copy(update={"grids": [bare]}), None)
    window.document.select([("grid", bare.id)])
    grow = window.grid_menu.dock_widget.buttons["grow"]
    assert not grow.isEnabled()
    assert "no tile set" in grow.toolTip() and "Fill Grid" in grow.toolTip()
