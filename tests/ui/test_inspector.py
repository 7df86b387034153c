"""The Inspector fits a narrow dock, names things once, shows grids and many objects, and
offers the choices the model allows."""

from __future__ import annotations

from typing import get_args

from PySide6.QtCore import QEvent
from PySide6.QtGui import QColor, QHelpEvent
from PySide6.QtWidgets import QApplication, QColorDialog, QToolTip

from tabletop.document.commands import EditObject
from tabletop.model import DoorState, TokenState
from tabletop.model.zones import FillStyle
from tabletop.samples import af_encounter, hillside, room_with_door, warehouse
from tests.ui.conftest import at

LONG = ("The long forgotten eastern loading bay where the smugglers used to meet at night " * 3)[:200]


def _settle(window) -> None:
    for _ in range(3):
        QApplication.processEvents()
    window.layout().activate()


def test_the_border_inspector_fits_its_dock(qtbot, window):
    window.document.replace_map(room_with_door(), None)
    window.document.select([("border", "wall")])
    _settle(window)
    viewport = window.inspector.scroll_area.viewport()
    for row in window.inspector.passage_editor._rows:
        right = row.remove.mapTo(viewport, row.remove.rect().topRight()).x()
        assert 0 < right <= viewport.width(), "the remove-passage button is on screen"
    label = window.inspector.passage_editor._rows[0].label
    assert label.text() == "through the door"
    assert label.width() > label.fontMetrics().horizontalAdvance("through the door") + 8, "the label shows whole"


def test_a_long_zone_name_does_not_widen_the_dock(qtbot, window):
    window.document.replace_map(room_with_door(), None)
    _settle(window)
    before = window.view.width()
    hall = window.document.get("zone", "hall").model_copy(update={"name": LONG})
    window.document.undo_stack.push(EditObject(window.document, "zone", hall, "name"))
    for selection in ([("zone", "hall")], [("border", "wall")]):
        window.document.select(selection)
        _settle(window)
        assert window.view.width() >= before - 2, selection
        if selection[0][0] == "zone":
            assert window.inspector.title.text() == LONG and window.inspector.title.elided().endswith("…")


def test_headers_name_things_once_with_plurals_right(qtbot, window):
    window.document.replace_map(af_encounter(), None)
    inspector = window.inspector
    assert inspector.map_summary.text() == "0 zones, 0 borders, 4 tokens, 1 grid"
    window.document.replace_map(warehouse(), None)
    zone = window.document.get("zone", "z1").model_copy(update={"name": "Zone 1"})
    window.document.undo_stack.push(EditObject(window.document, "zone", zone, "name"))
    window.document.select([("zone", "z1")])
    assert inspector.title.text() == "Zone 1"
    assert inspector.kind.text() == "zone · z1"


def test_several_objects_show_what_they_share_not_the_map(qtbot, window):
    window.document.replace_map(warehouse(), None)
    tokens = [("token", t.id) for t in window.document.map.tokens]
    zones = [("zone", z.id) for z in window.document.map.zones]
    window.document.select(tokens + zones)
    inspector, page = window.inspector, window.inspector.shared_page
    _settle(window)
    assert inspector.title.text() == f"{len(tokens) + len(zones)} objects selected"
    assert inspector.kind.text() == f"{len(tokens)} tokens, {len(zones)} zones"
    assert not inspector.map_title.isVisible() and not inspector.map_notes.isVisible()
    assert list(page.widgets) == ["hidden"] and not page.widgets["hidden"].isChecked()
    window.document.select(tokens)
    assert inspector.title.text() == f"{len(tokens)} tokens selected"
    sides = {t.side for t in window.document.map.tokens}
    assert page.widgets["side"].text() == (sides.pop() if len(sides) == 1 else "")
    assert "Reach: 1" in page.shared.text()


def test_hide_and_colour_many_zones_in_one_undo_step(qtbot, window, monkeypatch):
    window.document.replace_map(warehouse(), None)
    zones = [("zone", z.id) for z in window.document.map.zones]
    window.document.select(zones)
    stack = window.document.undo_stack
    window.inspector.shared_page.widgets["hidden"].click()
    assert all(z.hidden for z in window.document.map.zones) and stack.count() == 1
    monkeypatch.setattr(QColorDialog, "getColor", lambda *args: QColor("#336699"))
    QApplication.processEvents()
    window.inspector.shared_page.widgets["fill.colour"].click()
    assert {z.fill.colour for z in window.document.map.zones} == {"#336699"} and stack.count() == 2
    stack.undo()
    stack.undo()
    assert not any(z.hidden for z in window.document.map.zones)
    assert window.document.selection == zones


def test_colour_comes_from_a_picker(qtbot, window, monkeypatch):
    window.document.replace_map(warehouse(), None)
    window.document.select([("zone", "z1")])
    button = next(f.widget for f in window.inspector.fields["zone"] if f.path == "fill.colour")
    offered = []

    def pick(initial, parent, title, *args):
        offered.append(initial.name())
        return QColor("#123456")

    monkeypatch.setattr(QColorDialog, "getColor", pick)
    button.click()
    assert offered == ["#d8cfb8"]
    assert window.document.get("zone", "z1").fill.colour == "#123456"
    assert window.document.undo_stack.count() == 1
    monkeypatch.setattr(QColorDialog, "getColor", lambda *args: QColor())  # the GM cancels
    button.click()
    assert window.document.get("zone", "z1").fill.colour == "#123456"
    assert window.document.undo_stack.count() == 1


