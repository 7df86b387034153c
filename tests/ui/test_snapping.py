"""Where a drawn point lands: on a corner near it, on the lattice while Snap to Lattice is on,
exactly under the cursor with Ctrl held or the lattice off; the lattice's dots show while a
tool that places points is chosen."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF, QSettings, Qt
from PySide6.QtGui import QImage, QPainter

from tabletop.document.commands import SetLatticeStep
from tabletop.model import Map, PolygonShape, Zone
from tabletop.samples import room_with_door
from tabletop.ui.tools.snapping import SNAP_KEY, Snapping

CTRL = Qt.KeyboardModifier.ControlModifier


def _ready(window, map_=None):
    window.document.replace_map(map_ or Map(), None)
    window.view.resetTransform()
    window.view.scale(2.0, 2.0)
    window.view.centerOn(QPointF(100, 100))
    window.set_tool("P")


def _click(qtbot, window, x, y, keys=Qt.KeyboardModifier.NoModifier):
    """A click at map point (x, y); returns the map point the view read from it."""
    at = window.view.mapFromScene(QPointF(x, y))
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton, keys, at)
    seen = window.view.mapToScene(at)
    return (seen.x(), seen.y())


def _drawn(qtbot, window, points, keys=Qt.KeyboardModifier.NoModifier):
    clicked = [_click(qtbot, window, x, y, keys) for x, y in points]
    qtbot.keyClick(window.view, Qt.Key.Key_Return)
    return clicked, list(window.document.map.zones[-1].shape.points)


def test_points_land_on_the_lattice_while_it_is_on(qtbot, window):
    _ready(window)
    step = window.view.snapping.step
    _, points = _drawn(qtbot, window, [(13, 27), (93, 31), (88, 104)])
    assert all(x % step == 0 and y % step == 0 for x, y in points)
    assert points == [(20.0, 20.0), (100.0, 40.0), (80.0, 100.0)]


def test_ctrl_places_a_point_exactly_where_the_cursor_is(qtbot, window):
    _ready(window)
    clicked, points = _drawn(qtbot, window, [(13.3, 27.6), (93.1, 31.2), (88.7, 104.4)], CTRL)
    assert points == clicked
    assert any(x % window.view.snapping.step for x, _ in points), "off the lattice"


def test_with_the_lattice_off_points_are_exact_but_still_take_a_corner_near_them(qtbot, window):
    _ready(window, room_with_door())
    window.snap_action.trigger()
    assert not window.view.snapping.lattice and not window.snap_action.isChecked()
    clicked, points = _drawn(qtbot, window, [(241.5, 1.0), (300.3, -60.2), (180.6, -70.9)])
    assert points[0] == (240.0, 0.0), "a corner of the hall and the office, a few pixels away"
    assert points[1:] == clicked[1:]


def test_the_toggle_is_kept_between_sessions(qtbot, window, tmp_path):
    window.snap_action.trigger()
    assert window.settings.value(SNAP_KEY, type=bool) is False
    assert not Snapping(window.settings).lattice
    assert Snapping(QSettings(str(tmp_path / "fresh.ini"), QSettings.Format.IniFormat)).lattice


def _frame(window) -> QImage:
    image = QImage(window.view.viewport().size(), QImage.Format.Format_ARGB32)
    painter = QPainter(image)
    window.view.render(painter)
    painter.end()
    return image


def test_the_lattice_shows_while_drawing_and_only_then(qtbot, window):
    _ready(window)
    drawing = _frame(window)
    window.set_tool("S")
    selecting = _frame(window)
    window.set_tool("P")
    window.snap_action.trigger()
    lattice_off = _frame(window)
    assert drawing != selecting and selecting == lattice_off


def test_a_point_near_a_wall_lands_on_it_and_the_rooms_join(qtbot, window):
    """A corridor's corner clicked a pixel off the middle of the hall's wall lies on the wall,
    so Join Touching Zones finds the two share an edge."""
    _ready(window, room_with_door())
    window.snap_action.trigger()  # tracing: no lattice
    _, points = _drawn(qtbot, window, [(100.6, 200.7), (160.3, 199.4), (160.0, 260.0), (100.0, 260.0)])
    assert points[0][1] == 200.0 and points[1][1] == 200.0, "on the hall's south wall"
    window.join_touching()
    corridor = window.document.map.zones[-1].id
    assert any({b.a, b.b} == {"hall", corridor} for b in window.document.map.borders)


@pytest.mark.parametrize("steps", [3, 4, 5, 6])
def test_a_dragged_corner_takes_a_neighbours_corner_however_many_moves_the_drag_has(qtbot, window, steps):
    """The corner being dragged is left out of the snap by which it is, not where it is: once it
    sits on the neighbour's corner, the next move keeps it there."""
    map_ = room_with_door()
    moved = PolygonShape(points=[(260.0, 0.0), (440.0, 0.0), (440.0, 200.0), (260.0, 200.0)])
    office = map_.zones[1].model_copy(update={"shape": moved})
    window.document.replace_map(map_.model_copy(update={"zones": [map_.zones[0], office]}), None)
    window.view.resetTransform()
    window.view.scale(2.0, 2.0)
    window.view.centerOn(QPointF(240, 100))
    window.document.select([("zone", "office")])
    window.set_tool("V")
    window.snap_action.trigger()  # no lattice to round a near miss onto the corner
    viewport, at = window.view.viewport(), window.view.mapFromScene
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=at(QPointF(260.0, 0.0)))
    for k in range(steps):  # every move within a few pixels of the hall's corner (240, 0)
        qtbot.mouseMove(viewport, at(QPointF(242.0 - 0.3 * k, 1.0)))
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=at(QPointF(242.0 - 0.3 * steps, 1.0)))
    assert window.document.get("zone", "office").shape.points[0] == (240.0, 0.0)


def test_a_corner_against_a_wall_on_the_lattice_takes_the_lattice_point_on_that_wall(qtbot, window):
    """A room laid out on the lattice under the hall: its corner clicked near the hall's south
    wall, a little off a lattice point, lands on the lattice point on the wall (not where the
    cursor meets the wall), so the walls of a T-junction stay on the lattice."""
    _ready(window, room_with_door())
    window.document.undo_stack.push(SetLatticeStep(window.document, 40))
    _, points = _drawn(qtbot, window, [(158.9, 201.1), (240.0, 200.0), (240.0, 280.0), (160.0, 280.0)])
    assert points[0] == (160.0, 200.0), "on the lattice and on the hall's wall"


def test_a_corner_against_a_wall_off_the_lattice_lands_on_the_wall(qtbot, window):
    """Where the wall runs between lattice lines, the point stays on the wall under the cursor."""
    map_ = Map(zones=[Zone(id="hall", shape=PolygonShape(points=[(0, 0), (240, 0), (240, 205), (0, 205)]))])
    _ready(window, map_)
    window.document.undo_stack.push(SetLatticeStep(window.document, 40))
    _, points = _drawn(qtbot, window, [(158.9, 206.1), (240.0, 205.0), (240.0, 280.0), (160.0, 280.0)])
    assert points[0][1] == pytest.approx(205.0) and points[0][0] == pytest.approx(158.9, abs=0.5)
