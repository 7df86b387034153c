"""The Zones list by mouse, by typing a name, and through a rename, its undo and its redo: the
rows' text lives in the document, so the list must follow it there."""

from __future__ import annotations

from PySide6.QtCore import QPointF, Qt

from tabletop.samples import warehouse
from tests.ui.type_to_find import pause_typing


def _rename(qtbot, window, zone_id: str, name: str) -> None:
    window.document.select([("zone", zone_id)])
    field = window.inspector.fields["zone"][0].widget
    field.setFocus()
    field.selectAll()
    qtbot.keyClicks(field, name)


def test_a_click_on_a_row_selects_its_zone_and_enter_centres_the_map_on_it(qtbot, window):
    window.document.replace_map(warehouse(), None)
    listing = window.zone_list
    window.view.resetTransform()
    window.view.centerOn(QPointF(-2000, -2000))
    row = listing.rows.row("z3")
    qtbot.mouseClick(
        listing.viewport(), Qt.MouseButton.LeftButton, pos=listing.visualRect(listing.rows.index(row)).center()
    )
    assert window.document.selection == [("zone", "z3")]
    qtbot.keyClick(listing, Qt.Key.Key_Return)
    centre = window.view.mapToScene(window.view.viewport().rect().center())
    east_end = window.document.get("zone", "z3").shape.points
    xs, ys = [p[0] for p in east_end], [p[1] for p in east_end]
    assert min(xs) <= centre.x() <= max(xs) and min(ys) <= centre.y() <= max(ys)


def test_typing_a_name_in_the_list_finds_the_zone_and_a_renamed_zone_by_its_new_name(qtbot, window):
    """The rows' text lives in the document, not in the list's model: typing must find it."""
    window.document.replace_map(warehouse(), None)
    listing = window.zone_list
    listing.setFocus()
    listing.setCurrentRow(0)
    qtbot.keyClicks(listing, "East")
    assert window.document.selection == [("zone", "z3")]
    _rename(qtbot, window, "z2", "Loading bay")
    listing.setFocus()
    listing.setCurrentRow(0)
    pause_typing(qtbot, listing)  # a new word, not the end of "East"
    qtbot.keyClicks(listing, "Load")
    assert window.document.selection == [("zone", "z2")]


def test_the_list_follows_a_rename_its_undo_and_its_redo(qtbot, window):
    window.document.replace_map(warehouse(), None)
    listing = window.zone_list
    _rename(qtbot, window, "z2", "Bay")
    assert listing.text_of("z2") == "Bay"
    window.document.undo_stack.undo()
    assert listing.text_of("z2") == "Middle"
    window.document.undo_stack.redo()
    assert listing.text_of("z2") == "Bay"
    assert [listing.object_at(i) for i in range(listing.count())] == ["z1", "z2", "z3"]