def test_a_selected_grid_shows_and_edits_in_the_inspector(qtbot, window):
    window.document.replace_map(af_encounter(), None)
    window.document.select([("grid", "creek")])
    inspector = window.inspector
    assert (inspector.title.text(), inspector.kind.text()) == ("The creek", "encounter grid · creek")
    assert inspector.grid_tiles.text().startswith("9 tiles (3 × 3), 15 × 15 areas")
    fields = {f.path: f.widget for f in inspector.fields["grid"]}
    fields["diagonal"].setChecked(False)
    fields["origin"].x.setValue(80)
    fields["area_size"].setValue(50)
    grid = window.document.get("grid", "creek")
    assert (grid.diagonal, grid.origin, grid.area_size) == (False, (80.0, 0.0), 50.0)
    window.document.undo_stack.undo()
    assert window.document.get("grid", "creek").area_size == 40.0


def test_choice_lists_are_the_models_own(qtbot, window):
    inspector = window.inspector
    assert list(inspector.state_boxes) == list(get_args(TokenState))
    pattern = next(f.widget for f in inspector.fields["zone"] if f.path == "fill.pattern")
    allowed = get_args(FillStyle.model_fields["pattern"].annotation)
    assert [pattern.itemText(i) for i in range(pattern.count())] == list(allowed)
    window.document.replace_map(room_with_door(), None)
    window.document.select([("border", "wall")])
    door = inspector.passage_editor._rows[0].door
    assert [door.itemText(i) for i in range(door.count())] == ["no door", *get_args(DoorState)]
    speeds = [f.path for f in inspector.fields["token"] if f.path.startswith("speeds.")]
    assert speeds == ["speeds.run", "speeds.climb", "speeds.jump", "speeds.swim", "speeds.fly"]


def test_the_badge_tooltip_says_which_number_goes_which_way(qtbot, window):
    window.document.replace_map(hillside(), None)
    window.view.fit_map()
    border = window.document.map.borders[0]
    a, b = (window.document.get("zone", z).label for z in (border.a, border.b))
    x, y = window.scene.layout.lines[border.id].anchor
    viewport = window.view.viewport()
    point = at(window, x, y)
    QApplication.sendEvent(viewport, QHelpEvent(QEvent.Type.ToolTip, point, viewport.mapToGlobal(point)))
    text = " ".join(QToolTip.text().split())  # wrapped to short lines
    assert f"1 from {a} into {b}, 3 from {b} into {a}" in text
    window.document.replace_map(room_with_door(), None)
    window.document.select([("border", "wall")])
    tip = " ".join(window.inspector.passages_label.toolTip().split())
    assert "a/b is a from Hall into Office and b from Office into Hall" in tip
    assert "through the door: 1 each way, +2 to open the closed door" in tip


def test_an_edit_the_document_refuses_is_said_in_the_inspectors_line(qtbot, window):
    window.document.replace_map(warehouse(), None)
    window.document.select([("border", "b12")])
    _settle(window)
    assert not window.inspector.edit("border", "a", "nowhere")
    assert window.inspector.problem.text() == "a: border 'b12' would name zone 'nowhere', which is not on the map"
    assert window.document.get("border", "b12").a == "z1" and window.document.undo_stack.count() == 0
    assert window.inspector.edit("border", "label", "aisles")
    assert window.inspector.problem.text() == ""


def test_a_big_maps_counts_read_with_thousands_marked():
    from tabletop.ui.docks.fields import count

    assert [count(1, "zone"), count(99_846, "zone"), count(1_000, "border")] == [
        "1 zone",
        "99,846 zones",
        "1,000 borders",
    ]


def test_a_big_selection_is_counted_with_thousands_separators_and_named_by_its_kind(qtbot, window):
    from tests.maps import zone_map

    window.document.replace_map(zone_map(1100), None)
    zones = [("zone", z.id) for z in window.document.map.zones]
    window.document.select(zones)
    _settle(window)
    assert window.inspector.title.text() == f"{len(zones):,} zones selected" and len(zones) > 1000
    borders = [("border", b.id) for b in window.document.map.borders[:3]]
    window.document.select(zones[:2] + borders)
    _settle(window)
    assert window.inspector.title.text() == "5 objects selected"
    assert window.inspector.kind.text() == "2 zones, 3 borders"
    assert window.inspector.shared_page.shared.text() == "They share no property."


def test_no_way_is_a_toggle_beside_each_pass_value(qtbot, window):
    window.document.replace_map(room_with_door(), None)
    window.document.select([("border", "wall")])
    _settle(window)
    row = window.inspector.passage_editor._rows[0]
    assert not row.shut_there.isChecked() and row.shut_there.isVisible()
    row.shut_there.click()
    passage = window.document.get("border", "wall").passages[0]
    assert passage.cost_from_a is None and passage.cost_from_b is not None, "impassable one way only"
    assert window.document.undo_stack.count() == 1
    row = window.inspector.passage_editor._rows[0]
    assert row.shut_there.isChecked() and row.there.text() == "no way"
    row.shut_there.click()
    assert window.document.get("border", "wall").passages[0].cost_from_a == 1


def test_a_name_or_a_note_stops_at_what_a_map_holds(qtbot, window):
    from tabletop.model.base import MAX_LINE, MAX_TEXT

    window.document.replace_map(room_with_door(), None)
    window.document.select([("zone", "hall")])
    _settle(window)
    name = next(f.widget for f in window.inspector._fields["zone"] if f.path == "name")
    assert name.maxLength() == MAX_LINE
    window.document.select([])
    _settle(window)
    window.inspector.map_notes.setPlainText("x" * (MAX_TEXT + 50))
    assert len(window.inspector.map_notes.toPlainText()) == MAX_TEXT
    assert len(window.document.map.notes) == MAX_TEXT, "what is shown is what is kept"
