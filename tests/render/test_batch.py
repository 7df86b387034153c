"""Border lines built as paths in numpy hold exactly what moveTo and lineTo would add, so the
map's pixels do not change; zones too small to see one by one are drawn in runs that look the same."""

from __future__ import annotations

import math

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QImage, QPainter, QPainterPath, QPolygonF

from tabletop.geometry.single.shapes import BorderLine, map_bounds
from tabletop.render import paint as paint_module
from tabletop.render.batch import line_cells, polygon_paths, segment_paths
from tabletop.render.paint import paint_map
from tabletop.render.style import DETAIL_SCALE, gm_style
from tests.maps import zone_map


def _elements(path: QPainterPath) -> list[tuple[int, float, float]]:
    found = (path.elementAt(i) for i in range(path.elementCount()))
    return [(element.type.value, element.x, element.y) for element in found]


def _by_calls(segments) -> QPainterPath:
    path = QPainterPath()
    for x1, y1, x2, y2 in segments:
        path.moveTo(x1, y1)
        path.lineTo(x2, y2)
    return path


def test_paths_hold_what_move_and_line_calls_make(qapp):
    segments = [(0.5, 1.25, 10.0, 1.25), (10.0, 1.25, 10.0, 30.0), (3.0, 3.0, 3.0, 3.0), (-4.0, 2.0, 7.0, -1.5)]
    runs = [(0, 2), (2, 4), (1, 1), (2, 3)]
    paths = segment_paths(np.array(segments), [a for a, _ in runs], [b for _, b in runs])
    for (a, b), path in zip(runs, paths, strict=True):
        made = _by_calls(segments[a:b])
        if made.elementCount() > 1:  # a lone moveTo (a run of one empty segment) strokes nothing either way
            assert _elements(path) == _elements(made)
        else:
            assert path.isEmpty()
    assert paths[1].elementCount() == 2  # the empty segment added nothing
    whole = [segment for segment in segments if segment[:2] != segment[2:]]  # none empty: read as they are
    path = segment_paths(np.array(whole), [0], [len(whole)])[0]
    assert _elements(path) == _elements(_by_calls(whole)) and path.elementCount() == 2 * len(whole)


def test_lines_are_grouped_by_kind_then_square_in_the_given_order(qapp):
    def line(x: float, y: float, shared: bool) -> BorderLine:
        segments = [((x, y), (x + 5.0, y + 1.0)), ((x + 5.0, y + 1.0), (x + 9.0, y))]
        return BorderLine(segments, (x, y), (0.0, 1.0), shared)

    lines = [line(250, 10, True), line(10, 10, False), line(20, 30, True), line(10, 260, True), line(260, 40, True)]
    found = line_cells(lines, 200.0)
    expected = {}
    for shared in (True, False):
        groups: dict[tuple[int, int], list[BorderLine]] = {}
        for item in lines:
            if item.shared is shared:
                groups.setdefault((math.floor(item.anchor[0] / 200), math.floor(item.anchor[1] / 200)), []).append(item)
        expected[shared] = [
            _by_calls([(*a, *b) for item in groups[cell] for a, b in item.segments]) for cell in sorted(groups)
        ]
    assert [kind for kind, _ in found] == [True, False]
    for kind, paths in found:
        assert [_elements(p) for p in paths] == [_elements(p) for p in expected[kind]]
    assert line_cells([], 200.0) == []


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.tuples(st.floats(-100_000, 100_000), st.floats(-100_000, 100_000), st.booleans(), st.integers(1, 3)),
        max_size=40,
    )
)
def test_lines_anywhere_on_the_map_are_grouped_as_sorting_by_kind_square_and_order_would(qapp, drawn):
    lines = [
        BorderLine([((x + k, y), (x + k + 3.0, y - 2.0)) for k in range(count)], (x, y), (0.0, 1.0), shared)
        for x, y, shared, count in drawn
    ]
    found = dict(line_cells(lines, 200.0)) if lines else {}
    for shared in (True, False):
        groups: dict[tuple[int, int], list[BorderLine]] = {}
        for item in lines:
            if item.shared is shared:
                groups.setdefault((math.floor(item.anchor[0] / 200), math.floor(item.anchor[1] / 200)), []).append(item)
        expected = [_by_calls([(*a, *b) for item in groups[cell] for a, b in item.segments]) for cell in sorted(groups)]
        assert [_elements(p) for p in found.get(shared, [])] == [_elements(p) for p in expected]


def test_a_run_of_polygons_is_their_closed_outlines_turned_one_way(qapp):
    square = [(0.0, 0.0), (10.0, 0.0), (10.0, 10.0), (0.0, 10.0)]
    backwards = [(5.0, 5.0), (5.0, 15.0), (15.0, 15.0), (15.0, 5.0)]  # the other way round, overlapping
    triangle = [(20.0, 0.0), (30.0, 0.0), (25.0, 8.0)]
    paths = polygon_paths([square, backwards, triangle], [2, 1])
    made = QPainterPath()
    for points in (square, list(reversed(backwards))):
        made.addPolygon(QPolygonF([QPointF(x, y) for x, y in points]))
        made.closeSubpath()
    assert _elements(paths[0]) == _elements(made)
    assert paths[0].fillRule() == Qt.FillRule.WindingFill
    assert paths[0].contains(QPointF(7.5, 7.5))  # where the two overlap: filled, not a hole
    assert paths[1].contains(QPointF(25.0, 3.0)) and not paths[1].contains(QPointF(7.5, 7.5))


def _image(map_, scale: float) -> QImage:
    left, top, width, height = map_bounds(map_)
    image = QImage(round(width * scale), round(height * scale), QImage.Format.Format_RGB32)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.fillRect(image.rect(), gm_style().paper)
    painter.scale(scale, scale)
    painter.translate(-left, -top)
    paint_map(painter, map_, gm_style())
    painter.end()
    return image


def _pixels(image: QImage) -> np.ndarray:
    rows = np.frombuffer(bytes(image.constBits())[: image.sizeInBytes()], dtype=np.uint8)
    return rows.reshape(image.height(), -1)[:, : image.width() * 4].astype(int)


def test_zones_as_specks_look_as_drawn_one_by_one(qapp, monkeypatch):
    map_ = zone_map(600)
    map_.zones[5] = map_.zones[5].model_copy(update={"hidden": True})  # drawn on its own between two runs
    scale = DETAIL_SCALE * 0.5
    specks = _pixels(_image(map_, scale))
    monkeypatch.setattr(paint_module, "DETAIL_SCALE", 0.0)  # every zone one by one, as above the threshold
    one_by_one = _pixels(_image(map_, scale))
    difference = np.abs(specks - one_by_one)
    assert difference.max() <= 32 and difference.mean() < 1.0


def test_above_the_speck_scale_zones_keep_their_pixels(qapp, monkeypatch):
    map_ = zone_map(60)
    scale = DETAIL_SCALE * 1.01
    kept = _pixels(_image(map_, scale))
    monkeypatch.setattr(paint_module, "DETAIL_SCALE", 0.0)
    assert np.array_equal(kept, _pixels(_image(map_, scale)))
