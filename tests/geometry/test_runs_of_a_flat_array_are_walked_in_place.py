"""The helpers both geometry halves walk runs with (polygons, lines, labels stored end to end)
give, for any counts, empty runs included, what a walk run by run gives."""

from __future__ import annotations

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from tabletop.geometry.single.runs import following, run_starts, within

COUNTS = st.lists(st.integers(min_value=0, max_value=7), max_size=12).map(lambda c: np.array(c, dtype=np.int64))


@given(COUNTS)
def test_each_item_knows_its_place_in_its_run_and_each_run_its_start(counts):
    places, starts, start = [], [], 0
    for count in counts.tolist():
        starts.append(start)
        places.extend(range(count))
        start += count
    assert within(counts).tolist() == places
    assert run_starts(counts).tolist() == starts


@given(COUNTS.map(lambda c: c[c > 0]))
def test_each_point_of_a_polygon_is_followed_by_the_next_and_the_last_by_the_first(counts):
    after, start = [], 0
    for count in counts.tolist():
        after.extend([*range(start + 1, start + count), start])
        start += count
    assert following(counts).tolist() == after
