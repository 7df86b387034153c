"""A poster's plan marks the pieces a line or a disc reaches and no other: a line as wide as
its pen marks every piece it comes within half its width of (and none farther than the
corner of that width), a disc every piece within its radius; a polygon round a whole piece
marks it though no edge crosses it."""

from __future__ import annotations

import math

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from tabletop.render.export.page_ink import page_grid
from tabletop.render.export.poster_plan import poster_pages

coordinate = st.floats(-100, 900)


def _to_rect(px: float, py: float, rect: tuple[float, float, float, float]) -> float:
    left, top, right, bottom = rect
    return math.hypot(max(left - px, 0, px - right), max(top - py, 0, py - bottom))


def _segments_cross(a, b, c, d) -> bool:
    """Whether segments ab and cd meet, touching and lying along each other included."""

    def side(p, q, r):
        return (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])

    def on(p, q, r):  # r, on the line pq, within the segment's box
        return min(p[0], q[0]) <= r[0] <= max(p[0], q[0]) and min(p[1], q[1]) <= r[1] <= max(p[1], q[1])

    d1, d2, d3, d4 = side(c, d, a), side(c, d, b), side(a, b, c), side(a, b, d)
    if ((d1 > 0 > d2) or (d1 < 0 < d2)) and ((d3 > 0 > d4) or (d3 < 0 < d4)):
        return True
    return (
        (d1 == 0 and on(c, d, a)) or (d2 == 0 and on(c, d, b)) or (d3 == 0 and on(a, b, c)) or (d4 == 0 and on(a, b, d))
    )


def _segment_to_rect(x1, y1, x2, y2, rect) -> float:
    """The distance between a segment and a rectangle (0 when they meet)."""
    left, top, right, bottom = rect
    corners = [(left, top), (right, top), (right, bottom), (left, bottom)]
    if _to_rect(x1, y1, rect) == 0 or _to_rect(x2, y2, rect) == 0:
        return 0.0
    if any(_segments_cross((x1, y1), (x2, y2), corners[k], corners[(k + 1) % 4]) for k in range(4)):
        return 0.0
    best = min(_to_rect(x1, y1, rect), _to_rect(x2, y2, rect))
    dx, dy = x2 - x1, y2 - y1
    length2 = dx * dx + dy * dy
    for cx, cy in corners:
        t = 0.0 if length2 == 0 else min(1.0, max(0.0, ((cx - x1) * dx + (cy - y1) * dy) / length2))
        best = min(best, math.hypot(x1 + t * dx - cx, y1 + t * dy - cy))
    return best


def _rects(pages):
    return {(p.row, p.col): (p.x, p.y, p.x + p.width, p.y + p.height) for p in pages}


@given(
    ends=st.tuples(coordinate, coordinate, coordinate, coordinate),
    pad=st.floats(0.1, 20),
    size=st.tuples(st.floats(200, 800), st.floats(200, 800)),
)
def test_a_line_marks_the_pages_within_half_its_width(ends, pad, size):
    pages = poster_pages(*size, "a4", False, 10.0)
    grid = page_grid(pages)
    grid.mark_segments(np.array([ends], dtype=np.float64), np.array([pad]))
    for (row, col), rect in _rects(pages).items():
        distance = _segment_to_rect(*ends, rect)
        if distance <= pad * 0.999:
            assert grid.inked[row, col], f"the line comes within {distance:.3f} of piece {row},{col}"
        if distance > pad * math.sqrt(2) * 1.001:
            assert not grid.inked[row, col], f"the line is {distance:.3f} from piece {row},{col}"


@given(
    centre=st.tuples(coordinate, coordinate),
    radius=st.floats(0.5, 300),
    size=st.tuples(st.floats(200, 800), st.floats(200, 800)),
)
def test_a_disc_marks_the_pages_within_its_radius(centre, radius, size):
    pages = poster_pages(*size, "a4", False, 10.0)
    grid = page_grid(pages)
    grid.mark_discs(np.array([(*centre, radius)]))
    for (row, col), rect in _rects(pages).items():
        distance = _to_rect(*centre, rect)
        assert grid.inked[row, col] == (distance <= radius) or abs(distance - radius) < 1e-6, (row, col)


def test_a_polygon_round_a_whole_page_marks_it():
    pages = poster_pages(600, 800, "a4", False, 10.0)
    grid = page_grid(pages)
    xs, ys = np.array([-50.0, 650.0, 650.0, -50.0]), np.array([-50.0, -50.0, 850.0, 850.0])
    edges = np.column_stack((xs, ys, np.roll(xs, -1), np.roll(ys, -1)))
    grid.mark_segments(edges, np.full(4, 0.5))
    assert not grid.inked.any(), "its edges lie off the poster"
    grid.mark_inside(xs, ys)
    assert grid.inked.all()
