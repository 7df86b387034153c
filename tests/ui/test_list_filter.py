"""The filter box above the Zones and Tokens lists: a GM finds a zone by part of its name or
id, sees how many match, empties it with Esc, and the list keeps following the map."""

from __future__ import annotations

from PySide6.QtCore import QPointF, Qt
from PySide6.QtWidgets import QApplication

from tabletop.document.commands import AddObject, EditObject, remove
from tabletop.model import Map, PolygonShape, Zone
from tabletop.samples import warehouse
from tests.ui.type_to_find import pause_typing

NAMES = ["Great Hall", "Café", "Cellar", "Kitchen", "Cellar stairs", "Gate", "Wine cellar"]


def _castle() -> Map:
    def box(i: int) -> PolygonShape:
        x = i * 100.0
        return PolygonShape(points=[(x, 0), (x + 100, 0), (x + 100, 100), (x, 100)])

    return Map(title="Castle", zones=[Zone(id=f"room{i}", name=n, shape=box(i)) for i, n in enumerate(NAMES)])


def _shown(listing) -> list[str]:
    return [listing.object_at(row) for row in range(listing.count())]


def _named(window, zone_id: str, name: str) -> None:
    zone = window.document.get("zone", zone_id).model_copy(update={"name": name})
    window.document.undo_stack.push(EditObject(window.document, "zone", zone, "name"))


def test_typing_in_the_box_shows_only_the_matching_zones_and_counts_them(qtbot, window, monkeypatch):
    window.document.replace_map(_castle(), None)
    listing = window.zone_list
    assert listing.filter_bar.count.text() == "7 zones"
    qtbot.keyClicks(listing.filter_box, "  CELLAR ")
    assert _shown(listing) == ["room2", "room4", "room6"], "case aside, spaces trimmed, in map order"
    assert listing.filter_bar.count.text() == "3 of 7 zones"
    listing.filter_box.setText("cafe")
    assert _shown(listing) == ["room1"], "accents aside"
    listing.filter_box.setText("room5")
    assert _shown(listing) == ["room5"], "found by its id too"
    listing.filter_box.setText("dungeon")
    assert listing.count() == 0 and listing.filter_bar.count.text() == "0 of 7 zones"
    assert "dungeon" in listing.empty_text()
    asked = []
    viewport = listing.viewport()
    monkeypatch.setattr(viewport, "update", lambda *args: asked.append(args), raising=False)
    qtbot.keyClicks(listing.filter_box, "s")
    assert asked, "still no row, but the empty list says the new word: it is painted again"


def test_esc_and_the_clear_button_empty_the_box(qtbot, window):
    window.document.replace_map(_castle(), None)
    listing = window.zone_list
    box = listing.filter_box
    box.setFocus()
    qtbot.keyClicks(box, "gate")
    assert listing.count() == 1
    qtbot.keyClick(box, Qt.Key.Key_Escape)
    assert box.text() == "" and listing.count() == 7 and listing.filter_bar.count.text() == "7 zones"
    assert window.focusWidget() is box, "the first Esc only empties the box"
    qtbot.keyClick(box, Qt.Key.Key_Escape)
    assert window.focusWidget() is listing, "the second hands the keys to the rows"
    box.setText("hall")
    clear = [action for action in box.actions() if action.toolTip() == "Empty the filter"]
    assert len(clear) == 1 and clear[0].isVisible()
    clear[0].trigger()
    assert box.text() == "" and listing.count() == 7 and not clear[0].isVisible()


def test_the_tokens_list_has_its_own_box(qtbot, window):
    window.document.replace_map(warehouse(), None)
    listing = window.token_list
    assert listing.filter_bar.count.text() == "2 tokens"
    qtbot.keyClicks(listing.filter_box, "harg")
    assert _shown(listing) == ["hargan"] and listing.filter_bar.count.text() == "1 of 2 tokens"
    assert window.zone_list.count() == 3, "the zones are not filtered"


