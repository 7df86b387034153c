"""A GM's first session with the editor: draw, join, set a pass value, place, drag, undo."""

from __future__ import annotations

from PySide6.QtCore import QPointF, Qt

from tabletop.model import ZoneLocation
from tabletop.samples import warehouse
from tests.ui.conftest import click, drag


def _fit(window, x=0, y=0, w=800, h=500):
    window.view.resetTransform()
    window.view.centerOn(QPointF(x + w / 2, y + h / 2))


def _draw_square(qtbot, window, x, y, size=200):
    window.set_tool("P")
    for px, py in [(x, y), (x + size, y), (x + size, y + size), (x, y + size)]:
        click(qtbot, window, px, py)
    qtbot.keyClick(window.view, Qt.Key.Key_Return)


def test_drawing_a_zone_with_the_mouse(qtbot, window):
    _fit(window)
    _draw_square(qtbot, window, 100, 100)
    zones = window.document.map.zones
    assert len(zones) == 1
    assert zones[0].shape.points == [(100, 100), (300, 100), (300, 300), (100, 300)]
    assert window.document.selection == [("zone", zones[0].id)]
    assert window.scene.zone_at(QPointF(200, 200)) == zones[0].id, "the canvas finds the new zone where it was drawn"
    assert ("zone", zones[0].id) in window.scene.marks.marked


def test_a_neighbouring_zone_snaps_to_the_shared_edge(qtbot, window):
    _fit(window)
    _draw_square(qtbot, window, 100, 100)
    window.set_tool("P")
    for px, py in [(303, 97), (500, 100), (500, 300), (297, 302)]:
        click(qtbot, window, px, py)
    qtbot.keyClick(window.view, Qt.Key.Key_Return)
    second = window.document.map.zones[1]
    assert second.shape.points[0] == (300, 100) and second.shape.points[-1] == (300, 300)


def test_join_two_zones_set_a_pass_value_drop_and_drag_a_token(qtbot, window):
    _fit(window)
    _draw_square(qtbot, window, 100, 100)
    _draw_square(qtbot, window, 300, 100)
    a, b = (z.id for z in window.document.map.zones)
    window.set_tool("B")
    drag(qtbot, window, (200, 200), (400, 200))
    border = window.document.map.borders[0]
    assert {border.a, border.b} == {a, b}
    assert window.document.selection == [("border", border.id)]

    editor = window.inspector.passage_editor
    _label, there, back, _door, _opening, _sight = editor._rows[0]
    there.setValue(3)
    back.setValue(3)
    passage = window.document.map.borders[0].passages[0]
    assert (passage.cost_from_a, passage.cost_from_b) == (3, 3)

    window.set_tool("T")
    click(qtbot, window, 150, 250)
    token = window.document.map.tokens[0]
    assert token.location == ZoneLocation(zone=a)

    window.set_tool("S")
    window.shifts.setValue(2)
    viewport = window.view.viewport()
    start = window.scene.items_by_key[("token", token.id)].pos()
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=window.view.mapFromScene(start))
    qtbot.mouseMove(viewport, pos=window.view.mapFromScene(QPointF(250, 250)))
    assert window.scene.overlay.zones == [(a, 0)], "a border of 3 is too much for 2 shifts"
    window.shifts.setValue(3)
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=window.view.mapFromScene(QPointF(250, 250)))
    qtbot.mousePress(
        viewport,
        Qt.MouseButton.LeftButton,
        pos=window.view.mapFromScene(window.scene.items_by_key[("token", token.id)].pos()),
    )
    qtbot.mouseMove(viewport, pos=window.view.mapFromScene(QPointF(330, 250)))
    assert window.scene.overlay.zones == [(a, 0), (b, 3)]
    qtbot.mouseMove(viewport, pos=window.view.mapFromScene(QPointF(380, 260)))
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=window.view.mapFromScene(QPointF(380, 260)))
    assert window.document.get("token", token.id).location == ZoneLocation(zone=b)
    assert window.scene.overlay.zones == []

    stack = window.document.undo_stack
    stack.undo()
    assert window.document.get("token", token.id).location == ZoneLocation(zone=a), "the drag is one undo step"


