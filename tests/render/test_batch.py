"""Border lines built as paths in numpy hold exactly what moveTo and lineTo would add, so the
map's pixels do not change."""

from __future__ import annotations

import math

import numpy as np
from PySide6.QtGui import QPainterPath

from tabletop.geometry.shapes import BorderLine
from tabletop.render.batch import line_cells, segment_paths


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
