"""A placed passage's badge stands at its place on the GM's canvas and in an export; with the
Select tool the GM drags a badge along its border (one undo step, the badge kept on the line),
and the border's right-click menu puts it back at the middle (Badge at the Middle)."""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
from PySide6.QtCore import QPoint
from PySide6.QtGui import QContextMenuEvent
from PySide6.QtWidgets import QApplication

from tabletop.io import load_map
from tabletop.model.kinds import Kind
from tabletop.render.export import ExportOptions, prepare
from tabletop.render.export.files import picture_image
from tests.render.test_export_options import pixels
from tests.ui.conftest import at, drag

ROOMS = Path(__file__).resolve().parents[1] / "io" / "formats" / "v10.tabletop"
"""The hall and the office, the wall between them x = 240 from y = 0 to 200, its door at (240, 40)."""


def _rooms():
    map_ = load_map(ROOMS)
    return map_.model_copy(update={"tokens": [], "grids": [], "tile_sets": [], "conflict": None})


def _ready(window):
    window.document.replace_map(_rooms(), None)
    window.later.finish()
    window.view.fit_map()


def _badge_centre(window) -> tuple[float, float]:
    left, top, right, bottom = window.scene.arrangement.badge("wall").box
    return ((left + right) / 2, (top + bottom) / 2)


def _place(window):
    return window.document.get(Kind.BORDER, "wall").place


def test_the_badge_stands_at_the_door_on_the_canvas(qtbot, window):
    _ready(window)
    assert math.dist(_badge_centre(window), (240.0, 40.0)) <= 1.0


def test_the_badge_stands_at_the_door_in_an_export(qapp):
    map_ = _rooms()
    with_badges = prepare(map_, ExportOptions(), whole=True)
    without = prepare(map_, ExportOptions(badges=False), whole=True)
    differ = np.abs(pixels(picture_image(with_badges)).astype(int) - pixels(picture_image(without)).astype(int))
    ys, xs = np.nonzero(differ.max(axis=2) > 40)
    assert len(xs), "the badge is painted"
    scale, (fx, fy, _, _) = with_badges.px_per_unit, with_badges.frame
    centre = (fx + (xs.min() + xs.max() + 1) / 2 / scale, fy + (ys.min() + ys.max() + 1) / 2 / scale)
    assert math.dist(centre, (240.0, 40.0)) <= 1.0, f"the badge's pixels centre on {centre}"


def test_dragging_the_badge_moves_it_along_the_wall_in_one_undo_step(qtbot, window):
    _ready(window)
    stack = window.document.undo_stack
    steps = stack.index()
    drag(qtbot, window, _badge_centre(window), (262.0, 150.0), steps=8)
    place = _place(window)
    assert place is not None and abs(place[0] - 240.0) < 1e-6, "kept on the wall, whatever the cursor's x"
    assert abs(place[1] - 150.0) <= 2.0
    qtbot.waitUntil(lambda: math.dist(_badge_centre(window), place) <= 1.0)
    assert stack.index() == steps + 1, "the whole drag is one undo step"
    assert stack.text(stack.index() - 1).startswith("Move Badge")
    stack.undo()
    assert _place(window) == (240.0, 40.0)
    qtbot.waitUntil(lambda: math.dist(_badge_centre(window), (240.0, 40.0)) <= 1.0)


def test_a_press_on_the_bare_line_moves_no_badge(qtbot, window):
    _ready(window)
    steps = window.document.undo_stack.index()
    drag(qtbot, window, (240.0, 120.0), (240.0, 180.0))
    assert _place(window) == (240.0, 40.0) and window.document.undo_stack.index() == steps


def test_badge_at_the_middle_puts_it_back_in_one_undo_step(qtbot, window):
    _ready(window)
    viewport = window.view.viewport()
    where: QPoint = at(window, *_badge_centre(window))
    QApplication.sendEvent(
        viewport, QContextMenuEvent(QContextMenuEvent.Reason.Mouse, where, viewport.mapToGlobal(where))
    )
    menu = window.later.part("handouts").zone_menu.doors.menu
    assert menu is not None and menu.isVisible()
    entries = [act.text() for act in menu.actions() if not act.isSeparator()]
    assert entries[-1] == "Badge at the Middle" and "Open Door" in entries
    steps = window.document.undo_stack.index()
    next(act for act in menu.actions() if act.text() == "Badge at the Middle").trigger()
    menu.close()
    assert _place(window) is None and window.document.undo_stack.index() == steps + 1
    qtbot.waitUntil(lambda: math.dist(_badge_centre(window), (240.0, 100.0)) <= 1.0)
