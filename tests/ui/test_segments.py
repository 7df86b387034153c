"""Painting segments with the mouse and setting them up in the Inspector, each one undo step."""

from __future__ import annotations

from PySide6.QtCore import QPointF, Qt

from tabletop.io import map_from_bytes, map_to_text
from tabletop.model import EncounterGrid, Tile
from tabletop.model.kinds import Kind
from tests.ui.conftest import at, drag


def _grid(window) -> EncounterGrid:
    grid = EncounterGrid(id="creek", name="Creek", tiles=[Tile(row=r, col=c) for r in range(3) for c in range(3)])
    window.document.put("grid", grid)
    window.view.resetTransform()
    window.view.centerOn(QPointF(300, 300))
    window.set_tool("A")
    return grid


def _centre(row: int, col: int) -> tuple[float, float]:
    """The middle of an area of the test grid (origin 0,0, 40 units an area)."""
    return (col * 40 + 20, row * 40 + 20)


def _paint(qtbot, window, start, end, modifier=Qt.KeyboardModifier.NoModifier):
    viewport = window.view.viewport()
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, modifier, at(window, *_centre(*start)))
    x0, y0 = _centre(*start)
    x1, y1 = _centre(*end)
    for k in range(1, 5):
        point = at(window, x0 + (x1 - x0) * k / 4, y0 + (y1 - y0) * k / 4)
        qtbot.mouseMove(viewport, point)
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, modifier, at(window, x1, y1))


def _segments(window, tile=(0, 0)):
    grid = window.document.get(Kind.GRID, "creek")
    return next(t for t in grid.tiles if (t.row, t.col) == tile).segments


def test_a_drag_paints_a_new_segment_lit_while_the_button_is_held(qtbot, window):
    _grid(window)
    tool = window.tools["A"]
    viewport = window.view.viewport()
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=at(window, *_centre(1, 1)))
    qtbot.mouseMove(viewport, at(window, *_centre(2, 3)))
    assert tool.marks.painting == {(r, c) for r in (1, 2) for c in (1, 2, 3)}, "the block is lit before release"
    assert _segments(window) == [], "nothing changes until the button is let go"
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=at(window, *_centre(2, 3)))
    [segment] = _segments(window)
    assert sorted(segment.areas) == [(1, 1), (1, 2), (1, 3), (2, 1), (2, 2), (2, 3)]
    assert tool.marks.painting == set() and tool.marks.chosen == set(segment.areas), "the new segment is chosen"
    assert window.inspector.segment_page.isVisibleTo(window.inspector)


def test_a_drag_stays_within_the_tile_it_started_on(qtbot, window):
    _grid(window)
    _paint(qtbot, window, (3, 3), (7, 8))
    [segment] = _segments(window)
    assert sorted(segment.areas) == [(r, c) for r in (3, 4) for c in (3, 4)]
    assert all(_segments(window, tile) == [] for tile in [(0, 1), (1, 0), (1, 1)])


def test_add_to_the_chosen_segment_take_areas_out_and_undo_each_step(qtbot, window):
    _grid(window)
    stack = window.document.undo_stack
    _paint(qtbot, window, (6, 6), (6, 7))  # tile (1, 1)
    _paint(qtbot, window, (7, 6), (7, 7))  # on the same tile: added to the chosen segment
    [segment] = _segments(window, (1, 1))
    assert sorted(segment.areas) == [(1, 1), (1, 2), (2, 1), (2, 2)]
    _paint(qtbot, window, (6, 6), (7, 6), Qt.KeyboardModifier.ControlModifier)
    [segment] = _segments(window, (1, 1))
    assert sorted(segment.areas) == [(1, 2), (2, 2)]
    _paint(qtbot, window, (8, 8), (8, 8), Qt.KeyboardModifier.ShiftModifier)
    assert len(_segments(window, (1, 1))) == 2, "Shift paints a new segment beside the chosen one"
    stack.undo()
    stack.undo()
    assert sorted(_segments(window, (1, 1))[0].areas) == [(1, 1), (1, 2), (2, 1), (2, 2)]
    stack.undo()
    assert sorted(_segments(window, (1, 1))[0].areas) == [(1, 1), (1, 2)]
    stack.undo()
    assert _segments(window, (1, 1)) == []
    for _ in range(4):
        stack.redo()
    assert [sorted(s.areas) for s in _segments(window, (1, 1))] == [[(1, 2), (2, 2)], [(3, 3)]]


