"""Edit ▸ Find Zone (Ctrl+F): the Zones list's filter box, ready to type over, from anywhere,
the map-only view left for it."""

from __future__ import annotations

from PySide6.QtGui import QKeySequence

from tabletop.samples import warehouse


def _find(window):
    (found,) = [a for a in window.menuBar().actions()[1].menu().actions() if a.text() == "&Find Zone…"]
    return found


def test_ctrl_f_puts_the_keys_in_the_zones_filter_with_its_text_selected(window, qtbot):
    window.document.replace_map(warehouse(), None)
    find = _find(window)
    assert QKeySequence(QKeySequence.StandardKey.Find) in find.shortcuts()
    box = window.zone_list.filter_box
    box.setText("west")
    window.view.setFocus()
    window.docks["Zones"].hide()
    find.trigger()
    assert window.docks["Zones"].isVisible()
    assert window.focusWidget() is box and box.selectedText() == "west", "typed over"
    qtbot.keyClicks(box, "cell")
    assert box.text() == "cell"


def test_find_zone_leaves_the_map_only_view(window):
    window.view_modes.set_map_only(True)
    assert not window.docks["Zones"].isVisible()
    _find(window).trigger()
    assert not window.view_modes.map_only
    assert window.docks["Zones"].isVisible() and window.focusWidget() is window.zone_list.filter_box
