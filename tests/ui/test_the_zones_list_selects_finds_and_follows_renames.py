"""A GM's tryout after the speed work: the Zones list by mouse, by typing a name and through a
rename and its undo; the first token drag on a big map, before the window has prepared its
index and zone graph in the event loop."""

from __future__ import annotations

from PySide6.QtCore import QPointF, Qt
from PySide6.QtWidgets import QApplication

from tabletop.io.write import save_map
from tabletop.model import ZoneLocation
from tabletop.rules import ZoneGraph
from tabletop.rules.movement import reach
from tabletop.samples import warehouse
from tests.benchmarks.mapgen import zone_map


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
    qtbot.wait(QApplication.keyboardInputInterval() + 100)  # a new word, not the end of "East"
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


def test_the_first_token_drag_right_after_opening_a_big_map_shows_its_reach_and_moves_it(qtbot, window, tmp_path):
    """Opened from a file (the quick reader, the deferred index and zone graph), then dragged
    at once, before the event loop has prepared anything: the reach shown is the rules' own,
    the drop is one undo step, and undo puts the token back."""
    big = zone_map(3000)
    gatto = warehouse().tokens[0]
    start, below = "z20-20", "z21-20"
    tokens = [gatto.model_copy(update={"location": ZoneLocation(zone=start)})]
    path = tmp_path / "big.tabletop"
    save_map(big.model_copy(update={"tokens": tokens}), path)
    assert window.files.open(path)
    item = window.scene.items_by_key[("token", gatto.id)]
    window.view.resetTransform()
    window.view.centerOn(item.pos())
    viewport = window.view.viewport()
    origin = item.pos()
    target = QPointF(*window.document.get("zone", below).shape.points[0]) + QPointF(30, 20)
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=window.view.mapFromScene(origin))
    for k in range(1, 7):
        qtbot.mouseMove(viewport, pos=window.view.mapFromScene(origin + (target - origin) * (k / 6)))
    expected = reach(ZoneGraph(window.document.map), start, window.reach_settings.shifts).zones()
    assert sorted(window.scene.overlay.zones) == sorted(expected)
    assert len(expected) > 1
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=window.view.mapFromScene(target))
    assert window.document.get("token", gatto.id).location == ZoneLocation(zone=below)
    assert window.document.undo_stack.count() == 1
    window.document.undo_stack.undo()
    assert window.document.get("token", gatto.id).location == ZoneLocation(zone=start)
    assert item.pos() == origin
