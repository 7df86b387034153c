"""Paste with the cursor off the map: the status line says what came (borders too), the piece
lands one lattice step across and down from its originals, each paste again one step past the
copy before (never on top of it), and the view follows it when it lands out of sight. With the
cursor on the map, it lands there."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QPointF

from tabletop.model import Map
from tabletop.samples import warehouse


@pytest.fixture(autouse=True)
def mouse_off_the_map(qtbot, window):
    qtbot.mouseMove(window, QPoint(-200, -200))


def _copy_two_rooms_and_a_token(window) -> Map:
    map_ = warehouse()
    window.document.replace_map(warehouse(), None)
    window.document.select([("zone", "z1"), ("zone", "z2"), ("token", map_.tokens[0].id)])
    window.clipboard_actions[1].trigger()
    return map_


def _new_zones(window, before: set[str]):
    return [z for z in window.document.map.zones if z.id not in before]


def _ids(map_: Map) -> set[str]:
    return {z.id for z in map_.zones}


def test_the_status_line_says_what_was_pasted(qtbot, window):
    _copy_two_rooms_and_a_token(window)
    window.clipboard_actions[2].trigger()
    assert window.statusBar().currentMessage() == "Pasted 2 zones, 1 border, 1 token"
    window.document.select([("zone", "z3")])
    window.clipboard_actions[3].trigger()
    assert window.statusBar().currentMessage() == "Duplicated 1 zone"


def test_each_paste_lands_one_step_past_the_copy_before(qtbot, window):
    map_ = _copy_two_rooms_and_a_token(window)
    step = window.view.snapping.step
    first = map_.zones[0].shape.points[0]
    corners = []
    for _ in range(3):
        before = _ids(window.document.map)
        window.clipboard_actions[2].trigger()
        corners.append(_new_zones(window, before)[0].shape.points[0])
    assert corners == [(first[0] + k * step, first[1] + k * step) for k in (1, 2, 3)]


def test_a_step_is_the_maps_own(qtbot, window):
    map_ = warehouse().model_copy(update={"lattice_step": 7.5})
    window.document.replace_map(map_.model_copy(deep=True), None)
    window.document.select([("zone", "z3")])
    window.clipboard_actions[1].trigger()
    window.clipboard_actions[2].trigger()
    x, y = map_.zones[2].shape.points[0]
    assert _new_zones(window, _ids(map_))[0].shape.points[0] == (x + 7.5, y + 7.5)


def test_what_was_cut_is_pasted_back_where_it_was(qtbot, window):
    map_ = warehouse()
    window.document.replace_map(warehouse(), None)
    window.document.select([("zone", "z3")])
    window.clipboard_actions[0].trigger()
    window.clipboard_actions[2].trigger()
    assert window.document.map.zones[-1].shape == map_.zones[2].shape


def test_a_piece_landing_out_of_sight_is_brought_into_it(qtbot, window):
    _copy_two_rooms_and_a_token(window)
    view = window.view
    view.resetTransform()
    view.scale(4.0, 4.0)
    view.centerOn(QPointF(5000, 5000))  # far off, where nothing is
    before = _ids(window.document.map)
    window.clipboard_actions[2].trigger()
    seen = view.mapToScene(view.viewport().rect()).boundingRect()
    for zone in _new_zones(window, before):
        for x, y in zone.shape.points:
            assert seen.contains(QPointF(x, y)), (zone.id, x, y)


def test_with_the_cursor_on_the_map_it_lands_there(qtbot, window):
    map_ = _copy_two_rooms_and_a_token(window)
    window.clipboard.paste(at=QPointF(1000, 1000))
    xs = [x for z in _new_zones(window, _ids(map_)) for x, _ in z.shape.points]
    ys = [y for z in _new_zones(window, _ids(map_)) for _, y in z.shape.points]
    assert abs((min(xs) + max(xs)) / 2 - 1000) <= window.view.snapping.step
    assert abs((min(ys) + max(ys)) / 2 - 1000) <= window.view.snapping.step