def test_selection_follows_both_ways_under_a_filter(qtbot, window):
    window.document.replace_map(_castle(), None)
    listing = window.zone_list
    window.document.select([("zone", "room4")])
    listing.filter_box.setText("cellar")
    assert window.document.selection == [("zone", "room4")], "filtering leaves the map's selection alone"
    assert listing.is_selected("room4") and listing.currentIndex().row() == 1
    row = listing.rows.row("room6")
    qtbot.mouseClick(
        listing.viewport(), Qt.MouseButton.LeftButton, pos=listing.visualRect(listing.rows.index(row)).center()
    )
    assert window.document.selection == [("zone", "room6")]
    window.document.select([("zone", "room2"), ("zone", "room3")])
    assert listing.is_selected("room2") and not listing.is_selected("room6")
    assert not listing.is_selected("room3"), "a zone the filter hides has no row to select"
    assert [index.row() for index in listing.selectionModel().selectedRows()] == [0]
    listing.filter_box.clear()
    assert listing.is_selected("room2") and listing.is_selected("room3"), "shown again, selected again"
    assert window.document.selection == [("zone", "room2"), ("zone", "room3")]


def test_enter_in_the_box_selects_the_first_match_and_centres_the_map_on_it(qtbot, window):
    window.document.replace_map(_castle(), None)
    window.view.resetTransform()
    window.view.centerOn(QPointF(-3000, -3000))
    box = window.zone_list.filter_box
    qtbot.keyClicks(box, "stairs")
    qtbot.keyClick(box, Qt.Key.Key_Return)
    assert window.document.selection == [("zone", "room4")]
    centre = window.view.mapToScene(window.view.viewport().rect().center())
    assert 400 <= centre.x() <= 500 and 0 <= centre.y() <= 100
    qtbot.keyClick(box, Qt.Key.Key_Down)
    assert window.focusWidget() is window.zone_list and window.zone_list.currentIndex().row() == 0


def test_the_filtered_list_follows_a_rename_an_addition_a_removal_and_undo(qtbot, window):
    window.document.replace_map(_castle(), None)
    listing = window.zone_list
    listing.filter_box.setText("cellar")
    labels = listing.rows._labels
    _named(window, "room3", "Cold cellar")
    assert _shown(listing) == ["room2", "room3", "room4", "room6"], "renamed into the filter: shown at its place"
    _named(window, "room2", "Larder")
    assert _shown(listing) == ["room3", "room4", "room6"], "renamed out of it: gone"
    assert listing.filter_bar.count.text() == "3 of 7 zones"
    window.document.undo_stack.undo()
    assert _shown(listing) == ["room2", "room3", "room4", "room6"]
    added = Zone(id="room7", name="Root cellar", shape=PolygonShape(points=[(0, 200), (100, 200), (50, 300)]))
    window.document.undo_stack.push(AddObject(window.document, "zone", added))
    window.document.undo_stack.push(
        AddObject(window.document, "zone", added.model_copy(update={"id": "attic", "name": "Attic"}))
    )
    assert _shown(listing) == ["room2", "room3", "room4", "room6", "room7"] and listing.total() == 9
    window.document.undo_stack.push(remove(window.document, [("zone", "room4"), ("zone", "room5")]))
    assert _shown(listing) == ["room2", "room3", "room6", "room7"] and listing.filter_bar.count.text() == "4 of 7 zones"
    window.document.undo_stack.undo()
    assert _shown(listing) == ["room2", "room3", "room4", "room6", "room7"]
    assert listing.rows._labels is labels, "edits spliced into the prepared labels, never made again"
    listing.filter_box.setText("attic")
    assert _shown(listing) == ["attic"], "the labels know the zones added since"
    listing.filter_box.setText("larder")
    assert listing.count() == 0, "nor the old name"