def test_undo_everything_back_to_the_start_and_redo_it_all(qtbot, window):
    _fit(window)
    start = window.document.map.model_copy(deep=True)
    _draw_square(qtbot, window, 100, 100)
    _draw_square(qtbot, window, 300, 100)
    window.set_tool("B")
    drag(qtbot, window, (200, 200), (400, 200))
    window.inspector.passage_editor._rows[0][1].setValue(3)
    window.set_tool("T")
    click(qtbot, window, 150, 250)
    done = window.document.map.model_copy(deep=True)
    stack = window.document.undo_stack
    assert window.document.modified
    while stack.canUndo():
        stack.undo()
    assert window.document.map == start
    assert not window.document.modified
    assert window.scene.items_by_key == {} and window.scene.layout.boxes == {}
    while stack.canRedo():
        stack.redo()
    assert window.document.map == done
    assert len(window.scene.layout.boxes) == 3, "two zones and their border are back on the canvas"
    assert len(window.scene.items_by_key) == 1


def test_dragging_a_token_on_the_warehouse_lights_the_zones_its_shifts_reach(qtbot, window):
    window.document.replace_map(warehouse(), None)
    _fit(window, 0, 0, 600, 200)
    select = window.tools["S"]
    for shifts, lit in ((2, ["z1"]), (3, ["z1", "z2"]), (6, ["z1", "z2", "z3"])):
        window.shifts.setValue(shifts)
        select.start_token_drag("gatto")
        assert [z for z, _ in window.scene.overlay.zones] == lit
        select.release(None, QPointF(0, 0))


def test_a_zone_drag_is_one_undo_step(qtbot, window):
    window.document.replace_map(warehouse(), None)
    _fit(window, 0, 0, 600, 200)
    before = window.document.get("zone", "z2")
    drag(qtbot, window, (300, 60), (300, 160), steps=5)
    moved = window.document.get("zone", "z2")
    assert moved.shape.points[0] == (200, 100)
    assert window.document.undo_stack.count() == 1
    window.document.undo_stack.undo()
    assert window.document.get("zone", "z2") == before


def test_keys_nudge_zones_and_turn_tokens_and_delete(qtbot, window):
    window.document.replace_map(warehouse(), None)
    window.document.select([("zone", "z3")])
    window.view.setFocus()
    qtbot.keyClick(window.view, Qt.Key.Key_Right)
    assert window.document.get("zone", "z3").shape.points[0] == (420, 0)
    window.document.select([("token", "hargan")])
    qtbot.keyClick(window.view, Qt.Key.Key_BracketRight)
    assert window.document.get("token", "hargan").facing == 285
    window.document.select([("zone", "z2")])
    qtbot.keyClick(window.view, Qt.Key.Key_Delete)
    assert window.document.get("zone", "z2") is None
    assert window.document.map.borders == []
    window.document.undo_stack.undo()
    assert window.document.map.borders == warehouse().borders


def test_join_touching_zones_offers_borders_for_shared_edges(qtbot, window):
    map_ = warehouse()
    map_.borders = []
    window.document.replace_map(map_, None)
    window.join_touching()
    assert sorted((b.a, b.b) for b in window.document.map.borders) == [("z1", "z2"), ("z2", "z3")]
    window.join_touching()
    assert len(window.document.map.borders) == 2
    window.document.undo_stack.undo()
    assert window.document.map.borders == []


def test_editing_vertices_drag_insert_and_remove(qtbot, window):
    _fit(window)
    _draw_square(qtbot, window, 100, 100)
    zone_id = window.document.map.zones[0].id
    window.set_tool("V")
    assert len(window.tools["V"].handles.points) == 4
    drag(qtbot, window, (300, 300), (340, 360), steps=4)
    assert window.document.get("zone", zone_id).shape.points[2] == (340, 360)
    qtbot.mouseDClick(
        window.view.viewport(), Qt.MouseButton.LeftButton, pos=window.view.mapFromScene(QPointF(200, 102))
    )
    assert window.document.get("zone", zone_id).shape.points[1] == (200, 100)
    click(qtbot, window, 200, 100, button=Qt.MouseButton.RightButton)
    assert len(window.document.get("zone", zone_id).shape.points) == 4
    stack = window.document.undo_stack
    stack.undo()
    stack.undo()
    stack.undo()
    assert window.document.get("zone", zone_id).shape.points == [(100, 100), (300, 100), (300, 300), (100, 300)]


