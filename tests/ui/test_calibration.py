"""Physical scale: a ruler's length dragged out on the players' window gives that screen's
pixels per millimetre, kept by screen name; locking the scale then makes one grid area the
chosen size on the glass, whatever view the GM pushes."""

from __future__ import annotations

import pytest
import shiboken6
from PySide6.QtCore import QPoint, QPointF, Qt

from tabletop.document.commands.edits import EditObject
from tabletop.model import EncounterGrid, Tile
from tabletop.samples import warehouse
from tabletop.ui.player.calibration import PPMM_KEY
from tests.ui.test_fog import _open_players


def _drag_mark(qtbot, marks, index: int, to: QPoint) -> None:
    start = marks.ends[index].toPoint()
    qtbot.mousePress(marks, Qt.MouseButton.LeftButton, pos=start)
    for k in range(1, 5):
        qtbot.mouseMove(marks, pos=start + (to - start) * (k / 4))
    qtbot.mouseRelease(marks, Qt.MouseButton.LeftButton, pos=to)


def _calibrate(qtbot, window, pixels: int, mm: float):
    dialog = window.physical_scale.calibrate()
    marks = dialog.marks
    assert marks.isVisible() and marks.parent() is window.players.player.view.viewport()
    _drag_mark(qtbot, marks, 0, QPoint(150, 270))
    _drag_mark(qtbot, marks, 1, QPoint(150 + pixels, 270))
    assert marks.pixels == pytest.approx(pixels, abs=1)
    dialog.length.setValue(mm)
    dialog.accept()
    return dialog


def _with_grid(area_size: float):
    grid = EncounterGrid(id="g", tiles=[Tile(row=0, col=0)], origin=(0, 400), area_size=area_size)
    return warehouse().model_copy(update={"grids": [grid]})


def test_a_300_mm_ruler_dragged_over_600_pixels_locks_an_area_to_an_inch(qtbot, window):
    player = _open_players(qtbot, window, _with_grid(40))
    dialog = _calibrate(qtbot, window, 600, 300)
    screen = player.screen().name()
    assert float(window.settings.value(PPMM_KEY + screen)) == pytest.approx(2.0, rel=1e-3)
    qtbot.waitUntil(lambda: not shiboken6.isValid(dialog.marks))  # the marks leave the players' window
    window.physical_scale.lock_action.setChecked(True)
    view = player.view
    area = view.mapFromScene(QPointF(40, 400)).x() - view.mapFromScene(QPointF(0, 400)).x()
    assert view.transform().m11() == pytest.approx(2.0 * 25.4 / 40, rel=1e-3)
    assert area == pytest.approx(2.0 * 25.4, abs=1.0), "one area is 25.4 mm at 2 px per mm"
    window.view.fit_map()
    window.players.push_view()  # the GM's view moves the players' view, not its zoom
    assert view.transform().m11() == pytest.approx(2.0 * 25.4 / 40, rel=1e-3)
    window.physical_scale.lock_action.setChecked(False)
    assert view.transform().m11() != pytest.approx(2.0 * 25.4 / 40, rel=1e-3)
    player.close()


def test_a_chosen_area_size_and_a_zone_maps_units_per_inch(qtbot, window):
    player = _open_players(qtbot, window, _with_grid(50))
    dialog = window.physical_scale.calibrate()
    dialog.marks.move_end(0, QPointF(100, 100))
    dialog.marks.move_end(1, QPointF(100, 500))  # 400 px for 100 mm: 4 px per mm
    dialog.length.setValue(100)
    dialog.area.setValue(30)
    dialog.units.setValue(127)
    dialog.accept()
    window.physical_scale.lock_action.setChecked(True)
    assert player.view.transform().m11() == pytest.approx(4 * 30 / 50, rel=1e-3)
    window.document.replace_map(warehouse(), None)  # no grid: a zone map's inch is 127 map units
    assert player.view.transform().m11() == pytest.approx(4 * 25.4 / 127, rel=1e-3)
    player.close()


def test_marks_too_close_are_not_taken(qtbot, window):
    _open_players(qtbot, window, warehouse())
    dialog = window.physical_scale.calibrate()
    dialog.marks.move_end(1, dialog.marks.ends[0] + QPointF(5, 0))
    dialog.accept()
    assert dialog.isVisible() and "too close" in dialog.measured.text()
    assert not [k for k in window.settings.allKeys() if k.startswith("player/ppmm")]
    dialog.reject()


def test_the_locked_scale_follows_a_new_area_size_of_the_grid(qtbot, window):
    player = _open_players(qtbot, window, _with_grid(40))
    _calibrate(qtbot, window, 600, 300)  # 2 px per mm
    window.physical_scale.lock_action.setChecked(True)
    assert player.view.transform().m11() == pytest.approx(2.0 * 25.4 / 40, rel=1e-3)
    grid = window.document.get("grid", "g")
    window.document.undo_stack.push(EditObject(window.document, "grid", grid.model_copy(update={"area_size": 80.0})))
    assert player.view.transform().m11() == pytest.approx(2.0 * 25.4 / 80, rel=1e-3), "an area stays an inch"
    window.document.undo_stack.undo()
    assert player.view.transform().m11() == pytest.approx(2.0 * 25.4 / 40, rel=1e-3)
    player.close()
