"""Where a drawn point lands: on a corner near it, on the lattice while Snap to Lattice is on,
exactly under the cursor with Ctrl held or the lattice off; the lattice's dots show while a
tool that places points is chosen."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QSettings, Qt
from PySide6.QtGui import QImage, QPainter

from tabletop.model import Map
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