def test_a_triangle_keeps_its_three_vertices(qtbot, window):
    _fit(window)
    window.set_tool("P")
    for px, py in [(100, 100), (300, 100), (100, 300)]:
        click(qtbot, window, px, py)
    qtbot.keyClick(window.view, Qt.Key.Key_Return)
    window.set_tool("V")
    assert not window.tools["V"].remove_vertex(0)
    assert len(window.document.map.zones[0].shape.points) == 3
    assert window.document.undo_stack.count() == 1


def test_a_token_on_a_grid_lights_the_areas_its_speed_reaches(qtbot, window):
    from tabletop.model import AreaLocation
    from tabletop.samples import af_encounter

    window.document.replace_map(af_encounter(), None)
    select = window.tools["S"]
    select.start_token_drag("kell")
    overlay = window.scene.overlay
    areas = dict(overlay.areas)
    assert overlay.grid_id == "creek" and areas[(7, 3)] == 0 and areas[(7, 6)] == 3
    assert (7, 7) not in areas, "running does not enter the creek"
    select.drag_token_to(QPointF(6.5 * 40, 7.5 * 40))
    select.release(None, QPointF(0, 0))
    assert window.document.get("token", "kell").location == AreaLocation(grid="creek", row=7, col=6)
    window.move_type.setCurrentText("swim")
    select.start_token_drag("kell")
    assert (7, 7) in dict(overlay.areas)


def test_a_click_picks_a_borders_badge_only_where_badges_are_drawn(qtbot, window):
    """Far out no badge is drawn, and a click inside a zone picks the zone (it picked the border
    whose unseen badge covered most of the zone at 5% zoom); close
    up, where the badge is drawn, the same point picks the border."""
    from tests.maps import zone_map

    window.document.replace_map(zone_map(400), None)
    window.set_tool("S")
    border = next(b for b in window.document.map.borders if b.a == "z3-3" and b.b == "z3-4")
    line = window.document.layout.lines[border.id]
    x, y = line.anchor[0] - 10.0, line.anchor[1]  # on the badge, 10 units from the line, inside z3-3
    zone = window.document.zone_at(x, y)
    assert zone == "z3-3" and window.document.border_at(x, y) == border.id
    window.view.resetTransform()
    window.view.scale(0.05, 0.05)
    window.view.centerOn(x, y)
    click(qtbot, window, x, y)
    assert window.document.selection == [("zone", zone)]
    window.view.resetTransform()
    window.view.centerOn(x, y)
    click(qtbot, window, x, y)
    assert window.document.selection == [("border", border.id)]


def test_nudging_many_zones_is_one_change_and_one_undo_step(qtbot, window):
    """An arrow key with 400 zones selected moves them all as one change (an edit per zone took
    minutes for a 10k-zone map selected whole)."""
    from tests.maps import zone_map

    window.document.replace_map(zone_map(400), None)
    before = window.document.map.model_dump()
    window.set_tool("S")
    window.select_all()
    changes = []
    window.document.edited.connect(changes.append)
    window.tools["S"].nudge(20, 0)
    zones = window.document.map.zones
    assert [c.kind for c in changes] == ["zone"] and len(changes[0].object_ids) == len(zones)
    assert window.document.undo_stack.undoText() == f"Nudge {len(zones)} zones"
    assert all(
        z.shape.points[0][0] == p["shape"]["points"][0][0] + 20 for z, p in zip(zones, before["zones"], strict=True)
    )
    window.document.undo_stack.undo()
    assert window.document.map.model_dump() == before
