"""Snap to Background Corners (Edit menu, off at first, kept between sessions): a point drawn
near a corner of the background picture takes that corner, as it takes a room's corner; the
nearer of the two wins, and Ctrl still places a point exactly."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF, QSettings, Qt
from PySide6.QtGui import QColor, QImage

from tabletop.document.commands import SetBackground
from tabletop.io import save_map
from tabletop.model import Background
from tabletop.samples import room_with_door
from tabletop.ui.tools.snapping import CORNERS_KEY, Snapping
from tests.ui.conftest import at

PICTURE = Background(path="plan.png", x=-53.3, y=-47.7, scale=0.5)
"""A 400 x 300 pixel plan lying 200 x 150 map units from (-53.3, -47.7): its corners are off
the lattice, (-53.3, -47.7) to (146.7, 102.3)."""


@pytest.fixture
def traced(qtbot, window, tmp_path):
    plan = QImage(400, 300, QImage.Format.Format_RGB32)
    plan.fill(QColor("#ddccaa"))
    assert plan.save(str(tmp_path / "plan.png"))
    map_ = room_with_door().model_copy(update={"background": PICTURE})
    save_map(map_, tmp_path / "keep.tabletop")
    window.document.replace_map(map_, tmp_path / "keep.tabletop")
    qtbot.waitUntil(lambda: not window.scene.background.boundingRect().isEmpty())
    window.view.resetTransform()
    window.view.scale(2.0, 2.0)
    window.view.centerOn(QPointF(50, 30))
    window.set_tool("P")
    return window


def _drawn(qtbot, window, points, keys=Qt.KeyboardModifier.NoModifier):
    for x, y in points:
        qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton, keys, at(window, x, y))
    qtbot.keyClick(window.view, Qt.Key.Key_Return)
    return list(window.document.map.zones[-1].shape.points)


def test_off_at_first_points_near_a_picture_corner_go_to_the_lattice(qtbot, traced):
    assert not traced.corners_action.isChecked() and not traced.view.snapping.corners
    points = _drawn(qtbot, traced, [(-51.0, -46.0), (100.0, -60.0), (145.0, 100.0)])
    assert points == [(-60.0, -40.0), (100.0, -60.0), (140.0, 100.0)]


def test_on_points_near_a_picture_corner_take_it(qtbot, traced):
    traced.corners_action.trigger()
    assert traced.view.snapping.corners
    points = _drawn(qtbot, traced, [(-51.0, -46.0), (100.0, -60.0), (145.0, 100.0)])
    assert points == [(-53.3, -47.7), (100.0, -60.0), (146.7, 102.3)]


def test_a_rooms_corner_nearer_than_the_pictures_wins(qtbot, traced):
    traced.corners_action.trigger()
    traced.document.undo_stack.push(SetBackground(traced.document, PICTURE.model_copy(update={"x": -2.5, "y": -2.0})))
    points = _drawn(qtbot, traced, [(0.5, 0.5), (100.0, -60.0), (-3.0, -60.0)])
    assert points[0] == (0.0, 0.0), "the hall's corner, nearer than the picture's (-2.5, -2)"
    points = _drawn(qtbot, traced, [(-2.8, -2.6), (100.0, -80.0), (-3.0, -80.0)])
    assert points[0] == (-2.5, -2.0), "the picture's corner, nearer than the hall's"


def test_ctrl_places_a_point_exactly_even_beside_a_picture_corner(qtbot, traced):
    traced.corners_action.trigger()
    points = _drawn(
        qtbot, traced, [(-51.0, -46.0), (100.0, -60.0), (145.0, 100.0)], Qt.KeyboardModifier.ControlModifier
    )
    assert points[0] != (-53.3, -47.7) and points[0] != (-60.0, -40.0)
    assert points[0] == pytest.approx((-51.0, -46.0), abs=0.5)


def test_the_choice_is_kept_between_sessions(qtbot, traced, tmp_path):
    traced.corners_action.trigger()
    assert traced.settings.value(CORNERS_KEY, type=bool) is True
    assert Snapping(traced.settings).corners
    assert not Snapping(QSettings(str(tmp_path / "fresh.ini"), QSettings.Format.IniFormat)).corners
    traced.corners_action.trigger()
    assert traced.settings.value(CORNERS_KEY, type=bool) is False
