"""The Grid tool by mouse: place an encounter grid, drag it, delete it with its tokens; the
Inspector's grid page edits a new grid; tokens dropped on a grid stand side by side."""

from __future__ import annotations

from PySide6.QtCore import QPointF, Qt

from tabletop.io import map_from_bytes, map_to_text
from tabletop.model import AreaLocation, Token
from tabletop.model.base import MAX_COORDINATE
from tabletop.model.kinds import Kind
from tabletop.ui.tools.grid import held_origin, new_grid
from tests.ui.conftest import click, drag


def _view(window, x=300, y=300, scale=0.5):
    window.view.resetTransform()
    window.view.scale(scale, scale)
    window.view.centerOn(QPointF(x, y))


def _place(qtbot, window, x=300, y=300):
    _view(window, x, y)
    window.set_tool("G")
    click(qtbot, window, x, y)
    return window.document.map.grids[-1]


def test_a_click_places_a_grid_of_three_by_three_tiles_centred_on_the_drawing_grid(qtbot, window):
    grid = _place(qtbot, window, 307, 311)
    assert sorted((t.row, t.col) for t in grid.tiles) == [(r, c) for r in range(3) for c in range(3)]
    side = 15 * grid.area_size
    assert grid.origin[0] % 20 == 0 and grid.origin[1] % 20 == 0, "the corner sits on the drawing grid"
    assert abs(grid.origin[0] + side / 2 - 307) <= 10 and abs(grid.origin[1] + side / 2 - 311) <= 10
    assert window.document.selection == [(Kind.GRID, grid.id)]
    assert window.document.area_at(307, 311)[0] == grid.id
    window.document.undo_stack.undo()
    assert window.document.map.grids == []
    window.document.undo_stack.redo()
    assert window.document.map.grids == [grid]


def test_dragging_a_grid_moves_it_with_its_tokens_as_one_undo_step(qtbot, window):
    grid = _place(qtbot, window)
    token = Token(id="kit", location=AreaLocation(grid=grid.id, row=7, col=7))
    window.document.put("token", token)
    steps = window.document.undo_stack.count()
    drag(qtbot, window, (300, 300), (400, 260))
    moved = window.document.get(Kind.GRID, grid.id)
    assert moved.origin == (grid.origin[0] + 100, grid.origin[1] - 40)
    assert window.document.undo_stack.count() == steps + 1, "the whole drag is one step"
    spot = window.document.token_spots()["kit"]
    assert spot == (moved.origin[0] + 7.5 * moved.area_size, moved.origin[1] + 7.5 * moved.area_size)
    window.document.undo_stack.undo()
    assert window.document.get(Kind.GRID, grid.id).origin == grid.origin


def test_delete_removes_the_grid_with_its_tokens_and_undo_brings_both_back(qtbot, window):
    grid = _place(qtbot, window)
    window.document.put("token", Token(id="kit", location=AreaLocation(grid=grid.id, row=1, col=1)))
    qtbot.keyClick(window.view, Qt.Key.Key_Delete)
    assert window.document.map.grids == [] and window.document.map.tokens == []
    window.document.undo_stack.undo()
    assert [g.id for g in window.document.map.grids] == [grid.id]
    assert [t.id for t in window.document.map.tokens] == ["kit"]


def test_a_grid_placed_or_dragged_past_the_edge_of_the_world_stops_at_it_and_still_loads(qtbot, window):
    far = new_grid("far", "Far", (MAX_COORDINATE * 10, -MAX_COORDINATE * 10))
    _r0, _c0, _r1, c1 = far.area_bounds()
    assert far.origin[0] + (c1 + 1) * far.area_size == MAX_COORDINATE
    assert far.origin[1] == -MAX_COORDINATE
    assert held_origin(far, 1e12, -1e12) == far.origin
    window.document.put("grid", far)
    assert map_from_bytes(map_to_text(window.document.map).encode(), "far.tabletop").grids[0] == far


def test_a_new_grid_takes_area_size_and_diagonal_moves_from_the_inspector(qtbot, window):
    grid = _place(qtbot, window)
    page = window.inspector
    size = next(f for f in page.fields["grid"] if f.path == "area_size").widget
    diagonal = next(f for f in page.fields["grid"] if f.path == "diagonal").widget
    size.setValue(60.0)
    diagonal.setChecked(False)
    changed = window.document.get(Kind.GRID, grid.id)
    assert changed.area_size == 60.0 and changed.diagonal is False
    assert window.document.terrain(grid.id).steps == [(-1, 0), (0, 1), (1, 0), (0, -1)], "no diagonal steps now"
    window.document.undo_stack.undo()
    window.document.undo_stack.undo()
    assert window.document.get(Kind.GRID, grid.id) == grid


def test_two_tokens_dropped_in_one_area_stand_side_by_side(qtbot, window):
    grid = _place(qtbot, window)
    x, y = grid.origin[0] + 2.5 * grid.area_size, grid.origin[1] + 2.5 * grid.area_size
    window.set_tool("T")
    click(qtbot, window, x, y)
    click(qtbot, window, x + 60, y + 60)
    window.set_tool("S")
    second = window.document.map.tokens[1]
    drag(qtbot, window, window.document.token_spots()[second.id], (x + 3, y - 4))
    tokens = window.document.map.tokens
    snapped = [AreaLocation(grid=grid.id, row=2, col=2)] * 2
    assert [t.location for t in tokens] == snapped, "the drop snapped to the area"
    items = [window.scene.items_by_key[(Kind.TOKEN, t.id)] for t in tokens]
    assert all(item.isVisible() for item in items)
    discs = [item.mapRectToScene(item.shape().boundingRect()) for item in items]
    assert not discs[0].intersects(discs[1]), "both tokens are seen, neither covers the other"
    area = window.document.map.grids[0]
    for disc in discs:
        assert area.origin[0] + 2 * area.area_size - 1 <= disc.center().x() <= area.origin[0] + 3 * area.area_size + 1
    assert second.id in {t.id for t in tokens}


def test_g_and_a_choose_the_grid_and_segment_tools_on_the_canvas(qtbot, window):
    window.view.setFocus()
    qtbot.keyClick(window.view, Qt.Key.Key_G)
    assert window.view.tool is window.tools["G"] and window.tool_actions["G"].isChecked()
    qtbot.keyClick(window.view, Qt.Key.Key_A)
    assert window.view.tool is window.tools["A"]
    keys = [act.shortcut().toString() for act in window.findChildren(type(window.tool_actions["G"]))]
    assert keys.count("G") == 1 and keys.count("A") == 1, "no other action answers to G or A"
