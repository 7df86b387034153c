"""The Inspector edits every property through undoable commands; the lists work by keyboard."""

from __future__ import annotations

from PySide6.QtCore import Qt

from tabletop.samples import room_with_door, warehouse


def test_typing_a_zone_name_is_one_undo_step(qtbot, window):
    window.document.replace_map(warehouse(), None)
    window.document.select([("zone", "z2")])
    name = window.inspector.fields["zone"][0].widget
    name.setFocus()
    name.selectAll()
    qtbot.keyClicks(name, "Bay")
    assert window.document.get("zone", "z2").name == "Bay"
    assert window.document.undo_stack.count() == 1
    assert window.zone_list.text_of("z2") == "Bay"
    window.document.undo_stack.undo()
    assert window.document.get("zone", "z2").name == "Middle"


def test_a_bad_value_is_named_in_one_line_and_not_applied(qtbot, window):
    window.document.replace_map(warehouse(), None)
    window.document.select([("zone", "z1")])
    assert not window.inspector.edit("zone", "fill.colour", "red")
    assert window.document.get("zone", "z1").fill.colour == "#d8cfb8"
    assert window.inspector.problem.text().startswith("colour: should be a colour written #rrggbb")
    assert window.document.undo_stack.count() == 0


def test_door_state_and_a_new_passage_from_the_inspector(qtbot, window):
    window.document.replace_map(room_with_door(), None)
    window.document.select([("border", "wall")])
    editor = window.inspector.passage_editor
    editor._rows[0].door.setCurrentText("locked")
    assert window.document.get("border", "wall").passages[0].door.state == "locked"
    editor.add_button.click()
    passages = window.document.get("border", "wall").passages
    assert len(passages) == 4 and (passages[3].cost_from_a, passages[3].cost_from_b) == (1, 1)
    editor._rows[3].back.setValue(-1)
    assert window.document.get("border", "wall").passages[3].cost_from_b is None, "no way back"


def test_token_speeds_facing_and_states(qtbot, window):
    window.document.replace_map(warehouse(), None)
    window.document.select([("token", "gatto")])
    fields = {f.path: f.widget for f in window.inspector.fields["token"]}
    fields["facing"].setValue(135)
    fields["speeds.run"].setValue(4)
    window.inspector.state_boxes["bleeding"].setChecked(True)
    token = window.document.get("token", "gatto")
    assert (token.facing, token.speeds.run, token.states) == (135, 4, ["bleeding"])


def test_the_map_title_when_nothing_is_selected(qtbot, window):
    window.document.replace_map(warehouse(), None)
    window.document.select([])
    window.inspector.map_title.setFocus()
    window.inspector.map_title.selectAll()
    qtbot.keyClicks(window.inspector.map_title, "Docks")
    assert window.document.map.title == "Docks"


def test_the_zones_list_walks_the_map_by_keyboard(qtbot, window):
    window.document.replace_map(warehouse(), None)
    listing = window.zone_list
    listing.setFocus()
    listing.setCurrentRow(0)
    qtbot.keyClick(listing, Qt.Key.Key_Down)
    assert window.document.selection == [("zone", "z2")]
    assert ("zone", "z2") in window.scene.marks.marked, "the map marks the selected zone"
    window.document.select([("token", "hargan")])
    assert window.token_list.is_selected("hargan")


def test_the_zones_list_names_only_the_rows_it_shows(qtbot, window, monkeypatch):
    """A big map opens without a list item per zone: a row's text is made when it is painted."""
    from tabletop.ui.docks.lists import ObjectRows
    from tests.maps import zone_map

    asked = []
    text = ObjectRows.text
    monkeypatch.setattr(ObjectRows, "text", lambda rows, object_id: asked.append(object_id) or text(rows, object_id))
    big = zone_map(3000)
    window.show()
    window.document.replace_map(big, None)
    qtbot.waitUntil(lambda: bool(asked))
    assert window.zone_list.count() == len(big.zones) > 2000
    assert window.zone_list.object_at(len(big.zones) - 1) == big.zones[-1].id
    assert len(set(asked)) < 300, "only the rows in sight"


def test_a_row_of_the_zones_list_is_never_typed_in(qtbot, window):
    """Names are edited in the inspector, as one undo step; the list only selects."""
    from PySide6.QtWidgets import QAbstractItemView

    window.document.replace_map(warehouse(), None)
    window.show()
    listing = window.zone_list
    listing.setFocus()
    listing.setCurrentRow(1)
    qtbot.keyClick(listing, Qt.Key.Key_F2)
    assert listing.state() != QAbstractItemView.State.EditingState
    assert window.document.selection == [("zone", listing.object_at(1))]


def test_the_zones_list_follows_a_rename_a_removal_and_its_undo(qtbot, window):
    from tabletop.document.commands import remove

    window.document.replace_map(warehouse(), None)
    listing = window.zone_list
    order = [z.id for z in window.document.map.zones]
    window.document.undo_stack.push(remove(window.document, [("zone", order[1])]))
    assert [listing.object_at(i) for i in range(listing.count())] == [z for z in order if z != order[1]]
    window.document.undo_stack.undo()
    assert [listing.object_at(i) for i in range(listing.count())] == order
    window.document.select([("zone", order[1])])
    listing.selectionModel().clearSelection()
    assert window.document.selection == [], "a selection cleared in the list clears the map's"


def test_the_tall_panes_scroll_so_the_window_fits_a_laptop_screen(window, qtbot):
    """Tile Sets with Reserve and Cards at full height made the window 1219 pixels tall."""
    window.grid_menu.dock.show()
    for title in ("Reserve", "Cards"):
        window.docks[title].show()
        window.docks[title].raise_()
    qtbot.waitUntil(lambda: window.minimumSizeHint().height() < 700)  # once the docks' layout settles
    assert window.panes["Reserve"].window() is window and window.grid_menu.dock_widget.window() is window
