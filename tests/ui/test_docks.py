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
    assert window.zone_list.rows["z2"].text() == "Bay"
    window.document.undo_stack.undo()
    assert window.document.get("zone", "z2").name == "Middle"


def test_a_bad_value_is_named_in_one_line_and_not_applied(qtbot, window):
    window.document.replace_map(warehouse(), None)
    window.document.select([("zone", "z1")])
    assert not window.inspector.edit("zone", "fill.colour", "red")
    assert window.document.get("zone", "z1").fill.colour == "#d8cfb8"
    assert window.inspector.problem.text().startswith("colour: String should match pattern")
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
    assert window.token_list.rows["hargan"].isSelected()


def test_the_tall_panes_scroll_so_the_window_fits_a_laptop_screen(window, qtbot):
    """Tile Sets with Reserve and Cards at full height made the window 1219 pixels tall."""
    window.grid_menu.dock.show()
    for title in ("Reserve", "Cards"):
        window.docks[title].show()
        window.docks[title].raise_()
    qtbot.wait(20)
    assert window.minimumSizeHint().height() < 700
    assert window.panes["Reserve"].window() is window and window.grid_menu.dock_widget.window() is window
