"""Tools keep every edit within the coordinates a map file may hold, so no drag can leave a
map the loader refuses."""

from __future__ import annotations

from PySide6.QtCore import QPointF

from tabletop.model.base import MAX_COORDINATE
from tabletop.samples import warehouse
from tabletop.ui.tools.base import on_map
from tabletop.ui.tools.select import moved_zone


def test_a_zone_dragged_past_the_edge_of_the_world_stops_at_it():
    zone = warehouse().zones[0]
    far = moved_zone(zone, 1e9, -1e9)
    xs = [x for x, _ in far.shape.points]
    ys = [y for _, y in far.shape.points]
    assert max(xs) == MAX_COORDINATE and min(ys) == -MAX_COORDINATE
    assert max(xs) - min(xs) == 200, "the zone keeps its shape"


def test_a_point_drawn_past_the_edge_is_held_at_it(qtbot, window):
    window.set_tool("P")
    tool = window.tools["P"]
    assert tool.snap(QPointF(5e8, 12)) == (MAX_COORDINATE, 20.0)
    assert on_map(-1e12, 3) == (-MAX_COORDINATE, 3)