def test_taking_every_area_out_removes_the_segment(qtbot, window):
    _grid(window)
    _paint(qtbot, window, (0, 0), (1, 0))
    _paint(qtbot, window, (0, 0), (1, 1), Qt.KeyboardModifier.ControlModifier)
    assert _segments(window) == []
    assert window.tools["A"].choice.key is None


def test_a_press_inside_another_segment_chooses_it(qtbot, window):
    _grid(window)
    _paint(qtbot, window, (0, 0), (0, 1))
    _paint(qtbot, window, (3, 3), (3, 3), Qt.KeyboardModifier.ShiftModifier)
    tool = window.tools["A"]
    assert tool.choice.key.index == 1
    _paint(qtbot, window, (0, 1), (0, 2))
    assert tool.choice.key.index == 0
    assert sorted(_segments(window)[0].areas) == [(0, 0), (0, 1), (0, 2)]


def test_the_inspector_sets_name_properties_and_altitude_one_step_each(qtbot, window):
    _grid(window)
    _paint(qtbot, window, (0, 0), (1, 1))
    page = window.inspector.segment_page
    stack = window.document.undo_stack
    steps = stack.count()
    assert page.name.text() == "Segment 1", "a new segment gets a name to start from"
    page.name.selectAll()
    qtbot.keyClicks(page.name, "Reeds")
    page.boxes["water"].setChecked(True)
    page.boxes["rough"].setChecked(True)
    page.altitude.setValue(2)
    page.altitude.setValue(3)
    [segment] = _segments(window)
    assert (segment.name, sorted(segment.properties), segment.altitude) == ("Reeds", ["rough", "water"], 3)
    assert stack.count() == steps + 4, "the name typed, two boxes, the altitude: four steps"
    terrain = window.document.terrain("creek")
    assert terrain.enter_cost((0, 0), "run") is None and terrain.enter_cost((0, 0), "swim") == 2
    stack.undo()
    stack.undo()
    [segment] = _segments(window)
    assert (segment.properties, segment.altitude) == (["water"], 0)
    assert page.boxes["water"].isChecked() and not page.boxes["rough"].isChecked(), "the page follows undo"
    stack.redo()
    stack.redo()
    assert _segments(window)[0].altitude == 3
    saved = map_to_text(window.document.map)
    assert map_from_bytes(saved.encode(), "creek.tabletop") == window.document.map, "the loader takes what was painted"


def test_delete_removes_the_chosen_segment_and_escape_lets_it_go(qtbot, window):
    _grid(window)
    _paint(qtbot, window, (0, 0), (0, 0))
    _paint(qtbot, window, (2, 2), (2, 2), Qt.KeyboardModifier.ShiftModifier)
    qtbot.keyClick(window.view, Qt.Key.Key_Delete)
    assert [s.areas for s in _segments(window)] == [[(0, 0)]]
    qtbot.keyClick(window.view, Qt.Key.Key_Delete)
    assert window.document.get(Kind.GRID, "creek") is not None, "a second Delete does not take the grid"
    assert [s.areas for s in _segments(window)] == [[(0, 0)]]
    _paint(qtbot, window, (0, 0), (0, 0))
    qtbot.keyClick(window.view, Qt.Key.Key_Escape)
    assert window.tools["A"].choice.key is None
    assert not window.inspector.segment_page.isVisibleTo(window.inspector)


def test_painting_off_the_grid_does_nothing(qtbot, window):
    _grid(window)
    drag(qtbot, window, (-100, -100), (-50, -50))
    assert all(t.segments == [] for t in window.document.get(Kind.GRID, "creek").tiles)


def test_the_legend_on_the_map_follows_the_ground_and_its_toggle_is_remembered(qtbot, window, tmp_path):
    from PySide6.QtCore import QSettings

    from tabletop.ui.main_window import MainWindow

    _grid(window)
    legend = window.legend
    assert not legend.isVisible(), "hidden until the GM asks for it"
    window.legend_action.trigger()
    assert legend.isVisible() and legend.entries == []
    _paint(qtbot, window, (0, 0), (1, 1))
    window.inspector.segment_page.boxes["cover"].setChecked(True)
    assert legend.entries == ["cover"]
    grid = window.document.get(Kind.GRID, "creek")
    assert legend.sceneBoundingRect().top() >= grid.origin[1] + 15 * grid.area_size, "under the grid, not over it"
    window.document.undo_stack.undo()
    assert legend.entries == []
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    again = MainWindow(settings=settings)
    qtbot.addWidget(again)
    assert again.legend_action.isChecked() and again.legend.isVisible()