def test_another_map_empties_the_box(qtbot, window):
    window.document.replace_map(_castle(), None)
    window.zone_list.filter_box.setText("cellar")
    window.document.replace_map(warehouse(), None)
    assert window.zone_list.filter_box.text() == "" and window.zone_list.count() == 3
    assert window.zone_list.filter_bar.count.text() == "3 zones"


def test_typing_in_the_rows_jumps_to_the_zone_named_so(qtbot, window):
    window.document.replace_map(_castle(), None)
    listing = window.zone_list
    listing.setFocus()
    listing.setCurrentRow(0)
    qtbot.keyClicks(listing, "cel")
    assert window.document.selection == [("zone", "room2")]
    assert listing.count() == 7, "type-to-find jumps; it does not filter"
    pause_typing(qtbot, listing)
    qtbot.keyClicks(listing, "c")
    assert window.document.selection == [("zone", "room4")], "a new word starts after the current row"
    pause_typing(qtbot, listing)
    qtbot.keyClicks(listing, "cc")
    assert window.document.selection == [("zone", "room2")], "one letter again steps to its next row, wrapping"
    pause_typing(qtbot, listing)
    qtbot.keyClicks(listing, "wine")
    assert listing.currentIndex().row() == 6 and window.document.selection == [("zone", "room6")]


def test_type_to_find_under_a_filter_lands_on_a_shown_row(qtbot, window):
    window.document.replace_map(_castle(), None)
    listing = window.zone_list
    listing.filter_box.setText("cellar")
    listing.setFocus()
    qtbot.keyClicks(listing, "w")
    assert listing.currentIndex().row() == 2 and window.document.selection == [("zone", "room6")]
    pause_typing(qtbot, listing)
    qtbot.keyClicks(listing, "g")
    assert window.document.selection == [("zone", "room6")], "Gate is filtered out: nothing found, nothing moved"


def test_type_to_find_and_the_filter_on_a_big_map_never_name_every_row(qtbot, window, monkeypatch):
    """Qt's own type-to-find asked the model for every row's text: 0.4 s a key at 100k zones."""
    from tabletop.ui.docks.lists import ObjectRows
    from tests.maps import zone_map

    asked = []
    text = ObjectRows.text
    monkeypatch.setattr(ObjectRows, "text", lambda rows, object_id: asked.append(object_id) or text(rows, object_id))
    big = zone_map(3000)
    window.document.replace_map(big, None)
    listing = window.zone_list
    listing.setFocus()
    listing.setCurrentRow(0)
    qtbot.keyClicks(listing, "Zone 40-2")
    assert window.document.selection == [("zone", "z40-2")]
    qtbot.keyClicks(listing.filter_box, "zone 40-2")
    assert _shown(listing) == ["z40-2"] + [f"z40-{c}" for c in range(20, 30)]
    QApplication.processEvents()
    assert len(set(asked)) < 300, "only the rows in sight"


def test_a_long_word_with_no_match_is_shown_whole_across_lines(qtbot, window):
    """The empty list says what was typed: a word longer than the list is wide is cut across
    lines, not clipped at the list's edge."""
    import numpy as np

    window.document.replace_map(_castle(), None)
    listing = window.zone_list
    listing.filter_box.setText("q" * 90)
    assert listing.count() == 0

    def text_lines() -> int:
        image = listing.viewport().grab().toImage()
        bits = np.frombuffer(bytes(image.constBits())[: image.sizeInBytes()], np.uint8)
        rows = bits.reshape(image.height(), -1, 4)[:, :, :3].astype(int)
        inked = (np.abs(rows - rows[-1, -1]).sum(axis=2) > 60).any(axis=1)
        return int(np.count_nonzero(inked[1:] & ~inked[:-1]))  # bands of text rows: lines of text

    width = listing.viewport().width()
    line = listing.fontMetrics().horizontalAdvance("q" * 90)
    assert line > 2 * width, "the word is longer than two of the list's lines"
    assert text_lines() >= 2 + line // width, "the whole word, over as many lines as it takes"
