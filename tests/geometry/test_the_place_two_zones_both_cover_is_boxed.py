"""The box around the place two zones both cover, which Check Map marks: the overlap of two
rectangles is their common rectangle, a corner pushed a sliver into a neighbour is boxed round
the sliver, and zones that only touch, or a node, have none."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.geometry.whole.overlaps import overlap_box
from tabletop.model import NodeShape, Zone
from tests.geometry.test_overlapping_zones import HALL, OFFICE, _room, _zone


def test_rooms_that_only_touch_or_a_node_have_no_common_place():
    assert overlap_box(HALL, OFFICE) is None
    assert overlap_box(HALL, _room("yard", 240, 200, 400, 300)) is None, "a corner only"
    assert overlap_box(HALL, Zone(id="well", shape=NodeShape(x=100, y=100))) is None


def test_a_corner_pushed_a_sliver_into_the_room_beside_is_boxed_round_the_sliver():
    pushed = _zone("hall", [(0, 0), (240, 0), (240.01, 200), (0, 200)])
    assert overlap_box(pushed, OFFICE) == (240.0, 0.0, 240.01, 200.0)
    assert overlap_box(OFFICE, pushed) == (240.0, 0.0, 240.01, 200.0)


def test_a_triangle_across_a_wall_is_boxed_where_it_reaches_in():
    tent = _zone("tent", [(200, 50), (300, 100), (200, 150)])
    assert overlap_box(tent, HALL) == (200.0, 50.0, 240.0, 150.0)


@settings(max_examples=80, deadline=None)
@given(
    st.lists(st.integers(0, 40), min_size=4, max_size=4),
    st.lists(st.integers(0, 40), min_size=4, max_size=4),
)
def test_two_rectangles_overlap_in_their_common_rectangle(one, other):
    a = (min(one[0], one[1]), min(one[2], one[3]), max(one[0], one[1]) + 1, max(one[2], one[3]) + 1)
    b = (min(other[0], other[1]), min(other[2], other[3]), max(other[0], other[1]) + 1, max(other[2], other[3]) + 1)
    common = (max(a[0], b[0]), max(a[1], b[1]), min(a[2], b[2]), min(a[3], b[3]))
    found = overlap_box(_room("a", *(10.0 * v for v in a)), _room("b", *(10.0 * v for v in b)))
    if common[0] < common[2] and common[1] < common[3]:
        assert found == pytest.approx(tuple(10.0 * v for v in common), abs=1e-9)  # crossings, worked out
    else:
        assert found is None
