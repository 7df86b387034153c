"""The shoelace area every polygon zone is checked against: the same bits as the textbook sum,
so a polygon at the smallest-area limit is judged as it always was."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tabletop.model.zones import polygon_area

coordinate = st.floats(min_value=-1e5, max_value=1e5, allow_nan=False)


@given(st.lists(st.tuples(coordinate, coordinate), min_size=3, max_size=12))
def test_polygon_area_is_the_shoelace_sum_in_its_order(points):
    total = 0.0
    for (x1, y1), (x2, y2) in zip(points, points[1:] + points[:1], strict=True):
        total += x1 * y2 - x2 * y1
    assert polygon_area(points) == abs(total) / 2
